/* latmix report and latmix compare, run as a user runs them, on the
 * committed H200 data copied into a temporary directory. Runs with or
 * without gnuplot installed: without it, the pictures must be reported as
 * skipped and everything else still written. */
#include "testutil.h"
#include "testrun.h"
#include "fit/model.h"
#include "fit/params.h"

#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

typedef lm_test_result result;


/* Runs latmix with args (NULL-terminated), LATMIX_GNUPLOT set to gnuplot
 * unless NULL. */
static void run(const char *gnuplot, const char *const *args, result *r)
{
	lm_test_latmix(args, gnuplot, r);
}

/* A fresh copy of the H200 results (CSV and, if params, the parameter
 * files) in a new temporary directory, written into dir. */
static void copy_h200(char *dir, size_t size, bool params)
{
	char tmpl[] = "/tmp/latmix-report-XXXXXX";
	ck_assert(mkdtemp(tmpl));
	snprintf(dir, size, "%s", tmpl);
	const char *root = getenv("LATMIX_SOURCE_ROOT");
	char cmd[8192];
	snprintf(cmd, sizeof cmd, "cp -r '%s/tests/fixtures/h200-2026-11-25/nvidia-h200/'measurements.csv '%s/tests/fixtures/h200-2026-11-25/nvidia-h200/'kernels.csv '%s/tests/fixtures/h200-2026-11-25/nvidia-h200/'mix-of '%s'", root, root, root, dir);
	ck_assert_int_eq(system(cmd), 0);
	snprintf(cmd, sizeof cmd, "cp '%s/tests/fixtures/h200-2026-11-25/nvidia-h200/'params*.ini '%s'", root, dir);
	ck_assert_int_eq(params ? system(cmd) : 0, 0);
}

static void remove_dir(const char *dir)
{
	ck_assert_int_eq(lm_test_remove_dir(dir), 0);
}

/* latmix report on a fresh copy of the H200 results (copy_h200), gnuplot
 * out of reach: the pictures' scripts and data are written, not drawn. */
static void report_of_h200(char *dir, size_t size, bool params, result *r)
{
	copy_h200(dir, size, params);
	run("/nonexistent/gnuplot", (const char *const[]){ "report", dir, NULL }, r);
	ck_assert_msg(r->status == 0, "status %d: %s", r->status, r->err);
}

static bool exists(const char *dir, const char *name, const char *ext)
{
	char path[4200];
	struct stat st;
	snprintf(path, sizeof path, "%s/report/%s%s", dir, name, ext);
	return stat(path, &st) == 0 && st.st_size > 0;
}

/* A report that failed left no report directory in dir. */
static void assert_no_report_dir(const char *dir)
{
	char path[4200];
	snprintf(path, sizeof path, "%s/report", dir);
	ck_assert_msg(access(path, F_OK) != 0, "%s was left", path);
}

/* Is there a gnuplot on PATH (as latmix would find it)? */
static bool have_gnuplot(void)
{
	return system("command -v gnuplot >/dev/null 2>&1") == 0;
}

static const char *const pictures[] = {
	"throughput-gmem", "throughput-gmem-chains", "throughput-gmem-stride2",
	"throughput-gmem-random", "throughput-lmem", "throughput-sfu", "throughput-stream",
	"warps-needed", "guide-estimate", "latency",
};
#define NPICTURES (sizeof pictures / sizeof pictures[0])

