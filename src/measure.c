#include "measure.h"
#include "chase.h"
#include "kernels.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define GIB (1024ull * 1024 * 1024)
#define MIB (1024ull * 1024)
/* chain instructions per loop iteration the unrolled body aims at, so the
 * loop's own counter and branch cost about 1% of issue slots */
#define BODY_TARGET 256
/* ulongs per warp in the NVIDIA record: SM, start ns, end ns, cycles, iterations */
#define LM_REC 5
/* bytes before a global chase: its values are the indices there */
#define PAD_BYTES (4ull * LM_CHASE_OFFSET)

struct lm_meas {
	lm_device dev;
	lm_meas_config cfg;
	bool nv_timing;           /* per-warp %smid, %globaltimer, %clock64 */
	cl_context ctx;
	cl_command_queue queue;
	cl_mem chain, pos, timing;
	lm_chase *chase;
	size_t max_threads, max_warps_total;
	uint32_t *start, *expect, *got; /* per thread */
	cl_ulong *rec;                   /* per warp: smid, t0, t1, cycles */
	unsigned *per_cu;                /* warps counted per CU id */
	size_t per_cu_len;
	double build_s, upload_s;
	size_t cursor;                   /* cycle position the next point starts at */
	/* the program of the last alpha */
	lm_alpha prog_alpha;
	unsigned prog_chains;
	cl_program prog;
	cl_kernel kernel;
	unsigned mem_n, alu_n, bodies;
};

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static unsigned long long max_footprint(const lm_device *d)
{
	unsigned long long cap = d->max_alloc > PAD_BYTES ? d->max_alloc - PAD_BYTES : 0;
	unsigned long long words = (unsigned long long)LM_CHASE_MAX_WORDS * 4;
	return cap < words ? cap : words;
}

unsigned long long lm_meas_default_footprint(const lm_device *d, bool quick, unsigned chains)
{
	unsigned long long want = 8 * d->cache_size;
	if (want < GIB)
		want = GIB;
	/* room for every chain to run far from the next: chains that drift
	 * together would serve each other's loads from cache */
	unsigned long long spread = 1024ull * d->max_warps * d->compute_units * chains *
				    4ull * d->simd_width;
	if (want < spread)
		want = spread;
	if (quick && want > 256 * MIB)
		want = 256 * MIB;
	unsigned long long cap = max_footprint(d);
	return want < cap ? want : cap;
}

lm_status lm_meas_check_footprint(const lm_device *d, unsigned long long bytes)
{
	unsigned long long line = 4ull * d->simd_width;
	if (bytes < 2 * line)
		return lm_fail(LM_EUSAGE, "footprint %llu bytes: less than two lines of %llu bytes",
			       bytes, line);
	if (bytes > max_footprint(d))
		return lm_fail(LM_EUSAGE, "footprint %.2f GiB: larger than %s allows (%.2f GiB: "
			       "largest allocation %.2f GiB, chase index range %.2f GiB)",
			       (double)bytes / GIB, d->name, (double)max_footprint(d) / GIB,
			       (double)d->max_alloc / GIB,
			       (double)LM_CHASE_MAX_WORDS * 4 / GIB);
	return LM_OK;
}

lm_status lm_meas_geometry(const lm_device *d, unsigned warps, unsigned group_warps,
			   unsigned *groups, unsigned *per_group)
{
	if (warps == 0 || warps > d->max_warps)
		return lm_fail(LM_EUSAGE, "%u warps per CU: %s holds 1 to %u (%s)", warps,
			       d->name, d->max_warps, d->max_warps_source);
	/* the fewest warps per group, so groups spread as finely as possible */
	for (unsigned w = group_warps ? group_warps : 1; w <= warps; w++) {
		if (group_warps && w != group_warps)
			break;
		if (warps % w || (size_t)w * d->simd_width > d->max_wg_size)
			continue;
		if (warps / w <= d->max_groups) {
			*groups = warps / w;
			*per_group = w;
			return LM_OK;
		}
	}
	if (group_warps)
		return lm_fail(LM_EUSAGE, "%u warps per CU: not a whole number of work-groups of %u warps, "
			       "at most %u of them, of at most %zu warps on %s", warps, group_warps,
			       d->max_groups, d->max_wg_size / d->simd_width, d->name);
	return lm_fail(LM_EUSAGE, "%u warps per CU: not a product of at most %u work-groups "
		       "of at most %zu warps on %s", warps, d->max_groups,
		       d->max_wg_size / d->simd_width, d->name);
}

