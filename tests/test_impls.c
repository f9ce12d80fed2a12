/* latmix on other OpenCL implementations than the first device: the quick
 * sweep on PoCL and on Mesa's rusticl (llvmpipe), and a tiny sweep of every
 * mix under oclgrind, a simulator that reports out-of-bounds accesses and data
 * races. One implementation per run (the argument: pocl, rusticl, oclgrind);
 * exit 77 (skipped) where it is not installed. */
#include "testrun.h"
#include "testutil.h"
#include "base/mix.h"
#include "fit/results.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <time.h>
#include <sys/wait.h>
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

/* A dispatch row: groups launched and each one's mark checked, a rate of
 * work-groups, the groups a CU holds, and no claim of co-residency. */
static void dispatch_row(const lm_result *x)
{
	const lm_row *w = &x->row;
	ck_assert_msg(strcmp(w->coresident, "not asked") == 0, "line %d: coresident '%s'", x->line, w->coresident);
	ck_assert_msg(w->elements_per_s > 0 && isfinite(w->elements_per_s), "line %d: %g work-groups/s", x->line,
		      w->elements_per_s);
	ck_assert_msg(w->iters >= 1 && w->checked == w->iters, "line %d: %lu groups, %lu checked", x->line, w->iters,
		      w->checked);
	ck_assert_msg(w->groups_per_cu >= 1 && w->work_group_size >= 1 && w->cycles_per_group > 0, "line %d", x->line);
	if (lm_mix_written(lm_mix_find(x->mix))) /* loads a second, a CU's warp loads a cycle */
		ck_assert_msg(w->mem_ipc > 0 && isfinite(w->mem_ipc) && w->bytes_per_s > w->elements_per_s * 3.99,
			      "line %d: %s, %g warp loads a cycle, %g bytes/s for %g loads/s", x->line, x->mix,
			      w->mem_ipc, w->bytes_per_s, w->elements_per_s);
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
	size_t yes = 0, host = 0, dispatch = 0, written = 0;
	for (size_t i = 0; i < res.n; i++) {
		const lm_result *x = &res.v[i];
		const lm_row *w = &x->row;
		if (lm_mix_find(x->mix)->step == LM_STEP_DISPATCH) {
			dispatch_row(x);
			dispatch++;
			written += strncmp(x->mix, "written-", 8) == 0;
			continue;
		}
		ck_assert_msg(strcmp(w->timing, timing) == 0, "line %d: timing %s, expected %s",
			      x->line, w->timing, timing);
		ck_assert_msg(strcmp(w->coresident, "yes") == 0 || strcmp(w->coresident, "no") == 0,
			      "line %d: coresident '%s'", x->line, w->coresident);
		ck_assert_msg(strcmp(w->timer, "events") == 0 || strcmp(w->timer, "host") == 0,
			      "line %d: timer '%s'", x->line, w->timer);
		ck_assert_msg(w->started_at_first_end >= 1, "line %d", x->line);
		ck_assert_msg(x->clock_source[0] && w->clock_mhz > 0, "line %d: no clock", x->line);
		ck_assert_msg(lm_mix_find(x->mix)->step == LM_STEP_STREAM || w->checked > 0,
			      "line %d: %s unchecked", x->line, x->mix);
		ck_assert_msg(w->mem_ipc + w->alu_ipc > 0 && isfinite(w->mem_ipc + w->alu_ipc),
			      "line %d: rates %g %g", x->line, w->mem_ipc, w->alu_ipc);
		yes += strcmp(w->coresident, "yes") == 0;
		host += strcmp(w->timer, "host") == 0;
	}
	ck_assert_msg(dispatch >= 4 && written == 3, "%zu rows of step dispatch, %zu of the written mixes, in a "
		      "quick sweep", dispatch, written);
	printf("%s (%s): %zu rows, %zu of them dispatch's, timing %s, co-resident %zu of %zu, timer %s, clock %s at %.0f MHz\n",
	       res.device, res.driver, res.n, dispatch, timing, yes, res.n - dispatch,
	       host == res.n ? "host" : host ? "mixed" : "events", res.v[0].clock_source,
	       res.v[0].row.clock_mhz);
	lm_results_free(&res);
	remove_dir();
}

