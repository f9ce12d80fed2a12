/* The vendor table, without the hardware: recorded properties of real
 * parts (tests/fixtures/devices/, each from a public clinfo dump) go
 * through lm_vendor_describe, and what it decides is checked against what
 * the parts hold. Offline targets through lm_vendor_target. */
#include "testutil.h"
#include "testrun.h"
#include "bench/vendor.h"

#include <math.h>
#include <ini.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- fixtures ---- */

static bool set_uint(const char *value, unsigned *out)
{
	char *end;
	unsigned long v = strtoul(value, &end, 0);
	if (end == value || *end || v > 0xffffffffu)
		return false;
	*out = (unsigned)v;
	return true;
}

static bool set_int(const char *value, int *out)
{
	unsigned u;
	if (!set_uint(value, &u) || u > 0x7fffffff)
		return false;
	*out = (int)u;
	return true;
}

/* "16, 32" into the sub-group sizes. */
static bool set_sizes(const char *value, lm_vendor_props *p)
{
	char buf[128];
	snprintf(buf, sizeof buf, "%s", value);
	char *save = NULL;
	for (char *t = strtok_r(buf, ", ", &save); t; t = strtok_r(NULL, ", ", &save)) {
		unsigned v;
		if (!set_uint(t, &v) || p->intel_sg_count == LM_VENDOR_SG_SIZES)
			return false;
		p->intel_sg_sizes[p->intel_sg_count++] = v;
	}
	return true;
}

/* inih handler: one key of a fixture into the props. A key it does not
 * know is a typo in a fixture, and fails the load. */
static int on_key(void *user, const char *section, const char *key, const char *value)
{
	lm_vendor_props *p = user;
#define IS(s, k) (strcmp(section, s) == 0 && strcmp(key, k) == 0)
#define STR(field) (snprintf(field, sizeof field, "%s", value), true)
	bool ok;
	if (IS("device", "platform")) ok = STR(p->platform);
	else if (IS("device", "name")) ok = STR(p->name);
	else if (IS("device", "vendor")) ok = STR(p->vendor);
	else if (IS("device", "type")) {
		ok = strcmp(value, "GPU") == 0 || strcmp(value, "CPU") == 0;
		p->type = strcmp(value, "CPU") == 0 ? CL_DEVICE_TYPE_CPU : CL_DEVICE_TYPE_GPU;
	}
	else if (IS("device", "compute_units")) ok = set_uint(value, &p->compute_units);
	else if (IS("device", "max_clock_mhz")) ok = set_uint(value, &p->max_clock_mhz);
	else if (IS("device", "max_work_group_size")) {
		unsigned v = 0;
		ok = set_uint(value, &v);
		p->max_wg_size = v;
	} else if (IS("device", "probe_multiple")) {
		unsigned v = 0;
		ok = set_uint(value, &v);
		p->probe_multiple = v;
	} else if (IS("device", "extensions")) {
		/* continuation lines come as the same key again */
		size_t n = strlen(p->extensions);
		snprintf(p->extensions + n, sizeof p->extensions - n, "%s%s", n ? " " : "", value);
		ok = true;
	}
	else if (IS("pci", "domain")) ok = set_int(value, &p->pci_domain);
	else if (IS("pci", "bus")) ok = set_int(value, &p->pci_bus);
	else if (IS("pci", "device")) ok = set_int(value, &p->pci_device);
	else if (IS("pci", "function")) ok = set_int(value, &p->pci_function);
	else if (IS("nv", "cc_major")) ok = set_int(value, &p->nv_cc_major);
	else if (IS("nv", "cc_minor")) ok = set_int(value, &p->nv_cc_minor);
	else if (IS("nv", "warp_size")) ok = set_uint(value, &p->nv_warp_size);
	else if (IS("nv", "pci_domain")) ok = set_int(value, &p->nv_pci_domain);
	else if (IS("nv", "pci_bus")) ok = set_int(value, &p->nv_pci_bus);
	else if (IS("nv", "pci_slot")) ok = set_int(value, &p->nv_pci_slot);
	else if (IS("amd", "board_name")) ok = STR(p->amd_board);
	else if (IS("amd", "wavefront_width")) ok = set_uint(value, &p->amd_wave_width);
	else if (IS("amd", "simd_per_cu")) ok = set_uint(value, &p->amd_simd_per_cu);
	else if (IS("amd", "gfxip_major")) ok = set_uint(value, &p->amd_gfxip_major);
	else if (IS("amd", "gfxip_minor")) ok = set_uint(value, &p->amd_gfxip_minor);
	else if (IS("amd", "topology_type")) ok = set_int(value, &p->amd_topology_type);
	else if (IS("amd", "pci_bus")) ok = set_int(value, &p->amd_pci_bus);
	else if (IS("amd", "pci_device")) ok = set_int(value, &p->amd_pci_device);
	else if (IS("amd", "pci_function")) ok = set_int(value, &p->amd_pci_function);
	else if (IS("intel", "ip_version")) ok = set_uint(value, &p->intel_ip_version);
	else if (IS("intel", "device_id")) ok = set_uint(value, &p->intel_device_id);
	else if (IS("intel", "slices")) ok = set_uint(value, &p->intel_slices);
	else if (IS("intel", "sub_slices_per_slice")) ok = set_uint(value, &p->intel_sub_slices);
	else if (IS("intel", "eus_per_sub_slice")) ok = set_uint(value, &p->intel_eus_per_sub_slice);
	else if (IS("intel", "threads_per_eu")) ok = set_uint(value, &p->intel_threads_per_eu);
	else if (IS("intel", "sub_group_sizes")) ok = set_sizes(value, p);
	else ok = false;
#undef IS
#undef STR
	if (!ok)
		fprintf(stderr, "[%s] %s = %s: not a fixture key, or a bad value\n", section, key, value);
	return ok;
}

