/* probe.c: an independent reference for latmix's NDRange measurements (issue
 * 49). Standalone C and OpenCL, no latmix code. For each kernel of the nd
 * suite (cl/kernels/nd-*.cl, built as written) at each work-group size and
 * each occupancy that reserving local memory in a wrapper reaches, it times
 * the kernel at N and N/2 (median of repeats; the difference cancels launch
 * start and end) and counts, in the same launches, the most work-groups
 * resident at once on each CU (an atomic live counter per %smid on NVIDIA
 * with -DPROBE_NV, one device-wide counter elsewhere).
 *
 * Usage: probe KERNEL_DIR OUT.csv [--platform NAME] [--scale S] [--repeats R]
 *              [--smem-per-cu BYTES] [--only KERNEL] [--locals 32,64,...]
 *              [--as-function yes] [--reserves B,B,...]
 * --scale divides every N (a CPU run); --smem-per-cu is the local memory an
 * SM holds (default 233472, Hopper's 228 KiB), from which the reservations
 * aiming at each groups-per-CU level are computed: what was reached is
 * counted, never assumed. --as-function yes builds the suite kernel as a
 * plain function the wrapper calls (its __kernel taken off) instead of a
 * kernel calling a kernel. --reserves measures at the reservations given
 * (bytes a group, each that the device allows) instead of the levels': the
 * same residency with more or less of the SM's storage taken from L1. */
#include "probe.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The wrapper: counts the group in on entry and out after the suite kernel
 * returned and every work-item reached the barrier. */
static const char wrapper_fmt[] =
	"\n#ifdef PROBE_NV\n"
	"static inline uint probe_cu(void) { uint s; asm volatile(\"mov.u32 %%0, %%%%smid;\" : \"=r\"(s)); return s; }\n"
	"#else\n"
	"static inline uint probe_cu(void) { return 0; }\n"
	"#endif\n"
	"__kernel void probe_wrap(%s, __local uint *pad, __global uint *live, __global uint *peak)\n"
	"{\n"
	"\tconst bool first = get_local_id(0) == 0 && get_local_id(1) == 0;\n"
	"\tuint cu = 0;\n"
	"\tif (first) {\n"
	"\t\tcu = probe_cu() & (PROBE_CUS - 1);\n"
	"\t\tconst uint now = atomic_inc(&live[cu]) + 1;\n"
	"\t\tatomic_max(&peak[cu], now);\n"
	"\t\tpad[0] = now;\n"
	"\t}\n"
	"\t%s(%s);\n"
	"\tbarrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);\n"
	"\tif (first)\n"
	"\t\tatomic_dec(&live[cu]);\n"
	"}\n"
	"/* the same reservation, nothing counted: timed with --separate-count yes */\n"
	"__kernel void probe_bare(%s, __local uint *pad, __global uint *live, __global uint *peak)\n"
	"{\n"
	"\tif (get_local_id(0) == 0 && get_local_id(1) == 0)\n"
	"\t\tpad[0] = live == peak;\n"
	"\t%s(%s);\n"
	"}\n";

/* Builds the suite kernel's source with the wrapper after it. As written
 * first (a kernel calling a kernel); where the driver refuses that, again
 * with the suite kernel's __kernel qualifier taken off (mode 1). */
static cl_kernel build_wrapped(probe_ctx *p, const probe_kernel *k, const char *dir, int *mode)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/%s", dir, k->file);
	char *src = probe_slurp(path);
	if (!src)
		return NULL;
	size_t cap = strlen(src) + sizeof wrapper_fmt + 2048;
	char *text = malloc(cap);
	if (!text) {
		free(src);
		return NULL;
	}
	cl_kernel kern = NULL;
	for (*mode = p->as_function ? 1 : 0; *mode < 2 && !kern; (*mode)++) {
		int n = snprintf(text, cap, "%s", src);
		if (*mode == 1) {
			char *q = strstr(text, "__kernel void");
			if (!q)
				break;
			memcpy(q, "         void", 13);
		}
		snprintf(text + n, cap - (size_t)n, wrapper_fmt, k->params, k->fn, k->call, k->params, k->fn, k->call);
		kern = probe_build(p, text, "probe_wrap", k->file);
	}
	(*mode)--;
	free(text);
	free(src);
	return kern;
}

static int parse_locals(const char *s, size_t *v, int cap)
{
	int n = 0;
	while (*s && n < cap) {
		char *end;
		unsigned long x = strtoul(s, &end, 10);
		if (end == s || x < 32 || x > 1024 || (x & (x - 1)))
			return -1;
		v[n++] = x;
		s = *end == ',' ? end + 1 : end;
		if (*end && *end != ',')
			return -1;
	}
	return n;
}

/* A comma list of at most cap byte counts, each 16 to 1 MiB. */
static int parse_bytes(const char *s, size_t *v, int cap)
{
	int n = 0;
	while (*s && n < cap) {
		char *end;
		unsigned long x = strtoul(s, &end, 10);
		if (end == s || x < 16 || x > (1ul << 20) || (*end && *end != ','))
			return -1;
		v[n++] = x;
		s = *end == ',' ? end + 1 : end;
	}
	return *s ? -1 : n;
}

