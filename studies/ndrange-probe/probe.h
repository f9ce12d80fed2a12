/* probe.h: the ndrange probe's pieces (standalone; no latmix code): the
 * kernels it knows, the OpenCL context, the measurement of one kernel. */
#ifndef PROBE_H
#define PROBE_H
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdbool.h>
#include <stdio.h>

#define PROBE_CUS 4096 /* counters, one a CU id (a power of two) */

/* What a buffer starts as */
enum probe_fill { FILL_ONE, FILL_ZERO, FILL_STEP16, FILL_BELOW_N, FILL_BELOW_64N };

/* A buffer of per_n * N + fixed elements of 4 bytes. */
typedef struct {
	double per_n;
	size_t fixed;
	enum probe_fill fill;
} probe_buf;

/* A kernel argument: buffer b, N itself (a uint), a constant uint or float,
 * or local memory of one float a work-item. */
enum probe_arg { ARG_BUF, ARG_N, ARG_UINT, ARG_FLOAT, ARG_LOCAL };
typedef struct {
	enum probe_arg kind;
	int buf;
	cl_uint u;
	float f;
} probe_argspec;

typedef struct {
	const char *name, *file, *fn;
	const char *params, *call; /* the wrapper's parameters and its call */
	size_t n;                  /* N, as in the .ini */
	cl_uint dims;
	size_t width;  /* 2D: the global size in x (N the rows); 1D: N / width work-items */
	double elements_per_n, bytes_per_n; /* as the .ini counts them */
	probe_buf bufs[6];
	int nbufs;
	probe_argspec args[8];
	int nargs;
} probe_kernel;

extern const probe_kernel probe_kernels[];
/* BabelStream's five kernels as BabelStream writes them (babelstream.cl):
 * a held-out set for latmix predict */
extern const probe_kernel probe_babelstream[];
/* kernels with a loop or a window inside as people write them (loops.cl) */
extern const probe_kernel probe_loops[];
/* nd-spmv taken apart: x in DRAM, no gather (spmv.cl; studies/spmv-l1) */
extern const probe_kernel probe_spmv[];
/* eight loads a work-item from eight fronts, one or two (fronts.cl) */
extern const probe_kernel probe_fronts[];
/* a reduction's tree alone, sixteen times a group, and its barriers alone (tree.cl) */
extern const probe_kernel probe_tree[];

typedef struct {
	cl_platform_id platform;
	cl_device_id device;
	cl_context ctx;
	cl_command_queue queue;
	bool nvidia;
	size_t max_local; /* bytes a work-group may have */
	cl_uint cus;
	bool as_function; /* build the suite kernel as a plain function */
} probe_ctx;

typedef struct {
	const char *dir, *out, *platform, *only;
	unsigned long scale, smem_per_cu;
	unsigned long width; /* a 2D kernel's groups: width x (local / width); default 32 */
	int repeats;
	size_t locals[8];
	int nlocals;
	size_t reserves[16]; /* --reserves: these bytes of local memory a group, not the levels' */
	int nreserves;
	bool as_function;
	bool separate_count; /* time launches that count nothing; count in one more */
	const char *set;     /* "nd" (default), "babelstream" or "loops" */
	bool device_limit;   /* --group-limit device: groups up to the device's largest, not the
			      * kernel's CL_KERNEL_WORK_GROUP_SIZE (NVIDIA's says 256 for every
			      * kernel and runs 1024: ../wg-limit/) */
} probe_opts;

int probe_open(probe_ctx *p, const char *platform);
void probe_close(probe_ctx *p);
char *probe_slurp(const char *path);
cl_kernel probe_build(probe_ctx *p, const char *text, const char *fn, const char *what);
int probe_measure_kernel(probe_ctx *p, const probe_opts *o, const probe_kernel *k, cl_kernel kern, FILE *csv);

#endif
