#include "bench/guard.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

/* The variable that makes a process a worker: the status pipe's fd. */
#define WORKER_ENV "LATMIX_WORKER"

static char **saved_argv;
static bool worker;
static int status_fd = -1;

void lm_guard_init(int argc, char **argv)
{
	(void)argc;
	saved_argv = argv;
	const char *v = getenv(WORKER_ENV);
	if (!v || !*v)
		return;
	worker = true;
	char *end;
	long fd = strtol(v, &end, 10);
	if (!*end && fd > 2 && fd < 65536 && fcntl((int)fd, F_GETFD) >= 0) {
		status_fd = (int)fd;
		fcntl(status_fd, F_SETFD, FD_CLOEXEC); /* not the worker's own children's */
	}
	unsetenv(WORKER_ENV);
}

bool lm_guard_is_worker(void)
{
	return worker;
}

void lm_guard_say(const char *fmt, ...)
{
	if (status_fd < 0)
		return;
	char line[8400];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(line, sizeof line - 1, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	size_t len = (size_t)n < sizeof line - 2 ? (size_t)n : sizeof line - 2;
	line[len++] = '\n';
	/* one write: a line under PIPE_BUF arrives whole; a lost one only
	 * delays what the supervisor knows */
	ssize_t w = write(status_fd, line, len);
	(void)w;
}

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* ---- the watchdog (in a worker) ---- */

static struct {
	pthread_mutex_t lock;
	pthread_cond_t changed;
	bool armed;
	double start, deadline;
	char what[512];
} dog = { .lock = PTHREAD_MUTEX_INITIALIZER };
static pthread_once_t dog_once = PTHREAD_ONCE_INIT;
static bool dog_running;

static void *watchdog(void *unused)
{
	(void)unused;
	pthread_mutex_lock(&dog.lock);
	for (;;) {
		if (!dog.armed) {
			pthread_cond_wait(&dog.changed, &dog.lock);
			continue;
		}
		double t = now();
		if (t >= dog.deadline) {
			fprintf(stderr, "\nlatmix: %s: still running after %.1f s: abandoned\n", dog.what,
				t - dog.start);
			fflush(stderr);
			_exit(LM_GUARD_ABANDONED);
		}
		double wait = dog.deadline - t;
		struct timespec until;
		clock_gettime(CLOCK_MONOTONIC, &until);
		until.tv_sec += (time_t)wait;
		until.tv_nsec += (long)((wait - (double)(time_t)wait) * 1e9);
		if (until.tv_nsec >= 1000000000L) {
			until.tv_sec++;
			until.tv_nsec -= 1000000000L;
		}
		pthread_cond_timedwait(&dog.changed, &dog.lock, &until);
	}
	return NULL;
}

static void start_watchdog(void)
{
	pthread_condattr_t ca;
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&dog.changed, &ca);
	pthread_condattr_destroy(&ca);
	pthread_t t;
	pthread_attr_t a;
	pthread_attr_init(&a);
	pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED);
	dog_running = pthread_create(&t, &a, watchdog, NULL) == 0;
	pthread_attr_destroy(&a);
}

void lm_guard_watch(double seconds, const char *what)
{
	if (!worker)
		return;
	pthread_once(&dog_once, start_watchdog);
	if (!dog_running)
		return;
	pthread_mutex_lock(&dog.lock);
	dog.armed = seconds > 0;
	if (dog.armed) {
		dog.start = now();
		dog.deadline = dog.start + seconds;
		snprintf(dog.what, sizeof dog.what, "%s", what ? what : "a launch");
	}
	pthread_cond_signal(&dog.changed);
	pthread_mutex_unlock(&dog.lock);
}

/* ---- the supervisor ---- */

#if defined(__SANITIZE_ADDRESS__)
/* A sanitized latmix's worker leaves a crash in a user's kernel or a
 * driver (a signal) to the supervisor, as an unsanitized one does; its
 * own reports (exit 99) it still makes. */
#define WORKER_ASAN ":handle_segv=0:handle_sigbus=0:handle_sigfpe=0:handle_sigill=0"
#endif

/* The environment with WORKER_ENV=fd (in buf, size bytes; a sanitized
 * build's ASAN_OPTIONS after it), in a new array. */
static char **worker_environ(int fd, char *buf, size_t size)
{
	size_t n = 0;
	while (environ[n])
		n++;
	char **env = malloc((n + 3) * sizeof *env);
	if (!env)
		return NULL;
	size_t k = 0;
	for (size_t i = 0; i < n; i++)
		if (strncmp(environ[i], WORKER_ENV "=", sizeof WORKER_ENV) != 0
#ifdef WORKER_ASAN
		    && strncmp(environ[i], "ASAN_OPTIONS=", 13) != 0
#endif
		)
			env[k++] = environ[i];
	int used = snprintf(buf, size, WORKER_ENV "=%d", fd);
	env[k++] = buf;
#ifdef WORKER_ASAN
	const char *asan = getenv("ASAN_OPTIONS");
	char *opts = buf + used + 1;
	snprintf(opts, size - (size_t)used - 1, "ASAN_OPTIONS=%s%s", asan ? asan : "", WORKER_ASAN);
	env[k++] = opts;
#else
	(void)used;
#endif
	env[k] = NULL;
	return env;
}