static void check_report(const char *dir, bool drawn)
{
	static char md[262144];
	char path[4200];
	snprintf(path, sizeof path, "%s/report/report.md", dir);
	lm_test_slurp(path, md, sizeof md);
	ck_assert_msg(strstr(md, "# latmix report: NVIDIA H200"), "report.md: no title");
	ck_assert(strstr(md, "580.159.04"));                 /* driver */
	ck_assert(strstr(md, "%clock64/%globaltimer"));       /* clock source */
	ck_assert(strstr(md, "8522825728 bytes"));            /* footprint */
	ck_assert(strstr(md, "co-resident (rows) | yes 5985 |"));
	ck_assert(strstr(md, "timing (rows) | stop-flag 5985 |"));
	ck_assert(strstr(md, "| memory: streaming reads (`stream`) | 0.1343 warp loads/cycle/CU"));
	/* the stream pairs' misaligned shares, the sweep's not a mix's */
	ck_assert(strstr(md, "read-only (`stream-shift` / `stream`) | 0.671 ± 0.00038 of the aligned"));
	ck_assert(strstr(md, "beside a store (`stream-store-shift` / `stream-store`) | 0.884 ± 0.0044 of"));
	ck_assert(!strstr(md, "| misaligned | share |"));
	ck_assert(strstr(md, "tool version 0.1.0"));
	ck_assert(strstr(md, "| mem_lat | cycles | 741.6 ± 2.2 |")); /* params.ini, with its error */
	ck_assert(strstr(md, "| gmem | inf | 4.06174 | 4.04334 | +0.45% |")); /* the flag-free reference */
	/* the suite of real kernels beside the sweep: a row and a picture each */
	ck_assert_msg(strstr(md, "## Kernels") && strstr(md, "| triad | 3651 | 81% |") &&
		      strstr(md, "| fill | 4177 | 93% |") && strstr(md, "memory bandwidth"), "no kernels' table");
	ck_assert_msg(exists(dir, "kernel-triad", ".gp") && exists(dir, "kernel-triad", ".dat"),
		      "no picture of kernel triad");
	/* a curve that falls and never recovers is named with its fall; a
	 * smooth one is not */
	ck_assert_msg(strstr(md, "falls 17% from 40 to 42 warps and never recovers") &&
		      strstr(md, "falls 26% from 9 to 10 warps and never recovers"),
		      "stencil3d's or transpose's fall not named");
	const char *sum = strstr(md, "| sum | ");
	char row[512];
	ck_assert(sum);
	snprintf(row, sizeof row, "%.*s", (int)strcspn(sum, "\n"), sum);
	ck_assert_msg(!strstr(row, "falls"), "sum's row names a fall: %s", row);
	/* each kernel predicted from its counted loop and params-kernels.ini,
	 * or the reason it is not */
	ck_assert_msg(strstr(md, "### Predicted") &&
		      strstr(md, "| sum | 1, 0, 6 | 1.6% | 55.6 | 56.2 | +1% |") &&
		      strstr(md, "| triad | 2, 1, 8 | 1.4% | 52.0 | 47.4 | -9% |") &&
		      strstr(md, "| transpose | 1, 1 (s), 36 | 21.2% | 5.9 | 5.3 | -9% |") &&
		      strstr(md, "| stencil2d | 1 (m) + 2, 1, 52 | 5.5% | 48.4 | 52.7 | +9% |") && /* rows, a division, misaligned */
		      strstr(md, "| gemv | not predicted: kernel gemv: its loop over global memory") &&
		      strstr(md, "| fill | 0, 1, 5 | 8.2% | 4.6 | 4.8 | +5% |"), "no predicted kernels' table");
	char gp[8192];
	snprintf(path, sizeof path, "%s/report/kernel-triad.gp", dir);
	lm_test_slurp(path, gp, sizeof gp);
	ck_assert_msg(strstr(gp, "using 1:4 with lines") && strstr(gp, "predicted: 1.4% RMS error"),
		      "kernel-triad.gp: no prediction drawn");
	/* near the stream peak: drawn up to it; transpose, a tenth of it: at its
	 * own scale, the peak named above it */
	ck_assert_msg(strstr(gp, "set yrange [0:") && atof(strstr(gp, "set yrange [0:") + 14) > 1.1 * 4486 && !strstr(gp, "above the scale"), "kernel-triad.gp");
	snprintf(path, sizeof path, "%s/report/kernel-transpose.gp", dir);
	lm_test_slurp(path, gp, sizeof gp);
	ck_assert_msg(strstr(gp, "set yrange [0:445.6]") && strstr(gp, "stream peak (4486 GB/s, above the scale)"),
		      "kernel-transpose.gp: not at its own scale");
	for (size_t i = 0; i < NPICTURES; i++) {
		ck_assert_msg(exists(dir, pictures[i], ".gp"), "%s.gp missing", pictures[i]);
		ck_assert_msg(exists(dir, pictures[i], ".dat"), "%s.dat missing", pictures[i]);
		ck_assert_msg(exists(dir, pictures[i], ".png") == drawn, "%s.png %s", pictures[i],
			      drawn ? "missing" : "drawn without gnuplot");
		ck_assert_msg(exists(dir, pictures[i], ".svg") == drawn, "%s.svg %s", pictures[i],
			      drawn ? "missing" : "drawn without gnuplot");
		ck_assert_msg(strstr(md, pictures[i]), "report.md does not name %s", pictures[i]);
	}
	/* the warps-needed data: the refined model read at the chain counts
	 * measured (block 5) against the curves' crossings of its peak (block
	 * 4), alpha 0 */
	char dat[65536];
	snprintf(path, sizeof path, "%s/report/warps-needed.dat", dir);
	lm_test_slurp(path, dat, sizeof dat);
	double w4 = NAN, w5 = NAN;
	const char *b4 = strstr(dat, "# block 4"), *b5 = strstr(dat, "# block 5");
	ck_assert_msg(b4 && b5, "warps-needed.dat lacks blocks 4 and 5");
	ck_assert_int_eq(sscanf(strchr(b4, '\n') + 1, "%*g 0 %lf", &w4), 1);
	ck_assert_int_eq(sscanf(strchr(b5, '\n') + 1, "%*g 0 %lf", &w5), 1);
	ck_assert_msg(fabs(w5 / w4 - 1) < 0.1, "alpha 0: refined model %g, measured %g warps", w5, w4);
	ck_assert_msg((strstr(md, "Plots were skipped") != NULL) == !drawn,
		      "report.md and the pictures disagree on whether plots were drawn");
}

START_TEST(report_writes_every_file)
{
	char dir[256];
	copy_h200(dir, sizeof dir, true);
	result r;
	run(NULL, (const char *const[]){ "report", dir, NULL }, &r);
	ck_assert_msg(r.status == 0, "status %d: %s", r.status, r.err);
	bool drawn = have_gnuplot();
	check_report(dir, drawn);
	if (!drawn)
		ck_assert(strstr(r.err, "plots skipped"));
	remove_dir(dir);
}
END_TEST

START_TEST(report_without_gnuplot_warns_and_writes_the_rest)
{
	char dir[256];
	result r;
	report_of_h200(dir, sizeof dir, true, &r);
	ck_assert_msg(strstr(r.err, "warning: plots skipped") && strstr(r.err, "/nonexistent/gnuplot"),
		      "stderr: %s", r.err);
	check_report(dir, false);
	remove_dir(dir);
}
END_TEST

START_TEST(report_fits_when_params_are_missing)
{
	char dir[256];
	result r;
	report_of_h200(dir, sizeof dir, false, &r);
	char md[65536], path[4200];
	snprintf(path, sizeof path, "%s/report/report.md", dir);
	lm_test_slurp(path, md, sizeof md);
	ck_assert(strstr(md, "fitted by latmix report"));
	ck_assert(strstr(md, "No model: "));  /* stream has none */
	/* the model it fits carries the device's clock: the summary gives the
	 * load's latency in ns and memory's peak in GB/s, not nan */
	const char *why = strstr(md, "Why: a load takes");
	ck_assert_msg(why, "no 'Why:' line in the summary");
	char line[1024];
	snprintf(line, sizeof line, "%.*s", (int)strcspn(why, "\n"), why);
	ck_assert_msg(!strstr(line, "nan") && strstr(line, " MHz") && strstr(line, " GB/s"), "%s", line);
	double mhz = 0;
	ck_assert(sscanf(strstr(line, " at ") + 4, "%lf MHz", &mhz) == 1);
	ck_assert_msg(mhz > 100 && mhz < 5000, "clock %g MHz", mhz);
	remove_dir(dir);
}
END_TEST

START_TEST(report_of_a_missing_directory_fails)
{
	result r;
	run(NULL, (const char *const[]){ "report", "/nonexistent/results", NULL }, &r);
	ck_assert_int_eq(r.status, 1);
	ck_assert(strstr(r.err, "/nonexistent/results"));
}
END_TEST

/* A kernel measured alone (latmix measure --kernel -o elsewhere): refused
 * naming the sweep it is drawn beside, and no report directory left. */
