/* usernd: a user's kernel measured as written (its description's global):
 * launched over its own NDRange, one work-item an element, at each
 * work-group shape asked for and each occupancy the device allows for it.
 * The occupancy is held down by local memory the wrapper reserves a group
 * (lm_pad, sized here), and on every launch the wrapper counts the groups
 * resident at once (cl/occupancy.h, lm_nd_group_in and _out): per CU where
 * a CU id can be read, over the device where not. A point whose count is
 * not the level claimed is kept, marked (coresident "no", its spread says
 * what was counted) and said. */
#include "bench/userkernel_parts.h"
#include "base/expr.h"
#include "bench/guard.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Local memory is reserved in steps of this many bytes (NVIDIA allocates
 * shared memory in 128-byte units). */
#define PAD_STEP 128

void lm_user_nd_end_wrapper(char *w, size_t size, unsigned n, const char *call, const char *params, int len)
{
	snprintf(w, size,
		 "%s__local uint *lm_pad, volatile __global uint *lm_live)\n{\n"
		 "\tlm_nd_group_in(lm_live, lm_pad);\n%s);\n\tlm_nd_group_out(lm_live, lm_pad);\n}\n\n"
		 "/* the same reserve, nothing counted: the launches timed */\n"
		 "LM_KERNEL void lm_wrap_bare(%.*s%s__local uint *lm_pad, volatile __global uint *lm_live)\n{\n"
		 "\t(void)lm_live;\n\tlm_nd_keep(lm_pad);\n%s);\n}\n",
		 n ? ", " : "", call, len, params, n ? ", " : "", call);
}

lm_status lm_user_nd_alloc(lm_user *k)
{
	cl_int err;
	k->live_host = malloc(LM_ND_COUNTERS * sizeof *k->live_host);
	if (!k->live_host)
		return lm_fail(LM_ENOMEM, "out of memory");
	k->live = clCreateBuffer(k->ctx, CL_MEM_READ_WRITE, LM_ND_COUNTERS * sizeof(cl_uint), NULL, &err);
	if (err != CL_SUCCESS)
		return lm_fail_cl(err, "clCreateBuffer", "resident work-group counters");
	/* no per-warp record as written: the clock is the driver's, where it shows one */
	return k->sysclock ? LM_OK : lm_launch_sysclock(&k->dev, &k->sysclock);
}

lm_status lm_user_nd_shapes(const lm_user *k, const char *list, unsigned (*shapes)[LM_USER_MAX_DIMS], int *n)
{
	const lm_user_desc *d = &k->desc;
	if (list && *list) {
		lm_status s = lm_user_parse_locals(list, d->dims, shapes, n);
		/* a row says its group's size, not its shape: two shapes of one
		 * size in one file could not be told apart by what reads it */
		for (int i = 0; s == LM_OK && i < *n; i++)
			for (int j = 0; j < i; j++) {
				const unsigned *a = shapes[i], *b = shapes[j];
				if (a[0] * a[1] * a[2] != b[0] * b[1] * b[2])
					continue;
				char ta[48], tb[48];
				lm_user_nd_shape_text(k, a, ta, sizeof ta);
				lm_user_nd_shape_text(k, b, tb, sizeof tb);
				return lm_fail(LM_EUSAGE, "kernel %s: --local-size %s: %s and %s are both %u work-items, "
					       "which the results' rows would not tell apart (a row says its group's "
					       "size): measure them in runs of their own (-o)", d->label, list, tb, ta,
					       a[0] * a[1] * a[2]);
			}
		return s;
	}
	*n = 0;
	if (d->local_dims) {
		memcpy(shapes[(*n)++], d->local, sizeof d->local);
		return LM_OK;
	}
	size_t kmax = lm_device_kernel_wg_limit(&k->dev, k->kernel);
	for (int i = 0; i < LM_USER_DEFAULT_SHAPES; i++) {
		const unsigned *s = lm_user_default_shape(d->dims, i);
		size_t wg = (size_t)s[0] * s[1] * s[2];
		if (wg <= k->dev.max_wg_size && (!kmax || wg <= kmax))
			memcpy(shapes[(*n)++], s, LM_USER_MAX_DIMS * sizeof *s);
		else if (wg <= k->dev.max_wg_size)
			fprintf(stderr, "latmix: kernel %s: work-group %zu not measured: the kernel as built allows "
				"%zu work-items a group (CL_KERNEL_WORK_GROUP_SIZE; %s allows %zu)\n", d->label, wg,
				kmax, k->dev.name, k->dev.max_wg_size);
	}
	if (!*n)
		return lm_fail(LM_EDEVICE, "kernel %s: no work-group of 32 work-items or more runs on %s "
			       "(--local-size picks one)", d->label, k->dev.name);
	return LM_OK;
}

