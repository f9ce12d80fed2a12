#include "bench/vendor.h"

#include <stdio.h>
#include <string.h>

/* The platforms whose compilers take latmix's vendor-specific kernel code:
 * inline PTX (NVIDIA), clang's amdgcn builtins (AMD) and
 * intel_reqd_sub_group_size (Intel's NEO). The same hardware under PoCL,
 * Mesa's rusticl or clover gets none of it. */
#define PLATFORM_NV "NVIDIA CUDA"
#define PLATFORM_AMD "AMD Accelerated Parallel Processing"
#define PLATFORM_INTEL "Intel(R) OpenCL" /* "... Graphics", "... HD Graphics" */

/* How a row is found for a live device. */
typedef enum {
	BY_ARCH = 0, /* targets name the architecture; ip_* its version */
	BY_NAME,     /* targets is a device-name prefix (software devices) */
	BY_CPU       /* any CPU */
} match;

/* One architecture. Counts are per compute unit as the vendor's own
 * OpenCL counts them: an SM (NVIDIA); a CU on GCN and CDNA, a work-group
 * processor of two CUs on RDNA (AMD reports 48 CUs for the 96 of an RX 7900
 * XTX, and 4 SIMDs per CU: RainbowMiner/RainbowMiner#2758's clinfo); an EU
 * (Intel: 512 on an Arc A770). latmix's "warp" is a warp, a wave, or on
 * Intel one hardware thread running a sub-group of `simd` work-items. */
typedef struct {
	lm_vendor vendor;
	match by;
	const char *family;      /* "Hopper", "CDNA3", "Xe-HPG" */
	const char *targets;     /* space-separated: NVIDIA "sm_XY", AMD
				  * processors, Intel ocloc devices */
	unsigned ip_major, ip_lo, ip_hi; /* compute capability, GFXIP or Intel IP
					  * major.minor range that picks the row;
					  * ip_major 0: names only */
	const char *pci_ids;     /* Intel: high bytes of the PCI device IDs */
	unsigned simd;           /* lanes of a warp; 0: probe */
	unsigned warps;          /* resident warps per SIMD (AMD), per SM
				  * (NVIDIA), per EU (Intel) */
	unsigned simds;          /* SIMDs per CU: AMD 4, others 1 */
	unsigned groups;         /* resident work-groups per `pool` CUs */
	unsigned pool;           /* Intel: EUs per sub-slice, which share the
				  * sub-slice's barriers; others 1 */
	unsigned long loop_limit;
	lm_compiler compiler;
	bool no_unroll_pragma;   /* its compiler fails on `#pragma unroll` */
	unsigned local_kib;      /* local memory a CU shares among its groups, KiB; 0: not known
				  * (CL_DEVICE_LOCAL_MEM_SIZE is a group's most, not a CU's) */
	unsigned local_reserved; /* bytes of it each group takes beyond its own */
	bool groups_in_turn;     /* a CU runs one work-group at a time (a CPU's core) */
} row;

#define NV(cc, fam, w, g, kib) \
	{ LM_VENDOR_NVIDIA, BY_ARCH, fam, "sm_" #cc, cc / 10, cc % 10, cc % 10, NULL, \
	  32, w, 1, g, 1, 0, LM_COMPILER_NONE, false, kib, cc >= 80 ? 1024 : 0, false }
#define AMD(fam, tg, maj, lo, hi, simd, w, g) \
	{ LM_VENDOR_AMD, BY_ARCH, fam, tg, maj, lo, hi, NULL, simd, w, 4, g, 1, 0, \
	  LM_COMPILER_CLANG_AMDGPU, false, simd == 32 ? 128 : 64, 0, false }
#define INTEL(fam, tg, maj, lo, hi, ids, w, eus) \
	{ LM_VENDOR_INTEL, BY_ARCH, fam, tg, maj, lo, hi, ids, 16, w, 1, 32, eus, 0, \
	  LM_COMPILER_OCLOC, false, 0, 0, false }

