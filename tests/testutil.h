/* Helpers shared by the check suites. */
#ifndef LM_TESTUTIL_H
#define LM_TESTUTIL_H

#include <check.h>
#include <math.h>
#include <stdbool.h>

/* True if got equals want within relative tolerance rel; NaN equals only
 * NaN, an infinity only the same infinity (after GSL's gsl_test_rel). */
static inline bool lm_test_rel_ok(double got, double want, double rel)
{
	if (isnan(want) || isnan(got))
		return isnan(want) && isnan(got);
	if (isinf(want) || isinf(got))
		return got == want;
	if (want == 0)
		return fabs(got) <= rel;
	return fabs(got - want) <= rel * fabs(want);
}

#define ck_assert_rel(got, want, rel)                                            \
	do {                                                                     \
		double g_ = (got), w_ = (want);                                  \
		ck_assert_msg(lm_test_rel_ok(g_, w_, (rel)),                     \
			      "%s = %.10g, expected %.10g (relative tolerance %g)", \
			      #got, g_, w_, (double)(rel));                      \
	} while (0)

/* Runs one suite; returns the process exit status. */
static inline int lm_test_run(Suite *s)
{
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}

#endif