START_TEST(report_of_kernels_alone_says_what_it_needs)
{
	char dir[256], cmd[4400];
	copy_h200(dir, sizeof dir, false);
	snprintf(cmd, sizeof cmd, "rm '%s/measurements.csv'", dir);
	ck_assert_int_eq(system(cmd), 0);
	result r;
	run(NULL, (const char *const[]){ "report", dir, NULL }, &r);
	ck_assert_int_eq(r.status, 2);
	ck_assert_msg(strstr(r.err, "kernels.csv without the sweep") && strstr(r.err, "measurements.csv"), "%s",
		      r.err);
	assert_no_report_dir(dir);
	remove_dir(dir);
}
END_TEST

/* A kernel whose loop the count finds misaligned (stencil1d's a[i - 1] and
 * a[i + 1], recounted from the driver's PTX kept beside the rows) is marked
 * so in the predicted table, and the mark explained; copy is not. */
START_TEST(report_marks_misaligned_accesses)
{
	char dir[256], cmd[8800];
	copy_h200(dir, sizeof dir, true);
	snprintf(cmd, sizeof cmd, "cp '%s/mix-of/stencil1d.txt' '%s/s.ptx' && '%s' kernel --mix-of '%s/s.ptx:stencil1d' "
		 "> '%s/mix-of/stencil1d.txt'", dir, dir, getenv("LATMIX"), dir, dir);
	ck_assert_int_eq(system(cmd), 0);
	result r;
	run("/nonexistent/gnuplot", (const char *const[]){ "report", dir, NULL }, &r);
	ck_assert_msg(r.status == 0, "status %d: %s", r.status, r.err);
	static char md[1 << 20];
	snprintf(cmd, sizeof cmd, "%s/report/report.md", dir);
	lm_test_slurp(cmd, md, sizeof md);
	ck_assert_msg(strstr(md, "| stencil1d | 1 (m), 1, ") && strstr(md, "| copy | 1, 1, ") &&
			      strstr(md, "m: misaligned"),
		      "%s", strstr(md, "### Predicted") ? strstr(md, "### Predicted") : md);
	remove_dir(dir);
}
END_TEST

/* A kernel under the stream peak in the bytes it requests but at it in the
 * lines its warps touch (the H100 strided lease's stride4: a float of
 * every four) is named memory bound, with both figures; one short of the
 * peak either way (sstore2) is not. The fixture is that lease's
 * (studies/strided/nvidia-h100/): its kernels' rows, their counts, its
 * params-kernels.ini, and of its sweep only the stream mixes' rows. */
START_TEST(report_names_a_strided_kernels_lines)
{
	char tmpl[] = "/tmp/latmix-report-XXXXXX", cmd[8800];
	ck_assert(mkdtemp(tmpl));
	snprintf(cmd, sizeof cmd, "cd '%s/tests/fixtures/strided-h100' && cp -r measurements.csv "
		 "kernels.csv mix-of params*.ini '%s'", getenv("LATMIX_SOURCE_ROOT"), tmpl);
	ck_assert_int_eq(system(cmd), 0);
	result r;
	run("/nonexistent/gnuplot", (const char *const[]){ "report", tmpl, NULL }, &r);
	ck_assert_msg(r.status == 0, "status %d: %s", r.status, r.err);
	static char md[1 << 20];
	snprintf(cmd, sizeof cmd, "%s/report/report.md", tmpl);
	lm_test_slurp(cmd, md, sizeof md);
	const char *row = strstr(md, "| stride4 | "), *other = strstr(md, "| sstore2 | ");
	ck_assert_msg(row && strstr(row, "| memory bandwidth, in the lines its warps touch (102% of stream's): its "
					 "loop's accesses span 20 bytes an element, of which it requests 8 |"),
		      "%s", row ? row : md);
	char line[512];
	ck_assert(other);
	snprintf(line, sizeof line, "%.*s", (int)strcspn(other, "\n"), other);
	ck_assert_msg(strstr(line, "not memory bandwidth (39% of stream's)"), "%s", line);
	remove_dir(tmpl);
}
END_TEST

/* Regression (issue 47, item 14): a count file's predict: line that
 * latmix predict refuses (--loads -5, nan, 1e308, 9 scattered loads of 2)
 * gave a row of figures ("add | -5, 1, 8 | 732.6% | ..."), exit 0. Each is
 * refused as predict refuses it: the row names the kernel, the file, the
 * figure and its value, and draws no predicted curve. */
START_TEST(report_refuses_counts_predict_refuses)
{
	static const struct {
		const char *kernel, *line, *why;
	} bad[] = {
		{ "add", "--loads -5 --stores 1 --alpha 8 --insts 11",
		  "mix-of/add.txt: its predict: line: --loads -5: expected a number from 0 to 1024" },
		{ "copy", "--loads nan --stores 1 --alpha 6 --insts 8",
		  "mix-of/copy.txt: its predict: line: --loads 'nan': not a number" },
		{ "scale", "--loads 1 --stores 1 --alpha 1e308 --insts 9",
		  "mix-of/scale.txt: its predict: line: --alpha 1e+308: expected a number from 0 to 1e+06" },
		{ "triad", "--loads 2 --stores 1 --alpha 8 --insts 11 --scattered-loads 9",
		  "mix-of/triad.txt: its predict: line: 9 scattered loads of 2" },
	};
	char dir[256], cmd[8800];
	copy_h200(dir, sizeof dir, true);
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		/* the count's text, as results measured before counts were INI hold it */
		snprintf(cmd, sizeof cmd, "sed -i 's/^predict: .*/predict: %s/' '%s/mix-of/%s.txt' && rm -f '%s/mix-of/%s.ini'",
			 bad[i].line, dir, bad[i].kernel, dir, bad[i].kernel);
		ck_assert_int_eq(system(cmd), 0);
	}
	/* and a count file (mix-of/NAME.ini) with a figure predict refuses */
	snprintf(cmd, sizeof cmd, "sed -i 's/^loads = .*/loads = -5/' '%s/mix-of/dot.ini'", dir);
	ck_assert_int_eq(system(cmd), 0);
	result r;
	run("/nonexistent/gnuplot", (const char *const[]){ "report", dir, NULL }, &r);
	ck_assert_msg(r.status == 0, "status %d: %s", r.status, r.err);
	static char md[1 << 20];
	char gp[8192];
	snprintf(cmd, sizeof cmd, "%s/report/report.md", dir);
	lm_test_slurp(cmd, md, sizeof md);
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		char row[512];
		snprintf(row, sizeof row, "| %s | not predicted: %s", bad[i].kernel, bad[i].why);
		ck_assert_msg(strstr(md, row), "no '%s' in %s", row, strstr(md, "### Predicted"));
		snprintf(cmd, sizeof cmd, "%s/report/kernel-%s.gp", dir, bad[i].kernel);
		lm_test_slurp(cmd, gp, sizeof gp);
		ck_assert_msg(!strstr(gp, "predicted:"), "kernel-%s.gp draws a prediction", bad[i].kernel);
	}
	ck_assert_msg(strstr(md, "| dot | not predicted: ") && strstr(md, "dot.ini: --loads -5: expected a number from 0 to 1024"),
		      "no refusal of dot.ini");
	ck_assert_msg(strstr(md, "| sum | 1, 0, 6 | 1.6% |"), "the others' rows"); /* the rest as before */
	remove_dir(dir);
}
END_TEST

