/* Helpers shared by the check suites. */
#ifndef LM_TESTUTIL_H
#define LM_TESTUTIL_H

#include <check.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

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

/* The path of name in dir; four can be in use at once. */
static inline const char *lm_test_in(const char *dir, const char *name)
{
	static char buf[4][512];
	static int k;
	k = (k + 1) % 4;
	snprintf(buf[k], sizeof buf[k], "%s/%s", dir, name);
	return buf[k];
}

/* Removes the temporary directory dir and what is in it; 0 where it did. */
static inline int lm_test_remove_dir(const char *dir)
{
	char cmd[4200];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	return system(cmd);
}

/* lm_test_run, then the suite's temporary directory dir removed; 1 if
 * either fails. */
static inline int lm_test_run_in(Suite *s, const char *dir)
{
	int rc = lm_test_run(s);
	return lm_test_remove_dir(dir) != 0 ? 1 : rc;
}

#endif
