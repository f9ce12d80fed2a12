/* readpeak.c: plain reads of one buffer in several launch shapes
 * (readpeak.cl), timed by profiling events; standalone (no latmix code).
 *
 *   ./readpeak OUT.csv [--platform NAME] [--mib M] [--repeats R] [--groups G,G,...] [--only K,K]
 *                      [--pad KIB | --pad-bytes B] (the local buffer of the kernels whose name ends in p)
 *                      [--local L] (work-items a group, 256 unless said; lease 11)
 *                      [--ptx FILE] (the program's device binary, NVIDIA's PTX, saved; lease 12)
 *                      [--times 1] (lease 13: when each warp of nd8tp started and ended)
 *                      [--l1 KIB,KIB,...] (lease 9: instead of timing reads, the walk of
 *                      gs8l1p, nd8treel1p and gs8l1 over each footprint, at the first of --groups)
 *
 * Each point: a warm-up, then R launches reading n floats alternated with R
 * reading n/2; rate = (n - n/2) * 4 bytes / (median(n) - median(n/2)), so a
 * launch's start and tail cancel. Persistent kernels run G groups of 256
 * work-items a compute unit; the as-written ones (nd8, nd1) a grid the size
 * of the problem. */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* work-items a group (--local) */
static size_t LOCAL = 256;

static const char *const persistent[] = { "gs1", "gs8", "gs8flag", "dyn8", "own8", "mix16", "mix16nowrap",
					   "mix16noflag", "mix16plain", "dyn32", "gs1p", "gs8p", "gs8l1p", "gs8l1" };
static const char *const written[] = { "nd8", "nd1", "nd2", "nd4", "nd16", "nd32", "nd64", "nd8s", "nd32s", "nd64s",
					"nd8p", "nd8treep", "nd8treel1p", "nd1p", "nd1stp", "nd8stp" };
static const unsigned per_item[] = { 8, 1, 2, 4, 16, 32, 64, 8, 32, 64, 8, 8, 8, 1, 1, 8 };

typedef struct {
	cl_context ctx;
	cl_command_queue q;
	cl_program prog;
	cl_mem x, out, ctr, flag, live, peak;
	cl_uint cus;
	int repeats;
	size_t pad; /* bytes of local memory a group of the kernels ending in p */
} rp;

static int cmp(const void *a, const void *b)
{
	const double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static double median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof *v, cmp);
	return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/* One launch of k over n floats on grid work-items; its seconds, or -1. */
static double launch(rp *r, cl_kernel k, cl_ulong n, size_t grid)
{
	const cl_uint zero = 0;
	size_t local = LOCAL;
	cl_event ev;
	cl_ulong t0 = 0, t1 = 0;
	if (clEnqueueFillBuffer(r->q, r->ctr, &zero, sizeof zero, 0, sizeof zero, 0, NULL, NULL) != CL_SUCCESS ||
	    clSetKernelArg(k, 2, sizeof n, &n) != CL_SUCCESS ||
	    clEnqueueNDRangeKernel(r->q, k, 1, NULL, &grid, &local, 0, NULL, &ev) != CL_SUCCESS)
		return -1;
	clWaitForEvents(1, &ev);
	clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof t0, &t0, NULL);
	clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof t1, &t1, NULL);
	clReleaseEvent(ev);
	return (double)(t1 - t0) * 1e-9;
}

/* The fewest and most groups a CU held at once in one launch of k (its
 * arguments set but the counters', 0 and 1 for `resident`, 3 and 4 for a
 * counted kernel) over grid work-items; k released; false on failure. */
