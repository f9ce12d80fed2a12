#include "bench/userkernel.h"
#include "bench/userkernel_parts.h"
#include "base/expr.h"
#include "base/file.h"
#include "bench/guard.h"
#include "bench/kcount.h"
#include "base/inifile.h"
#include "bench/kernels.h"
#include "bench/measure.h"
#include "base/number.h"
#include "bench/sysclock.h"
#include "bench/userbuild.h"
#include "bench/userfill.h"

#include <dirent.h>
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

void lm_user_free(lm_user *k)
{
	if (!k)
		return;
	for (int i = 0; i < LM_USER_MAX_ARGS; i++) {
		if (k->buf[i])
			clReleaseMemObject(k->buf[i]);
		free(k->ref[i]);
		free(k->got[i]);
		free(k->want[i]);
		if (k->dref[i])
			clReleaseMemObject(k->dref[i]);
	}
	if (k->check_first)
		clReleaseMemObject(k->check_first);
	if (k->check)
		clReleaseKernel(k->check);
	if (k->check_prog)
		clReleaseProgram(k->check_prog);
	if (k->sync)
		clReleaseMemObject(k->sync);
	if (k->record)
		clReleaseMemObject(k->record);
	if (k->live)
		clReleaseMemObject(k->live);
	free(k->live_host);
	if (k->kernel)
		clReleaseKernel(k->kernel);
	if (k->bare)
		clReleaseKernel(k->bare);
	if (k->prog)
		clReleaseProgram(k->prog);
	if (k->queue)
		clReleaseCommandQueue(k->queue);
	if (k->ctx)
		clReleaseContext(k->ctx);
	lm_sysclock_free(k->sysclock);
	free(k->synced);
	free(k->rec);
	free(k->per_cu);
	free(k);
}

lm_launch_cost lm_user_costs(const lm_user *k)
{
	return k->cost;
}

cl_context lm_user_context(const lm_user *k)
{
	return k->ctx;
}


/* The failure for the kernel's argument i (of n), name of type, that no
 * section of d describes: a misspelled section, so it names the sections
 * no argument has. */
static lm_status no_section(const lm_user_desc *d, cl_kernel kernel, cl_uint n, cl_uint i, const char *name,
			    const char *type)
{
	char spare[512] = "";
	for (int q = 0; q < d->nargs; q++) {
		char an[LM_USER_NAME] = "";
		bool taken = false;
		for (cl_uint m = 0; m < n && !taken; m++)
			taken = clGetKernelArgInfo(kernel, m, CL_KERNEL_ARG_NAME, sizeof an - 1, an,
						   NULL) == CL_SUCCESS && !strcmp(an, d->arg[q].name);
		if (!taken)
			snprintf(spare + strlen(spare), sizeof spare - strlen(spare), " [%s]",
				 d->arg[q].name);
	}
	return lm_fail(LM_EUSAGE, "%s: kernel %s's argument %u, '%s' (%s), has no section [%s]%s%s",
		       d->path, d->name, i + 1, name, type, name,
		       spare[0] ? "; sections of no argument of the kernel:" : "", spare);
}

/* LM_EUSAGE where the type the kernel declares for argument name is not
 * section j's (its space, const or element). */
static lm_status check_type(const lm_user_desc *d, int j, const char *name, const char *type)
{
	lm_user_arg declared = d->arg[j];
	if (!lm_user_parse_type(type, &declared) || declared.space != d->arg[j].space ||
	    declared.is_const != d->arg[j].is_const || strcmp(declared.elem, d->arg[j].elem) != 0)
		return lm_fail(LM_EUSAGE, "%s:%d: argument [%s] is '%s' there, '%s' in kernel %s", d->path,
			       d->arg[j].line, name, d->arg[j].type, type, d->name);
	return LM_OK;
}

/* LM_EUSAGE for the first section of d no argument of the kernel took
 * (used), naming the kernel's arguments (names). */
