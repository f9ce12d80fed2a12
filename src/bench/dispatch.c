#include "bench/dispatch.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/kernels.h"
#include "bench/measure.h"
#include "bench/sysclock.h"
#include "bench/userkernel.h"

/* Most groups a launch: a 64 MiB buffer of marks; a launch's work-items
 * within 2^31 (some drivers count them in 32 bits). */
#define MOST_GROUPS (1ul << 24)

struct lm_dispatch {
	lm_device dev;
	lm_dispatch_config cfg;
	cl_context ctx;
	cl_command_queue queue;
	cl_program prog;
	cl_kernel kernel;
	cl_program ends_prog;   /* written-read where kernels read a clock: lm_written_ends */
	cl_kernel ends;
	cl_mem seen;            /* a mark a group */
	cl_mem x, y, bad;       /* a written mix's buffer, its copy's, its count of bad sums */
	cl_uint mask;           /* the buffer's words less one */
	bool written;           /* a written mix, not the dispatch mix */
	cl_uint *got;           /* the marks read back */
	unsigned long most;     /* groups the buffer holds */
	cl_uint tag;            /* the last launch's mark */
	unsigned wg;            /* the point's group size */
	bool events_broken;
	lm_sysclock *sysclock;
	lm_launch_cost cost;
};

size_t lm_dispatch_sizes(const lm_device *d, bool quick, unsigned sizes[LM_DISPATCH_MAX_SIZES])
{
	static const unsigned full[] = { 32, 64, 128, 256, 512, 1024 }, few[] = { 32, 256, 1024 };
	const unsigned *from = quick ? few : full;
	size_t n = 0, len = quick ? 3 : 6;
	for (size_t i = 0; i < len; i++)
		if (from[i] <= d->max_wg_size)
			sizes[n++] = from[i];
	size_t top = d->max_wg_size < 1024 ? d->max_wg_size : 1024;
	if (!n || sizes[n - 1] != top)
		sizes[n++] = (unsigned)top;
	return n;
}

size_t lm_dispatch_mix_sizes(const lm_device *d, const lm_mix *m, bool quick,
			     unsigned sizes[LM_DISPATCH_MAX_SIZES])
{
	if (!lm_mix_written(m))
		return lm_dispatch_sizes(d, quick, sizes);
	size_t n = 0;
	/* the read's also at half that and (not quick) at 2 and 4 times it: a
	 * group of more warps waits longer for its last (group_wait) */
	bool read = lm_mix_store_share(m) == 0;
	if (read && d->max_wg_size >= LM_WRITTEN_WG)
		sizes[n++] = LM_WRITTEN_WG / 2;
	sizes[n++] = d->max_wg_size < LM_WRITTEN_WG ? (unsigned)d->max_wg_size : LM_WRITTEN_WG;
	for (unsigned wg = 2 * LM_WRITTEN_WG; read && !quick && wg <= 4 * LM_WRITTEN_WG && wg <= d->max_wg_size;
	     wg *= 2)
		sizes[n++] = wg;
	return n;
}

unsigned lm_dispatch_resident(const lm_device *d, unsigned wg)
{
	unsigned simd = d->simd_width ? d->simd_width : 1;
	unsigned warps = (wg + simd - 1) / simd;
	unsigned by_warps = d->max_warps / warps, r = by_warps < d->max_groups ? by_warps : d->max_groups;
	return r ? r : 1;
}

void lm_dispatch_free(lm_dispatch *x)
{
	if (!x)
		return;
	cl_mem mems[] = { x->seen, x->x, x->y, x->bad };
	for (size_t i = 0; i < sizeof mems / sizeof *mems; i++)
		if (mems[i])
			clReleaseMemObject(mems[i]);
	if (x->kernel)
		clReleaseKernel(x->kernel);
	if (x->prog)
		clReleaseProgram(x->prog);
	if (x->ends)
		clReleaseKernel(x->ends);
	if (x->ends_prog)
		clReleaseProgram(x->ends_prog);
	if (x->queue)
		clReleaseCommandQueue(x->queue);
	if (x->ctx)
		clReleaseContext(x->ctx);
	lm_sysclock_free(x->sysclock);
	free(x->got);
	free(x);
}