/* The recorded properties of tests/fixtures/devices/<file>. */
static void load(const char *file, lm_vendor_props *p)
{
	char rel[128], path[512];
	snprintf(rel, sizeof rel, "tests/fixtures/devices/%s", file);
	lm_test_source_path(path, sizeof path, rel);
	lm_vendor_props_init(p);
	int err = ini_parse(path, on_key, p);
	ck_assert_msg(err == 0, "%s: ini_parse says %d (a line number, or -1: cannot open)", path,
		      err);
}

/* A fixture described as latmix describes a device: no overrides. */
static void describe(const char *file, lm_vendor_props *p, lm_device *d)
{
	load(file, p);
	memset(d, 0, sizeof *d);
	lm_vendor_describe(p, 0, 0, d);
}

/* ---- every fixture: what the table decides ---- */

static const struct {
	const char *file;
	lm_vendor vendor;
	const char *arch;
	lm_kclock kclock;
	unsigned cus;     /* compute units, as reported */
	unsigned simd, warps, groups, reqd;
	const char *warps_source;
	const char *pci;  /* lm_device_pci_address */
	lm_compiler compiler;
	const char *isa;
} parts[] = {
	/* 8 waves x 4 SIMDs; wave64 (GCN/CDNA); topology without domain */
	{ "amd-mi300x.ini", LM_VENDOR_AMD, "gfx942", LM_KCLOCK_AMD, 304, 64, 32, 16, 0,
	  "table: CDNA3 (gfx942)", "c5:00.0", LM_COMPILER_CLANG_AMDGPU, "gfx942" },
	{ "amd-mi250x.ini", LM_VENDOR_AMD, "gfx90a", LM_KCLOCK_AMD, 110, 64, 32, 16, 0,
	  "table: CDNA2 (gfx90a)", "c1:00.0", LM_COMPILER_CLANG_AMDGPU, "gfx90a" },
	/* a "CU" is a work-group processor: 16 waves x 4 SIMDs of wave32 */
	{ "amd-rx7900xtx.ini", LM_VENDOR_AMD, "gfx1100", LM_KCLOCK_AMD, 48, 32, 64, 32, 0,
	  "table: RDNA3 (gfx1100)", "03:00.0", LM_COMPILER_CLANG_AMDGPU, "gfx1100" },
	/* a CU is an EU: 8 threads; 32 barriers per Xe-core of 16 EUs */
	{ "intel-arc-a770.ini", LM_VENDOR_INTEL, "Xe-HPG", LM_KCLOCK_NONE, 512, 16, 8, 2, 16,
	  "table: Xe-HPG", "unknown", LM_COMPILER_OCLOC, "0x56a0" },
	{ "intel-max1550.ini", LM_VENDOR_INTEL, "Xe-HPC", LM_KCLOCK_NONE, 512, 16, 8, 4, 16,
	  "table: Xe-HPC", "unknown", LM_COMPILER_OCLOC, "0x0bd5" },
	{ "intel-uhd750.ini", LM_VENDOR_INTEL, "Xe-LP", LM_KCLOCK_NONE, 32, 16, 7, 2, 16,
	  "table: Xe-LP", "unknown", LM_COMPILER_OCLOC, "0x4c8a" },
	{ "nvidia-h100.ini", LM_VENDOR_NVIDIA, "sm_90", LM_KCLOCK_NV, 132, 32, 64, 32, 0,
	  "table: Hopper (sm_90)", "0000:18:00.0", LM_COMPILER_NONE, "" },
	/* today's CPU behaviour: the probe's width, 16 warps swept */
	{ "pocl-cpu.ini", LM_VENDOR_OTHER, "", LM_KCLOCK_NONE, 6, 8, 16, 16, 0,
	  "CPU: no limit; latmix sweeps 16", "unknown", LM_COMPILER_NONE, "" },
};

