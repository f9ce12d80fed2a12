#include "device.h"
#include "kernels.h"
#include "csv.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Vendor queries, defined here where cl_ext.h lacks them. */
#ifndef CL_DEVICE_COMPUTE_CAPABILITY_MAJOR_NV
#define CL_DEVICE_COMPUTE_CAPABILITY_MAJOR_NV 0x4000
#define CL_DEVICE_COMPUTE_CAPABILITY_MINOR_NV 0x4001
#endif
#ifndef CL_PLATFORM_NOT_FOUND_KHR
#define CL_PLATFORM_NOT_FOUND_KHR -1001
#endif
#ifndef CL_DEVICE_WARP_SIZE_NV
#define CL_DEVICE_WARP_SIZE_NV 0x4003
#endif
#ifndef CL_DEVICE_WAVEFRONT_WIDTH_AMD
#define CL_DEVICE_WAVEFRONT_WIDTH_AMD 0x4043
#endif

static void get_string(cl_device_id d, cl_device_info what, char *buf, size_t size)
{
	if (clGetDeviceInfo(d, what, size, buf, NULL) != CL_SUCCESS)
		snprintf(buf, size, "unknown");
	buf[size - 1] = '\0';
	/* trim: some drivers pad names with blanks */
	size_t n = strlen(buf);
	while (n && isspace((unsigned char)buf[n - 1]))
		buf[--n] = '\0';
	size_t lead = strspn(buf, " \t");
	memmove(buf, buf + lead, n - lead + 1);
}

static cl_uint get_uint(cl_device_id d, cl_device_info what)
{
	cl_uint v = 0;
	if (clGetDeviceInfo(d, what, sizeof v, &v, NULL) != CL_SUCCESS)
		return 0;
	return v;
}

static cl_ulong get_ulong(cl_device_id d, cl_device_info what)
{
	cl_ulong v = 0;
	if (clGetDeviceInfo(d, what, sizeof v, &v, NULL) != CL_SUCCESS)
		return 0;
	return v;
}

static bool has_extension(cl_device_id d, const char *ext)
{
	size_t size = 0;
	if (clGetDeviceInfo(d, CL_DEVICE_EXTENSIONS, 0, NULL, &size) != CL_SUCCESS)
		return false;
	char *s = malloc(size + 1);
	if (!s || clGetDeviceInfo(d, CL_DEVICE_EXTENSIONS, size, s, NULL) != CL_SUCCESS) {
		free(s);
		return false;
	}
	s[size] = '\0';
	bool found = false;
	for (char *p = strstr(s, ext); p; p = strstr(p + 1, ext)) {
		char after = p[strlen(ext)];
		if ((p == s || p[-1] == ' ') && (after == ' ' || after == '\0')) {
			found = true;
			break;
		}
	}
	free(s);
	return found;
}

/* Preferred work-group size multiple of a trivial kernel: what the compiler
 * packs into one SIMD instruction on most devices. 0 if it cannot tell. */
static size_t probe_multiple(cl_device_id d)
{
	size_t multiple = 0;
	char *src = NULL;
	cl_int err;
	cl_context ctx = clCreateContext(NULL, 1, &d, NULL, NULL, &err);
	cl_program prog = NULL;
	cl_kernel k = NULL;
	if (err != CL_SUCCESS || lm_kernel_source(NULL, "probe.cl", &src, NULL) != LM_OK)
		goto done;
	const char *s = src;
	prog = clCreateProgramWithSource(ctx, 1, &s, NULL, &err);
	if (err != CL_SUCCESS || clBuildProgram(prog, 1, &d, "", NULL, NULL) != CL_SUCCESS)
		goto done;
	k = clCreateKernel(prog, "lm_probe", &err);
	if (err != CL_SUCCESS)
		goto done;
	if (clGetKernelWorkGroupInfo(k, d, CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE,
				     sizeof multiple, &multiple, NULL) != CL_SUCCESS)
		multiple = 0;
done:
	if (k)
		clReleaseKernel(k);
	if (prog)
		clReleaseProgram(prog);
	if (ctx)
		clReleaseContext(ctx);
	free(src);
	lm_error_clear();
	return multiple;
}

/* Resident warps and work-groups per SM by compute capability (CUDA C
 * Programming Guide, table of technical specifications). */