/* A written mix's buffers: the loads' (all 1.0f), the copy's and the count
 * of bad sums (zeroed). */
static lm_status open_buffers(lm_dispatch *x)
{
	unsigned long long bytes = 4096;
	while (bytes * 2 <= x->cfg.footprint && bytes * 2 <= x->dev.max_alloc && bytes * 2 <= (1ull << 34))
		bytes *= 2;
	x->mask = (cl_uint)(bytes / sizeof(float) - 1);
	const float one = 1.0f;
	const cl_uint zero = 0;
	cl_int err, e2 = CL_SUCCESS, e3 = CL_SUCCESS;
	x->x = clCreateBuffer(x->ctx, CL_MEM_READ_WRITE, bytes, NULL, &err);
	x->y = clCreateBuffer(x->ctx, CL_MEM_READ_WRITE, lm_mix_store_share(x->cfg.mix) > 0 ? bytes : 4, NULL, &e2);
	x->bad = clCreateBuffer(x->ctx, CL_MEM_READ_WRITE, sizeof zero, NULL, &e3);
	if (err != CL_SUCCESS || e2 != CL_SUCCESS || e3 != CL_SUCCESS)
		return lm_fail_cl(err != CL_SUCCESS ? err : e2 != CL_SUCCESS ? e2 : e3,
				  "clCreateBuffer (a written mix's buffers)", x->dev.name);
	err = clEnqueueFillBuffer(x->queue, x->x, &one, sizeof one, 0, bytes, 0, NULL, NULL);
	if (err == CL_SUCCESS)
		err = clEnqueueFillBuffer(x->queue, x->bad, &zero, sizeof zero, 0, sizeof zero, 0, NULL, NULL);
	if (err == CL_SUCCESS)
		err = clFinish(x->queue);
	return err == CL_SUCCESS ? LM_OK : lm_fail_cl(err, "clEnqueueFillBuffer (a written mix's buffer)", x->dev.name);
}

/* The written-read mix's second program, where kernels read a clock and
 * the vendor table knows a CU's local memory (to hold the groups down):
 * lm_written_ends, timing each warp. Best effort: where it does not build,
 * group_wait is not measured (the row's nan), and the mix is measured all
 * the same. */
static void open_ends(lm_dispatch *x)
{
	if (!x->written || lm_mix_store_share(x->cfg.mix) > 0 || x->dev.kclock == LM_KCLOCK_NONE ||
	    !x->dev.local_per_cu)
		return;
	char *src, opts[512];
	if (lm_kernel_program_text(x->cfg.kernel_dir, "dispatch.cl", &src, NULL) != LM_OK) {
		lm_error_clear();
		return;
	}
	int k = snprintf(opts, sizeof opts, "-DLM_WRITTEN_LOADS=%d", LM_WRITTEN_LOADS);
	lm_meas_device_options(&x->dev, true, opts + k, sizeof opts - (size_t)k);
	double t0 = lm_launch_now();
	cl_int err;
	if (lm_launch_build(x->ctx, &x->dev, src, "dispatch.cl", opts, &x->ends_prog) == LM_OK)
		x->ends = clCreateKernel(x->ends_prog, "lm_written_ends", &err);
	x->cost.programs += lm_launch_now() - t0;
	lm_error_clear();
	free(src);
}

/* The context (cfg's, retained, else its own), a queue that profiles,
 * the kernel and the marks' buffer. */