START_TEST(fixture_describes_part)
{
	lm_vendor_props *p = malloc(sizeof *p);
	lm_device d;
	describe(parts[_i].file, p, &d);
	const char *f = parts[_i].file;
	ck_assert_msg(d.vendor_kind == parts[_i].vendor, "%s: vendor %d", f, (int)d.vendor_kind);
	ck_assert_msg(strcmp(d.arch, parts[_i].arch) == 0, "%s: arch '%s' (%s)", f, d.arch,
		      d.arch_source);
	ck_assert_msg(d.kclock == parts[_i].kclock, "%s: clock %s (%s)", f,
		      lm_vendor_kclock_name(d.kclock), d.kclock_source);
	ck_assert_msg(d.compute_units == parts[_i].cus, "%s: %u CUs", f, d.compute_units);
	ck_assert_msg(d.simd_width == parts[_i].simd, "%s: SIMD %u (%s)", f, d.simd_width,
		      d.simd_source);
	ck_assert_msg(d.max_warps == parts[_i].warps && d.max_groups == parts[_i].groups,
		      "%s: %u warps, %u groups per CU (%s)", f, d.max_warps, d.max_groups,
		      d.max_warps_source);
	ck_assert_msg(strcmp(d.max_warps_source, parts[_i].warps_source) == 0, "%s: source '%s'",
		      f, d.max_warps_source);
	ck_assert_msg(d.reqd_subgroup == parts[_i].reqd, "%s: sub-group %u (%s)", f,
		      d.reqd_subgroup, d.subgroup_source);
	char pci[32];
	lm_device_pci_address(&d, pci, sizeof pci);
	ck_assert_msg(strcmp(pci, parts[_i].pci) == 0, "%s: PCI %s (%s)", f, pci, d.pci_source);
	ck_assert_msg(d.compiler == parts[_i].compiler && strcmp(d.isa_target, parts[_i].isa) == 0,
		      "%s: ISA %s '%s'", f, lm_vendor_compiler_name(d.compiler), d.isa_target);
	/* a work-group never holds more warps than the device allows */
	ck_assert_msg(d.max_groups >= 1 && d.max_groups <= d.max_warps, "%s", f);
	ck_assert(d.loop_limit == 0);
	free(p);
}
END_TEST