static lm_status unused_section(const lm_user_desc *d, const bool *used, const char *names)
{
	for (int j = 0; j < d->nargs; j++)
		if (!used[j])
			return lm_fail(LM_EUSAGE, "%s:%d: [%s]: kernel %s has no argument of that name (its "
				       "arguments: %s)", d->path, d->arg[j].line, d->arg[j].name, d->name, names);
	return LM_OK;
}

/* Writes the wrapper's end into w (size bytes), after the kernel's n
 * parameters: its counters' and records' parameters, and its body around
 * call, the kernel's call. */
static void end_wrapper(char *w, size_t size, cl_uint n, const char *call)
{
	snprintf(w, size,
		 "%svolatile __global uint *lm_sync, __global ulong *lm_timing)\n{\n"
		 "\tlm_group_started(lm_sync);\n#ifdef LM_TIMED\n\tlm_record_start(lm_timing, 0);\n"
		 "#endif\n%s);\n#ifdef LM_TIMED\n\tlm_record_end(lm_timing, 1u);\n#else\n"
		 "\t(void)lm_timing;\n#endif\n\tlm_group_ended(lm_sync);\n}\n",
		 n ? ", " : "", call);
}

/* Matches the kernel's arguments with the description's, each wrong one
 * named, and writes the wrapper: it counts its group in, records the warp's
 * clock where it can, calls the kernel, records and counts out. */
static lm_status match_and_wrap(lm_user *k, cl_kernel kernel, char **wrapper)
{
	const lm_user_desc *d = &k->desc;
	cl_uint n = 0;
	clGetKernelInfo(kernel, CL_KERNEL_NUM_ARGS, sizeof n, &n, NULL);
	if (n > LM_USER_MAX_ARGS)
		return lm_fail(LM_EUSAGE, "kernel %s: %u arguments, latmix takes %d", d->name, n, LM_USER_MAX_ARGS);
	size_t cap = 4096 + (size_t)n * 400;
	char *w = malloc(cap), *call = malloc(cap);
	if (!w || !call) {
		free(w);
		free(call);
		return lm_fail(LM_ENOMEM, "out of memory");
	}
	int kw = snprintf(w, cap, "\n/* latmix's wrapper: every group counted in and out around %s */\n"
			  "LM_KERNEL void lm_wrap(", d->name);
	int kc = snprintf(call, cap, "\t%s(", d->name), k0 = kw;
	bool used[LM_USER_MAX_ARGS] = { false };
	lm_status s = LM_OK;
	char names[1024] = "";
	for (cl_uint i = 0; i < n && s == LM_OK; i++) {
		char name[LM_USER_NAME] = "", type[160], param[256];
		if (clGetKernelArgInfo(kernel, i, CL_KERNEL_ARG_NAME, sizeof name - 1, name, NULL) != CL_SUCCESS) {
			s = lm_fail(LM_ECL, "kernel %s: the driver gives no argument names (-cl-kernel-arg-info)",
				    d->name);
			break;
		}
		snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", i ? ", " : "", name);
		lm_user_declared_type(kernel, i, type, sizeof type, param, sizeof param, name);
		int j = 0;
		while (j < d->nargs && strcmp(d->arg[j].name, name) != 0)
			j++;
		if (j == d->nargs) {
			s = no_section(d, kernel, n, i, name, type);
			break;
		}
		if ((s = check_type(d, j, name, type)) != LM_OK)
			break;
		used[j] = true;
		k->desc_of[i] = j;
		kw += snprintf(w + kw, cap - (size_t)kw, "%s%s", i ? ", " : "", param);
		kc += snprintf(call + kc, cap - (size_t)kc, "%s%s", i ? ", " : "", name);
	}
	if (s == LM_OK)
		s = unused_section(d, used, names);
	if (s == LM_OK) {
		k->nargs = n;
		if (d->dims)
			lm_user_nd_end_wrapper(w + kw, cap - (size_t)kw, n, call, w + k0, kw - k0);
		else
			end_wrapper(w + kw, cap - (size_t)kw, n, call);
		*wrapper = w;
	} else {
		free(w);
	}
	free(call);
	return s;
}

