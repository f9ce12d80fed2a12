/* The command line as a user meets it: a table of arguments, the exit
 * status and a piece of the message expected. Runs the built latmix. */
#include "testutil.h"
#include "testrun.h"
#include "results.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

typedef lm_test_result result;

/* Where a case's "@OUT" points: it must not exist afterwards. */
static char out_path[64];

/* Runs latmix with args (NULL-terminated); "@REF" stands for the Maxwell
 * reference file. */
static void run(const char *const *args, result *r)
{
	char ref[512];
	lm_test_source_path(ref, sizeof ref, "data/reference/maxwell-gtx980.ini");
	const char *argv[32] = { getenv("LATMIX") };
	int n = 1;
	for (; args[n - 1]; n++)
		argv[n] = strcmp(args[n - 1], "@REF") == 0 ? ref
			  : strcmp(args[n - 1], "@OUT") == 0 ? out_path
			  : args[n - 1];
	argv[n] = NULL;
	lm_test_latmix(argv + 1, NULL, r);
}

static const struct {
	const char *args[8];
	int status;
	const char *err;      /* piece of stderr expected, or NULL */
	bool quiet;           /* nothing on stdout */
} cases[] = {
	/* measure: bad input leaves no output file (-o @OUT, checked below) */
	{ { "measure", "--alpha", "1,two", "-o", "@OUT" }, 2, "alpha 'two'", true },
	{ { "measure", "--warps", "100000", "-o", "@OUT" }, 2, "--warps 100000", true },
	{ { "measure", "--warps", "1,x", "-o", "@OUT" }, 2, "--warps '1,x'", true },
	{ { "measure", "--footprint", "1T", "-o", "@OUT" }, 2, "larger than", true },
	{ { "measure", "--footprint", "lots", "-o", "@OUT" }, 2, "size 'lots'", true },
	{ { "measure", "-d", "no-such-device", "-o", "@OUT" }, 2, "no-such-device", true },
	{ { "measure", "--mix", "smem", "-o", "@OUT" }, 2, "--mix 'smem'", true },
	{ { "measure", "--repeats", "1", "-o", "@OUT" }, 2, "--repeats '1'", true },
	{ { "measure", "--chains", "0", "-o", "@OUT" }, 2, "--chains '0'", true },
	{ { "measure", "--chains", "two", "-o", "@OUT" }, 2, "--chains 'two'", true },
	{ { "measure", "--mix", "gmem,nope", "-o", "@OUT" }, 2, "--mix 'nope'", true },
	{ { "kernel", "--alpha", "1/0" }, 2, "alpha '1/0'", true },
	{ { "kernel", "--alpha", "0,x", "--save-binary", "/tmp" }, 2, "alpha 'x'", true },
	{ { "kernel", "--save-binary", "/nonexistent/dir" }, 1, "/nonexistent/dir", true },
	{ { "measure", "--build-jobs", "65", "-o", "@OUT" }, 2, "--build-jobs '65'", true },
	/* regressions (issue 20): passed the option check, then failed at the
	 * kernel build with a header-only file written; a missing kernel
	 * directory was found only after the file was opened */
	{ { "measure", "--alpha", "12222.202", "-o", "@OUT" }, 2, "alpha '12222.202' is 6111101/500", true },
	{ { "measure", "--kernel-dir", "/nonexistent/cl", "-o", "@OUT" }, 1,
	  "kernel /nonexistent/cl/chase.cl: No such file", true },
	{ { "measure", "--launch-ms", "0x10", "-o", "@OUT" }, 2, "--launch-ms '0x10'", true },
	{ { NULL }, 2, "usage: latmix COMMAND", true },
	{ { "frobnicate" }, 2, "unknown command 'frobnicate'", true },
	{ { "predict" }, 2, "predict takes the argument PARAMS.ini", true },
	{ { "predict", "/nonexistent/p.ini" }, 1, "/nonexistent/p.ini: No such file", true },
	{ { "predict", "@REF", "--alpha", "1,x" }, 2, "alpha 'x'", true },
	{ { "predict", "@REF", "--alpha", "1,,2" }, 2, "empty item", true },
	{ { "predict", "@REF", "--alpha", "-3" }, 2, "alpha '-3'", true },
	{ { "predict", "@REF", "--fraction", "2" }, 2, "--fraction '2'", true },
	{ { "predict", "@REF", "--warps", "lots" }, 2, "--warps 'lots'", true },
	{ { "predict", "@REF", "--chains", "0" }, 2, "--chains '0'", true },
	{ { "predict", "@REF", "--chains", "2x" }, 2, "--chains '2x'", true },
	{ { "predict", "@REF", "--bogus" }, 2, "unknown option '--bogus'", true },
	{ { "predict", "@REF", "--alpha" }, 2, "--alpha needs a value", true },
	{ { "predict", "@REF", "--csv=yes" }, 2, "takes no value", true },
	{ { "devices", "extra" }, 2, "devices takes no argument", true },
	{ { "predict", "--help" }, 0, NULL, false },
	{ { "--version" }, 0, NULL, false },
	{ { "predict", "@REF", "--alpha", "0,1/4,inf", "--warps", "8" }, 0, NULL, false },
};