static const row table[] = {
	/* NVIDIA: resident warps and blocks per SM by compute capability
	 * (CUDA C Programming Guide, technical specifications per compute
	 * capability; Blackwell tuning guide for 10.0 and 12.0). A warp is
	 * 32 threads on every generation (CL_DEVICE_WARP_SIZE_NV says so).
	 * Shared memory an SM holds at most (the same tables; the driver's
	 * carve-out may give less: measure --kernel counts groups, it does
	 * not trust this), 1 KiB of it reserved per block from 8.0 on. */
	NV(30, "Kepler", 64, 16, 48), NV(32, "Kepler", 64, 16, 48), NV(35, "Kepler", 64, 16, 48),
	NV(37, "Kepler", 64, 16, 112),
	NV(50, "Maxwell", 64, 32, 64), NV(52, "Maxwell", 64, 32, 96), NV(53, "Maxwell", 64, 32, 64),
	NV(60, "Pascal", 64, 32, 64), NV(61, "Pascal", 64, 32, 96), NV(62, "Pascal", 64, 32, 64),
	NV(70, "Volta", 64, 32, 96), NV(72, "Volta", 64, 32, 96),
	NV(75, "Turing", 32, 16, 64),
	NV(80, "Ampere", 64, 32, 164), NV(86, "Ampere", 48, 16, 100), NV(87, "Ampere", 48, 16, 164),
	NV(89, "Ada", 48, 24, 100),
	NV(90, "Hopper", 64, 32, 228),
	NV(100, "Blackwell", 64, 32, 228), NV(120, "Blackwell", 48, 32, 128),

	/* AMD: waves per SIMD from LLVM's AMDGPUBaseInfo.cpp,
	 * getMaxWavesPerEU: 10 before gfx10, 8 on gfx90a and gfx94x/gfx950
	 * (FeatureGFX90AInsts), 20 on gfx10.1, 16 from gfx10.3 on; rocminfo
	 * agrees ("Max Waves Per CU: 32" on MI250 and on MI300X, 32 of
	 * wave64 = HIP's 2048 threads per CU). 4 SIMDs per CU (GCN, CDNA) or
	 * per work-group processor (RDNA in WGP mode, LLVM's getEUsPerCU);
	 * CL_DEVICE_SIMD_PER_COMPUTE_UNIT_AMD overrides. Work-groups per CU:
	 * LLVM's getMaxWorkGroupsPerCU, 16 barriers before gfx10, 32 in WGP
	 * mode (groups of one wave need none, but latmix keeps one limit that
	 * holds for every group size). Wave width: 64 on GCN/CDNA; AMD's
	 * OpenCL compiles wave32 on RDNA ("Wavefront width (AMD) 32" in
	 * todxx/teamredminer#416's RX 6600 XT clinfo);
	 * CL_DEVICE_WAVEFRONT_WIDTH_AMD overrides. Processors and GFXIP
	 * versions: LLVM AMDGPUUsage, ROCm's GPU hardware specifications.
	 * GFXIP 9.0 names gfx900 to gfx90a alike: there, names only. */
	AMD("GCN3", "gfx801 gfx802 gfx803 gfx805 gfx810", 8, 0, 255, 64, 10, 16),
	AMD("GCN5", "gfx900 gfx902 gfx904 gfx906 gfx909 gfx90c", 0, 0, 0, 64, 10, 16),
	AMD("CDNA", "gfx908", 0, 0, 0, 64, 10, 16),
	AMD("CDNA2", "gfx90a", 0, 0, 0, 64, 8, 16),
	AMD("CDNA3", "gfx940 gfx941 gfx942", 9, 4, 4, 64, 8, 16),
	AMD("CDNA4", "gfx950", 9, 5, 5, 64, 8, 16),
	AMD("RDNA1", "gfx1010 gfx1011 gfx1012 gfx1013", 0, 0, 0, 32, 20, 32),
	AMD("RDNA2", "gfx1030 gfx1031 gfx1032 gfx1033 gfx1034 gfx1035 gfx1036", 0, 0, 0,
	    32, 16, 32),
	AMD("RDNA3", "gfx1100 gfx1101 gfx1102 gfx1103", 11, 0, 4, 32, 16, 32),
	AMD("RDNA3.5", "gfx1150 gfx1151 gfx1152 gfx1153", 11, 5, 255, 32, 16, 32),
	AMD("RDNA4", "gfx1200 gfx1201", 12, 0, 255, 32, 16, 32),

	/* Intel: hardware threads per EU (oneDNN's nGEN, Product::threadsPerEU:
	 * 7 up to Xe-LP, 8 after), EUs per sub-slice (Xe-core) and 32 barriers
	 * per sub-slice (Intel GPU Occupancy Calculator, oneapi-src/oneAPI-
	 * samples Tools/GPU-Occupancy-Calculator; oneAPI GPU Optimization
	 * Guide, Xe architecture); CL_DEVICE_NUM_THREADS_PER_EU_INTEL
	 * overrides the threads. Every one runs sub-groups of 8, 16 and 32
	 * (PVC 16 and 32): latmix requires 16. IP versions and ocloc device
	 * names: ocloc's device list, LLVM IntelGPUTargetParser. PCI IDs: the
	 * occupancy calculator's lists (TGL 9Axx, RKL 4Cxx, ADL 46xx, DG1 49xx,
	 * RPL A7xx, DG2 56xx, PVC 0Bxx). */
	INTEL("Gen9", "skl kbl cfl glk", 9, 0, 255, "19 59 3e 9b 31", 7, 8),
	INTEL("Gen11", "icllp", 11, 0, 255, "8a", 7, 8),
	INTEL("Xe-LP", "tgllp rkl adl-s adl-p dg1", 12, 0, 10, "9a 4c 46 49 a7", 7, 16),
	INTEL("Xe-HPG", "dg2-g10 dg2-g11 dg2-g12", 12, 55, 57, "56", 8, 16),
	INTEL("Xe-HPC", "pvc", 12, 60, 61, "0b", 8, 8),
	INTEL("Xe-LPG", "mtl-u mtl-h arl-h", 12, 70, 74, "7d", 8, 16),

	/* llvmpipe (Mesa's software rasteriser, under rusticl) ends every
	 * loop of a work-item once all its loops together have run 65535
	 * iterations (gallivm's LP_MAX_TGSI_LOOP_ITERATIONS, meant for
	 * graphics shaders), silently. Mesa 22's rusticl panics building a
	 * kernel with `#pragma unroll 1` (rusticl/core/program.rs:588, seen
	 * 2026-11-24). A CPU otherwise. */
	{ LM_VENDOR_OTHER, BY_NAME, "llvmpipe", "llvmpipe", 0, 0, 0, NULL, 0, 16, 1, 16, 1,
	  65535, LM_COMPILER_NONE, true, 0, 0, true },
	/* CPUs: no hardware limit, a core runs its work-items in turn; latmix
	 * sweeps up to 16 warps of the compiler's preferred width. A core
	 * (PoCL's worker thread) runs one work-group to its end before the
	 * next: a kernel as written is resident one group a CU. */
	{ LM_VENDOR_OTHER, BY_CPU, "CPU", NULL, 0, 0, 0, NULL, 0, 16, 1, 16, 1, 0,
	  LM_COMPILER_NONE, false, 0, 0, true },
};

