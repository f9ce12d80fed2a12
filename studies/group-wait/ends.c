/* ends: what a work-group's warps wait for its last, in nanoseconds and as a share of a
 * warp's time, for kernels as written of 1 to 8 coalesced loads a work-item (with or without
 * a store of their sum), in groups of 128 to 1024 work-items, at as many groups as an SM
 * holds and held to 4 by local memory. Each warp's first lane reads %globaltimer at its
 * start and after its loads (as latmix's written-read ends kernel does, cl/dispatch.cl).
 * Standalone: cc -O2 -o ends ends.c -lOpenCL -lm; ./ends (NVIDIA's platform, device 0).
 * Prints one line a case: loads, store, work-items, groups a CU asked, the launch's
 * work-items a second (events), and per warp: busy ns, wait ns (its group's last end less its
 * own), wait share (wait over busy, summed), start spread ns (its start less its group's
 * first start), group life ns (first start to last end). */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *src =
	"static inline ulong ns(void) { ulong t; asm volatile(\"mov.u64 %0, %%globaltimer;\" : \"=l\"(t) :: \"memory\"); return t; }\n"
	"__kernel void ends(__global const float *x, uint mask, __global float *y, __global ulong *t, __local float *hold)\n"
	"{\n"
	"	const ulong t0 = ns();\n"
	"	const size_t l = get_local_id(0), w = get_local_size(0), at = get_group_id(0) * LOADS * w + l;\n"
	"	float s = 0.0f;\n"
	"	for (uint k = 0; k < LOADS; k++)\n"
	"		s += x[(at + k * w) & mask];\n"
	"#if STORE\n"
	"	y[at & mask] = s;\n"
	"#else\n"
	"	if (s != (float)LOADS) y[0] = s;\n"
	"#endif\n"
	"	const ulong t1 = ns();\n"
	"	if (l % 32 == 0) { size_t v = get_global_id(0) / 32; t[2 * v] = t0; t[2 * v + 1] = t1; }\n"
	"	(void)hold;\n"
	"}\n";

#define WORDS (1u << 28)
#define WAVES 512 /* groups a CU holds, launched this many times over */

int main(void)
{
	cl_platform_id pl[8];
	cl_uint np = 0;
	clGetPlatformIDs(8, pl, &np);
	cl_device_id d = NULL;
	for (cl_uint p = 0; p < np && !d; p++) {
		char name[256];
		clGetPlatformInfo(pl[p], CL_PLATFORM_NAME, sizeof name, name, NULL);
		if (strstr(name, "NVIDIA"))
			clGetDeviceIDs(pl[p], CL_DEVICE_TYPE_GPU, 1, &d, NULL);
	}
	if (!d) {
		fprintf(stderr, "no NVIDIA device\n");
		return 1;
	}
	cl_uint cus;
	clGetDeviceInfo(d, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof cus, &cus, NULL);
	cl_context ctx = clCreateContext(NULL, 1, &d, NULL, NULL, NULL);
	cl_queue_properties qp[] = { CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0 };
	cl_command_queue q = clCreateCommandQueueWithProperties(ctx, d, qp, NULL);
	cl_mem x = clCreateBuffer(ctx, CL_MEM_READ_WRITE, (size_t)WORDS * 4, NULL, NULL);
	cl_mem y = clCreateBuffer(ctx, CL_MEM_READ_WRITE, (size_t)WORDS * 4, NULL, NULL);
	const float one = 1.0f;
	clEnqueueFillBuffer(q, x, &one, 4, 0, (size_t)WORDS * 4, 0, NULL, NULL);
	clFinish(q);
	const unsigned loads[] = { 1, 2, 4, 8 }, sizes[] = { 128, 256, 512, 1024 };
	printf("loads,store,work_items,groups_per_sm,work_items_per_s,busy_ns,wait_ns,wait_share,start_spread_ns,"
	       "group_life_ns\n");
	for (int li = 0; li < 4; li++)
		for (int store = 0; store < 2; store++) {
			if (store && loads[li] != 1 && loads[li] != 2)
				continue;
			char opts[128];
			snprintf(opts, sizeof opts, "-DLOADS=%u -DSTORE=%d -cl-nv-maxrregcount=32", loads[li], store);
			cl_program pr = clCreateProgramWithSource(ctx, 1, &src, NULL, NULL);
			if (clBuildProgram(pr, 1, &d, opts, NULL, NULL) != CL_SUCCESS) {
				char log[8192] = "";
				clGetProgramBuildInfo(pr, d, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
				fprintf(stderr, "build %s: %s\n", opts, log);
				return 1;
			}
			cl_kernel k = clCreateKernel(pr, "ends", NULL);
			for (int si = 0; si < 4; si++)
				for (int held = 0; held < 2; held++) {
					unsigned wg = sizes[si], per = wg / 32, top = 64 / per < 32 ? 64 / per : 32;
					unsigned level = held ? 4 : top;
					if (held && top <= 4)
						continue;
					size_t hold = held ? 45 * 1024 : 4, groups = (size_t)level * cus * WAVES;
					size_t local = wg, global = groups * wg, warps = global / 32, bytes = 2 * warps * 8;
					cl_mem t = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes, NULL, NULL);
					cl_uint mask = WORDS - 1;
					clSetKernelArg(k, 0, sizeof x, &x);
					clSetKernelArg(k, 1, sizeof mask, &mask);
					clSetKernelArg(k, 2, sizeof y, &y);
					clSetKernelArg(k, 3, sizeof t, &t);
					clSetKernelArg(k, 4, hold, NULL);
					cl_ulong *h = malloc(bytes);
					double busy = 0, wait = 0, spread = 0, life = 0, secs = 0;
					for (int r = 0; r < 4; r++) {
						cl_event ev;
						if (clEnqueueNDRangeKernel(q, k, 1, NULL, &global, &local, 0, NULL, &ev) != CL_SUCCESS) {
							fprintf(stderr, "launch failed: %u work-items\n", wg);
							return 1;
						}
						clEnqueueReadBuffer(q, t, CL_TRUE, 0, bytes, h, 0, NULL, NULL);
						cl_ulong a, b;
						clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof a, &a, NULL);
						clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof b, &b, NULL);
						clReleaseEvent(ev);
						if (r == 0)
							continue; /* warm */
						secs += (double)(b - a) * 1e-9;
						for (size_t g = 0; g < groups; g++) {
							const cl_ulong *w = h + 2 * g * per;
							cl_ulong first = w[0], last = w[1];
							for (unsigned i = 0; i < per; i++) {
								first = w[2 * i] < first ? w[2 * i] : first;
								last = w[2 * i + 1] > last ? w[2 * i + 1] : last;
							}
							for (unsigned i = 0; i < per; i++) {
								busy += (double)(w[2 * i + 1] - w[2 * i]);
								wait += (double)(last - w[2 * i + 1]);
								spread += (double)(w[2 * i] - first);
							}
							life += (double)(last - first);
						}
					}
					double n = 3.0 * (double)warps;
					printf("%u,%d,%u,%u,%.4g,%.1f,%.1f,%.4f,%.1f,%.1f\n", loads[li], store, wg, level,
					       3.0 * (double)global / secs, busy / n, wait / n, wait / busy,
					       spread / n, life / (3.0 * (double)groups));
					fflush(stdout);
					free(h);
					clReleaseMemObject(t);
				}
			clReleaseKernel(k);
			clReleaseProgram(pr);
		}
	return 0;
}