void lm_user_nd_shape_text(const lm_user *k, const unsigned *shape, char *buf, size_t size)
{
	int dims = k->desc.dims;
	snprintf(buf, size, dims == 1 ? "%u" : dims == 2 ? "%ux%u" : "%ux%ux%u", shape[0], shape[1], shape[2]);
}

/* The bytes of the wrapper's own local argument for a reserve of pad: a
 * word at least (the group's CU is kept in it), where none is reserved. */
static size_t pad_arg(size_t pad)
{
	return pad < 4 ? 4 : pad;
}

/* Sets the wrapper's arguments for a group of sh: the buffers, the
 * kernel's local buffers (an element a work-item), the reserve of pad
 * bytes (pad_arg's), the counters. */
static lm_status set_nd_buffers(lm_user *k, size_t wg, size_t pad)
{
	cl_int err = CL_SUCCESS;
	cl_kernel both[2] = { k->kernel, k->bare };
	for (int b = 0; b < 2; b++) {
		for (cl_uint i = 0; i < k->nargs; i++) {
			int j = k->desc_of[i];
			const lm_user_arg *a = &k->desc.arg[j];
			if (a->space == LM_USER_LOCAL)
				err |= clSetKernelArg(both[b], i, wg * a->elem_size, NULL);
			else if (a->space != LM_USER_SCALAR)
				err |= clSetKernelArg(both[b], i, sizeof(cl_mem), &k->buf[j]);
		}
		err |= clSetKernelArg(both[b], k->nargs, pad_arg(pad), NULL);
		err |= clSetKernelArg(both[b], k->nargs + 1, sizeof k->live, &k->live);
	}
	if (err != CL_SUCCESS)
		return lm_fail_cl(CL_INVALID_KERNEL_ARGS, "clSetKernelArg", k->desc.label);
	return LM_OK;
}

/* The global sizes of the launch of size n into g; LM_EDEVICE where shape
 * does not divide one (OpenCL 1.2 launches whole groups; latmix does not
 * round a kernel's grid up). */
static lm_status global_sizes(const lm_user *k, const unsigned *shape, double n, size_t *g)
{
	const lm_user_desc *d = &k->desc;
	for (int i = 0; i < LM_USER_MAX_DIMS; i++) {
		g[i] = 1;
		if (i >= d->dims)
			continue;
		lm_status s = lm_user_global_at(d, i, n, &g[i]);
		if (s != LM_OK)
			return s;
		if (g[i] % shape[i]) {
			char sh[64];
			lm_user_nd_shape_text(k, shape, sh, sizeof sh);
			return lm_fail(LM_EDEVICE, "work-group %s: global '%s' is %zu at N = %.0f, not a multiple of %u "
				       "(dimension %d): OpenCL 1.2 launches whole work-groups, and latmix does not "
				       "round a kernel's grid up", sh, d->global[i], g[i], n, shape[i], i);
		}
	}
	return LM_OK;
}

/* Bytes of local memory a group of the kernel takes with the wrapper's
 * reserve at its least (CL_KERNEL_LOCAL_MEM_SIZE: its own arrays, its
 * local arguments, the implementation's), that word left out. */
static lm_status kernel_local(lm_user *k, size_t wg, size_t *bytes)
{
	cl_ulong used = 0;
	lm_status s = set_nd_buffers(k, wg, 4);
	if (s != LM_OK)
		return s;
	cl_int err = clGetKernelWorkGroupInfo(k->kernel, k->dev.id, CL_KERNEL_LOCAL_MEM_SIZE, sizeof used, &used,
					      NULL);
	if (err != CL_SUCCESS)
		return lm_fail_cl(err, "clGetKernelWorkGroupInfo", "CL_KERNEL_LOCAL_MEM_SIZE");
	*bytes = used > 4 ? (size_t)used - 4 : 0;
	return LM_OK;
}

/* The local memory a CU shares among its groups, and whether the vendor
 * table knows it (else a group's most is taken for it: said in limit). */
static unsigned long long cu_pool(const lm_device *d, bool *known)
{
	*known = d->local_per_cu > 0;
	return *known ? d->local_per_cu : d->local_mem;
}