static bool nv_limits(int major, int minor, unsigned *warps, unsigned *groups)
{
	static const struct { int cc; unsigned warps, groups; } t[] = {
		{ 30, 64, 16 }, { 32, 64, 16 }, { 35, 64, 16 }, { 37, 64, 16 },
		{ 50, 64, 32 }, { 52, 64, 32 }, { 53, 64, 32 }, { 60, 64, 32 },
		{ 61, 64, 32 }, { 62, 64, 32 }, { 70, 64, 32 }, { 72, 64, 32 },
		{ 75, 32, 16 }, { 80, 64, 32 }, { 86, 48, 16 }, { 87, 48, 16 },
		{ 89, 48, 24 }, { 90, 64, 32 }, { 100, 64, 32 }, { 120, 48, 32 },
	};
	int cc = major * 10 + minor;
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
		if (t[i].cc == cc) {
			*warps = t[i].warps;
			*groups = t[i].groups;
			return true;
		}
	return false;
}

static void describe(lm_device *d, unsigned simd, unsigned max_warps)
{
	cl_device_id id = d->id;
	clGetPlatformInfo(d->platform, CL_PLATFORM_NAME, sizeof d->platform_name,
			  d->platform_name, NULL);
	d->platform_name[sizeof d->platform_name - 1] = '\0';
	get_string(id, CL_DEVICE_NAME, d->name, sizeof d->name);
	get_string(id, CL_DEVICE_VENDOR, d->vendor, sizeof d->vendor);
	get_string(id, CL_DRIVER_VERSION, d->driver, sizeof d->driver);
	get_string(id, CL_DEVICE_VERSION, d->version, sizeof d->version);
	get_string(id, CL_DEVICE_OPENCL_C_VERSION, d->c_version, sizeof d->c_version);
	clGetDeviceInfo(id, CL_DEVICE_TYPE, sizeof d->type, &d->type, NULL);
	d->compute_units = get_uint(id, CL_DEVICE_MAX_COMPUTE_UNITS);
	d->max_clock_mhz = get_uint(id, CL_DEVICE_MAX_CLOCK_FREQUENCY);
	clGetDeviceInfo(id, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof d->max_wg_size,
			&d->max_wg_size, NULL);
	d->global_mem = get_ulong(id, CL_DEVICE_GLOBAL_MEM_SIZE);
	d->max_alloc = get_ulong(id, CL_DEVICE_MAX_MEM_ALLOC_SIZE);
	d->local_mem = get_ulong(id, CL_DEVICE_LOCAL_MEM_SIZE);
	d->cache_size = get_ulong(id, CL_DEVICE_GLOBAL_MEM_CACHE_SIZE);
	d->cacheline = get_uint(id, CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE);
	clGetDeviceInfo(id, CL_DEVICE_PROFILING_TIMER_RESOLUTION,
			sizeof d->timer_resolution_ns, &d->timer_resolution_ns, NULL);

	bool nv = has_extension(id, "cl_nv_device_attribute_query");
	d->pci_domain = d->pci_bus = d->pci_device = d->pci_function = -1;
	if (nv) {
		d->nv_cc_major = (int)get_uint(id, CL_DEVICE_COMPUTE_CAPABILITY_MAJOR_NV);
		d->nv_cc_minor = (int)get_uint(id, CL_DEVICE_COMPUTE_CAPABILITY_MINOR_NV);
		d->vendor_kind = LM_VENDOR_NVIDIA;
		d->kclock = LM_KCLOCK_NV;
		snprintf(d->arch, sizeof d->arch, "sm_%d%d", d->nv_cc_major, d->nv_cc_minor);
	}
	/* llvmpipe (Mesa's software rasteriser, under rusticl) ends every
	 * loop of a work-item once all its loops together have run 65535
	 * iterations (gallivm's LP_MAX_TGSI_LOOP_ITERATIONS, meant for
	 * graphics shaders), silently */
	if (strncmp(d->name, "llvmpipe", 8) == 0)
		d->loop_limit = 65535;

	cl_uint w;
	if (simd) {
		d->simd_width = simd;
		snprintf(d->simd_source, sizeof d->simd_source, "--simd");
	} else if (nv && (w = get_uint(id, CL_DEVICE_WARP_SIZE_NV))) {
		d->simd_width = w;
		snprintf(d->simd_source, sizeof d->simd_source, "CL_DEVICE_WARP_SIZE_NV");
	} else if (has_extension(id, "cl_amd_device_attribute_query") &&
		   (w = get_uint(id, CL_DEVICE_WAVEFRONT_WIDTH_AMD))) {
		d->simd_width = w;
		snprintf(d->simd_source, sizeof d->simd_source, "CL_DEVICE_WAVEFRONT_WIDTH_AMD");
	} else {
		size_t m = probe_multiple(id);
		d->simd_width = m ? (unsigned)m : 1;
		snprintf(d->simd_source, sizeof d->simd_source, "%s",
			 m ? "preferred work-group multiple" : "none found: 1 assumed");
	}

	unsigned one_group = (unsigned)(d->max_wg_size / d->simd_width);
	if (one_group == 0)
		one_group = 1;
	if (nv && nv_limits(d->nv_cc_major, d->nv_cc_minor, &d->max_warps, &d->max_groups)) {
		snprintf(d->max_warps_source, sizeof d->max_warps_source,
			 "compute capability %d.%d", d->nv_cc_major, d->nv_cc_minor);
	} else if (d->type & CL_DEVICE_TYPE_CPU) {
		/* No hardware limit: a CPU core runs its work-items in turn. */
		d->max_warps = one_group < 16 ? one_group : 16;
		d->max_groups = d->max_warps;
		snprintf(d->max_warps_source, sizeof d->max_warps_source, "CPU: no limit; latmix sweeps %u",
			 d->max_warps);
	} else {
		d->max_warps = one_group;
		d->max_groups = 1;
		snprintf(d->max_warps_source, sizeof d->max_warps_source,
			 "unknown: one work-group assumed");
	}
	if (max_warps) {
		d->max_warps = max_warps;
		if (d->max_groups > max_warps)
			d->max_groups = max_warps;
		if (d->max_groups == 1 && max_warps > one_group)
			d->max_groups = (max_warps + one_group - 1) / one_group;
		snprintf(d->max_warps_source, sizeof d->max_warps_source, "--max-warps");
	}
}