static bool held(rp *r, cl_kernel k, cl_uint live_arg, size_t grid, unsigned *lo, unsigned *hi)
{
	const cl_uint zero = 0;
	size_t local = LOCAL;
	clEnqueueFillBuffer(r->q, r->live, &zero, sizeof zero, 0, 1024 * sizeof(cl_uint), 0, NULL, NULL);
	clEnqueueFillBuffer(r->q, r->peak, &zero, sizeof zero, 0, 1024 * sizeof(cl_uint), 0, NULL, NULL);
	clSetKernelArg(k, live_arg, sizeof r->live, &r->live);
	clSetKernelArg(k, live_arg + 1, sizeof r->peak, &r->peak);
	cl_uint peak[1024];
	bool ok = clEnqueueNDRangeKernel(r->q, k, 1, NULL, &grid, &local, 0, NULL, NULL) == CL_SUCCESS &&
		  clEnqueueReadBuffer(r->q, r->peak, CL_TRUE, 0, sizeof peak, peak, 0, NULL, NULL) == CL_SUCCESS;
	clReleaseKernel(k);
	*lo = ~0u;
	*hi = 0;
	for (unsigned c = 0; ok && c < 1024; c++)
		if (peak[c]) {
			*lo = peak[c] < *lo ? peak[c] : *lo;
			*hi = peak[c] > *hi ? peak[c] : *hi;
		}
	return ok && *hi > 0;
}

/* The local buffer a group of a kernel ending in p gets: --pad, at least a
 * float a work-item. */
static size_t pad_bytes(const rp *r)
{
	return r->pad > LOCAL * sizeof(float) ? r->pad : LOCAL * sizeof(float);
}

/* held() for a launch of `resident` (a counting kernel of its own, whose
 * registers may hold it to fewer groups than the kernel measured: lease 7)
 * over grid work-items with the point's local buffer. */
static bool residency(rp *r, size_t grid, bool padded, unsigned *lo, unsigned *hi)
{
	cl_int e;
	cl_kernel k = clCreateKernel(r->prog, "resident", &e);
	if (e != CL_SUCCESS)
		return false;
	const cl_uint spin = 20000;
	clSetKernelArg(k, 2, sizeof spin, &spin);
	clSetKernelArg(k, 3, padded ? pad_bytes(r) : LOCAL * sizeof(float), NULL);
	return held(r, k, 0, grid, lo, hi);
}

/* held() for kernel `counted` (the measured kernel with its count inside,
 * readpeak.cl's ...c), one launch over n floats on grid work-items; false
 * where there is no such kernel. */
static bool counted_residency(rp *r, const char *counted, cl_ulong n, size_t grid, unsigned *lo, unsigned *hi)
{
	cl_int e;
	cl_kernel k = clCreateKernel(r->prog, counted, &e);
	if (e != CL_SUCCESS)
		return false;
	clSetKernelArg(k, 0, sizeof r->out, &r->out);
	clSetKernelArg(k, 1, sizeof r->x, &r->x);
	clSetKernelArg(k, 2, sizeof n, &n);
	clSetKernelArg(k, 5, pad_bytes(r), NULL);
	return held(r, k, 3, grid, lo, hi);
}

/* A point: n and n/2 floats (half_grid the grid of the half where it
 * differs), its row written to f. */
static int point(rp *r, FILE *f, const char *name, int groups, cl_ulong n, size_t grid, cl_ulong half,
		 size_t half_grid)
{
	cl_int e;
	cl_kernel k = clCreateKernel(r->prog, name, &e);
	if (e != CL_SUCCESS)
		return 1;
	clSetKernelArg(k, 0, sizeof r->out, &r->out);
	clSetKernelArg(k, 1, sizeof r->x, &r->x);
	clSetKernelArg(k, 3, sizeof r->ctr, &r->ctr);
	clSetKernelArg(k, 4, sizeof r->flag, &r->flag);
	if (name[strlen(name) - 1] == 'p') /* a local buffer: at least a float a work-item */
		clSetKernelArg(k, 5, pad_bytes(r), NULL);
	double full[64], part[64];
	int bad = launch(r, k, n, grid) < 0;
	for (int i = 0; i < r->repeats && !bad; i++) {
		full[i] = launch(r, k, n, grid);
		part[i] = launch(r, k, half, half_grid);
		bad = full[i] <= 0 || part[i] <= 0;
	}
	clReleaseKernel(k);
	if (bad) {
		fprintf(stderr, "%s: a launch failed\n", name);
		return 1;
	}
	const double tf = median(full, r->repeats), th = median(part, r->repeats);
	const int warps = groups > 0 ? (int)(groups * LOCAL / 32) : -1;
	unsigned lo = 0, hi = 0;
	char counted[64];
	snprintf(counted, sizeof counted, "%sc", name);
	if (!counted_residency(r, counted, n, grid, &lo, &hi) &&
	    !residency(r, grid, name[strlen(name) - 1] == 'p', &lo, &hi))
		lo = hi = 0;
	fprintf(f, "%s,%d,%d,%zu,%llu,%.9f,%.9f,%.4e,%.4e,%u,%u,%zu\n", name, groups, warps, grid,
		(unsigned long long)n, tf, th, (double)(n - half) * 4.0 / (tf - th), (double)n * 4.0 / tf, lo, hi, LOCAL);
	fflush(f);
	return 0;
}