/* Builds the kernel of source src alone (its arguments' names and types),
 * then with cl/occupancy.h and the wrapper: the program measured. */
static lm_status build_program(lm_user *k, const char *src)
{
	const lm_device *d = &k->dev;
	char *occ = NULL, *wrapper = NULL, *all = NULL;
	char opts[4800];
	cl_program alone = NULL;
	cl_kernel kernel = NULL;
	cl_int err;
	lm_status s;
	if ((s = lm_user_build_alone(k->ctx, d, src, k->desc.source, k->desc.name, &alone, &kernel)) != LM_OK)
		goto done;
	if ((s = match_and_wrap(k, kernel, &wrapper)) != LM_OK ||
	    (s = lm_kernel_source(NULL, "occupancy.h", &occ, NULL)) != LM_OK)
		goto done;
	char *user = lm_user_with_line(k->desc.source, src, wrapper);
	all = user ? malloc(strlen(occ) + strlen(user) + 2) : NULL;
	if (all)
		sprintf(all, "%s\n%s", occ, user);
	free(user);
	if (!all) {
		s = lm_fail(LM_ENOMEM, "out of memory");
		goto done;
	}
	k->clocked = d->kclock != LM_KCLOCK_NONE;
	lm_user_build_options(d, k->clocked, k->desc.source, opts, sizeof opts);
	s = lm_launch_build(k->ctx, d, all, k->desc.source, opts, &k->prog);
	if (s != LM_OK && k->clocked) {
		fprintf(stderr, "latmix: %s with the in-kernel clock does not build on %s (%s); measuring "
			"without it\n", k->desc.label, d->name, lm_error_message());
		k->clocked = false;
		lm_user_build_options(d, false, k->desc.source, opts, sizeof opts);
		s = lm_launch_build(k->ctx, d, all, k->desc.source, opts, &k->prog);
	}
	if (s == LM_OK) {
		k->kernel = clCreateKernel(k->prog, "lm_wrap", &err);
		if (err == CL_SUCCESS && k->desc.dims)
			k->bare = clCreateKernel(k->prog, "lm_wrap_bare", &err);
		if (err != CL_SUCCESS)
			s = lm_fail_cl(err, "clCreateKernel", "lm_wrap");
	}
done:
	if (kernel)
		clReleaseKernel(kernel);
	if (alone)
		clReleaseProgram(alone);
	free(occ);
	free(wrapper);
	free(all);
	return s;
}

static lm_status build_kernel(lm_user *k)
{
	char *src = NULL; /* the text the processes counting ahead build (sweep_build.c) */
	lm_status s = lm_kcount_desc_source(&k->desc, k->cfg.kernel_dir, &src);
	if (s == LM_OK)
		s = build_program(k, src);
	free(src);
	return s;
}

lm_status lm_user_warm_build(const lm_device *d, cl_context ctx, const lm_user_desc *desc, const char *src)
{
	lm_user *k = calloc(1, sizeof *k);
	if (!k)
		return lm_fail(LM_ENOMEM, "out of memory");
	k->dev = *d;
	k->desc = *desc;
	cl_int err = clRetainContext(ctx);
	k->ctx = err == CL_SUCCESS ? ctx : NULL;
	lm_status s = k->ctx ? build_program(k, src) : lm_fail_cl(err, "clRetainContext", d->name);
	lm_user_free(k);
	return s;
}

