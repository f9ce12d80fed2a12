/* ndsuite_check: the second suite's kernels (cl/kernels/nd-*.cl, one
 * work-item an element) checked against plain C on the host, with no latmix
 * code: each kernel is built from its file, given small inputs, run at two
 * work-group sizes, and its outputs compared with the host's. A wrong index,
 * a border not clamped, a reduction that loses a work-item fails here.
 *
 * Usage: ndsuite_check [KERNEL_DIR] (default $LATMIX_SOURCE_ROOT/cl/kernels).
 * Runs on the first OpenCL device found (PoCL in CI), or on the first whose
 * platform name contains $NDSUITE_PLATFORM. Exit 0 if all pass. */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum arg_kind { IN, OUT, UINT, FLOAT, LOCAL };

/* A kernel argument: a buffer (host copy in host, bytes long; an output of
 * floats starts at f everywhere), a scalar, or local memory of one float a
 * work-item. */
typedef struct {
	enum arg_kind kind;
	void *host;
	size_t bytes;
	cl_uint u;
	float f;
} karg;

/* One launch's shape and what checks its outputs (local: the size run). */
typedef struct {
	const char *file, *kernel;
	cl_uint dims;
	size_t global[2], local[2][2];
	karg *args;
	size_t nargs;
	bool (*check)(const karg *args, const size_t *local);
} ndcase;

static cl_context ctx;
static cl_command_queue queue;
static cl_device_id device;
static const char *kernel_dir;

static bool cl_ok(cl_int e, const char *what, const char *kernel)
{
	if (e != CL_SUCCESS)
		fprintf(stderr, "%s: %s failed: OpenCL error %d\n", kernel, what, e);
	return e == CL_SUCCESS;
}

/* Reproducible values in [-1, 1), all different (xorshift32). */
static void fill_random(float *x, size_t n, unsigned seed)
{
	unsigned s = seed ? seed : 1;
	for (size_t i = 0; i < n; i++) {
		s ^= s << 13;
		s ^= s >> 17;
		s ^= s << 5;
		x[i] = (float)((double)(s >> 8) / 8388608.0 - 1.0);
	}
}

/* |got - want| within rel of |want| (or of 1 near zero); NaN fails. */
static bool near(double got, double want, double rel, const char *what, size_t i)
{
	double scale = fabs(want) > 1 ? fabs(want) : 1;
	if (fabs(got - want) <= rel * scale)
		return true;
	fprintf(stderr, "%s[%zu]: %.9g, expected %.9g\n", what, i, got, want);
	return false;
}

static char *slurp(const char *name)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/%s", kernel_dir, name);
	FILE *f = fopen(path, "rb");
	if (!f) {
		perror(path);
		return NULL;
	}
	char *text = NULL;
	if (fseek(f, 0, SEEK_END) == 0) {
		long n = ftell(f);
		if (n > 0 && n < (1 << 20) && fseek(f, 0, SEEK_SET) == 0 && (text = calloc((size_t)n + 1, 1)) &&
		    fread(text, 1, (size_t)n, f) != (size_t)n) {
			free(text);
			text = NULL;
		}
	}
	fclose(f);
	if (!text)
		fprintf(stderr, "%s: unreadable\n", path);
	return text;
}

static cl_kernel build(const ndcase *c)
{
	char *src = slurp(c->file);
	if (!src)
		return NULL;
	cl_int e;
	const char *s = src;
	cl_program p = clCreateProgramWithSource(ctx, 1, &s, NULL, &e);
	free(src);
	if (!cl_ok(e, "clCreateProgramWithSource", c->kernel))
		return NULL;
	if (clBuildProgram(p, 1, &device, "-cl-std=CL1.2", NULL, NULL) != CL_SUCCESS) {
		char log[8192] = "";
		clGetProgramBuildInfo(p, device, CL_PROGRAM_BUILD_LOG, sizeof log - 1, log, NULL);
		fprintf(stderr, "%s: build failed:\n%s\n", c->file, log);
		clReleaseProgram(p);
		return NULL;
	}
	cl_kernel k = clCreateKernel(p, c->kernel, &e);
	clReleaseProgram(p);
	return cl_ok(e, "clCreateKernel", c->kernel) ? k : NULL;
}