/* Every file under dir/report with its checksum, and what else of the
 * report's lies in dir (report.*: a temporary or old one), into out. */
static void report_state(const char *dir, char *out, size_t size)
{
	char cmd[4400];
	snprintf(cmd, sizeof cmd, "cd '%s' && find report -exec ls -ld {} + | awk '{print $1, $NF}' && "
		 "find report -type f -exec sha256sum {} + | sort && ls -a | grep '^report.'", dir);
	FILE *p = popen(cmd, "r");
	ck_assert_ptr_nonnull(p);
	size_t n = fread(out, 1, size - 1, p);
	out[n] = '\0';
	pclose(p);
}

/* Regression (issue 47, item 16): report wrote into report/ as it went,
 * so one that failed midway left what it had drawn (48 files and no
 * report.md, or a new latency.dat beside an older report.md: two runs
 * mixed). A gnuplot that fails on a script, after every .gp and .dat is
 * drawn, now leaves the old report byte for byte and nothing beside it;
 * the next report replaces it whole. */
START_TEST(a_report_that_fails_midway_leaves_the_old_one_as_it_was)
{
	char dir[256], path[4200];
	result r;
	report_of_h200(dir, sizeof dir, true, &r);
	/* an old report that a new one's files would differ from */
	snprintf(path, sizeof path, "%s/report/latency.dat", dir);
	ck_assert_int_eq(truncate(path, 0), 0);
	static char before[1 << 16], after[1 << 16];
	report_state(dir, before, sizeof before);
	ck_assert_msg(strstr(before, "report.md") && !strstr(before, "report.tmp"), "%s", before);
	run("/bin/false", (const char *const[]){ "report", dir, NULL }, &r);
	ck_assert_msg(r.status == 1 && strstr(r.err, "not written (one there before is as it was)") &&
			      strstr(r.err, "failed"), "status %d: %s", r.status, r.err);
	report_state(dir, after, sizeof after);
	ck_assert_msg(strcmp(before, after) == 0, "before:\n%s\nafter:\n%s", before, after);
	/* the next one in its place, whole, nothing left beside it */
	run("/nonexistent/gnuplot", (const char *const[]){ "report", dir, NULL }, &r);
	ck_assert_msg(r.status == 0, "status %d: %s", r.status, r.err);
	report_state(dir, after, sizeof after);
	struct stat st;
	ck_assert_msg(stat(path, &st) == 0 && st.st_size > 0 && !strstr(after, "report.tmp") &&
			      !strstr(after, "report.old"), "%s", after);
	remove_dir(dir);
}
END_TEST

START_TEST(compare_names_an_unreadable_file_and_prints_nothing)
{
	char ref[4200];
	lm_test_source_path(ref, sizeof ref, "data/reference/maxwell-gtx980.ini");
	result r;
	run(NULL, (const char *const[]){ "compare", ref, "/nonexistent/b.ini", NULL }, &r);
	ck_assert_int_eq(r.status, 1);
	ck_assert_msg(strstr(r.err, "/nonexistent/b.ini"), "stderr: %s", r.err);
	ck_assert_msg(r.out[0] == '\0', "stdout: %s", r.out);
}
END_TEST