static lm_status open_device(lm_dispatch *x)
{
	cl_int err;
	if (x->cfg.context) {
		clRetainContext(x->cfg.context);
		x->ctx = x->cfg.context;
	} else if (!(x->ctx = clCreateContext(NULL, 1, &x->dev.id, NULL, NULL, &err))) {
		return lm_fail_cl(err, "clCreateContext", x->dev.name);
	}
	x->queue = clCreateCommandQueue(x->ctx, x->dev.id, CL_QUEUE_PROFILING_ENABLE, &err);
	if (err != CL_SUCCESS)
		return lm_fail_cl(err, "clCreateCommandQueue", x->dev.name);
	char *src;
	lm_status s = lm_kernel_source(x->cfg.kernel_dir, "dispatch.cl", &src, NULL);
	if (s != LM_OK)
		return s;
	double t0 = lm_launch_now();
	char opts[64];
	snprintf(opts, sizeof opts, "-DLM_WRITTEN_LOADS=%d", LM_WRITTEN_LOADS);
	s = lm_launch_build(x->ctx, &x->dev, src, "dispatch.cl", opts, &x->prog);
	x->cost.programs += lm_launch_now() - t0;
	free(src);
	if (s != LM_OK)
		return s;
	const char *fn = x->cfg.mix ? x->cfg.mix->kernel : "lm_dispatch";
	x->kernel = clCreateKernel(x->prog, fn, &err);
	if (err != CL_SUCCESS)
		return lm_fail_cl(err, "clCreateKernel", fn);
	x->seen = clCreateBuffer(x->ctx, CL_MEM_READ_WRITE, x->most * sizeof(cl_uint), NULL, &err);
	if (err != CL_SUCCESS)
		return lm_fail_cl(err, "clCreateBuffer (the dispatch mix's marks)", x->dev.name);
	open_ends(x);
	return x->written ? open_buffers(x) : LM_OK;
}

lm_status lm_dispatch_alloc(const lm_device *d, const lm_dispatch_config *cfg, lm_dispatch **out)
{
	*out = NULL;
	lm_dispatch *x = calloc(1, sizeof *x);
	if (!x)
		return lm_fail(LM_ENOMEM, "out of memory");
	x->dev = *d;
	x->cfg = *cfg;
	x->written = lm_mix_written(cfg->mix);
	x->most = cfg->max_groups && cfg->max_groups < MOST_GROUPS ? cfg->max_groups : MOST_GROUPS;
	if (x->most > d->max_alloc / sizeof(cl_uint))
		x->most = (unsigned long)(d->max_alloc / sizeof(cl_uint));
	lm_status s = LM_OK;
	if (x->most < 2)
		s = lm_fail(LM_EUSAGE, "%s: its largest buffer holds no two groups' marks", d->name);
	else if (!(x->got = malloc(x->most * sizeof *x->got)))
		s = lm_fail(LM_ENOMEM, "out of memory");
	if (s == LM_OK && (s = open_device(x)) == LM_OK)
		s = lm_launch_sysclock(d, &x->sysclock);
	if (s != LM_OK) {
		lm_dispatch_free(x);
		return s;
	}
	*out = x;
	return LM_OK;
}

/* Did every work-item of a written mix's launches load what the buffer
 * holds (no bad sum counted)? */
static lm_status check_sums(lm_dispatch *x)
{
	cl_uint bad = 0;
	double t0 = lm_launch_now();
	cl_int err = clEnqueueReadBuffer(x->queue, x->bad, CL_TRUE, 0, sizeof bad, &bad, 0, NULL, NULL);
	x->cost.readback += lm_launch_now() - t0;
	if (err != CL_SUCCESS)
		return lm_fail_cl(err, "clEnqueueReadBuffer (a written mix's count of bad sums)", x->dev.name);
	if (bad)
		return lm_fail(LM_ECHECK, "%s, groups of %u: %u work-items summed other than the %d ones they "
			       "loaded: the loads' rate would count loads that did not read the buffer",
			       x->cfg.mix->name, x->wg, (unsigned)bad, LM_WRITTEN_LOADS);
	return LM_OK;
}

