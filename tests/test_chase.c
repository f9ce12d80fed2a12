/* The chase buffer: one cycle through every line, normal-float values that
 * survive adding zero, evenly spaced starts, walks that compose. */
#include "testutil.h"
#include "chase.h"

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
	suite_add_tcase(s, tc);
	return lm_test_run(s);
}
