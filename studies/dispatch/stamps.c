/* stamps: an independent measure of how fast an NVIDIA GPU's SMs take in
 * new work-groups, for latmix's dispatch mix to be checked against. Shares
 * no code with latmix. Each work-group's first work-item reads %smid and
 * %globaltimer (ns) as it starts and again as it ends, and writes them at
 * the group's index. On the host, for each group size, the launch's steady
 * part (its middle 80%: the first and last tenth of the span of start
 * stamps left out) gives each SM's groups started a microsecond; their
 * mean over SMs is the figure to compare. Every group stamps, and then
 * only one group in 16 (the rate counts each stamp 16 times), so that the
 * stamps' own cost shows. Also printed: a group's own time between its two
 * stamps, the rate from the stamping launch's profiling events (groups over
 * kernel time, launch overhead included), and that of a stamp-free kernel
 * (each group's first work-item writes a word; 2^21 groups less 2^20, by
 * events, so the launch's overhead cancels).
 *
 * Usage: stamps [PLATFORM_SUBSTRING] > stamps.csv  (default "NVIDIA")
 * Build: cc -O2 -o stamps stamps.c -lOpenCL -lm */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *source =
	"__kernel void mark(__global uint *seen)\n"
	"{\n"
	"	if (get_local_id(0) == 0)\n"
	"		seen[get_group_id(0)] = 1;\n"
	"}\n"
	"__kernel void stamp(__global ulong *rec, uint every)\n"
	"{\n"
	"	if (get_local_id(0) != 0 || get_group_id(0) % every)\n"
	"		return;\n"
	"	ulong t0, t1;\n"
	"	uint sm;\n"
	"	asm volatile(\"mov.u64 %0, %%globaltimer;\" : \"=l\"(t0) :: \"memory\");\n"
	"	asm volatile(\"mov.u32 %0, %%smid;\" : \"=r\"(sm));\n"
	"	asm volatile(\"mov.u64 %0, %%globaltimer;\" : \"=l\"(t1) :: \"memory\");\n"
	"	size_t g = get_group_id(0);\n"
	"	rec[3 * g] = sm;\n"
	"	rec[3 * g + 1] = t0;\n"
	"	rec[3 * g + 2] = t1;\n"
	"}\n";

#define CHECK(e, what) do { if ((e) != CL_SUCCESS) { fprintf(stderr, "stamps: %s: %d\n", what, (int)(e)); exit(1); } } while (0)

typedef struct { unsigned long sm, t0, t1; } rec3;

static int by_start(const void *a, const void *b)
{
	const rec3 *x = a, *y = b;
	return x->t0 < y->t0 ? -1 : x->t0 > y->t0;
}

static int by_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

/* Analyses one launch's stamps (n of them, one every every groups): a
 * CSV row; mark_rate: the stamp-free kernel's groups a us an SM. */
static void analyse(rec3 *r, size_t n, unsigned wg, unsigned every, unsigned sms, double event_s,
		    double mark_rate)
{
	qsort(r, n, sizeof *r, by_start);
	double span = (double)(r[n - 1].t0 - r[0].t0);
	double lo = (double)r[0].t0 + 0.1 * span, hi = (double)r[0].t0 + 0.9 * span;
	unsigned *count = calloc(sms, sizeof *count);
	double life = 0;
	for (size_t i = 0; i < n; i++) {
		if (r[i].sm < sms && (double)r[i].t0 >= lo && (double)r[i].t0 < hi)
			count[r[i].sm] += every;
		life += (double)(r[i].t1 - r[i].t0);
	}
	double *rate = malloc(sms * sizeof *rate), sum = 0, sq = 0;
	unsigned used = 0;
	for (unsigned s = 0; s < sms; s++) {
		if (!count[s])
			continue;
		rate[used] = count[s] / ((hi - lo) * 1e-3); /* groups per us */
		sum += rate[used];
		sq += rate[used] * rate[used];
		used++;
	}
	double mean = sum / used, sd = sqrt(fmax(0, sq / used - mean * mean));
	qsort(rate, used, sizeof *rate, by_double);
	printf("%u,%u,%zu,%u,%.3f,%.4f,%.4f,%.4f,%.4f,%.4f,%.1f,%.4f,%.4f\n", wg, every, n * every, used,
	       (hi - lo) * 1e-6, mean, sd / sqrt(used), rate[0], rate[used / 2], rate[used - 1],
	       life / (double)n, (double)(n * every) / event_s * 1e-6 / sms, mark_rate);
	free(rate);
	free(count);
}

/* Seconds of one launch of kernel over global work-items in groups of wg,
 * by its profiling events. */