/* The sources a user reads in `latmix devices`. */
START_TEST(sources_name_the_query_or_the_table)
{
	lm_vendor_props *p = malloc(sizeof *p);
	lm_device d;
	describe("nvidia-h100.ini", p, &d);
	ck_assert_str_eq(d.simd_source, "CL_DEVICE_WARP_SIZE_NV");
	ck_assert_str_eq(d.pci_source, "cl_khr_pci_bus_info");
	ck_assert_str_eq(d.arch_source, "CL_DEVICE_COMPUTE_CAPABILITY_*_NV");
	describe("amd-mi300x.ini", p, &d);
	ck_assert_str_eq(d.simd_source, "table: CDNA3");
	ck_assert_str_eq(d.pci_source, "CL_DEVICE_TOPOLOGY_AMD");
	ck_assert_str_eq(d.arch_source, "device name");
	describe("intel-max1550.ini", p, &d);
	ck_assert_str_eq(d.simd_source, "CL_DEVICE_SUB_GROUP_SIZES_INTEL");
	ck_assert_str_eq(d.subgroup_source, "CL_DEVICE_SUB_GROUP_SIZES_INTEL");
	ck_assert_str_eq(d.arch_source, "PCI device ID 0x0bd5");
	describe("intel-arc-a770.ini", p, &d);
	ck_assert_str_eq(d.simd_source, "table: Xe-HPG sub-groups");
	describe("pocl-cpu.ini", p, &d);
	ck_assert_str_eq(d.simd_source, "preferred work-group multiple");
	free(p);
}
END_TEST

/* ---- the queries refine the table ---- */

START_TEST(intel_queries_override_the_table)
{
	lm_vendor_props *p = malloc(sizeof *p);
	lm_device d;
	load("intel-max1550.ini", p);
	/* large register file mode halves the threads an EU holds */
	p->intel_threads_per_eu = 4;
	p->intel_ip_version = 12u << 22 | 60u << 14 | 7u;
	lm_vendor_describe(p, 0, 0, &d);
	ck_assert_uint_eq(d.max_warps, 4);
	ck_assert_uint_eq(d.max_groups, 4);
	ck_assert_str_eq(d.max_warps_source, "CL_DEVICE_NUM_THREADS_PER_EU_INTEL");
	ck_assert_str_eq(d.arch, "Xe-HPC");
	ck_assert_str_eq(d.arch_source, "CL_DEVICE_IP_VERSION_INTEL 12.60.7");
	/* ocloc takes the IP version for a device name */
	ck_assert_str_eq(d.isa_target, "12.60.7");
	/* an IP the table lacks: the threads still come from the query */
	p->intel_ip_version = 20u << 22 | 1u << 14;
	p->intel_device_id = 0xe20b;
	p->intel_threads_per_eu = 8;
	lm_vendor_describe(p, 0, 0, &d);
	ck_assert_str_eq(d.arch, "");
	ck_assert_uint_eq(d.max_warps, 8);
	ck_assert_uint_eq(d.max_groups, 1);
	ck_assert_uint_eq(d.reqd_subgroup, 16);
	free(p);
}
END_TEST

START_TEST(amd_simds_per_cu_and_wave_width_from_queries)
{
	lm_vendor_props *p = malloc(sizeof *p);
	lm_device d;
	load("amd-rx7900xtx.ini", p);
	/* a driver counting real CUs (2 SIMDs) and compiling wave64 */
	p->amd_simd_per_cu = 2;
	p->amd_wave_width = 64;
	lm_vendor_describe(p, 0, 0, &d);
	ck_assert_uint_eq(d.max_warps, 32);
	ck_assert_uint_eq(d.simd_width, 64);
	ck_assert_str_eq(d.simd_source, "CL_DEVICE_WAVEFRONT_WIDTH_AMD");
	free(p);
}
END_TEST

START_TEST(amd_gfxip_when_the_name_is_no_processor)
{
	lm_vendor_props *p = malloc(sizeof *p);
	lm_device d;
	load("amd-rx7900xtx.ini", p);
	snprintf(p->name, sizeof p->name, "Navi 31");
	lm_vendor_describe(p, 0, 0, &d);
	ck_assert_str_eq(d.arch, "gfx1100");
	ck_assert_str_eq(d.arch_source, "CL_DEVICE_GFXIP_*_AMD 11.0");
	ck_assert_uint_eq(d.max_warps, 64);
	/* the processor stands for the version: no code object for it */
	ck_assert(d.compiler == LM_COMPILER_NONE);
	/* GFXIP 9.0 is gfx900 to gfx90a alike: the table does not guess */
	p->amd_gfxip_major = 9;
	p->amd_gfxip_minor = 0;
	lm_vendor_describe(p, 0, 0, &d);
	ck_assert_str_eq(d.arch, "");
	ck_assert_str_eq(d.max_warps_source, "unknown: one work-group assumed");
	free(p);
}
END_TEST

