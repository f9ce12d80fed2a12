/* The chase buffer: one cycle through every line, normal-float values that
 * survive adding zero, evenly spaced starts, walks that compose. */
#include "testutil.h"
#include "bench/chase.h"

#include <stdlib.h>
#include <string.h>

static lm_chase *make(size_t lines, unsigned width)
{
	lm_chase *c;
	ck_assert_int_eq(lm_chase_alloc(lines, width, 1, 42, &c), LM_OK);
	return c;
}

START_TEST(one_cycle_through_every_line)
{
	const size_t lines = 10007;
	const unsigned width = 8;
	lm_chase *c = make(lines, width);
	const uint32_t *w = lm_chase_words(c);
	char *seen = calloc(lines, 1);
	uint32_t v = LM_CHASE_OFFSET + 3; /* lane 3 of line 0 */
	for (size_t i = 0; i < lines; i++) {
		uint32_t idx = v - LM_CHASE_OFFSET;
		ck_assert_uint_eq(idx % width, 3); /* a lane stays in its word */
		ck_assert_msg(!seen[idx / width], "line %u visited twice after %zu steps", idx / width, i);
		seen[idx / width] = 1;
		v = w[idx];
	}
	ck_assert_uint_eq(v, LM_CHASE_OFFSET + 3); /* back where it started */
	for (size_t i = 0; i < lines; i++)
		ck_assert(seen[i]);
	free(seen);
	lm_chase_free(c);
}
END_TEST

START_TEST(values_are_normal_floats_that_keep_their_value_plus_zero)
{
	lm_chase *c = make(4099, 32);
	const uint32_t *w = lm_chase_words(c);
	volatile float zero = 0.0f;
	for (size_t i = 0; i < 4099 * 32; i++) {
		float f;
		memcpy(&f, &w[i], sizeof f);
		ck_assert(isnormal(f));
		float g = f + zero;
		uint32_t back;
		memcpy(&back, &g, sizeof back);
		ck_assert_uint_eq(back, w[i]);
	}
	lm_chase_free(c);
}
END_TEST

START_TEST(starts_are_evenly_spaced)
{
	const size_t lines = 1000;
	lm_chase *c = make(lines, 4);
	for (size_t cursor = 0; cursor < 3000; cursor += 777) {
		for (size_t k = 0; k < 8; k++) {
			uint32_t v = lm_chase_start(c, cursor, k, 8, 1);
			ck_assert_uint_eq((v - LM_CHASE_OFFSET) % 4, 1);
			ck_assert_uint_eq(lm_chase_position(c, v), (cursor + k * 125) % lines);
		}
	}
	/* more warps than lines: still spread over the whole cycle */
	uint32_t last = lm_chase_start(c, 0, 2999, 3000, 0);
	ck_assert_uint_eq(lm_chase_position(c, last), 999);
	lm_chase_free(c);
}
END_TEST

START_TEST(walks_continue_across_launches)
{
	lm_chase *c = make(5003, 16);
	const uint32_t *w = lm_chase_words(c);
	uint32_t v = lm_chase_start(c, 17, 3, 7, 5);
	uint32_t by_words = v;
	for (int i = 0; i < 12345; i++)
		by_words = w[by_words - LM_CHASE_OFFSET];
	ck_assert_uint_eq(lm_chase_walk(c, v, 12345), by_words);
	ck_assert_uint_eq(lm_chase_walk(c, lm_chase_walk(c, v, 10000), 2345), by_words);
	ck_assert_uint_eq(lm_chase_walk(c, v, 5003ull * 1000000), v); /* whole turns */
	lm_chase_free(c);
}
END_TEST

START_TEST(byte_offsets_walk_like_words)
{
	lm_chase *w, *b;
	ck_assert_int_eq(lm_chase_alloc(97, 8, 1, 5, &w), LM_OK);
	ck_assert_int_eq(lm_chase_alloc(97, 8, 4, 5, &b), LM_OK);
	for (size_t i = 0; i < 97 * 8; i++)
		ck_assert_uint_eq(lm_chase_words(b)[i] - LM_CHASE_OFFSET,
				  4 * (lm_chase_words(w)[i] - LM_CHASE_OFFSET));
	uint32_t v = lm_chase_start(b, 3, 1, 4, 6);
	ck_assert_uint_eq(v - LM_CHASE_OFFSET, 4 * (lm_chase_start(w, 3, 1, 4, 6) - LM_CHASE_OFFSET));
	ck_assert_uint_eq(lm_chase_walk(b, v, 1000) - LM_CHASE_OFFSET,
			  4 * (lm_chase_walk(w, lm_chase_start(w, 3, 1, 4, 6), 1000) - LM_CHASE_OFFSET));
	lm_chase_free(w);
	lm_chase_free(b);
}
END_TEST