START_TEST(cli_case)
{
	result *r = malloc(sizeof *r);
	snprintf(out_path, sizeof out_path, "/tmp/latmix-cli-%d-%d.csv", (int)getpid(), _i);
	run(cases[_i].args, r);
	ck_assert_msg(access(out_path, F_OK) != 0, "case %d left %s behind", _i, out_path);
	ck_assert_msg(r->status == cases[_i].status, "case %d (%s ...): exit %d, expected %d; stderr: %s",
		      _i, cases[_i].args[0] ? cases[_i].args[0] : "", r->status, cases[_i].status, r->err);
	if (cases[_i].err)
		ck_assert_msg(strstr(r->err, cases[_i].err) != NULL, "case %d: stderr '%s' lacks '%s'",
			      _i, r->err, cases[_i].err);
	if (cases[_i].quiet)
		ck_assert_msg(r->out[0] == '\0', "case %d: wrote to stdout: %s", _i, r->out);
	ck_assert_msg(!strstr(r->err, "Sanitizer") && !strstr(r->err, "runtime error"),
		      "case %d: sanitizer report: %s", _i, r->err);
	free(r);
}
END_TEST

/* Kernels built ahead by other processes (latmix kernel --save-binary)
 * give the same sweep as kernels built in process, and leave nothing in
 * the temporary directory. */
START_TEST(kernels_built_ahead_measure_the_same_points)
{
	char tmp[] = "/tmp/latmix-cli-XXXXXX";
	ck_assert_ptr_nonnull(mkdtemp(tmp));
	char csv[2][128];
	result r;
	for (int jobs = 1; jobs <= 2; jobs++) {
		snprintf(csv[jobs - 1], sizeof csv[0], "%s/j%d.csv", tmp, jobs);
		const char *argv[] = { "measure", "--mix", "gmem,sfu", "--chains", "1", "--alpha", "0,4", "--warps", "1,2",
				       "--footprint", "4M", "--launch-ms", "1", "--build-jobs",
				       jobs == 1 ? "1" : "2", "-o", csv[jobs - 1], NULL };
		setenv("TMPDIR", tmp, 1);
		lm_test_latmix(argv, NULL, &r);
		unsetenv("TMPDIR");
		ck_assert_msg(r.status == 0, "--build-jobs %d: %s", jobs, r.err);
		if (jobs == 2)
			ck_assert_msg(strstr(r.err, "4 kernels built ahead in") != NULL &&
				      strstr(r.err, "and 1 others") != NULL &&
				      strstr(r.err, "some failed") == NULL, "%s", r.err);
		else
			ck_assert_msg(strstr(r.err, "built ahead") == NULL, "%s", r.err);
	}
	/* the same points, each checked */
	lm_results a, b;
	ck_assert_int_eq(lm_results_read(csv[0], &a), LM_OK);
	ck_assert_int_eq(lm_results_read(csv[1], &b), LM_OK);
	ck_assert_uint_eq(a.n, 8);
	ck_assert_uint_eq(b.n, a.n);
	for (size_t i = 0; i < a.n; i++) {
		ck_assert_str_eq(a.v[i].mix, b.v[i].mix);
		ck_assert_uint_eq(a.v[i].row.warps, b.v[i].row.warps);
		ck_assert_uint_eq(a.v[i].row.checked, b.v[i].row.checked);
	}
	lm_results_free(&a);
	lm_results_free(&b);
	unlink(csv[0]);
	unlink(csv[1]);
	ck_assert_msg(rmdir(tmp) == 0, "%s: the kernels built ahead were left there", tmp);
}
END_TEST

