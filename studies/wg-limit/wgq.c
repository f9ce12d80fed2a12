#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>
#include <string.h>
static const char *src =
"__kernel void copy(__global float *restrict a, __global const float *restrict b) { size_t i = get_global_id(0); a[i] = b[i]; }\n"
"__kernel void tiled(__global float *restrict c, __global const float *restrict a) { __local float t[32][32]; uint x = get_local_id(0), y = get_local_id(1); t[y][x] = a[get_global_id(1) * 4096 + get_global_id(0)]; barrier(CLK_LOCAL_MEM_FENCE); c[get_global_id(1) * 4096 + get_global_id(0)] = t[x][y]; }\n";
int main(void)
{
	cl_platform_id pl[8]; cl_uint np = 0;
	clGetPlatformIDs(8, pl, &np);
	for (cl_uint p = 0; p < np; p++) {
		char name[256]; clGetPlatformInfo(pl[p], CL_PLATFORM_NAME, sizeof name, name, NULL);
		if (!strstr(name, "NVIDIA")) continue;
		cl_device_id d; clGetDeviceIDs(pl[p], CL_DEVICE_TYPE_GPU, 1, &d, NULL);
		cl_context ctx = clCreateContext(NULL, 1, &d, NULL, NULL, NULL);
		const char *opts[] = { "", "-cl-nv-maxrregcount=32", "-cl-nv-maxrregcount=64", "-cl-nv-maxrregcount=128", "-cl-nv-verbose" };
		for (int o = 0; o < 5; o++) {
			cl_program pr = clCreateProgramWithSource(ctx, 1, &src, NULL, NULL);
			cl_int e = clBuildProgram(pr, 1, &d, opts[o], NULL, NULL);
			for (int k = 0; k < 2; k++) {
				cl_kernel kk = clCreateKernel(pr, k ? "tiled" : "copy", NULL);
				size_t wg = 0; cl_ulong lm = 0;
				clGetKernelWorkGroupInfo(kk, d, CL_KERNEL_WORK_GROUP_SIZE, sizeof wg, &wg, NULL);
				clGetKernelWorkGroupInfo(kk, d, CL_KERNEL_LOCAL_MEM_SIZE, sizeof lm, &lm, NULL);
				printf("opts '%s' build %d kernel %s: CL_KERNEL_WORK_GROUP_SIZE %zu, local %llu\n", opts[o], e, k ? "tiled" : "copy", wg, (unsigned long long)lm);
				clReleaseKernel(kk);
			}
			clReleaseProgram(pr);
		}
	}
	return 0;
}