#define NROWS (sizeof table / sizeof table[0])

/* ---- properties ---- */

void lm_vendor_props_init(lm_vendor_props *p)
{
	memset(p, 0, sizeof *p);
	p->pci_domain = p->pci_bus = p->pci_device = p->pci_function = -1;
	p->nv_pci_bus = p->nv_pci_slot = p->nv_pci_domain = -1;
	p->amd_topology_type = -1;
	p->amd_pci_bus = p->amd_pci_device = p->amd_pci_function = -1;
}

/* True if word is one of the space-separated words of list. */
static bool has_word(const char *list, const char *word)
{
	size_t n = strlen(word);
	if (!list || !n)
		return false;
	for (const char *s = strstr(list, word); s; s = strstr(s + 1, word))
		if ((s == list || s[-1] == ' ') && (s[n] == ' ' || s[n] == '\0'))
			return true;
	return false;
}

bool lm_vendor_has_extension(const lm_vendor_props *p, const char *ext)
{
	return has_word(p->extensions, ext);
}

/* ---- finding the row ---- */

static bool ip_in(const row *r, unsigned major, unsigned minor)
{
	return r->ip_major && r->ip_major == major && minor >= r->ip_lo && minor <= r->ip_hi;
}

/* The AMD processor a device name gives ("gfx90a:sramecc+:xnack-" ->
 * "gfx90a"), in buf; false if the name is no processor. */
static bool amd_processor(const char *name, char *buf, size_t size)
{
	if (strncmp(name, "gfx", 3) != 0)
		return false;
	size_t n = 3 + strspn(name + 3, "0123456789abcdef");
	if (n < 5 || n >= size || (name[n] && name[n] != ':'))
		return false;
	memcpy(buf, name, n);
	buf[n] = '\0';
	return true;
}

/* The PCI device ID of an Intel GPU: the query, else the "[0x56a0]" NEO
 * puts in the names of parts it has no marketing name for. 0 if neither. */
static unsigned intel_pci_id(const lm_vendor_props *p)
{
	if (p->intel_device_id)
		return p->intel_device_id & 0xffff;
	const char *s = strstr(p->name, "[0x");
	unsigned id = 0;
	if (s && sscanf(s, "[0x%x]", &id) == 1)
		return id & 0xffff;
	return 0;
}

static const row *row_by_target(lm_vendor v, const char *target)
{
	for (size_t i = 0; i < NROWS; i++)
		if (table[i].vendor == v && table[i].by == BY_ARCH &&
		    has_word(table[i].targets, target))
			return &table[i];
	return NULL;
}

static const row *row_by_ip(lm_vendor v, unsigned major, unsigned minor)
{
	for (size_t i = 0; i < NROWS; i++)
		if (table[i].vendor == v && ip_in(&table[i], major, minor))
			return &table[i];
	return NULL;
}