/* Did every one of the launch's groups leave its mark? */
static lm_status check_marks(lm_dispatch *x, unsigned long groups)
{
	double t0 = lm_launch_now();
	cl_int err = clEnqueueReadBuffer(x->queue, x->seen, CL_TRUE, 0, groups * sizeof(cl_uint), x->got, 0,
					 NULL, NULL);
	x->cost.readback += lm_launch_now() - t0;
	if (err != CL_SUCCESS)
		return lm_fail_cl(err, "clEnqueueReadBuffer (the dispatch mix's marks)", x->dev.name);
	const char *name = x->cfg.mix ? x->cfg.mix->name : "dispatch";
	for (unsigned long g = 0; g < groups; g++)
		if (x->got[g] != x->tag)
			return lm_fail(LM_ECHECK, "%s, groups of %u: group %lu of %lu did not run (its mark "
				       "is %u, the launch's %u): the rate would count groups that never ran", name,
				       x->wg, g, groups, (unsigned)x->got[g], (unsigned)x->tag);
	return x->written ? check_sums(x) : LM_OK;
}

/* One launch (launch.h's lm_launch_fn): length groups, half of them for
 * the short launch of a pair, each with a new mark, every mark checked. */
static lm_status dispatch_launch(void *ctx, unsigned long length, int flags, lm_launch_out *out)
{
	lm_dispatch *x = ctx;
	unsigned long groups = flags & LM_LAUNCH_SHORT ? (length + 1) / 2 : length;
	memset(out, 0, sizeof *out);
	x->tag = x->tag == 0xfffffffeu ? 1 : x->tag + 1;
	cl_int err = clSetKernelArg(x->kernel, 0, sizeof x->seen, &x->seen);
	err |= clSetKernelArg(x->kernel, 1, sizeof x->tag, &x->tag);
	if (x->written) {
		err |= clSetKernelArg(x->kernel, 2, sizeof x->x, &x->x);
		err |= clSetKernelArg(x->kernel, 3, sizeof x->mask, &x->mask);
		err |= clSetKernelArg(x->kernel, 4, sizeof x->bad, &x->bad);
		err |= clSetKernelArg(x->kernel, 5, sizeof x->y, &x->y);
	}
	if (err != CL_SUCCESS)
		return lm_fail_cl(CL_INVALID_KERNEL_ARGS, "clSetKernelArg", x->cfg.mix ? x->cfg.mix->kernel : "lm_dispatch");
	lm_status s = lm_launch_kernel(x->queue, x->kernel, groups * x->wg, x->wg, x->dev.name,
				       &x->events_broken, flags & LM_LAUNCH_TRIAL, &x->cost, &out->seconds,
				       &out->host_s);
	if (s != LM_OK || (s = check_marks(x, groups)) != LM_OK)
		return s;
	out->work = (double)groups;
	out->groups = groups > ~0u ? ~0u : (unsigned)groups;
	return LM_OK;
}

/* How a point is timed: pairs of G and G / 2 groups, G sized so the long
 * launch lasts the target. */
static lm_point_plan plan_point(lm_dispatch *x, unsigned wg)
{
	unsigned long most = x->most, items = (1ul << 31) / wg;
	lm_point_plan plan = {
		.launch = dispatch_launch, .ctx = x, .target = x->cfg.launch_ms * 1e-3,
		.repeats = x->cfg.repeats, .settle = x->cfg.settle, .sized = true, .pair = true,
		.min_pair = 2, .warm = true, .max_length = most < items ? most : items,
		.floor_s = fmax(1e-4, 1000e-9 * (double)x->dev.timer_resolution_ns), .cost = &x->cost,
	};
	return plan;
}