/* Sets the arguments, creating the buffers (inputs copied, outputs zeroed). */
static bool set_args(const ndcase *c, cl_kernel k, cl_mem *mem, const size_t *local)
{
	size_t group = local[0] * (c->dims > 1 ? local[1] : 1);
	for (cl_uint i = 0; i < c->nargs; i++) {
		const karg *a = &c->args[i];
		cl_int e = CL_SUCCESS;
		if (a->kind == IN || a->kind == OUT) {
			for (size_t j = 0; a->kind == OUT && j < a->bytes / sizeof(float); j++)
				((float *)a->host)[j] = a->f;
			mem[i] = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, a->bytes, a->host, &e);
			if (cl_ok(e, "clCreateBuffer", c->kernel))
				e = clSetKernelArg(k, i, sizeof(cl_mem), &mem[i]);
		} else if (a->kind == UINT) {
			e = clSetKernelArg(k, i, sizeof a->u, &a->u);
		} else if (a->kind == FLOAT) {
			e = clSetKernelArg(k, i, sizeof a->f, &a->f);
		} else {
			e = clSetKernelArg(k, i, group * sizeof(float), NULL);
		}
		if (!cl_ok(e, "setting an argument", c->kernel))
			return false;
	}
	return true;
}

/* One launch at local, its outputs read back into the host copies. */
static bool launch(const ndcase *c, cl_kernel k, const size_t *local)
{
	cl_mem mem[8] = { 0 };
	bool ok = c->nargs <= 8 && set_args(c, k, mem, local) &&
		  cl_ok(clEnqueueNDRangeKernel(queue, k, c->dims, NULL, c->global, local, 0, NULL, NULL),
			"clEnqueueNDRangeKernel", c->kernel);
	for (size_t i = 0; ok && i < c->nargs; i++)
		if (c->args[i].kind == OUT)
			ok = cl_ok(clEnqueueReadBuffer(queue, mem[i], CL_TRUE, 0, c->args[i].bytes, c->args[i].host, 0,
						       NULL, NULL),
				   "clEnqueueReadBuffer", c->kernel);
	ok = ok && cl_ok(clFinish(queue), "clFinish", c->kernel);
	for (size_t i = 0; i < 8; i++)
		if (mem[i])
			clReleaseMemObject(mem[i]);
	return ok;
}

static bool run_case(const ndcase *c)
{
	cl_kernel k = build(c);
	if (!k)
		return false;
	bool ok = true;
	for (int l = 0; l < 2 && ok; l++) {
		ok = launch(c, k, c->local[l]) && c->check(c->args, c->local[l]);
		fprintf(stderr, "%-14s local %zu x %zu: %s\n", c->kernel, c->local[l][0],
			c->dims > 1 ? c->local[l][1] : (size_t)1, ok ? "ok" : "FAILED");
	}
	clReleaseKernel(k);
	return ok;
}

#define NS (1u << 16) /* elements of the 1D cases */
static float va[NS], vb[NS], vc[NS], vout[NS];

/* The five one-element kernels share arguments: out, then inputs x, y, and
 * s; which they use and how is op's. */
static int stream_op;
static bool check_stream(const karg *args, const size_t *local)
{
	(void)local;
	const float *out = args[0].host, s = 3.0f;
	for (size_t i = 0; i < NS; i++) {
		double want = stream_op == 0 ? va[i]
			    : stream_op == 1 ? s * (double)vc[i]
			    : stream_op == 2 ? (double)va[i] + vb[i]
			    : stream_op == 3 ? (double)vb[i] + s * (double)vc[i]
					     : 1.0 + vb[i] + s * (double)vc[i];
		if (!near(out[i], want, stream_op == 0 ? 0 : 1e-6, "out", i))
			return false;
	}
	return true;
}

static bool stream_cases(void)
{
	const size_t bytes = sizeof va;
	karg copy[] = { { OUT, vout, bytes, 0, 0 }, { IN, va, bytes, 0, 0 }, { UINT, NULL, 0, NS, 0 } };
	karg mul[] = { { OUT, vout, bytes, 0, 0 }, { IN, vc, bytes, 0, 0 }, { FLOAT, NULL, 0, 0, 3 },
		       { UINT, NULL, 0, NS, 0 } };
	karg add[] = { { OUT, vout, bytes, 0, 0 }, { IN, va, bytes, 0, 0 }, { IN, vb, bytes, 0, 0 },
		       { UINT, NULL, 0, NS, 0 } };
	karg triad[] = { { OUT, vout, bytes, 0, 0 }, { IN, vb, bytes, 0, 0 }, { IN, vc, bytes, 0, 0 },
			 { FLOAT, NULL, 0, 0, 3 }, { UINT, NULL, 0, NS, 0 } };
	const ndcase c[] = {
		{ "nd-copy.cl", "nd_copy", 1, { NS, 1 }, { { 32, 1 }, { 256, 1 } }, copy, 3, check_stream },
		{ "nd-mul.cl", "nd_mul", 1, { NS, 1 }, { { 64, 1 }, { 128, 1 } }, mul, 4, check_stream },
		{ "nd-add.cl", "nd_add", 1, { NS, 1 }, { { 32, 1 }, { 512, 1 } }, add, 4, check_stream },
		{ "nd-triad.cl", "nd_triad", 1, { NS, 1 }, { { 64, 1 }, { 256, 1 } }, triad, 5, check_stream },
		{ "nd-nstream.cl", "nd_nstream", 1, { NS, 1 }, { { 32, 1 }, { 128, 1 } }, triad, 5, check_stream },
	};
	karg nstream[] = { { OUT, vout, bytes, 0, 1 }, { IN, vb, bytes, 0, 0 }, { IN, vc, bytes, 0, 0 },
			   { FLOAT, NULL, 0, 0, 3 }, { UINT, NULL, 0, NS, 0 } };
	bool ok = true;
	for (int op = 0; op < 5; op++) {
		stream_op = op;
		ndcase one = c[op];
		if (op == 4) /* a += b + s c: a starts at 1 */
			one.args = nstream;
		ok &= run_case(&one);
	}
	return ok;
}