static const row *row_by_pci_id(unsigned id)
{
	char hi[3];
	snprintf(hi, sizeof hi, "%02x", id >> 8 & 0xff);
	for (size_t i = 0; i < NROWS; i++)
		if (table[i].vendor == LM_VENDOR_INTEL && has_word(table[i].pci_ids, hi))
			return &table[i];
	return NULL;
}

/* Whose device p is. CPUs first: a CPU runtime of any vendor (Intel's
 * lists sub-group sizes, PoCL even answers CL_DEVICE_SUB_GROUP_SIZES_INTEL)
 * runs work-items in turn, whatever the extensions say. */
static lm_vendor vendor_of(const lm_vendor_props *p)
{
	if (p->type & CL_DEVICE_TYPE_CPU)
		return LM_VENDOR_OTHER;
	if (p->nv_cc_major > 0 || strstr(p->vendor, "NVIDIA") != NULL)
		return LM_VENDOR_NVIDIA;
	if (lm_vendor_has_extension(p, "cl_amd_device_attribute_query") ||
	    strstr(p->vendor, "Advanced Micro Devices") || strcmp(p->vendor, "AMD") == 0)
		return LM_VENDOR_AMD;
	if (strstr(p->vendor, "Intel"))
		return LM_VENDOR_INTEL;
	return LM_VENDOR_OTHER;
}

/* The table row for p, if any, with the architecture name and where it came
 * from in d. */
static const row *find_row(const lm_vendor_props *p, lm_vendor v, lm_device *d)
{
	const row *r = NULL;
	for (size_t i = 0; i < NROWS && !r; i++)
		if ((table[i].by == BY_NAME && strncmp(p->name, table[i].targets,
						     strlen(table[i].targets)) == 0) ||
		    (table[i].by == BY_CPU && (p->type & CL_DEVICE_TYPE_CPU)))
			r = &table[i];
	if (r) {
		/* no GPU architecture: the row says why */
		snprintf(d->arch_source, sizeof d->arch_source, "none: %s", r->family);
		return r;
	}
	char buf[32];
	switch (v) {
	case LM_VENDOR_NVIDIA:
		if (p->nv_cc_major <= 0)
			return NULL;
		snprintf(d->arch, sizeof d->arch, "sm_%d%d", p->nv_cc_major, p->nv_cc_minor);
		snprintf(d->arch_source, sizeof d->arch_source, "CL_DEVICE_COMPUTE_CAPABILITY_*_NV");
		return row_by_target(v, d->arch);
	case LM_VENDOR_AMD:
		if (amd_processor(p->name, buf, sizeof buf)) {
			snprintf(d->arch, sizeof d->arch, "%s", buf);
			snprintf(d->arch_source, sizeof d->arch_source, "device name");
			return row_by_target(v, buf);
		}
		if (!p->amd_gfxip_major)
			return NULL;
		r = row_by_ip(v, p->amd_gfxip_major, p->amd_gfxip_minor);
		/* the row's first processor stands for it: the same facts and
		 * the same ISA generation, which is what the kernels ask */
		if (r)
			snprintf(d->arch, sizeof d->arch, "%.*s", (int)strcspn(r->targets, " "),
				 r->targets);
		snprintf(d->arch_source, sizeof d->arch_source, "CL_DEVICE_GFXIP_*_AMD %u.%u",
			 p->amd_gfxip_major, p->amd_gfxip_minor);
		return r;
	case LM_VENDOR_INTEL: {
		unsigned ip = p->intel_ip_version, id = intel_pci_id(p);
		if (ip) {
			r = row_by_ip(v, ip >> 22, ip >> 14 & 0xff);
			snprintf(d->arch_source, sizeof d->arch_source,
				 "CL_DEVICE_IP_VERSION_INTEL %u.%u.%u", ip >> 22, ip >> 14 & 0xff,
				 ip & 0x3f);
		} else if (id) {
			r = row_by_pci_id(id);
			snprintf(d->arch_source, sizeof d->arch_source, "PCI device ID 0x%04x", id);
		}
		if (r)
			snprintf(d->arch, sizeof d->arch, "%s", r->family);
		return r;
	}
	default:
		return NULL;
	}
}

/* ---- deciding ---- */

/* Lanes per warp without --simd: a vendor query, else the table, else (if
 * probe) the probe kernel's preferred multiple; 0 if none says. Intel: 16,
 * required, where Intel's compiler takes intel_reqd_sub_group_size and 16
 * is a size the device runs. */