void lm_user_nd_levels(const lm_device *d, lm_user_shape *sh)
{
	bool known;
	unsigned long long pool = cu_pool(d, &known), r = d->local_reserved;
	unsigned by_warps = d->max_warps / sh->per_group;
	sh->hi = by_warps < d->max_groups ? by_warps : d->max_groups;
	snprintf(sh->limit, sizeof sh->limit, "%s: %u warps, %u work-groups a CU", d->max_warps_source,
		 d->max_warps, d->max_groups);
	if (d->groups_in_turn) {
		sh->hi = sh->lo = 1;
		snprintf(sh->limit, sizeof sh->limit, "a CU of %s runs one work-group at a time", d->name);
		return;
	}
	unsigned long long own = sh->user_local + r;
	if (own && pool / own < sh->hi) {
		sh->hi = (unsigned)(pool / own);
		snprintf(sh->limit, sizeof sh->limit, "the kernel's %zu bytes of local memory a group, %llu a CU%s",
			 sh->user_local, pool, known ? "" : " (assumed: a group's most)");
	}
	unsigned long long most = d->local_mem + r; /* a group's footprint at its largest reserve */
	sh->lo = (unsigned)(pool / most);
	if (sh->lo < 1)
		sh->lo = 1;
	if (sh->lo > sh->hi)
		sh->lo = sh->hi;
}

lm_status lm_user_nd_shape(lm_user *k, const unsigned shape[LM_USER_MAX_DIMS], lm_user_shape *sh)
{
	const lm_device *d = &k->dev;
	memset(sh, 0, sizeof *sh);
	memcpy(sh->shape, shape, sizeof sh->shape);
	sh->wg = (size_t)shape[0] * shape[1] * shape[2];
	sh->per_group = (unsigned)((sh->wg + d->simd_width - 1) / d->simd_width);
	char text[64];
	lm_user_nd_shape_text(k, shape, text, sizeof text);
	size_t kmax = lm_device_kernel_wg_limit(d, k->kernel), g[LM_USER_MAX_DIMS];
	if (sh->wg > d->max_wg_size || (kmax && sh->wg > kmax))
		return lm_fail(LM_EDEVICE, "work-group %s: %zu work-items; %s allows %zu, the kernel %zu", text,
			       sh->wg, d->name, d->max_wg_size, kmax);
	if (sh->per_group > d->max_warps && !d->groups_in_turn)
		return lm_fail(LM_EDEVICE, "work-group %s: %u warps, more than a CU of %s holds (%u)", text,
			       sh->per_group, d->name, d->max_warps);
	lm_status s = global_sizes(k, shape, k->desc.size, g);
	if (s == LM_OK)
		s = global_sizes(k, shape, floor(k->desc.size / 2), g);
	if (s == LM_OK)
		s = kernel_local(k, sh->wg, &sh->user_local);
	if (s != LM_OK)
		return s;
	if (sh->user_local > d->local_mem)
		return lm_fail(LM_EDEVICE, "work-group %s: %zu bytes of local memory; %s allows %llu a group", text,
			       sh->user_local, d->name, d->local_mem);
	lm_user_nd_levels(d, sh);
	return LM_OK;
}

size_t lm_user_nd_pad(const lm_device *d, const lm_user_shape *sh, unsigned level)
{
	if (level >= sh->hi || d->groups_in_turn)
		return 0;
	bool known;
	double pool = (double)cu_pool(d, &known), step = PAD_STEP;
	/* what a group takes, its own in whole steps: just over what level + 1
	 * groups would fill, and no more than level fill */
	double own = ceil((double)sh->user_local / step) * step + (double)d->local_reserved;
	double pad = (floor((pool / (level + 1) - own) / step) + 1) * step;
	if (pad < 0)
		pad = 0;
	if (pad + own > pool / level || (double)sh->user_local + pad > (double)d->local_mem)
		return SIZE_MAX;
	return (size_t)pad;
}

bool lm_user_nd_verdict(bool per_cu, bool in_turn, unsigned cus, unsigned level, const lm_user_resident *r,
			double *groups, char *spread, size_t size)
{
	if (per_cu) {
		*groups = r->hi;
		bool ok = r->hi == level && r->lo == level && r->ncu == cus;
		if (ok)
			snprintf(spread, size, "counted per CU: %u on all %u", level, cus);
		else
			snprintf(spread, size, "counted per CU: %u-%u on %u of %u", r->lo, r->hi, r->ncu, cus);
		return ok;
	}
	*groups = (double)r->all / cus;
	if (in_turn) {
		/* a core runs one group at a time: at most one a CU is the claim */
		snprintf(spread, size, "counted over %u CUs: %u (one a CU at most)", cus, r->all);
		return level == 1 && r->all >= 1 && r->all <= cus;
	}
	snprintf(spread, size, "counted over %u CUs: %u", cus, r->all);
	return r->all == level * cus;
}

