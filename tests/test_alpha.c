/* alpha lists: integers, fractions, decimals, inf; garbage refused; what
 * is accepted formats and parses back, within the kernel's limits. */
#include "testutil.h"
#include "base/alpha.h"
#include "bench/measure.h"
#include "base/mix.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

START_TEST(forms_of_alpha)
{
	lm_alpha a;
	ck_assert_int_eq(lm_alpha_parse("16", &a), LM_OK);
	ck_assert(a.num == 16 && a.den == 1);
	ck_assert_int_eq(lm_alpha_parse("2/8", &a), LM_OK);
	ck_assert(a.num == 1 && a.den == 4);
	ck_assert_int_eq(lm_alpha_parse("0.25", &a), LM_OK);
	ck_assert(a.num == 1 && a.den == 4);
	ck_assert_int_eq(lm_alpha_parse("0", &a), LM_OK);
	ck_assert(a.num == 0 && a.den == 1);
	ck_assert_int_eq(lm_alpha_parse("inf", &a), LM_OK);
	ck_assert(isinf(lm_alpha_value(a)));
	char buf[32];
	ck_assert_str_eq(lm_alpha_format((lm_alpha){ 3, 4 }, buf, sizeof buf), "3/4");
	ck_assert_str_eq(lm_alpha_format((lm_alpha){ 1, 0 }, buf, sizeof buf), "inf");
}
END_TEST

static const char *const bad_lists[] = {
	"", "x", "1,,2", "1,", "-1", "1/0", "1/", "/2", "3e", "0.1234567", "nan", "1 2", "99999999",
	"0x10", "+4", "1/4 ", "65537", "1/1025",
	/* a value twice would measure a point twice (and results refuse that) */
	"0,0", "1/2,0.5", "2,4/2", "inf,inf",
};

START_TEST(garbage_lists_refused)
{
	lm_alpha *v = NULL;
	size_t n;
	ck_assert_int_eq(lm_alpha_parse_list(bad_lists[_i], &v, &n), LM_EUSAGE);
	ck_assert_ptr_null(v);
}
END_TEST

START_TEST(list_parses_in_order)
{
	lm_alpha *v;
	size_t n;
	ck_assert_int_eq(lm_alpha_parse_list("0,1/4,16,inf", &v, &n), LM_OK);
	ck_assert_uint_eq(n, 4);
	ck_assert_rel(lm_alpha_value(v[1]), 0.25, 0);
	ck_assert(isinf(lm_alpha_value(v[3])));
	free(v);
}
END_TEST

/* Regression (issue 20): 12222.202 was taken as 6111101/500, whose
 * 6111101 adds per body the kernel cannot spell (measure then failed at
 * the kernel build, after writing a header-only file), while the parser
 * refused "6111101/500", its own written form. Both are refused now, and
 * a fraction too large only before it is reduced is taken. */
START_TEST(decimal_beyond_the_kernels_limits_is_refused_like_its_fraction)
{
	lm_alpha a;
	ck_assert_int_eq(lm_alpha_parse("12222.202", &a), LM_EUSAGE);
	ck_assert_msg(strstr(lm_error_message(), "is 6111101/500 in lowest terms"), "%s", lm_error_message());
	ck_assert_int_eq(lm_alpha_parse("6111101/500", &a), LM_EUSAGE);
	ck_assert_int_eq(lm_alpha_parse("131072/2048", &a), LM_OK);
	ck_assert(a.num == 64 && a.den == 1);
	ck_assert_int_eq(lm_alpha_parse("65536", &a), LM_OK);
	ck_assert_int_eq(lm_alpha_parse("65536/1024", &a), LM_OK);
	ck_assert(a.num == 64 && a.den == 1);
	ck_assert_int_eq(lm_alpha_parse("65535/1024", &a), LM_OK);
}
END_TEST

static uint64_t lcg_state;

static uint64_t lcg(void)
{
	lcg_state = lcg_state * 6364136223846793005ull + 1442695040888963407ull;
	return lcg_state >> 11;
}

/* Parses s; if accepted, its form in lowest terms is within the limits,
 * and formatting then parsing gives the same alpha. */
