/* latmix on other OpenCL implementations than the first device: the quick
 * sweep on PoCL and on Mesa's rusticl (llvmpipe), and a tiny sweep of every
 * mix under oclgrind, a simulator that reports out-of-bounds accesses and data
 * races. One implementation per run (the argument: pocl, rusticl, oclgrind);
 * exit 77 (skipped) where it is not installed. */
#include "testrun.h"
#include "testutil.h"
#include "results.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char dir[64];

static void make_dir(void)
{
	snprintf(dir, sizeof dir, "/tmp/latmix-impls-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
}

static void remove_dir(void)
{
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	ck_assert_int_eq(system(cmd), 0);
}

/* Whether `latmix devices` lists a device or platform whose text has name
 * (before the suite runs, so not through check). */
static bool has_device(const char *name)
{
	char cmd[512], line[512];
	snprintf(cmd, sizeof cmd, "'%s' devices 2>/dev/null", getenv("LATMIX"));
	FILE *p = popen(cmd, "r");
	bool found = false;
	while (p && fgets(line, sizeof line, p))
		found = found || strstr(line, name);
	if (p)
		pclose(p);
	return found;
}

/* The quick sweep on device spec: every row checked, and its timing mode,
 * co-residency verdict, timer and clock source stated (printed too, for the
 * record). */
static void quick_sweep(const char *spec, const char *timing)
{
	make_dir();
	char csv[128];
	snprintf(csv, sizeof csv, "%s/quick.csv", dir);
	const char *args[] = { "measure", "-d", spec, "--quick", "-o", csv, NULL };
	static lm_test_result r;
	lm_test_latmix(args, NULL, &r);
	ck_assert_msg(r.status == 0, "quick sweep on %s: exit %d\n%s", spec, r.status, r.err);

	lm_results res;
	ck_assert_msg(lm_results_read(csv, &res) == LM_OK, "%s", lm_error_message());
	ck_assert_uint_gt(res.n, 20);
	size_t yes = 0, host = 0;
	for (size_t i = 0; i < res.n; i++) {
		const lm_result *x = &res.v[i];
		const lm_meas_row *w = &x->row;
		ck_assert_msg(strcmp(w->timing, timing) == 0, "line %d: timing %s, expected %s",
			      x->line, w->timing, timing);
		ck_assert_msg(strcmp(w->coresident, "yes") == 0 || strcmp(w->coresident, "no") == 0,
			      "line %d: coresident '%s'", x->line, w->coresident);
		ck_assert_msg(strcmp(w->timer, "events") == 0 || strcmp(w->timer, "host") == 0,
			      "line %d: timer '%s'", x->line, w->timer);
		ck_assert_msg(w->started_at_first_end >= 1, "line %d", x->line);
		ck_assert_msg(x->clock_source[0] && w->clock_mhz > 0, "line %d: no clock", x->line);
		ck_assert_msg(strcmp(x->mix, "stream") == 0 || w->checked > 0,
			      "line %d: %s unchecked", x->line, x->mix);
		ck_assert_msg(w->mem_ipc + w->alu_ipc > 0 && isfinite(w->mem_ipc + w->alu_ipc),
			      "line %d: rates %g %g", x->line, w->mem_ipc, w->alu_ipc);
		yes += strcmp(w->coresident, "yes") == 0;
		host += strcmp(w->timer, "host") == 0;
	}
	printf("%s (%s): %zu rows, timing %s, co-resident %zu of %zu, timer %s, clock %s at %.0f MHz\n",
	       res.device, res.driver, res.n, timing, yes, res.n,
	       host == res.n ? "host" : host ? "mixed" : "events", res.v[0].clock_source,
	       res.v[0].row.clock_mhz);
	lm_results_free(&res);
	remove_dir();
}

START_TEST(pocl_quick_sweep)
{
	quick_sweep("Portable Computing Language", "fixed-work");
}
END_TEST

START_TEST(rusticl_quick_sweep)
{
	quick_sweep("llvmpipe", "fixed-work");
}
END_TEST

/* One mix's tiny sweep under oclgrind; its log must be empty (every
 * diagnostic goes there). Races are looked for in fixed-work only: the stop
 * flag is a benign race by design (raised once, polled without atomics,
 * which OpenCL 1.2 lacks for loads). */
static void under_oclgrind(const char *mix, const char *timing, const char *kernel_dir,
			   char *log, size_t log_size)
{
	char csv[128], logf[128];
	snprintf(csv, sizeof csv, "%s/%s-%s.csv", dir, mix, timing);
	snprintf(logf, sizeof logf, "%s/%s-%s.log", dir, mix, timing);
	bool races = strcmp(timing, "fixed-work") == 0;
	const char *argv[32] = { "oclgrind", "--log", logf, "--check-api" };
	int n = 4;
	if (races)
		argv[n++] = "--data-races";
	const char *rest[] = { getenv("LATMIX"), "measure", "--mix", mix, "--chains", "1,2",
			       "--alpha", "0,3", "--warps", "1,2", "--footprint", "1M",
			       "--launch-ms", "0.05", "--timing", timing, "-o", csv, NULL };
	for (size_t i = 0; rest[i]; i++)
		argv[n++] = rest[i];
	if (kernel_dir) {
		argv[n++] = "--kernel-dir";
		argv[n++] = kernel_dir;
	}
	argv[n] = NULL;
	static lm_test_result r;
	lm_test_command(argv, NULL, &r);
	lm_test_slurp(logf, log, log_size);
	if (!kernel_dir)
		ck_assert_msg(r.status == 0, "%s %s under oclgrind: exit %d\n%s", mix, timing, r.status,
			      r.err);
}

static const char *const mixes[] = { "gmem", "gmem-stride2", "gmem-random", "lmem", "sfu", "stream" };

START_TEST(every_mix_clean_under_oclgrind)
{
	make_dir();
	static char log[16384];
	const char *timings[] = { "fixed-work", "stop-flag" };
	for (size_t t = 0; t < 2; t++) {
		under_oclgrind(mixes[_i], timings[t], NULL, log, sizeof log);
		ck_assert_msg(log[0] == '\0', "%s %s: oclgrind reports:\n%s", mixes[_i], timings[t], log);
	}
	remove_dir();
}
END_TEST

/* The check above can fail: a kernel that reads past its buffer is
 * reported. */
START_TEST(out_of_bounds_read_is_reported)
{
	make_dir();
	char src[512], bad[128];
	lm_test_source_path(src, sizeof src, "cl/chase.cl");
	static char text[1 << 16];
	lm_test_slurp(src, text, sizeof text);
	const char *step = "#define STEP(c) a[c] = chain[a[c]];";
	char *at = strstr(text, step);
	ck_assert_msg(at != NULL, "cl/chase.cl has no '%s'", step);
	snprintf(bad, sizeof bad, "%s/chase.cl", dir);
	FILE *f = fopen(bad, "w");
	ck_assert_ptr_nonnull(f);
	fprintf(f, "%.*s#define STEP(c) a[c] = chain[a[c] + (1u << 28)];%s", (int)(at - text), text,
		at + strlen(step));
	fclose(f);
	static char log[16384];
	under_oclgrind("gmem", "fixed-work", dir, log, sizeof log);
	ck_assert_msg(strstr(log, "Invalid read"), "oclgrind's log:\n%s", log);
	remove_dir();
}
END_TEST

int main(int argc, char **argv)
{
	const char *impl = argc > 1 ? argv[1] : "";
	Suite *s = suite_create("impls");
	TCase *tc = tcase_create(impl);
	tcase_set_timeout(tc, 600);
	if (strcmp(impl, "pocl") == 0) {
		if (!has_device("Portable Computing Language")) {
			printf("skipped: no PoCL device (Debian: pocl-opencl-icd)\n");
			return 77;
		}
		tcase_add_test(tc, pocl_quick_sweep);
	} else if (strcmp(impl, "rusticl") == 0) {
		setenv("RUSTICL_ENABLE", "llvmpipe", 1);
		if (!has_device("llvmpipe")) {
			printf("skipped: no rusticl llvmpipe device (Debian: mesa-opencl-icd)\n");
			return 77;
		}
		tcase_add_test(tc, rusticl_quick_sweep);
	} else if (strcmp(impl, "oclgrind") == 0) {
		if (system("command -v oclgrind >/dev/null 2>&1") != 0) {
			printf("skipped: oclgrind not found (Debian: oclgrind)\n");
			return 77;
		}
		tcase_add_loop_test(tc, every_mix_clean_under_oclgrind, 0,
				    (int)(sizeof mixes / sizeof mixes[0]));
		tcase_add_test(tc, out_of_bounds_read_is_reported);
	} else {
		fprintf(stderr, "usage: test_impls pocl|rusticl|oclgrind\n");
		return 2;
	}
	suite_add_tcase(s, tc);
	return lm_test_run(s);
}