START_TEST(compare_units)
{
	char a[4200], b[4200];
	lm_test_source_path(a, sizeof a, "data/reference/kepler-gtx680.ini");
	lm_test_source_path(b, sizeof b, "data/reference/maxwell-gtx980.ini");
	result r;
	run(NULL, (const char *const[]){ "compare", "--csv", a, b, NULL }, &r);
	ck_assert_msg(r.status == 0, "status %d: %s", r.status, r.err);
	/* Kepler: 0.1338 IPC x 32 lanes x 4 B x 8 SMs x 1124 MHz is the thesis's 154 GB/s;
	 * Maxwell's file has no clock: n/a, not a number */
	ck_assert_msg(strstr(r.out, "mem_lat [cycles],mem_lat [ns],alu_thru [warp-inst/cycle/CU],"
			      "mem_thru [warp-inst/cycle/CU],\"mem_thru [GB/s, device]\""), "stdout: %s", r.out);
	ck_assert_msg(strstr(r.out, "GeForce GTX 680 (Kepler),basic,1124,9,301,267.8,6,0.1338,154,"), "stdout: %s", r.out);
	ck_assert_msg(strstr(r.out, "GeForce GTX 980 (Maxwell),basic,-,6,368,n/a,4,0.081,n/a,"), "stdout: %s", r.out);
	/* one row per file, and a header */
	int lines = 0;
	for (const char *c = r.out; *c; c++)
		lines += *c == '\n';
	ck_assert_int_eq(lines, 3);
	/* the misaligned shares, measured: the thesis's files have none (no
	 * column), the committed H200 and H100 files both */
	ck_assert_msg(!strstr(r.out, "misaligned"), "stdout: %s", r.out);
	lm_test_source_path(a, sizeof a, "tests/fixtures/h200-2026-11-25/nvidia-h200/params-kernels.ini");
	lm_test_source_path(b, sizeof b, "tests/fixtures/h100-2026-11-25/params-kernels.ini");
	run(NULL, (const char *const[]){ "compare", a, b, NULL }, &r);
	ck_assert_msg(r.status == 0, "status %d: %s", r.status, r.err);
	ck_assert_msg(strstr(r.out, "beside a store | share") && strstr(r.out, "| 0.8845 ") &&
			      strstr(r.out, "| 0.8553 "), "stdout: %s", r.out);
	/* what kernels as written read, from the file that measured it (the
	 * committed H200's) in bytes a second; '-' where a file has none */
	char h200[4200], h100[4200];
	lm_test_source_path(h200, sizeof h200, "data/measured/nvidia-h200/params-kernels.ini");
	lm_test_source_path(h100, sizeof h100, "data/measured/nvidia-h100/params-kernels.ini");
	run(NULL, (const char *const[]){ "compare", h200, h100, NULL }, &r);
	const char *row = strstr(r.out, "written_read_thru: reads as written");
	lm_params ps;
	ck_assert_msg(r.status == 0 && row && lm_params_read(h200, &ps) == LM_OK, "%d %.300s", r.status, r.out);
	double want = ps.p[LM_PARAM_WRITTEN_READ_THRU].value * ps.simd_width * ps.compute_units * ps.clock_mhz * 1e6 *
		      4 * 1e-9, got = 0;
	const char *cell = strstr(row, "GB/s, device");
	ck_assert_msg(cell && sscanf(strchr(cell, '|') + 1, "%lf", &got) == 1 && fabs(got / want - 1) < 1e-3 &&
			      strstr(cell, "| -") && strstr(cell, "| -") < strchr(cell, '\n'),
		      "%.300s (want %g)", row, want);
	/* what a group's warps wait for its last, likewise: the H200's share */
	row = strstr(r.out, "group_wait_8: a warp's wait for its group of 8's last");
	cell = row ? strstr(row, "share of its time") : NULL;
	ck_assert_msg(cell && sscanf(strchr(cell, '|') + 1, "%lf", &got) == 1 &&
			      fabs(got / ps.p[LM_PARAM_GROUP_WAIT_8].value - 1) < 1e-3 && strstr(cell, "| -") &&
			      strstr(cell, "| -") < strchr(cell, '\n'),
		      "%.300s", row ? row : r.out);
	/* two leases' files of one name: the head tells them apart */
	lm_test_source_path(b, sizeof b, "tests/fixtures/repeat/nvidia-h200/params-kernels.ini");
	run(NULL, (const char *const[]){ "compare", a, b, NULL }, &r);
	ck_assert_msg(r.status == 0, "status %d: %s", r.status, r.err);
	ck_assert_msg(strstr(r.out, "| h200-2026-11-25/nvidia-h200/params-kernels.ini ") &&
			      strstr(r.out, "| repeat/nvidia-h200/params-kernels.ini "), "stdout: %s", r.out);
}
END_TEST

/* 100 files of one GPU model with run-to-run scatter, one of them with a
 * memory throughput 3% low (a slow HBM stack): the fleet check names that
 * one and no other, in the table and in the CSV. */
START_TEST(compare_flags_the_one_outlier_of_a_hundred)
{
	char dir[] = "/tmp/latmix-fleet-XXXXXX";
	ck_assert(mkdtemp(dir));
	char ref[4200];
	lm_test_source_path(ref, sizeof ref, "data/reference/kepler-gtx680.ini");
	lm_params base;
	ck_assert_int_eq(lm_params_read(ref, &base), LM_OK);
	enum { N = 100, ODD = 57 };
	static char paths[N][256];
	const char *args[N + 4] = { "compare" };
	unsigned long long x = 88172645463325252ull;
	for (int i = 0; i < N; i++) {
		lm_params p = base;
		snprintf(p.device, sizeof p.device, "NVIDIA H200");
		for (int k = 0; k < LM_PARAM_COUNT; k++) {
			if (p.p[k].kind != LM_PARAM_VALUE)
				continue;
			/* +-0.2% scatter (xorshift), a standard error of 0.1% */
			x ^= x << 13;
			x ^= x >> 7;
			x ^= x << 17;
			double u = (double)(x % 2001) / 1000.0 - 1.0;
			p.p[k].value *= 1 + 0.002 * u;
			p.p[k].std_error = 0.001 * p.p[k].value;
		}
		if (i == ODD)
			p.p[LM_PARAM_MEM_THRU].value *= 0.97;
		snprintf(paths[i], sizeof paths[i], "%s/gpu%02d.ini", dir, i);
		ck_assert_msg(lm_params_write(paths[i], &p, NULL) == LM_OK, "%s", lm_error_message());
		args[1 + i] = paths[i];
	}
	result r;
	run(NULL, args, &r);
	ck_assert_msg(r.status == 0, "%s", r.err);
	ck_assert_msg(strstr(r.out, "fleet check") && strstr(r.out, ": 1 file."), "%s", r.out);
	char want[300];
	snprintf(want, sizeof want, "  %s (NVIDIA H200): mem_thru -3", paths[ODD]);
	ck_assert_msg(strstr(r.out, want), "%s", r.out);
	args[1] = "--csv";
	for (int i = 0; i < N; i++)
		args[2 + i] = paths[i];
	run(NULL, args, &r);
	ck_assert_msg(r.status == 0, "%s", r.err);
	int flagged = 0;
	for (const char *line = r.out; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
		const char *end = strchr(line, '\n');
		size_t len = end ? (size_t)(end - line) : strlen(line);
		if (len && line[len - 1] != ',') {
			flagged++;
			ck_assert_msg(strncmp(line, paths[ODD], strlen(paths[ODD])) == 0 || strncmp(line, "file,", 5) == 0,
				      "%.*s", (int)len, line);
		}
	}
	ck_assert_int_eq(flagged, 2); /* the header and the outlier */
	/* the chart: one bar per device model, not a hundred */
	char chart[300], dat[400], text[4096];
	snprintf(chart, sizeof chart, "%s/chart", dir);
	args[1] = "-o";
	args[2] = chart;
	for (int i = 0; i < N; i++)
		args[3 + i] = paths[i];
	args[3 + N] = NULL;
	run(NULL, args, &r);
	ck_assert_msg(r.status == 0, "%s", r.err);
	snprintf(dat, sizeof dat, "%s/warps-ratio.dat", chart);
	lm_test_slurp(dat, text, sizeof text);
	ck_assert_msg(strstr(text, "NVIDIA H200 (model, basic, median of 100 files)"), "%s", text);
	int bars = 0;
	for (const char *c = strstr(text, "NVIDIA H200"); c; c = strstr(c + 1, "NVIDIA H200"))
		bars++;
	ck_assert_int_eq(bars, 1);
	remove_dir(chart);
	for (int i = 0; i < N; i++)
		unlink(paths[i]);
	rmdir(dir);
}
END_TEST