lm_status lm_device_list(lm_device **out, size_t *n, unsigned simd, unsigned max_warps)
{
	cl_uint np = 0;
	cl_int err = clGetPlatformIDs(0, NULL, &np);
	if (err == CL_PLATFORM_NOT_FOUND_KHR || (err == CL_SUCCESS && np == 0))
		return lm_fail(LM_EDEVICE, "no OpenCL platform found: install an OpenCL driver "
			       "(pocl-opencl-icd for CPUs) and check /etc/OpenCL/vendors");
	if (err != CL_SUCCESS)
		return lm_fail_cl(err, "clGetPlatformIDs", NULL);
	cl_platform_id *plats = calloc(np, sizeof *plats);
	lm_device *devs = NULL;
	size_t count = 0, cap = 0;
	lm_status s = LM_OK;
	if (!plats) {
		s = lm_fail(LM_ENOMEM, "out of memory");
		goto fail;
	}
	if ((err = clGetPlatformIDs(np, plats, NULL)) != CL_SUCCESS) {
		s = lm_fail_cl(err, "clGetPlatformIDs", NULL);
		goto fail;
	}
	for (cl_uint p = 0; p < np; p++) {
		cl_uint nd = 0;
		if (clGetDeviceIDs(plats[p], CL_DEVICE_TYPE_ALL, 0, NULL, &nd) != CL_SUCCESS || !nd)
			continue;
		cl_device_id ids[64];
		if (nd > 64)
			nd = 64;
		if (clGetDeviceIDs(plats[p], CL_DEVICE_TYPE_ALL, nd, ids, NULL) != CL_SUCCESS)
			continue;
		for (cl_uint i = 0; i < nd; i++) {
			if (count == cap) {
				cap = cap ? 2 * cap : 8;
				lm_device *nb = realloc(devs, cap * sizeof *devs);
				if (!nb) {
					s = lm_fail(LM_ENOMEM, "out of memory");
					goto fail;
				}
				devs = nb;
			}
			lm_device *d = &devs[count++];
			memset(d, 0, sizeof *d);
			d->platform = plats[p];
			d->id = ids[i];
			d->platform_index = (int)p;
			d->device_index = (int)i;
			describe(d, simd, max_warps);
		}
	}
	if (!count) {
		s = lm_fail(LM_EDEVICE, "no OpenCL device found on %u platform(s)", np);
		goto fail;
	}
	free(plats);
	*out = devs;
	*n = count;
	return LM_OK;
fail:
	free(plats);
	free(devs);
	return s;
}

static bool contains(const char *hay, const char *needle)
{
	size_t n = strlen(needle);
	for (; *hay; hay++)
		if (strncasecmp(hay, needle, n) == 0)
			return true;
	return false;
}

lm_status lm_device_select(const char *spec, unsigned simd, unsigned max_warps,
			   lm_device *out)
{
	lm_device *devs;
	size_t n;
	lm_status s = lm_device_list(&devs, &n, simd, max_warps);
	if (s != LM_OK)
		return s;
	const lm_device *pick = NULL;
	int pi, di, used = 0;
	if (!spec || !*spec) {
		for (size_t i = 0; i < n && !pick; i++)
			if (devs[i].type & CL_DEVICE_TYPE_GPU)
				pick = &devs[i];
		if (!pick)
			pick = &devs[0];
	} else if (sscanf(spec, "%d:%d%n", &pi, &di, &used) == 2 && !spec[used]) {
		for (size_t i = 0; i < n && !pick; i++)
			if (devs[i].platform_index == pi && devs[i].device_index == di)
				pick = &devs[i];
	} else {
		for (size_t i = 0; i < n && !pick; i++)
			if (contains(devs[i].name, spec))
				pick = &devs[i];
		for (size_t i = 0; i < n && !pick; i++)
			if (contains(devs[i].vendor, spec) || contains(devs[i].platform_name, spec))
				pick = &devs[i];
	}
	if (pick)
		*out = *pick;
	else
		s = lm_fail(LM_EUSAGE, "device '%s': no such device (see 'latmix devices')", spec);
	free(devs);
	return s;
}