/* Lease 9: kernel k's walk (readpeak.cl's RP_L1_WALK) over a footprint of
 * kib KiB, on groups a CU with the point's buffer: a row of the median,
 * least and most cycles a step over the groups. */
static int l1_walk(rp *r, FILE *f, const char *name, int groups, unsigned kib)
{
	const cl_uint lines = kib * 1024 / 128, words = lines * 32, steps = 2 * lines;
	cl_uint *chain = calloc(words, sizeof *chain), *perm = malloc(lines * sizeof *perm);
	const size_t ngroups = (size_t)r->cus * (size_t)groups, grid = ngroups * LOCAL;
	cl_uint *res = malloc(2 * ngroups * sizeof *res);
	double *cyc = malloc(ngroups * sizeof *cyc);
	cl_int e;
	cl_kernel k = clCreateKernel(r->prog, name, &e);
	if (!chain || !perm || !res || !cyc || e != CL_SUCCESS || lines < 2)
		return 1;
	/* Sattolo: one random cycle over the lines */
	for (cl_uint i = 0; i < lines; i++)
		perm[i] = i;
	srand(12345 + kib);
	for (cl_uint i = lines - 1; i > 0; i--) {
		cl_uint j = (cl_uint)rand() % i, t = perm[i];
		perm[i] = perm[j];
		perm[j] = t;
	}
	for (cl_uint i = 0; i < lines; i++)
		chain[i * 32] = perm[i] * 32;
	cl_mem buf = clCreateBuffer(r->ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, words * sizeof *chain, chain, &e);
	const cl_ulong zero = 0;
	size_t local = LOCAL;
	int bad = e != CL_SUCCESS ||
		  clEnqueueWriteBuffer(r->q, r->ctr, CL_TRUE, 0, sizeof steps, &steps, 0, NULL, NULL) != CL_SUCCESS;
	clSetKernelArg(k, 0, sizeof r->out, &r->out);
	clSetKernelArg(k, 1, sizeof buf, &buf);
	clSetKernelArg(k, 2, sizeof zero, &zero);
	clSetKernelArg(k, 3, sizeof r->ctr, &r->ctr);
	clSetKernelArg(k, 4, sizeof r->flag, &r->flag);
	if (name[strlen(name) - 1] == 'p')
		clSetKernelArg(k, 5, pad_bytes(r), NULL);
	bad = bad || clEnqueueNDRangeKernel(r->q, k, 1, NULL, &grid, &local, 0, NULL, NULL) != CL_SUCCESS ||
	      clEnqueueReadBuffer(r->q, r->out, CL_TRUE, 0, 2 * ngroups * sizeof *res, res, 0, NULL, NULL) != CL_SUCCESS;
	/* two laps a pass: every walk ends where it began, at 0 */
	for (size_t g = 0; g < ngroups && !bad; g++) {
		cyc[g] = (double)res[2 * g] / steps;
		bad = res[2 * g + 1] != 0;
	}
	if (!bad) {
		qsort(cyc, ngroups, sizeof *cyc, cmp);
		fprintf(f, "%s,%zu,%d,%u,%.1f,%.1f,%.1f\n", name, pad_bytes(r) >> 10, groups, kib, cyc[ngroups / 2], cyc[0],
			cyc[ngroups - 1]);
		fflush(f);
	} else
		fprintf(stderr, "%s: the walk over %u KiB failed\n", name, kib);
	clReleaseKernel(k);
	if (e == CL_SUCCESS)
		clReleaseMemObject(buf);
	free(chain);
	free(perm);
	free(res);
	free(cyc);
	return bad;
}