/* dot: partial[g] is group g's sum of x[i] y[i] over its work-items' four
 * elements each (a grid of NS / 4 apart); past the last group, zero. */
static float vpart[NS / 128];
static bool check_dot(const karg *args, const size_t *local)
{
	(void)args;
	const size_t grid = NS / 4, groups = grid / local[0];
	for (size_t g = 0; g < NS / 128; g++) {
		double want = 0;
		for (size_t l = 0; g < groups && l < local[0]; l++)
			for (size_t k = 0; k < 4; k++) {
				size_t i = g * local[0] + l + k * grid;
				want += (double)va[i] * vb[i];
			}
		if (!near(vpart[g], want, 1e-5, "partial", g))
			return false;
	}
	return true;
}

/* conv2d of a CW x CH image: the 3x3 window, borders clamped */
#define CW 96
#define CH 40
static float wts[9];
static size_t clampz(long v, long hi)
{
	return (size_t)(v < 0 ? 0 : v > hi ? hi : v);
}
static bool check_conv2d(const karg *args, const size_t *local)
{
	(void)args, (void)local;
	for (long y = 0; y < CH; y++)
		for (long x = 0; x < CW; x++) {
			double want = 0;
			for (long dy = -1; dy <= 1; dy++)
				for (long dx = -1; dx <= 1; dx++)
					want += (double)wts[(dy + 1) * 3 + dx + 1] *
						va[clampz(y + dy, CH - 1) * CW + clampz(x + dx, CW - 1)];
			if (!near(vout[y * CW + x], want, 1e-5, "out", (size_t)(y * CW + x)))
				return false;
		}
	return true;
}

/* matmul: C (MR x MC) = A (MR x MK) B (MK x MC) */
#define MR 48
#define MK 40
#define MC 64
static bool check_matmul(const karg *args, const size_t *local)
{
	(void)args, (void)local;
	for (size_t r = 0; r < MR; r++)
		for (size_t c = 0; c < MC; c++) {
			double want = 0;
			for (size_t k = 0; k < MK; k++)
				want += (double)va[r * MK + k] * vb[k * MC + c];
			if (!near(vout[r * MC + c], want, 1e-5, "C", r * MC + c))
				return false;
		}
	return true;
}

/* spmv: SR rows of 0 to 31 nonzeros (uneven on purpose), columns anywhere */
#define SR 2048
static cl_uint row_ptr[SR + 1], cols[NS];
static bool check_spmv(const karg *args, const size_t *local)
{
	(void)args, (void)local;
	for (size_t r = 0; r < SR; r++) {
		double want = 0;
		for (cl_uint k = row_ptr[r]; k < row_ptr[r + 1]; k++)
			want += (double)va[k] * vb[cols[k]];
		if (!near(vout[r], want, 1e-5, "y", r))
			return false;
	}
	return true;
}

/* transpose of TR rows of TC */
#define TR 40
#define TC 96
static bool check_transpose(const karg *args, const size_t *local)
{
	(void)args, (void)local;
	for (size_t r = 0; r < TR; r++)
		for (size_t c = 0; c < TC; c++)
			if (!near(vout[c * TR + r], va[r * TC + c], 0, "out", c * TR + r))
				return false;
	return true;
}