void lm_meas_free(lm_meas *m)
{
	if (!m)
		return;
	if (m->kernel)
		clReleaseKernel(m->kernel);
	if (m->prog)
		clReleaseProgram(m->prog);
	if (m->chain)
		clReleaseMemObject(m->chain);
	if (m->pos)
		clReleaseMemObject(m->pos);
	if (m->timing)
		clReleaseMemObject(m->timing);
	if (m->queue)
		clReleaseCommandQueue(m->queue);
	if (m->ctx)
		clReleaseContext(m->ctx);
	lm_chase_free(m->chase);
	free(m->start);
	free(m->expect);
	free(m->got);
	free(m->rec);
	free(m->per_cu);
	free(m);
}

lm_status lm_meas_check_config(const lm_device *d, const lm_meas_config *cfg)
{
	const lm_mix *mix = cfg->mix;
	if (cfg->chains == 0 || (mix->step == LM_STEP_STREAM && cfg->chains != 1))
		return lm_fail(LM_EUSAGE, "mix %s: %u chains per thread (stream: 1; others: a positive count)",
			       mix->name, cfg->chains);
	if (mix->step == LM_STEP_LOCAL) {
		unsigned long long need = 4ull * LM_MEAS_LMEM_ROWS * d->simd_width * mix->stride;
		if (need > d->local_mem)
			return lm_fail(LM_EUSAGE, "mix lmem: a chase of %d rows of %u words needs %llu bytes "
				       "of local memory; %s allows %llu per work-group", LM_MEAS_LMEM_ROWS,
				       d->simd_width * mix->stride, need, d->name, d->local_mem);
	}
	if (mix->step == LM_STEP_GLOBAL || mix->step == LM_STEP_STREAM)
		return lm_meas_check_footprint(d, cfg->footprint);
	return LM_OK;
}

lm_status lm_meas_alloc(const lm_device *d, const lm_meas_config *cfg, lm_meas **out)
{
	lm_status s = lm_meas_check_config(d, cfg);
	if (s != LM_OK)
		return s;
	lm_meas *m = calloc(1, sizeof *m);
	if (!m)
		return lm_fail(LM_ENOMEM, "out of memory");
	cl_int err;
	m->dev = *d;
	m->cfg = *cfg;
	m->nv_timing = d->nv_cc_major > 0;
	m->max_warps_total = (size_t)d->max_warps * d->compute_units;
	m->max_threads = m->max_warps_total * d->simd_width * (cfg->chains ? cfg->chains : 1);
	m->per_cu_len = 4096;

	m->ctx = clCreateContext(NULL, 1, &d->id, NULL, NULL, &err);
	if (err != CL_SUCCESS) {
		s = lm_fail_cl(err, "clCreateContext", d->name);
		goto fail;
	}
	m->queue = clCreateCommandQueue(m->ctx, d->id, CL_QUEUE_PROFILING_ENABLE, &err);
	if (err != CL_SUCCESS) {
		s = lm_fail_cl(err, "clCreateCommandQueue", d->name);
		goto fail;
	}
	m->start = malloc(m->max_threads * sizeof *m->start);
	m->expect = malloc(m->max_threads * sizeof *m->expect);
	m->got = malloc(m->max_threads * sizeof *m->got);
	m->rec = malloc(m->max_warps_total * LM_REC * sizeof *m->rec);
	m->per_cu = malloc(m->per_cu_len * sizeof *m->per_cu);
	if (!m->start || !m->expect || !m->got || !m->rec || !m->per_cu) {
		s = lm_fail(LM_ENOMEM, "out of memory");
		goto fail;
	}

	const lm_mix *mix = cfg->mix;
	/* the chase: global mixes fill the footprint; lmem's fits in local
	 * memory; sfu needs none (one line stands in) */
	size_t width = (size_t)d->simd_width * mix->stride;
	size_t lines = (size_t)(cfg->footprint / (4ull * width));
	if (mix->step == LM_STEP_LOCAL)
		lines = LM_MEAS_LMEM_ROWS;
	else if (mix->step == LM_STEP_SFU) {
		lines = 2;
	}
	/* global chains sit LM_CHASE_OFFSET words into the buffer, so a value
	 * is its word's index; local ones hold byte offsets */
	bool global = mix->step == LM_STEP_GLOBAL || mix->step == LM_STEP_STREAM;
	size_t pad = global ? (size_t)LM_CHASE_OFFSET * 4 : 0;
	double t0 = now();
	if ((s = lm_chase_alloc(lines, (unsigned)width, mix->step == LM_STEP_LOCAL ? 4 : 1, cfg->seed,
				&m->chase)) != LM_OK)
		goto fail;
	double t1 = now();
	size_t bytes = lines * width * 4;
	m->chain = clCreateBuffer(m->ctx, CL_MEM_READ_ONLY, pad + bytes, NULL, &err);
	if (err == CL_SUCCESS)
		err = clEnqueueWriteBuffer(m->queue, m->chain, CL_TRUE, pad, bytes,
					   lm_chase_words(m->chase), 0, NULL, NULL);
	if (err != CL_SUCCESS) {
		s = lm_fail_cl(err, "chase buffer", NULL);
		goto fail;
	}
	lm_chase_release_words(m->chase);
	m->build_s = t1 - t0;
	m->upload_s = now() - t1;
	m->pos = clCreateBuffer(m->ctx, CL_MEM_READ_WRITE, m->max_threads * 4, NULL, &err);
	if (err == CL_SUCCESS)
		m->timing = clCreateBuffer(m->ctx, CL_MEM_READ_WRITE,
					   m->max_warps_total * LM_REC * sizeof(cl_ulong), NULL, &err);
	if (err != CL_SUCCESS) {
		s = lm_fail_cl(err, "clCreateBuffer", "positions");
		goto fail;
	}
	*out = m;
	return LM_OK;
fail:
	lm_meas_free(m);
	return s;
}