lm_status lm_user_alloc(const lm_device *d, const lm_user_desc *desc, const lm_user_config *cfg, lm_user **out)
{
	double t0 = lm_launch_now();
	lm_user *k = calloc(1, sizeof *k);
	if (!k)
		return lm_fail(LM_ENOMEM, "out of memory");
	k->dev = *d;
	k->desc = *desc;
	k->cfg = *cfg;
	cl_int err;
	lm_status s = LM_OK;
	err = cfg->context ? clRetainContext(cfg->context) : CL_INVALID_CONTEXT;
	if (err == CL_SUCCESS)
		k->ctx = cfg->context;
	else
		k->ctx = clCreateContext(NULL, 1, &d->id, NULL, NULL, &err);
	if (err != CL_SUCCESS) {
		s = lm_fail_cl(err, "clCreateContext", d->name);
		goto fail;
	}
	k->queue = clCreateCommandQueue(k->ctx, d->id, CL_QUEUE_PROFILING_ENABLE, &err);
	if (err != CL_SUCCESS) {
		s = lm_fail_cl(err, "clCreateCommandQueue", d->name);
		goto fail;
	}
	double tb = lm_launch_now();
	if ((s = build_kernel(k)) != LM_OK)
		goto fail;
	k->cost.programs += lm_launch_now() - tb;
	if (!k->clocked && (s = lm_launch_sysclock(d, &k->sysclock)) != LM_OK)
		goto fail;
	for (int i = 0; i < desc->nargs && s == LM_OK; i++) {
		const lm_user_arg *a = &desc->arg[i];
		if (a->space != LM_USER_GLOBAL && a->space != LM_USER_CONSTANT)
			continue;
		if ((s = lm_user_eval_count(desc, a->name, a->length, desc->size, &k->len[i])) != LM_OK)
			break;
		size_t bytes = k->len[i] * a->elem_size;
		if (!bytes || bytes > d->max_alloc) {
			s = lm_fail(LM_EUSAGE, "%s: argument [%s]: %zu bytes at N = %.0f; %s allows 1 to %llu",
				    desc->path, a->name, bytes, desc->size, d->name, d->max_alloc);
			break;
		}
		k->buf[i] = clCreateBuffer(k->ctx, CL_MEM_READ_WRITE, bytes, NULL, &err);
		if (err != CL_SUCCESS)
			s = lm_fail_cl(err, "clCreateBuffer", a->name);
		else {
			double tf = lm_launch_now();
			s = lm_user_fill_buffer(k->queue, k->buf[i], k->len[i], a, desc->size, k->cfg.seed, desc->path,
						k->ctx == k->cfg.context ? k->cfg.random : NULL);
			k->cost.fills += lm_launch_now() - tf;
		}
	}
	if (s != LM_OK)
		goto fail;
	k->max_warps_total = (size_t)d->max_warps * d->compute_units;
	k->per_cu_len = 4096;
	k->synced = malloc((1 + k->max_warps_total) * sizeof *k->synced);
	k->rec = malloc(k->max_warps_total * LM_LAUNCH_REC * sizeof *k->rec);
	k->per_cu = malloc(k->per_cu_len * sizeof *k->per_cu);
	if (!k->synced || !k->rec || !k->per_cu) {
		s = lm_fail(LM_ENOMEM, "out of memory");
		goto fail;
	}
	k->sync = clCreateBuffer(k->ctx, CL_MEM_READ_WRITE, (1 + k->max_warps_total) * 4, NULL, &err);
	if (err == CL_SUCCESS)
		k->record = clCreateBuffer(k->ctx, CL_MEM_READ_WRITE,
					   k->max_warps_total * LM_LAUNCH_REC * sizeof(cl_ulong), NULL, &err);
	if (err != CL_SUCCESS) {
		s = lm_fail_cl(err, "clCreateBuffer", "work-group counters and records");
		goto fail;
	}
	if (desc->dims && (s = lm_user_nd_alloc(k)) != LM_OK)
		goto fail;
	k->cost.setup += lm_launch_now() - t0 - k->cost.programs;
	*out = k;
	return LM_OK;
fail:
	lm_user_free(k);
	return s;
}