static int usage(void)
{
	fprintf(stderr, "usage: probe KERNEL_DIR OUT.csv [--platform NAME] [--scale S] [--repeats R] "
			"[--smem-per-cu BYTES] [--only KERNEL] [--locals 32,64,...] [--as-function yes] "
			"[--separate-count yes] [--set nd|babelstream|loops|spmv|fronts|tree] [--width W] [--reserves B,B,...] "
			"[--group-limit kernel|device]\n");
	return 2;
}

static int parse_options(int argc, char **argv, probe_opts *o)
{
	if (argc < 3)
		return usage();
	o->dir = argv[1];
	o->out = argv[2];
	for (int i = 3; i + 1 < argc; i += 2) {
		const char *k = argv[i], *v = argv[i + 1];
		char *end = NULL;
		if (!strcmp(k, "--platform"))
			o->platform = v;
		else if (!strcmp(k, "--as-function"))
			o->as_function = !strcmp(v, "yes");
		else if (!strcmp(k, "--separate-count"))
			o->separate_count = !strcmp(v, "yes");
		else if (!strcmp(k, "--set"))
			o->set = v;
		else if (!strcmp(k, "--group-limit") && (!strcmp(v, "device") || !strcmp(v, "kernel")))
			o->device_limit = !strcmp(v, "device");
		else if (!strcmp(k, "--only"))
			o->only = v;
		else if (!strcmp(k, "--scale"))
			o->scale = strtoul(v, &end, 10);
		else if (!strcmp(k, "--repeats"))
			o->repeats = (int)strtol(v, &end, 10);
		else if (!strcmp(k, "--width"))
			o->width = strtoul(v, &end, 10);
		else if (!strcmp(k, "--smem-per-cu"))
			o->smem_per_cu = strtoul(v, &end, 10);
		else if (!strcmp(k, "--reserves")) {
			if ((o->nreserves = parse_bytes(v, o->reserves, 16)) <= 0)
				return usage();
		} else if (!strcmp(k, "--locals")) {
			if ((o->nlocals = parse_locals(v, o->locals, 8)) <= 0)
				return usage();
		} else
			return usage();
		if (end && *end)
			return usage();
	}
	if ((argc - 3) % 2 || !o->scale || o->scale > 1024 || (o->scale & (o->scale - 1)) ||
	    o->repeats < 3 || o->repeats > 101 || o->smem_per_cu < 16384 || o->smem_per_cu > (1u << 24) ||
	    !o->width || o->width > 1024)
		return usage();
	return 0;
}

int main(int argc, char **argv)
{
	probe_opts o = { .scale = 1, .repeats = 7, .smem_per_cu = 233472, .width = 32,
			 .locals = { 32, 64, 128, 256, 512 }, .nlocals = 5 };
	if (parse_options(argc, argv, &o))
		return 2;
	probe_ctx p;
	if (probe_open(&p, o.platform))
		return 1;
	p.as_function = o.as_function;
	FILE *csv = fopen(o.out, "w");
	if (!csv) {
		perror(o.out);
		return 1;
	}
	fprintf(csv, "kernel,local_size,reserved_local_bytes,groups_per_sm_peak,warps_per_sm,seconds,"
		     "elements_per_s,bytes_per_s,groups_per_sm_min,cus_seen,seconds_n,seconds_half,spread\n");
	int failed = 0;
	const probe_kernel *set = probe_kernels;
	if (o.set && !strcmp(o.set, "babelstream"))
		set = probe_babelstream;
	else if (o.set && !strcmp(o.set, "loops"))
		set = probe_loops;
	else if (o.set && !strcmp(o.set, "spmv"))
		set = probe_spmv;
	else if (o.set && !strcmp(o.set, "fronts"))
		set = probe_fronts;
	else if (o.set && !strcmp(o.set, "tree"))
		set = probe_tree;
	else if (o.set && strcmp(o.set, "nd"))
		return usage();
	for (const probe_kernel *k = set; k->name; k++) {
		if (o.only && strcmp(o.only, k->name))
			continue;
		int mode;
		cl_kernel kern = build_wrapped(&p, k, o.dir, &mode);
		if (!kern) {
			failed++;
			continue;
		}
		size_t most = 0;
		cl_ulong priv = 0;
		clGetKernelWorkGroupInfo(kern, p.device, CL_KERNEL_WORK_GROUP_SIZE, sizeof most, &most, NULL);
		clGetKernelWorkGroupInfo(kern, p.device, CL_KERNEL_PRIVATE_MEM_SIZE, sizeof priv, &priv, NULL);
		fprintf(stderr, "%s: built (%s), work-groups up to %zu, %llu bytes private a work-item\n", k->name,
			mode ? "suite kernel as a function" : "kernel calls kernel", most, (unsigned long long)priv);
		failed += probe_measure_kernel(&p, &o, k, kern, csv) != 0;
		clReleaseKernel(kern);
	}
	fclose(csv);
	probe_close(&p);
	return failed ? 1 : 0;
}