void lm_meas_setup_time(const lm_meas *m, double *build_s, double *upload_s)
{
	*build_s = m->build_s;
	*upload_s = m->upload_s;
}

size_t lm_meas_lines(const lm_meas *m)
{
	return lm_chase_lines(m->chase);
}

/* Body shape for alpha = num/den: den loads and num adds, repeated so an
 * iteration holds about BODY_TARGET chain instructions. */
static void body_shape(lm_alpha a, unsigned *mem_n, unsigned *alu_n, unsigned *bodies)
{
	*mem_n = a.den ? (unsigned)a.den : 0;
	*alu_n = a.den ? (unsigned)a.num : 1;
	unsigned per = *mem_n + *alu_n;
	*bodies = per >= BODY_TARGET ? 1 : (BODY_TARGET + per - 1) / per;
}

static void build_options(const lm_device *d, const lm_mix *mix, unsigned chains, lm_alpha a,
			  bool nv_timing, char *buf, size_t size)
{
	unsigned mem_n, alu_n, bodies;
	body_shape(a, &mem_n, &alu_n, &bodies);
	if (mix->step == LM_STEP_STREAM)
		bodies = 16;
	snprintf(buf, size, "-DMEM_N=%u -DALU_N=%u -DBODIES=%u -DCHAINS=%u -DSIMD=%u -DLMEM_WORDS=%u %s%s",
		 mem_n, alu_n, bodies, chains, d->simd_width,
		 LM_MEAS_LMEM_ROWS * d->simd_width * mix->stride, mix->define,
		 nv_timing ? " -DLM_NV_TIMING" : "");
}

static lm_status build(cl_context ctx, const lm_device *d, const char *kernel_dir,
		       const char *options, cl_program *out)
{
	char *src;
	lm_status s = lm_kernel_source(kernel_dir, LM_MIX_KERNEL_FILE, &src, NULL);
	if (s != LM_OK)
		return s;
	cl_int err;
	const char *text = src;
	cl_program p = clCreateProgramWithSource(ctx, 1, &text, NULL, &err);
	free(src);
	if (err != CL_SUCCESS)
		return lm_fail_cl(err, "clCreateProgramWithSource", LM_MIX_KERNEL_FILE);
	err = clBuildProgram(p, 1, &d->id, options, NULL, NULL);
	if (err != CL_SUCCESS) {
		char log[2048] = "";
		clGetProgramBuildInfo(p, d->id, CL_PROGRAM_BUILD_LOG, sizeof log - 1, log, NULL);
		log[sizeof log - 1] = '\0';
		clReleaseProgram(p);
		return lm_fail(LM_ECL, "clBuildProgram: %s (%d): %s %s:\n%s", lm_cl_error_name(err),
			       (int)err, LM_MIX_KERNEL_FILE, options, log);
	}
	*out = p;
	return LM_OK;
}

