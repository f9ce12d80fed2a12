/* probe_cl.c: the probe's OpenCL plumbing: a device picked by its platform's
 * name, a profiling queue, a kernel built from text. */
#include "probe.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int probe_open(probe_ctx *p, const char *want)
{
	memset(p, 0, sizeof *p);
	cl_platform_id ids[16];
	cl_uint n = 0;
	if (clGetPlatformIDs(16, ids, &n) != CL_SUCCESS)
		n = 0;
	for (cl_uint i = 0; i < n && i < 16 && !p->device; i++) {
		char name[256] = "";
		clGetPlatformInfo(ids[i], CL_PLATFORM_NAME, sizeof name - 1, name, NULL);
		if (want && !strstr(name, want))
			continue;
		if (clGetDeviceIDs(ids[i], CL_DEVICE_TYPE_ALL, 1, &p->device, NULL) != CL_SUCCESS) {
			p->device = NULL;
			continue;
		}
		p->platform = ids[i];
		p->nvidia = strstr(name, "NVIDIA") != NULL;
	}
	if (!p->device) {
		fprintf(stderr, "probe: no OpenCL device%s%s\n", want ? " on a platform named " : "", want ? want : "");
		return 1;
	}
	char dev[256] = "", drv[64] = "";
	cl_ulong local = 0;
	clGetDeviceInfo(p->device, CL_DEVICE_NAME, sizeof dev - 1, dev, NULL);
	clGetDeviceInfo(p->device, CL_DRIVER_VERSION, sizeof drv - 1, drv, NULL);
	clGetDeviceInfo(p->device, CL_DEVICE_LOCAL_MEM_SIZE, sizeof local, &local, NULL);
	clGetDeviceInfo(p->device, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof p->cus, &p->cus, NULL);
	p->max_local = (size_t)local;
	fprintf(stderr, "device: %s, driver %s, %u CUs, %zu bytes of local memory a group, CU ids %s\n", dev, drv,
		p->cus, p->max_local, p->nvidia ? "from %smid" : "not read: one device-wide count");
	cl_int e;
	p->ctx = clCreateContext(NULL, 1, &p->device, NULL, NULL, &e);
	if (e == CL_SUCCESS)
		p->queue = clCreateCommandQueue(p->ctx, p->device, CL_QUEUE_PROFILING_ENABLE, &e);
	if (e != CL_SUCCESS) {
		fprintf(stderr, "probe: context or queue: OpenCL error %d\n", e);
		return 1;
	}
	return 0;
}

void probe_close(probe_ctx *p)
{
	if (p->queue)
		clReleaseCommandQueue(p->queue);
	if (p->ctx)
		clReleaseContext(p->ctx);
}

char *probe_slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		perror(path);
		return NULL;
	}
	char *text = NULL;
	long n = fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
	if (n > 0 && n < (1 << 20) && fseek(f, 0, SEEK_SET) == 0 && (text = calloc((size_t)n + 1, 1)) &&
	    fread(text, 1, (size_t)n, f) != (size_t)n) {
		free(text);
		text = NULL;
	}
	fclose(f);
	if (!text)
		fprintf(stderr, "%s: unreadable\n", path);
	return text;
}

/* Where PROBE_BINARY_DIR is set: the program's binary (NVIDIA: its PTX) as
 * DIR/WHAT.ptx, to read the machine code the driver built of what was timed. */
static void save_binary(cl_program prog, const char *what)
{
	const char *dir = getenv("PROBE_BINARY_DIR");
	size_t size = 0;
	if (!dir || clGetProgramInfo(prog, CL_PROGRAM_BINARY_SIZES, sizeof size, &size, NULL) != CL_SUCCESS || !size)
		return;
	unsigned char *bin = malloc(size);
	char path[1024];
	snprintf(path, sizeof path, "%s/%s.ptx", dir, what);
	FILE *f = bin && clGetProgramInfo(prog, CL_PROGRAM_BINARIES, sizeof bin, &bin, NULL) == CL_SUCCESS
			  ? fopen(path, "wb") : NULL;
	if (f) {
		fwrite(bin, 1, size, f);
		fclose(f);
	}
	free(bin);
}

cl_kernel probe_build(probe_ctx *p, const char *text, const char *fn, const char *what)
{
	cl_int e;
	cl_program prog = clCreateProgramWithSource(p->ctx, 1, &text, NULL, &e);
	if (e != CL_SUCCESS)
		return NULL;
	char opts[128];
	snprintf(opts, sizeof opts, "-cl-std=CL1.2 -DPROBE_CUS=%d%s", PROBE_CUS, p->nvidia ? " -DPROBE_NV -cl-nv-verbose" : "");
	if (clBuildProgram(prog, 1, &p->device, opts, NULL, NULL) != CL_SUCCESS) {
		char log[4096] = "";
		clGetProgramBuildInfo(prog, p->device, CL_PROGRAM_BUILD_LOG, sizeof log - 1, log, NULL);
		fprintf(stderr, "%s: build failed:\n%s\n", what, log);
		clReleaseProgram(prog);
		return NULL;
	}
	char log[4096] = "";
	clGetProgramBuildInfo(prog, p->device, CL_PROGRAM_BUILD_LOG, sizeof log - 1, log, NULL);
	for (char *line = strtok(log, "\n"); line; line = strtok(NULL, "\n"))
		if (strstr(line, "registers") || strstr(line, "spill"))
			fprintf(stderr, "%s: %s\n", what, line);
	save_binary(prog, what);
	cl_kernel k = clCreateKernel(prog, fn, &e);
	clReleaseProgram(prog);
	if (e != CL_SUCCESS)
		fprintf(stderr, "%s: clCreateKernel: OpenCL error %d\n", what, e);
	return e == CL_SUCCESS ? k : NULL;
}
