/* dispatch: the dispatch parameters (fit/dispatch.h) recovered from rows
 * the model generates, bounds where the rows cannot determine them, the
 * parameter file's new keys round-tripped, old files without them read as
 * missing, and latmix fit --mix dispatch and compare on such files. */
#include "testutil.h"
#include "base/mix.h"
#include "bench/dispatch.h"
#include "fit/dispatch.h"
#include "fit/params.h"
#include "fit/results.h"
#include "testrun.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char dir[] = "/tmp/latmix-dispatch-XXXXXX";

static void setup(void)
{
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		exit(1);
	}
}

static void teardown(void)
{
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		perror(cmd);
}

/* The H100's sizes: 32 to 1024 work-items, the groups a CU holds of each. */
static const unsigned sizes[] = { 32, 64, 128, 256, 512, 1024 };
static const unsigned resident[] = { 32, 32, 16, 8, 4, 2 };
#define NSIZES 6
#define CUS 132

/* Rows of the dispatch mix as the model gives them for thru and cost,
 * each rate times (1 + noise[i]) and its launches spread by spread. */
static lm_results rows(double thru, double cost, const double *noise, double spread)
{
	lm_results r;
	memset(&r, 0, sizeof r);
	r.v = calloc(NSIZES, sizeof *r.v);
	ck_assert_ptr_nonnull(r.v);
	for (size_t i = 0; i < NSIZES; i++) {
		lm_result *x = &r.v[r.n++];
		snprintf(x->mix, sizeof x->mix, "dispatch");
		x->row.work_group_size = sizes[i];
		x->row.groups_per_cu = resident[i];
		x->row.compute_units = CUS;
		double rate = lm_fit_dispatch_rate(thru, cost, resident[i]) * (1 + (noise ? noise[i] : 0));
		x->row.elements_per_s = rate * 1e6 * CUS;
		x->row.time_med = 0.005;
		x->row.time_min = 0.005 * (1 - spread);
		x->row.time_max = 0.005 * (1 + spread);
	}
	return r;
}

/* The parameters as lm_fit_dispatch gave them, written into a parameter
 * file and read back as they were (their notes included). */
static void written_and_read_back(const lm_param *x, const lm_param *c)
{
	lm_params ps = lm_params_empty(), back;
	ps.p[LM_PARAM_DISPATCH_THRU] = *x;
	ps.p[LM_PARAM_GROUP_COST] = *c;
	const char *path = lm_test_in(dir, "fitted.ini");
	ck_assert_msg(lm_params_write(path, &ps, NULL) == LM_OK, "%s", lm_error_message());
	ck_assert_msg(lm_params_read(path, &back) == LM_OK, "%s", lm_error_message());
	ck_assert_int_eq(back.p[LM_PARAM_DISPATCH_THRU].kind, x->kind);
	ck_assert_int_eq(back.p[LM_PARAM_GROUP_COST].kind, c->kind);
	ck_assert_str_eq(back.p[LM_PARAM_DISPATCH_THRU].note, x->note);
	ck_assert_str_eq(back.p[LM_PARAM_GROUP_COST].note, c->note);
}

START_TEST(noise_free_rows_give_back_both_parameters)
{
	lm_results r = rows(12.6, 198, NULL, 0.001);
	lm_param x, c;
	lm_fit_dispatch(&r, &x, &c);
	ck_assert_int_eq(x.kind, LM_PARAM_VALUE);
	ck_assert_int_eq(c.kind, LM_PARAM_VALUE);
	ck_assert_rel(x.value, 12.6, 1e-9);
	ck_assert_rel(c.value, 198, 1e-9);
	ck_assert_msg(x.std_error < 1e-6, "dispatch_thru's error %g from exact rows", x.std_error);
	/* one size slower than the rate: its launches' spread is the error */
	ck_assert_rel(c.std_error, 198 * 0.001, 1e-6);
	ck_assert_msg(strstr(x.note, "5 row(s)") && strstr(c.note, "1 row(s)"), "%s | %s", x.note, c.note);
	written_and_read_back(&x, &c);
	free(r.v);
}
END_TEST

/* Rates off the model by up to 1% either way: both within their standard
 * errors' reach and 2% of the truth. */