/* Sets the scalar arguments for a problem of size n. */
lm_status lm_user_set_scalars(lm_user *k, double n)
{
	for (cl_uint i = 0; i < k->nargs; i++) {
		const lm_user_arg *a = &k->desc.arg[k->desc_of[i]];
		if (a->space != LM_USER_SCALAR)
			continue;
		double v;
		if (lm_expr_eval(a->value, n, &v) != LM_OK)
			return lm_fail(LM_EUSAGE, "%s: [%s] value: %s", k->desc.path, a->name, lm_error_message());
		unsigned char bytes[LM_USER_MAX_ELEM];
		lm_user_store(a, bytes, v);
		cl_int err = clSetKernelArg(k->kernel, i, a->elem_size, bytes);
		if (err == CL_SUCCESS && k->bare)
			err = clSetKernelArg(k->bare, i, a->elem_size, bytes);
		if (err != CL_SUCCESS)
			return lm_fail_cl(err, "clSetKernelArg", a->name);
	}
	return LM_OK;
}

/* The sizes a point's long and short launches solve. */
double lm_user_size_of(const lm_user *k, int flags)
{
	return flags & LM_LAUNCH_SHORT ? floor(k->desc.size / 2) : k->desc.size;
}

/* Arms the worker's watchdog (guard.h) for a launch of size n: 20 times
 * what the last took, scaled to this occupancy (fewer warps may take
 * longer), at least 5 s and at most the time limit; the time limit alone
 * for the first. */
void lm_user_watch_launch(const lm_user *k, double n)
{
	double limit = k->cfg.time_limit > 0 ? k->cfg.time_limit : 300;
	unsigned warps = (unsigned)(k->threads / k->dev.simd_width / k->dev.compute_units);
	double expect = 0;
	if (k->launch_s > 0 && warps)
		expect = k->launch_s * (n / k->desc.size) * fmax(1, (double)k->launch_warps / warps);
	char what[256];
	snprintf(what, sizeof what, "kernel %s, %u warps/CU: a launch of N = %.0f (%s%.3g s; --time-limit "
		 "%.0f s)", k->desc.label, warps, n, expect > 0 ? "expected about " : "the first, ",
		 expect > 0 ? expect : limit, limit);
	lm_guard_watch(expect > 0 ? fmin(limit, fmax(5, 20 * expect)) : limit, what);
}

/* Refills the outputs marked reset, before a launch. */
lm_status lm_user_reset_outputs(lm_user *k)
{
	cl_int err = CL_SUCCESS;
	for (int i = 0; i < k->desc.nargs && err == CL_SUCCESS; i++)
		if (k->desc.arg[i].reset) {
			unsigned char pattern[LM_USER_MAX_ELEM];
			double v = 0;
			if (k->desc.arg[i].fill == LM_USER_CONST)
				lm_expr_eval(k->desc.arg[i].fill_arg, k->desc.size, &v);
			lm_user_store(&k->desc.arg[i], pattern, v);
			err = clEnqueueFillBuffer(k->queue, k->buf[i], pattern, k->desc.arg[i].elem_size, 0,
						  k->len[i] * k->desc.arg[i].elem_size, 0, NULL, NULL);
		}
	if (err != CL_SUCCESS)
		return lm_fail_cl(err, "clEnqueueFillBuffer", "reset outputs");
	return LM_OK;
}

/* Clears the counters of the launch's groups and refills the outputs
 * marked reset, before a launch. */
static lm_status reset_launch(lm_user *k)
{
	const cl_uint nil = 0;
	cl_int err = clEnqueueFillBuffer(k->queue, k->sync, &nil, sizeof nil, 0, (1 + k->groups) * 4, 0,
					 NULL, NULL);
	if (err != CL_SUCCESS)
		return lm_fail_cl(err, "clEnqueueFillBuffer", "work-group counters");
	return lm_user_reset_outputs(k);
}

/* Reads back the groups' counters and (rec) the records of nwarps warps
 * after a launch; the seconds it took in the read-back cost. */