const char *lm_device_type_name(cl_device_type t)
{
	if (t & CL_DEVICE_TYPE_GPU) return "GPU";
	if (t & CL_DEVICE_TYPE_CPU) return "CPU";
	if (t & CL_DEVICE_TYPE_ACCELERATOR) return "ACCELERATOR";
	return "OTHER";
}

void lm_device_slug(const lm_device *d, char *buf, size_t size)
{
	size_t k = 0;
	bool dash = false;
	for (const char *c = d->name; *c && k + 1 < size; c++) {
		if (isalnum((unsigned char)*c)) {
			if (dash && k)
				buf[k++] = '-';
			dash = false;
			if (k + 1 < size)
				buf[k++] = (char)tolower((unsigned char)*c);
		} else {
			dash = true;
		}
	}
	buf[k] = '\0';
	if (!k)
		snprintf(buf, size, "device");
}

static double mib(unsigned long long b)
{
	return (double)b / (1024.0 * 1024.0);
}

void lm_device_print(FILE *f, const lm_device *d)
{
	fprintf(f, "%d:%d  %s\n", d->platform_index, d->device_index, d->name);
	fprintf(f, "  platform          %s\n", d->platform_name);
	fprintf(f, "  vendor            %s\n", d->vendor);
	fprintf(f, "  type              %s\n", lm_device_type_name(d->type));
	fprintf(f, "  driver            %s\n", d->driver);
	fprintf(f, "  OpenCL            %s; %s\n", d->version, d->c_version);
	if (d->nv_cc_major)
		fprintf(f, "  compute capability %d.%d\n", d->nv_cc_major, d->nv_cc_minor);
	fprintf(f, "  compute units     %u\n", d->compute_units);
	fprintf(f, "  max clock         %u MHz (reported maximum, not measured)\n", d->max_clock_mhz);
	fprintf(f, "  SIMD width        %u (%s)\n", d->simd_width, d->simd_source);
	fprintf(f, "  resident warps/CU %u, work-groups/CU %u (%s)\n", d->max_warps,
		d->max_groups, d->max_warps_source);
	fprintf(f, "  max work-group    %zu work-items\n", d->max_wg_size);
	fprintf(f, "  global memory     %.0f MiB, largest allocation %.0f MiB\n",
		mib(d->global_mem), mib(d->max_alloc));
	fprintf(f, "  local memory      %.0f KiB\n", (double)d->local_mem / 1024.0);
	fprintf(f, "  global cache      %.0f KiB, line %u B\n", (double)d->cache_size / 1024.0,
		d->cacheline);
	fprintf(f, "  timer resolution  %zu ns\n", d->timer_resolution_ns);
}

void lm_device_csv_header(FILE *f)
{
	fputs("index,name,vendor,platform,type,driver,opencl_version,opencl_c_version,"
	      "compute_units,max_clock_mhz,simd_width,simd_source,max_warps_per_cu,"
	      "max_groups_per_cu,max_warps_source,max_work_group_size,global_mem_bytes,"
	      "max_alloc_bytes,local_mem_bytes,cache_bytes,cacheline_bytes,timer_resolution_ns\n", f);
}

void lm_device_csv_row(FILE *f, const lm_device *d)
{
	fprintf(f, "%d:%d,", d->platform_index, d->device_index);
	const char *strs[] = { d->name, d->vendor, d->platform_name,
			       lm_device_type_name(d->type), d->driver, d->version,
			       d->c_version };
	for (size_t i = 0; i < sizeof strs / sizeof strs[0]; i++) {
		lm_csv_field(f, strs[i]);
		fputc(',', f);
	}
	fprintf(f, "%u,%u,%u,", d->compute_units, d->max_clock_mhz, d->simd_width);
	lm_csv_field(f, d->simd_source);
	fprintf(f, ",%u,%u,", d->max_warps, d->max_groups);
	lm_csv_field(f, d->max_warps_source);
	fprintf(f, ",%zu,%llu,%llu,%llu,%llu,%u,%zu\n", d->max_wg_size, d->global_mem,
		d->max_alloc, d->local_mem, d->cache_size, d->cacheline,
		d->timer_resolution_ns);
}