/* P is a bijection on [0, n) for every n from 2 to 1100 and around powers
 * of two up to 2^20, under several keys: every value reached once, the
 * inverse exact, and following P(i) -> P(i + 1) visits every line once. */
static void check_perm(size_t n, uint64_t seed)
{
	lm_chase *c;
	ck_assert_int_eq(lm_chase_alloc(n, 1, 1, seed, &c), LM_OK);
	const lm_perm *p = lm_chase_perm(c);
	ck_assert_uint_le(1ull << p->bits, 2 * (uint64_t)n + 2); /* under 2 steps of cycle walking */
	char *seen = calloc(n, 1);
	ck_assert_ptr_nonnull(seen);
	/* plain tests inside the loops: check's assertions each write to a pipe */
	for (size_t i = 0; i < n; i++) {
		lm_u32 line = lm_perm_fwd(p, (lm_u32)i);
		if (line >= n || seen[line] || lm_perm_inv(p, line) != i)
			ck_abort_msg("n %zu seed %llu: P(%zu) = %u: out of range, seen before or not "
				     "inverted (P^-1 gives %u)", n, (unsigned long long)seed, i, line,
				     line < n ? lm_perm_inv(p, line) : 0);
		seen[line] = 1;
	}
	/* the successor map is one cycle: n steps from line 0 come back first at n */
	memset(seen, 0, n);
	lm_u32 line = 0;
	for (size_t i = 0; i < n; i++) {
		if (seen[line])
			ck_abort_msg("n %zu: line %u again after %zu steps", n, line, i);
		seen[line] = 1;
		line = lm_perm_next(p, line);
	}
	ck_assert_uint_eq(line, 0);
	free(seen);
	lm_chase_free(c);
}

START_TEST(the_order_is_one_cycle_for_every_size)
{
	for (size_t n = 2; n <= 1100; n++)
		check_perm(n, n * 7919);
	for (unsigned b = 11; b <= 20; b++)
		for (long d = -3; d <= 3; d++)
			check_perm((size_t)((1l << b) + d), 42 + (uint64_t)b);
	for (uint64_t seed = 0; seed < 20; seed++)
		check_perm(4099, seed);
}
END_TEST

/* Different seeds give different orders, and an order is not the identity
 * nor a stride: neighbours in the cycle land far apart in memory. */
START_TEST(orders_look_random)
{
	lm_chase *a, *b;
	const size_t n = 1u << 16;
	ck_assert_int_eq(lm_chase_alloc(n, 1, 1, 1, &a), LM_OK);
	ck_assert_int_eq(lm_chase_alloc(n, 1, 1, 2, &b), LM_OK);
	size_t same = 0, near = 0;
	for (lm_u32 i = 0; i + 1 < n; i++) {
		lm_u32 x = lm_perm_fwd(lm_chase_perm(a), i), y = lm_perm_fwd(lm_chase_perm(a), i + 1);
		same += x == lm_perm_fwd(lm_chase_perm(b), i);
		near += (x > y ? x - y : y - x) < 64; /* within 64 lines: 1/512 by chance */
	}
	ck_assert_uint_lt(same, 16);
	ck_assert_uint_lt(near, 3 * n / 512 + 16);
	lm_chase_free(a);
	lm_chase_free(b);
}
END_TEST

START_TEST(bad_sizes_refused)
{
	lm_chase *c = NULL;
	ck_assert_int_eq(lm_chase_alloc(1, 32, 1, 1, &c), LM_EUSAGE);
	ck_assert_int_eq(lm_chase_alloc(LM_CHASE_MAX_WORDS, 32, 1, 1, &c), LM_EUSAGE);
	ck_assert_ptr_null(c);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("chase");
	TCase *tc = tcase_create("buffer");
	tcase_add_test(tc, one_cycle_through_every_line);
	tcase_add_test(tc, values_are_normal_floats_that_keep_their_value_plus_zero);
	tcase_add_test(tc, starts_are_evenly_spaced);
	tcase_add_test(tc, walks_continue_across_launches);
	tcase_add_test(tc, byte_offsets_walk_like_words);
	tcase_add_test(tc, bad_sizes_refused);
	tcase_add_test(tc, the_order_is_one_cycle_for_every_size);
	tcase_add_test(tc, orders_look_random);
	suite_add_tcase(s, tc);
	return lm_test_run(s);
}