/* A driver without cl_khr_pci_bus_info: the NVIDIA queries. Their slot is
 * the device number (an H200 at 0000:00:06.0 answers 6), which clinfo's
 * device << 3 | function reading turns into 0000:00:00.6. */
START_TEST(nv_pci_slot_is_the_device_number)
{
	lm_vendor_props *p = malloc(sizeof *p);
	lm_device d;
	load("nvidia-h100.ini", p);
	p->pci_domain = p->pci_bus = p->pci_device = p->pci_function = -1;
	p->nv_pci_domain = 0;
	p->nv_pci_bus = 0;
	p->nv_pci_slot = 6;
	lm_vendor_describe(p, 0, 0, &d);
	char pci[32];
	lm_device_pci_address(&d, pci, sizeof pci);
	ck_assert_str_eq(pci, "0000:00:06.0");
	ck_assert_str_eq(d.pci_source, "CL_DEVICE_PCI_*_ID_NV");
	/* older drivers: no domain query */
	p->nv_pci_domain = -1;
	lm_vendor_describe(p, 0, 0, &d);
	lm_device_pci_address(&d, pci, sizeof pci);
	ck_assert_str_eq(pci, "00:06.0");
	free(p);
}
END_TEST

/* ---- the vendor's own platform ---- */

START_TEST(vendor_code_only_on_the_vendors_platform)
{
	lm_vendor_props *p = malloc(sizeof *p);
	lm_device d;
	load("amd-mi250x.ini", p);
	snprintf(p->platform, sizeof p->platform, "rusticl");
	lm_vendor_describe(p, 0, 0, &d);
	ck_assert(d.kclock == LM_KCLOCK_NONE);
	ck_assert_str_eq(d.kclock_source, "not the vendor's own platform");
	load("nvidia-h100.ini", p);
	snprintf(p->platform, sizeof p->platform, "Portable Computing Language");
	lm_vendor_describe(p, 0, 0, &d);
	ck_assert(d.kclock == LM_KCLOCK_NONE);
	/* Mesa's Intel driver: neither the required sub-group nor EUs as CUs */
	load("intel-arc-a770.ini", p);
	snprintf(p->platform, sizeof p->platform, "rusticl");
	p->probe_multiple = 32;
	lm_vendor_describe(p, 0, 0, &d);
	ck_assert_uint_eq(d.reqd_subgroup, 0);
	ck_assert_uint_eq(d.simd_width, 32);
	ck_assert_str_eq(d.max_warps_source, "unknown: one work-group assumed");
	free(p);
}
END_TEST

START_TEST(llvmpipe_keeps_its_loop_limit)
{
	lm_vendor_props *p = malloc(sizeof *p);
	lm_device d;
	lm_vendor_props_init(p);
	snprintf(p->platform, sizeof p->platform, "rusticl");
	snprintf(p->name, sizeof p->name, "llvmpipe (LLVM 15.0.7, 256 bits)");
	snprintf(p->vendor, sizeof p->vendor, "Mesa/X.org");
	p->type = CL_DEVICE_TYPE_CPU;
	p->max_wg_size = 1024;
	p->probe_multiple = 8;
	lm_vendor_describe(p, 0, 0, &d);
	ck_assert_uint_eq(d.loop_limit, 65535);
	ck_assert_uint_eq(d.max_warps, 16);
	ck_assert(d.kclock == LM_KCLOCK_NONE);
	free(p);
}
END_TEST

START_TEST(unknown_gpu_assumes_one_work_group)
{
	lm_vendor_props *p = malloc(sizeof *p);
	lm_device d;
	lm_vendor_props_init(p);
	snprintf(p->platform, sizeof p->platform, "PowerVR");
	snprintf(p->name, sizeof p->name, "PowerVR B-Series BXE-4-32");
	snprintf(p->vendor, sizeof p->vendor, "Imagination Technologies");
	p->type = CL_DEVICE_TYPE_GPU;
	p->max_wg_size = 512;
	ck_assert(lm_vendor_needs_probe(p, 0));
	ck_assert(!lm_vendor_needs_probe(p, 32));
	p->probe_multiple = 32;
	lm_vendor_describe(p, 0, 0, &d);
	ck_assert(d.vendor_kind == LM_VENDOR_OTHER);
	ck_assert_uint_eq(d.max_warps, 16);
	ck_assert_uint_eq(d.max_groups, 1);
	/* --max-warps past one group: as many groups as it takes */
	lm_vendor_describe(p, 0, 40, &d);
	ck_assert_uint_eq(d.max_warps, 40);
	ck_assert_uint_eq(d.max_groups, 3);
	/* nothing says: one lane */
	p->probe_multiple = 0;
	lm_vendor_describe(p, 0, 0, &d);
	ck_assert_uint_eq(d.simd_width, 1);
	ck_assert_str_eq(d.simd_source, "none found: 1 assumed");
	free(p);
}
END_TEST

