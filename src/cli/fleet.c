#include "cli/command.h"
#include "cli/fleet.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bench/device.h"
#include "bench/sweep.h"
#include "base/text.h"

#define MAX_DEVICES 64

extern char **environ;

bool lm_fleet_wanted(const char *spec)
{
	return spec && (strcmp(spec, "all") == 0 || strcmp(spec, "gpus") == 0 || strchr(spec, ','));
}

typedef struct {
	lm_device d;
	char slug[160];
	char csv[4096];
	pid_t pid;
	int fd;             /* the child's stderr; -1 once closed */
	char line[1024];    /* what has come of the current line */
	size_t len;
	char last[1024];    /* the last whole line: the error, if it failed */
	int status;         /* exit status; -1: did not start */
	double seconds;
	char shared[256];   /* where the sweeps of the GPUs of its kind build their kernels
			     * once (--shared-binaries); "" where it is the only one */
	bool made;          /* this member's entry made that directory (and removes it) */
} member;

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* The devices spec names, in *out (at most MAX_DEVICES). */
static lm_status pick(const lm_options *o, member *out, size_t *n)
{
	*n = 0;
	const char *spec = o->device;
	if (strcmp(spec, "all") == 0 || strcmp(spec, "gpus") == 0) {
		lm_device *all;
		size_t k;
		lm_status s = lm_device_list(&all, &k, (unsigned)o->simd, (unsigned)o->max_warps);
		if (s != LM_OK)
			return s;
		bool gpus = strcmp(spec, "gpus") == 0;
		for (size_t i = 0; i < k && *n < MAX_DEVICES; i++)
			if (!gpus || (all[i].type & CL_DEVICE_TYPE_GPU))
				out[(*n)++].d = all[i];
		free(all);
		if (!*n)
			return lm_fail(LM_EUSAGE, "--device %s: no %s", spec, gpus ? "GPU" : "device");
		return LM_OK;
	}
	char buf[1024], *item[MAX_DEVICES];
	size_t count;
	lm_status ls = lm_text_list("--device", spec, buf, sizeof buf, item, MAX_DEVICES, &count);
	if (ls != LM_OK)
		return ls;
	for (size_t j = 0; j < count; j++) {
		lm_status s = lm_device_select(item[j], (unsigned)o->simd, (unsigned)o->max_warps, &out[*n].d);
		if (s != LM_OK)
			return s;
		for (size_t i = 0; i < *n; i++)
			if (out[i].d.platform_index == out[*n].d.platform_index &&
			    out[i].d.device_index == out[*n].d.device_index)
				return lm_fail(LM_EUSAGE, "--device '%s': %d:%d named twice", spec,
					       out[i].d.platform_index, out[i].d.device_index);
		(*n)++;
	}
	return LM_OK;
}

/* Ctrl-C reaches every sweep, which stops after its point and says what
 * it kept: this process goes on relaying them until they end, then says
 * each one's outcome and removes what they shared. */
static void note_stop(int sig)
{
	(void)sig;
}

static void relay_through_stop(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = note_stop; /* reset in the sweeps, which exec */
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
}

/* Starts one `latmix measure` for m with the options of o. */
static bool start(const lm_options *o, member *m)
{
	/* the kernels' directory this fleet shares among the GPUs of one kind */
	static const char *const skip[] = { "device", "output", "shared-binaries", NULL };
	char dev[32], text[8192];
	char *argv[96];
	snprintf(dev, sizeof dev, "%d:%d", m->d.platform_index, m->d.device_index);
	argv[0] = "latmix";
	argv[1] = "measure";
	argv[2] = "-d";
	argv[3] = dev;
	argv[4] = "-o";
	argv[5] = m->csv;
	size_t k = lm_options_argv(&lm_measure_options, o, skip, text, sizeof text, argv + 6, 88);
	if (m->shared[0]) {
		argv[6 + k] = "--shared-binaries";
		argv[7 + k] = m->shared;
		argv[8 + k] = NULL;
	}
	int pipefd[2];
	if (pipe(pipefd) != 0)
		return false;
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, pipefd[1], 2);
	posix_spawn_file_actions_addclose(&fa, pipefd[0]);
	posix_spawn_file_actions_addclose(&fa, pipefd[1]);
	int err = posix_spawn(&m->pid, "/proc/self/exe", &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	close(pipefd[1]);
	if (err != 0) {
		close(pipefd[0]);
		snprintf(m->last, sizeof m->last, "cannot start latmix: %s", strerror(err));
		return false;
	}
	m->fd = pipefd[0];
	fcntl(m->fd, F_SETFL, O_NONBLOCK);
	return true;
}

