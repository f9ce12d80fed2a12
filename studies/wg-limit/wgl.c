#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
static const char *src =
"__kernel void copy(__global float *restrict a, __global const float *restrict b) { size_t i = get_global_id(0); a[i] = b[i] + 1.0f; }\n";
int main(void)
{
	cl_platform_id pl[8]; cl_uint np = 0;
	clGetPlatformIDs(8, pl, &np);
	for (cl_uint p = 0; p < np; p++) {
		char name[256]; clGetPlatformInfo(pl[p], CL_PLATFORM_NAME, sizeof name, name, NULL);
		if (!strstr(name, "NVIDIA")) continue;
		cl_device_id d; clGetDeviceIDs(pl[p], CL_DEVICE_TYPE_GPU, 1, &d, NULL);
		cl_context ctx = clCreateContext(NULL, 1, &d, NULL, NULL, NULL);
		cl_command_queue q = clCreateCommandQueueWithProperties(ctx, d, NULL, NULL);
		cl_program pr = clCreateProgramWithSource(ctx, 1, &src, NULL, NULL);
		clBuildProgram(pr, 1, &d, "-cl-nv-maxrregcount=32", NULL, NULL);
		cl_kernel k = clCreateKernel(pr, "copy", NULL);
		size_t n = 1 << 20;
		float *h = malloc(n * 4);
		for (size_t i = 0; i < n; i++) h[i] = (float)i;
		cl_mem a = clCreateBuffer(ctx, CL_MEM_READ_WRITE, n * 4, NULL, NULL), b = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, n * 4, h, NULL);
		clSetKernelArg(k, 0, sizeof a, &a); clSetKernelArg(k, 1, sizeof b, &b);
		size_t locals[] = { 256, 512, 1024 };
		for (int i = 0; i < 3; i++) {
			cl_int e = clEnqueueNDRangeKernel(q, k, 1, NULL, &n, &locals[i], 0, NULL, NULL);
			cl_int f = clFinish(q);
			memset(h, 0, n * 4);
			clEnqueueReadBuffer(q, a, CL_TRUE, 0, n * 4, h, 0, NULL, NULL);
			size_t bad = 0; for (size_t j = 0; j < n; j++) bad += h[j] != (float)j + 1.0f;
			printf("local %zu: enqueue %d finish %d, wrong outputs %zu\n", locals[i], e, f, bad);
			float z = 0; clEnqueueFillBuffer(q, a, &z, 4, 0, n * 4, 0, NULL, NULL); clFinish(q);
		}
	}
	return 0;
}