START_TEST(probe_only_where_nothing_else_says)
{
	lm_vendor_props *p = malloc(sizeof *p);
	load("amd-mi300x.ini", p);
	ck_assert(!lm_vendor_needs_probe(p, 0));
	load("nvidia-h100.ini", p);
	ck_assert(!lm_vendor_needs_probe(p, 0));
	load("intel-max1550.ini", p);
	ck_assert(!lm_vendor_needs_probe(p, 0));
	load("pocl-cpu.ini", p);
	ck_assert(lm_vendor_needs_probe(p, 0));
	ck_assert(!lm_vendor_needs_probe(p, 4));
	free(p);
}
END_TEST

/* ---- --simd and --max-warps ---- */

START_TEST(overrides_replace_what_the_table_decides)
{
	lm_vendor_props *p = malloc(sizeof *p);
	lm_device d;
	load("amd-mi300x.ini", p);
	lm_vendor_describe(p, 32, 8, &d);
	ck_assert_uint_eq(d.simd_width, 32);
	ck_assert_str_eq(d.simd_source, "--simd");
	ck_assert_uint_eq(d.max_warps, 8);
	ck_assert_uint_eq(d.max_groups, 8);
	ck_assert_str_eq(d.max_warps_source, "--max-warps");
	/* above the table: the groups stay at the table's limit */
	lm_vendor_describe(p, 0, 48, &d);
	ck_assert_uint_eq(d.max_warps, 48);
	ck_assert_uint_eq(d.max_groups, 16);
	/* Intel: the required sub-group follows the width the host assumes */
	load("intel-arc-a770.ini", p);
	lm_vendor_describe(p, 8, 0, &d);
	ck_assert_uint_eq(d.simd_width, 8);
	ck_assert_uint_eq(d.reqd_subgroup, 8);
	ck_assert_str_eq(d.subgroup_source, "--simd");
	/* CPU: fewer warps than the sweep's 16 */
	load("pocl-cpu.ini", p);
	lm_vendor_describe(p, 0, 4, &d);
	ck_assert_uint_eq(d.max_warps, 4);
	ck_assert_uint_eq(d.max_groups, 4);
	free(p);
}
END_TEST

/* ---- offline targets ---- */

static const struct {
	const char *target;
	lm_vendor vendor;
	const char *arch;
	unsigned simd, warps, groups, reqd;
	lm_kclock kclock;
	lm_compiler compiler;
} targets[] = {
	{ "gfx908", LM_VENDOR_AMD, "gfx908", 64, 40, 16, 0, LM_KCLOCK_AMD, LM_COMPILER_CLANG_AMDGPU },
	{ "gfx90a", LM_VENDOR_AMD, "gfx90a", 64, 32, 16, 0, LM_KCLOCK_AMD, LM_COMPILER_CLANG_AMDGPU },
	{ "gfx942", LM_VENDOR_AMD, "gfx942", 64, 32, 16, 0, LM_KCLOCK_AMD, LM_COMPILER_CLANG_AMDGPU },
	{ "gfx1010", LM_VENDOR_AMD, "gfx1010", 32, 80, 32, 0, LM_KCLOCK_AMD,
	  LM_COMPILER_CLANG_AMDGPU },
	{ "gfx1030", LM_VENDOR_AMD, "gfx1030", 32, 64, 32, 0, LM_KCLOCK_AMD,
	  LM_COMPILER_CLANG_AMDGPU },
	{ "gfx1100", LM_VENDOR_AMD, "gfx1100", 32, 64, 32, 0, LM_KCLOCK_AMD,
	  LM_COMPILER_CLANG_AMDGPU },
	{ "dg2-g10", LM_VENDOR_INTEL, "Xe-HPG", 16, 8, 2, 16, LM_KCLOCK_NONE, LM_COMPILER_OCLOC },
	{ "pvc", LM_VENDOR_INTEL, "Xe-HPC", 16, 8, 4, 16, LM_KCLOCK_NONE, LM_COMPILER_OCLOC },
	{ "tgllp", LM_VENDOR_INTEL, "Xe-LP", 16, 7, 2, 16, LM_KCLOCK_NONE, LM_COMPILER_OCLOC },
	{ "sm_90", LM_VENDOR_NVIDIA, "sm_90", 32, 64, 32, 0, LM_KCLOCK_NV, LM_COMPILER_NONE },
	{ "sm_75", LM_VENDOR_NVIDIA, "sm_75", 32, 32, 16, 0, LM_KCLOCK_NV, LM_COMPILER_NONE },
};