/* Prints what m's process wrote, a whole line at a time, prefixed. */
static void relay(member *m, const char *buf, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		char c = buf[i];
		if (c == '\n' || c == '\r' || m->len + 1 == sizeof m->line) {
			m->line[m->len] = '\0';
			if (m->len) {
				fprintf(stderr, "[%s] %s\n", m->slug, m->line);
				snprintf(m->last, sizeof m->last, "%s", m->line);
			}
			m->len = 0;
			continue;
		}
		m->line[m->len++] = c;
	}
}

/* Each member's slug (with its platform and device index added where
 * another device has the same slug) and its results file under root, whose
 * folders it makes. */
static lm_status name_members(member *ms, size_t n, const char *root)
{
	lm_status s = LM_OK;
	for (size_t i = 0; s == LM_OK && i < n; i++) {
		member *m = &ms[i];
		lm_device_slug(&m->d, m->slug, sizeof m->slug);
		bool twin = false;
		for (size_t j = 0; j < n; j++) {
			char other[160];
			lm_device_slug(&ms[j].d, other, sizeof other);
			twin |= j != i && strcmp(other, m->slug) == 0;
		}
		if (twin) {
			size_t k = strlen(m->slug);
			snprintf(m->slug + k, sizeof m->slug - k, "-%d.%d", m->d.platform_index, m->d.device_index);
		}
		snprintf(m->csv, sizeof m->csv, "%s/%s/measurements.csv", root, m->slug);
		s = lm_sweep_parent_dirs(m->csv);
	}
	return s;
}

/* Do a and b build the same kernels: GPUs of one name, vendor and driver? */
static bool same_kind(const lm_device *a, const lm_device *b)
{
	return (a->type & CL_DEVICE_TYPE_GPU) && (b->type & CL_DEVICE_TYPE_GPU) && !strcmp(a->name, b->name) &&
	       !strcmp(a->vendor, b->vendor) && !strcmp(a->driver, b->driver);
}

size_t lm_fleet_kinds(const lm_device *d, size_t n, size_t *kind)
{
	size_t twins = 0;
	for (size_t i = 0; i < n; i++) {
		kind[i] = i;
		for (size_t j = 0; j < i && kind[i] == i; j++)
			if (same_kind(&d[i], &d[j]))
				kind[i] = kind[j];
	}
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < n; j++)
			if (j != i && kind[j] == kind[i]) {
				twins++;
				break;
			}
	return twins;
}

/* One directory for each kind of GPU that two or more members are
 * (lm_fleet_kinds), in which their sweeps build their kernels once
 * (NVIDIA's host builds about 21 kernels a second whatever the processes
 * building: four H200s each building their own took 25-29% longer than
 * one alone, studies/speed/node-2026-11-28). A member whose directory
 * cannot be made builds its own, as alone. */
static void share_builds(member *ms, size_t n)
{
	const char *tmp = getenv("TMPDIR");
	lm_device *d = malloc(n * sizeof *d);
	size_t *kind = malloc(n * sizeof *kind);
	if (!d || !kind || lm_sweep_cache_on()) { /* the kernel cache is one directory a kind already */
		free(d);
		free(kind);
		return;
	}
	for (size_t i = 0; i < n; i++)
		d[i] = ms[i].d;
	lm_fleet_kinds(d, n, kind);
	for (size_t i = 0; i < n; i++) {
		bool twin = false;
		for (size_t j = i + 1; j < n; j++)
			twin |= kind[j] == kind[i];
		if (kind[i] != i) /* the first of its kind made it */
			memcpy(ms[i].shared, ms[kind[i]].shared, sizeof ms[i].shared);
		else if (twin) {
			snprintf(ms[i].shared, sizeof ms[i].shared, "%s/latmix-shared-XXXXXX", tmp && *tmp ? tmp : "/tmp");
			ms[i].made = mkdtemp(ms[i].shared) != NULL;
			if (!ms[i].made)
				ms[i].shared[0] = '\0';
		}
	}
	free(d);
	free(kind);
}

/* Removes the directories share_builds made, with what the sweeps left. */
static void unshare_builds(member *ms, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (ms[i].made)
			lm_sweep_remove_dir(ms[i].shared);
}