static lm_status use_program(lm_meas *m, lm_alpha a, unsigned chains)
{
	if (m->kernel && m->prog_alpha.num == a.num && m->prog_alpha.den == a.den &&
	    m->prog_chains == chains)
		return LM_OK;
	if (m->kernel)
		clReleaseKernel(m->kernel);
	if (m->prog)
		clReleaseProgram(m->prog);
	m->kernel = NULL;
	m->prog = NULL;
	char opts[256];
	const lm_mix *mix = m->cfg.mix;
	build_options(&m->dev, mix, chains, a, m->nv_timing, opts, sizeof opts);
	lm_status s = build(m->ctx, &m->dev, m->cfg.kernel_dir, opts, &m->prog);
	if (s != LM_OK && m->nv_timing) {
		/* no inline PTX here: measure without the per-warp record */
		m->nv_timing = false;
		build_options(&m->dev, mix, chains, a, false, opts, sizeof opts);
		s = build(m->ctx, &m->dev, m->cfg.kernel_dir, opts, &m->prog);
	}
	if (s != LM_OK)
		return s;
	cl_int err;
	m->kernel = clCreateKernel(m->prog, m->cfg.mix->kernel, &err);
	if (err != CL_SUCCESS)
		return lm_fail_cl(err, "clCreateKernel", m->cfg.mix->kernel);
	m->prog_alpha = a;
	m->prog_chains = chains;
	body_shape(a, &m->mem_n, &m->alu_n, &m->bodies);
	if (mix->step == LM_STEP_STREAM) {
		m->mem_n = 1;
		m->alu_n = 0;
		m->bodies = 16;
	}
	return LM_OK;
}

/* Does the value at i, the end of a chain after steps steps, hold what the
 * mix promises? For chases, the host's own walk; for sfu, a normal float
 * near 1 (rsqrt iterated converges to 1); stream computes no chain. */
static bool check_value(lm_meas *m, size_t i, uint64_t steps)
{
	switch (m->cfg.mix->step) {
	case LM_STEP_GLOBAL:
	case LM_STEP_LOCAL:
		m->expect[i] = steps ? lm_chase_walk(m->chase, m->expect[i], steps) : m->expect[i];
		return m->got[i] == m->expect[i];
	case LM_STEP_SFU: {
		float f;
		memcpy(&f, &m->got[i], sizeof f);
		bool ok = isnormal(f) && (steps ? f > 0.5f && f < 2.0f : m->got[i] == m->expect[i]);
		m->expect[i] = m->got[i];
		return ok;
	}
	case LM_STEP_STREAM:
		break;
	}
	return true;
}

/* One launch over threads work-items in groups of wg: iters iterations, or
 * (budget_ns > 0, NVIDIA record) as many as fit in budget_ns per warp.
 * Reads the per-warp record where there is one, checks every chain's final
 * value, and returns the device time in seconds. */