static unsigned decide_simd(const lm_vendor_props *p, lm_vendor v, const row *r, bool probe,
			    unsigned *reqd, char *src, size_t size)
{
	*reqd = 0;
	if (v == LM_VENDOR_NVIDIA && p->nv_warp_size) {
		snprintf(src, size, "CL_DEVICE_WARP_SIZE_NV");
		return p->nv_warp_size;
	}
	if (v == LM_VENDOR_AMD && p->amd_wave_width) {
		snprintf(src, size, "CL_DEVICE_WAVEFRONT_WIDTH_AMD");
		return p->amd_wave_width;
	}
	if (v == LM_VENDOR_INTEL && strncmp(p->platform, PLATFORM_INTEL, strlen(PLATFORM_INTEL)) == 0) {
		for (unsigned i = 0; i < p->intel_sg_count; i++)
			if (p->intel_sg_sizes[i] == 16) {
				*reqd = 16;
				snprintf(src, size, "CL_DEVICE_SUB_GROUP_SIZES_INTEL");
				return 16;
			}
		if (!p->intel_sg_count && r && r->simd) {
			*reqd = r->simd;
			snprintf(src, size, "table: %s sub-groups", r->family);
			return r->simd;
		}
	}
	if (v != LM_VENDOR_INTEL && r && r->simd) {
		snprintf(src, size, "table: %s", r->family);
		return r->simd;
	}
	if (probe && p->probe_multiple) {
		snprintf(src, size, "preferred work-group multiple");
		return (unsigned)p->probe_multiple;
	}
	return 0;
}

bool lm_vendor_needs_probe(const lm_vendor_props *p, unsigned simd_override)
{
	if (simd_override)
		return false;
	lm_device d;
	lm_vendor v = vendor_of(p);
	const row *r = find_row(p, v, &d);
	unsigned reqd;
	char src[64];
	return decide_simd(p, v, r, false, &reqd, src, sizeof src) == 0;
}

/* Resident warps and work-groups per CU from the row and the queries that
 * refine it; false if nothing says (the caller assumes one work-group). */
static bool decide_occupancy(const lm_vendor_props *p, lm_vendor v, const row *r,
			     unsigned one_group, lm_device *d)
{
	const char *arch = *d->arch ? d->arch : r ? r->family : "?";
	if (r && r->by != BY_ARCH) {
		d->max_warps = one_group < r->warps ? one_group : r->warps;
		d->max_groups = d->max_warps;
		snprintf(d->max_warps_source, sizeof d->max_warps_source,
			 "%s: no limit; latmix sweeps %u", r->by == BY_CPU ? "CPU" : r->family,
			 d->max_warps);
		return true;
	}
	if (v == LM_VENDOR_INTEL) {
		/* EUs as CUs is what Intel's own runtime reports; other
		 * drivers' compute units may be something else */
		if (strncmp(p->platform, PLATFORM_INTEL, strlen(PLATFORM_INTEL)) != 0)
			return false;
		if (!p->intel_threads_per_eu && !r)
			return false;
		d->max_warps = p->intel_threads_per_eu ? p->intel_threads_per_eu : r->warps;
		d->max_groups = r && r->groups >= r->pool ? r->groups / r->pool : 1;
		if (p->intel_threads_per_eu)
			snprintf(d->max_warps_source, sizeof d->max_warps_source,
				 "CL_DEVICE_NUM_THREADS_PER_EU_INTEL");
		else
			snprintf(d->max_warps_source, sizeof d->max_warps_source, "table: %s",
				 r->family);
	} else if (r && v == LM_VENDOR_AMD) {
		unsigned simds = p->amd_simd_per_cu ? p->amd_simd_per_cu : r->simds;
		d->max_warps = r->warps * simds;
		d->max_groups = r->groups;
		snprintf(d->max_warps_source, sizeof d->max_warps_source, "table: %s (%s)",
			 r->family, arch);
	} else if (r) {
		d->max_warps = r->warps * r->simds;
		d->max_groups = r->groups;
		snprintf(d->max_warps_source, sizeof d->max_warps_source, "table: %s (%s)",
			 r->family, arch);
	} else {
		return false;
	}
	if (d->max_groups > d->max_warps)
		d->max_groups = d->max_warps;
	return true;
}

/* The clock latmix's kernels read: only where the vendor's own compiler
 * takes the vendor's own kernel code. */
static void decide_kclock(const lm_vendor_props *p, lm_vendor v, lm_device *d)
{
	if (v == LM_VENDOR_NVIDIA && strcmp(p->platform, PLATFORM_NV) == 0) {
		d->kclock = LM_KCLOCK_NV;
		snprintf(d->kclock_source, sizeof d->kclock_source, "%s platform", PLATFORM_NV);
	} else if (v == LM_VENDOR_AMD && strcmp(p->platform, PLATFORM_AMD) == 0) {
		d->kclock = LM_KCLOCK_AMD;
		snprintf(d->kclock_source, sizeof d->kclock_source, "AMD's platform");
	} else if (v == LM_VENDOR_NVIDIA || v == LM_VENDOR_AMD) {
		snprintf(d->kclock_source, sizeof d->kclock_source, "not the vendor's own platform");
	} else {
		snprintf(d->kclock_source, sizeof d->kclock_source, "none known");
	}
}