START_TEST(noisy_rows_land_near_the_truth)
{
	static const double noise[NSIZES] = { 0.008, -0.01, 0.004, -0.006, 0.01, 0.0 };
	lm_results r = rows(9.5, 500, noise, 0.002);
	lm_param x, c;
	lm_fit_dispatch(&r, &x, &c);
	ck_assert_int_eq(x.kind, LM_PARAM_VALUE);
	ck_assert_int_eq(c.kind, LM_PARAM_VALUE);
	ck_assert_rel(x.value, 9.5, 0.02);
	ck_assert_rel(c.value, 500, 0.02);
	ck_assert_msg(x.std_error > 0 && fabs(x.value - 9.5) < 4 * x.std_error, "%g +- %g", x.value, x.std_error);
	/* 500 ns with 4 resident is 8 a us, below 9.5: so 512 and 1024 are slot-bound */
	ck_assert_msg(strstr(c.note, "2 row(s)"), "%s", c.note);
	free(r.v);
}
END_TEST

/* Every size at the dispatch rate: group_cost is only bounded, at most
 * what the least-resident size allows, never a number passed off as one.
 * Regression: its note held a ';', which a parameter file cannot hold. */
START_TEST(every_size_at_the_rate_bounds_the_cost)
{
	lm_results r = rows(12.6, 50, NULL, 0.001);
	lm_param x, c;
	lm_fit_dispatch(&r, &x, &c);
	ck_assert_int_eq(x.kind, LM_PARAM_VALUE);
	ck_assert_rel(x.value, 12.6, 1e-9);
	ck_assert_int_eq(c.kind, LM_PARAM_AT_MOST);
	ck_assert_rel(c.value, 1000.0 * 2 / 12.6, 1e-9);
	ck_assert_msg(c.value >= 50 && isnan(c.std_error), "%g +- %g", c.value, c.std_error);
	ck_assert_msg(strstr(c.note, "undetermined"), "%s", c.note);
	written_and_read_back(&x, &c);
	free(r.v);
}
END_TEST

/* Every size slowed by its slots (the rate halves with the groups
 * resident from the most-resident sizes on): dispatch_thru is only a lower
 * bound, the cost still fitted. */
START_TEST(no_size_at_the_rate_bounds_the_throughput)
{
	lm_results r = rows(NAN, 3000, NULL, 0.001);
	lm_param x, c;
	lm_fit_dispatch(&r, &x, &c);
	ck_assert_int_eq(x.kind, LM_PARAM_AT_LEAST);
	ck_assert_rel(x.value, 1000.0 * 32 / 3000, 1e-9);
	ck_assert_int_eq(c.kind, LM_PARAM_VALUE);
	ck_assert_rel(c.value, 3000, 1e-9);
	written_and_read_back(&x, &c);
	free(r.v);
}
END_TEST

START_TEST(no_dispatch_rows_leave_both_missing)
{
	lm_results r = rows(12.6, 198, NULL, 0.001);
	for (size_t i = 0; i < r.n; i++)
		snprintf(r.v[i].mix, sizeof r.v[i].mix, "gmem");
	lm_param x, c;
	lm_fit_dispatch(&r, &x, &c);
	ck_assert_int_eq(x.kind, LM_PARAM_MISSING);
	ck_assert_int_eq(c.kind, LM_PARAM_MISSING);
	ck_assert(isnan(x.value) && isnan(c.value));
	written_and_read_back(&x, &c);
	free(r.v);
}
END_TEST

/* Writes path: a parameter file holding the dispatch parameters. */
static void write_params(const char *path, double thru, double cost)
{
	lm_params ps = lm_params_empty();
	snprintf(ps.origin, sizeof ps.origin, "fit");
	ps.p[LM_PARAM_DISPATCH_THRU] = (lm_param){ thru, thru / 1000, LM_PARAM_VALUE, "measured: a test" };
	ps.p[LM_PARAM_GROUP_COST] = (lm_param){ cost, 0.5, LM_PARAM_AT_MOST, "undetermined: a test" };
	ck_assert_msg(lm_params_write(path, &ps, NULL) == LM_OK, "%s", lm_error_message());
}