static lm_status launch(lm_meas *m, size_t threads, size_t wg, cl_uint iters,
			cl_ulong budget_ns, double *seconds)
{
	cl_int err;
	const cl_float zero = 0.0f;
	const lm_mix *mix = m->cfg.mix;
	const cl_uint offset = LM_CHASE_OFFSET;
	const cl_uint words = (cl_uint)(lm_chase_lines(m->chase) * lm_chase_width(m->chase));
	err = clSetKernelArg(m->kernel, 0, sizeof m->chain, &m->chain);
	err |= clSetKernelArg(m->kernel, 1, sizeof m->pos, &m->pos);
	err |= clSetKernelArg(m->kernel, 2, sizeof zero, &zero);
	err |= clSetKernelArg(m->kernel, 3, sizeof iters, &iters);
	err |= clSetKernelArg(m->kernel, 4, sizeof m->timing, &m->timing);
	err |= clSetKernelArg(m->kernel, 5, sizeof offset, &offset);
	err |= clSetKernelArg(m->kernel, 6, sizeof words, &words);
	err |= clSetKernelArg(m->kernel, 7, sizeof budget_ns, &budget_ns);
	if (err != CL_SUCCESS)
		return lm_fail_cl(CL_INVALID_KERNEL_ARGS, "clSetKernelArg", mix->kernel);
	cl_event ev;
	err = clEnqueueNDRangeKernel(m->queue, m->kernel, 1, NULL, &threads, &wg, 0, NULL, &ev);
	if (err != CL_SUCCESS)
		return lm_fail_cl(err, "clEnqueueNDRangeKernel", mix->kernel);
	err = clWaitForEvents(1, &ev);
	cl_ulong t0 = 0, t1 = 0;
	if (err == CL_SUCCESS)
		err = clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof t0, &t0, NULL);
	if (err == CL_SUCCESS)
		err = clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof t1, &t1, NULL);
	clReleaseEvent(ev);
	if (err != CL_SUCCESS)
		return lm_fail_cl(err, "kernel timing", mix->kernel);
	*seconds = (double)(t1 - t0) * 1e-9;
	if (mix->step == LM_STEP_STREAM)
		return LM_OK;

	unsigned simd = m->dev.simd_width;
	size_t nwarps = threads / simd;
	if (m->nv_timing) {
		err = clEnqueueReadBuffer(m->queue, m->timing, CL_TRUE, 0,
					  nwarps * LM_REC * sizeof(cl_ulong), m->rec, 0, NULL, NULL);
		if (err != CL_SUCCESS)
			return lm_fail_cl(err, "clEnqueueReadBuffer", "warp timing");
	}
	size_t values = threads * m->prog_chains;
	err = clEnqueueReadBuffer(m->queue, m->pos, CL_TRUE, 0, values * 4, m->got, 0, NULL, NULL);
	if (err != CL_SUCCESS)
		return lm_fail_cl(err, "clEnqueueReadBuffer", "positions");
	for (size_t i = 0; i < values; i++) {
		size_t t = i % threads;
		uint64_t it = budget_ns ? m->rec[LM_REC * (t / simd) + 4] : iters;
		uint64_t steps = it * m->bodies * m->mem_n;
		uint32_t want = m->expect[i];
		if (!check_value(m, i, steps))
			return lm_fail(LM_ECHECK, "mix %s: work-item %zu, chain %zu ended at 0x%08x after %llu steps; "
				       "expected %s0x%08x: the kernel did not run the chain it was built for "
				       "(compiler, denormal flush, or memory error)", mix->name, t,
				       i / threads, m->got[i], (unsigned long long)steps,
				       mix->step == LM_STEP_SFU ? "a normal float near 1, from " : "",
				       mix->step == LM_STEP_SFU ? want : m->expect[i]);
	}
	return LM_OK;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* What the per-warp record of one launch says. */
typedef struct {
	double ipc_mem, ipc_alu;  /* per CU: each warp's own rate, summed */
	double cycles, ns;        /* summed over warps */
	double iters;             /* summed over warps */
	bool coresident;          /* every warp started before any ended */
	unsigned lo, hi, ncu;     /* fewest and most warps on one CU; CUs used */
} record;

static record read_record(lm_meas *m, size_t nwarps, double mem_per_iter, double alu_per_iter)
{
	record r = { .lo = ~0u };
	cl_ulong last_start = 0, first_end = ~(cl_ulong)0;
	memset(m->per_cu, 0, m->per_cu_len * sizeof *m->per_cu);
	for (size_t w = 0; w < nwarps; w++) {
		const cl_ulong *x = m->rec + LM_REC * w;
		last_start = x[1] > last_start ? x[1] : last_start;
		first_end = x[2] < first_end ? x[2] : first_end;
		r.cycles += (double)x[3];
		r.ns += (double)(x[2] - x[1]);
		r.iters += (double)x[4];
		if (x[3]) {
			r.ipc_mem += (double)x[4] * mem_per_iter / (double)x[3];
			r.ipc_alu += (double)x[4] * alu_per_iter / (double)x[3];
		}
		if (x[0] < m->per_cu_len)
			m->per_cu[x[0]]++;
	}
	r.coresident = last_start < first_end;
	for (size_t c = 0; c < m->per_cu_len; c++) {
		if (!m->per_cu[c])
			continue;
		r.ncu++;
		r.lo = m->per_cu[c] < r.lo ? m->per_cu[c] : r.lo;
		r.hi = m->per_cu[c] > r.hi ? m->per_cu[c] : r.hi;
	}
	r.ipc_mem /= m->dev.compute_units;
	r.ipc_alu /= m->dev.compute_units;
	return r;
}