/* PCI address: cl_khr_pci_bus_info, else the vendor queries. Neither
 * NVIDIA's older drivers nor AMD's topology give the domain (ROCm/clr#106),
 * which stays -1. CL_DEVICE_PCI_SLOT_ID_NV is the device number: 6 for an
 * H200 at 0000:00:06.0 (driver 580.159, cl_khr_pci_bus_info and nvidia-smi
 * agreeing), where clinfo, reading it as device << 3 | function, prints
 * 0000:00:00.6. GPUs are function 0. */
static void decide_pci(const lm_vendor_props *p, lm_device *d)
{
	d->pci_domain = d->pci_bus = d->pci_device = d->pci_function = -1;
	if (p->pci_bus >= 0) {
		d->pci_domain = p->pci_domain;
		d->pci_bus = p->pci_bus;
		d->pci_device = p->pci_device;
		d->pci_function = p->pci_function;
		snprintf(d->pci_source, sizeof d->pci_source, "cl_khr_pci_bus_info");
	} else if (p->nv_pci_bus >= 0 && p->nv_pci_slot >= 0) {
		d->pci_domain = p->nv_pci_domain;
		d->pci_bus = p->nv_pci_bus & 0xff;
		d->pci_device = p->nv_pci_slot & 0x1f;
		d->pci_function = 0;
		snprintf(d->pci_source, sizeof d->pci_source, "CL_DEVICE_PCI_*_ID_NV");
	} else if (p->amd_topology_type == 1 && p->amd_pci_bus >= 0) {
		d->pci_bus = p->amd_pci_bus;
		d->pci_device = p->amd_pci_device;
		d->pci_function = p->amd_pci_function;
		snprintf(d->pci_source, sizeof d->pci_source, "CL_DEVICE_TOPOLOGY_AMD");
	} else {
		snprintf(d->pci_source, sizeof d->pci_source, "none reported");
	}
}

/* The offline compiler and the name it takes for this device. */
static void decide_isa(const lm_vendor_props *p, lm_vendor v, const row *r, lm_device *d)
{
	unsigned ip = p->intel_ip_version, id = intel_pci_id(p);
	/* a processor the name gives; one that stands for a GFXIP version
	 * is near enough for the facts, not for a code object */
	if (v == LM_VENDOR_AMD && r && strcmp(d->arch_source, "device name") == 0) {
		d->compiler = LM_COMPILER_CLANG_AMDGPU;
		snprintf(d->isa_target, sizeof d->isa_target, "%s", d->arch);
	} else if (v == LM_VENDOR_INTEL && ip) {
		/* ocloc takes the IP version as a device name */
		d->compiler = LM_COMPILER_OCLOC;
		snprintf(d->isa_target, sizeof d->isa_target, "%u.%u.%u", ip >> 22,
			 ip >> 14 & 0xff, ip & 0x3f);
	} else if (v == LM_VENDOR_INTEL && id) {
		d->compiler = LM_COMPILER_OCLOC;
		snprintf(d->isa_target, sizeof d->isa_target, "0x%04x", id);
	}
}

