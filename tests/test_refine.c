/* refine: the occupancies a sweep measures of a curve when none were
 * given: coarse levels always, few more where the curve is straight, the
 * levels beside a bend, every level where a point could not be measured,
 * no level twice. */
#include "testutil.h"
#include "bench/refine.h"

#include <math.h>
#include <string.h>

enum { N = 64 };

/* Runs refine over levels 1..n with the curve f, tol; which levels were
 * measured (each at most once, asserted) and how many. */
static size_t run(double (*f)(unsigned), size_t n, double tol, bool measured[N])
{
	unsigned levels[N];
	for (size_t i = 0; i < n; i++)
		levels[i] = (unsigned)i + 1;
	memset(measured, 0, N * sizeof *measured);
	lm_refine r;
	ck_assert(lm_refine_init(&r, levels, n, tol));
	size_t j, count = 0;
	while (lm_refine_next(&r, &j)) {
		ck_assert_uint_lt(j, n);
		ck_assert_msg(!measured[j], "level %u measured twice", levels[j]);
		measured[j] = true;
		count++;
		lm_refine_set(&r, j, f(levels[j]));
	}
	ck_assert_uint_eq(lm_refine_count(&r), count);
	lm_refine_free(&r);
	return count;
}

static double line(unsigned x) { return 0.01 * x; }
static double knee(unsigned x) { return 0.01 * (x < 37 ? x : 37); }
static double hole(unsigned x) { return x == 20 ? NAN : 0.01 * x; }

START_TEST(a_straight_curve_gets_its_coarse_levels_and_one_more_a_gap)
{
	bool m[N];
	size_t count = run(line, N, LM_REFINE_TOL, m);
	static const unsigned coarse[] = { 1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64 };
	for (size_t i = 0; i < sizeof coarse / sizeof *coarse; i++)
		ck_assert_msg(m[coarse[i] - 1], "coarse level %u not measured", coarse[i]);
	/* 12 coarse, a midpoint in each of the 8 gaps wider than one step */
	ck_assert_uint_eq(count, 20);
}
END_TEST

START_TEST(a_bend_is_measured_on_both_sides)
{
	bool m[N];
	size_t count = run(knee, N, LM_REFINE_TOL, m);
	ck_assert_msg(m[36 - 1] && m[37 - 1] && m[38 - 1], "levels beside the bend at 37: %d %d %d",
		      m[35], m[36], m[37]);
	ck_assert_uint_lt(count, N / 2);
}
END_TEST

START_TEST(no_tolerance_measures_every_level)
{
	bool m[N];
	ck_assert_uint_eq(run(knee, N, 0, m), N);
	ck_assert_uint_eq(run(line, 5, 0, m), 5);
}
END_TEST

START_TEST(a_point_not_measured_fills_its_gaps)
{
	bool m[N];
	run(hole, N, LM_REFINE_TOL, m);
	/* 20 is the midpoint of 16..24; its value missing, both halves refined */
	for (unsigned x = 16; x <= 24; x++)
		ck_assert_msg(m[x - 1], "level %u beside the missing point not measured", x);
}
END_TEST

START_TEST(a_dense_top_measures_every_level_there)
{
	unsigned levels[N];
	for (size_t i = 0; i < N; i++)
		levels[i] = (unsigned)i + 1;
	lm_refine r;
	ck_assert(lm_refine_init(&r, levels, N, LM_REFINE_TOL));
	lm_refine_dense_from(&r, 48);
	bool m[N] = { false };
	size_t j;
	while (lm_refine_next(&r, &j)) {
		ck_assert(!m[j]);
		m[j] = true;
		lm_refine_set(&r, j, line(levels[j]));
	}
	for (unsigned x = 49; x <= 64; x++)
		ck_assert_msg(m[x - 1], "level %u of the dense top not measured", x);
	ck_assert_msg(!m[30 - 1], "level 30 of a straight stretch measured");
	lm_refine_free(&r);
}
END_TEST

START_TEST(tiny_curves)
{
	bool m[N];
	ck_assert_uint_eq(run(line, 1, LM_REFINE_TOL, m), 1);
	ck_assert_uint_eq(run(line, 2, LM_REFINE_TOL, m), 2);
	ck_assert_uint_eq(run(line, 0, LM_REFINE_TOL, m), 0);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("refine");
	TCase *tc = tcase_create("levels");
	tcase_add_test(tc, a_straight_curve_gets_its_coarse_levels_and_one_more_a_gap);
	tcase_add_test(tc, a_bend_is_measured_on_both_sides);
	tcase_add_test(tc, no_tolerance_measures_every_level);
	tcase_add_test(tc, a_point_not_measured_fills_its_gaps);
	tcase_add_test(tc, a_dense_top_measures_every_level_there);
	tcase_add_test(tc, tiny_curves);
	suite_add_tcase(s, tc);
	return lm_test_run(s);
}
