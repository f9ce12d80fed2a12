/* A point's chains: where each starts (spread over the chase's cycle
 * from where the last point stopped) and the host's check of where each
 * ended, against its own walk of the steps the work-item took. */
#include "bench/measure_parts.h"
#include "base/parallel.h"
#include "bench/chase.h"
#include "bench/launch.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

/* A walk remembered: the line a value started in, the steps taken, and
 * a value in the line they ended in. */
typedef struct {
	size_t line;
	uint64_t steps;
	uint32_t end;
	bool valid;
} walk_memo;

/* Does the value at i, the end of a chain after steps steps, hold what the
 * mix promises? For chases, the host's own walk (once for the lanes of a
 * line that took the same steps: memo); for sfu, a normal float near 1
 * (rsqrt iterated converges to 1); stream computes no chain. */
static bool check_value(lm_meas *m, size_t i, uint64_t steps, walk_memo *memo)
{
	switch (m->cfg.mix->step) {
	case LM_STEP_GLOBAL:
	case LM_STEP_LOCAL: {
		const lm_chase *c = m->chase;
		uint32_t v = m->expect[i];
		size_t line = lm_chase_line(c, v);
		if (!memo->valid || memo->line != line || memo->steps != steps) {
			*memo = (walk_memo){ line, steps, steps ? lm_chase_walk(c, v, steps) : v, true };
		}
		m->expect[i] = lm_chase_relane(c, memo->end, lm_chase_lane(c, v));
		return m->got[i] == m->expect[i];
	}
	case LM_STEP_SFU: {
		/* a failure leaves expect as it was, for the message */
		float f;
		memcpy(&f, &m->got[i], sizeof f);
		bool ok = isnormal(f) && (steps ? f > 0.5f && f < 2.0f : m->got[i] == m->expect[i]);
		if (ok)
			m->expect[i] = m->got[i];
		return ok;
	}
	case LM_STEP_STREAM:
	case LM_STEP_DISPATCH: /* never a chase (lm_meas_check_config) */
		break;
	}
	return true;
}

typedef struct {
	lm_meas *m;
	size_t threads;
} check_ctx;

/* check_value over values lo..hi-1; the first that fails, or SIZE_MAX. */
static size_t check_part(void *arg, size_t lo, size_t hi)
{
	check_ctx *c = arg;
	lm_meas *m = c->m;
	walk_memo memo = { .valid = false };
	for (size_t i = lo; i < hi; i++) {
		uint64_t steps = m->done[i % c->threads] * m->bodies * m->mem_n;
		if (!check_value(m, i, steps, &memo))
			return i;
	}
	return SIZE_MAX;
}

typedef struct {
	lm_meas *m;
	size_t threads, nwarps;
	unsigned chains;
} start_ctx;

/* The start values lo..hi-1 of a point (and the host's copy to check
 * against): evenly spaced starts, beginning where the last point's first
 * chain stopped; chain c of warp w is virtual warp c * nwarps + w, so a
 * thread's chains lie far apart. */
static size_t start_part(void *arg, size_t lo, size_t hi)
{
	start_ctx *x = arg;
	lm_meas *m = x->m;
	const lm_mix *mix = m->cfg.mix;
	unsigned simd = m->dev.simd_width;
	size_t threads = x->threads, nwarps = x->nwarps, chains = x->chains;
	size_t values = threads * chains;
	size_t last_warp = SIZE_MAX; /* virtual warp of the last start: its line */
	uint32_t last = 0;
	for (size_t i = lo; i < hi; i++) {
		size_t c = i / threads, t = i % threads;
		unsigned lane = (unsigned)(t % simd);
		size_t vwarp = c * nwarps + t / simd;
		switch (mix->step) {
		case LM_STEP_GLOBAL:
			if (mix->divergent)
				m->start[i] = lm_chase_start(m->chase, m->cursor, i, values, lane);
			else if (vwarp == last_warp)
				m->start[i] = lm_chase_relane(m->chase, last, lane * mix->stride);
			else
				m->start[i] = lm_chase_start(m->chase, m->cursor, vwarp, nwarps * chains,
							     lane * mix->stride);
			break;
		case LM_STEP_LOCAL:
			m->start[i] = vwarp == last_warp
				? lm_chase_relane(m->chase, last, lane)
				: lm_chase_start(m->chase, 0, vwarp, nwarps * chains, lane);
			break;
		case LM_STEP_SFU:
			m->start[i] = 0x3fc00000u + (uint32_t)(i % 4096); /* about 1.5 */
			break;
		case LM_STEP_STREAM:
		case LM_STEP_DISPATCH:
			m->start[i] = 0;
			break;
		}
		last_warp = vwarp;
		last = m->start[i];
		m->expect[i] = m->start[i];
	}
	return SIZE_MAX;
}

/* Every chain's start, spread over the cycle from where the last point
 * stopped, written to the device. */
lm_status lm_meas_start_chains(lm_meas *m, size_t threads, size_t nwarps, unsigned chains)
{
	double c0 = lm_launch_now();
	size_t values = threads * chains;
	start_ctx sc = { m, threads, nwarps, chains };
	lm_parallel_for(values, start_part, &sc);
	cl_int err = clEnqueueWriteBuffer(m->queue, m->pos, CL_TRUE, 0, values * 4, m->start, 0, NULL, NULL);
	if (err != CL_SUCCESS)
		return lm_fail_cl(err, "clEnqueueWriteBuffer", "positions");
	memset(m->done, 0, threads * sizeof *m->done);
	m->launches = 0;
	m->cost.checks += lm_launch_now() - c0;
	return LM_OK;
}

/* Reads every chain's final position after the point's launches and
 * checks it against the host's walk of all the steps its work-item took. */
lm_status lm_meas_check_chains(lm_meas *m, size_t threads)
{
	const lm_mix *mix = m->cfg.mix;
	size_t values = mix->step == LM_STEP_STREAM ? 0 : threads * m->prog_chains;
	if (!values)
		return LM_OK;
	double t0 = lm_launch_now();
	cl_int err = clEnqueueReadBuffer(m->queue, m->pos, CL_TRUE, 0, values * 4, m->got, 0, NULL, NULL);
	if (err != CL_SUCCESS)
		return lm_fail_cl(err, "clEnqueueReadBuffer", "positions");
	check_ctx cc = { m, threads };
	size_t i = lm_parallel_for(values, check_part, &cc);
	m->cost.checks += lm_launch_now() - t0;
	if (i < values) {
		size_t t = i % threads;
		uint64_t steps = m->done[t] * m->bodies * m->mem_n;
		return lm_fail(LM_ECHECK, "mix %s: work-item %zu, chain %zu ended at 0x%08x after %llu "
			       "steps in %u launches; expected %s0x%08x: the kernel did not run the chain "
			       "it was built for (compiler, denormal flush, or memory error)", mix->name,
			       t, i / threads, m->got[i], (unsigned long long)steps, m->launches,
			       mix->step == LM_STEP_SFU ? "a normal float near 1, from " : "",
			       m->expect[i]);
	}
	return LM_OK;
}