static lm_status read_launch(lm_user *k, bool rec, size_t nwarps)
{
	double r0 = lm_launch_now();
	cl_int err = clEnqueueReadBuffer(k->queue, k->sync, rec ? CL_FALSE : CL_TRUE, 0, (1 + k->groups) * 4,
					 k->synced, 0, NULL, NULL);
	if (err == CL_SUCCESS && rec)
		err = clEnqueueReadBuffer(k->queue, k->record, CL_TRUE, 0,
					  nwarps * LM_LAUNCH_REC * sizeof(cl_ulong), k->rec, 0, NULL, NULL);
	k->cost.readback += lm_launch_now() - r0;
	if (err != CL_SUCCESS)
		return lm_fail_cl(err, "clEnqueueReadBuffer", "counters and records");
	return LM_OK;
}

/* Adds one launch's record r to m, the records of the launches before
 * (the first taken as it is). */
static void add_record(lm_launch_record *m, lm_launch_record r)
{
	if (!m->have) {
		*m = r;
	} else {
		m->cycles += r.cycles;
		m->ns += r.ns;
		m->iters += r.iters;
		m->lo = r.lo < m->lo ? r.lo : m->lo;
		m->hi = r.hi > m->hi ? r.hi : m->hi;
		m->ncu = r.ncu > m->ncu ? r.ncu : m->ncu;
	}
}

/* One "launch" for the point timer: length back-to-back launches of the
 * kernel on a problem of size N (the short one: N / 2), their kernel
 * times summed; every one's groups counted and, where recorded, warps
 * read. work: the elements they processed. */
static lm_status uk_launch(void *ctx, unsigned long length, int flags, lm_launch_out *out)
{
	lm_user *k = ctx;
	memset(out, 0, sizeof *out);
	out->started_at_end = ~0u;
	double n = lm_user_size_of(k, flags), elements;
	lm_status s = lm_user_set_scalars(k, n);
	if (s == LM_OK)
		s = lm_expr_eval(k->desc.elements, n, &elements);
	bool rec = k->clocked && !(flags & LM_LAUNCH_NO_RECORD), broken = k->events_broken;
	size_t nwarps = k->threads / k->dev.simd_width;
	for (unsigned long l = 0; l < length && s == LM_OK; l++) {
		if ((s = reset_launch(k)) != LM_OK)
			return s;
		double sec, host;
		lm_user_watch_launch(k, n);
		s = lm_launch_kernel(k->queue, k->kernel, k->threads, k->wg, k->desc.label, &k->events_broken, flags,
				     &k->cost, &sec, &host);
		lm_guard_watch(0, NULL);
		if (s != LM_OK)
			break;
		k->launch_s = host * (flags & LM_LAUNCH_SHORT ? 2 : 1);
		k->launch_warps = (unsigned)(k->threads / k->dev.simd_width / k->dev.compute_units);
		out->seconds += sec;
		out->host_s += host;
		/* a fastest of one timer: none where the events were found broken on the way */
		out->fastest = l == 0 ? sec : out->fastest > 0 && broken == k->events_broken ? fmin(out->fastest, sec) : 0;
		if ((s = read_launch(k, rec, nwarps)) != LM_OK)
			return s;
		lm_launch_out one;
		char what[64];
		snprintf(what, sizeof what, "kernel %s", k->desc.label);
		if ((s = lm_launch_sync(k->synced, k->groups, what, &one)) != LM_OK)
			break;
		out->groups = one.groups;
		if (one.started_at_end < out->started_at_end)
			out->started_at_end = one.started_at_end;
		if (rec)
			add_record(&out->rec, lm_launch_read_record(k->rec, nwarps, k->dev.max_clock_mhz * 1e6,
								    k->dev.compute_units, k->per_cu, k->per_cu_len));
	}
	out->work = (double)length * elements;
	return s;
}

/* The shape of warps per CU (groups a CU, warps a group) in k: the
 * work-group's size, the groups and work-items in all; LM_EDEVICE where
 * the kernel, the local memory or the problem's size cannot hold it (said
 * why). */