/* dir/NAME: cl/NAME with its first `from` replaced by `to` (asserted there). */
static void changed_kernel(const char *name, const char *from, const char *to)
{
	char src[512], bad[128];
	char rel[64];
	snprintf(rel, sizeof rel, "cl/%s", name);
	lm_test_source_path(src, sizeof src, rel);
	static char text[1 << 16];
	lm_test_slurp(src, text, sizeof text);
	char *at = strstr(text, from);
	ck_assert_msg(at != NULL, "%s has no '%s'", rel, from);
	snprintf(bad, sizeof bad, "%s/%s", dir, name);
	FILE *f = fopen(bad, "w");
	ck_assert_ptr_nonnull(f);
	fprintf(f, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
	fclose(f);
}

/* A written mix whose work-item 3 of each group reads a word its stretch
 * does not hold twice over (a kernel dir with that change): latmix refuses
 * the point, saying how many sums were wrong, and writes no rate. */
START_TEST(a_written_mix_that_loads_wrong_is_refused)
{
	make_dir();
	char src[512], csv[128], cp[1200];
	lm_test_source_path(src, sizeof src, "cl/dispatch.cl");
	snprintf(cp, sizeof cp, "cp \"$(dirname '%s')\"/*.cl \"$(dirname '%s')\"/*.h '%s'", src, src, dir);
	ck_assert_int_eq(system(cp), 0);
	changed_kernel("dispatch.cl", "s += x[(at + k * w) & mask];",
		       "s += x[(at + k * w) & mask] * (get_local_id(0) == 3 ? 2.0f : 1.0f);");
	snprintf(csv, sizeof csv, "%s/w.csv", dir);
	const char *args[] = { "measure", "-d", "Portable Computing Language", "--mix", "written-read", "--quick",
			       "--launch-ms", "0.5", "--footprint", "4M", "--kernel-dir", dir, "-o", csv, NULL };
	static lm_test_result r;
	lm_test_latmix(args, NULL, &r);
	ck_assert_msg(r.status != 0 && strstr(r.err, "work-items summed other than the 8 ones they loaded"),
		      "exit %d\n%s", r.status, r.err);
	lm_results res;
	ck_assert(lm_results_read(csv, &res) != LM_OK || res.n == 0);
	remove_dir();
}
END_TEST

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

/* llvmpipe ends a work-item's loops once they have run 65535 passes
 * together, silently. stream-fill runs a loop pass a store, 65 an
 * iteration: asked for a launch long enough to pass the limit, latmix keeps
 * the quota under it (and would refuse a launch whose work-items stopped
 * short of it). */
START_TEST(rusticl_loop_limit_kept)
{
	make_dir();
	char csv[128];
	snprintf(csv, sizeof csv, "%s/fill.csv", dir);
	const char *args[] = { "measure", "-d", "llvmpipe", "--timing", "fixed-work", "--mix", "stream-fill",
			       "--warps", "1", "--launch-ms", "1000", "-o", csv, NULL };
	static lm_test_result r;
	lm_test_latmix(args, NULL, &r);
	ck_assert_msg(r.status == 0, "stream-fill on llvmpipe: exit %d\n%s", r.status, r.err);
	lm_results res;
	ck_assert_msg(lm_results_read(csv, &res) == LM_OK, "%s", lm_error_message());
	ck_assert_uint_eq(res.n, 1);
	const lm_row *w = &res.v[0].row;
	unsigned long passes = w->iters * (w->mem_per_iter + 1ul);
	ck_assert_msg(w->mem_per_iter == 64 && passes <= 65535, "%lu iterations of %u stores: %lu loop passes",
		      w->iters, w->mem_per_iter, passes);
	lm_results_free(&res);
	remove_dir();
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

static const char *const mixes[] = { "gmem", "gmem-store", "gmem-store-half", "gmem-stride2", "gmem-random",
				     "lmem", "sfu", "stream", "stream-store-shift" };

START_TEST(every_mix_clean_under_oclgrind)
{
	/* make test: a chase and a stream that stores; TESTS=full: every one */
	if (!lm_test_full() && strcmp(mixes[_i], "gmem") != 0 && strcmp(mixes[_i], "stream-store-shift") != 0)
		return;
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

/* The last n characters of text (check's messages are limited to 4 KiB). */
static const char *tail(const char *text, size_t n)
{
	size_t len = strlen(text);
	return len > n ? text + len - n : text;
}

/* Whether every kernel stderr says was not measured was refused only
 * because its time did not follow N: at N = 16 under a simulator the
 * launch's start-up is the whole time, and refusing such a point is
 * latmix's check doing its work (issue 47), not a fault of the kernel.
 * At least one kernel must have been measured. */
static bool only_untimeable(const char *err)
{
	int refused = 0;
	for (const char *at = strstr(err, ": not measured: "); at; at = strstr(at + 1, ": not measured: ")) {
		const char *end = strchr(at, '\n');
		const char *why = strstr(at, "the time does not follow N");
		if (!why || (end && why > end))
			return false;
		refused++;
	}
	return refused > 0 && strstr(err, " points: ") != NULL;
}

/* The dispatch mix's quick sizes and the written mixes under oclgrind
 * (no out-of-bounds access, no race): every group writes its own mark,
 * every work-item its own stretch's words. */
START_TEST(dispatch_clean_under_oclgrind)
{
	make_dir();
	char csv[128], logf[128];
	snprintf(csv, sizeof csv, "%s/dispatch.csv", dir);
	snprintf(logf, sizeof logf, "%s/dispatch.log", dir);
	const char *argv[] = { "oclgrind", "--log", logf, "--check-api", "--data-races", getenv("LATMIX"),
			       "measure", "--mix", "dispatch,written-read,written-copy", "--quick", "--launch-ms", "0.05",
			       "--footprint", "1M", "-o", csv, NULL };
	static lm_test_result r;
	lm_test_command(argv, NULL, &r);
	ck_assert_msg(r.status == 0, "dispatch under oclgrind: exit %d\n%s", r.status, r.err);
	static char log[16384];
	lm_test_slurp(logf, log, sizeof log);
	ck_assert_msg(log[0] == '\0', "oclgrind reports:\n%s", log);
	lm_results res;
	ck_assert_msg(lm_results_read(csv, &res) == LM_OK, "%s", lm_error_message());
	ck_assert_uint_ge(res.n, 4);
	for (size_t i = 0; i < res.n; i++)
		dispatch_row(&res.v[i]);
	lm_results_free(&res);
	remove_dir();
}
END_TEST

/* The grid-stride suite at one occupancy under oclgrind: no access out
 * of bounds, no API misuse (the wrapper, local arguments, resets); the
 * suite as written runs under oclgrind in ndsuite-oclgrind and usernd.
 * N = 16: stencil3d's N counts planes of 65536 cells, and at 64 oclgrind
 * took minutes over it alone; 16 runs the suite in about 45 s here. */
START_TEST(suite_kernels_clean_under_oclgrind)
{
	make_dir();
	char csv[128], logf[128];
	snprintf(csv, sizeof csv, "%s/kernels.csv", dir);
	snprintf(logf, sizeof logf, "%s/kernels.log", dir);
	const char *argv[] = { "oclgrind", "--log", logf, "--check-api", getenv("LATMIX"), "measure",
			       "--kernel", "copy,scale,add,triad,sum,dot,fill,stencil1d,stencil2d,stencil3d,spmv,"
			       "transpose,gemv,gather", "--size", "16", "--warps", "1", "--launch-ms", "0.05", "-o",
			       csv, NULL };
	static lm_test_result r;
	lm_test_command(argv, NULL, &r);
	ck_assert_msg(r.status == 0 || (r.status == 1 && only_untimeable(r.err)),
		      "the suite under oclgrind: exit %d\n%s", r.status, tail(r.err, 3000));
	static char log[16384];
	lm_test_slurp(logf, log, sizeof log);
	ck_assert_msg(log[0] == '\0', "oclgrind reports:\n%s", log);
	remove_dir();
}
END_TEST

/* The check above can fail: a kernel that reads past its buffer is
 * reported. */
START_TEST(out_of_bounds_read_is_reported)
{
	make_dir();
	changed_kernel("chase.cl", "#define STEP(c) a[c] = chain[a[c]];",
		       "#define STEP(c) a[c] = chain[a[c] + (1u << 28)];");
	static char log[16384];
	under_oclgrind("gmem", "fixed-work", dir, log, sizeof log);
	ck_assert_msg(strstr(log, "Invalid read"), "oclgrind's log:\n%s", log);
	remove_dir();
}
END_TEST

/* ---- several devices at once: PoCL and rusticl (llvmpipe) ---- */

static const char *const fleet_args[] = { "measure", "-d", "Portable Computing Language,llvmpipe",
					  "--mix", "gmem,sfu", "--chains", "1", "--alpha", "0,4,inf",
					  "--warps", "1,2,3,4", "--footprint", "8M", "--launch-ms", "2" };
#define FLEET_NARGS (sizeof fleet_args / sizeof fleet_args[0])

/* The one file name under dir/<device>/ whose device name has part ("" if
 * none): measurements.csv, or what a sweep writes before it is whole,
 * measurements.csv.partial. */
static void fleet_file(const char *part, const char *name, char *path, size_t size)
{
	char cmd[256];
	snprintf(cmd, sizeof cmd, "ls -d '%s'/out/*%s*/%s 2>/dev/null", dir, part, name);
	FILE *p = popen(cmd, "r");
	path[0] = '\0';
	if (p && fgets(path, (int)size, p))
		path[strcspn(path, "\n")] = '\0';
	if (p)
		pclose(p);
}

/* -d all: every device of the machine (PoCL and rusticl's llvmpipe in CI,
 * and whatever else is there), each into its own directory. */
START_TEST(two_devices_are_measured_at_once)
{
	make_dir();
	char out[128];
	snprintf(out, sizeof out, "%s/out", dir);
	const char *args[FLEET_NARGS + 3];
	memcpy(args, fleet_args, sizeof fleet_args);
	args[2] = "all";
	args[FLEET_NARGS] = "-o";
	args[FLEET_NARGS + 1] = out;
	args[FLEET_NARGS + 2] = NULL;
	static lm_test_result r;
	lm_test_latmix(args, NULL, &r);
	ck_assert_msg(r.status == 0, "exit %d\n%s", r.status, r.err);
	ck_assert_msg(strstr(r.err, " devices at once: ") != NULL, "%s", r.err);
	const char *parts[] = { "pthread", "llvmpipe" };
	for (int i = 0; i < 2; i++) {
		char csv[512];
		fleet_file(parts[i], "measurements.csv", csv, sizeof csv);
		ck_assert_msg(csv[0], "no results directory for %s:\n%s", parts[i], r.err);
		lm_results res;
		ck_assert_msg(lm_results_read(csv, &res) == LM_OK, "%s", lm_error_message());
		ck_assert_uint_eq(res.n, 2 * 3 * 4);
		ck_assert_msg(strstr(res.device, parts[i]) != NULL, "%s in %s", res.device, csv);
		lm_results_free(&res);
		/* what each device printed comes prefixed with its name */
		char want[64];
		snprintf(want, sizeof want, "] latmix: %d points in", 2 * 3 * 4);
		ck_assert_msg(strstr(r.err, want) != NULL, "%s", r.err);
	}
	remove_dir();
}
END_TEST

/* The pid of a child of parent whose command line holds text; 0 if none. */
static pid_t child_with(pid_t parent, const char *text)
{
	char cmd[256], line[64];
	snprintf(cmd, sizeof cmd, "for p in $(pgrep -P %d); do tr '\\0' ' ' < /proc/$p/cmdline | grep -q -- '%s' && echo $p; done",
		 (int)parent, text);
	FILE *p = popen(cmd, "r");
	pid_t pid = 0;
	if (p && fgets(line, sizeof line, p))
		pid = (pid_t)atoi(line);
	if (p)
		pclose(p);
	return pid;
}

/* One device's process killed in the middle of its sweep: latmix says which
 * failed and exits 1; the other device's results are whole, and the rows
 * the killed one wrote stay readable in its partial file (no
 * measurements.csv: it was not finished). */
START_TEST(a_device_failing_leaves_the_others_whole)
{
	make_dir();
	char out[128], log[160];
	snprintf(out, sizeof out, "%s/out", dir);
	snprintf(log, sizeof log, "%s/stderr", dir);
	pid_t pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		const char *argv[FLEET_NARGS + 4];
		argv[0] = getenv("LATMIX");
		memcpy(argv + 1, fleet_args, sizeof fleet_args);
		argv[FLEET_NARGS + 1] = "-o";
		argv[FLEET_NARGS + 2] = out;
		argv[FLEET_NARGS + 3] = NULL;
		if (!freopen(log, "w", stderr) || !freopen("/dev/null", "w", stdout))
			_exit(126);
		execv(argv[0], (char *const *)argv);
		_exit(127);
	}
	/* PoCL's process, once its first row is written */
	pid_t victim = 0;
	for (int i = 0; i < 6000 && !victim; i++) {
		char csv[512];
		fleet_file("pthread", "measurements.csv.partial", csv, sizeof csv);
		lm_results res;
		if (csv[0] && lm_results_read(csv, &res) == LM_OK) {
			if (res.n > 0)
				victim = child_with(pid, "pthread"); /* in its -o path */
			lm_results_free(&res);
		}
		if (!victim)
			nanosleep(&(struct timespec){ .tv_nsec = 10000000 }, NULL);
	}
	ck_assert_msg(victim > 0, "no PoCL process with a row written");
	kill(victim, SIGKILL);
	int st;
	ck_assert_int_eq(waitpid(pid, &st, 0), pid);
	char err[16384];
	lm_test_slurp(log, err, sizeof err);
	ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == 1, "status %d\n%s", st, err);
	ck_assert_msg(strstr(err, "FAILED (exit 137)") != NULL, "%s", err);
	ck_assert_msg(strstr(err, "1 of 2 devices failed: pthread") != NULL, "%s", err);
	ck_assert_msg(strstr(err, "measurements.csv.partial (--resume continues it)") != NULL, "%s", err);
	char csv[512];
	fleet_file("llvmpipe", "measurements.csv", csv, sizeof csv);
	lm_results res;
	ck_assert_msg(lm_results_read(csv, &res) == LM_OK, "%s", lm_error_message());
	ck_assert_uint_eq(res.n, 2 * 3 * 4);
	lm_results_free(&res);
	fleet_file("pthread", "measurements.csv", csv, sizeof csv);
	ck_assert_msg(!csv[0], "%s: written by a sweep that did not finish", csv);
	fleet_file("pthread", "measurements.csv.partial", csv, sizeof csv);
	ck_assert_msg(lm_results_read(csv, &res) == LM_OK, "the killed device's rows: %s", lm_error_message());
	ck_assert_uint_lt(res.n, 2 * 3 * 4);
	lm_results_free(&res);
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
		tcase_add_test(tc, a_written_mix_that_loads_wrong_is_refused);
	} else if (strcmp(impl, "rusticl") == 0) {
		setenv("RUSTICL_ENABLE", "llvmpipe", 1);
		if (!has_device("llvmpipe")) {
			printf("skipped: no rusticl llvmpipe device (Debian: mesa-opencl-icd)\n");
			return 77;
		}
		tcase_add_test(tc, rusticl_quick_sweep);
		tcase_add_test(tc, rusticl_loop_limit_kept);
	} else if (strcmp(impl, "fleet") == 0) {
		setenv("RUSTICL_ENABLE", "llvmpipe", 1);
		if (!has_device("llvmpipe") || !has_device("Portable Computing Language")) {
			printf("skipped: needs PoCL and rusticl's llvmpipe (Debian: pocl-opencl-icd, mesa-opencl-icd)\n");
			return 77;
		}
		tcase_add_test(tc, two_devices_are_measured_at_once);
		tcase_add_test(tc, a_device_failing_leaves_the_others_whole);
	} else if (strcmp(impl, "oclgrind") == 0) {
		if (system("command -v oclgrind >/dev/null 2>&1") != 0) {
			printf("skipped: oclgrind not found (Debian: oclgrind)\n");
			return 77;
		}
		tcase_add_loop_test(tc, every_mix_clean_under_oclgrind, 0,
				    (int)(sizeof mixes / sizeof mixes[0]));
		tcase_add_test(tc, out_of_bounds_read_is_reported);
		tcase_add_test(tc, dispatch_clean_under_oclgrind);
		tcase_add_test(tc, suite_kernels_clean_under_oclgrind);
	} else {
		fprintf(stderr, "usage: test_impls pocl|rusticl|fleet|oclgrind\n");
		return 2;
	}
	suite_add_tcase(s, tc);
	return lm_test_run(s);
}