double lm_dispatch_wait_share(const cl_ulong *t, size_t groups, size_t per)
{
	double wait = 0, busy = 0;
	for (size_t g = 0; g < groups; g++) {
		const cl_ulong *w = t + 2 * g * per;
		cl_ulong last = 0;
		for (size_t i = 0; i < per; i++) {
			if (w[2 * i] == 0 || w[2 * i + 1] < w[2 * i])
				return NAN; /* a warp that wrote no time, or ended before it began */
			last = w[2 * i + 1] > last ? w[2 * i + 1] : last;
		}
		for (size_t i = 0; i < per; i++) {
			wait += (double)(last - w[2 * i + 1]);
			busy += (double)(w[2 * i + 1] - w[2 * i]);
		}
	}
	return busy > 0 ? wait / busy : NAN;
}

/* Launches the ends kernel over global work-items in groups of local
 * (hold bytes of local memory each), its warps' ends into ends; false
 * where a call failed. Queued, not waited. */
static bool ends_launch(lm_dispatch *x, cl_mem ends, size_t global, size_t local, size_t hold)
{
	return clSetKernelArg(x->ends, 0, sizeof x->x, &x->x) == CL_SUCCESS &&
	       clSetKernelArg(x->ends, 1, sizeof x->mask, &x->mask) == CL_SUCCESS &&
	       clSetKernelArg(x->ends, 2, sizeof x->bad, &x->bad) == CL_SUCCESS &&
	       clSetKernelArg(x->ends, 3, sizeof ends, &ends) == CL_SUCCESS &&
	       clSetKernelArg(x->ends, 4, hold, NULL) == CL_SUCCESS &&
	       clEnqueueNDRangeKernel(x->queue, x->ends, 1, NULL, &global, &local, 0, NULL, NULL) == CL_SUCCESS;
}

/* What a group of wg work-items waits for its last warp (wait_share),
 * held to LM_GROUP_WAIT_LEVEL groups a CU by local memory as a kernel as
 * written is held down (lm_user_nd_pad), or to as many as a CU holds where
 * fewer (groups of 16 and 32 warps on an H200: 4 and 2): where latency,
 * not bandwidth, sets a warp's time (studies/read-peak, lease 13: a group
 * of 8 warps on an H200 waits 13-16% of a warp's time at 4 to 6 groups,
 * 19% at 8; studies/group-wait: 23-25% at 16 warps, 31% at 32, the CU
 * full). A study may build it with another level (-DLM_GROUP_WAIT_LEVEL=64:
 * as many as a CU holds, every size). One launch to warm,
 * then WAIT_READS queued behind it, each into a buffer of its own, as a
 * timed point's launches run: the median of their shares. The one launch
 * read before gave group_wait_8 0.156 and 0.145 in two sweeps on one H200,
 * and at 128 work-items the first launch behind the warm one reads 15-25%
 * over those after it; launched each from an idle GPU they read 12% less
 * (studies/speed/lease-2026-11-30b). NAN where the second program is not
 * there, the level cannot be held or a call failed. */