/* Lease 13: one launch of kernel `name` (readpeak.cl's nd8tp) over n floats,
 * 8 a work-item, and when each warp started and ended: a row of the mean
 * warp's time, the mean time a warp waits from its end to its group's last
 * warp's end, the mean group's time from its first start to its last end,
 * and the groups a microsecond a CU the launch ran. */
static int times_point(rp *r, FILE *f, const char *name, cl_ulong n)
{
	const size_t grid = n / 8, warps = grid / 32, per = LOCAL / 32, groups = grid / LOCAL;
	cl_int e;
	cl_kernel k = clCreateKernel(r->prog, name, &e);
	cl_ulong *t = malloc(2 * warps * sizeof *t);
	cl_mem tb = clCreateBuffer(r->ctx, CL_MEM_READ_WRITE, 2 * warps * sizeof *t, NULL, &e);
	if (!t || e != CL_SUCCESS || !k)
		return 1;
	clSetKernelArg(k, 0, sizeof r->out, &r->out);
	clSetKernelArg(k, 1, sizeof r->x, &r->x);
	clSetKernelArg(k, 2, sizeof n, &n);
	clSetKernelArg(k, 3, sizeof tb, &tb);
	clSetKernelArg(k, 4, sizeof r->flag, &r->flag);
	clSetKernelArg(k, 5, pad_bytes(r), NULL);
	size_t local = LOCAL;
	int bad = 0;
	for (int i = 0; i < 2 && !bad; i++) /* a warm-up, then the launch read */
		bad = clEnqueueNDRangeKernel(r->q, k, 1, NULL, &grid, &local, 0, NULL, NULL) != CL_SUCCESS;
	bad = bad || clEnqueueReadBuffer(r->q, tb, CL_TRUE, 0, 2 * warps * sizeof *t, t, 0, NULL, NULL) != CL_SUCCESS;
	double dur = 0, wait = 0, span = 0;
	cl_ulong first = ~0ull, last = 0;
	for (size_t gi = 0; gi < groups && !bad; gi++) {
		cl_ulong lo = ~0ull, hi = 0;
		double ends = 0;
		for (size_t w = gi * per; w < (gi + 1) * per; w++) {
			lo = t[2 * w] < lo ? t[2 * w] : lo;
			hi = t[2 * w + 1] > hi ? t[2 * w + 1] : hi;
			dur += (double)(t[2 * w + 1] - t[2 * w]);
			ends += (double)t[2 * w + 1];
		}
		wait += (double)hi * per - ends;
		span += (double)(hi - lo);
		first = lo < first ? lo : first;
		last = hi > last ? hi : last;
	}
	if (!bad)
		fprintf(f, "%s,%zu,%zu,%.1f,%.1f,%.1f,%.3f\n", name, LOCAL, pad_bytes(r), dur / warps, wait / warps,
			span / groups, (double)groups / r->cus / ((double)(last - first) * 1e-3));
	fflush(f);
	clReleaseMemObject(tb);
	clReleaseKernel(k);
	free(t);
	return bad;
}

static int is_listed(const char *name, const char *only)
{
	if (!only)
		return 1;
	const size_t len = strlen(name);
	for (const char *p = only; (p = strstr(p, name)); p += len)
		if ((p == only || p[-1] == ',') && (p[len] == ',' || !p[len]))
			return 1;
	return 0;
}

/* The program's device binary (NVIDIA: its PTX) into path; lease 12. */
static void save_binary(const rp *r, const char *path)
{
	size_t size = 0;
	if (clGetProgramInfo(r->prog, CL_PROGRAM_BINARY_SIZES, sizeof size, &size, NULL) != CL_SUCCESS || !size)
		return;
	unsigned char *bin = malloc(size);
	unsigned char *bins[1] = { bin };
	FILE *f = bin ? fopen(path, "wb") : NULL;
	if (f && clGetProgramInfo(r->prog, CL_PROGRAM_BINARIES, sizeof bins, bins, NULL) == CL_SUCCESS)
		fwrite(bin, 1, size, f);
	if (f)
		fclose(f);
	free(bin);
}

