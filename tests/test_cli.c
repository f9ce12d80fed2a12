/* The command line as a user meets it: a table of arguments, the exit
 * status and a piece of the message expected. Runs the built latmix. */
#include "base/alpha.h"
#include "base/number.h"
#include "testutil.h"
#include "testrun.h"
#include "cli/command.h"
#include "cli/options.h"
#include "fit/results.h"
#include "fit/params.h"
#include "asm/count.h"

#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
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
	const char *args[10]; /* NULL-terminated: at most 9 */
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
	{ { "measure", "-d", "0:0,,0:1", "-o", "@OUT" }, 2, "--device '0:0,,0:1': empty item", true },
	{ { "measure", "--mix", "smem", "-o", "@OUT" }, 2, "--mix 'smem'", true },
	{ { "measure", "--repeats", "1", "-o", "@OUT" }, 2, "--repeats '1'", true },
	{ { "measure", "--chains", "0", "-o", "@OUT" }, 2, "--chains '0'", true },
	{ { "measure", "--chains", "two", "-o", "@OUT" }, 2, "--chains 'two'", true },
	{ { "measure", "--mix", "gmem,nope", "-o", "@OUT" }, 2, "--mix 'nope'", true },
	{ { "measure", "--mix", "gmem,,sfu", "-o", "@OUT" }, 2, "--mix 'gmem,,sfu': empty item", true },
	{ { "measure", "--mix", "gmem,gmem", "-o", "@OUT" }, 2, "--mix 'gmem,gmem': gmem twice", true },
	{ { "measure", "--kernel", "a,,b", "-o", "@OUT" }, 2, "--kernel 'a,,b': empty item", true },
	{ { "kernel", "--alpha", "1/0" }, 2, "alpha '1/0'", true },
	{ { "kernel", "--mix", "dispatch" }, 2, "--mix dispatch: no chase to build", true },
	{ { "kernel", "--mix", "written-read" }, 2, "--mix written-read: no chase to build", true },
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
	{ { "measure", "--footprint", "0x10M", "-o", "@OUT" }, 2, "size '0x10M'", true },
	{ { NULL }, 2, "usage: latmix COMMAND", true },
	{ { "frobnicate" }, 2, "unknown command 'frobnicate'", true },
	{ { "predict" }, 2, "predict takes the argument PARAMS.ini", true },
	{ { "predict", "/nonexistent/p.ini" }, 1, "/nonexistent/p.ini: No such file", true },
	{ { "predict", "@REF", "--alpha", "1,x" }, 2, "alpha 'x'", true },
	{ { "predict", "@REF", "--alpha", "1,,2" }, 2, "empty item", true },
	{ { "predict", "@REF", "--alpha", "-3" }, 2, "alpha '-3'", true },
	{ { "predict", "@REF", "--fraction", "2" }, 2, "--fraction '2'", true },
	{ { "predict", "@REF", "--warps", "lots" }, 2, "--warps 'lots'", true },
	{ { "predict", "@REF", "--warps", "0x10" }, 2, "--warps '0x10'", true }, /* one number syntax */
	{ { "predict", "@REF", "--chains", "0" }, 2, "--chains '0'", true },
	{ { "predict", "@REF", "--chains", "2x" }, 2, "--chains '2x'", true },
	{ { "predict", "@REF", "--loads", "1", "--load-bytes", "0" }, 2, "--load-bytes '0': expected a number from 1",
	  true },
	{ { "predict", "@REF", "--bogus" }, 2, "unknown option '--bogus'", true },
	/* what a group runs once is a kernel as written's, priced at its size */
	{ { "predict", "@REF", "--loads", "8", "--group-stores", "1" }, 2,
	  "--group-stores, --tree-insts: what a work-group runs once is priced at its size", true },
	{ { "predict", "@REF", "--loads", "8", "--tree-insts", "4", "--tree-waits", "5" }, 2,
	  "--tree-waits 5: a tree's turn", true },
	{ { "predict", "@REF", "--alpha" }, 2, "--alpha needs a value", true },
	{ { "predict", "@REF", "--csv=yes" }, 2, "takes no value", true },
	{ { "devices", "extra" }, 2, "devices takes no argument", true },
	{ { "predict", "--help" }, 0, NULL, false },
	{ { "--version" }, 0, NULL, false },
	{ { "predict", "@REF", "--alpha", "0,1/4,inf", "--warps", "8" }, 0, NULL, false },
	/* regressions (issue 47, item 14): a loop's alpha past the cap on --insts printed rates
	 * of all zeros, exit 0; every figure, given or counted, goes through one check */
	{ { "predict", "@REF", "--loads", "1", "--alpha", "1e308" }, 2,
	  "--alpha 1e+308: expected a number from 0 to 1e+06", true },
	{ { "predict", "@REF", "--loads", "1", "--alpha", "1000001" }, 2, "--alpha 1000001: expected a number", true },
	{ { "predict", "@REF", "--loads", "1", "--alpha", "nan" }, 2, "--alpha 'nan'", true },
	{ { "predict", "@REF", "--loads", "2", "--scattered-loads", "3" }, 2, "3 scattered loads of 2", true },
	{ { "predict", "@REF", "--loads", "2", "--insts", "1" }, 2, "--insts 1: fewer than the 2 loads and stores",
	  true },
	/* regressions (issue 47, items 13 and 14): --warps 1,1 measured the point twice; --size
	 * 1 ran a short launch of N = 0, and 2.5 was said to be 'at N = 2: not a whole number' */
	{ { "measure", "--warps", "1,1", "-o", "@OUT" }, 2, "--warps '1,1': 1 twice", true },
	{ { "measure", "--kernel", "copy", "--size", "1", "-o", "@OUT" }, 2,
	  "--size 1: expected a whole number of at least 2", true },
	{ { "measure", "--kernel", "copy", "--size", "2.5", "-o", "@OUT" }, 2,
	  "--size 2.5: expected a whole number of at least 2", true },
	/* the man page and the help a newcomer types (issue 48, item 5; issue 52) */
	{ { "--man" }, 0, NULL, false },
	{ { "-V" }, 0, NULL, false },
	{ { "help", "fit" }, 0, NULL, false },
	{ { "help", "nosuch" }, 2, "unknown command 'nosuch'", true },
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
/* Regression (issue 47, fuzz_number): "0.5" or "1e-300" was a positive
 * number, so a size, of 0 bytes; the footprint check after it said
 * "footprint 0 bytes" of what the user wrote as 0.5. */
START_TEST(a_size_under_a_byte_is_refused_not_read_as_0_bytes)
{
	unsigned long long b = 7;
	ck_assert_int_eq(lm_number_size("0.5", &b), LM_EUSAGE);
	ck_assert_msg(strstr(lm_error_message(), "size '0.5'"), "%s", lm_error_message());
	ck_assert_int_eq(lm_number_size("1e-300", &b), LM_EUSAGE);
	ck_assert_uint_eq(b, 7);
	ck_assert_int_eq(lm_number_size("1", &b), LM_OK);
	ck_assert_uint_eq(b, 1);
	ck_assert_int_eq(lm_number_size(".5K", &b), LM_OK);
	ck_assert_uint_eq(b, 512);
}
END_TEST

/* Regression (issue 47, fuzz_number): an integer option went through
 * strtol, and a list of them through strtoul, which take a sign and
 * leading blanks: --repeats +5 and --warps " 8" were read, against the
 * number syntax of number.h. */
