#include "bench/measure.h"
#include "bench/measure_parts.h"
#include "base/parallel.h"
#include "bench/chase.h"
#include "bench/kernels.h"
#include "bench/sysclock.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <errno.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

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
	if (m->sink)
		clReleaseMemObject(m->sink);
	if (m->record)
		clReleaseMemObject(m->record);
	if (m->stop)
		clReleaseMemObject(m->stop);
	if (m->count)
		clReleaseMemObject(m->count);
	if (m->sync)
		clReleaseMemObject(m->sync);
	if (m->queue)
		clReleaseCommandQueue(m->queue);
	if (m->ctx)
		clReleaseContext(m->ctx);
	lm_chase_free(m->chase);
	lm_sysclock_free(m->sysclock);
	free(m->start);
	free(m->expect);
	free(m->got);
	free(m->counts);
	free(m->done);
	free(m->synced);
	free(m->rec);
	free(m->per_cu);
	free(m);
}

lm_status lm_meas_check_config(const lm_device *d, const lm_meas_config *cfg)
{
	const lm_mix *mix = cfg->mix;
	if (mix->step == LM_STEP_DISPATCH)
		return lm_fail(LM_EUSAGE, "mix %s has no chain: latmix measure --mix %s measures it, a point a "
			       "work-group size", mix->name, mix->name);
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

/* Global chains sit LM_CHASE_OFFSET words into their buffer, so a value
 * is its word's index; local ones hold byte offsets from the start. */
static size_t chase_pad(const lm_mix *mix)
{
	bool global = mix->step == LM_STEP_GLOBAL || mix->step == LM_STEP_STREAM;
	return global ? (size_t)PAD_BYTES : 0;
}

static lm_status fill_on_device(lm_meas *m);
static bool stream_on_cpu(const lm_meas *m);
static lm_status touch_on_device(lm_meas *m, size_t bytes);
static uint32_t touched_word(size_t k, size_t bytes);

/* m's context (cfg's own, retained, else a new one) and its queue, which
 * profiles. */
static lm_status open_queue(lm_meas *m)
{
	cl_int err;
	if (m->cfg.context) {
		clRetainContext(m->cfg.context);
		m->ctx = m->cfg.context;
	} else {
		m->ctx = clCreateContext(NULL, 1, &m->dev.id, NULL, NULL, &err);
		if (err != CL_SUCCESS)
			return lm_fail_cl(err, "clCreateContext", m->dev.name);
	}
	m->queue = clCreateCommandQueue(m->ctx, m->dev.id, CL_QUEUE_PROFILING_ENABLE, &err);
	if (err != CL_SUCCESS)
		return lm_fail_cl(err, "clCreateCommandQueue", m->dev.name);
	return LM_OK;
}

/* The host's copies for the largest point: the chains' values, the
 * warps' records and CU counts, the work-items' iterations, the groups'
 * counters. */
static lm_status alloc_host(lm_meas *m)
{
	m->start = malloc(m->max_threads * sizeof *m->start);
	m->expect = malloc(m->max_threads * sizeof *m->expect);
	m->got = malloc(m->max_threads * sizeof *m->got);
	m->rec = malloc(m->max_warps_total * LM_REC * sizeof *m->rec);
	m->per_cu = malloc(m->per_cu_len * sizeof *m->per_cu);
	size_t max_items = m->max_warps_total * m->dev.simd_width;
	m->counts = malloc(max_items * sizeof *m->counts);
	m->done = malloc(max_items * sizeof *m->done);
	m->synced = malloc((1 + m->max_warps_total) * sizeof *m->synced);
	if (!m->start || !m->expect || !m->got || !m->rec || !m->per_cu || !m->counts || !m->done ||
	    !m->synced)
		return lm_fail(LM_ENOMEM, "out of memory");
	return LM_OK;
}

/* Do buffers a and b hold the same words: in one context, as many bytes,
 * both a stream's pattern (which the bytes alone decide) or both one chase? */
static bool holds_the_same(const lm_meas_buffer *a, const lm_meas_buffer *b)
{
	if (a->ctx != b->ctx || a->bytes != b->bytes || a->touched != b->touched)
		return false;
	return a->touched || (a->lines == b->lines && a->width == b->width && a->scale == b->scale &&
			      a->seed == b->seed);
}

/* The chase, on the host and written on the device (its seconds in
 * m->build_s): global mixes fill the footprint; lmem's fits in local
 * memory; sfu needs none (one line stands in). */
static lm_status build_chase(lm_meas *m)
{
	const lm_mix *mix = m->cfg.mix;
	size_t width = (size_t)m->dev.simd_width * mix->stride;
	size_t lines = (size_t)(m->cfg.footprint / (4ull * width));
	if (mix->step == LM_STEP_LOCAL)
		lines = LM_MEAS_LMEM_ROWS;
	else if (mix->step == LM_STEP_SFU) {
		lines = 2;
	}
	size_t pad = chase_pad(mix);
	lm_status s = lm_chase_alloc(lines, (unsigned)width, mix->step == LM_STEP_LOCAL ? 4 : 1, m->cfg.seed,
				     &m->chase);
	if (s != LM_OK)
		return s;
	double t0 = lm_launch_now();
	size_t bytes = lines * width * 4;
	lm_meas_buffer mine = { NULL, m->ctx, pad + bytes, stream_on_cpu(m), lines, (unsigned)width,
				lm_chase_scale(m->chase), m->cfg.seed }, *k = m->cfg.keep;
	if (k && k->buf && holds_the_same(k, &mine)) {
		clRetainMemObject(k->buf);
		m->chain = k->buf;
		m->kept = true;
		return LM_OK;
	}
	lm_meas_buffer_release(k);
	cl_int err;
	m->chain = clCreateBuffer(m->ctx, CL_MEM_READ_WRITE, pad + bytes, NULL, &err);
	if (err != CL_SUCCESS)
		return lm_fail_cl(err, "chase buffer", NULL);
	if ((s = mine.touched ? touch_on_device(m, pad + bytes) : fill_on_device(m)) != LM_OK)
		return s;
	m->build_s = lm_launch_now() - t0;
	if (k && clRetainMemObject(m->chain) == CL_SUCCESS) {
		*k = mine;
		k->buf = m->chain;
	}
	return LM_OK;
}

void lm_meas_buffer_release(lm_meas_buffer *k)
{
	if (k && k->buf)
		clReleaseMemObject(k->buf);
	if (k)
		*k = (lm_meas_buffer){ 0 };
}

/* The device's buffers besides the chase, for the largest point: the
 * chains' positions, the sink, the warps' records, the stop flag, the
 * work-items' counts and the groups' counters. */
static lm_status alloc_buffers(lm_meas *m)
{
	cl_int err;
	size_t max_items = m->max_warps_total * m->dev.simd_width;
	m->pos = clCreateBuffer(m->ctx, CL_MEM_READ_WRITE, m->max_threads * 4, NULL, &err);
	size_t sink = m->cfg.mix->store_bytes ? (size_t)lm_meas_sink_bytes(&m->dev, m->cfg.footprint) : 4;
	m->sink_mask = (cl_uint)(sink / 4 - 1);
	if (err == CL_SUCCESS)
		m->sink = clCreateBuffer(m->ctx, CL_MEM_READ_WRITE, sink, NULL, &err);
	if (err == CL_SUCCESS)
		m->record = clCreateBuffer(m->ctx, CL_MEM_READ_WRITE,
					   m->max_warps_total * LM_REC * sizeof(cl_ulong), NULL, &err);
	if (err == CL_SUCCESS)
		m->stop = clCreateBuffer(m->ctx, CL_MEM_READ_WRITE, LM_FLAGS * LM_FLAG_STRIDE * 4,
					 NULL, &err);
	if (err == CL_SUCCESS)
		m->count = clCreateBuffer(m->ctx, CL_MEM_READ_WRITE, max_items * 4, NULL, &err);
	if (err == CL_SUCCESS)
		m->sync = clCreateBuffer(m->ctx, CL_MEM_READ_WRITE, (1 + m->max_warps_total) * 4, NULL,
					 &err);
	if (err != CL_SUCCESS)
		return lm_fail_cl(err, "clCreateBuffer", "positions, sink, records, stop flag, counts");
	return LM_OK;
}

lm_status lm_meas_alloc(const lm_device *d, const lm_meas_config *cfg, lm_meas **out)
{
	lm_status s = lm_meas_check_config(d, cfg);
	if (s != LM_OK)
		return s;
	double t_alloc = lm_launch_now();
	lm_meas *m = calloc(1, sizeof *m);
	if (!m)
		return lm_fail(LM_ENOMEM, "out of memory");
	m->dev = *d;
	m->cfg = *cfg;
	if ((s = lm_timing_resolve(d, cfg->timing, &m->timing)) != LM_OK) {
		free(m);
		return s;
	}
	m->cfg.timing = m->timing;
	m->clocked = d->kclock != LM_KCLOCK_NONE;
	if (!m->clocked && (s = lm_launch_sysclock(&m->dev, &m->sysclock)) != LM_OK)
		goto fail;
	m->max_warps_total = (size_t)d->max_warps * d->compute_units;
	m->max_threads = m->max_warps_total * d->simd_width * (cfg->chains ? cfg->chains : 1);
	m->per_cu_len = 4096;
	if ((s = open_queue(m)) != LM_OK || (s = alloc_host(m)) != LM_OK ||
	    (s = build_chase(m)) != LM_OK || (s = alloc_buffers(m)) != LM_OK)
		goto fail;
	m->cost.setup = lm_launch_now() - t_alloc;
	*out = m;
	return LM_OK;
fail:
	lm_meas_free(m);
	return s;
}

lm_status lm_meas_check_chase(lm_meas *m)
{
	size_t words = lm_chase_lines(m->chase) * lm_chase_width(m->chase);
	size_t pad = chase_pad(m->cfg.mix);
	/* in blocks: host memory stays small */
	const size_t block = 1u << 20;
	uint32_t *got = malloc(block * 4);
	if (!got)
		return lm_fail(LM_ENOMEM, "out of memory");
	lm_status s = LM_OK;
	for (size_t w0 = 0; w0 < words && s == LM_OK; w0 += block) {
		size_t n = words - w0 < block ? words - w0 : block;
		cl_int err = clEnqueueReadBuffer(m->queue, m->chain, CL_TRUE, pad + w0 * 4, n * 4, got, 0,
						 NULL, NULL);
		if (err != CL_SUCCESS) {
			s = lm_fail_cl(err, "clEnqueueReadBuffer", "chase buffer");
			break;
		}
		for (size_t i = 0; i < n; i++) {
			uint32_t want = stream_on_cpu(m) ? touched_word(pad / 4 + w0 + i, pad + words * 4)
							  : lm_chase_word(m->chase, w0 + i);
			if (got[i] != want) {
				s = lm_fail(LM_ECHECK, "chase buffer word %zu (line %zu): 0x%08x on the device, "
					    "0x%08x by the host's bijection", w0 + i,
					    (w0 + i) / lm_chase_width(m->chase), got[i], want);
				break;
			}
		}
	}
	free(got);
	return s;
}

lm_meas_cost lm_meas_costs(const lm_meas *m)
{
	return m->cost;
}

double lm_meas_build_time(const lm_meas *m)
{
	return m->build_s;
}

bool lm_meas_buffer_kept(const lm_meas *m)
{
	return m->kept;
}

size_t lm_meas_lines(const lm_meas *m)
{
	return lm_chase_lines(m->chase);
}

/* A stream mix on a CPU: its loads' values are summed, never followed, so
 * its buffer needs its pages written, not a permutation (which takes PoCL
 * 6 s for 2 GiB on two cores, a stream mix 30 s of five). On a GPU it is
 * written as the chase's is: a buffer of one repeated pattern might read
 * faster than data does where the memory compresses. */
static bool stream_on_cpu(const lm_meas *m)
{
	return m->cfg.mix->step == LM_STEP_STREAM && (m->dev.type & CL_DEVICE_TYPE_CPU);
}

/* Word k of a buffer of bytes touch_on_device wrote: a pattern of 16
 * words, the tail after its last whole one the pattern's first. */
static uint32_t touched_word(size_t k, size_t bytes)
{
	size_t whole = bytes / 64 * 64;
	return 0x9e3779b9u * (uint32_t)((k * 4 < whole ? k % 16 : 0) + 1);
}

/* Writes every page of the buffer (bytes) with a pattern of words that
 * differ, so that no read finds an untouched page the system maps to one
 * zero page. */
static lm_status touch_on_device(lm_meas *m, size_t bytes)
{
	cl_uint pattern[16];
	for (cl_uint i = 0; i < 16; i++)
		pattern[i] = touched_word(i, bytes);
	size_t whole = bytes / sizeof pattern * sizeof pattern;
	cl_int err = clEnqueueFillBuffer(m->queue, m->chain, pattern, sizeof pattern, 0, whole, 0, NULL, NULL);
	if (err == CL_SUCCESS && whole < bytes)
		err = clEnqueueFillBuffer(m->queue, m->chain, pattern, 4, whole, bytes - whole, 0, NULL, NULL);
	if (err == CL_SUCCESS)
		err = clFinish(m->queue);
	return err == CL_SUCCESS ? LM_OK : lm_fail_cl(err, "clEnqueueFillBuffer", "the stream's buffer");
}

/* Writes the chase buffer on the device (cl/fill.cl), after its pad, in
 * launches of at most 2^28 work-items. */
static lm_status fill_on_device(lm_meas *m)
{
	/* latmix's own copies, whatever --kernel-dir holds: that option is for
	 * the mixes' kernels */
	char *perm, *fill;
	lm_status s = lm_kernel_source(NULL, "perm.h", &perm, NULL);
	if (s != LM_OK)
		return s;
	if ((s = lm_kernel_source(NULL, "fill.cl", &fill, NULL)) != LM_OK) {
		free(perm);
		return s;
	}
	char *src = malloc(strlen(perm) + strlen(fill) + 2);
	if (src)
		sprintf(src, "%s\n%s", perm, fill);
	free(perm);
	free(fill);
	if (!src)
		return lm_fail(LM_ENOMEM, "out of memory");
	cl_program prog;
	s = lm_launch_build(m->ctx, &m->dev, src, "fill.cl", "", &prog);
	free(src);
	if (s != LM_OK)
		return s;
	/* GPUs: a work-item per word, a warp's stores to one line; CPUs: a
	 * work-item per run of the cycle's positions, a walk a line */
	bool along_cycle = (m->dev.type & CL_DEVICE_TYPE_CPU) != 0;
	const char *name = along_cycle ? "lm_fill_cycle" : "lm_fill";
	const cl_uint run = 256;
	cl_int err;
	cl_kernel k = clCreateKernel(prog, name, &err);
	if (err != CL_SUCCESS) {
		clReleaseProgram(prog);
		return lm_fail_cl(err, "clCreateKernel", name);
	}
	const lm_perm *p = lm_chase_perm(m->chase);
	cl_uint width = lm_chase_width(m->chase), scale = lm_chase_scale(m->chase);
	cl_uint offset = LM_CHASE_OFFSET;
	cl_ulong lines = lm_chase_lines(m->chase), items = along_cycle ? (lines + run - 1) / run : lines * width;
	cl_ulong base = chase_pad(m->cfg.mix) / 4;
	err = clSetKernelArg(k, 0, sizeof m->chain, &m->chain);
	err |= clSetKernelArg(k, 1, sizeof base, &base);
	err |= clSetKernelArg(k, 3, sizeof p->n, &p->n);
	err |= clSetKernelArg(k, 4, sizeof p->bits, &p->bits);
	for (int i = 0; i < LM_PERM_ROUNDS; i++)
		err |= clSetKernelArg(k, 5 + (cl_uint)i, sizeof p->key[i], &p->key[i]);
	err |= clSetKernelArg(k, 9, sizeof width, &width);
	err |= clSetKernelArg(k, 10, sizeof scale, &scale);
	err |= clSetKernelArg(k, 11, sizeof offset, &offset);
	if (along_cycle)
		err |= clSetKernelArg(k, 12, sizeof run, &run);
	const cl_ulong chunk = 1ull << 28;
	for (cl_ulong done = 0; err == CL_SUCCESS && done < items; done += chunk) {
		size_t n = (size_t)(items - done < chunk ? items - done : chunk);
		cl_ulong first = along_cycle ? done * run : done; /* lm_fill_cycle's: a position */
		err = clSetKernelArg(k, 2, sizeof first, &first);
		if (err == CL_SUCCESS)
			err = clEnqueueNDRangeKernel(m->queue, k, 1, NULL, &n, NULL, 0, NULL, NULL);
	}
	if (err == CL_SUCCESS)
		err = clFinish(m->queue);
	clReleaseKernel(k);
	clReleaseProgram(prog);
	return err == CL_SUCCESS ? LM_OK : lm_fail_cl(err, "writing the chase buffer", name);
}

/* Clears the stop flag and the counters of groups work-groups before a
 * launch. */
static lm_status clear_flags(lm_meas *m, size_t groups)
{
	const cl_uint nil = 0;
	cl_int err = clEnqueueFillBuffer(m->queue, m->stop, &nil, sizeof nil, 0, LM_FLAGS * LM_FLAG_STRIDE * 4,
					 0, NULL, NULL);
	if (err == CL_SUCCESS)
		err = clEnqueueFillBuffer(m->queue, m->sync, &nil, sizeof nil, 0, (1 + groups) * 4, 0,
					  NULL, NULL);
	if (err != CL_SUCCESS)
		return lm_fail_cl(err, "clEnqueueFillBuffer", "stop flag and work-group counters");
	return LM_OK;
}

/* Sets the chase kernel's arguments for a launch of quota iterations
 * (raise: the first to finish raises the stop flag; budget_ns: fixed
 * time). */
static lm_status set_chase_args(lm_meas *m, cl_uint quota, bool raise, cl_ulong budget_ns)
{
	const cl_float zero = 0.0f;
	const cl_uint offset = LM_CHASE_OFFSET;
	const cl_uint words = (cl_uint)(lm_chase_lines(m->chase) * lm_chase_width(m->chase));
	const cl_uint raise_arg = raise;
	cl_mem *bufs[] = { &m->chain, &m->pos };
	cl_int err = CL_SUCCESS;
	for (cl_uint i = 0; i < 2; i++)
		err |= clSetKernelArg(m->kernel, i, sizeof(cl_mem), bufs[i]);
	err |= clSetKernelArg(m->kernel, 2, sizeof zero, &zero);
	err |= clSetKernelArg(m->kernel, 3, sizeof quota, &quota);
	err |= clSetKernelArg(m->kernel, 4, sizeof raise_arg, &raise_arg);
	err |= clSetKernelArg(m->kernel, 5, sizeof m->stop, &m->stop);
	err |= clSetKernelArg(m->kernel, 6, sizeof m->count, &m->count);
	err |= clSetKernelArg(m->kernel, 7, sizeof m->sync, &m->sync);
	err |= clSetKernelArg(m->kernel, 8, sizeof m->record, &m->record);
	err |= clSetKernelArg(m->kernel, 9, sizeof offset, &offset);
	err |= clSetKernelArg(m->kernel, 10, sizeof words, &words);
	err |= clSetKernelArg(m->kernel, 11, sizeof budget_ns, &budget_ns);
	err |= clSetKernelArg(m->kernel, 12, sizeof m->sink, &m->sink);
	err |= clSetKernelArg(m->kernel, 13, sizeof m->sink_mask, &m->sink_mask);
	if (err != CL_SUCCESS)
		return lm_fail_cl(CL_INVALID_KERNEL_ARGS, "clSetKernelArg", m->cfg.mix->kernel);
	return LM_OK;
}

/* Reads back what a launch of threads work-items in groups wrote: their
 * iterations, the groups' counters and (rec) the warps' records; the
 * seconds it took in the read-back cost. */
static lm_status read_launch(lm_meas *m, size_t threads, size_t groups, bool rec)
{
	double r0 = lm_launch_now();
	size_t nwarps = threads / m->dev.simd_width;
	/* one wait for all: the last read blocks, the queue is in order */
	cl_int err = clEnqueueReadBuffer(m->queue, m->count, CL_FALSE, 0, threads * 4, m->counts, 0, NULL, NULL);
	if (err == CL_SUCCESS)
		err = clEnqueueReadBuffer(m->queue, m->sync, rec ? CL_FALSE : CL_TRUE, 0, (1 + groups) * 4,
					  m->synced, 0, NULL, NULL);
	if (err == CL_SUCCESS && rec)
		err = clEnqueueReadBuffer(m->queue, m->record, CL_TRUE, 0, nwarps * LM_REC * sizeof(cl_ulong),
					  m->rec, 0, NULL, NULL);
	m->cost.readback += lm_launch_now() - r0;
	if (err != CL_SUCCESS)
		return lm_fail_cl(err, "clEnqueueReadBuffer", "counts, work-group counters, records");
	return LM_OK;
}

/* Checks every work-item's iterations against the launch's quota (raise,
 * budget_ns as launch's), adds them to the point's m->done and their sum
 * to *total. */
static lm_status count_iterations(lm_meas *m, size_t threads, cl_uint quota, bool raise, cl_ulong budget_ns,
				  uint64_t *total)
{
	const lm_mix *mix = m->cfg.mix;
	cl_uint most = 0;
	for (size_t t = 0; t < threads; t++) {
		/* fixed work: every work-item runs its whole quota */
		bool whole = raise || budget_ns || m->counts[t] == quota;
		if (m->counts[t] == 0 || m->counts[t] > quota || !whole)
			return lm_fail(LM_ECHECK, "mix %s: work-item %zu completed %u iterations of a quota of %u: "
				       "the launch did not run as built%s", mix->name, t, m->counts[t], quota,
				       whole ? "" : " (a driver's limit on a work-item's loop passes?)");
		most = m->counts[t] > most ? m->counts[t] : most;
		*total += m->counts[t];
		m->done[t] += m->counts[t];
	}
	/* the stop flag: the work-item that raised it ran the whole quota */
	if (raise && !budget_ns && most != quota)
		return lm_fail(LM_ECHECK, "mix %s: no work-item completed the quota of %u (the most: %u), so "
			       "none raised the stop flag: the loop ended early (a driver's limit on a "
			       "work-item's loop passes?)", mix->name, quota, most);
	return LM_OK;
}

/* One launch over threads work-items in groups of wg, run to quota
 * iterations per work-item, to the first warp's quota (raise), or (budget_ns
 * > 0) for budget_ns of the in-kernel clock. Reads back the iterations
 * every work-item completed (adding them to the point's m->done) and what
 * every work-group and warp recorded, and says what the launch did (work:
 * warp iterations). The chains' final positions are checked once a point,
 * by lm_meas_check_chains: every launch continues the chains the one before left, so
 * a step that went wrong in any launch shows there. */
static lm_status launch(lm_meas *m, size_t threads, size_t wg, cl_uint quota, bool raise,
			cl_ulong budget_ns, int flags, lm_launch_out *out)
{
	const lm_mix *mix = m->cfg.mix;
	size_t groups = threads / wg;
	memset(out, 0, sizeof *out);
	lm_status s = clear_flags(m, groups);
	if (s != LM_OK || (s = set_chase_args(m, quota, raise, budget_ns)) != LM_OK)
		return s;
	s = lm_launch_kernel(m->queue, m->kernel, threads, wg, mix->kernel, &m->events_broken,
			     flags, &m->cost, &out->seconds, &out->host_s);
	if (s != LM_OK)
		return s;

	unsigned simd = m->dev.simd_width;
	size_t nwarps = threads / simd;
	bool rec = m->clocked && !(flags & LM_LAUNCH_NO_RECORD);
	if ((s = read_launch(m, threads, groups, rec)) != LM_OK)
		return s;
	char what[32];
	snprintf(what, sizeof what, "mix %s", mix->name);
	if ((s = lm_launch_sync(m->synced, (unsigned)groups, what, out)) != LM_OK)
		return s;
	uint64_t total = 0;
	if ((s = count_iterations(m, threads, quota, raise, budget_ns, &total)) != LM_OK)
		return s;
	m->launches++;
	out->work = (double)total / simd;
	if (rec)
		out->rec = lm_launch_read_record(m->rec, nwarps, m->dev.max_clock_mhz * 1e6,
						 m->dev.compute_units, m->per_cu, m->per_cu_len);
	return LM_OK;
}

/* The longest quota a launch may ask for on m's device. */
static cl_uint max_quota(const lm_meas *m)
{
	unsigned long lim = m->dev.loop_limit;
	/* a driver's limit counts the passes of every loop: the iterations',
	 * and an iteration's own (at most one, or stream-fill's, one a store) */
	unsigned long passes = lm_mix_inner_loop(m->cfg.mix) ? m->bodies + 1ul : 2ul;
	if (lim && lim > passes * LOOP_RESERVE)
		return (cl_uint)((lim - LOOP_RESERVE) / passes);
	return lim ? 1 : 0x7fffffffu;
}

/* A point's launches, for the point timer: length is the quota of
 * iterations per work-item (the short launch of a pair an eighth of it). */
typedef struct {
	lm_meas *m;
	size_t threads, wg;
	bool raise;       /* stop-flag: the first warp to its quota stops all */
	cl_ulong budget;  /* fixed-time: ns of the in-kernel clock; 0 otherwise */
} chase_point;

static lm_status chase_launch(void *ctx, unsigned long length, int flags, lm_launch_out *out)
{
	chase_point *c = ctx;
	bool brief = flags & LM_LAUNCH_SHORT;
	unsigned long quota = brief ? (length / SHORT_PART ? length / SHORT_PART : 1) : length;
	return launch(c->m, c->threads, c->wg, (cl_uint)quota, c->raise, brief ? 0 : c->budget, flags, out);
}

/* A point's shape on the device: groups a CU, warps a group, the
 * work-group's size, warps and threads in all. */
typedef struct {
	unsigned groups, per_group;
	size_t wg, nwarps, threads;
} point_shape;

/* The shape of warps per CU with chains, its program in place; LM_EDEVICE
 * where the kernel or the footprint cannot hold it (said why). */
static lm_status shape_point(lm_meas *m, lm_alpha alpha, unsigned chains, unsigned warps, point_shape *ps)
{
	const lm_device *d = &m->dev;
	lm_status s = lm_meas_geometry(d, warps, m->cfg.group_warps, &ps->groups, &ps->per_group);
	if (s != LM_OK)
		return s;
	if (chains == 0 || chains > m->cfg.chains)
		return lm_fail(LM_EUSAGE, "%u chains: this measurement was set up for 1 to %u",
			       chains, m->cfg.chains);
	if ((s = lm_meas_use_program(m, alpha, chains)) != LM_OK)
		return s;
	ps->wg = (size_t)ps->per_group * d->simd_width;
	size_t kmax = lm_device_kernel_wg_limit(d, m->kernel);
	if (kmax && ps->wg > kmax)
		return lm_fail(LM_EDEVICE, "%u warps per work-group: the kernel allows %zu work-items",
			       ps->per_group, kmax);
	ps->nwarps = (size_t)warps * d->compute_units;
	ps->threads = ps->nwarps * d->simd_width;
	/* a chain too close to the next runs into lines the other just
	 * loaded, and measures the cache: the default footprint aims at 1024
	 * lines per chain, and a point with fewer than LM_MEAS_MIN_LINES is
	 * not measured */
	size_t lines = lm_chase_lines(m->chase), vwarps = ps->nwarps * chains;
	if (m->cfg.mix->cache && m->cfg.mix->step == LM_STEP_GLOBAL)
		return lm_meas_cache_chase_holds(warps, chains) ? LM_OK
			: lm_fail(LM_EDEVICE, "%u warps per CU with %u chain%s: the cache's chase runs one "
				  "warp a CU (another would read lines its CU just loaded), 1 to %u chains",
				  warps, chains, chains == 1 ? "" : "s", LM_MEAS_CACHE_CHAINS);
	if (m->cfg.mix->step == LM_STEP_GLOBAL && lines < LM_MEAS_MIN_LINES * vwarps)
		return lm_fail(LM_EDEVICE, "%u warps per CU with %u chain%s: %zu lines per chain, fewer than "
			       "%u (the footprint holds %zu lines of %u bytes): not measured, it would "
			       "measure the cache; a larger --footprint measures it", warps, chains,
			       chains == 1 ? "" : "s", lines / vwarps, LM_MEAS_MIN_LINES, lines,
			       lm_chase_width(m->chase) * 4);
	return LM_OK;
}

/* How the point is timed (the launch length: fixed time where warps can
 * tell time; elsewhere a quota so a launch lasts about the target and none
 * approaches a watchdog: carried over from the point of the same program
 * nearest in warps, between the quota of a latency-bound and of a throughput-bound
 * curve, else sized from short trials); its timing mode. */
static lm_timing plan_point(lm_meas *m, const point_shape *ps, unsigned warps, chase_point *cp, lm_point_plan *plan)
{
	double target = m->cfg.launch_ms * 1e-3;
	lm_timing mode = m->flag_free ? LM_TIMING_FIXED_WORK : m->timing;
	*cp = (chase_point){ m, ps->threads, ps->wg, mode == LM_TIMING_STOP_FLAG,
			     mode == LM_TIMING_FIXED_TIME ? (cl_ulong)(target * 1e9) : 0 };
	bool sized = mode != LM_TIMING_FIXED_TIME;
	*plan = (lm_point_plan){
		.launch = chase_launch, .ctx = cp, .target = target, .repeats = m->cfg.repeats,
		.settle = m->cfg.settle, .sized = sized,
		/* the reference with no clock in the kernel: a short launch beside
		 * each long one, as stop-flag's, so the launch's start and end cancel */
		.pair = cp->raise || (m->flag_free && !m->clocked), .min_pair = 2,
		/* rates from each warp's own iterations over its own cycles:
		 * fixed-time, and the reference where the kernel reads a clock (the
		 * loop alone is timed, without the launch around it) */
		.per_warp = mode == LM_TIMING_FIXED_TIME || (m->flag_free && m->clocked),
		.max_length = max_quota(m), .cost = &m->cost,
		.floor_s = fmax(1e-4, 1000e-9 * (double)m->dev.timer_resolution_ns),
	};
	if (sized)
		plan->carried = lm_carry_length(&m->seen, warps, target, sqrt);
	plan->warm = !plan->carried || m->cfg.warmup_every;
	return mode;
}

/* The row's rates from the point's timing: each warp's iterations over
 * its own cycles where the plan timed per warp and the warps were
 * resident together, else the device's iterations over its time. */
static void point_rates(const lm_meas *m, const point_shape *ps, lm_alpha alpha, unsigned chains, bool per_warp,
			const lm_point_timing *t, lm_row *row)
{
	unsigned mem_per_iter = m->bodies * m->mem_n * chains;
	unsigned alu_per_iter = m->bodies * m->alu_n * chains;
	row->mem_per_iter = mem_per_iter;
	row->alu_per_iter = alu_per_iter;
	row->iters = (unsigned long)(t->work / (double)((size_t)t->repeats * ps->nwarps) + 0.5);
	double hz = row->clock_mhz * 1e6;
	double per_group_insts = alpha.den ? (double)m->bodies * m->mem_n : (double)m->bodies * m->alu_n;
	if (per_warp && strcmp(row->coresident, "yes") == 0) {
		/* each warp's iterations over its own cycles (no cycle counter:
		 * its time at the reported clock), summed: the rate of n resident
		 * warps. Not where warps ran in turns: then the sum counts rates
		 * that never coexisted, and all work over kernel time is what the
		 * device did (the row says it was not co-resident). */
		row->mem_ipc = t->rec_rate * mem_per_iter;
		row->alu_ipc = t->rec_rate * alu_per_iter;
		row->cycles_per_group = (t->cycles > 0 ? t->cycles : t->ns * 1e-9 * hz) / (t->work * per_group_insts);
		if (t->hi_cpi > 0) {
			row->warp_fastest = t->lo_cpi / per_group_insts;
			row->warp_slowest = t->hi_cpi / per_group_insts;
		}
	} else {
		/* warp iterations per second over the device */
		double cu_hz = hz * m->dev.compute_units;
		row->mem_ipc = t->rate * mem_per_iter / cu_hz;
		row->alu_ipc = t->rate * alu_per_iter / cu_hz;
		row->cycles_per_group = hz * (double)ps->nwarps / t->rate / per_group_insts;
	}
	const lm_mix *mix = m->cfg.mix;
	row->bytes_per_s = row->mem_ipc * hz * m->dev.compute_units * m->dev.simd_width *
			   (mix->bytes_per_lane + mix->store_bytes);
	row->checked = mix->step == LM_STEP_STREAM ? 0 : (unsigned long)(ps->threads * chains);
}

lm_status lm_meas_point(lm_meas *m, lm_alpha alpha, unsigned chains, unsigned warps,
			lm_row *row)
{
	point_shape ps;
	lm_status s = shape_point(m, alpha, chains, warps, &ps);
	if (s != LM_OK || (s = lm_meas_start_chains(m, ps.threads, ps.nwarps, chains)) != LM_OK)
		return s;
	chase_point cp;
	lm_point_plan plan;
	lm_timing mode = plan_point(m, &ps, warps, &cp, &plan);
	double sys_before = lm_sysclock_read(m->sysclock);
	lm_point_timing t;
	s = lm_point_time(&plan, &t);
	if (s == LM_OK)
		s = lm_meas_check_chains(m, ps.threads);
	double sys_after = lm_sysclock_read(m->sysclock);
	if (s != LM_OK)
		return s;
	if (mode == LM_TIMING_STOP_FLAG && !t.paired)
		mode = LM_TIMING_FIXED_WORK; /* one iteration fills the launch: nothing to stop early */
	lm_point_row(&m->dev, warps, ps.groups, ps.per_group, ps.wg, &t,
		     m->flag_free ? "reference" : lm_timing_name(mode), m->events_broken, m->sysclock, sys_before,
		     sys_after, row);
	row->alpha = alpha;
	row->chains = chains;
	point_rates(m, &ps, alpha, chains, plan.per_warp, &t, row);
	if (plan.sized)
		lm_carry_add(&m->seen, warps, (cl_uint)t.length, row->time_med);
	/* the next point starts where this one's first chain stopped */
	if (m->cfg.mix->step == LM_STEP_GLOBAL)
		m->cursor = lm_chase_position(m->chase, m->expect[0]);
	return LM_OK;
}

lm_status lm_meas_reference(lm_meas *m, lm_alpha alpha, lm_row *row)
{
	m->flag_free = true;
	lm_status s = lm_meas_point(m, alpha, 1, 1, row);
	m->flag_free = false;
	return s;
}