static int setup(rp *r, const char *want, size_t bytes)
{
	cl_platform_id ids[16];
	cl_uint np = 0;
	cl_device_id dev = NULL;
	clGetPlatformIDs(16, ids, &np);
	for (cl_uint i = 0; i < np && i < 16 && !dev; i++) {
		char name[256] = "";
		clGetPlatformInfo(ids[i], CL_PLATFORM_NAME, sizeof name - 1, name, NULL);
		if (want && !strstr(name, want))
			continue;
		if (clGetDeviceIDs(ids[i], CL_DEVICE_TYPE_ALL, 1, &dev, NULL) != CL_SUCCESS)
			dev = NULL;
	}
	if (!dev) {
		fprintf(stderr, "readpeak: no device\n");
		return 1;
	}
	char dname[256] = "";
	clGetDeviceInfo(dev, CL_DEVICE_NAME, sizeof dname - 1, dname, NULL);
	clGetDeviceInfo(dev, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof r->cus, &r->cus, NULL);
	fprintf(stderr, "device: %s, %u CUs\n", dname, r->cus);
	cl_int e;
	r->ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
	r->q = clCreateCommandQueue(r->ctx, dev, CL_QUEUE_PROFILING_ENABLE, &e);
	FILE *src = fopen("readpeak.cl", "rb");
	static char text[1 << 16];
	size_t len = src ? fread(text, 1, sizeof text - 1, src) : 0;
	if (src)
		fclose(src);
	text[len] = 0;
	const char *t = text;
	r->prog = clCreateProgramWithSource(r->ctx, 1, &t, NULL, &e);
	char pname[256] = "";
	cl_platform_id plat;
	clGetDeviceInfo(dev, CL_DEVICE_PLATFORM, sizeof plat, &plat, NULL);
	clGetPlatformInfo(plat, CL_PLATFORM_NAME, sizeof pname - 1, pname, NULL);
	const char *opts = strstr(pname, "NVIDIA") ? "-cl-std=CL1.2 -DRP_NV" : "-cl-std=CL1.2";
	if (!len || clBuildProgram(r->prog, 1, &dev, opts, NULL, NULL) != CL_SUCCESS) {
		char log[8192] = "";
		clGetProgramBuildInfo(r->prog, dev, CL_PROGRAM_BUILD_LOG, sizeof log - 1, log, NULL);
		fprintf(stderr, "readpeak.cl: build failed\n%s\n", log);
		return 1;
	}
	const cl_uint zero = 0;
	const float one = 1.0f;
	r->x = clCreateBuffer(r->ctx, CL_MEM_READ_ONLY, bytes, NULL, &e);
	r->out = clCreateBuffer(r->ctx, CL_MEM_WRITE_ONLY, bytes, NULL, &e); /* nd1stp writes a float a load */
	r->ctr = clCreateBuffer(r->ctx, CL_MEM_READ_WRITE, 64, NULL, &e);
	r->flag = clCreateBuffer(r->ctx, CL_MEM_READ_WRITE, 4096, NULL, &e);
	r->live = clCreateBuffer(r->ctx, CL_MEM_READ_WRITE, 4096, NULL, &e);
	r->peak = clCreateBuffer(r->ctx, CL_MEM_READ_WRITE, 4096, NULL, &e);
	if (e != CL_SUCCESS || clEnqueueFillBuffer(r->q, r->x, &one, sizeof one, 0, bytes, 0, NULL, NULL) ||
	    clEnqueueFillBuffer(r->q, r->flag, &zero, sizeof zero, 0, 4096, 0, NULL, NULL) || clFinish(r->q)) {
		fprintf(stderr, "readpeak: buffers\n");
		return 1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	const char *want = NULL, *groups_list = "2,4,6,8", *only = NULL, *l1 = NULL, *ptx = NULL;
	int times = 0;
	size_t mib = 2048;
	rp r = { .repeats = 5 };
	if (argc < 2) {
		fprintf(stderr, "usage: readpeak OUT.csv [--platform NAME] [--mib M] [--repeats R] [--groups G,G] [--only K,K]\n");
		return 2;
	}
	for (int i = 2; i + 1 < argc; i += 2) {
		if (!strcmp(argv[i], "--platform"))
			want = argv[i + 1];
		else if (!strcmp(argv[i], "--mib"))
			mib = strtoul(argv[i + 1], NULL, 10);
		else if (!strcmp(argv[i], "--repeats"))
			r.repeats = atoi(argv[i + 1]);
		else if (!strcmp(argv[i], "--groups"))
			groups_list = argv[i + 1];
		else if (!strcmp(argv[i], "--only"))
			only = argv[i + 1];
		else if (!strcmp(argv[i], "--l1"))
			l1 = argv[i + 1];
		else if (!strcmp(argv[i], "--pad"))
			r.pad = strtoul(argv[i + 1], NULL, 10) << 10;
		else if (!strcmp(argv[i], "--pad-bytes"))
			r.pad = strtoul(argv[i + 1], NULL, 10);
		else if (!strcmp(argv[i], "--times"))
			times = atoi(argv[i + 1]);
		else if (!strcmp(argv[i], "--ptx"))
			ptx = argv[i + 1];
		else if (!strcmp(argv[i], "--local"))
			LOCAL = strtoul(argv[i + 1], NULL, 10);
	}
	if (r.repeats < 1 || r.repeats > 64 || mib < 1 || LOCAL < 32 || LOCAL > 1024 || LOCAL % 32 ||
	    setup(&r, want, mib << 20))
		return 1;
	if (ptx)
		save_binary(&r, ptx);
	FILE *f = fopen(argv[1], "w");
	if (!f)
		return 1;
	if (times) {
		fprintf(f, "kernel,work_group_size,pad_bytes,warp_ns,wait_for_last_ns,group_ns,groups_per_us_per_cu\n");
		const cl_ulong n = ((cl_ulong)mib << 18) - ((cl_ulong)mib << 18) % (16 * LOCAL);
		int bad = times_point(&r, f, "nd8tp", n);
		fclose(f);
		return bad;
	}
	if (l1) {
		static const char *const walkers[] = { "gs8l1p", "nd8treel1p", "gs8l1" };
		int bad = 0;
		fprintf(f, "kernel,pad_kib,groups_per_cu,footprint_kib,cycles_median,cycles_min,cycles_max\n");
		char fl[512];
		for (size_t k = 0; k < 3 && snprintf(fl, sizeof fl, "%s", l1) > 0; k++)
			for (char *t = strtok(fl, ","); t && is_listed(walkers[k], only); t = strtok(NULL, ","))
				bad |= l1_walk(&r, f, walkers[k], atoi(groups_list), (unsigned)atoi(t));
		fclose(f);
		return bad;
	}
	fprintf(f, "kernel,groups_per_cu,warps_per_cu,grid,n,seconds_n,seconds_half,bytes_per_s,bytes_per_s_whole,"
		   "resident_min,resident_max,work_group_size\n");
	const cl_ulong elems = (cl_ulong)mib << 18;
	int bad = 0;
	for (size_t w = 0; w < sizeof written / sizeof *written; w++) {
		const cl_ulong per = per_item[w], n = elems - elems % (2 * per * LOCAL);
		if (is_listed(written[w], only))
			bad |= point(&r, f, written[w], 0, n, n / per, n / 2, n / 2 / per);
	}
	char list[256];
	snprintf(list, sizeof list, "%s", groups_list);
	for (char *g = strtok(list, ","); g; g = strtok(NULL, ","))
		for (size_t k = 0; k < sizeof persistent / sizeof *persistent; k++) {
			const int groups = atoi(g);
			const size_t grid = (size_t)r.cus * (size_t)groups * LOCAL;
			const cl_ulong unit = 64 * (cl_ulong)grid, n = elems - elems % unit;
			if (is_listed(persistent[k], only))
				bad |= groups < 1 || point(&r, f, persistent[k], groups, n, grid, n / 2, grid);
		}
	fclose(f);
	return bad;
}