/* Says which devices are measured, by slug and index. */
static void announce(const member *ms, size_t n)
{
	fprintf(stderr, "latmix: measuring %zu devices at once:", n);
	for (size_t i = 0; i < n; i++)
		fprintf(stderr, " %s (%d:%d)%s", ms[i].slug, ms[i].d.platform_index, ms[i].d.device_index,
			i + 1 < n ? "," : "\n");
}

/* Starts a measure for every member; returns how many are running. */
static size_t start_all(const lm_options *o, member *ms, size_t n)
{
	size_t running = 0;
	for (size_t i = 0; i < n; i++) {
		ms[i].status = -1;
		ms[i].fd = -1;
		if (start(o, &ms[i]))
			running++;
	}
	return running;
}

/* Reads what m's process wrote and relays it; true once the process has
 * closed its stderr and been waited for, its exit status and its time
 * since t0 kept. */
static bool take_output(member *m, double t0)
{
	char buf[4096];
	ssize_t got = read(m->fd, buf, sizeof buf);
	if (got > 0) {
		relay(m, buf, (size_t)got);
		return false;
	}
	if (got < 0 && (errno == EAGAIN || errno == EINTR))
		return false;
	/* the process closed its stderr: it is done */
	relay(m, "\n", 1);
	close(m->fd);
	m->fd = -1;
	int st;
	waitpid(m->pid, &st, 0);
	m->status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
	m->seconds = now() - t0;
	return true;
}

/* Relays the running processes' output until each has ended (or poll
 * fails). */
static void wait_all(member *ms, size_t n, size_t running, double t0)
{
	struct pollfd pfd[MAX_DEVICES];
	while (running) {
		size_t k = 0;
		size_t who[MAX_DEVICES];
		for (size_t i = 0; i < n; i++)
			if (ms[i].fd >= 0) {
				pfd[k] = (struct pollfd){ .fd = ms[i].fd, .events = POLLIN };
				who[k++] = i;
			}
		if (poll(pfd, k, -1) < 0 && errno != EINTR)
			break;
		for (size_t j = 0; j < k; j++)
			if ((pfd[j].revents & (POLLIN | POLLHUP | POLLERR)) && take_output(&ms[who[j]], t0))
				running--;
	}
}

/* Prints each device's outcome: its time and results file, or its exit
 * status, last line and what it kept. Returns how many failed, their slugs
 * in names (size bytes). */
static size_t summarise(const member *ms, size_t n, double t0, char *names, size_t size)
{
	size_t failed = 0;
	fprintf(stderr, "latmix: %zu devices in %.1f s:\n", n, now() - t0);
	for (size_t i = 0; i < n; i++) {
		const member *m = &ms[i];
		if (m->status == 0) {
			fprintf(stderr, "  %-28s done in %.1f s: %s\n", m->slug, m->seconds, m->csv);
		} else {
			failed++;
			size_t len = strlen(names);
			snprintf(names + len, size - len, "%s%s", len ? ", " : "", m->slug);
			char partial[4200];
			snprintf(partial, sizeof partial, "%s.partial", m->csv);
			bool kept = access(partial, F_OK) == 0;
			fprintf(stderr, "  %-28s FAILED (exit %d) after %.1f s: %s%s%s%s\n", m->slug, m->status,
				m->seconds, m->last, kept ? "; what it measured is in " : "", kept ? partial : "",
				kept ? " (--resume continues it)" : "");
		}
	}
	return failed;
}

lm_status lm_fleet_measure(const lm_options *o)
{
	member *ms = calloc(MAX_DEVICES, sizeof *ms);
	if (!ms)
		return lm_fail(LM_ENOMEM, "out of memory");
	size_t n;
	lm_status s = pick(o, ms, &n);
	if (s == LM_OK)
		s = name_members(ms, n, o->output ? o->output : "results");
	if (s != LM_OK) {
		free(ms);
		return s;
	}
	announce(ms, n);
	relay_through_stop();
	share_builds(ms, n);
	double t0 = now();
	size_t running = start_all(o, ms, n);
	wait_all(ms, n, running, t0);
	unshare_builds(ms, n);
	char names[1024] = "";
	size_t failed = summarise(ms, n, t0, names, sizeof names);
	free(ms);
	if (failed)
		return lm_fail(LM_EDEVICE, "%zu of %zu devices failed: %s%s", failed, n, names,
			       failed < n ? " (the others' results are whole)" : "");
	return LM_OK;
}