void lm_vendor_describe(const lm_vendor_props *p, unsigned simd_override,
			unsigned max_warps_override, lm_device *d)
{
	snprintf(d->platform_name, sizeof d->platform_name, "%s", p->platform);
	snprintf(d->name, sizeof d->name, "%s", p->name);
	snprintf(d->vendor, sizeof d->vendor, "%s", p->vendor);
	d->type = p->type;
	d->compute_units = p->compute_units;
	d->max_clock_mhz = p->max_clock_mhz;
	d->max_wg_size = p->max_wg_size;
	d->nv_cc_major = p->nv_cc_major > 0 ? p->nv_cc_major : 0;
	d->nv_cc_minor = p->nv_cc_major > 0 ? p->nv_cc_minor : 0;
	d->arch[0] = d->arch_source[0] = '\0';
	d->kclock = LM_KCLOCK_NONE;
	d->compiler = LM_COMPILER_NONE;
	d->isa_target[0] = '\0';

	lm_vendor v = vendor_of(p);
	d->vendor_kind = v;
	const row *r = find_row(p, v, d);
	if (!*d->arch_source)
		snprintf(d->arch_source, sizeof d->arch_source, "not in the table");
	d->loop_limit = r ? r->loop_limit : 0;
	d->local_per_cu = r ? (unsigned long long)r->local_kib * 1024 : 0;
	d->local_reserved = r ? r->local_reserved : 0;
	d->groups_in_turn = r ? r->groups_in_turn : (p->type & CL_DEVICE_TYPE_CPU) != 0;
	d->no_unroll_pragma = r && r->no_unroll_pragma;

	unsigned reqd;
	d->simd_width = decide_simd(p, v, r, true, &reqd, d->simd_source, sizeof d->simd_source);
	if (!d->simd_width) {
		d->simd_width = 1;
		snprintf(d->simd_source, sizeof d->simd_source, "none found: 1 assumed");
	}
	d->reqd_subgroup = reqd;
	snprintf(d->subgroup_source, sizeof d->subgroup_source, "%s",
		 reqd ? d->simd_source : "the compiler's choice");
	if (simd_override) {
		d->simd_width = simd_override;
		snprintf(d->simd_source, sizeof d->simd_source, "--simd");
		/* a required sub-group follows the width the host assumes */
		if (d->reqd_subgroup) {
			d->reqd_subgroup = simd_override;
			snprintf(d->subgroup_source, sizeof d->subgroup_source, "--simd");
		}
	}

	unsigned one_group = (unsigned)(d->max_wg_size / d->simd_width);
	if (one_group == 0)
		one_group = 1;
	if (!decide_occupancy(p, v, r, one_group, d)) {
		d->max_warps = one_group;
		d->max_groups = 1;
		snprintf(d->max_warps_source, sizeof d->max_warps_source,
			 "unknown: one work-group assumed");
	}
	if (max_warps_override) {
		d->max_warps = max_warps_override;
		if (d->max_groups > max_warps_override)
			d->max_groups = max_warps_override;
		if (d->max_groups == 1 && max_warps_override > one_group)
			d->max_groups = (max_warps_override + one_group - 1) / one_group;
		snprintf(d->max_warps_source, sizeof d->max_warps_source, "--max-warps");
	}

	decide_kclock(p, v, d);
	decide_pci(p, d);
	decide_isa(p, v, r, d);
}

/* ---- offline targets ---- */

/* Every target, space-separated, for the message that lists them. */
static void known_targets(char *buf, size_t size)
{
	size_t k = 0;
	buf[0] = '\0';
	for (size_t i = 0; i < NROWS && k + 1 < size; i++)
		if (table[i].by == BY_ARCH) {
			int n = snprintf(buf + k, size - k, "%s%s", k ? " " : "", table[i].targets);
			if (n < 0)
				break;
			k += (size_t)n;
		}
}

lm_status lm_vendor_target(const char *target, lm_device *d)
{
	const row *r = NULL;
	for (size_t i = 0; i < NROWS && !r; i++)
		if (table[i].by == BY_ARCH && has_word(table[i].targets, target))
			r = &table[i];
	if (!r || !*target || strchr(target, ' ')) {
		char known[768];
		known_targets(known, sizeof known);
		return lm_fail(LM_EUSAGE, "target '%s': not one latmix knows (%s)", target, known);
	}
	memset(d, 0, sizeof *d);
	d->platform_index = d->device_index = -1;
	snprintf(d->platform_name, sizeof d->platform_name, "offline");
	snprintf(d->name, sizeof d->name, "%s", target);
	d->type = CL_DEVICE_TYPE_GPU;
	d->vendor_kind = r->vendor;
	snprintf(d->vendor, sizeof d->vendor, "%s",
		 r->vendor == LM_VENDOR_NVIDIA ? "NVIDIA" : r->vendor == LM_VENDOR_AMD ? "AMD" : "Intel");
	/* AMD and NVIDIA name architectures by their compile targets */
	snprintf(d->arch, sizeof d->arch, "%s", r->vendor == LM_VENDOR_INTEL ? r->family : target);
	snprintf(d->arch_source, sizeof d->arch_source, "offline target");
	d->simd_width = r->simd;
	snprintf(d->simd_source, sizeof d->simd_source, "table: %s", r->family);
	d->max_warps = r->warps * r->simds;
	d->max_groups = r->groups >= r->pool ? r->groups / r->pool : 1;
	if (d->max_groups > d->max_warps)
		d->max_groups = d->max_warps;
	snprintf(d->max_warps_source, sizeof d->max_warps_source, "table: %s (%s)", r->family,
		 target);
	/* the clock the vendor's own platform would give */
	d->kclock = r->vendor == LM_VENDOR_NVIDIA ? LM_KCLOCK_NV
		    : r->vendor == LM_VENDOR_AMD ? LM_KCLOCK_AMD : LM_KCLOCK_NONE;
	snprintf(d->kclock_source, sizeof d->kclock_source, "offline target: the vendor's platform");
	if (r->vendor == LM_VENDOR_INTEL) {
		d->reqd_subgroup = r->simd;
		snprintf(d->subgroup_source, sizeof d->subgroup_source, "table: %s sub-groups",
			 r->family);
	} else {
		snprintf(d->subgroup_source, sizeof d->subgroup_source, "the compiler's choice");
	}
	d->pci_domain = d->pci_bus = d->pci_device = d->pci_function = -1;
	snprintf(d->pci_source, sizeof d->pci_source, "offline target");
	d->compiler = r->compiler;
	snprintf(d->isa_target, sizeof d->isa_target, "%s", target);
	return LM_OK;
}

