/* sweep_build: a sweep's kernels built ahead, in several processes at once
 * where the driver builds one at a time (latmix kernel --save-binary). */
#include "bench/sweep_parts.h"
#include "bench/kcount.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

/* How many processes build the sweep's n kernels at once. Each process
 * first waits its turn to create a context (NVIDIA: about 0.3 s each, one
 * at a time), then builds n / jobs kernels (about 0.5 s each): the sum is
 * least near jobs = sqrt(2 n), within the host's cores. */
static unsigned build_jobs(const sweep *sw, size_t n)
{
	if (sw->o->build_jobs)
		return (unsigned)sw->o->build_jobs;
	lm_vendor v = sw->d.vendor_kind;
	bool gpu_driver = (sw->d.type & CL_DEVICE_TYPE_GPU) &&
			  (v == LM_VENDOR_NVIDIA || v == LM_VENDOR_AMD || v == LM_VENDOR_INTEL);
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	unsigned best = (unsigned)ceil(sqrt(2.0 * (double)n));
	unsigned cores = cpus < 16 ? (unsigned)cpus : 16;
	return gpu_driver && cpus > 1 ? (best < cores ? best : cores) : 1;
}

/* Starts `latmix kernel` on the sweep's device with the arguments what
 * (NULL-ended, at most 8), its standard input the queue, its output
 * discarded. */
static bool spawn_kernel_process(const sweep *sw, const char *const *what, int queue, pid_t *pid)
{
	const lm_sweep_config *o = sw->o;
	char dev[32], simd[16], maxw[16];
	snprintf(dev, sizeof dev, "%d:%d", sw->d.platform_index, sw->d.device_index);
	snprintf(simd, sizeof simd, "%d", o->simd);
	snprintf(maxw, sizeof maxw, "%d", o->max_warps);
	char *argv[20] = { "latmix", "kernel", "-d", dev, "--simd", simd, "--max-warps", maxw };
	int n = 8;
	for (int i = 0; what[i] && i < 8; i++)
		argv[n++] = (char *)what[i];
	argv[n] = NULL;
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, queue, 0);
	posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
	int err = posix_spawn(pid, "/proc/self/exe", &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	return err == 0;
}

/* Starts `latmix kernel --save-binary DIR --alpha -` on the build queue (a
 * kernel that fails here is built, and its error reported, when its point
 * comes). */
static bool spawn_builder(const sweep *sw, int queue, pid_t *pid)
{
	const char *what[] = { "--alpha", "-", "--save-binary", sw->binary_dir,
			       sw->o->kernel_dir ? "--kernel-dir" : NULL, sw->o->kernel_dir, NULL };
	return spawn_kernel_process(sw, what, queue, pid);
}

/* Removes dir (empty: nothing) with the files in it, and empties it. */
static void remove_dir(char *dir)
{
	if (!dir[0])
		return;
	DIR *d = opendir(dir);
	struct dirent *e;
	char path[600];
	while (d && (e = readdir(d)) != NULL) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		remove(path);
	}
	if (d)
		closedir(d);
	rmdir(dir);
	dir[0] = '\0';
}

/* The records of every kernel the sweep will use (but those a resumed
 * file has all the points of, and those dir holds built already where dir
 * is given) into queue (room for most); how many, and in *kept how many
 * dir held. */
static size_t queue_builds(const sweep *sw, const lm_results *prev, const char *dir,
			   char (*queue)[LM_MEAS_QUEUE_RECORD], size_t most, size_t *kept)
{
	size_t total = 0;
	*kept = 0;
	for (size_t i = 0; i < sw->p.nmixes; i++) {
		const plan_mix *pm = &sw->p.mixes[i];
		for (size_t c = 0; c < pm->nchains && pm->mix->step != LM_STEP_DISPATCH; c++)
			for (size_t a = 0; a < sw->nalphas[i][c] && total < most; a++) {
				bool t = !prev;
				for (size_t j = 0; j < sw->p.nwarps && !t; j++)
					t = !sweep_done_before(prev, pm->mix->name, pm->chains[c], sw->alphas[i][c][a],
							 sw->p.warps[j]);
				if (!t)
					continue;
				lm_alpha at = sw->alphas[i][c][a];
				/* with the mix's references (run_references): one chain, alpha 0 or inf */
				bool ref = pm->chains[c] == 1 && (at.num == 0 || at.den == 0) &&
					   pm->mix->step != LM_STEP_STREAM;
				for (int nf = 0; nf <= (int)ref && total < most; nf++) {
					if (dir && sweep_binary_built(sw, dir, pm->mix, pm->chains[c], at, nf))
						(*kept)++;
					else
						lm_meas_queue_record(pm->mix, pm->chains[c], at, nf, queue[total++]);
				}
			}
	}
	return total;
}

/* The queue's kernels (total) built by jobs - 1 `latmix kernel` processes
 * and this one into sw->binary_dir; how many processes started, and how
 * many succeeded, in *started and *ok; this one's builds in *mine. */
