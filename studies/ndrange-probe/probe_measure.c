/* probe_measure.c: one kernel of the nd suite measured by the probe: its
 * buffers made once at N, then for each work-group size and each local
 * memory reservation, launches at N and N/2 timed by profiling events, the
 * live-group counters zeroed before and read after each launch at N. */
#include "probe.h"
#include <stdlib.h>
#include <string.h>

#define MAX_REPEATS 101

static int cl_fail(cl_int e, const char *what, const probe_kernel *k)
{
	fprintf(stderr, "%s: %s: OpenCL error %d\n", k->name, what, e);
	return 1;
}

/* An integer buffer's contents, made on the host. */
static cl_int fill_host(probe_ctx *p, cl_mem m, const probe_buf *b, size_t elems, size_t n)
{
	cl_uint *v = malloc(elems * sizeof *v);
	if (!v)
		return CL_OUT_OF_HOST_MEMORY;
	unsigned long long s = 0x9e3779b97f4a7c15ull;
	for (size_t i = 0; i < elems; i++) {
		s = s * 6364136223846793005ull + 1442695040888963407ull;
		v[i] = b->fill == FILL_STEP16 ? (cl_uint)(16 * i) : (cl_uint)((s >> 33) % (b->fill == FILL_BELOW_64N ? 64 * n : n));
	}
	cl_int e = clEnqueueWriteBuffer(p->queue, m, CL_TRUE, 0, elems * sizeof *v, v, 0, NULL, NULL);
	free(v);
	return e;
}

static int make_buffers(probe_ctx *p, const probe_kernel *k, size_t n, cl_mem *mem)
{
	for (int i = 0; i < k->nbufs; i++) {
		const probe_buf *b = &k->bufs[i];
		size_t elems = (size_t)(b->per_n * (double)n) + b->fixed;
		cl_int e;
		mem[i] = clCreateBuffer(p->ctx, CL_MEM_READ_WRITE, elems * 4, NULL, &e);
		if (e != CL_SUCCESS)
			return cl_fail(e, "clCreateBuffer", k);
		if (b->fill == FILL_ONE || b->fill == FILL_ZERO) {
			const float v = b->fill == FILL_ONE ? 1.0f : 0.0f;
			e = clEnqueueFillBuffer(p->queue, mem[i], &v, sizeof v, 0, elems * 4, 0, NULL, NULL);
		} else {
			e = fill_host(p, mem[i], b, elems, n);
		}
		if (e != CL_SUCCESS)
			return cl_fail(e, "filling a buffer", k);
	}
	return clFinish(p->queue) != CL_SUCCESS;
}

/* What one launch needs, apart from N. */
typedef struct {
	probe_ctx *p;
	const probe_kernel *k;
	cl_kernel kern, bare; /* the counting wrapper; the one that counts nothing (NULL: none) */
	cl_mem mem[6], live, peak;
	size_t local[2], group;
	cl_uint counts[PROBE_CUS];
} probe_launch;

static int set_args_of(probe_launch *l, cl_kernel kern, cl_uint n, size_t reserve)
{
	cl_uint i = 0;
	cl_int e = CL_SUCCESS;
	for (; (int)i < l->k->nargs && e == CL_SUCCESS; i++) {
		const probe_argspec *a = &l->k->args[i];
		if (a->kind == ARG_BUF)
			e = clSetKernelArg(kern, i, sizeof(cl_mem), &l->mem[a->buf]);
		else if (a->kind == ARG_N)
			e = clSetKernelArg(kern, i, sizeof n, &n);
		else if (a->kind == ARG_UINT)
			e = clSetKernelArg(kern, i, sizeof a->u, &a->u);
		else if (a->kind == ARG_FLOAT)
			e = clSetKernelArg(kern, i, sizeof a->f, &a->f);
		else
			e = clSetKernelArg(kern, i, l->group * sizeof(float), NULL);
	}
	if (e == CL_SUCCESS)
		e = clSetKernelArg(kern, i++, reserve, NULL);
	if (e == CL_SUCCESS)
		e = clSetKernelArg(kern, i++, sizeof(cl_mem), &l->live);
	if (e == CL_SUCCESS)
		e = clSetKernelArg(kern, i++, sizeof(cl_mem), &l->peak);
	return e != CL_SUCCESS ? cl_fail(e, "clSetKernelArg", l->k) : 0;
}