static double median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof *v, cmp_double);
	return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

lm_status lm_meas_point(lm_meas *m, lm_alpha alpha, unsigned chains, unsigned warps,
			lm_meas_row *row)
{
	const lm_device *d = &m->dev;
	unsigned groups, per_group;
	lm_status s = lm_meas_geometry(d, warps, m->cfg.group_warps, &groups, &per_group);
	if (s != LM_OK)
		return s;
	if (chains == 0 || chains > m->cfg.chains)
		return lm_fail(LM_EUSAGE, "%u chains: this measurement was set up for 1 to %u",
			       chains, m->cfg.chains);
	if ((s = use_program(m, alpha, chains)) != LM_OK)
		return s;
	size_t wg = (size_t)per_group * d->simd_width;
	size_t kmax = 0;
	clGetKernelWorkGroupInfo(m->kernel, d->id, CL_KERNEL_WORK_GROUP_SIZE, sizeof kmax, &kmax, NULL);
	if (kmax && wg > kmax)
		return lm_fail(LM_EDEVICE, "%u warps per work-group: the kernel allows %zu work-items",
			       per_group, kmax);
	size_t nwarps = (size_t)warps * d->compute_units;
	size_t threads = nwarps * d->simd_width;

	/* evenly spaced starts, beginning where the last point's first chain
	 * stopped; chain c of warp w is virtual warp c * nwarps + w, so a
	 * thread's chains lie far apart */
	const lm_mix *mix = m->cfg.mix;
	unsigned simd = d->simd_width;
	size_t values = threads * chains;
	for (size_t i = 0; i < values; i++) {
		size_t c = i / threads, t = i % threads;
		unsigned lane = (unsigned)(t % simd);
		switch (mix->step) {
		case LM_STEP_GLOBAL:
			m->start[i] = mix->divergent
				? lm_chase_start(m->chase, m->cursor, i, values, lane)
				: lm_chase_start(m->chase, m->cursor, c * nwarps + t / simd, nwarps * chains,
						 lane * mix->stride);
			break;
		case LM_STEP_LOCAL:
			m->start[i] = lm_chase_start(m->chase, 0, c * nwarps + t / simd, nwarps * chains, lane);
			break;
		case LM_STEP_SFU:
			m->start[i] = 0x3fc00000u + (uint32_t)(i % 4096); /* about 1.5 */
			break;
		case LM_STEP_STREAM:
			m->start[i] = 0;
			break;
		}
		m->expect[i] = m->start[i];
	}
	cl_int err = clEnqueueWriteBuffer(m->queue, m->pos, CL_TRUE, 0, values * 4, m->start,
					  0, NULL, NULL);
	if (err != CL_SUCCESS)
		return lm_fail_cl(err, "clEnqueueWriteBuffer", "positions");

	double target = m->cfg.launch_ms * 1e-3, t;
	/* fixed time where warps can tell time (NVIDIA): every warp runs the
	 * whole launch; elsewhere a fixed count, sized from short trials so a
	 * launch lasts about the target and none approaches a watchdog */
	bool fixed_time = m->nv_timing && mix->step != LM_STEP_STREAM;
	cl_ulong budget = fixed_time ? (cl_ulong)(target * 1e9) : 0;
	cl_uint iters = fixed_time ? 0x7fffffffu : 1;
	if (!fixed_time) {
		double floor_s = fmax(1e-4, 1000e-9 * (double)d->timer_resolution_ns);
		for (;;) {
			if ((s = launch(m, threads, wg, iters, 0, &t)) != LM_OK)
				return s;
			if (t >= target / 8 || t >= floor_s * 10 || iters >= (1u << 28))
				break;
			iters *= 8;
		}
		iters = (cl_uint)fmax(1.0, fmin((double)iters * target / fmax(t, 1e-9), 4e9));
	}
	if ((s = launch(m, threads, wg, iters, budget, &t)) != LM_OK) /* warm-up */
		return s;
	if (!fixed_time && t < 0.5 * target) { /* the trial was mostly launch overhead */
		iters = (cl_uint)fmax(1.0, fmin((double)iters * target / fmax(t, 1e-9), 4e9));
		if ((s = launch(m, threads, wg, iters, 0, &t)) != LM_OK)
			return s;
	}

	int reps = m->cfg.repeats;
	double *times = malloc(3 * (size_t)reps * sizeof *times);
	if (!times)
		return lm_fail(LM_ENOMEM, "out of memory");
	double *ipc_mem = times + reps, *ipc_alu = times + 2 * reps;
	double cycles = 0, ns = 0, total_iters = 0;
	bool cores = true;
	unsigned lo = ~0u, hi = 0, ncu = 0;
	unsigned mem_per_iter = m->bodies * m->mem_n * chains;
	unsigned alu_per_iter = m->bodies * m->alu_n * chains;
	for (int r = 0; r < reps; r++) {
		if ((s = launch(m, threads, wg, iters, budget, &times[r])) != LM_OK) {
			free(times);
			return s;
		}
		if (m->nv_timing && mix->step != LM_STEP_STREAM) {
			record rec = read_record(m, nwarps, mem_per_iter, alu_per_iter);
			cycles += rec.cycles;
			ns += rec.ns;
			total_iters += rec.iters;
			cores = cores && rec.coresident;
			lo = rec.lo < lo ? rec.lo : lo;
			hi = rec.hi > hi ? rec.hi : hi;
			ncu = rec.ncu > ncu ? rec.ncu : ncu;
			ipc_mem[r] = rec.ipc_mem;
			ipc_alu[r] = rec.ipc_alu;
		}
	}

	memset(row, 0, sizeof *row);
	row->alpha = alpha;
	row->warps = warps;
	row->groups_per_cu = groups;
	row->warps_per_group = per_group;
	row->work_group_size = (unsigned)wg;
	row->compute_units = d->compute_units;
	row->simd_width = d->simd_width;
	row->chains = chains;
	row->mem_per_iter = mem_per_iter;
	row->alu_per_iter = alu_per_iter;
	row->repeats = reps;
	row->time_min = fmin(times[0], times[reps - 1]);
	for (int r = 0; r < reps; r++)
		row->time_max = fmax(row->time_max, times[r]);
	for (int r = 0; r < reps; r++)
		row->time_min = fmin(row->time_min, times[r]);
	row->time_med = median(times, reps);
	double per_group_insts = alpha.den ? (double)m->bodies * m->mem_n : (double)m->bodies * m->alu_n;
	if (m->nv_timing && ns > 0) {
		row->clock_mhz = cycles / ns * 1e3;
		row->clock_source = "%clock64/%globaltimer";
		snprintf(row->coresident, sizeof row->coresident, "%s", cores ? "yes" : "no");
		if (lo == warps && hi == warps && ncu == d->compute_units)
			snprintf(row->spread, sizeof row->spread, "even");
		else
			snprintf(row->spread, sizeof row->spread, "uneven %u-%u on %u CUs", lo, hi, ncu);
	} else {
		row->clock_mhz = d->max_clock_mhz;
		row->clock_source = "reported maximum";
		snprintf(row->coresident, sizeof row->coresident, "unverified");
		snprintf(row->spread, sizeof row->spread, "unverified");
	}
	double hz = row->clock_mhz * 1e6;
	if (fixed_time) {
		/* each warp's iterations over its own cycles, summed: the rate of
		 * n resident warps */
		snprintf(row->timing, sizeof row->timing, "fixed-time");
		row->iters = (unsigned long)(total_iters / (double)(reps * nwarps) + 0.5);
		row->mem_ipc = median(ipc_mem, reps);
		row->alu_ipc = median(ipc_alu, reps);
		row->cycles_per_group = cycles / (total_iters * per_group_insts);
	} else {
		snprintf(row->timing, sizeof row->timing, "fixed-work");
		row->iters = iters;
		double cu_cycles = row->time_med * hz * d->compute_units;
		row->mem_ipc = (double)iters * mem_per_iter * (double)nwarps / cu_cycles;
		row->alu_ipc = (double)iters * alu_per_iter * (double)nwarps / cu_cycles;
		row->cycles_per_group = row->time_med * hz / ((double)iters * per_group_insts);
	}
	free(times);
	row->bytes_per_s = row->mem_ipc * hz * d->compute_units * d->simd_width * mix->bytes_per_lane;
	row->checked = mix->step == LM_STEP_STREAM ? 0 : (unsigned long)values;
	/* the next point starts where this one's first chain stopped */
	if (mix->step == LM_STEP_GLOBAL)
		m->cursor = lm_chase_position(m->chase, m->expect[0]);
	return LM_OK;
}