static lm_status build_queue(sweep *sw, char (*queue)[LM_MEAS_QUEUE_RECORD], size_t total, unsigned jobs,
			     unsigned *started, unsigned *ok, unsigned *mine)
{
	int fds[2];
	*started = *ok = *mine = 0;
	if (pipe(fds) != 0)
		return lm_fail(LM_EIO, "pipe: %s", strerror(errno));
	bool queued = write(fds[1], queue, total * sizeof *queue) == (ssize_t)(total * sizeof *queue);
	close(fds[1]);
	for (unsigned j = 1; queued && j < jobs; j++) {
		pid_t pid;
		if (!spawn_builder(sw, fds[0], &pid))
			break; /* no /proc/self/exe, say: this process builds them */
		(*started)++;
	}
	lm_status s = queued ? lm_meas_save_queue(&sw->d, sw->base.context, sw->o->kernel_dir, fds[0],
						 sw->binary_dir, mine)
			     : LM_EIO;
	lm_error_clear();
	close(fds[0]);
	for (unsigned j = 0; j < *started; j++) {
		int st;
		if (wait(&st) < 0)
			break;
		*ok += WIFEXITED(st) && WEXITSTATUS(st) == 0;
	}
	return s;
}

/* A temporary directory of the sweep's own for its kernels; false where
 * none can be made. */
