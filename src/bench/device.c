#include "bench/device.h"
#include "bench/kernels.h"
#include "base/csv.h"
#include "bench/vendor.h"
#include "base/text.h"

#include <CL/cl_ext.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Vendor queries, defined here where cl_ext.h lacks them. */
#ifndef CL_DEVICE_COMPUTE_CAPABILITY_MAJOR_NV
#define CL_DEVICE_COMPUTE_CAPABILITY_MAJOR_NV 0x4000
#define CL_DEVICE_COMPUTE_CAPABILITY_MINOR_NV 0x4001
#endif
#ifndef CL_DEVICE_WARP_SIZE_NV
#define CL_DEVICE_WARP_SIZE_NV 0x4003
#endif
/* not in any Khronos header; clinfo's and hwloc's values */
#ifndef CL_DEVICE_PCI_BUS_ID_NV
#define CL_DEVICE_PCI_BUS_ID_NV 0x4008
#define CL_DEVICE_PCI_SLOT_ID_NV 0x4009
#define CL_DEVICE_PCI_DOMAIN_ID_NV 0x400A
#endif
#ifndef CL_PLATFORM_NOT_FOUND_KHR
#define CL_PLATFORM_NOT_FOUND_KHR -1001
#endif
#ifndef CL_DEVICE_TOPOLOGY_AMD
#define CL_DEVICE_TOPOLOGY_AMD 0x4037
#define CL_DEVICE_BOARD_NAME_AMD 0x4038
#endif
#ifndef CL_DEVICE_SIMD_PER_COMPUTE_UNIT_AMD
#define CL_DEVICE_SIMD_PER_COMPUTE_UNIT_AMD 0x4040
#endif
#ifndef CL_DEVICE_WAVEFRONT_WIDTH_AMD
#define CL_DEVICE_WAVEFRONT_WIDTH_AMD 0x4043
#endif
#ifndef CL_DEVICE_GFXIP_MAJOR_AMD
#define CL_DEVICE_GFXIP_MAJOR_AMD 0x404A
#define CL_DEVICE_GFXIP_MINOR_AMD 0x404B
#endif
#ifndef CL_DEVICE_IP_VERSION_INTEL
#define CL_DEVICE_IP_VERSION_INTEL 0x4250
#define CL_DEVICE_ID_INTEL 0x4251
#define CL_DEVICE_NUM_SLICES_INTEL 0x4252
#define CL_DEVICE_NUM_SUB_SLICES_PER_SLICE_INTEL 0x4253
#define CL_DEVICE_NUM_EUS_PER_SUB_SLICE_INTEL 0x4254
#define CL_DEVICE_NUM_THREADS_PER_EU_INTEL 0x4255
#endif
#ifndef CL_DEVICE_SUB_GROUP_SIZES_INTEL
#define CL_DEVICE_SUB_GROUP_SIZES_INTEL 0x4108
#endif
#ifndef CL_DEVICE_PCI_BUS_INFO_KHR
#define CL_DEVICE_PCI_BUS_INFO_KHR 0x410F
#endif

/* cl_device_pci_bus_info_khr and the PCIe member of cl_device_topology_amd,
 * spelled out: older headers have neither */
typedef struct { cl_uint domain, bus, device, function; } pci_bus_info;
typedef struct { cl_uint type; cl_uchar unused[17], bus, device, function; } amd_topology;

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

/* A cl_uint query as an int, or -1 where the driver does not answer. */
static int get_int(cl_device_id d, cl_device_info what)
{
	cl_uint v = 0;
	if (clGetDeviceInfo(d, what, sizeof v, &v, NULL) != CL_SUCCESS)
		return -1;
	return (int)v;
}

static cl_ulong get_ulong(cl_device_id d, cl_device_info what)
{
	cl_ulong v = 0;
	if (clGetDeviceInfo(d, what, sizeof v, &v, NULL) != CL_SUCCESS)
		return 0;
	return v;
}