/* latmix export: the JSON loads with Python's json module and gives back
 * every number of the parameter files exactly (tests/json_roundtrip.py);
 * a directory that cannot be read writes nothing. */
START_TEST(export_round_trips_through_a_json_reader)
{
	char dir[4200], json[4300], cmd[16384];
	copy_h200(dir, sizeof dir, true);
	result r;
	/* a fit with the quality fields too */
	char csv[4300], ini[4300];
	snprintf(csv, sizeof csv, "%s/measurements.csv", dir);
	snprintf(ini, sizeof ini, "%s/params-sfu.ini", dir);
	run(NULL, (const char *const[]){ "fit", "-m", "sfu", csv, "-o", ini, NULL }, &r);
	ck_assert_msg(r.status == 0, "%s", r.err);
	snprintf(json, sizeof json, "%s/export.json", dir);
	run(NULL, (const char *const[]){ "export", dir, "-o", json, NULL }, &r);
	ck_assert_msg(r.status == 0, "%s", r.err);
	snprintf(cmd, sizeof cmd, "python3 '%s/tests/json_roundtrip.py' '%s' '%s' >&2",
		 getenv("LATMIX_SOURCE_ROOT"), json, dir);
	ck_assert_int_eq(system(cmd), 0);
	char bad[4300];
	snprintf(bad, sizeof bad, "%s/nothing-here", dir);
	run(NULL, (const char *const[]){ "export", bad, NULL }, &r);
	ck_assert_int_eq(r.status, 1);
	ck_assert_msg(strstr(r.err, "nothing-here") && r.out[0] == '\0', "%s / %s", r.err, r.out);
	remove_dir(dir);
}
END_TEST

START_TEST(compare_chart)
{
	char tmpl[] = "/tmp/latmix-compare-XXXXXX", ref[4200];
	ck_assert(mkdtemp(tmpl));
	lm_test_source_path(ref, sizeof ref, "data/reference/maxwell-gtx980.ini");
	result r;
	run("/nonexistent/gnuplot", (const char *const[]){ "compare", "-o", tmpl, ref, NULL }, &r);
	ck_assert_msg(r.status == 0, "status %d: %s", r.status, r.err);
	ck_assert(strstr(r.err, "warning: chart skipped"));
	char dat[4096], path[4200];
	snprintf(path, sizeof path, "%s/warps-ratio.dat", tmpl);
	lm_test_slurp(path, dat, sizeof dat);
	ck_assert_msg(strstr(dat, "0 4 0 \"G80 (thesis)\"") && strstr(dat, "\"Maxwell (thesis)\""),
		      "warps-ratio.dat: %s", dat);
	snprintf(path, sizeof path, "rm -rf '%s'", tmpl);
	ck_assert_int_eq(system(path), 0);
}
END_TEST

/* Regression (issue 20): compare --ratios nosuch.csv -o D exited 1 but
 * left an empty D/warps-ratio.dat (with an unreadable ratios file, a
 * partial one of 222 bytes). Every input is read before D is made, and
 * the chart's files are written whole or not at all. */
START_TEST(compare_with_unreadable_ratios_leaves_no_chart_files)
{
	char tmpl[] = "/tmp/latmix-compare-XXXXXX", ref[4200], out[4200], bad[4200];
	ck_assert(mkdtemp(tmpl));
	lm_test_source_path(ref, sizeof ref, "data/reference/maxwell-gtx980.ini");
	snprintf(out, sizeof out, "%s/D", tmpl);
	result r;
	run("/nonexistent/gnuplot", (const char *const[]){ "compare", ref, "--ratios", "/nonexistent/r.csv",
							  "-o", out, NULL }, &r);
	ck_assert_msg(r.status == 1 && strstr(r.err, "/nonexistent/r.csv"), "status %d: %s", r.status, r.err);
	ck_assert_msg(access(out, F_OK) != 0, "%s was made", out);
	snprintf(bad, sizeof bad, "%s/bad.csv", tmpl);
	FILE *f = fopen(bad, "w");
	ck_assert_ptr_nonnull(f);
	fputs("generation,ratio,source\nG80,4,thesis\nGT200,lots,thesis\n", f);
	fclose(f);
	ck_assert_int_eq(mkdir(out, 0777), 0);
	run("/nonexistent/gnuplot", (const char *const[]){ "compare", ref, "--ratios", bad, "-o", out, NULL }, &r);
	ck_assert_msg(r.status == 1 && strstr(r.err, "bad.csv:3:"), "status %d: %s", r.status, r.err);
	ck_assert_msg(rmdir(out) == 0, "%s is not empty", out);
	/* a generation that would break gnuplot's data line, a line too long
	 * to read whole, a fifo (which must not block): each refused */
	const char *hostile[] = { "generation,ratio,source\nG80\" x,4,thesis\n",
				  "generation,ratio,source\nG80,4,thesis                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                            x\n" };
	const char *want[] = { "bad.csv:2: the generation", "bad.csv:2: a line of more than" };
	for (int i = 0; i < 2; i++) {
		f = fopen(bad, "w");
		ck_assert_ptr_nonnull(f);
		fputs(hostile[i], f);
		fclose(f);
		run("/nonexistent/gnuplot", (const char *const[]){ "compare", ref, "--ratios", bad, "-o", out, NULL }, &r);
		ck_assert_msg(r.status == 1 && strstr(r.err, want[i]), "status %d: %s", r.status, r.err);
	}
	char fifo[4200];
	snprintf(fifo, sizeof fifo, "%s/fifo.csv", tmpl);
	ck_assert_int_eq(mkfifo(fifo, 0600), 0);
	run("/nonexistent/gnuplot", (const char *const[]){ "compare", ref, "--ratios", fifo, "-o", out, NULL }, &r);
	ck_assert_msg(r.status == 1 && strstr(r.err, "fifo.csv") && strstr(r.err, "--ratios FILE"), "status %d: %s",
		      r.status, r.err);
	ck_assert_msg(access(out, F_OK) != 0, "%s was made", out);
	char cmd[4300];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpl);
	ck_assert_int_eq(system(cmd), 0);
}
END_TEST

/* Regression (issue 20): report of a directory with a bad params.ini
 * exited 1 and left an empty report/. */