lm_status lm_meas_kernel_text(const lm_device *d, const lm_mix *mix, unsigned chains,
			      const char *kernel_dir, lm_alpha alpha, bool binary, char **text)
{
	char opts[256];
	bool nv = d->nv_cc_major > 0;
	build_options(d, mix, chains, alpha, nv, opts, sizeof opts);
	char *src;
	const char *from;
	lm_status s = lm_kernel_source(kernel_dir, LM_MIX_KERNEL_FILE, &src, &from);
	if (s != LM_OK)
		return s;
	cl_int err;
	cl_context ctx = clCreateContext(NULL, 1, &d->id, NULL, NULL, &err);
	cl_program prog = NULL;
	char *bin = NULL;
	size_t bin_size = 0;
	if (err != CL_SUCCESS) {
		s = lm_fail_cl(err, "clCreateContext", d->name);
		goto done;
	}
	if ((s = build(ctx, d, kernel_dir, opts, &prog)) != LM_OK && nv) {
		build_options(d, mix, chains, alpha, false, opts, sizeof opts);
		s = build(ctx, d, kernel_dir, opts, &prog);
	}
	if (s != LM_OK)
		goto done;
	if (binary) {
		err = clGetProgramInfo(prog, CL_PROGRAM_BINARY_SIZES, sizeof bin_size, &bin_size, NULL);
		if (err == CL_SUCCESS && bin_size) {
			bin = malloc(bin_size + 1);
			unsigned char *ptrs[1] = { (unsigned char *)bin };
			if (!bin || clGetProgramInfo(prog, CL_PROGRAM_BINARIES, sizeof ptrs, ptrs, NULL) != CL_SUCCESS)
				bin_size = 0;
		}
	}
	/* text (PTX, say) if no control character before a trailing NUL */
	size_t text_len = bin_size;
	while (text_len && bin[text_len - 1] == '\0')
		text_len--;
	size_t first_bad = 0;
	while (first_bad < text_len) {
		unsigned char ch = (unsigned char)bin[first_bad];
		if (ch < 32 && ch != '\n' && ch != '\t' && ch != '\r')
			break;
		first_bad++;
	}
	bool text_binary = text_len > 0 && first_bad == text_len;
	size_t len = strlen(src) + (text_binary ? bin_size : 0) + 1024;
	char *out = malloc(len);
	if (!out) {
		s = lm_fail(LM_ENOMEM, "out of memory");
		goto done;
	}
	int k = snprintf(out, len, "// latmix kernel: mix %s, kernel %s, source %s/%s\n"
			 "// build options: %s\n%s", mix->name, mix->kernel, from,
			 LM_MIX_KERNEL_FILE, opts, src);
	if (binary) {
		if (text_binary) {
			bin[text_len] = '\0';
			snprintf(out + k, len - (size_t)k, "\n// ---- device binary (%zu bytes) ----\n%s\n",
				 bin_size, bin);
		} else {
			snprintf(out + k, len - (size_t)k,
				 "\n// ---- device binary: %zu bytes, not text (first control byte at %zu); not shown ----\n",
				 bin_size, first_bad);
		}
	}
	*text = out;
done:
	free(bin);
	free(src);
	if (prog)
		clReleaseProgram(prog);
	if (ctx)
		clReleaseContext(ctx);
	return s;
}
