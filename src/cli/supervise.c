#include "cli/command.h"
#include "cli/supervise.h"
#include "base/file.h"
#include "bench/guard.h"
#include "fit/results.h"
#include "bench/userkernel.h"
#include "bench/sweep.h"
#include "base/text.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_KERNELS LM_SWEEP_MAX_KERNELS

/* Ctrl-C reaches the worker too, which stops after its point and says
 * what it kept: this process waits for it, and starts no other. */
static volatile sig_atomic_t stop_asked;

static void ask_stop(int sig)
{
	(void)sig;
	stop_asked = 1;
}

static void wait_through_stop(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = ask_stop;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
}

/* The kernels o->kernel names, in order (the suite's for "all"), and the
 * label each one's rows carry. */
typedef struct {
	char list[LM_SWEEP_LIST];
	char *spec[MAX_KERNELS];
	char label[MAX_KERNELS][LM_USER_NAME];
	bool refused[MAX_KERNELS]; /* a worker refused it (and said why): not asked again */
	char suite[MAX_KERNELS][LM_USER_NAME];
	size_t n;
} kernels;

static lm_status kernel_names(const lm_options *o, kernels *k)
{
	if (strcmp(o->kernel, "all") == 0) {
		lm_status s = lm_user_suite(o->kernel_dir, k->suite, MAX_KERNELS, &k->n);
		for (size_t i = 0; i < k->n; i++)
			k->spec[i] = k->suite[i];
		if (s != LM_OK)
			return s;
	} else {
		lm_status s = lm_text_list("--kernel", o->kernel, k->list, sizeof k->list, k->spec, MAX_KERNELS, &k->n);
		if (s != LM_OK)
			return s;
	}
	char file[4096];
	for (size_t i = 0; i < k->n; i++)
		if (!lm_user_user_spec(k->spec[i], file, sizeof file, k->label[i]))
			snprintf(k->label[i], LM_USER_NAME, "%.*s", LM_USER_NAME - 1, k->spec[i]);
	return LM_OK;
}

/* Runs a worker on kernels from..n of k (continuing the results with
 * --resume where resume). */
static lm_status run_worker(const lm_options *o, const kernels *k, size_t from, bool resume, lm_guard_end *end)
{
	static const char *const skip[] = { "kernel", "resume", NULL };
	char text[16384], list[8192] = "";
	char *argv[128] = { "measure" };
	size_t n = 1 + lm_options_argv(&lm_measure_options, o, skip, text, sizeof text, argv + 1, 120);
	for (size_t i = from; i < k->n; i++)
		if (!k->refused[i])
			snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", list[0] ? "," : "",
				 k->spec[i]);
	argv[n++] = "--kernel";
	argv[n++] = list;
	if (resume)
		argv[n++] = "--resume";
	argv[n] = NULL;
	return lm_guard_run((const char *const *)argv, o->time_limit + 10, end);
}

/* Notes in the partial results that a kernel cost its worker: after the
 * last whole line (a row the worker was writing when it died is left
 * out, as --resume leaves it out). */
static void note_failure(const lm_guard_end *end, const char *label, const char *how)
{
	char *text = NULL;
	if (!end->partial[0] || lm_file_read_text(end->partial, LM_FILE_MAX_CSV, &text) != LM_OK)
		return;
	char *nl = strrchr(text, '\n');
	size_t keep = nl ? (size_t)(nl - text + 1) : 0;
	free(text);
	if (truncate(end->partial, (off_t)keep) != 0)
		return;
	FILE *f = fopen(end->partial, "a");
	if (f) {
		fprintf(f, "# failed = %s: the worker measuring it %s\n", label, how);
		fclose(f);
	}
}

/* The last worker died in the last kernel: the partial results become
 * the results file where they hold a point, else go. */
static void finish(const lm_guard_end *end)
{
	if (!end->partial[0] || !end->target[0])
		return;
	lm_results r;
	size_t n = 0;
	if (lm_results_read(end->partial, &r) == LM_OK) {
		n = r.n;
		lm_results_free(&r);
	}
	if (n && lm_file_rename(end->partial, end->target) == LM_OK)
		fprintf(stderr, "latmix: %zu points written to %s\n", n, end->target);
	else if (!n && remove(end->partial) == 0)
		fprintf(stderr, "latmix: nothing measured, nothing written\n");
	else
		fprintf(stderr, "latmix: %s\n", lm_error_message());
}

/* The index of label among k's from from on, or k->n. */
static size_t find(const kernels *k, size_t from, const char *label)
{
	while (from < k->n && strcmp(k->label[from], label) != 0)
		from++;
	return from;
}

int lm_supervise_kernels(const lm_options *o)
{
	kernels *k = calloc(1, sizeof *k);
	lm_status s = k ? kernel_names(o, k) : lm_fail(LM_ENOMEM, "out of memory");
	if (s != LM_OK) {
		fprintf(stderr, "latmix measure: %s\n", lm_error_message());
		free(k);
		return lm_status_exit_code(s);
	}
	char lost[1024] = "";
	size_t nlost = 0, from = 0;
	bool resume = o->resume;
	int code = 1;
	wait_through_stop();
	for (;;) {
		lm_guard_end end;
		if (run_worker(o, k, from, resume, &end) != LM_OK) {
			fprintf(stderr, "latmix measure: %s\n", lm_error_message());
			break;
		}
		if ((end.exit_code >= 0 && end.exit_code != LM_GUARD_ABANDONED) || stop_asked) {
			code = end.exit_code >= 0 ? end.exit_code : 130;
			break;
		}
		for (size_t r = 0; r < end.nrefused; r++) {
			size_t i = find(k, from, end.refused[r]);
			if (i < k->n)
				k->refused[i] = true;
		}
		char how[256];
		lm_guard_describe(&end, o->time_limit + 10, how, sizeof how);
		size_t at = end.doing[0] ? find(k, from, end.doing) : k->n;
		if (at == k->n) {
			fprintf(stderr, "latmix measure: latmix's worker %s before it measured a kernel\n", how);
			break;
		}
		fprintf(stderr, "latmix: kernel %s: the worker process measuring it %s: the kernel or the driver "
			"%s; its points before are kept%s\n", k->label[at], how, end.signal ? "crashed" : "hung",
			at + 1 < k->n ? "; going on with the kernels after it" : "");
		note_failure(&end, k->label[at], how);
		snprintf(lost + strlen(lost), sizeof lost - strlen(lost), "%s%s", nlost++ ? ", " : "", k->label[at]);
		from = at + 1;
		resume = true;
		while (from < k->n && k->refused[from])
			from++;
		if (from == k->n) {
			finish(&end);
			break;
		}
	}
	if (nlost)
		fprintf(stderr, "latmix measure: %zu of %zu kernels cost their worker process: %s\n", nlost, k->n,
			lost);
	free(k);
	return nlost ? 1 : code;
}
