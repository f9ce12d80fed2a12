/* tree: where a reduction's warps wait, by work-group size (issue 50, 2026-11-30). A dot
 * product's work-item as written (nd-dot: 8 coalesced loads, the sum into local memory, a
 * barrier, then the group's tree of halvings, a barrier a turn), each warp's first lane
 * reading %globaltimer at its start, after its loads, after the first barrier and at its
 * end; beside it the same loads with no tree (tree 0), and since lease 6 the tree's two
 * parts apart: its barriers alone, a barrier a turn with no local access (tree 2), and its
 * local accesses alone, no barrier after the first (tree 3; its sums are not a reduction's,
 * its times are). Local memory through a volatile pointer in all three (lease 4's tree 1
 * read it plainly). Groups of 128 to 1024 work-items at as many groups as an SM holds and
 * held to 4 by local memory. Standalone, as ends.c:
 * cc -O2 -o tree tree.c -lOpenCL -lm; ./tree. One line a case: tree or not, work-items,
 * groups a SM, work-items a second (events), and per warp in ns: its loads, its wait at the
 * first barrier, the tree, its wait once ended for its group's last; the group's life. */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *src =
	"static inline ulong ns(void) { ulong t; asm volatile(\"mov.u64 %0, %%globaltimer;\" : \"=l\"(t) :: \"memory\"); return t; }\n"
	"__kernel void tree(__global const float *x, uint mask, __global float *y, __global ulong *t, __local float *part)\n"
	"{\n"
	"	const ulong t0 = ns();\n"
	"	const size_t l = get_local_id(0), w = get_local_size(0), at = get_group_id(0) * 8 * w + l;\n"
	"	float s = 0.0f;\n"
	"	for (uint k = 0; k < 8; k++)\n"
	"		s += x[(at + k * w) & mask];\n"
	"	const ulong t1 = ns();\n"
	"	ulong t2 = t1;\n"
	"#if TREE\n"
	"	volatile __local float *v = part;\n"
	"	v[l] = s;\n"
	"	barrier(CLK_LOCAL_MEM_FENCE);\n"
	"	t2 = ns();\n"
	"	for (size_t o = w / 2; o > 0; o /= 2) {\n"
	"#if TREE != 2\n"
	"		if (l < o)\n"
	"			v[l] += v[l + o];\n"
	"#endif\n"
	"#if TREE != 3\n"
	"		barrier(CLK_LOCAL_MEM_FENCE);\n"
	"#endif\n"
	"	}\n"
	"	if (l == 0)\n"
	"		y[get_group_id(0) & mask] = v[0];\n"
	"#else\n"
	"	if (s != 8.0f) y[0] = s;\n"
	"#endif\n"
	"	const ulong t3 = ns();\n"
	"	if (l % 32 == 0) { __global ulong *r = t + 4 * (get_global_id(0) / 32); r[0] = t0; r[1] = t1; r[2] = t2; r[3] = t3; }\n"
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
	const unsigned sizes[] = { 128, 256, 512, 1024 };
	printf("tree,work_items,groups_per_sm,work_items_per_s,loads_ns,barrier_wait_ns,tree_ns,end_wait_ns,"
	       "group_life_ns\n");
	for (int tree = 0; tree < 4; tree++) {
		char opts[128];
		snprintf(opts, sizeof opts, "-DTREE=%d -cl-nv-maxrregcount=32", tree);
		cl_program pr = clCreateProgramWithSource(ctx, 1, &src, NULL, NULL);
		if (clBuildProgram(pr, 1, &d, opts, NULL, NULL) != CL_SUCCESS) {
			char log[8192] = "";
			clGetProgramBuildInfo(pr, d, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
			fprintf(stderr, "build %s: %s\n", opts, log);
			return 1;
		}
		cl_kernel k = clCreateKernel(pr, "tree", NULL);
		for (int si = 0; si < 4; si++)
			for (int held = 0; held < 2; held++) {
				unsigned wg = sizes[si], per = wg / 32, top = 64 / per < 32 ? 64 / per : 32;
				unsigned level = held ? 4 : top;
				if (held && top <= 4)
					continue;
				size_t hold = held ? 45 * 1024 : wg * 4, groups = (size_t)level * cus * WAVES;
				size_t local = wg, global = groups * wg, warps = global / 32, bytes = 4 * warps * 8;
				cl_mem t = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes, NULL, NULL);
				cl_uint mask = WORDS - 1;
				clSetKernelArg(k, 0, sizeof x, &x);
				clSetKernelArg(k, 1, sizeof mask, &mask);
				clSetKernelArg(k, 2, sizeof y, &y);
				clSetKernelArg(k, 3, sizeof t, &t);
				clSetKernelArg(k, 4, hold, NULL);
				cl_ulong *h = malloc(bytes);
				double ph[4] = { 0 }, life = 0, secs = 0;
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
						const cl_ulong *w = h + 4 * g * per;
						cl_ulong first = w[0], last = w[3];
						for (unsigned i = 0; i < per; i++) {
							first = w[4 * i] < first ? w[4 * i] : first;
							last = w[4 * i + 3] > last ? w[4 * i + 3] : last;
						}
						for (unsigned i = 0; i < per; i++) {
							const cl_ulong *v = w + 4 * i;
							ph[0] += (double)(v[1] - v[0]);
							ph[1] += (double)(v[2] - v[1]);
							ph[2] += (double)(v[3] - v[2]);
							ph[3] += (double)(last - v[3]);
						}
						life += (double)(last - first);
					}
				}
				double n = 3.0 * (double)warps;
				printf("%d,%u,%u,%.4g,%.1f,%.1f,%.1f,%.1f,%.1f\n", tree, wg, level, 3.0 * (double)global / secs,
				       ph[0] / n, ph[1] / n, ph[2] / n, ph[3] / n, life / (3.0 * (double)groups));
				fflush(stdout);
				free(h);
				clReleaseMemObject(t);
			}
		clReleaseKernel(k);
		clReleaseProgram(pr);
	}
	return 0;
}