/* CL_DEVICE_EXTENSIONS into buf, cut at a word if it does not fit. */
static void get_extensions(cl_device_id d, char *buf, size_t size)
{
	size_t n = 0;
	char *s = NULL;
	buf[0] = '\0';
	if (clGetDeviceInfo(d, CL_DEVICE_EXTENSIONS, 0, NULL, &n) != CL_SUCCESS || !n ||
	    !(s = malloc(n + 1)) || clGetDeviceInfo(d, CL_DEVICE_EXTENSIONS, n, s, NULL) != CL_SUCCESS) {
		free(s);
		return;
	}
	s[n] = '\0';
	if (n >= size) {
		s[size - 1] = '\0';
		char *cut = strrchr(s, ' ');
		if (cut)
			*cut = '\0';
	}
	snprintf(buf, size, "%s", s);
	free(s);
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

/* The raw properties vendor.c decides from. Vendor queries only where the
 * device lists their extension: drivers answer others' tokens with errors
 * at best. */
static void query_props(cl_platform_id plat, cl_device_id id, lm_vendor_props *p)
{
	lm_vendor_props_init(p);
	if (clGetPlatformInfo(plat, CL_PLATFORM_NAME, sizeof p->platform, p->platform, NULL) !=
	    CL_SUCCESS)
		p->platform[0] = '\0';
	p->platform[sizeof p->platform - 1] = '\0';
	get_string(id, CL_DEVICE_NAME, p->name, sizeof p->name);
	get_string(id, CL_DEVICE_VENDOR, p->vendor, sizeof p->vendor);
	clGetDeviceInfo(id, CL_DEVICE_TYPE, sizeof p->type, &p->type, NULL);
	p->compute_units = get_uint(id, CL_DEVICE_MAX_COMPUTE_UNITS);
	p->max_clock_mhz = get_uint(id, CL_DEVICE_MAX_CLOCK_FREQUENCY);
	clGetDeviceInfo(id, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof p->max_wg_size,
			&p->max_wg_size, NULL);
	get_extensions(id, p->extensions, sizeof p->extensions);

	pci_bus_info pci;
	if (lm_vendor_has_extension(p, "cl_khr_pci_bus_info") &&
	    clGetDeviceInfo(id, CL_DEVICE_PCI_BUS_INFO_KHR, sizeof pci, &pci, NULL) == CL_SUCCESS) {
		p->pci_domain = (int)pci.domain;
		p->pci_bus = (int)pci.bus;
		p->pci_device = (int)pci.device;
		p->pci_function = (int)pci.function;
	}
	if (lm_vendor_has_extension(p, "cl_nv_device_attribute_query")) {
		p->nv_cc_major = (int)get_uint(id, CL_DEVICE_COMPUTE_CAPABILITY_MAJOR_NV);
		p->nv_cc_minor = (int)get_uint(id, CL_DEVICE_COMPUTE_CAPABILITY_MINOR_NV);
		p->nv_warp_size = get_uint(id, CL_DEVICE_WARP_SIZE_NV);
		p->nv_pci_bus = get_int(id, CL_DEVICE_PCI_BUS_ID_NV);
		p->nv_pci_slot = get_int(id, CL_DEVICE_PCI_SLOT_ID_NV);
		p->nv_pci_domain = get_int(id, CL_DEVICE_PCI_DOMAIN_ID_NV);
	}
	amd_topology topo;
	if (lm_vendor_has_extension(p, "cl_amd_device_attribute_query")) {
		if (clGetDeviceInfo(id, CL_DEVICE_BOARD_NAME_AMD, sizeof p->amd_board, p->amd_board,
				    NULL) != CL_SUCCESS)
			p->amd_board[0] = '\0';
		p->amd_board[sizeof p->amd_board - 1] = '\0';
		p->amd_wave_width = get_uint(id, CL_DEVICE_WAVEFRONT_WIDTH_AMD);
		p->amd_simd_per_cu = get_uint(id, CL_DEVICE_SIMD_PER_COMPUTE_UNIT_AMD);
		p->amd_gfxip_major = get_uint(id, CL_DEVICE_GFXIP_MAJOR_AMD);
		p->amd_gfxip_minor = get_uint(id, CL_DEVICE_GFXIP_MINOR_AMD);
		if (clGetDeviceInfo(id, CL_DEVICE_TOPOLOGY_AMD, sizeof topo, &topo, NULL) ==
		    CL_SUCCESS) {
			p->amd_topology_type = (int)topo.type;
			p->amd_pci_bus = topo.bus;
			p->amd_pci_device = topo.device;
			p->amd_pci_function = topo.function;
		}
	}
	if (lm_vendor_has_extension(p, "cl_intel_device_attribute_query")) {
		p->intel_ip_version = get_uint(id, CL_DEVICE_IP_VERSION_INTEL);
		p->intel_device_id = get_uint(id, CL_DEVICE_ID_INTEL);
		p->intel_slices = get_uint(id, CL_DEVICE_NUM_SLICES_INTEL);
		p->intel_sub_slices = get_uint(id, CL_DEVICE_NUM_SUB_SLICES_PER_SLICE_INTEL);
		p->intel_eus_per_sub_slice = get_uint(id, CL_DEVICE_NUM_EUS_PER_SUB_SLICE_INTEL);
		p->intel_threads_per_eu = get_uint(id, CL_DEVICE_NUM_THREADS_PER_EU_INTEL);
	}
	size_t n = 0;
	if (lm_vendor_has_extension(p, "cl_intel_required_subgroup_size") &&
	    clGetDeviceInfo(id, CL_DEVICE_SUB_GROUP_SIZES_INTEL, 0, NULL, &n) == CL_SUCCESS && n) {
		size_t *sizes = malloc(n);
		if (sizes && clGetDeviceInfo(id, CL_DEVICE_SUB_GROUP_SIZES_INTEL, n, sizes, NULL) ==
				     CL_SUCCESS) {
			size_t count = n / sizeof *sizes;
			for (size_t i = 0; i < count && p->intel_sg_count < LM_VENDOR_SG_SIZES; i++)
				p->intel_sg_sizes[p->intel_sg_count++] = sizes[i];
		}
		free(sizes);
	}
}

static void describe(lm_device *d, unsigned simd, unsigned max_warps)
{
	lm_vendor_props p;
	query_props(d->platform, d->id, &p);
	if (lm_vendor_needs_probe(&p, simd))
		p.probe_multiple = probe_multiple(d->id);
	lm_vendor_describe(&p, simd, max_warps, d);

	cl_device_id id = d->id;
	get_string(id, CL_DRIVER_VERSION, d->driver, sizeof d->driver);
	get_string(id, CL_DEVICE_VERSION, d->version, sizeof d->version);
	get_string(id, CL_DEVICE_OPENCL_C_VERSION, d->c_version, sizeof d->c_version);
	d->global_mem = get_ulong(id, CL_DEVICE_GLOBAL_MEM_SIZE);
	d->max_alloc = get_ulong(id, CL_DEVICE_MAX_MEM_ALLOC_SIZE);
	d->local_mem = get_ulong(id, CL_DEVICE_LOCAL_MEM_SIZE);
	d->cache_size = get_ulong(id, CL_DEVICE_GLOBAL_MEM_CACHE_SIZE);
	d->cacheline = get_uint(id, CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE);
	clGetDeviceInfo(id, CL_DEVICE_PROFILING_TIMER_RESOLUTION,
			sizeof d->timer_resolution_ns, &d->timer_resolution_ns, NULL);
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
			if (lm_text_has_nocase(devs[i].name, spec))
				pick = &devs[i];
		for (size_t i = 0; i < n && !pick; i++)
			if (lm_text_has_nocase(devs[i].vendor, spec) || lm_text_has_nocase(devs[i].platform_name, spec))
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

void lm_device_pci_address(const lm_device *d, char *buf, size_t size)
{
	if (d->pci_bus < 0)
		snprintf(buf, size, "unknown");
	else if (d->pci_domain < 0)
		snprintf(buf, size, "%02x:%02x.%x", (unsigned)d->pci_bus, (unsigned)d->pci_device,
			 (unsigned)d->pci_function);
	else
		snprintf(buf, size, "%04x:%02x:%02x.%x", (unsigned)d->pci_domain,
			 (unsigned)d->pci_bus, (unsigned)d->pci_device, (unsigned)d->pci_function);
}

void lm_device_print(FILE *f, const lm_device *d)
{
	char pci[32];
	lm_device_pci_address(d, pci, sizeof pci);
	fprintf(f, "%d:%d  %s\n", d->platform_index, d->device_index, d->name);
	fprintf(f, "  platform          %s\n", d->platform_name);
	fprintf(f, "  vendor            %s\n", d->vendor);
	fprintf(f, "  type              %s\n", lm_device_type_name(d->type));
	fprintf(f, "  driver            %s\n", d->driver);
	fprintf(f, "  OpenCL            %s; %s\n", d->version, d->c_version);
	if (d->nv_cc_major)
		fprintf(f, "  compute capability %d.%d\n", d->nv_cc_major, d->nv_cc_minor);
	fprintf(f, "  architecture      %s (%s)\n", *d->arch ? d->arch : "unknown", d->arch_source);
	fprintf(f, "  compute units     %u\n", d->compute_units);
	fprintf(f, "  max clock         %u MHz (reported maximum, not measured)\n", d->max_clock_mhz);
	fprintf(f, "  SIMD width        %u (%s)\n", d->simd_width, d->simd_source);
	fprintf(f, "  resident warps/CU %u, work-groups/CU %u (%s)\n", d->max_warps,
		d->max_groups, d->max_warps_source);
	if (d->reqd_subgroup)
		fprintf(f, "  sub-group size    %u, required (%s)\n", d->reqd_subgroup,
			d->subgroup_source);
	else
		fprintf(f, "  sub-group size    the compiler's choice\n");
	fprintf(f, "  in-kernel clock   %s (%s)\n", lm_vendor_kclock_name(d->kclock), d->kclock_source);
	if (d->loop_limit)
		fprintf(f, "  loop limit        %lu iterations per work-item (%s)\n", d->loop_limit,
			d->name);
	fprintf(f, "  PCI address       %s (%s)\n", pci, d->pci_source);
	if (d->compiler)
		fprintf(f, "  offline ISA       %s, target %s\n", lm_vendor_compiler_name(d->compiler),
			d->isa_target);
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
	      "max_alloc_bytes,local_mem_bytes,cache_bytes,cacheline_bytes,timer_resolution_ns,"
	      "arch,arch_source,kernel_clock,kernel_clock_source,reqd_subgroup,subgroup_source,"
	      "pci_address,pci_source,loop_limit,isa_compiler,isa_target\n", f);
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
	fprintf(f, ",%zu,%llu,%llu,%llu,%llu,%u,%zu,", d->max_wg_size, d->global_mem,
		d->max_alloc, d->local_mem, d->cache_size, d->cacheline,
		d->timer_resolution_ns);
	char pci[32];
	lm_device_pci_address(d, pci, sizeof pci);
	const char *vendor_strs[] = { d->arch, d->arch_source, lm_vendor_kclock_name(d->kclock),
				      d->kclock_source };
	for (size_t i = 0; i < sizeof vendor_strs / sizeof vendor_strs[0]; i++) {
		lm_csv_field(f, vendor_strs[i]);
		fputc(',', f);
	}
	fprintf(f, "%u,", d->reqd_subgroup);
	lm_csv_field(f, d->reqd_subgroup ? d->subgroup_source : "");
	fprintf(f, ",%s,", pci);
	lm_csv_field(f, d->pci_source);
	fprintf(f, ",%lu,", d->loop_limit);
	lm_csv_field(f, lm_vendor_compiler_name(d->compiler));
	fputc(',', f);
	lm_csv_field(f, d->isa_target);
	fputc('\n', f);
}

size_t lm_device_wg_limit(const lm_device *d, size_t reported)
{
	bool nvidia = d->vendor_kind == LM_VENDOR_NVIDIA && strcmp(d->platform_name, "NVIDIA CUDA") == 0;
	return nvidia && d->max_warps && d->max_wg_size > reported ? d->max_wg_size : reported;
}

size_t lm_device_kernel_wg_limit(const lm_device *d, cl_kernel kernel)
{
	size_t reported = 0;
	clGetKernelWorkGroupInfo(kernel, d->id, CL_KERNEL_WORK_GROUP_SIZE, sizeof reported, &reported, NULL);
	return lm_device_wg_limit(d, reported);
}