START_TEST(report_with_a_bad_params_ini_leaves_no_report_directory)
{
	char dir[256], path[4200];
	copy_h200(dir, sizeof dir, true);
	snprintf(path, sizeof path, "%s/params.ini", dir);
	FILE *f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs("not a parameter file\n", f);
	fclose(f);
	result r;
	run("/nonexistent/gnuplot", (const char *const[]){ "report", dir, NULL }, &r);
	ck_assert_msg(r.status == 1 && strstr(r.err, "params.ini:1:"), "status %d: %s", r.status, r.err);
	assert_no_report_dir(dir);
	remove_dir(dir);
}
END_TEST

/* The report opens with the answer, from the model the data prefer
 * (params-refined.ini for the H200: AIC prefers it), and says it on
 * stdout too; the preferred fit is good, so no "read with care" headline. */
START_TEST(report_opens_with_the_answer)
{
	char dir[256], path[4200];
	result r;
	report_of_h200(dir, sizeof dir, true, &r);
	static char md[262144];
	snprintf(path, sizeof path, "%s/report/report.md", dir);
	lm_test_slurp(path, md, sizeof md);
	const char *sum = strstr(md, "## Summary"), *dev = strstr(md, "## Device and measurement");
	ck_assert_msg(sum && dev && sum < dev, "the summary is not first");
	ck_assert(strstr(sum, "From the refined model of the gmem mix (`params-refined.ini`"));
	lm_params ps;
	snprintf(path, sizeof path, "%s/params-refined.ini", dir);
	ck_assert(lm_params_read(path, &ps) == LM_OK);
	lm_model_params mp = lm_params_model(&ps);
	char want[160];
	snprintf(want, sizeof want, "| memory bound, one load in flight per thread (alpha = 0) | **%.1f",
		 lm_model_warps_needed(&mp, 0, 0.9));
	ck_assert_msg(strstr(sum, want), "no '%s'", want);
	snprintf(want, sizeof want, "| arithmetic bound (independent adds, alpha = inf) | %.1f |",
		 lm_model_warps_needed(&mp, INFINITY, 0.9));
	ck_assert_msg(strstr(sum, want), "no '%s'", want);
	snprintf(want, sizeof want, "a load takes **%.0f cycles**", mp.mem_lat);
	ck_assert_msg(strstr(sum, want), "no '%s'", want);
	ck_assert_msg(!strstr(md, "Fits to read with care"), "a headline for a good preferred fit");
	ck_assert_msg(strstr(md, "Note, basic model: poor"), "the basic fit's note is not in its section");
	ck_assert_msg(strstr(r.out, "## Summary") && strstr(r.out, "memory bound, one load"), "stdout: %s", r.out);
	/* a sweep before the wait was measured: no row of it */
	ck_assert(!strstr(md, "for its work-group's last"));
	remove_dir(dir);
}
END_TEST

/* The committed H200 sweep measured what a group's warps wait for its
 * last: the peaks table has a row of it, as params-kernels.ini has it. */
START_TEST(the_peaks_table_gives_a_groups_wait_for_its_last)
{
	char tmpl[] = "/tmp/latmix-report-XXXXXX", cmd[8192], path[4200], want[160];
	ck_assert(mkdtemp(tmpl));
	const char *root = getenv("LATMIX_SOURCE_ROOT");
	snprintf(cmd, sizeof cmd, "cd '%s/data/measured/nvidia-h200' && cp -r measurements.csv kernels.csv mix-of "
		 "params*.ini '%s'", root, tmpl);
	ck_assert_int_eq(system(cmd), 0);
	result r;
	run("/nonexistent/gnuplot", (const char *const[]){ "report", tmpl, NULL }, &r);
	ck_assert_msg(r.status == 0, "status %d: %s", r.status, r.err);
	lm_params ps;
	snprintf(path, sizeof path, "%s/params-kernels.ini", tmpl);
	ck_assert(lm_params_read(path, &ps) == LM_OK);
	ck_assert_int_eq(ps.p[LM_PARAM_GROUP_WAIT_4].kind, LM_PARAM_VALUE);
	ck_assert_int_eq(ps.p[LM_PARAM_GROUP_WAIT_8].kind, LM_PARAM_VALUE);
	snprintf(want, sizeof want, "| %.1f%% of its time in a group of 4 warps, %.1f%% in a group of 8 |",
		 100 * ps.p[LM_PARAM_GROUP_WAIT_4].value, 100 * ps.p[LM_PARAM_GROUP_WAIT_8].value);
	static char md[262144];
	snprintf(path, sizeof path, "%s/report/report.md", tmpl);
	lm_test_slurp(path, md, sizeof md);
	ck_assert_msg(strstr(md, "| a warp's wait, once ended, for its work-group's last") && strstr(md, want),
		      "no '%s'", want);
	remove_dir(tmpl);
}
END_TEST

/* Every picture's script names at most five things in its legend. */
START_TEST(pictures_have_at_most_five_legend_entries)
{
	char dir[256];
	result r;
	report_of_h200(dir, sizeof dir, true, &r);
	char cmd[4300];
	snprintf(cmd, sizeof cmd, "%s/report", dir);
	DIR *dd = opendir(cmd);
	ck_assert(dd);
	size_t scripts = 0;
	for (struct dirent *e; (e = readdir(dd));) {
		size_t n = strlen(e->d_name);
		if (n < 3 || strcmp(e->d_name + n - 3, ".gp") != 0)
			continue;
		static char gp[1 << 17];
		char path[4600];
		snprintf(path, sizeof path, "%s/report/%s", dir, e->d_name);
		lm_test_slurp(path, gp, sizeof gp);
		unsigned titled = 0;
		for (const char *q = gp; (q = strstr(q, " title '")); q++)
			titled += strncmp(q - 3, "set", 3) != 0; /* a key entry's, not the picture's */
		ck_assert_msg(titled <= 5, "%s: %u legend entries", e->d_name, titled);
		scripts++;
	}
	closedir(dd);
	ck_assert_uint_ge(scripts, 20);
	remove_dir(dir);
}
END_TEST

/* The latency picture names each mix at the end of its line: on the H200
 * gmem, gmem-store and gmem-store-half end at alpha 512 within 4% of each
 * other, and their names must still stand apart (latmix puts them 4% of
 * the highest point apart; the highest name may sit above that point). */
