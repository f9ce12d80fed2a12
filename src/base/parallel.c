#include "base/parallel.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <unistd.h>

/* A part of the work and what came of it. */
typedef struct {
	lm_part_fn fn;
	void *ctx;
	size_t lo, hi, failed;
} part;

static void *run_part(void *arg)
{
	part *p = arg;
	p->failed = p->fn(p->ctx, p->lo, p->hi);
	return NULL;
}

size_t lm_parallel_for(size_t n, lm_part_fn fn, void *ctx)
{
	enum { MAX_PARTS = 16, SMALL = 1 << 15 };
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	size_t k = cpus > 1 ? (size_t)cpus : 1;
	if (k > MAX_PARTS)
		k = MAX_PARTS;
	if (n < SMALL || k == 1) {
		size_t f = fn(ctx, 0, n);
		return f < n ? f : n;
	}
	part parts[MAX_PARTS];
	pthread_t tid[MAX_PARTS];
	bool started[MAX_PARTS] = { false };
	for (size_t i = 0; i < k; i++) {
		parts[i] = (part){ fn, ctx, n * i / k, n * (i + 1) / k, n };
		/* part 0 runs here; a thread that cannot start runs here too */
		started[i] = i > 0 && pthread_create(&tid[i], NULL, run_part, &parts[i]) == 0;
	}
	size_t failed = SIZE_MAX;
	for (size_t i = 0; i < k; i++) {
		if (started[i])
			pthread_join(tid[i], NULL);
		else
			run_part(&parts[i]);
		if (parts[i].failed < failed)
			failed = parts[i].failed;
	}
	return failed < n ? failed : n;
}