static int set_args(probe_launch *l, cl_uint n, size_t reserve)
{
	return set_args_of(l, l->kern, n, reserve) || (l->bare && set_args_of(l, l->bare, n, reserve));
}

/* One launch at N = n, its seconds from the profiling events; with counts,
 * each CU's peak of live groups raised into l->counts. */
static int launch(probe_launch *l, size_t n, size_t reserve, bool counts, double *sec)
{
	const probe_kernel *k = l->k;
	const cl_uint zero = 0;
	size_t global[2] = { k->dims == 1 ? n / k->width : k->width, n };
	if (set_args(l, (cl_uint)n, reserve))
		return 1;
	cl_int e = clEnqueueFillBuffer(l->p->queue, l->live, &zero, sizeof zero, 0, PROBE_CUS * 4, 0, NULL, NULL);
	if (e == CL_SUCCESS)
		e = clEnqueueFillBuffer(l->p->queue, l->peak, &zero, sizeof zero, 0, PROBE_CUS * 4, 0, NULL, NULL);
	cl_event ev = NULL;
	if (e == CL_SUCCESS)
		e = clEnqueueNDRangeKernel(l->p->queue, counts || !l->bare ? l->kern : l->bare, k->dims, NULL, global,
					   l->local, 0, NULL, &ev);
	if (e == CL_SUCCESS)
		e = clWaitForEvents(1, &ev);
	cl_ulong t0 = 0, t1 = 0;
	if (e == CL_SUCCESS)
		e = clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof t0, &t0, NULL);
	if (e == CL_SUCCESS)
		e = clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof t1, &t1, NULL);
	if (ev)
		clReleaseEvent(ev);
	*sec = (double)(t1 - t0) * 1e-9;
	cl_uint got[PROBE_CUS];
	if (e == CL_SUCCESS && counts)
		e = clEnqueueReadBuffer(l->p->queue, l->peak, CL_TRUE, 0, sizeof got, got, 0, NULL, NULL);
	for (size_t c = 0; e == CL_SUCCESS && counts && c < PROBE_CUS; c++)
		l->counts[c] = got[c] > l->counts[c] ? got[c] : l->counts[c];
	return e != CL_SUCCESS ? cl_fail(e, "a launch", k) : 0;
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static double median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof *v, by_value);
	return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/* One point: a warm-up, then repeats of N and N/2 alternated; a CSV row. */
static int measure_point(probe_launch *l, const probe_opts *o, size_t n, size_t reserve, FILE *csv)
{
	double tn[MAX_REPEATS], th[MAX_REPEATS], w;
	memset(l->counts, 0, sizeof l->counts);
	if (launch(l, n, reserve, false, &w))
		return 1;
	/* counted in the timed launches at N, or (--separate-count yes, l->bare)
	 * in one more launch after them, timed ones counting nothing */
	for (int r = 0; r < o->repeats; r++)
		if (launch(l, n, reserve, !l->bare, &tn[r]) || launch(l, n / 2, reserve, false, &th[r]))
			return 1;
	if (l->bare && launch(l, n, reserve, true, &w))
		return 1;
	cl_uint hi = 0, lo = 0, seen = 0;
	for (size_t c = 0; c < PROBE_CUS; c++)
		if (l->counts[c]) {
			hi = l->counts[c] > hi ? l->counts[c] : hi;
			lo = !seen || l->counts[c] < lo ? l->counts[c] : lo;
			seen++;
		}
	double mn = tn[0], mx = tn[0];
	for (int r = 1; r < o->repeats; r++) {
		mn = tn[r] < mn ? tn[r] : mn;
		mx = tn[r] > mx ? tn[r] : mx;
	}
	double full = median(tn, o->repeats), part = median(th, o->repeats), dt = full - part;
	double half_n = (double)(n - n / 2);
	const size_t warps = (l->group + 31) / 32;
	fprintf(csv, "%s,%zu,%zu,%u,%zu,%.9g,%.6g,%.6g,%u,%u,%.9g,%.9g,%.4f\n", l->k->name, l->group, reserve, hi,
		hi * warps, dt, dt > 0 ? l->k->elements_per_n * half_n / dt : 0,
		dt > 0 ? l->k->bytes_per_n * half_n / dt : 0, lo, seen, full, part, mn > 0 ? mx / mn - 1 : 0);
	fflush(csv);
	fprintf(stderr, "  %-12s local %4zu reserve %6zu: %2u groups a CU (min %u, %u CUs), %.3f ms, %.4g elements/s\n",
		l->k->name, l->group, reserve, hi, lo, seen, dt * 1e3,
		dt > 0 ? l->k->elements_per_n * half_n / dt : 0);
	return 0;
}