static bool loop_cases(void)
{
	fill_random(wts, 9, 7);
	unsigned s = 12345;
	row_ptr[0] = 0;
	for (size_t r = 0; r < SR; r++) {
		s = s * 1103515245u + 12345u;
		row_ptr[r + 1] = row_ptr[r] + (s >> 16) % 32;
	}
	for (size_t k = 0; k < row_ptr[SR]; k++) {
		s = s * 1103515245u + 12345u;
		cols[k] = (s >> 8) % SR;
	}
	const size_t f = sizeof(float);
	karg dot[] = { { OUT, vpart, sizeof vpart, 0, 0 }, { IN, va, NS * f, 0, 0 }, { IN, vb, NS * f, 0, 0 },
		       { UINT, NULL, 0, NS, 0 }, { LOCAL, NULL, 0, 0, 0 } };
	karg conv[] = { { OUT, vout, CW * CH * f, 0, 0 }, { IN, va, CW * CH * f, 0, 0 }, { IN, wts, 9 * f, 0, 0 },
			{ UINT, NULL, 0, CW, 0 }, { UINT, NULL, 0, CH, 0 } };
	karg mm[] = { { OUT, vout, MR * MC * f, 0, 0 }, { IN, va, MR * MK * f, 0, 0 }, { IN, vb, MK * MC * f, 0, 0 },
		      { UINT, NULL, 0, MR, 0 }, { UINT, NULL, 0, MK, 0 }, { UINT, NULL, 0, MC, 0 } };
	karg spmv[] = { { OUT, vout, SR * f, 0, 0 }, { IN, row_ptr, sizeof row_ptr, 0, 0 },
			{ IN, cols, row_ptr[SR] * sizeof(cl_uint), 0, 0 }, { IN, va, row_ptr[SR] * f, 0, 0 },
			{ IN, vb, SR * f, 0, 0 }, { UINT, NULL, 0, SR, 0 } };
	karg tr[] = { { OUT, vout, TR * TC * f, 0, 0 }, { IN, va, TR * TC * f, 0, 0 }, { UINT, NULL, 0, TR, 0 },
		      { UINT, NULL, 0, TC, 0 } };
	const ndcase c[] = {
		{ "nd-dot.cl", "nd_dot", 1, { NS / 4, 1 }, { { 32, 1 }, { 256, 1 } }, dot, 5, check_dot },
		{ "nd-conv2d.cl", "nd_conv2d", 2, { CW, CH }, { { 32, 1 }, { 16, 4 } }, conv, 5, check_conv2d },
		{ "nd-matmul.cl", "nd_matmul", 2, { MC, MR }, { { 32, 2 }, { 8, 8 } }, mm, 6, check_matmul },
		{ "nd-spmv.cl", "nd_spmv", 1, { SR, 1 }, { { 32, 1 }, { 128, 1 } }, spmv, 6, check_spmv },
		{ "nd-transpose.cl", "nd_transpose", 2, { TC, TR }, { { 32, 1 }, { 32, 4 } }, tr, 4, check_transpose },
	};
	bool ok = true;
	for (size_t i = 0; i < sizeof c / sizeof c[0]; i++)
		ok &= run_case(&c[i]);
	return ok;
}

/* The first device, or the first of a platform whose name holds want. */
static bool pick_device(const char *want)
{
	cl_platform_id p[16];
	cl_uint np = 0;
	if (clGetPlatformIDs(16, p, &np) != CL_SUCCESS)
		np = 0;
	for (cl_uint i = 0; i < np && i < 16; i++) {
		char name[256] = "";
		clGetPlatformInfo(p[i], CL_PLATFORM_NAME, sizeof name - 1, name, NULL);
		if (want && *want && !strstr(name, want))
			continue;
		if (clGetDeviceIDs(p[i], CL_DEVICE_TYPE_ALL, 1, &device, NULL) == CL_SUCCESS) {
			fprintf(stderr, "platform: %s\n", name);
			return true;
		}
	}
	fprintf(stderr, "no OpenCL device%s%s\n", want && *want ? " on a platform named " : "", want ? want : "");
	return false;
}

int main(int argc, char **argv)
{
	static char dir[4096];
	const char *root = getenv("LATMIX_SOURCE_ROOT");
	if (argc > 1)
		snprintf(dir, sizeof dir, "%s", argv[1]);
	else
		snprintf(dir, sizeof dir, "%s/cl/kernels", root && *root ? root : ".");
	kernel_dir = dir;
	if (!pick_device(getenv("NDSUITE_PLATFORM")))
		return 1;
	cl_int e;
	ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &e);
	if (!cl_ok(e, "clCreateContext", "-"))
		return 1;
	queue = clCreateCommandQueue(ctx, device, 0, &e);
	if (!cl_ok(e, "clCreateCommandQueue", "-"))
		return 1;
	fill_random(va, NS, 1);
	fill_random(vb, NS, 2);
	fill_random(vc, NS, 3);
	bool ok = stream_cases();
	ok &= loop_cases();
	clReleaseCommandQueue(queue);
	clReleaseContext(ctx);
	fprintf(stderr, "%s\n", ok ? "all nd kernels agree with the host" : "some nd kernels FAILED");
	return ok ? 0 : 1;
}