/* Reads back the counting launch's counters into k->nd.counted: every
 * group counted out, the most at once on each CU (on CU 0, the device's,
 * where no CU id is read). */
static lm_status read_counters(lm_user *k)
{
	double r0 = lm_launch_now();
	cl_int err = clEnqueueReadBuffer(k->queue, k->live, CL_TRUE, 0, LM_ND_COUNTERS * sizeof(cl_uint),
					 k->live_host, 0, NULL, NULL);
	k->cost.readback += lm_launch_now() - r0;
	if (err != CL_SUCCESS)
		return lm_fail_cl(err, "clEnqueueReadBuffer", "resident work-group counters");
	lm_user_resident *r = &k->nd.counted;
	memset(r, 0, sizeof *r);
	r->lo = ~0u;
	for (unsigned cu = 0; cu < LM_ND_SLOTS; cu++) {
		const uint32_t *c = k->live_host + (size_t)cu * LM_ND_STRIDE;
		if (c[0] != 0)
			return lm_fail(LM_ECHECK, "kernel %s: %u work-groups counted in on CU %u and not out: the launch "
				       "did not run as built", k->desc.label, c[0], cu);
		if (!c[1])
			continue;
		r->ncu++;
		r->hi = c[1] > r->hi ? c[1] : r->hi;
		r->lo = c[1] < r->lo ? c[1] : r->lo;
		r->all += c[1];
	}
	if (!r->ncu)
		r->lo = 0;
	return LM_OK;
}

/* One "launch" for the point timer: length launches of the bare wrapper
 * over the kernel's NDRange at N (the short one: N / 2), their times
 * summed. work: the elements they processed. */
static lm_status nd_launch(void *ctx, unsigned long length, int flags, lm_launch_out *out)
{
	lm_user *k = ctx;
	memset(out, 0, sizeof *out);
	out->started_at_end = ~0u;
	double n = lm_user_size_of(k, flags), elements;
	size_t g[LM_USER_MAX_DIMS], l[LM_USER_MAX_DIMS];
	for (int i = 0; i < LM_USER_MAX_DIMS; i++)
		l[i] = k->nd.shape[i];
	lm_status s = lm_user_set_scalars(k, n);
	if (s == LM_OK)
		s = global_sizes(k, k->nd.shape, n, g);
	if (s == LM_OK)
		s = lm_expr_eval(k->desc.elements, n, &elements);
	for (unsigned long i = 0; i < length && s == LM_OK; i++) {
		if ((s = lm_user_reset_outputs(k)) != LM_OK)
			return s;
		double sec, host;
		bool broken = k->events_broken;
		lm_user_watch_launch(k, n);
		s = lm_launch_kernel_nd(k->queue, k->bare, (cl_uint)k->desc.dims, g, l, k->desc.label,
					&k->events_broken, flags, &k->cost, &sec, &host);
		lm_guard_watch(0, NULL);
		if (s != LM_OK)
			break;
		k->launch_s = host * (flags & LM_LAUNCH_SHORT ? 2 : 1);
		k->launch_warps = (unsigned)(k->threads / k->dev.simd_width / k->dev.compute_units);
		out->seconds += sec;
		out->host_s += host;
		out->fastest = i == 0 ? sec : out->fastest > 0 && broken == k->events_broken ? fmin(out->fastest, sec) : 0;
	}
	if (s != LM_OK)
		return s;
	out->groups = (unsigned)fmin(4294967295.0, (double)g[0] / (double)l[0] * (double)g[1] / (double)l[1] *
						     (double)g[2] / (double)l[2]);
	out->work = (double)length * elements;
	return s;
}

/* The point's counting launch, after its timed ones: the counting wrapper
 * at N with the same reserve, its groups counted in and out (and its
 * outputs the ones checked). */