START_TEST(a_sign_or_blank_before_an_integer_option_is_refused)
{
	static const char *const bad[] = { "+5", " 5", "-0", "5 ", "0x10" };
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		lm_options o = lm_options_defaults(&lm_measure_options);
		char *argv[] = { "--repeats", (char *)bad[i] };
		ck_assert_int_eq(lm_options_parse(&o, &lm_measure_options, 2, argv, 0), LM_EUSAGE);
		ck_assert_int_eq(o.repeats, 3);
		unsigned v[4];
		size_t n;
		ck_assert_int_eq(lm_number_uint_list("--warps", bad[i], 64, v, 4, &n), LM_EUSAGE);
	}
	lm_options o = lm_options_defaults(&lm_measure_options);
	char *argv[] = { "--repeats", "7" };
	ck_assert_int_eq(lm_options_parse(&o, &lm_measure_options, 2, argv, 0), LM_OK);
	ck_assert_int_eq(o.repeats, 7);
	unsigned v[4];
	size_t n;
	ck_assert_int_eq(lm_number_uint_list("--warps", "1,8,64", 64, v, 4, &n), LM_OK);
	ck_assert(n == 3 && v[2] == 64);
}
END_TEST

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
			/* two alphas of two mixes, and each mix's reference at alpha 0 */
			ck_assert_msg(strstr(r.err, "6 kernels built ahead in") != NULL &&
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

/* measure --kernel counts its kernels ahead in other processes (forced
 * here with --build-jobs; on by default on GPU drivers alone): the files
 * kept beside the results are those it writes counting each after its
 * points, the scalar arguments its description fixes followed alike
 * (nd-conv2d's width), and nothing is left in TMPDIR. */
START_TEST(kernels_counted_ahead_keep_the_same_counts)
{
	char tmp[] = "/tmp/latmix-cli-XXXXXX";
	ck_assert_ptr_nonnull(mkdtemp(tmp));
	result *r = malloc(sizeof *r);
	static const char *const files[] = { "nd-conv2d.txt", "nd-conv2d.ini", "add.txt", "add.ini" };
	static char text[2][4][1 << 16];
	for (int jobs = 1; jobs <= 2; jobs++) {
		char dir[160], csv[200];
		snprintf(dir, sizeof dir, "%s/j%d", tmp, jobs);
		ck_assert_int_eq(mkdir(dir, 0777), 0);
		snprintf(csv, sizeof csv, "%s/k.csv", dir);
		const char *argv[] = { "measure", "--kernel", "nd-conv2d,add", "--quick", "--local-size", "8x8",
				       "--build-jobs", jobs == 1 ? "1" : "3", "-o", csv, NULL };
		setenv("TMPDIR", tmp, 1);
		lm_test_latmix(argv, NULL, r);
		unsetenv("TMPDIR");
		ck_assert_msg(r->status == 0, "--build-jobs %d: %s", jobs, r->err);
		ck_assert_msg(!strstr(r->err, "counted ahead") == (jobs == 1), "%s", r->err);
		for (int i = 0; i < 4; i++) {
			char path[300];
			snprintf(path, sizeof path, "%s/mix-of/%s", dir, files[i]);
			lm_test_slurp(path, text[jobs - 1][i], sizeof text[0][0]);
			ck_assert_msg(text[jobs - 1][i][0], "%s: missing", path);
			unlink(path);
		}
		snprintf(csv, sizeof csv, "%s/mix-of", dir);
		rmdir(csv);
		snprintf(csv, sizeof csv, "%s/k.csv", dir);
		unlink(csv);
		ck_assert_int_eq(rmdir(dir), 0);
	}
	for (int i = 0; i < 4; i++)
		ck_assert_msg(strcmp(text[0][i], text[1][i]) == 0, "%s differs counted ahead", files[i]);
	ck_assert_msg(strstr(text[0][0], "scalar arguments taken as          [3] = 4096 ("), "%.2000s", text[0][0]);
	ck_assert_msg(rmdir(tmp) == 0, "%s: the kernels counted ahead were left there", tmp);
	free(r);
}
END_TEST

/* A CPU's default sweep (no model fitted: its alphas and chains draw the
 * report's curves) measures gmem at 1 and 4 chains, alphas 0, 1, 4, 16,
 * 64 and inf at one and 0, 4, 16, 64 and inf at four, and a store mix at
 * 0, 4, 16 and 64 at both; a GPU's the full sets (not run here). */
START_TEST(a_cpus_default_sweep_measures_the_curves_its_report_draws)
{
	char dir[] = "/tmp/latmix-cli-XXXXXX", csv[64];
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(csv, sizeof csv, "%s/m.csv", dir);
	result *r = malloc(sizeof *r);
	lm_test_latmix((const char *const[]){ "measure", "-m", "gmem,gmem-store", "--warps", "1", "--footprint", "4M",
					      "--launch-ms", "1", "-o", csv, NULL }, NULL, r);
	ck_assert_msg(r->status == 0, "%s", r->err);
	free(r);
	lm_results res;
	ck_assert_msg(lm_results_read(csv, &res) == LM_OK, "%s", lm_error_message());
	if (strcmp(res.device_type, "CPU") == 0) {
		static const struct {
			const char *mix;
			unsigned chains;
			const char *alphas;
		} want[] = { { "gmem", 1, "0 1 4 16 64 inf " }, { "gmem", 4, "0 4 16 64 inf " },
			     { "gmem-store", 1, "0 4 16 64 " }, { "gmem-store", 4, "0 4 16 64 " } };
		for (size_t w = 0; w < sizeof want / sizeof *want; w++) {
			char got[256] = "";
			for (size_t i = 0; i < res.n; i++) {
				const lm_result *x = &res.v[i];
				if (strcmp(x->mix, want[w].mix) != 0 || x->row.chains != want[w].chains)
					continue;
				char a[32];
				snprintf(got + strlen(got), sizeof got - strlen(got), "%s ",
					 lm_alpha_format(x->row.alpha, a, sizeof a));
			}
			ck_assert_msg(strcmp(got, want[w].alphas) == 0, "%s x%u: alphas %s", want[w].mix, want[w].chains,
				      got);
		}
		for (size_t i = 0; i < res.n; i++)
			ck_assert_msg(res.v[i].row.chains == 1 || res.v[i].row.chains == 4, "%u chains", res.v[i].row.chains);
	}
	lm_results_free(&res);
	unlink(csv);
	ck_assert_int_eq(rmdir(dir), 0);
}
END_TEST

/* ---- results files: never lost, never misread (issue 20) ---- */

static char tmp[64];

static char names[16][256]; /* in_tmp's, emptied by make_tmp */

/* tmp/name, in a buffer of its own for each name (up to 16 names). */
static const char *in_tmp(const char *name)
{
	char (*buf)[256] = names;
	for (int k = 0; k < 16; k++) {
		char want[256];
		snprintf(want, sizeof want, "%s/%s", tmp, name);
		if (!buf[k][0] || strcmp(buf[k], want) == 0) {
			snprintf(buf[k], sizeof buf[k], "%s", want);
			return buf[k];
		}
	}
	ck_abort_msg("more than 16 names in %s", tmp);
	return NULL;
}

static void make_tmp(void)
{
	memset(names, 0, sizeof names);
	snprintf(tmp, sizeof tmp, "/tmp/latmix-cli-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(tmp));
}

static void shell(const char *fmt, const char *a, const char *b)
{
	char cmd[2048];
	snprintf(cmd, sizeof cmd, fmt, a, b);
	ck_assert_msg(system(cmd) == 0, "%s", cmd);
}

static bool same_bytes(const char *a, const char *b)
{
	char cmd[1024];
	snprintf(cmd, sizeof cmd, "cmp -s '%s' '%s'", a, b);
	return system(cmd) == 0;
}

/* A results file of an earlier run (the committed PoCL sweep, of an older
 * latmix) at name in tmp, and a copy to compare it with. */
static const char *earlier_results(const char *name)
{
	char src[512];
	lm_test_source_path(src, sizeof src, "tests/fixtures/pocl-2026-11-23-27-columns.csv");
	const char *p = in_tmp(name);
	shell("cp '%s' '%s'", src, p);
	shell("cp '%s' '%s.orig'", src, p);
	return p;
}

/* A copy of cl/ in tmp/name, with extra appended to chase.cl. */
static const char *kernel_dir(const char *name, const char *extra)
{
	char src[512];
	lm_test_source_path(src, sizeof src, "cl");
	const char *d = in_tmp(name);
	shell("rm -rf '%s' && mkdir '%s'", d, d);
	shell("cp -r '%s'/* '%s'", src, d);
	char chase[300];
	snprintf(chase, sizeof chase, "%s/chase.cl", d);
	FILE *f = fopen(chase, "a");
	ck_assert_ptr_nonnull(f);
	fputs(extra, f);
	fclose(f);
	return d;
}

/* A tiny sweep on the first device into out: gmem, one chain, the alphas
 * and warps given, a 4 MiB buffer, 1 ms launches, then extra arguments
 * (NULL-terminated). */
static void tiny_sweep(const char *out, const char *alpha, const char *warps, const char *const *extra,
		       result *r)
{
	const char *argv[40] = { "measure", "--mix", "gmem", "--chains", "1", "--alpha", alpha, "--warps",
				 warps, "--footprint", "4M", "--launch-ms", "1", "--build-jobs", "1", "-o", out };
	int n = 17;
	for (int i = 0; extra && extra[i]; i++)
		argv[n++] = extra[i];
	argv[n] = NULL;
	lm_test_latmix(argv, NULL, r);
}

static size_t rows_in(const char *path)
{
	lm_results res;
	ck_assert_msg(lm_results_read(path, &res) == LM_OK, "%s", lm_error_message());
	size_t n = res.n;
	lm_results_free(&res);
	return n;
}

/* n (1 or 2) runs of a tiny sweep (PoCL, builders forced by --build-jobs
 * 2) with the environment env, into dir/a.csv and dir/b.csv, at once
 * (together) or one after the other; their stderr into err[n] (free
 * them). */
static void two_sweeps(const char *env, const char *extra, bool together, int n, char **err)
{
	const char *out[2] = { in_tmp("a.csv"), in_tmp("b.csv") };
	char one[2][2400], cmd[5000];
	for (int i = 0; i < 2; i++)
		snprintf(one[i], sizeof one[i], "%s '%s' measure --mix gmem --alpha 0,4 --warps 1 --quick --footprint 4M --launch-ms 1 "
			 "--build-jobs 2 %s -o '%s' 2> '%s.err' %s", env, getenv("LATMIX"), extra, out[i], out[i],
			 together ? "&" : ";");
	snprintf(cmd, sizeof cmd, "%s %s wait", one[0], n > 1 ? one[1] : "");
	ck_assert_int_eq(system(cmd), 0);
	for (int i = 0; i < n; i++) {
		char path[700];
		snprintf(path, sizeof path, "%s.err", out[i]);
		err[i] = calloc(1, 65536);
		lm_test_slurp(path, err[i], 65536);
		ck_assert_uint_eq(rows_in(out[i]), 4); /* two alphas, one and four chains */
	}
}

/* Issue 51: four H200s of one host measured at once took 25-29% longer
 * than one alone, every sweep building the same kernels. Sweeps given one
 * --shared-binaries directory (what measure -d gpus gives the GPUs of one
 * kind where latmix keeps no kernels) build them once: the first to lock
 * it builds into it, the other waits and loads them. Two sweeps at once
 * here: one says it built them into the directory, the other that they
 * were built before, and both measure the same points. */
START_TEST(sweeps_given_one_binary_directory_build_once)
{
	make_tmp();
	char dir[600], extra[700], *err[2];
	snprintf(dir, sizeof dir, "%s/shared", tmp);
	ck_assert_int_eq(mkdir(dir, 0700), 0);
	snprintf(extra, sizeof extra, "--shared-binaries '%s'", dir);
	two_sweeps("LATMIX_CACHE=off", extra, true, 2, err);
	int built = -1, loaded = -1;
	for (int i = 0; i < 2; i++) {
		if (strstr(err[i], "kernels built ahead in") && strstr(err[i], dir))
			built = i;
		if (strstr(err[i], "kernels built before, in") && !strstr(err[i], "kernels built ahead in"))
			loaded = i;
	}
	ck_assert_msg(built >= 0 && loaded >= 0 && built != loaded, "a: %s\nb: %s", err[0], err[1]);
	free(err[0]);
	free(err[1]);
	shell("rm -rf '%s'%s", tmp, "");
}
END_TEST

/* A sweep whose driver hangs while it builds into the shared directory
 * holds its lock: another waits no longer than --time-limit, then builds
 * its kernels apart, saying so (the lock held here by flock(1)). */
START_TEST(a_held_lock_is_waited_for_no_longer_than_the_time_limit)
{
	make_tmp();
	char cmd[3000];
	snprintf(cmd, sizeof cmd, "mkdir '%s/held' && { flock '%s/held/.lock' sleep 8 & } && sleep 0.5 && "
		 "LATMIX_CACHE=off '%s' measure --mix gmem --alpha 0 --warps 1 --quick --footprint 4M --launch-ms 1 "
		 "--build-jobs 2 --shared-binaries '%s/held' --time-limit 1 -o '%s/held.csv' 2> '%s/held.err'",
		 tmp, tmp, getenv("LATMIX"), tmp, tmp, tmp);
	ck_assert_int_eq(system(cmd), 0);
	char err[65536], path[700];
	snprintf(path, sizeof path, "%s/held.err", tmp);
	lm_test_slurp(path, err, sizeof err);
	ck_assert_msg(strstr(err, "another sweep has held it") && strstr(err, "kernels built ahead in") &&
			      strstr(err, "points in"), "%s", err);
	shell("rm -rf '%s'%s", tmp, "");
}
END_TEST

/* Issue 51: a sweep built every kernel again on every run (2.5 s of an
 * H200's 6.0 s --quick with NVIDIA's compute cache warm). latmix keeps
 * them (LATMIX_CACHE, else ~/.cache/latmix), a directory for each device,
 * driver and kernel source: the second run builds none; a binary damaged
 * since is built again; kernels of another source (--kernel-dir, one
 * comment added) are built again. */
START_TEST(a_second_run_builds_no_kernel_and_another_source_builds_again)
{
	make_tmp();
	char env[700], *err[2];
	snprintf(env, sizeof env, "LATMIX_CACHE='%s/cache'", tmp);
	two_sweeps(env, "", false, 2, err);
	ck_assert_msg(strstr(err[0], "kernels built ahead in") && !strstr(err[0], "built before"), "%s", err[0]);
	ck_assert_msg(strstr(err[1], "kernels built before, in") && !strstr(err[1], "built ahead in"), "%s", err[1]);
	free(err[0]);
	free(err[1]);
	/* a binary cut short since (a full disk, say) is built again, not loaded */
	char cmd[2400];
	snprintf(cmd, sizeof cmd, "f=$(ls '%s'/cache/kernels-*/gmem-k1-a4_1.bin) && head -c 100 \"$f\" > '%s/cut' && "
		 "mv '%s/cut' \"$f\"", tmp, tmp, tmp);
	ck_assert_int_eq(system(cmd), 0);
	two_sweeps(env, "", false, 1, err);
	ck_assert_msg(strstr(err[0], "kernels built before, in") && strstr(err[0], "1 kernels built ahead in"), "%s",
		      err[0]);
	free(err[0]);
	snprintf(cmd, sizeof cmd, "cp -r '%s/cl' '%s/cl' && echo '/* another source */' >> '%s/cl/chase.cl'",
		 getenv("LATMIX_SOURCE_ROOT"), tmp, tmp);
	ck_assert_int_eq(system(cmd), 0);
	char extra[700];
	snprintf(extra, sizeof extra, "--kernel-dir '%s/cl'", tmp);
	two_sweeps(env, extra, false, 1, err);
	ck_assert_msg(strstr(err[0], "kernels built ahead in") && !strstr(err[0], "built before"), "%s", err[0]);
	free(err[0]);
	shell("rm -rf '%s'%s", tmp, "");
}
END_TEST

/* The kernel cache kept every directory it ever made (a new one for
 * each driver and kernel source). A sweep now keeps the 8 used last, the
 * one it takes counted used now: of ten older ones the three oldest go,
 * but one another sweep holds (its lock taken, here by flock(1)) stays. */
START_TEST(the_kernel_cache_keeps_the_directories_used_last)
{
	make_tmp();
	char cmd[3000], env[700], *err[1];
	snprintf(cmd, sizeof cmd, "cd '%s' && mkdir cache && for i in 0 1 2 3 4 5 6 7 8 9; do "
		 "mkdir cache/kernels-old$i && touch cache/kernels-old$i/.lock cache/kernels-old$i/x.bin && "
		 "touch -d \"2020-01-1$i\" cache/kernels-old$i; done && { flock cache/kernels-old0/.lock sleep 20 & "
		 "echo $! > holder; } && sleep 0.3", tmp);
	ck_assert_int_eq(system(cmd), 0);
	snprintf(env, sizeof env, "LATMIX_CACHE='%s/cache'", tmp);
	two_sweeps(env, "", false, 1, err);
	free(err[0]);
	shell("kill $(cat '%s/holder') 2> /dev/null; true%s", tmp, "");
	static const struct {
		const char *name;
		bool kept;
	} want[] = { { "old0", true }, { "old1", false }, { "old2", false }, { "old3", true }, { "old9", true } };
	for (size_t i = 0; i < sizeof want / sizeof *want; i++) {
		char path[700];
		snprintf(path, sizeof path, "%s/cache/kernels-%s", tmp, want[i].name);
		ck_assert_msg((access(path, F_OK) == 0) == want[i].kept, "%s %s", path,
			      want[i].kept ? "removed" : "kept");
	}
	/* the sweep's own, and nine in all */
	snprintf(cmd, sizeof cmd, "test $(ls -d '%s'/cache/kernels-* | grep -vc old) = 1 && "
		 "test $(ls -d '%s'/cache/kernels-* | wc -l) = 9", tmp, tmp);
	ck_assert_int_eq(system(cmd), 0);
	shell("rm -rf '%s'%s", tmp, "");
}
END_TEST

/* Regression (issue 20): a measure that failed (its kernels did not
 * build) wiped the file it was told to write: an earlier run's results
 * were left as a header alone. Now the file is byte for byte as it was,
 * and nothing is left beside it. */
START_TEST(a_sweep_whose_kernels_fail_to_build_leaves_an_existing_file_byte_identical)
{
	make_tmp();
	result *r = malloc(sizeof *r);
	const char *x = earlier_results("x.csv");
	const char *kbad = kernel_dir("kbad", "this is not OpenCL C;\n");
	/* --replace: the earlier results are of another sweep, which this one is told to replace */
	const char *const extra[] = { "--kernel-dir", kbad, "--replace", NULL };
	tiny_sweep(x, "0", "1", extra, r);
	ck_assert_msg(r->status == 1, "exit %d: %s", r->status, r->err);
	ck_assert_msg(strstr(r->err, "CL_BUILD_PROGRAM_FAILURE"), "%s", r->err);
	ck_assert_msg(strstr(r->err, "nothing measured, nothing written; "), "%s", r->err);
	ck_assert_msg(same_bytes(x, in_tmp("x.csv.orig")), "%s changed", x);
	ck_assert_msg(access(in_tmp("x.csv.partial"), F_OK) != 0, "a partial file was left");
	/* and a kernel directory that is not there is found before anything */
	const char *const none[] = { "--kernel-dir", in_tmp("none"), "--replace", NULL };
	tiny_sweep(x, "0", "1", none, r);
	ck_assert_msg(r->status == 1 && strstr(r->err, "none/chase.cl: No such file"), "%s", r->err);
	ck_assert_msg(!strstr(r->err, "setting up"), "the device was set up first: %s", r->err);
	ck_assert(same_bytes(x, in_tmp("x.csv.orig")));
	shell("rm -rf '%s'%s", tmp, "");
	free(r);
}
END_TEST

/* A measurements file names the commit latmix was built from, as latmix
 * --version does: the same non-empty name in both. */
START_TEST(a_sweep_names_the_commit_that_measured_it)
{
	make_tmp();
	result *r = malloc(sizeof *r);
	run((const char *const[]){ "--version", NULL }, r);
	ck_assert_msg(r->status == 0, "exit %d: %s", r->status, r->err);
	char commit[128] = "";
	ck_assert_msg(sscanf(r->out, "latmix %*s (commit %127[^)])", commit) == 1 && commit[0], "%s", r->out);
	const char *out = in_tmp("v.csv");
	tiny_sweep(out, "0", "1", NULL, r);
	ck_assert_msg(r->status == 0, "exit %d: %s", r->status, r->err);
	lm_results res;
	ck_assert_msg(lm_results_read(out, &res) == LM_OK, "%s", lm_error_message());
	const char *named = lm_results_meta_value(&res, "commit");
	ck_assert_msg(named && strcmp(named, commit) == 0, "file: %s, --version: %s", named ? named : "(none)",
		      commit);
	lm_results_free(&res);
	free(r);
}
END_TEST

/* A sweep that fails half way keeps what it measured in FILE.partial,
 * leaves FILE as it was, refuses to start afresh over the partial file,
 * and --resume (kernels mended in place) finishes it into FILE. */
START_TEST(a_sweep_failing_midway_keeps_its_points_apart_and_resume_finishes_them)
{
	make_tmp();
	result *r = malloc(sizeof *r);
	const char *x = earlier_results("x.csv");
	const char *kdir = kernel_dir("k", "#if ALU_N == 4\n#error no kernel at alpha 4\n#endif\n");
	const char *const extra[] = { "--kernel-dir", kdir, "--replace", NULL };
	tiny_sweep(x, "0,4", "1,2", extra, r);
	ck_assert_msg(r->status == 1, "exit %d: %s", r->status, r->err);
	ck_assert_msg(same_bytes(x, in_tmp("x.csv.orig")), "%s changed", x);
	char want[400];
	snprintf(want, sizeof want, "%s is as it was; the 2 points measured are in %s.partial: --resume continues them",
		 x, x);
	ck_assert_msg(strstr(r->err, want), "'%s' lacks '%s'", r->err, want);
	ck_assert_uint_eq(rows_in(in_tmp("x.csv.partial")), 2);
	tiny_sweep(x, "0,4", "1,2", extra, r);
	ck_assert_msg(r->status == 2 && strstr(r->err, "holds the points of a sweep that did not finish: "
							"--resume continues it"), "%s", r->err);
	kernel_dir("k", "");
	const char *const resume[] = { "--kernel-dir", kdir, "--resume", NULL };
	tiny_sweep(x, "0,4", "1,2", resume, r);
	ck_assert_msg(r->status == 0, "exit %d: %s", r->status, r->err);
	ck_assert_uint_eq(rows_in(x), 4);
	ck_assert_msg(access(in_tmp("x.csv.partial"), F_OK) != 0, "the partial file is still there");
	shell("rm -rf '%s'%s", tmp, "");
	free(r);
}
END_TEST

/* Regression (issue 20): --resume on a file whose last row was cut inside
 * its last field (no final newline) glued '# resumed = ...' onto that row,
 * and the next fit failed with "bad value '6# resumed = ...'". The cut
 * line is left out and its point measured again. */
START_TEST(resume_after_a_row_cut_in_its_last_field_measures_it_again)
{
	make_tmp();
	result *r = malloc(sizeof *r);
	const char *y = in_tmp("y.csv");
	tiny_sweep(y, "0", "1,2", NULL, r);
	ck_assert_msg(r->status == 0, "%s", r->err);
	/* as an interrupted latmix left it: no trailer, the last row cut */
	shell("grep -v '^# sweep\\|^# reference' '%s' | head -c -2 > '%s.cut'", y, y);
	shell("mv '%s.cut' '%s'", y, y);
	const char *const resume[] = { "--resume", NULL };
	tiny_sweep(y, "0", "1,2", resume, r);
	ck_assert_msg(r->status == 0, "exit %d: %s", r->status, r->err);
	ck_assert_msg(strstr(r->err, "its last line was cut short (no newline): left out"), "%s", r->err);
	ck_assert_msg(strstr(r->err, "latmix: 1 points in"), "%s", r->err);
	ck_assert_uint_eq(rows_in(y), 2);
	char text[65536];
	lm_test_slurp(y, text, sizeof text);
	ck_assert_msg(strstr(text, "\n# resumed = "), "%s", text);
	const char *fit[] = { "fit", y, "-o", in_tmp("p.ini"), NULL };
	lm_test_latmix(fit, NULL, r);
	ck_assert_msg(!strstr(r->err, "bad value"), "%s", r->err);
	shell("rm -rf '%s'%s", tmp, "");
	free(r);
}
END_TEST

/* Regression (issue 20): --resume on a file of this device with the
 * older header (27 columns, as the committed PoCL sweep) appended rows of
 * 30, and the file could no longer be read. */
START_TEST(resume_refuses_a_file_with_other_columns)
{
	make_tmp();
	result *r = malloc(sizeof *r);
	const char *x = earlier_results("old.csv");
	const char *const resume[] = { "--resume", NULL };
	tiny_sweep(x, "0", "1", resume, r);
	ck_assert_msg(r->status == 2, "exit %d: %s", r->status, r->err);
	ck_assert_msg(strstr(r->err, "has the columns of another latmix (27 columns, without timer, overhead_s, "
				     "started_at_first_end, resident_groups_per_cu, resident_warps_per_cu, "
				     "elements_per_s, local_bytes_per_group, group_wait_share, work_group_shape, latmix 0.1.0)") &&
			      strstr(r->err, "measure into another file (-o)"), "%s", r->err);
	ck_assert(same_bytes(x, in_tmp("old.csv.orig")));
	ck_assert(access(in_tmp("old.csv.partial"), F_OK) != 0);
	shell("rm -rf '%s'%s", tmp, "");
	free(r);
}
END_TEST

/* Regression (issue 20): --resume compared the device alone: with another
 * --footprint it found "0 points" to do and exited 0; with other alphas it
 * added points while the header's options still described the first run.
 * Options that change what a point measures must be the file's (each
 * named with both values); which points may differ, and the file says
 * which the resumed run asked for. */
START_TEST(resume_refuses_other_measuring_options_and_records_other_points)
{
	make_tmp();
	result *r = malloc(sizeof *r);
	const char *z = in_tmp("z.csv");
	tiny_sweep(z, "0", "1", NULL, r);
	ck_assert_msg(r->status == 0, "%s", r->err);
	shell("cp '%s' '%s.orig'", z, z);
	const char *argv[] = { "measure", "--mix", "gmem", "--chains", "1", "--alpha", "0", "--warps", "1",
			       "--footprint", "8M", "--launch-ms", "1", "-o", z, "--resume", NULL };
	lm_test_latmix(argv, NULL, r);
	ck_assert_msg(r->status == 2 && strstr(r->err, "was measured over a footprint of 4194304 bytes, this "
							"sweep's is 8388608"), "%s", r->err);
	argv[10] = "4M";
	argv[12] = "2";
	lm_test_latmix(argv, NULL, r);
	ck_assert_msg(r->status == 2 && strstr(r->err, "was measured with --launch-ms '1', this sweep asks "
							"for '2'"), "%s", r->err);
	argv[12] = "1";
	const char *repeats[] = { "--repeats", "5", "--resume", NULL };
	tiny_sweep(z, "0", "1", repeats, r);
	ck_assert_msg(r->status == 2 && strstr(r->err, "--repeats '3', this sweep asks for '5'"), "%s", r->err);
	ck_assert(same_bytes(z, in_tmp("z.csv.orig")));
	ck_assert(access(in_tmp("z.csv.partial"), F_OK) != 0);
	/* other points: measured, and said */
	const char *const resume[] = { "--resume", NULL };
	tiny_sweep(z, "0,4", "1", resume, r);
	ck_assert_msg(r->status == 0, "exit %d: %s", r->status, r->err);
	ck_assert_uint_eq(rows_in(z), 2);
	char text[65536];
	lm_test_slurp(z, text, sizeof text);
	ck_assert_msg(strstr(text, "this run's points: --alpha 0,4 --warps 1 --mix gmem --chains 1\n"), "%s", text);
	shell("rm -rf '%s'%s", tmp, "");
	free(r);
}
END_TEST

/* Regression (issue 22): the store mix's sink was 4 x the reported cache:
 * 32 MiB on an H100, which its 50 MB L2 held, so the stores cost little
 * DRAM traffic. The sink is now written in the header; a store sweep
 * written into another sink, or one not recorded, is not resumed, and a
 * read-only sweep still is. */
START_TEST(resume_refuses_a_store_sweep_written_into_another_sink)
{
	make_tmp();
	result *r = malloc(sizeof *r);
	const char *s = in_tmp("s.csv");
	const char *const store[] = { "--mix", "gmem-store", NULL };
	tiny_sweep(s, "0", "1", store, r);
	ck_assert_msg(r->status == 0, "%s", r->err);
	char text[65536];
	lm_test_slurp(s, text, sizeof text);
	ck_assert_msg(strstr(text, "\n# footprint_bytes = 4194304\n# sink_bytes = 16777216\n"), "%s", text);
	shell("sed -i '/^# sink_bytes = /d' '%s'%s", s, "");
	shell("cp '%s' '%s.orig'", s, s);
	const char *const resume[] = { "--mix", "gmem-store", "--resume", NULL };
	tiny_sweep(s, "0", "1,2", resume, r);
	ck_assert_msg(r->status == 2 && strstr(r->err, "store mix wrote into a buffer of unrecorded bytes, this "
							"sweep's would write into 16777216"), "exit %d: %s",
		      r->status, r->err);
	ck_assert(same_bytes(s, in_tmp("s.csv.orig")));
	/* a read-only sweep has no sink to differ */
	const char *g = in_tmp("g.csv");
	tiny_sweep(g, "0", "1", NULL, r);
	ck_assert_msg(r->status == 0, "%s", r->err);
	shell("sed -i '/^# sink_bytes = /d' '%s'%s", g, "");
	const char *const more[] = { "--resume", NULL };
	tiny_sweep(g, "0", "1,2", more, r);
	ck_assert_msg(r->status == 0, "exit %d: %s", r->status, r->err);
	ck_assert_uint_eq(rows_in(g), 2);
	shell("rm -rf '%s'%s", tmp, "");
	free(r);
}
END_TEST

/* Regression (issue 20): fit m.csv -o m.csv and export DIR -o
 * DIR/measurements.csv overwrote the measurements with INI or JSON and
 * exited 0. */
START_TEST(fit_and_export_refuse_to_write_over_their_inputs)
{
	make_tmp();
	result *r = malloc(sizeof *r);
	const char *m = earlier_results("measurements.csv");
	const char *fit[] = { "fit", m, "-o", m, NULL };
	lm_test_latmix(fit, NULL, r);
	ck_assert_msg(r->status == 2 && strstr(r->err, "refusing to write over a file this command reads"),
		      "exit %d: %s", r->status, r->err);
	char dotted[300];
	snprintf(dotted, sizeof dotted, "%s/./measurements.csv", tmp);
	const char *export[] = { "export", tmp, "-o", dotted, NULL };
	lm_test_latmix(export, NULL, r);
	ck_assert_msg(r->status == 2 && strstr(r->err, "(the same file by another name)"), "exit %d: %s",
		      r->status, r->err);
	ck_assert(same_bytes(m, in_tmp("measurements.csv.orig")));
	shell("rm -rf '%s'%s", tmp, "");
	free(r);
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

/* A PTX listing (nvcc's, a driver's) is counted as it is: FILE.ptx:NAME;
 * with a device or a target to build for it is refused. */
START_TEST(kernel_mix_of_counts_a_ptx_listing)
{
	char dir[] = "/tmp/latmix-cli-XXXXXX", ptx[64];
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(ptx, sizeof ptx, "%s/k.ptx", dir);
	int fd = open(ptx, O_WRONLY | O_CREAT | O_EXCL, 0600);
	ck_assert_int_ge(fd, 0);
	static const char text[] =
		".visible .entry k(\n)\n{\n"
		"\tmov.u32 \t%r1, %tid.x;\n"
		"\tmul.wide.u32 \t%rd5, %r1, 4;\n"
		"\tadd.s64 \t%rd6, %rd4, %rd5;\n"
		"$L__BB0_1:\n"
		"\tld.global.f32 \t%f1, [%rd6];\n"
		"\tld.global.f32 \t%f2, [%rd6+4];\n"
		"\tadd.f32 \t%f3, %f1, %f2;\n"
		"\tst.global.f32 \t[%rd7], %f3;\n"
		"\t@%p1 bra \t$L__BB0_1;\n\tret;\n}\n";
	ck_assert(write(fd, text, sizeof text - 1) == (ssize_t)(sizeof text - 1));
	close(fd);
	char spec[128];
	snprintf(spec, sizeof spec, "%s:k", ptx);
	const char *const args[] = { "kernel", "--mix-of", spec, NULL };
	result *r = malloc(sizeof *r);
	run(args, r);
	ck_assert_msg(r->status == 0, "%s", r->err);
	ck_assert_msg(strstr(r->out, "reading another's lines          1") &&
		      strstr(r->out, "predict: --loads 1 --stores 1 --alpha 2 --insts 5") &&
		      strstr(r->out, "\n(predict's --alpha 2: no load feeds another"), "%s", r->out);
	const char *const both[] = { "kernel", "--mix-of", spec, "--isa", "gfx90a", NULL };
	run(both, r);
	ck_assert_int_eq(r->status, 2);
	ck_assert_msg(strstr(r->err, "a PTX listing is counted as it is"), "%s", r->err);
	snprintf(spec, sizeof spec, "%s:other", ptx);
	const char *const none[] = { "kernel", "--mix-of", spec, NULL };
	run(none, r);
	ck_assert_int_ne(r->status, 0);
	ck_assert_msg(strstr(r->err, "no kernel other in the PTX"), "%s", r->err);
	unlink(ptx);
	rmdir(dir);
	free(r);
}
END_TEST

/* A warp's access that starts off a 128-byte line is counted misaligned
 * where its address is known modulo a line: a buffer's address plus 4
 * bytes times the global id (the driver's PTX of a[i + 1] beside a[i]), an
 * offset of a whole line aligned, half a line not; with the work-group's
 * size unknown (not whole warps), nothing is said. */
START_TEST(kernel_mix_of_counts_misaligned_accesses)
{
	static const char head[] =
		".visible .entry k(\n\t.param .u64 k_param_0,\n\t.param .u64 k_param_1,\n\t.param .u32 k_param_2\n)\n{\n"
		"\tld.param.u64 \t%rd6, [k_param_0];\n\tld.param.u64 \t%rd7, [k_param_1];\n"
		"\tmov.b32 \t%r3, %envreg3;\n\tcvt.s64.s32 \t%rd8, %r3;\n";
	static const char group[] = "\tmov.u32 \t%r1, %ntid.x;\n", unknown[] = "\tld.param.u32 \t%r1, [k_param_2];\n";
	static const char body[] =
		"\tmov.u32 \t%r4, %ctaid.x;\n\tmul.wide.s32 \t%rd9, %r1, %r4;\n\tmov.u32 \t%r5, %tid.x;\n"
		"\tcvt.s64.s32 \t%rd10, %r5;\n\tadd.s64 \t%rd11, %rd10, %rd8;\n\tadd.s64 \t%rd15, %rd11, %rd9;\n"
		"\tmov.b32 \t%r7, %envreg6;\n\tmul.lo.s32 \t%r8, %r7, %r1;\n\tcvt.s64.s32 \t%rd3, %r8;\n"
		"$L__BB0_2:\n\tshl.b64 \t%rd12, %rd15, 2;\n\tadd.s64 \t%rd13, %rd7, %rd12;\n"
		"\tld.global.nc.f32 \t%f1, [%rd13+4];\n\tld.global.nc.f32 \t%f2, [%rd13];\n"
		"\tadd.f32 \t%f3, %f1, %f2;\n\tadd.s64 \t%rd14, %rd6, %rd12;\n\tst.global.f32 \t[%rd14+"
		;
	static const char tail[] = "], %f3;\n"
		"\tadd.s64 \t%rd15, %rd15, %rd3;\n\tsetp.lt.u64 \t%p2, %rd15, %rd2;\n\t@%p2 bra \t$L__BB0_2;\n"
		"\tret;\n}\n";
	static const struct {
		const char *group, *store_offset, *want;
	} misaligned_cases[] = {
		{ group, "128", "1 loads, 0 stores (a warp's access starts off" },
		{ group, "64", "1 loads, 1 stores (a warp's access starts off a 128-byte line and straddles one "
			       "more; 0 of the stores write part of a 32-byte sector" },
		{ group, "4", "1 loads, 1 stores (a warp's access starts off a 128-byte line and straddles one "
			      "more; 1 of the stores write part of a 32-byte sector" },
		{ unknown, "64", NULL },
	};
	char dir[] = "/tmp/latmix-cli-XXXXXX", ptx[64], spec[128];
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(ptx, sizeof ptx, "%s/k.ptx", dir);
	snprintf(spec, sizeof spec, "%s:k", ptx);
	result *r = malloc(sizeof *r);
	for (size_t i = 0; i < sizeof misaligned_cases / sizeof misaligned_cases[0]; i++) {
		FILE *f = fopen(ptx, "w");
		ck_assert_ptr_nonnull(f);
		fprintf(f, "%s%s%s%s%s", head, misaligned_cases[i].group, body, misaligned_cases[i].store_offset, tail);
		fclose(f);
		run((const char *const[]){ "kernel", "--mix-of", spec, NULL }, r);
		ck_assert_msg(r->status == 0, "%s", r->err);
		if (misaligned_cases[i].want)
			ck_assert_msg(strstr(r->out, misaligned_cases[i].want), "case %zu: %s", i, r->out);
		else
			ck_assert_msg(!strstr(r->out, "misaligned"), "case %zu: %s", i, r->out);
		/* predict prices the load's stream at the file's measured shares,
		 * says so, and says what a store off a line cost measured */
		char params[4200];
		lm_test_source_path(params, sizeof params, "tests/fixtures/h100-2026-11-25/params-kernels.ini");
		run((const char *const[]){ "predict", params, "--kernel", spec, "--warps", "64", NULL }, r);
		ck_assert_msg(r->status == 0, "%s", r->err);
		ck_assert_msg(!strstr(r->err, "misaligned loads") == !misaligned_cases[i].want &&
			      !strstr(r->err, "its 1 misaligned stores") == (i != 1 && i != 2), "case %zu: %s", i, r->err);
		ck_assert_msg(!strstr(r->out, " --misaligned-loads 1 --l1-lines") == !misaligned_cases[i].want,
			      "case %zu: %s", i, r->out);
		ck_assert_msg(!strstr(r->err, "kept misaligned, 0.658 with no store and 0.855 with a store") ==
			      !misaligned_cases[i].want, "case %zu: %s", i, r->err);
	}
	/* more misaligned loads than coalesced ones: refused */
	char params[4200];
	lm_test_source_path(params, sizeof params, "tests/fixtures/h100-2026-11-25/params-kernels.ini");
	run((const char *const[]){ "predict", params, "--loads", "2", "--scattered-loads", "1", "--misaligned-loads",
				   "2", NULL }, r);
	ck_assert_msg(r->status != 0 && strstr(r->err, "2 misaligned loads of 1 coalesced ones"), "%s", r->err);
	unlink(ptx);
	rmdir(dir);
	free(r);
}
END_TEST

/* Where the predicted curve is flat near its top, the warps for 90% of
 * its best move by more than 10% for a best 4% off: predict says the
 * range under the figure; where they do not, it says none. */
START_TEST(predict_says_a_flat_tops_90_percent_as_a_range)
{
	lm_test_result *r = malloc(sizeof *r);
	char params[4200];
	lm_test_source_path(params, sizeof params, "tests/fixtures/h100-2026-11-28/params-kernels.ini");
	run((const char *const[]){ "predict", params, "--loads", "2", "--stores", "1", "--insts", "8", NULL }, r);
	ck_assert_msg(r->status == 0, "%s", r->err);
	const char *at = strstr(r->out, "90% of it at ");
	const char *range = strstr(r->out, "flat near its top: with the best 4% lower or higher, 90% of it at ");
	ck_assert_msg(at && range, "%s", r->out);
	double w90 = atof(at + strlen("90% of it at ")), lo, hi;
	ck_assert_int_eq(sscanf(strstr(range, "90% of it at ") + strlen("90% of it at "), "%lf to %lf", &lo, &hi), 2);
	ck_assert_msg(lo < w90 && w90 < hi && (lo < 0.9 * w90 || hi > 1.1 * w90), "%g %g %g", lo, w90, hi);
	run((const char *const[]){ "predict", params, "--loads", "1", "--alpha", "64", NULL }, r);
	ck_assert_msg(r->status == 0 && !strstr(r->out, "flat near its top"), "%s", r->out);
	free(r);
}
END_TEST

/* A loop with no load: priced by stores alone where the file has
 * store_thru and store_step (its rates in stores), refused saying what is
 * missing where it has not (the thesis's files) */
START_TEST(predict_prices_a_store_only_loop)
{
	result *r = malloc(sizeof *r);
	char ref[512];
	lm_test_source_path(ref, sizeof ref, "data/reference/maxwell-gtx980.ini");
	run((const char *const[]){ "predict", ref, "--loads", "0", "--stores", "1", "--alpha", "5", NULL }, r);
	ck_assert_msg(r->status == 2 && strstr(r->err, "has no store_thru and store_step"), "%s", r->err);
	/* part of a load, or of a store alone, an iteration: refused saying so */
	run((const char *const[]){ "predict", ref, "--loads", "0.5", "--stores", "1", NULL }, r);
	ck_assert_msg(r->status == 2 && strstr(r->err, "0.5 loads an iteration"), "%s", r->err);
	run((const char *const[]){ "predict", ref, "--loads", "0", "--stores", "0.5", NULL }, r);
	ck_assert_msg(r->status == 2 && strstr(r->err, "no load and 0.5 stores an iteration"), "%s", r->err);
	/* an atomic in the loop: no mix measures one, refused saying so */
	run((const char *const[]){ "predict", ref, "--loads", "1", "--atomics", "1", NULL }, r);
	ck_assert_msg(r->status == 2 && strstr(r->err, "1 global atomics an iteration") && !*r->out, "%s", r->err);
	char dir[] = "/tmp/latmix-cli-XXXXXX", path[64], line[512];
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/p.ini", dir);
	FILE *in = fopen(ref, "r"), *out = fopen(path, "w");
	ck_assert(in && out);
	while (fgets(line, sizeof line, in))
		fputs(line, out);
	fclose(in);
	fputs("\n[store_thru]\nvalue = 0.05\nunit = warp-inst/cycle/CU\nstderr = missing\nkind = value\n"
	      "note = a test's\n\n[store_step]\nvalue = 100\nunit = cycles\nstderr = missing\n"
	      "kind = value\nnote = a test's\n", out);
	fclose(out);
	run((const char *const[]){ "predict", path, "--loads", "0", "--stores", "1", "--alpha", "5", "--warps",
				   "1,2,10", "--csv", NULL }, r);
	ck_assert_msg(r->status == 0, "%s", r->err);
	/* the step the pass's 100 cycles, above 5 adds' latency; the bound at
	 * 5 warps */
	ck_assert_msg(strstr(r->out, "warps_per_cu,stores_per_cycle_per_cu,") &&
		      strstr(r->out, "\n1,0.01,") && strstr(r->out, "\n2,0.02,") && strstr(r->out, "\n10,0.05,"),
		      "%s", r->out);
	ck_assert_msg(strstr(r->err, "no load: priced by stores alone"), "%s", r->err);
	unlink(path);
	rmdir(dir);
	free(r);
}
END_TEST

/* A loop of three or more coalesced accesses with a store bends later
 * than the store mixes it is priced by (add, triad, axpby, copy2: 2-15%
 * more warps for 90% on H100s and H200s): predict says its warps for 90%
 * are a floor; a copy (a load and a store) and loads alone are not so
 * marked. The committed H200 file, which has the store kinds. */
START_TEST(predict_says_a_loop_of_three_accesses_with_a_store_bends_later)
{
	result *r = malloc(sizeof *r);
	char ref[512];
	lm_test_source_path(ref, sizeof ref, "data/measured/nvidia-h200/params-kernels.ini");
	static const struct {
		const char *loads, *stores;
		bool said;
	} mixes[] = { { "2", "1", true }, { "1", "2", true }, { "3", "1", true }, { "1", "1", false },
		      { "3", "0", false } };
	for (size_t i = 0; i < sizeof mixes / sizeof *mixes; i++) {
		run((const char *const[]){ "predict", ref, "--loads", mixes[i].loads, "--stores", mixes[i].stores,
					   "--alpha", "8", "--warps", "32", NULL },
		    r);
		ck_assert_msg(r->status == 0, "%s", r->err);
		ck_assert_msg(!strstr(r->err, "read its warps for 90% as a floor") == !mixes[i].said,
			      "--loads %s --stores %s: %s", mixes[i].loads, mixes[i].stores, r->err);
	}
	free(r);
}
END_TEST

/* predict --kernel of a kernel without a loop (the suite's nd-copy as
 * NVIDIA's driver built it on the H100), the contract scripts read:
 * --csv prints a header and one row per occupancy, nothing else, with
 * warps_per_cu, work_group_size and elements_per_s; by default 32, 64,
 * 128 and 256 work-items, every level up to 64 warps and 32 groups; where
 * the groups a CU starts bind, the rate is dispatch_thru's (busy warps
 * empty). A file without
 * the dispatch parameters and a size that is not whole warps are refused. */
START_TEST(predict_a_kernel_as_written_by_the_csv_contract)
{
	char params[600], spec[700], old[600];
	lm_test_source_path(params, sizeof params, "tests/fixtures/h100-2026-11-28/params-kernels.ini");
	lm_test_source_path(old, sizeof old, "tests/fixtures/h100-2026-11-25/params-kernels.ini");
	lm_test_fixture_spec(spec, sizeof spec, "tests/fixtures/ptx/h100-nd-copy.ptx", "nd_copy");
	result *r = malloc(sizeof *r);
	run((const char *const[]){ "predict", params, "--kernel", spec, "--csv", NULL }, r);
	ck_assert_msg(r->status == 0, "%.300s", r->err);
	ck_assert_msg(!strncmp(r->out, "warps_per_cu,work_group_size,groups_per_cu,elements_per_s,", 58), "%.200s", r->out);
	lm_params ps;
	ck_assert_int_eq(lm_params_read(params, &ps), LM_OK);
	double cap32 = ps.p[LM_PARAM_DISPATCH_THRU].value * 1e6 * ps.compute_units * 32;
	size_t rows = 0, sizes[4] = { 0 };
	double top32 = 0;
	for (const char *l = strchr(r->out, '\n'); l && l[1]; l = strchr(l + 1, '\n')) {
		double w, e;
		unsigned wg, g;
		ck_assert_msg(sscanf(l + 1, "%lf,%u,%u,%lf,", &w, &wg, &g, &e) == 4, "row: %.80s", l + 1);
		ck_assert_msg(w == g * wg / 32.0 && w <= 64 && g <= 32 && e > 0, "row: %.80s", l + 1);
		sizes[wg == 32 ? 0 : wg == 64 ? 1 : wg == 128 ? 2 : 3]++;
		if (wg == 32)
			top32 = fmax(top32, e);
		rows++;
	}
	ck_assert_msg(rows == 88 && sizes[0] == 32 && sizes[1] == 32 && sizes[2] == 16 && sizes[3] == 8, "%zu rows",
		      rows);
	ck_assert_msg(fabs(top32 / cap32 - 1) < 1e-6 && strstr(r->out, ",dispatch_thru\n"), "%g against %g", top32,
		      cap32);
	/* where the dispatch binds no warps are busy waiting: the field empty, no "nan" */
	ck_assert_msg(strstr(r->out, ",,dispatch_thru\n") && !strstr(r->out, "nan"), "%.300s", r->out);
	/* built on a device (PoCL here), whose build says its occupancy: said
	 * on stderr, stdout the header first (it printed a comment line first) */
	run((const char *const[]){ "predict", params, "--kernel", "nd-copy", "-d", "0:0", "--local-size", "64", "--warps",
				   "8", "--csv", NULL }, r);
	ck_assert_msg(r->status == 0 && !strncmp(r->out, "warps_per_cu,work_group_size,", 29) &&
			      strstr(r->err, "occupancy: its build allows") && !strchr(r->out, '#'),
		      "%.300s %.300s", r->out, r->err);
	/* the table names the size to use */
	run((const char *const[]){ "predict", params, "--kernel", spec, "--local-size", "64,256", NULL }, r);
	ck_assert_msg(r->status == 0 && strstr(r->out, "work-group size to use: ") && !strstr(r->out, "work-group 32 "),
		      "%.300s", r->out);
	/* the count saved as report reads it, the body without a loop said so */
	char saved[64];
	snprintf(saved, sizeof saved, "/tmp/latmix-count-%d.ini", (int)getpid());
	run((const char *const[]){ "kernel", "--mix-of", spec, "--save-count", saved, NULL }, r);
	lm_count_file cf;
	ck_assert_msg(r->status == 0 && lm_count_read_ini(saved, &cf) == LM_OK && cf.counted && cf.loopless &&
			      cf.mix.loads == 1 && cf.mix.stores == 1, "%.300s", r->err);
	unlink(saved);
	run((const char *const[]){ "predict", old, "--kernel", spec, NULL }, r);
	ck_assert_msg(r->status == 2 && strstr(r->err, "has no dispatch_thru or group_cost"), "%.300s", r->err);
	run((const char *const[]){ "predict", params, "--kernel", spec, "--warps", "8,x", NULL }, r);
	ck_assert_msg(r->status == 2 && strstr(r->err, "--warps"), "%.300s", r->err);
	run((const char *const[]){ "predict", params, "--kernel", spec, "--warps", "4", "--local-size", "32,256", "--csv",
				   NULL }, r);
	ck_assert_msg(r->status == 0 && strstr(r->out, "\n4,32,4,") && !strstr(r->out, ",256,") &&
			      strstr(r->err, "no occupancy of whole groups of 256 work-items"), "%.300s %.300s", r->out,
		      r->err);
	run((const char *const[]){ "predict", params, "--kernel", spec, "--local-size", "48", NULL }, r);
	ck_assert_msg(r->status == 2 && strstr(r->err, "--local-size 48: "), "%.300s", r->err);
	free(r);
}
END_TEST

/* KERNEL:name into spec, KERNEL a copy of the committed H200's
 * mix-of/KERNEL.txt (NVIDIA's PTX) named .ptx. */
static void ptx_of(const char *kernel, char *spec, size_t size)
{
	char src[600], dst[96], cmd[800], name[64];
	snprintf(name, sizeof name, "data/measured/nvidia-h200/mix-of/%s.txt", kernel);
	lm_test_source_path(src, sizeof src, name);
	snprintf(dst, sizeof dst, "/tmp/latmix-%s-%d.ptx", kernel, (int)getpid());
	snprintf(cmd, sizeof cmd, "cp '%s' '%s'", src, dst);
	ck_assert_int_eq(system(cmd), 0);
	snprintf(name, sizeof name, "%s", kernel);
	for (char *c = name; *c; c++)
		if (*c == '-')
			*c = '_';
	snprintf(spec, size, "%s:%s", dst, name);
}

/* The rate a kernel as written's --csv gives at 64 warps in groups of
 * 128, from params (its mix-of count of the committed H200), or NAN. */
static double rate_at_64(const char *params, const char *kernel, result *r)
{
	char spec[160];
	ptx_of(kernel, spec, sizeof spec);
	run((const char *const[]){ "predict", params, "--kernel", spec, "--csv", "--local-size", "128", "--warps", "64",
				   NULL }, r);
	double w, e;
	unsigned wg, g;
	const char *row = strchr(r->out, '\n');
	return r->status == 0 && row && sscanf(row + 1, "%lf,%u,%u,%lf,", &w, &wg, &g, &e) == 4 ? e : NAN;
}

/* The rate of kernel (its mix-of count of the committed H200) as params
 * give it, --csv, in groups of wg at the given warps a CU, or NAN. */
static double rate_at(const char *params, const char *kernel, const char *wg, const char *warps, result *r)
{
	char spec[160];
	ptx_of(kernel, spec, sizeof spec);
	run((const char *const[]){ "predict", params, "--kernel", spec, "--csv", "--local-size", wg, "--warps", warps,
				   NULL }, r);
	double w, e;
	unsigned g, n;
	const char *row = strchr(r->out, '\n');
	return r->status == 0 && row && sscanf(row + 1, "%lf,%u,%u,%lf,", &w, &g, &n, &e) == 4 ? e : NAN;
}

/* A warp of a larger group waits longer for its group's last (the
 * committed H200's group_wait_4 and group_wait_8): nd-copy in groups of
 * 256 at 32 warps, where memory is not full, priced lower than by the same
 * file without them, by less than the wait of 8 warps; in groups of 64 (2
 * warps) the same; the header says what it took. */
START_TEST(a_larger_group_waits_longer_for_its_last_warp)
{
	char with[600], without[64], cmd[1400];
	lm_test_source_path(with, sizeof with, "data/measured/nvidia-h200/params-kernels.ini");
	snprintf(without, sizeof without, "/tmp/latmix-nowait-%d.ini", (int)getpid());
	snprintf(cmd, sizeof cmd, "awk '/^\\[/ { skip = $0 == \"[group_wait_4]\" || $0 == \"[group_wait_8]\" } !skip' "
		 "'%s' > '%s'", with, without);
	ck_assert_int_eq(system(cmd), 0);
	lm_params ps;
	ck_assert_int_eq(lm_params_read(with, &ps), LM_OK);
	double w8 = ps.p[LM_PARAM_GROUP_WAIT_8].value;
	ck_assert_msg(w8 > 0.05, "the committed H200's group_wait_8 is %g", w8);
	result *r = malloc(sizeof *r);
	double big = rate_at(with, "nd-copy", "256", "32", r), big0 = rate_at(without, "nd-copy", "256", "32", r);
	ck_assert_msg(big < big0 * 0.99 && big > big0 / (1 + w8) * (1 - 1e-9), "256: %g against %g (wait %g)", big,
		      big0, w8);
	double small = rate_at(with, "nd-copy", "64", "32", r), small0 = rate_at(without, "nd-copy", "64", "32", r);
	ck_assert_msg(small > 0 && fabs(small / small0 - 1) < 1e-12, "64: %g against %g", small, small0);
	char spec[160];
	ptx_of("nd-copy", spec, sizeof spec);
	run((const char *const[]){ "predict", with, "--kernel", spec, "--local-size", "256", NULL }, r);
	ck_assert_msg(r->status == 0 && strstr(r->out, "a warp of a group of 4 warps waits 7.6% of its time for its "
						  "group's last, of 8 15.0%"), "%.900s", r->out);
	run((const char *const[]){ "predict", without, "--kernel", spec, "--local-size", "256", NULL }, r);
	ck_assert_msg(r->status == 0 && strstr(r->out, "the file has no group_wait_4 to group_wait_32"), "%.900s", r->out);
	unlink(without);
	char ptx[96];
	snprintf(ptx, sizeof ptx, "/tmp/latmix-nd-copy-%d.ptx", (int)getpid());
	unlink(ptx);
	free(r);
}
END_TEST

/* A kernel as written without a loop reads at written-read's rate where
 * the file has it (the committed H200's: 8% over mem_thru): nd-dot, which
 * only reads, priced higher at 64 warps than by the same file without the
 * figure, by no more than the gain; nd-copy, a store a load, the same; the
 * header says which figures priced it. */
START_TEST(a_kernel_as_written_reads_at_written_reads_rate)
{
	char with[600], without[64], cmd[1400];
	lm_test_source_path(with, sizeof with, "data/measured/nvidia-h200/params-kernels.ini");
	snprintf(without, sizeof without, "/tmp/latmix-unwritten-%d.ini", (int)getpid());
	snprintf(cmd, sizeof cmd, "awk '/^\\[/ { skip = $0 == \"[written_read_thru]\" } !skip' '%s' > '%s'", with,
		 without);
	ck_assert_int_eq(system(cmd), 0);
	lm_params ps;
	ck_assert_int_eq(lm_params_read(with, &ps), LM_OK);
	double gain = ps.p[LM_PARAM_WRITTEN_READ_THRU].value / ps.p[LM_PARAM_MEM_THRU].value;
	ck_assert_msg(gain > 1.02, "the committed H200's written-read gains %g", gain);
	result *r = malloc(sizeof *r);
	double dot = rate_at_64(with, "nd-dot", r), dot0 = rate_at_64(without, "nd-dot", r);
	ck_assert_msg(dot / dot0 > 1.02 && dot / dot0 <= gain * (1 + 1e-9), "nd-dot %g against %g (gain %g)", dot, dot0,
		      gain);
	double copy = rate_at_64(with, "nd-copy", r), copy0 = rate_at_64(without, "nd-copy", r);
	ck_assert_msg(copy > 0 && fabs(copy / copy0 - 1) < 1e-9, "nd-copy %g against %g", copy, copy0);
	char spec[160];
	ptx_of("nd-dot", spec, sizeof spec);
	run((const char *const[]){ "predict", with, "--kernel", spec, "--local-size", "128", NULL }, r);
	ck_assert_msg(r->status == 0 && strstr(r->out, "its reads priced at written-read's "), "%.600s", r->out);
	run((const char *const[]){ "predict", without, "--kernel", spec, "--local-size", "128", NULL }, r);
	ck_assert_msg(r->status == 0 && strstr(r->out, "the file has no written_read_thru"), "%.600s", r->out);
	unlink(without);
	for (int i = 0; i < 2; i++) {
		char ptx[96];
		snprintf(ptx, sizeof ptx, "/tmp/latmix-%s-%d.ptx", i ? "nd-copy" : "nd-dot", (int)getpid());
		unlink(ptx);
	}
	free(r);
}
END_TEST

/* predict --kernel of a kernel as written with a loop inside (the suite's
 * nd-matmul as NVIDIA's driver built it on the H200, its loop unrolled
 * four times): without a trip count it is refused, saying how to give one;
 * with --trip, rows by the contract, twice the trips about half the rate
 * (the body around the loop is one store, and the groups start and end
 * half as often); without --local-size or --trip
 * a listing is a grid-stride loop as before. */
START_TEST(predict_a_loop_inside_a_kernel_as_written_by_its_trip_count)
{
	char params[600], spec[700];
	lm_test_source_path(params, sizeof params, "tests/fixtures/h100-2026-11-28/params-kernels.ini");
	lm_test_fixture_spec(spec, sizeof spec, "tests/fixtures/ptx/h200-nd-matmul.ptx", "nd_matmul");
	result *r = malloc(sizeof *r);
	run((const char *const[]){ "predict", params, "--kernel", spec, "--local-size", "128", NULL }, r);
	ck_assert_msg(r->status == 2 && strstr(r->err, "has a loop inside: its trip count") &&
			      strstr(r->err, "--trip N"), "%.300s", r->err);
	double rate[2];
	const char *trips[] = { "1024", "2048" };
	for (int i = 0; i < 2; i++) {
		run((const char *const[]){ "predict", params, "--kernel", spec, "--local-size", "128", "--trip", trips[i],
					   "--warps", "16", "--csv", NULL }, r);
		const char *row = strchr(r->out, '\n');
		ck_assert_msg(r->status == 0 && row && sscanf(row + 1, "16,128,4,%lf,", &rate[i]) == 1 && rate[i] > 0,
			      "%.300s %.300s", r->out, r->err);
	}
	ck_assert_msg(rate[1] / rate[0] > 0.45 && rate[1] / rate[0] < 0.55, "%g against %g", rate[1], rate[0]);
	run((const char *const[]){ "predict", params, "--kernel", spec, "--trip", "1024", NULL }, r);
	ck_assert_msg(r->status == 0 && strstr(r->out, "its loop run 1024 times a work-item, 256 iterations as "
						      "counted (unrolled 4 times)") &&
			      strstr(r->out, "work-group size to use: "), "%.400s", r->out);
	run((const char *const[]){ "predict", params, "--kernel", spec, NULL }, r);
	ck_assert_msg(r->status == 0 && !strstr(r->out, "as written") && strstr(r->out, "iterations/s"), "%.300s",
		      r->out);
	free(r);
}
END_TEST

/* elements_per_s in the kernel's own terms: its description's elements
 * over its launch's work-items (two elements a work-item here), and
 * work-items a second where it has none; a described launch runs in whole
 * waves of groups, its last part full. Counted by clang's NVPTX build
 * (skipped without clang and libclc). */
START_TEST(predict_counts_elements_as_the_description_does)
{
	if (system("command -v clang >/dev/null 2>&1 || ls /usr/bin/clang-[0-9]* >/dev/null 2>&1") != 0 ||
	    system("ls /usr/lib/clc/nvptx64--nvidiacl.bc >/dev/null 2>&1") != 0) {
		printf("skipped: no clang or libclc for nvptx\n");
		return;
	}
	make_tmp();
	static const char src[] = "__kernel void pair(__global float *c, __global const float *a)\n{\n"
				  "\tconst size_t i = get_global_id(0);\n\tc[2 * i] = a[2 * i];\n\tc[2 * i + 1] = a[2 * i + 1];\n}\n";
	shell("mkdir -p '%s/with' '%s/without'", tmp, tmp);
	const char *files[] = { "with/pair.cl", "without/pair.cl" };
	for (int i = 0; i < 2; i++) {
		FILE *f = fopen(in_tmp(files[i]), "w");
		ck_assert_ptr_nonnull(f);
		fputs(src, f);
		fclose(f);
	}
	FILE *f = fopen(in_tmp("with/pair.ini"), "w");
	ck_assert_ptr_nonnull(f);
	fputs("[kernel]\nsize = 1048576\nglobal = N / 2\nelements = N\nbytes = 8 * N\n[c]\ntype = global float*\n"
	      "length = N\nfill = zero\noutput = yes\n[a]\ntype = global const float*\nlength = N\nfill = random\n", f);
	fclose(f);
	char params[600], spec[2][600];
	lm_test_source_path(params, sizeof params, "tests/fixtures/h100-2026-11-28/params-kernels.ini");
	double rate[2];
	result *r = malloc(sizeof *r);
	for (int i = 0; i < 2; i++) {
		snprintf(spec[i], sizeof spec[i], "%s:pair", in_tmp(files[i]));
		run((const char *const[]){ "predict", params, "--kernel", spec[i], "--csv", "--local-size", "64",
					   "--warps", "8", NULL }, r);
		const char *row = strchr(r->out, '\n');
		ck_assert_msg(r->status == 0 && row && sscanf(row + 1, "8,64,4,%lf,", &rate[i]) == 1, "%.300s %.300s",
			      r->out, r->err);
		ck_assert_msg(i == 0 || strstr(r->err, "no description of its launch"), "%.300s", r->err);
	}
	/* two elements a work-item, and the grid's waves: its 524288 work-items
	 * fill 15.5 waves of 4 groups of 64 on each CU, the last half full */
	lm_params ps;
	ck_assert_int_eq(lm_params_read(params, &ps), LM_OK);
	double waves = 524288.0 / (64 * 4 * ps.compute_units), tail = waves / ceil(waves);
	ck_assert_msg(tail < 0.99 && fabs(rate[0] / rate[1] - 2 * tail) < 1e-6, "%.9g against %.9g, tail %g", rate[0],
		      rate[1], tail); /* 9 digits written */
	shell("rm -rf '%s'%s", tmp, "");
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

/* Regression (issue 47, item 15): a write error on standard output was
 * ignored: `latmix kernel --describe s.cl:s > s.ini` on a full disk left
 * an empty s.ini and exit 0. Every command that prints its result fails. */
START_TEST(a_full_standard_output_fails_the_command)
{
	char ref[512], cmd[2048];
	lm_test_source_path(ref, sizeof ref, "data/reference/maxwell-gtx980.ini");
	const char *const commands[] = { "devices", "predict '%s'", "predict --csv '%s'", "compare '%s'",
					 "predict '%s' --loads 1 --alpha 4" };
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
		char args[1024];
		snprintf(args, sizeof args, commands[i], ref);
		snprintf(cmd, sizeof cmd, "'%s' %s > /dev/full 2> /dev/null", getenv("LATMIX"), args);
		int st = system(cmd);
		ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == 1, "%s: status %d", args, st);
		snprintf(cmd, sizeof cmd, "'%s' %s > /dev/null 2> /dev/null", getenv("LATMIX"), args);
		st = system(cmd);
		ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == 0, "%s to /dev/null: status %d", args, st);
	}
}
END_TEST

/* Regression (issue 47, item 16): after make run, `latmix measure -m
 * stream --quick` replaced the 1,680-point measurements.csv with 5 points.
 * A file holding points of another sweep is not replaced unless told to;
 * a partial file an interrupted sweep left before its first point (its
 * head alone) no longer refuses the next sweep. */
START_TEST(a_sweep_replaces_no_file_of_another_sweep_unless_told)
{
	make_tmp();
	result *r = malloc(sizeof *r);
	const char *x = earlier_results("x.csv");
	tiny_sweep(x, "0", "1", NULL, r);
	ck_assert_msg(r->status == 2 && strstr(r->err, "x.csv holds 848 points, 847 of them of another sweep than "
						    "this one") && strstr(r->err, "--replace replaces it"),
		      "exit %d: %s", r->status, r->err);
	ck_assert_msg(same_bytes(x, in_tmp("x.csv.orig")), "%s changed", x);
	const char *const replace[] = { "--replace", NULL };
	tiny_sweep(x, "0", "1", replace, r);
	ck_assert_msg(r->status == 0 && rows_in(x) == 1, "exit %d: %s", r->status, r->err);
	/* the same sweep again replaces its own file */
	tiny_sweep(x, "0", "1", NULL, r);
	ck_assert_msg(r->status == 0 && rows_in(x) == 1, "exit %d: %s", r->status, r->err);

	/* a partial file of a head alone */
	const char *y = in_tmp("y.csv");
	char partial[600];
	snprintf(partial, sizeof partial, "%s.partial", y);
	FILE *f = fopen(partial, "w");
	ck_assert_ptr_nonnull(f);
	fputs("# latmix measurements\n# device = test\n", f);
	lm_results_header(f);
	fclose(f);
	tiny_sweep(y, "0", "1", NULL, r);
	ck_assert_msg(r->status == 0 && strstr(r->err, "held no point (a sweep stopped before its first): removed") &&
		      rows_in(y) == 1 && access(partial, F_OK) != 0, "exit %d: %s", r->status, r->err);
	shell("rm -rf '%s'%s", tmp, "");
	free(r);
}
END_TEST

/* A name not in the suite is refused naming every kernel of the suite
 * (the list once stopped at 16 of 24); a suite directory of more kernels
 * than latmix lists is refused, not cut to the first it reads. */
START_TEST(the_suite_is_named_whole_or_refused)
{
	make_tmp();
	result *r = malloc(sizeof *r);
	const char *const none[] = { "measure", "--kernel", "nosuch", "-o", "@OUT", NULL };
	snprintf(out_path, sizeof out_path, "%.40s/none.csv", tmp);
	run(none, r);
	ck_assert_msg(r->status == 2 && strstr(r->err, "not in the suite (add, ") && strstr(r->err, ", triad) and not"),
		      "exit %d: %s", r->status, r->err);
	shell("mkdir -p '%s/kernels' && cd '%s/kernels' && for i in $(seq 1 65); do : > k$i.ini; done", tmp, tmp);
	const char *const all[] = { "measure", "--kernel", "all", "--kernel-dir", tmp, "-o", "@OUT", NULL };
	run(all, r);
	ck_assert_msg(r->status == 2 && strstr(r->err, "holds more than 64 kernels"), "exit %d: %s", r->status,
		      r->err);
	ck_assert_int_ne(access(out_path, F_OK), 0);
	shell("rm -rf '%s'%s", tmp, "");
	free(r);
}
END_TEST

/* latmix run --refit fits a sweep already measured as make run's main job
 * does (issue 48, item 4: was scripts/fit-results.sh): each mix the mix
 * table marks alone, lmem and sfu with an issue cost, gmem refined, the
 * kernels' kinds; then the report. A CPU's sweep is not fitted. */
START_TEST(run_refit_fits_every_mix_the_table_marks)
{
	make_tmp();
	result *r = malloc(sizeof *r);
	char src[512], csv[600];
	lm_test_source_path(src, sizeof src, "data/measured/nvidia-h100");
	shell("cp '%s/measurements.csv' '%s/'", src, tmp);
	snprintf(csv, sizeof csv, "%s/measurements.csv", tmp);
	run((const char *const[]){ "run", "--refit", "-o", csv, NULL }, r);
	ck_assert_msg(r->status == 0, "exit %d: %s", r->status, r->err);
	static const char *const made[] = { "params.ini", "fit-gmem.txt", "params-gmem-stride2.ini",
					    "params-gmem-random.ini", "params-lmem.ini", "fit-lmem.txt",
					    "params-sfu.ini", "params-refined.ini", "params-kernels.ini",
					    "fit-kernels.txt", "report/report.md" };
	for (size_t i = 0; i < sizeof made / sizeof made[0]; i++)
		ck_assert_msg(access(in_tmp(made[i]), F_OK) == 0, "no %s", made[i]);
	ck_assert(lm_test_file_has(in_tmp("params-lmem.ini"), "\n[issue_cost]\n"));
	ck_assert(!lm_test_file_has(in_tmp("params-gmem-stride2.ini"), "\n[issue_cost]\n"));
	ck_assert(lm_test_file_has(in_tmp("params-kernels.ini"), "gmem-store-half"));
	ck_assert_msg(strstr(r->out, "report.md (") && strstr(r->out, "latmix: fits marked poor") , "%s", r->out);
	/* a CPU's sweep: reported, not fitted */
	shell("rm -rf '%s'/*%s", tmp, "");
	lm_test_source_path(src, sizeof src, "tests/fixtures/pocl-2026-11-23-27-columns.csv");
	shell("cp '%s' '%s/measurements.csv'", src, tmp);
	run((const char *const[]){ "run", "--refit", "-o", csv, NULL }, r);
	ck_assert_msg(r->status == 0 && strstr(r->out, "no model fitted") &&
		      access(in_tmp("params.ini"), F_OK) != 0 && access(in_tmp("report/report.md"), F_OK) == 0,
		      "exit %d: %s%s", r->status, r->out, r->err);
	shell("rm -rf '%s'%s", tmp, "");
	free(r);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("cli");
	TCase *tc = tcase_create("cases");
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, cli_case, 0, (int)(sizeof cases / sizeof cases[0]));
	tcase_add_test(tc, a_size_under_a_byte_is_refused_not_read_as_0_bytes);
	tcase_add_test(tc, a_sign_or_blank_before_an_integer_option_is_refused);
	tcase_add_test(tc, predict_maxwell_shows_thesis_warps);
	tcase_add_test(tc, kernel_mix_of_counts_a_ptx_listing);
	tcase_add_test(tc, kernel_mix_of_counts_misaligned_accesses);
	tcase_add_test(tc, kernels_built_ahead_measure_the_same_points);
	tcase_add_test(tc, a_cpus_default_sweep_measures_the_curves_its_report_draws);
	tcase_add_test(tc, kernels_counted_ahead_keep_the_same_counts);
	tcase_add_test(tc, predict_prices_a_store_only_loop);
	tcase_add_test(tc, predict_says_a_loop_of_three_accesses_with_a_store_bends_later);
	tcase_add_test(tc, predict_says_a_flat_tops_90_percent_as_a_range);
	tcase_add_test(tc, devices_lists_at_least_one_device);
	tcase_add_test(tc, the_suite_is_named_whole_or_refused);
	tcase_add_test(tc, predict_a_kernel_as_written_by_the_csv_contract);
	tcase_add_test(tc, a_kernel_as_written_reads_at_written_reads_rate);
	tcase_add_test(tc, a_larger_group_waits_longer_for_its_last_warp);
	tcase_add_test(tc, predict_a_loop_inside_a_kernel_as_written_by_its_trip_count);
	tcase_add_test(tc, predict_counts_elements_as_the_description_does);
	tcase_add_test(tc, devices_show_vendor_facts);
	tcase_add_test(tc, a_sweep_whose_kernels_fail_to_build_leaves_an_existing_file_byte_identical);
	tcase_add_test(tc, a_sweep_names_the_commit_that_measured_it);
	tcase_add_test(tc, a_sweep_failing_midway_keeps_its_points_apart_and_resume_finishes_them);
	tcase_add_test(tc, resume_after_a_row_cut_in_its_last_field_measures_it_again);
	tcase_add_test(tc, resume_refuses_a_file_with_other_columns);
	tcase_add_test(tc, resume_refuses_other_measuring_options_and_records_other_points);
	tcase_add_test(tc, resume_refuses_a_store_sweep_written_into_another_sink);
	tcase_add_test(tc, fit_and_export_refuse_to_write_over_their_inputs);
	tcase_add_test(tc, a_full_standard_output_fails_the_command);
	tcase_add_test(tc, a_sweep_replaces_no_file_of_another_sweep_unless_told);
	tcase_add_test(tc, run_refit_fits_every_mix_the_table_marks);
	tcase_add_test(tc, sweeps_given_one_binary_directory_build_once);
	tcase_add_test(tc, a_second_run_builds_no_kernel_and_another_source_builds_again);
	tcase_add_test(tc, a_held_lock_is_waited_for_no_longer_than_the_time_limit);
	tcase_add_test(tc, the_kernel_cache_keeps_the_directories_used_last);
	suite_add_tcase(s, tc);
	return lm_test_run(s);
}