/* Takes the worker's status line into end. */
static void status_line(const char *line, lm_guard_end *end)
{
	if (strncmp(line, "kernel ", 7) == 0) {
		snprintf(end->doing, sizeof end->doing, "%s", line + 7);
	} else if (strncmp(line, "refused ", 8) == 0) {
		if (end->nrefused < sizeof end->refused / sizeof end->refused[0])
			snprintf(end->refused[end->nrefused++], sizeof end->refused[0], "%s", line + 8);
	} else if (strncmp(line, "output ", 7) == 0) {
		const char *tab = strchr(line + 7, '\t');
		if (tab) {
			snprintf(end->partial, sizeof end->partial, "%.*s", (int)(tab - line - 7), line + 7);
			snprintf(end->target, sizeof end->target, "%s", tab + 1);
		}
	}
}

/* Reads what the worker said on fd until it closes it or says nothing
 * for limit_s; false if it fell silent. */
static bool listen_to(int fd, double limit_s, lm_guard_end *end)
{
	char buf[8192];
	size_t len = 0;
	double last = now();
	for (;;) {
		double left = limit_s - (now() - last);
		if (left <= 0)
			return false;
		struct pollfd p = { .fd = fd, .events = POLLIN };
		int r = poll(&p, 1, left > 1e6 ? 1000000000 : (int)(left * 1000) + 1);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			continue;
		ssize_t got = read(fd, buf + len, sizeof buf - 1 - len);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			return true;
		last = now();
		len += (size_t)got;
		buf[len] = '\0';
		char *nl, *line = buf;
		while ((nl = strchr(line, '\n'))) {
			*nl = '\0';
			status_line(line, end);
			line = nl + 1;
		}
		len = strlen(line);
		memmove(buf, line, len + 1);
		if (len == sizeof buf - 1)
			len = 0; /* a line too long to be one of ours */
	}
}

/* Waits for pid, killing it once it has run limit_s more seconds. */
static void reap(pid_t pid, double limit_s, lm_guard_end *end)
{
	double t0 = now();
	int st;
	for (;;) {
		pid_t r = waitpid(pid, &st, end->silent ? 0 : WNOHANG);
		if (r == pid)
			break;
		if (r < 0 && errno != EINTR)
			return;
		if (!end->silent && now() - t0 > limit_s) {
			end->silent = true;
			kill(pid, SIGKILL);
			continue;
		}
		struct timespec ms = { 0, 10000000L };
		nanosleep(&ms, NULL);
	}
	if (WIFEXITED(st))
		end->exit_code = WEXITSTATUS(st);
	else if (WIFSIGNALED(st) && !end->silent)
		end->signal = WTERMSIG(st);
}

lm_status lm_guard_run(const char *const *args, double limit_s, lm_guard_end *end)
{
	memset(end, 0, sizeof *end);
	end->exit_code = -1;
	int fds[2];
	if (pipe(fds) != 0)
		return lm_fail(LM_EIO, "a pipe for latmix's worker: %s", strerror(errno));
	fcntl(fds[0], F_SETFD, FD_CLOEXEC);
	size_t n = 0;
	while (args[n])
		n++;
	char **argv = malloc((n + 2) * sizeof *argv), var[1024];
	char **env = worker_environ(fds[1], var, sizeof var);
	int err = ENOMEM;
	pid_t pid = -1;
	if (argv && env) {
		argv[0] = "latmix";
		memcpy(argv + 1, args, (n + 1) * sizeof *argv);
		err = posix_spawn(&pid, "/proc/self/exe", NULL, NULL, argv, env);
	}
	free(argv);
	free(env);
	close(fds[1]);
	if (err != 0) {
		close(fds[0]);
		return lm_fail(LM_EIO, "cannot start latmix's worker process: %s", strerror(err));
	}
	end->silent = !listen_to(fds[0], limit_s, end);
	close(fds[0]);
	if (end->silent)
		kill(pid, SIGKILL);
	reap(pid, limit_s, end);
	return LM_OK;
}

void lm_guard_describe(const lm_guard_end *end, double limit_s, char *buf, size_t size)
{
	if (end->silent)
		snprintf(buf, size, "said nothing for %.0f s (--time-limit) and was killed", limit_s);
	else if (end->signal)
		snprintf(buf, size, "died of signal %d (%s)", end->signal, strsignal(end->signal));
	else if (end->exit_code == LM_GUARD_ABANDONED)
		snprintf(buf, size, "abandoned the kernel (said above)");
	else
		snprintf(buf, size, "exited with status %d", end->exit_code);
}

int lm_guard_rerun(const char *what, double limit_s)
{
	lm_guard_end end;
	if (lm_guard_run((const char *const *)saved_argv + 1, limit_s, &end) != LM_OK) {
		fprintf(stderr, "latmix: %s\n", lm_error_message());
		return 1;
	}
	if (end.exit_code >= 0 && end.exit_code != LM_GUARD_ABANDONED)
		return end.exit_code;
	char how[256];
	lm_guard_describe(&end, limit_s, how, sizeof how);
	fprintf(stderr, "latmix: %s: the worker process latmix built and ran it in %s: the OpenCL compiler or "
		"the kernel %s; nothing of it was written\n", what, how, end.signal ? "crashed" : "hung");
	return 1;
}