START_TEST(new_keys_round_trip)
{
	const char *p = lm_test_in(dir, "d.ini");
	write_params(p, 12.605982193372258, 198.4551991710286);
	lm_params b;
	ck_assert_msg(lm_params_read(p, &b) == LM_OK, "%s", lm_error_message());
	const lm_param *x = &b.p[LM_PARAM_DISPATCH_THRU], *c = &b.p[LM_PARAM_GROUP_COST];
	ck_assert(x->value == 12.605982193372258 && x->std_error == 12.605982193372258 / 1000);
	ck_assert(c->value == 198.4551991710286 && c->std_error == 0.5);
	ck_assert_int_eq(x->kind, LM_PARAM_VALUE);
	ck_assert_int_eq(c->kind, LM_PARAM_AT_MOST);
	ck_assert_str_eq(c->note, "undetermined: a test");
	ck_assert_str_eq(lm_param_unit(LM_PARAM_DISPATCH_THRU), "work-groups/us/CU");
	ck_assert_str_eq(lm_param_unit(LM_PARAM_GROUP_COST), "ns");
}
END_TEST

/* A parameter file from before the dispatch mix (the committed H100's)
 * reads, both parameters missing; compare shows them as not known, never
 * as 0 or nan. */
START_TEST(an_old_file_reads_them_missing)
{
	char old[512];
	lm_test_source_path(old, sizeof old, "tests/fixtures/h100-2026-11-25/params.ini");
	lm_params ps;
	ck_assert_msg(lm_params_read(old, &ps) == LM_OK, "%s", lm_error_message());
	ck_assert_int_eq(ps.p[LM_PARAM_DISPATCH_THRU].kind, LM_PARAM_MISSING);
	ck_assert_int_eq(ps.p[LM_PARAM_GROUP_COST].kind, LM_PARAM_MISSING);
	ck_assert(isnan(ps.p[LM_PARAM_DISPATCH_THRU].value));
	const char *p = lm_test_in(dir, "new.ini");
	write_params(p, 12.61, 198.5);
	const char *args[] = { "compare", old, p, NULL };
	static lm_test_result r;
	lm_test_latmix(args, NULL, &r);
	ck_assert_msg(r.status == 0, "compare: exit %d\n%s", r.status, r.err);
	const char *row = strstr(r.out, "dispatch_thru");
	ck_assert_msg(row, "no dispatch_thru row:\n%s", r.out);
	char line[512];
	snprintf(line, sizeof line, "%.*s", (int)strcspn(row, "\n"), row);
	ck_assert_msg(strstr(line, "| -") && strstr(line, "12.61") && !strstr(line, "nan") &&
		      !strstr(line, "| 0 "), "%s", line);
}
END_TEST

/* latmix fit --mix dispatch on rows in a results file: its parameter file
 * holds what fit/dispatch.c fits; a file without dispatch rows is refused. */
/* written-read is measured at 128 and 256 work-items and, but for a
 * quick sweep, 512 and 1024 (a group's wait for its last at 16 and 32
 * warps), as far as the device takes them; written-copy at 256 alone; a
 * device of at most 128 at that. */
START_TEST(written_read_is_measured_at_every_group_the_wait_needs)
{
	const lm_mix *read = lm_mix_find("written-read"), *copy = lm_mix_find("written-copy");
	ck_assert(read && copy);
	lm_device d = { .max_wg_size = 1024 };
	unsigned got[LM_DISPATCH_MAX_SIZES];
	ck_assert_uint_eq(lm_dispatch_mix_sizes(&d, read, false, got), 4);
	ck_assert(got[0] == 128 && got[1] == 256 && got[2] == 512 && got[3] == 1024);
	ck_assert_uint_eq(lm_dispatch_mix_sizes(&d, read, true, got), 2);
	ck_assert(got[0] == 128 && got[1] == 256);
	ck_assert_uint_eq(lm_dispatch_mix_sizes(&d, copy, false, got), 1);
	ck_assert_uint_eq(got[0], 256);
	d.max_wg_size = 512;
	ck_assert_uint_eq(lm_dispatch_mix_sizes(&d, read, false, got), 3);
	ck_assert_uint_eq(got[2], 512);
	d.max_wg_size = 128;
	ck_assert_uint_eq(lm_dispatch_mix_sizes(&d, read, false, got), 1);
	ck_assert_uint_eq(got[0], 128);
}
END_TEST