START_TEST(target_describes_architecture)
{
	lm_device d;
	const char *t = targets[_i].target;
	ck_assert_msg(lm_vendor_target(t, &d) == LM_OK, "%s: %s", t, lm_error_message());
	ck_assert_msg(d.vendor_kind == targets[_i].vendor, "%s", t);
	ck_assert_msg(strcmp(d.arch, targets[_i].arch) == 0, "%s: arch %s", t, d.arch);
	ck_assert_msg(d.simd_width == targets[_i].simd, "%s: SIMD %u", t, d.simd_width);
	ck_assert_msg(d.max_warps == targets[_i].warps && d.max_groups == targets[_i].groups,
		      "%s: %u warps, %u groups", t, d.max_warps, d.max_groups);
	ck_assert_msg(d.reqd_subgroup == targets[_i].reqd, "%s: sub-group %u", t, d.reqd_subgroup);
	ck_assert_msg(d.kclock == targets[_i].kclock, "%s: clock %d", t, (int)d.kclock);
	ck_assert_msg(d.compiler == targets[_i].compiler, "%s: compiler %d", t, (int)d.compiler);
	ck_assert_str_eq(d.isa_target, t);
	ck_assert_int_eq(d.pci_bus, -1);
}
END_TEST

START_TEST(unknown_target_lists_the_known_ones)
{
	lm_device d;
	static const char *const bad[] = { "gfx9999", "", "gfx90a gfx942", "sm_91", "Xe-HPG" };
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		lm_error_clear();
		ck_assert_msg(lm_vendor_target(bad[i], &d) == LM_EUSAGE, "'%s' accepted", bad[i]);
		const char *m = lm_error_message();
		ck_assert_msg(strstr(m, "gfx942") && strstr(m, "dg2-g10") && strstr(m, "sm_90"),
			      "'%s': %s", bad[i], m);
	}
}
END_TEST

/* Warps an SM holds by registers, as CUDA 13.0's cuda_occupancy.h gives
 * them (cudaOccMaxActiveBlocksPerMultiprocessor's blockLimitRegs for
 * one-warp blocks, computed with that header for these cases). */
START_TEST(nv_registers_bound_the_warps)
{
	static const struct {
		int major, minor;
		unsigned regs, warps;
	} c[] = { { 9, 0, 32, 64 }, { 9, 0, 40, 48 }, { 9, 0, 59, 32 }, { 9, 0, 65, 28 }, { 9, 0, 255, 8 },
		  { 6, 0, 64, 32 } };
	for (size_t i = 0; i < sizeof c / sizeof c[0]; i++)
		ck_assert_msg(lm_vendor_nv_warps_by_registers(c[i].major, c[i].minor, c[i].regs) == c[i].warps,
			      "cc %d.%d, %u registers: %u warps, not %u", c[i].major, c[i].minor, c[i].regs,
			      lm_vendor_nv_warps_by_registers(c[i].major, c[i].minor, c[i].regs), c[i].warps);
	/* what the table does not know: not guessed */
	ck_assert_uint_eq(lm_vendor_nv_warps_by_registers(2, 0, 32), 0);
	ck_assert_uint_eq(lm_vendor_nv_warps_by_registers(9, 0, 0), 0);
	ck_assert_uint_eq(lm_vendor_nv_warps_by_registers(9, 0, 256), 0);
}
END_TEST