static lm_status count_launch(lm_user *k)
{
	size_t g[LM_USER_MAX_DIMS], l[LM_USER_MAX_DIMS];
	for (int i = 0; i < LM_USER_MAX_DIMS; i++)
		l[i] = k->nd.shape[i];
	const cl_uint nil = 0;
	double sec, host;
	lm_status s = lm_user_set_scalars(k, k->desc.size);
	if (s == LM_OK)
		s = global_sizes(k, k->nd.shape, k->desc.size, g);
	if (s == LM_OK)
		s = lm_user_reset_outputs(k);
	if (s != LM_OK)
		return s;
	cl_int err = clEnqueueFillBuffer(k->queue, k->live, &nil, sizeof nil, 0, LM_ND_COUNTERS * sizeof(cl_uint), 0,
					 NULL, NULL);
	if (err != CL_SUCCESS)
		return lm_fail_cl(err, "clEnqueueFillBuffer", "resident work-group counters");
	lm_user_watch_launch(k, k->desc.size);
	s = lm_launch_kernel_nd(k->queue, k->kernel, (cl_uint)k->desc.dims, g, l, k->desc.label, &k->events_broken,
				LM_LAUNCH_TRIAL, &k->cost, &sec, &host);
	lm_guard_watch(0, NULL);
	return s == LM_OK ? read_counters(k) : s;
}

/* Gets k ready for the point of sh at level: its arguments, its reserve,
 * the reference outputs of another shape dropped where they are kept per
 * local size. LM_EDEVICE where the problem is too small to fill the level. */
static lm_status ready_point(lm_user *k, const lm_user_shape *sh, unsigned level)
{
	const lm_device *d = &k->dev;
	size_t g[LM_USER_MAX_DIMS];
	lm_status s = global_sizes(k, sh->shape, floor(k->desc.size / 2), g);
	if (s != LM_OK)
		return s;
	double groups = (double)g[0] / sh->shape[0] * (double)g[1] / sh->shape[1] * (double)g[2] / sh->shape[2];
	if (groups < 2.0 * level * d->compute_units)
		return lm_fail(LM_EDEVICE, "%.0f work-groups in the short launch (N = %.0f), fewer than twice the %u "
			       "a level of %u a CU holds at once: a larger --size measures it", groups,
			       floor(k->desc.size / 2), level * d->compute_units, level);
	if (memcmp(k->nd.shape, sh->shape, sizeof sh->shape) != 0)
		for (int i = 0; i < k->desc.nargs; i++)
			if (k->desc.arg[i].per_local)
				lm_user_drop_reference(k, i);
	memcpy(k->nd.shape, sh->shape, sizeof sh->shape);
	k->nd.pad = lm_user_nd_pad(d, sh, level);
	if (k->nd.pad == SIZE_MAX)
		return lm_fail(LM_EDEVICE, "no reserve in steps of %d bytes holds exactly %u groups a CU", PAD_STEP,
			       level);
	memset(&k->nd.counted, 0, sizeof k->nd.counted);
	k->wg = sh->wg;
	k->threads = (size_t)level * sh->wg * d->compute_units;
	return set_nd_buffers(k, sh->wg, k->nd.pad);
}

/* The row's columns of residency: what was counted against the claim. */
static void mark_row(lm_user *k, unsigned level, unsigned per_group, lm_row *row)
{
	double groups;
	bool ok = lm_user_nd_verdict(k->clocked, k->dev.groups_in_turn, k->dev.compute_units, level, &k->nd.counted,
				     &groups, row->spread, sizeof row->spread);
	row->resident_groups = groups;
	row->resident_warps = groups * per_group;
	lm_user_nd_shape_text(k, k->nd.shape, row->shape, sizeof row->shape);
	snprintf(row->coresident, sizeof row->coresident, "%s", ok ? "yes" : "no");
	row->started_at_first_end = k->nd.counted.all;
}

lm_status lm_user_nd_point(lm_user *k, const lm_user_shape *sh, unsigned level, lm_row *row)
{
	lm_status s = ready_point(k, sh, level);
	if (s != LM_OK)
		return s;
	unsigned warps = level * sh->per_group;
	lm_point_plan plan = lm_user_plan_point(k, warps, nd_launch);
	lm_point_timing t;
	double sys[2];
	unsigned long checked = 0;
	s = lm_user_time_point(k, &plan, &t, sys);
	if (s == LM_OK)
		s = count_launch(k);
	if (s == LM_OK)
		s = lm_user_check_point(k, warps, &t, &checked);
	if (s != LM_OK)
		return s;
	lm_point_row(&k->dev, warps, level, sh->per_group, sh->wg, &t, "as-written", k->events_broken, k->sysclock,
		     sys[0], sys[1], row);
	lm_user_finish_row(k, warps, &t, checked, row);
	mark_row(k, level, sh->per_group, row);
	row->local_bytes = (double)sh->user_local + (double)pad_arg(k->nd.pad);
	return LM_OK;
}

const lm_user_resident *lm_user_nd_counted(const lm_user *k)
{
	return &k->nd.counted;
}