static lm_status shape_point(lm_user *k, unsigned warps, unsigned *groups, unsigned *per_group)
{
	const lm_device *d = &k->dev;
	lm_status s = lm_meas_geometry(d, warps, k->cfg.group_warps, groups, per_group);
	if (s != LM_OK)
		return s;
	size_t wg = (size_t)*per_group * d->simd_width, kmax = lm_device_kernel_wg_limit(d, k->kernel);
	if (kmax && wg > kmax)
		return lm_fail(LM_EDEVICE, "%u warps per work-group: the kernel allows %zu work-items",
			       *per_group, kmax);
	size_t local = 0;
	for (int i = 0; i < k->desc.nargs; i++)
		if (k->desc.arg[i].space == LM_USER_LOCAL)
			local += wg * k->desc.arg[i].elem_size;
	if (local > d->local_mem)
		return lm_fail(LM_EDEVICE, "%u warps per work-group: %zu bytes of local memory, %s allows %llu",
			       *per_group, local, d->name, d->local_mem);
	k->wg = wg;
	k->groups = *groups * d->compute_units;
	k->threads = (size_t)warps * d->compute_units * d->simd_width;
	double elements, half;
	lm_expr_eval(k->desc.elements, k->desc.size, &elements);
	lm_expr_eval(k->desc.elements, floor(k->desc.size / 2), &half);
	if (half < (double)k->threads)
		return lm_fail(LM_EDEVICE, "%.0f elements in the short launch (N = %.0f) for %zu work-items: a "
			       "problem too small for this occupancy, where work-items would wait idle (a larger "
			       "--size measures it)", half, floor(k->desc.size / 2), k->threads);
	if (d->loop_limit && elements / (double)k->threads > (double)d->loop_limit / 2)
		return lm_fail(LM_EDEVICE, "%.0f elements over %zu work-items: more passes of a grid-stride "
			       "loop than %s runs (it ends a work-item's loops after %lu); a smaller --size "
			       "measures it", elements, k->threads, d->name, d->loop_limit);
	return LM_OK;
}

/* Sets the wrapper's arguments that stay for the point: the buffers, the
 * local memory for its work-group size, the counters and records. */
static lm_status set_buffers(lm_user *k)
{
	cl_int err = CL_SUCCESS;
	for (cl_uint i = 0; i < k->nargs; i++) {
		int j = k->desc_of[i];
		const lm_user_arg *a = &k->desc.arg[j];
		if (a->space == LM_USER_LOCAL)
			err |= clSetKernelArg(k->kernel, i, k->wg * a->elem_size, NULL);
		else if (a->space != LM_USER_SCALAR)
			err |= clSetKernelArg(k->kernel, i, sizeof(cl_mem), &k->buf[j]);
	}
	err |= clSetKernelArg(k->kernel, k->nargs, sizeof k->sync, &k->sync);
	err |= clSetKernelArg(k->kernel, k->nargs + 1, sizeof k->record, &k->record);
	if (err != CL_SUCCESS)
		return lm_fail_cl(CL_INVALID_KERNEL_ARGS, "clSetKernelArg", k->desc.label);
	return LM_OK;
}

lm_status lm_user_point(lm_user *k, unsigned warps, lm_row *row)
{
	unsigned groups, per_group;
	lm_status s = shape_point(k, warps, &groups, &per_group);
	if (s != LM_OK || (s = set_buffers(k)) != LM_OK)
		return s;
	lm_point_plan plan = lm_user_plan_point(k, warps, uk_launch);
	lm_point_timing t;
	double sys[2];
	unsigned long checked = 0;
	s = lm_user_time_point(k, &plan, &t, sys);
	if (s == LM_OK)
		s = lm_user_check_point(k, warps, &t, &checked);
	if (s != LM_OK)
		return s;
	lm_point_row(&k->dev, warps, groups, per_group, k->wg, &t, "fixed-work", k->events_broken,
		     k->sysclock, sys[0], sys[1], row);
	lm_user_finish_row(k, warps, &t, checked, row);
	return LM_OK;
}