static bool own_dir(sweep *sw)
{
	const char *tmp = getenv("TMPDIR");
	snprintf(sw->binary_dir, sizeof sw->binary_dir, "%s/latmix-kernels-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	sw->binary_shared = false;
	if (mkdtemp(sw->binary_dir))
		return true;
	sw->binary_dir[0] = '\0';
	return false;
}

/* Builds every kernel the sweep will use (but those a resumed file has
 * all the points of) before it starts, into the directory the
 * measurements load them from: latmix's kernel cache, or the directory
 * the GPUs of one kind measured at once share (sweep_binaries_take: what
 * it holds already is not built again), else a temporary one. The kernels
 * go into a queue (a pipe) that build_jobs() - 1 `latmix kernel`
 * processes and this one (in the sweep's context, made before the others
 * start) take from, one kernel at a time. NVIDIA's driver builds one
 * kernel at a time in a process (0.2 to 0.5 s each) and creates one
 * context at a time on a GPU (about 0.3 s each), so the processes that got
 * their context first build more. Nothing here is fatal: a kernel not
 * built ahead is built when needed. All before the first point, not beside
 * the measurements: a builder's context and the programs it loads are GPU
 * work the GPU time-slices against the kernel being timed (H200: single
 * points 1.9 times slow, mem_lat 2% high; studies/speed/lease-2026-11-29-overlap). */
void sweep_build_ahead(sweep *sw, const lm_results *prev)
{
	struct timespec t0;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	/* the queue: at most what a pipe holds before anyone reads */
	enum { MAX_QUEUED = 65536 / LM_MEAS_QUEUE_RECORD };
	char(*queue)[LM_MEAS_QUEUE_RECORD] = malloc(MAX_QUEUED * sizeof *queue);
	double waited = 0;
	/* builders only where several build at once (a GPU's driver, --build-jobs) */
	int lock = queue && sw->base.context && build_jobs(sw, MAX_QUEUED) > 1 ? sweep_binaries_take(sw, &waited) : -1;
	size_t kept = 0, total = queue ? queue_builds(sw, prev, lock >= 0 ? sw->binary_dir : NULL, queue,
						      MAX_QUEUED, &kept) : 0;
	unsigned jobs = build_jobs(sw, total), started, ok, mine;
	sw->cost.programs += waited; /* another sweep's builds, waited for */
	if (kept) {
		char wait[96] = "";
		if (waited >= 0.05)
			snprintf(wait, sizeof wait, " (waited %.1f s for another sweep building there)", waited);
		fprintf(stderr, "latmix: %zu kernels built before, in %s%s%s\n", kept, sw->binary_dir, wait,
			total ? "; the others built now" : "");
	}
	if (jobs <= 1 || total == 0 || (lock < 0 && !own_dir(sw)))
		goto done;
	lm_status s = build_queue(sw, queue, total, jobs, &started, &ok, &mine);
	double t = sweep_since(&t0) - waited;
	sw->cost.programs += t;
	fprintf(stderr, "latmix: %zu kernels built ahead in %.1f s by this process (%u) and %u others%s%s%s\n",
		total, t, mine, started, ok < started || s != LM_OK ? "; some failed: those are built as needed" : "",
		lock >= 0 ? ", into " : "", lock >= 0 ? sw->binary_dir : "");
done:
	if (sw->binary_dir[0] && (kept || (total && jobs > 1)))
		sw->base.binary_dir = sw->binary_dir;
	if (lock >= 0)
		close(lock); /* the next sweep of this directory in */
	free(queue);
}

void lm_sweep_remove_dir(char *dir)
{
	remove_dir(dir);
}

/* Removes the kernels build_ahead left (not a shared directory's). */
void sweep_remove_binaries(sweep *sw)
{
	if (!sw->binary_shared)
		remove_dir(sw->binary_dir);
}

/* A kernel's label as a file name: its '/' and tabs as '_'. */
void sweep_count_base(const char *label, char *base, size_t size)
{
	snprintf(base, size, "%s", label);
	for (char *c = base; *c; c++)
		if (*c == '/' || *c == '\t')
			*c = '_';
}

/* Starts `latmix kernel --count-ahead DIR` on the count queue (what it
 * says of a kernel it leaves in DIR). */
static bool spawn_counter(const sweep *sw, int queue, pid_t *pid)
{
	const char *what[] = { "--count-ahead", sw->count_dir, NULL };
	return spawn_kernel_process(sw, what, queue, pid);
}

/* The scalar arguments' values of kernel desc (its source src) into
 * DIR/BASE.args, as the count in the sweep's own process takes them;
 * whether they were written whole. */
static bool put_args(const char *dir, const char *base, const lm_user_desc *desc, const char *src)
{
	lm_count_args args;
	lm_kcount_args_of(desc, src, &args);
	char path[512];
	snprintf(path, sizeof path, "%s/%s.args", dir, base);
	FILE *f = fopen(path, "w");
	if (!f)
		return false;
	lm_kcount_put_args(f, &args);
	return fclose(f) == 0;
}

/* Each kernel's source into the count directory and its record into
 * queue (room for nkern); how many were queued. */
static size_t queue_counts(sweep *sw, char (*queue)[LM_KCOUNT_RECORD])
{
	size_t total = 0;
	for (size_t i = 0; i < sw->nkern; i++) {
		const lm_user_desc *desc = &sw->kern[i];
		char base[LM_USER_NAME + 8], path[512], *src = NULL;
		sweep_count_base(desc->label, base, sizeof base);
		snprintf(path, sizeof path, "%s/%s.cl", sw->count_dir, base);
		FILE *f = NULL;
		if (lm_kcount_desc_source(desc, sw->o->kernel_dir, &src) == LM_OK && (f = fopen(path, "w")) &&
		    fputs(src, f) >= 0 && put_args(sw->count_dir, base, desc, src)) {
			lm_kcount_put_desc(sw->count_dir, base, desc); /* without it, not built ahead */
			memset(queue[total], 0, LM_KCOUNT_RECORD);
			snprintf(queue[total++], LM_KCOUNT_RECORD, "%s\t%s\t%s", base, desc->name, desc->label);
		}
		if (f)
			fclose(f);
		free(src);
	}
	lm_error_clear();
	return total;
}

/* Waits for the started counters, killing those still at it after
 * seconds (a count left undone is done after its kernel's points). */
static void wait_counters(const pid_t *pid, unsigned started, double seconds)
{
	struct timespec t0;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	unsigned left = started;
	bool done[64] = { false };
	while (left) {
		for (unsigned j = 0; j < started; j++)
			if (!done[j] && waitpid(pid[j], NULL, WNOHANG) != 0)
				done[j] = true, left--;
		if (left && sweep_since(&t0) > seconds) {
			for (unsigned j = 0; j < started; j++)
				if (!done[j]) {
					kill(pid[j], SIGKILL);
					waitpid(pid[j], NULL, 0);
				}
			return;
		}
		if (left)
			nanosleep(&(struct timespec){ 0, 20000000 }, NULL);
	}
}

void sweep_count_ahead(sweep *sw)
{
	struct timespec t0;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	unsigned jobs = build_jobs(sw, sw->nkern);
	const char *tmp = getenv("TMPDIR");
	char(*queue)[LM_KCOUNT_RECORD] = NULL;
	int fds[2] = { -1, -1 };
	if (jobs <= 1 || !sw->mix_dir[0] || sw->nkern * LM_KCOUNT_RECORD > 65536)
		return;
	if (jobs > 64)
		jobs = 64;
	snprintf(sw->count_dir, sizeof sw->count_dir, "%s/latmix-counts-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(sw->count_dir) || !(queue = malloc(sw->nkern * sizeof *queue)) || pipe(fds) != 0) {
		sweep_remove_counts(sw);
		free(queue);
		return;
	}
	size_t total = queue_counts(sw, queue);
	bool queued = write(fds[1], queue, total * sizeof *queue) == (ssize_t)(total * sizeof *queue);
	close(fds[1]);
	free(queue);
	pid_t pid[64];
	unsigned started = 0;
	for (unsigned j = 0; queued && j < jobs && j < total; j++)
		if (spawn_counter(sw, fds[0], &pid[started]))
			started++;
	close(fds[0]);
	/* a kernel counts in about 0.6 s on NVIDIA's driver, a context 0.3 s,
	 * and builds (alone and measured) in about as much */
	wait_counters(pid, started, 30 + 2 * (double)total);
	double t = sweep_since(&t0);
	sw->cost.programs += t;
	fprintf(stderr, "latmix: %zu kernels counted ahead in %.1f s by %u processes\n", total, t, started);
}

void sweep_remove_counts(sweep *sw)
{
	remove_dir(sw->count_dir);
}