#ifndef LM_GROUP_WAIT_LEVEL
#define LM_GROUP_WAIT_LEVEL 4
#endif
#define WAIT_WAVES 16
#define WAIT_READS 5
static double group_wait(lm_dispatch *x, unsigned wg)
{
	unsigned simd = x->dev.simd_width ? x->dev.simd_width : 1, per = wg / simd;
	if (!x->ends || per < 1 || wg % simd)
		return NAN;
	lm_user_shape sh = { .shape = { wg, 1, 1 }, .wg = wg, .per_group = per };
	lm_user_nd_levels(&x->dev, &sh);
	unsigned level = sh.hi < LM_GROUP_WAIT_LEVEL ? sh.hi : LM_GROUP_WAIT_LEVEL;
	size_t pad = lm_user_nd_pad(&x->dev, &sh, level);
	if (pad == SIZE_MAX || level < 1)
		return NAN;
	size_t groups = (size_t)level * x->dev.compute_units * WAIT_WAVES, warps = groups * per;
	size_t global = groups * wg, local = wg, hold = pad ? pad : sizeof(float), bytes = 2 * warps * sizeof(cl_ulong);
	cl_ulong *t = malloc(bytes);
	cl_mem ends[WAIT_READS + 1] = { NULL };
	bool ok = t != NULL;
	const cl_ulong zero = 0;
	for (int r = 0; ok && r <= WAIT_READS; r++) { /* emptied, then launched one behind another */
		cl_int err = CL_SUCCESS;
		ends[r] = clCreateBuffer(x->ctx, CL_MEM_READ_WRITE, bytes, NULL, &err);
		ok = ends[r] && err == CL_SUCCESS &&
		     clEnqueueFillBuffer(x->queue, ends[r], &zero, sizeof zero, 0, bytes, 0, NULL, NULL) == CL_SUCCESS;
	}
	for (int r = 0; ok && r <= WAIT_READS; r++)
		ok = ends_launch(x, ends[r], global, local, hold);
	double share[WAIT_READS];
	for (int r = 1; ok && r <= WAIT_READS; r++) { /* the first warms */
		ok = clEnqueueReadBuffer(x->queue, ends[r], CL_TRUE, 0, bytes, t, 0, NULL, NULL) == CL_SUCCESS;
		share[r - 1] = ok ? lm_dispatch_wait_share(t, groups, per) : NAN;
		ok = ok && isfinite(share[r - 1]);
	}
	clFinish(x->queue);
	for (int r = 0; r <= WAIT_READS; r++)
		if (ends[r])
			clReleaseMemObject(ends[r]);
	free(t);
	return ok ? lm_launch_median(share, WAIT_READS) : NAN;
}

lm_status lm_dispatch_point(lm_dispatch *x, unsigned wg, lm_row *row)
{
	if (wg == 0 || wg > x->dev.max_wg_size)
		return lm_fail(LM_EDEVICE, "%s: groups of %u work-items: %s takes 1 to %zu",
			       x->cfg.mix ? x->cfg.mix->name : "dispatch", wg, x->dev.name, x->dev.max_wg_size);
	x->wg = wg;
	lm_point_plan plan = plan_point(x, wg);
	double before = lm_sysclock_read(x->sysclock);
	lm_point_timing t;
	lm_status s = lm_point_time(&plan, &t);
	double after = lm_sysclock_read(x->sysclock);
	if (s != LM_OK)
		return s;
	unsigned simd = x->dev.simd_width ? x->dev.simd_width : 1;
	unsigned per_group = (wg + simd - 1) / simd, resident = lm_dispatch_resident(&x->dev, wg);
	t.started = 0; /* groups run in turns here: co-residency is not what a point claims */
	lm_point_row(&x->dev, resident * per_group, resident, per_group, wg, &t, "fixed-work", x->events_broken,
		     x->sysclock, before, after, row);
	snprintf(row->coresident, sizeof row->coresident, "not asked");
	row->alpha = (lm_alpha){ 0, 1 };
	row->chains = 1;
	row->iters = t.length;
	row->elements_per_s = t.rate;
	row->cycles_per_group = row->clock_mhz * 1e6 * x->dev.compute_units / t.rate;
	row->checked = t.length;
	if (x->written) {
		/* groups a second to loads a second, a CU's warp loads a cycle */
		double loads = t.rate * wg * LM_WRITTEN_LOADS, cus = x->dev.compute_units ? x->dev.compute_units : 1;
		row->elements_per_s = loads;
		row->mem_ipc = loads / simd / (row->clock_mhz * 1e6) / cus;
		row->bytes_per_s = loads * 4 * (1 + lm_mix_store_share(x->cfg.mix));
		row->mem_per_iter = LM_WRITTEN_LOADS;
		double t0 = lm_launch_now();
		row->group_wait = group_wait(x, wg);
		x->cost.checks += lm_launch_now() - t0;
		/* its loads were checked too: a bad sum fails the point */
		if (x->ends && (s = check_sums(x)) != LM_OK)
			return s;
	}
	return LM_OK;
}

lm_launch_cost lm_dispatch_costs(const lm_dispatch *x)
{
	return x->cost;
}