START_TEST(predict_maxwell_shows_thesis_warps)
{
	static const char *const args[] = { "predict", "@REF", "--alpha", "0,49,inf", "--csv", NULL };
	result *r = malloc(sizeof *r);
	run(args, r);
	ck_assert_int_eq(r->status, 0);
	/* header, then rows alpha,latency,peak,bound,warps_for_peak,... */
	char *line = strchr(r->out, '\n');
	ck_assert_ptr_nonnull(line);
	double want[3][2] = { { 0, 30 }, { 49, 53.5 }, { INFINITY, 24 } };
	for (int i = 0; i < 3; i++) {
		double a, lat, peak, warps;
		char bound[32];
		ck_assert_int_eq(sscanf(line + 1, "%lf,%lf,%lf,%31[^,],%lf", &a, &lat, &peak, bound, &warps), 5);
		ck_assert_rel(a, want[i][0], 0);
		ck_assert_msg(fabs(warps - want[i][1]) <= (i == 1 ? 1.0 : 0.5),
			      "alpha %g: %g warps, expected about %g", a, warps, want[i][1]);
		line = strchr(line + 1, '\n');
	}
	/* 4 chains per warp: the basic model needs a quarter of the warps */
	static const char *const four[] = { "predict", "@REF", "--alpha", "0", "--chains", "4", "--csv", NULL };
	run(four, r);
	ck_assert_int_eq(r->status, 0);
	line = strchr(r->out, '\n');
	ck_assert_ptr_nonnull(line);
	double a, lat, peak, warps;
	char bound[32];
	ck_assert_int_eq(sscanf(line + 1, "%lf,%lf,%lf,%31[^,],%lf", &a, &lat, &peak, bound, &warps), 5);
	ck_assert_msg(fabs(warps - 30 / 4.0) <= 0.2, "4 chains: %g warps, expected about 7.5", warps);
	ck_assert_msg(strstr(line, ",4\n") != NULL, "no chains column: %s", line);
	free(r);
}
END_TEST

START_TEST(devices_lists_at_least_one_device)
{
	static const char *const args[] = { "devices", "--csv", NULL };
	result *r = malloc(sizeof *r);
	run(args, r);
	ck_assert_msg(r->status == 0, "devices: %s", r->err);
	ck_assert(strncmp(r->out, "index,name,vendor", 17) == 0);
	ck_assert_msg(strstr(r->out, "\n0:0,") != NULL, "no device 0:0 in %s", r->out);
	free(r);
}
END_TEST

/* What the vendor table decides shows, with where it came from. */
START_TEST(devices_show_vendor_facts)
{
	static const char *const csv[] = { "devices", "--csv", NULL };
	static const char *const human[] = { "devices", NULL };
	result *r = malloc(sizeof *r);
	run(csv, r);
	ck_assert_msg(r->status == 0, "devices: %s", r->err);
	ck_assert_msg(strstr(r->out, ",arch,arch_source,kernel_clock,kernel_clock_source,"
				     "reqd_subgroup,subgroup_source,pci_address,pci_source,") != NULL,
		      "header lacks the vendor columns: %.300s", r->out);
	run(human, r);
	ck_assert_msg(r->status == 0, "devices: %s", r->err);
	static const char *const lines[] = { "  architecture ", "  in-kernel clock ",
					     "  sub-group size ", "  PCI address " };
	for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++)
		ck_assert_msg(strstr(r->out, lines[i]) != NULL, "no '%s' in %s", lines[i], r->out);
	free(r);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("cli");
	TCase *tc = tcase_create("cases");
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, cli_case, 0, (int)(sizeof cases / sizeof cases[0]));
	tcase_add_test(tc, predict_maxwell_shows_thesis_warps);
	tcase_add_test(tc, kernels_built_ahead_measure_the_same_points);
	tcase_add_test(tc, devices_lists_at_least_one_device);
	tcase_add_test(tc, devices_show_vendor_facts);
	suite_add_tcase(s, tc);
	return lm_test_run(s);
}
