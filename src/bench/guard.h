/* guard: a user's kernel is built, counted and run in a worker process,
 * latmix itself started afresh, so that a crash in the kernel or in a
 * driver's compiler, or a kernel that never ends, costs that kernel and
 * never latmix. The supervising process touches no OpenCL (a process
 * that has cannot safely fork one that does); the worker says what it is
 * doing on a status pipe, a line at a time, and is killed when it has
 * said nothing for longer than the time limit. In the worker, a launch
 * that runs many times longer than expected is abandoned by a watchdog. */
#ifndef LM_GUARD_H
#define LM_GUARD_H

#include <stdbool.h>
#include <stddef.h>
#include "base/error.h"

/* The exit status of a worker that abandoned a kernel (and said why). */
#define LM_GUARD_ABANDONED 3

/* Keeps argv for lm_guard_rerun, and makes this process a worker if its
 * supervisor started it as one. Call first in main. */
void lm_guard_init(int argc, char **argv);

/* Whether this process is a supervisor's worker. */
bool lm_guard_is_worker(void);

/* In a worker, one line to the supervisor ("kernel NAME": measuring it
 * now; "refused NAME": it will not be measured; "point": one more point;
 * "output PARTIAL\tTARGET": the results files); nothing elsewhere. */
void lm_guard_say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* In a worker, abandons the process (exit LM_GUARD_ABANDONED, after
 * saying what, how long it ran and why) if the caller has not disarmed
 * it within seconds: a launch about to be waited for. seconds <= 0
 * disarms. Nothing outside a worker. */
void lm_guard_watch(double seconds, const char *what);

/* How a worker ended. */
typedef struct {
	int exit_code;        /* its exit status where it exited, else -1 */
	int signal;           /* the signal that ended it, else 0 */
	bool silent;          /* killed: it said nothing for the time limit */
	char doing[256];      /* its last "kernel NAME" line's NAME, or "" */
	char refused[32][64]; /* the NAMEs of its "refused NAME" lines */
	size_t nrefused;
	char partial[4096], target[4096]; /* its last "output" line's files, or "" */
} lm_guard_end;

/* Runs latmix with args (args[0] a command, NULL-terminated) as a worker,
 * its standard output and error this process's, killed after limit_s
 * seconds without a status line. LM_OK with *end saying how it ended;
 * LM_EIO if it could not be started. */
lm_status lm_guard_run(const char *const *args, double limit_s, lm_guard_end *end);

/* Runs this command again, as lm_guard_init was given it, as a worker:
 * its exit status where it exited; where it died or was killed, says so
 * (what: what the command was building or running) and returns 1. */
int lm_guard_rerun(const char *what, double limit_s);

/* "died of signal 11 (Segmentation fault)", "said nothing for 300 s and
 * was killed", or "exited with status 1", into buf. */
void lm_guard_describe(const lm_guard_end *end, double limit_s, char *buf, size_t size);

#endif