/* The L1 an SM leaves beside its groups' local memory: Hopper's unified
 * 256 KiB less the smallest carve-out holding them, the driver's 1 KiB a
 * group counted in. latmix's H200 sweep at 32 work-items reserved 32260
 * bytes a group at 6 groups (60 KiB of L1 left; spmv ran at 6.7 x 10^9 rows
 * a second) and 28164 at 7 (28 KiB; 4.1 x 10^9): the cliff falls between
 * them only with the 1 KiB (studies/ndrange-probe/latmix-local-h200). */
START_TEST(nv_l1_left_is_the_unified_cache_less_the_carve_out)
{
	double l1 = -1;
	ck_assert(lm_vendor_nv_l1_left(9, 0, 6, 32260, &l1) && l1 == 60 * 1024);
	ck_assert(lm_vendor_nv_l1_left(9, 0, 7, 28164, &l1) && l1 == 28 * 1024);
	/* 8 groups of 12 KiB (and the driver's 1 each): 132 carved out, as
	 * walked on an H200 (studies/read-peak, lease 9) */
	ck_assert(lm_vendor_nv_l1_left(9, 0, 8, 12 * 1024, &l1) && l1 == (256 - 132) * 1024);
	/* too little for the table: 8 groups of 2 KiB left 192 KiB walked, not
	 * the 240 of the smallest step (lease 10); none at all 224, not 256 */
	ck_assert(!lm_vendor_nv_l1_left(9, 0, 8, 1024, &l1));
	ck_assert(!lm_vendor_nv_l1_left(9, 0, 32, 8, &l1));
	ck_assert(!lm_vendor_nv_l1_left(9, 0, 0, 0, &l1));
	ck_assert(lm_vendor_nv_l1_left(8, 0, 4, 39 * 1024, &l1) && l1 == (192 - 164) * 1024);
	ck_assert(lm_vendor_nv_l1_left(8, 6, 3, 31 * 1024, &l1) && l1 == (128 - 100) * 1024);
	ck_assert(!lm_vendor_nv_l1_left(8, 6, 2, 31 * 1024, &l1));
	/* more than the largest carve-out, an unknown capability, nonsense: not guessed */
	ck_assert(!lm_vendor_nv_l1_left(9, 0, 8, 28 * 1024, &l1));
	ck_assert(!lm_vendor_nv_l1_left(5, 2, 1, 0, &l1));
	ck_assert(!lm_vendor_nv_l1_left(9, 0, -1, 0, &l1));
	ck_assert(!lm_vendor_nv_l1_left(9, 0, 1, NAN, &l1));
}
END_TEST

int main(void)
{
	Suite *s = suite_create("devmodel");
	TCase *tc = tcase_create("fixtures");
	tcase_add_loop_test(tc, fixture_describes_part, 0, (int)(sizeof parts / sizeof parts[0]));
	tcase_add_test(tc, sources_name_the_query_or_the_table);
	tcase_add_test(tc, intel_queries_override_the_table);
	tcase_add_test(tc, amd_simds_per_cu_and_wave_width_from_queries);
	tcase_add_test(tc, amd_gfxip_when_the_name_is_no_processor);
	tcase_add_test(tc, nv_pci_slot_is_the_device_number);
	tcase_add_test(tc, vendor_code_only_on_the_vendors_platform);
	tcase_add_test(tc, llvmpipe_keeps_its_loop_limit);
	tcase_add_test(tc, unknown_gpu_assumes_one_work_group);
	tcase_add_test(tc, probe_only_where_nothing_else_says);
	tcase_add_test(tc, overrides_replace_what_the_table_decides);
	tcase_add_test(tc, nv_registers_bound_the_warps);
	tcase_add_test(tc, nv_l1_left_is_the_unified_cache_less_the_carve_out);
	suite_add_tcase(s, tc);
	TCase *tt = tcase_create("targets");
	tcase_add_loop_test(tt, target_describes_architecture, 0,
			    (int)(sizeof targets / sizeof targets[0]));
	tcase_add_test(tt, unknown_target_lists_the_known_ones);
	suite_add_tcase(s, tt);
	return lm_test_run(s);
}