START_TEST(latency_names_stand_apart)
{
	char dir[256];
	result r;
	report_of_h200(dir, sizeof dir, true, &r);
	static char gp[1 << 17];
	char path[4300];
	snprintf(path, sizeof path, "%s/report/latency.gp", dir);
	lm_test_slurp(path, gp, sizeof gp);
	double x[16], y[16], top = 0;
	size_t n = 0;
	for (const char *q = gp; (q = strstr(q, "set label '")) && n < 16; q++) {
		const char *at = strstr(q, "' at ");
		ck_assert(at && sscanf(at, "' at %lf,%lf", &x[n], &y[n]) == 2);
		top = fmax(top, y[n++]);
	}
	ck_assert_uint_ge(n, 5);
	size_t same_x = 0;
	for (size_t i = 0; i < n; i++)
		for (size_t j = i + 1; j < n; j++)
			if (x[i] == x[j]) {
				same_x++;
				ck_assert_msg(fabs(y[i] - y[j]) >= 0.035 * top,
					      "names %zu and %zu at %g: %g and %g cycles, under 3.5%% of %g apart",
					      i, j, x[i], y[i], y[j], top);
			}
	ck_assert_uint_ge(same_x, 3);
	remove_dir(dir);
}
END_TEST

/* latmix report, without gnuplot, of the results file csv (in the source
 * tree) copied into a new directory (tmpl, which it fills in): its
 * report.md into md, what it printed into r. */
static void report_of(const char *csv, char *tmpl, result *r, char *md, size_t size)
{
	char src[4096], cmd[8300], path[4200];
	ck_assert(mkdtemp(tmpl));
	lm_test_source_path(src, sizeof src, csv);
	snprintf(cmd, sizeof cmd, "cp '%s' '%s/measurements.csv'", src, tmpl);
	ck_assert_int_eq(system(cmd), 0);
	run("/nonexistent/gnuplot", (const char *const[]){ "report", tmpl, NULL }, r);
	ck_assert_msg(r->status == 0, "%s: status %d: %s", csv, r->status, r->err);
	snprintf(path, sizeof path, "%s/report/report.md", tmpl);
	lm_test_slurp(path, md, size);
}

/* A CPU's results: the sentence that says what its curves mean, and no
 * model fitted (every fit of a PoCL sweep missed by 20-54%). */
START_TEST(a_cpu_gets_its_sentence_and_no_fit)
{
	char tmpl[] = "/tmp/latmix-report-XXXXXX";
	result r;
	static char md[262144];
	report_of("tests/fixtures/pocl-most-points-short-of-the-model.csv", tmpl, &r, md, sizeof md);
	const char *sum = strstr(md, "## Summary");
	ck_assert_msg(sum && strstr(sum, "**A CPU, not a GPU:**") && sum < strstr(md, "## Device"), "no CPU sentence first");
	ck_assert_msg(!strstr(md, "fitted by latmix report") && !strstr(md, "| alu_lat |"), "a CPU fitted");
	ck_assert(strstr(md, "None: a CPU"));
	ck_assert(strstr(r.out, "A CPU, not a GPU"));
	remove_dir(tmpl);
}
END_TEST

/* A chase under 8 times the cache the device reported (PoCL's 480 MiB on
 * a two-core cloud machine, 2016 MiB of chase): the device table gives the
 * ratio and the summary's latency says it may read low; at 8 it does not. */
START_TEST(a_chase_short_of_eight_caches_is_said)
{
	static const char *const csv[] = { "tests/fixtures/pocl-most-points-short-of-the-model.csv",
					   "data/measured/pocl-cpu/measurements.csv" };
	static const char *const ratio[] = { "2016 MiB, 4.2 times the 480 MiB cache the device reports",
					     "2080 MiB, 8.0 times the 260 MiB cache the device reports" };
	for (int i = 0; i < 2; i++) {
		char tmpl[] = "/tmp/latmix-report-XXXXXX";
		result r;
		static char md[262144];
		report_of(csv[i], tmpl, &r, md, sizeof md);
		ck_assert_msg(strstr(md, ratio[i]), "%s: no '%s'", csv[i], ratio[i]);
		const char *low = strstr(md, "over a chase of 4.2 times the cache the device reports: under 8");
		ck_assert_msg(i == 0 ? low && low < strstr(md, "## Device") : !strstr(md, "over a chase of"),
			      "%s: the latency's caveat %s", csv[i], i == 0 ? "missing" : "said at 8 caches");
		remove_dir(tmpl);
	}
}
END_TEST

int main(void)
{
	Suite *s = suite_create("report");
	TCase *tc = tcase_create("report");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, report_writes_every_file);
	tcase_add_test(tc, report_opens_with_the_answer);
	tcase_add_test(tc, the_peaks_table_gives_a_groups_wait_for_its_last);
	tcase_add_test(tc, pictures_have_at_most_five_legend_entries);
	tcase_add_test(tc, latency_names_stand_apart);
	tcase_add_test(tc, a_cpu_gets_its_sentence_and_no_fit);
	tcase_add_test(tc, a_chase_short_of_eight_caches_is_said);
	tcase_add_test(tc, report_without_gnuplot_warns_and_writes_the_rest);
	tcase_add_test(tc, report_fits_when_params_are_missing);
	tcase_add_test(tc, report_of_a_missing_directory_fails);
	tcase_add_test(tc, report_of_kernels_alone_says_what_it_needs);
	tcase_add_test(tc, report_marks_misaligned_accesses);
	tcase_add_test(tc, report_names_a_strided_kernels_lines);
	tcase_add_test(tc, report_refuses_counts_predict_refuses);
	tcase_add_test(tc, a_report_that_fails_midway_leaves_the_old_one_as_it_was);
	tcase_add_test(tc, compare_names_an_unreadable_file_and_prints_nothing);
	tcase_add_test(tc, compare_units);
	tcase_add_test(tc, export_round_trips_through_a_json_reader);
	tcase_add_test(tc, compare_flags_the_one_outlier_of_a_hundred);
	tcase_add_test(tc, compare_chart);
	tcase_add_test(tc, compare_with_unreadable_ratios_leaves_no_chart_files);
	tcase_add_test(tc, report_with_a_bad_params_ini_leaves_no_report_directory);
	suite_add_tcase(s, tc);
	return lm_test_run(s);
}