/* Registers are allocated to a warp in units of 256 and per sub-partition
 * of the SM, 4 of them (2 on compute capability 6.0): CUDA 13.0's
 * cuda_occupancy.h, cudaOccMaxBlocksPerSMRegsLimit with
 * cudaOccRegAllocationGranularity and cudaOccSubPartitionsPerMultiprocessor.
 * An SM has 64 K 32-bit registers (128 K on 3.7) and a thread at most 255
 * (CUDA C++ Programming Guide, technical specifications per compute
 * capability, 3.x to 12.x). */
unsigned lm_vendor_nv_warps_by_registers(int major, int minor, unsigned regs)
{
	if (major < 3 || major > 12 || major == 4 || regs == 0 || regs > 255)
		return 0;
	unsigned per_sm = major == 3 && minor == 7 ? 131072 : 65536;
	unsigned parts = major == 6 && minor == 0 ? 2 : 4;
	unsigned per_warp = (regs * 32 + 255) / 256 * 256;
	return parts * (per_sm / parts / per_warp);
}

/* An SM's unified data cache (L1 and shared memory) and the shared-memory
 * sizes the driver may carve out of it, KiB, by compute capability: CUDA
 * C++ Programming Guide, shared memory per compute capability (7.x, 8.x,
 * 9.0); the NVIDIA Ampere and Hopper tuning guides. From 8.0 on the driver
 * takes 1 KiB of it for each resident group; latmix's own H200 sweep
 * places spmv's L1 cliff only with it counted
 * (studies/ndrange-probe/latmix-local-h200). `sure` is the local memory an
 * SM's groups must take, KiB, past which the carve-out is the smallest
 * step that holds them: a chain walked inside the kernel on two H200s
 * found that L1 for 104 to 205 KiB a SM (132 to 228 carved out), but for
 * 16 to 96 KiB it found 156 to 192 KiB of L1 and 224 with no local memory
 * at all, less than the smallest step leaves (studies/read-peak, leases 9
 * and 10). The other capabilities are taken as 9.0 was measured: a figure
 * only past their third-largest step (their second-largest where they
 * have six). */
static const struct {
	int major, minor;
	unsigned unified, reserve, sure, n, steps[10];
} carveouts[] = {
	{ 7, 0, 128, 0, 64, 6, { 0, 8, 16, 32, 64, 96 } },
	{ 7, 2, 128, 0, 64, 6, { 0, 8, 16, 32, 64, 96 } },
	{ 8, 0, 192, 1, 100, 8, { 0, 8, 16, 32, 64, 100, 132, 164 } },
	{ 8, 6, 128, 1, 64, 6, { 0, 8, 16, 32, 64, 100 } },
	{ 8, 7, 192, 1, 100, 8, { 0, 8, 16, 32, 64, 100, 132, 164 } },
	{ 8, 9, 128, 1, 64, 6, { 0, 8, 16, 32, 64, 100 } },
	{ 9, 0, 256, 1, 100, 10, { 0, 8, 16, 32, 64, 100, 132, 164, 196, 228 } },
};

bool lm_vendor_nv_l1_left(int major, int minor, double groups, double group_bytes, double *l1_bytes)
{
	if (!(groups >= 0) || !(group_bytes >= 0))
		return false;
	for (size_t i = 0; i < sizeof carveouts / sizeof *carveouts; i++) {
		if (carveouts[i].major != major || carveouts[i].minor != minor)
			continue;
		double kib = groups * (group_bytes + 1024.0 * carveouts[i].reserve) / 1024;
		if (!(kib > carveouts[i].sure))
			return false;
		for (unsigned k = 0; k < carveouts[i].n; k++)
			if (kib <= carveouts[i].steps[k]) {
				*l1_bytes = 1024.0 * (carveouts[i].unified - carveouts[i].steps[k]);
				return true;
			}
		return false;
	}
	return false;
}

const char *lm_vendor_kclock_name(lm_kclock k)
{
	switch (k) {
	case LM_KCLOCK_NV: return "%globaltimer/%clock64 (inline PTX)";
	case LM_KCLOCK_AMD: return "s_memrealtime/s_memtime (clang builtins)";
	default: return "none";
	}
}

const char *lm_vendor_compiler_name(lm_compiler c)
{
	switch (c) {
	case LM_COMPILER_CLANG_AMDGPU: return "clang AMDGPU";
	case LM_COMPILER_OCLOC: return "Intel ocloc";
	default: return "none";
	}
}