static double event_time(cl_command_queue q, cl_kernel kernel, size_t global, size_t wg)
{
	cl_event ev;
	cl_ulong e0, e1;
	CHECK(clEnqueueNDRangeKernel(q, kernel, 1, NULL, &global, &wg, 0, NULL, &ev), "launch");
	CHECK(clWaitForEvents(1, &ev), "clWaitForEvents");
	clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof e0, &e0, NULL);
	clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof e1, &e1, NULL);
	clReleaseEvent(ev);
	return (double)(e1 - e0) * 1e-9;
}

int main(int argc, char **argv)
{
	const char *want = argc > 1 ? argv[1] : "NVIDIA";
	cl_platform_id plats[16];
	cl_uint np;
	CHECK(clGetPlatformIDs(16, plats, &np), "clGetPlatformIDs");
	cl_platform_id plat = NULL;
	for (cl_uint i = 0; i < np && !plat; i++) {
		char name[256];
		clGetPlatformInfo(plats[i], CL_PLATFORM_NAME, sizeof name, name, NULL);
		if (strstr(name, want))
			plat = plats[i];
	}
	if (!plat) {
		fprintf(stderr, "stamps: no platform named like '%s'\n", want);
		return 1;
	}
	cl_device_id dev;
	CHECK(clGetDeviceIDs(plat, CL_DEVICE_TYPE_GPU, 1, &dev, NULL), "clGetDeviceIDs");
	cl_uint sms;
	size_t maxwg;
	char dname[256];
	clGetDeviceInfo(dev, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof sms, &sms, NULL);
	clGetDeviceInfo(dev, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof maxwg, &maxwg, NULL);
	clGetDeviceInfo(dev, CL_DEVICE_NAME, sizeof dname, dname, NULL);
	cl_int err;
	cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
	CHECK(err, "clCreateContext");
	cl_command_queue q = clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, &err);
	CHECK(err, "clCreateCommandQueue");
	cl_program prog = clCreateProgramWithSource(ctx, 1, &source, NULL, &err);
	CHECK(err, "clCreateProgramWithSource");
	if (clBuildProgram(prog, 1, &dev, "", NULL, NULL) != CL_SUCCESS) {
		char log[8192];
		clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
		fprintf(stderr, "stamps: build failed:\n%s\n", log);
		return 1;
	}
	cl_kernel k = clCreateKernel(prog, "stamp", &err);
	CHECK(err, "clCreateKernel stamp");
	cl_kernel mk = clCreateKernel(prog, "mark", &err);
	CHECK(err, "clCreateKernel mark");
	const size_t groups = 1u << 20;
	cl_mem buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 2 * groups * 3 * sizeof(cl_ulong), NULL, &err);
	CHECK(err, "clCreateBuffer");
	CHECK(clSetKernelArg(k, 0, sizeof buf, &buf), "clSetKernelArg");
	CHECK(clSetKernelArg(mk, 0, sizeof buf, &buf), "clSetKernelArg");
	rec3 *r = malloc(groups * sizeof *r);
	cl_ulong *raw = malloc(groups * 3 * sizeof *raw);
	fprintf(stderr, "stamps: %s, %u SMs, %zu groups a launch\n", dname, sms, groups);
	printf("work_group_size,every,groups,sms_seen,steady_ms,groups_per_us_per_sm,std_error,min_sm,median_sm,"
	       "max_sm,stamp_gap_ns,event_groups_per_us_per_sm,mark_groups_per_us_per_sm\n");
	static const unsigned sizes[] = { 32, 64, 128, 256, 512, 1024 }, everys[] = { 1, 16 };
	for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		size_t wg = sizes[i];
		if (wg > maxwg)
			continue;
		/* the stamp-free kernel: 2G groups less G, by events (launch cost cancels) */
		double t[2];
		for (int h = 0; h < 2; h++) {
			size_t global = (h + 1) * groups * wg;
			for (int rep = 0; rep < 3; rep++)
				t[h] = event_time(q, mk, global, wg);
		}
		double mark_rate = (double)groups / (t[1] - t[0]) * 1e-6 / sms;
		for (size_t e = 0; e < sizeof everys / sizeof everys[0]; e++) {
			cl_uint every = everys[e];
			CHECK(clSetKernelArg(k, 1, sizeof every, &every), "clSetKernelArg");
			size_t global = groups * wg;
			double secs = 0;
			for (int rep = 0; rep < 3; rep++) /* the last of three: warm */
				secs = event_time(q, k, global, wg);
			size_t n = groups / every;
			CHECK(clEnqueueReadBuffer(q, buf, CL_TRUE, 0, groups * 3 * sizeof *raw, raw, 0, NULL, NULL),
			      "read");
			for (size_t g = 0; g < n; g++) {
				size_t at = g * every;
				r[g] = (rec3){ raw[3 * at], raw[3 * at + 1], raw[3 * at + 2] };
			}
			analyse(r, n, (unsigned)wg, every, sms, secs, mark_rate);
			fflush(stdout);
		}
	}
	free(raw);
	free(r);
	return 0;
}
