/* alpha lists: integers, fractions, decimals, inf; garbage refused. */
#include "testutil.h"
#include "alpha.h"

#include <stdlib.h>

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

int main(void)
{
	Suite *s = suite_create("alpha");
	TCase *tc = tcase_create("parse");
	tcase_add_test(tc, forms_of_alpha);
	tcase_add_loop_test(tc, garbage_lists_refused, 0, (int)(sizeof bad_lists / sizeof bad_lists[0]));
	tcase_add_test(tc, list_parses_in_order);
	suite_add_tcase(s, tc);
	return lm_test_run(s);
}