/* What a group's warps wait for its last, from their starts and ends: in
 * one group of two, the first ends 4 ns before the second (4 of 24 ns of
 * work); in the next both end together; none at all in groups of one; not
 * a number where the warps took no time, one wrote none, or one ended
 * before it began (a clock a driver got wrong is not read as a wait). */
START_TEST(a_warp_waits_from_its_end_to_its_groups_last)
{
	const cl_ulong t[] = { 1, 11, 1, 15, 100, 112, 102, 112 };
	ck_assert_double_eq_tol(lm_dispatch_wait_share(t, 2, 2), 4.0 / (24 + 22), 1e-12);
	ck_assert_double_eq_tol(lm_dispatch_wait_share(t, 4, 1), 0, 1e-12);
	const cl_ulong idle[] = { 5, 5, 5, 5 }, unwritten[] = { 0, 0, 3, 9 }, backwards[] = { 7, 9, 9, 7 };
	ck_assert(isnan(lm_dispatch_wait_share(idle, 1, 2)));
	ck_assert(isnan(lm_dispatch_wait_share(unwritten, 1, 2)));
	ck_assert(isnan(lm_dispatch_wait_share(backwards, 1, 2)));
}
END_TEST

START_TEST(fit_mix_dispatch_writes_the_parameters)
{
	char src[512];
	lm_test_source_path(src, sizeof src, "tests/fixtures/h100-dispatch.csv");
	const char *out = lm_test_in(dir, "fit.ini");
	const char *args[] = { "fit", src, "--mix", "dispatch", "-o", out, NULL };
	static lm_test_result r;
	lm_test_latmix(args, NULL, &r);
	ck_assert_msg(r.status == 0, "fit: exit %d\n%s", r.status, r.err);
	ck_assert_msg(strstr(r.out, "dispatch_thru") && !strstr(r.out, "nan"), "%s", r.out);
	lm_params ps;
	ck_assert_msg(lm_params_read(out, &ps) == LM_OK, "%s", lm_error_message());
	lm_results res;
	ck_assert_msg(lm_results_read(src, &res) == LM_OK, "%s", lm_error_message());
	lm_param x, c;
	lm_fit_dispatch(&res, &x, &c);
	ck_assert_rel(ps.p[LM_PARAM_DISPATCH_THRU].value, x.value, 1e-12);
	ck_assert_rel(ps.p[LM_PARAM_GROUP_COST].value, c.value, 1e-12);
	ck_assert_int_eq(ps.p[LM_PARAM_GROUP_COST].kind, LM_PARAM_VALUE);
	lm_results_free(&res);
	char gmem[512];
	lm_test_source_path(gmem, sizeof gmem, "tests/fixtures/h100-quick1-30-columns.csv");
	const char *none[] = { "fit", gmem, "--mix", "dispatch", "-o", lm_test_in(dir, "none.ini"), NULL };
	lm_test_latmix(none, NULL, &r);
	ck_assert_msg(r.status != 0 && strstr(r.err, "no points of mix 'dispatch'"), "exit %d\n%s", r.status, r.err);
}
END_TEST

int main(void)
{
	setup();
	Suite *s = suite_create("dispatch");
	TCase *tc = tcase_create("dispatch");
	tcase_add_test(tc, noise_free_rows_give_back_both_parameters);
	tcase_add_test(tc, noisy_rows_land_near_the_truth);
	tcase_add_test(tc, every_size_at_the_rate_bounds_the_cost);
	tcase_add_test(tc, no_size_at_the_rate_bounds_the_throughput);
	tcase_add_test(tc, no_dispatch_rows_leave_both_missing);
	tcase_add_test(tc, new_keys_round_trip);
	tcase_add_test(tc, an_old_file_reads_them_missing);
	tcase_add_test(tc, fit_mix_dispatch_writes_the_parameters);
	tcase_add_test(tc, a_warp_waits_from_its_end_to_its_groups_last);
	tcase_add_test(tc, written_read_is_measured_at_every_group_the_wait_needs);
	suite_add_tcase(s, tc);
	int rc = lm_test_run(s);
	teardown();
	return rc;
}