/* The reservations for one work-group size: none, then those aiming at
 * fewer groups a CU than the warp limit allows (64 warps, 32 groups). */
static int reservations(const probe_ctx *p, const probe_opts *o, const probe_launch *l, size_t *r)
{
	static const int levels[] = { 24, 16, 12, 10, 8, 6, 5, 4, 3, 2 };
	const size_t warps = (l->group + 31) / 32, gmax = 64 / warps < 32 ? 64 / warps : 32;
	const size_t own = 64 + (l->k->args[l->k->nargs - 1].kind == ARG_LOCAL ? 4 * l->group : 0);
	int n = 0;
	if (o->nreserves) {
		for (int i = 0; i < o->nreserves; i++)
			if (o->reserves[i] + own <= p->max_local)
				r[n++] = o->reserves[i];
		return n;
	}
	r[n++] = 16;
	for (size_t i = 0; i < sizeof levels / sizeof levels[0]; i++) {
		size_t g = (size_t)levels[i], want = o->smem_per_cu / g;
		if (g >= gmax || want < 1024 + own + 256)
			continue;
		size_t res = (want - 1024 - own) / 128 * 128;
		if (res + own <= p->max_local)
			r[n++] = res;
	}
	/* the most a group may hold: the fewest groups local memory allows */
	if (p->max_local > own + 1024 && p->max_local - own < o->smem_per_cu / 2 && 64 / warps > 2)
		r[n++] = (p->max_local - own) / 128 * 128;
	return n;
}

int probe_measure_kernel(probe_ctx *p, const probe_opts *o, const probe_kernel *k, cl_kernel kern, FILE *csv)
{
	probe_launch *l = calloc(1, sizeof *l);
	if (!l)
		return 1;
	l->p = p, l->k = k, l->kern = kern;
	if (o->separate_count) {
		cl_program prog = NULL;
		clGetKernelInfo(kern, CL_KERNEL_PROGRAM, sizeof prog, &prog, NULL);
		cl_int be = CL_INVALID_PROGRAM;
		l->bare = prog ? clCreateKernel(prog, "probe_bare", &be) : NULL;
		if (be != CL_SUCCESS) {
			fprintf(stderr, "%s: no probe_bare (error %d)\n", k->name, be);
			free(l);
			return 1;
		}
	}
	const size_t n = k->n / o->scale;
	cl_int e;
	l->live = clCreateBuffer(p->ctx, CL_MEM_READ_WRITE, PROBE_CUS * 4, NULL, &e);
	if (e == CL_SUCCESS)
		l->peak = clCreateBuffer(p->ctx, CL_MEM_READ_WRITE, PROBE_CUS * 4, NULL, &e);
	int failed = e != CL_SUCCESS || make_buffers(p, k, n, l->mem);
	size_t most = 0;
	clGetKernelWorkGroupInfo(kern, p->device, CL_KERNEL_WORK_GROUP_SIZE, sizeof most, &most, NULL);
	if (o->device_limit)
		clGetDeviceInfo(p->device, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof most, &most, NULL);
	for (int i = 0; i < o->nlocals && !failed; i++) {
		l->group = o->locals[i];
		l->local[0] = k->dims == 1 ? l->group : o->width;
		l->local[1] = k->dims == 1 ? 1 : l->group / o->width;
		size_t rows = k->dims == 1 ? n / k->width / 2 : n / 2;
		if (l->group > most || (k->dims > 1 && l->group % o->width) ||
		    rows % (k->dims == 1 ? l->group : l->local[1])) {
			fprintf(stderr, "  %s: local %zu skipped (largest %zu, or N / 2 not a multiple)\n", k->name,
				l->group, most);
			continue;
		}
		size_t r[16];
		int nr = reservations(p, o, l, r);
		for (int j = 0; j < nr && !failed; j++)
			failed = measure_point(l, o, n, r[j], csv);
	}
	for (int i = 0; i < 6; i++)
		if (l->mem[i])
			clReleaseMemObject(l->mem[i]);
	if (l->live)
		clReleaseMemObject(l->live);
	if (l->peak)
		clReleaseMemObject(l->peak);
	if (l->bare)
		clReleaseKernel(l->bare);
	free(l);
	return failed;
}