static void check_round_trip(const char *s)
{
	lm_alpha a, b;
	if (lm_alpha_parse(s, &a) != LM_OK)
		return;
	ck_assert_msg(a.den == 0 ? a.num == 1 : a.num >= 0 && a.num <= LM_ALPHA_MAX_NUM &&
							   a.den >= 1 && a.den <= LM_ALPHA_MAX_DEN,
		      "'%s' gave %ld/%ld", s, a.num, a.den);
	char text[32];
	lm_alpha_format(a, text, sizeof text);
	ck_assert_msg(lm_alpha_parse(text, &b) == LM_OK, "'%s' formats as '%s', which is refused: %s", s,
		      text, lm_error_message());
	ck_assert_msg(a.num == b.num && a.den == b.den, "'%s': %ld/%ld, then '%s': %ld/%ld", s, a.num,
		      a.den, text, b.num, b.den);
}

/* Property: every alpha the parser accepts, formatted, parses back to
 * itself; over fractions, integers and decimals generated with a fixed
 * seed, near the limits and beyond. */
START_TEST(alpha_format_then_parse_round_trips)
{
	lcg_state = 4;
	char s[64];
	size_t accepted = 0;
	for (int i = 0; i < 200000; i++) {
		unsigned long p = lcg() % (2 * LM_ALPHA_MAX_NUM + 2), q = lcg() % (2 * LM_ALPHA_MAX_DEN + 2);
		switch (i % 4) {
		case 0: snprintf(s, sizeof s, "%lu/%lu", p, q); break;
		case 1: snprintf(s, sizeof s, "%lu", p); break;
		case 2: snprintf(s, sizeof s, "%.*f", (int)(lcg() % 8), (double)p / (double)(q ? q : 1)); break;
		case 3: snprintf(s, sizeof s, "%.17g", (double)p / (double)(q ? q : 1)); break;
		}
		lm_alpha a;
		accepted += lm_alpha_parse(s, &a) == LM_OK;
		check_round_trip(s);
	}
	check_round_trip("inf");
	check_round_trip("0");
	/* most are accepted: the property is not tested on refusals alone */
	ck_assert_msg(accepted > 50000, "%zu accepted", accepted);
}
END_TEST

/* The parser's limits are the kernel's: at the largest alphas it takes,
 * every count a kernel is built with (cl/chase.cl spells each in five
 * decimal digits) stays under 100000, for every mix; a mix that stores
 * every k-th step has a multiple of k steps an iteration (or the kernel
 * does not build). */
START_TEST(alphas_at_the_parsers_limits_fit_the_kernels_counts)
{
	const lm_alpha extremes[] = { { LM_ALPHA_MAX_NUM, 1 }, { 1, LM_ALPHA_MAX_DEN },
				      { LM_ALPHA_MAX_NUM - 1, LM_ALPHA_MAX_DEN }, { 0, 1 }, { 1, 0 } };
	for (int m = 0; lm_mix_at(m); m++)
		for (size_t i = 0; i < sizeof extremes / sizeof extremes[0]; i++) {
			unsigned mem_n, alu_n, bodies;
			lm_meas_body_shape(lm_mix_at(m), extremes[i], &mem_n, &alu_n, &bodies);
			ck_assert_msg(mem_n < 100000 && alu_n < 100000 && bodies < 100000,
				      "%s alpha %ld/%ld: %u steps, %u adds, %u bodies", lm_mix_at(m)->name,
				      extremes[i].num, extremes[i].den, mem_n, alu_n, bodies);
			unsigned every = lm_mix_store_every(lm_mix_at(m));
			ck_assert_msg(!every || mem_n * bodies % every == 0, "%s alpha %ld/%ld: %u steps, "
				      "a store every %u", lm_mix_at(m)->name, extremes[i].num, extremes[i].den,
				      mem_n * bodies, every);
		}
}
END_TEST

int main(void)
{
	Suite *s = suite_create("alpha");
	TCase *tc = tcase_create("parse");
	tcase_add_test(tc, forms_of_alpha);
	tcase_add_loop_test(tc, garbage_lists_refused, 0, (int)(sizeof bad_lists / sizeof bad_lists[0]));
	tcase_add_test(tc, list_parses_in_order);
	tcase_add_test(tc, decimal_beyond_the_kernels_limits_is_refused_like_its_fraction);
	tcase_add_test(tc, alpha_format_then_parse_round_trips);
	tcase_add_test(tc, alphas_at_the_parsers_limits_fit_the_kernels_counts);
	suite_add_tcase(s, tc);
	return lm_test_run(s);
}
