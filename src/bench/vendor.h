/* vendor: what latmix knows of each vendor's architectures, in one table,
 * and the pure function that turns a device's raw OpenCL properties into
 * the facts a measurement needs (SIMD width, resident warps and groups per
 * CU, in-kernel clock, required sub-group size, PCI address). Querying
 * lives in device.c; deciding lives here, so it can be tested from recorded
 * properties without the hardware. */
#ifndef LM_VENDOR_H
#define LM_VENDOR_H

#include <stdbool.h>
#include <stddef.h>
#include "bench/device.h"

/* Most sub-group sizes kept from CL_DEVICE_SUB_GROUP_SIZES_INTEL (PoCL
 * lists every size from 0 to its maximum work-group size). */
#define LM_VENDOR_SG_SIZES 8

/* A device's properties as the driver reports them, undecided. Integers
 * are 0 (counts, versions) or -1 (PCI fields) where the driver does not
 * answer; strings are "". lm_vendor_props_init() sets those. */
typedef struct {
	char platform[128];       /* CL_PLATFORM_NAME */
	char name[128];           /* CL_DEVICE_NAME */
	char vendor[128];         /* CL_DEVICE_VENDOR */
	cl_device_type type;
	unsigned compute_units;
	unsigned max_clock_mhz;
	size_t max_wg_size;
	char extensions[8192];    /* CL_DEVICE_EXTENSIONS, space-separated */
	size_t probe_multiple;    /* a trivial kernel's preferred work-group
				   * size multiple; 0: not probed */
	/* cl_khr_pci_bus_info */
	int pci_domain, pci_bus, pci_device, pci_function;
	/* cl_nv_device_attribute_query */
	int nv_cc_major, nv_cc_minor;
	unsigned nv_warp_size;
	int nv_pci_bus, nv_pci_slot, nv_pci_domain; /* slot: the device number */
	/* cl_amd_device_attribute_query */
	char amd_board[128];
	unsigned amd_wave_width;
	unsigned amd_simd_per_cu;
	unsigned amd_gfxip_major, amd_gfxip_minor; /* major 0: not reported */
	int amd_topology_type;    /* 1: PCIe (CL_DEVICE_TOPOLOGY_TYPE_PCIE_AMD) */
	int amd_pci_bus, amd_pci_device, amd_pci_function;
	/* cl_intel_device_attribute_query, cl_intel_required_subgroup_size */
	unsigned intel_ip_version; /* architecture << 22 | release << 14 | revision */
	unsigned intel_device_id;
	unsigned intel_slices, intel_sub_slices, intel_eus_per_sub_slice;
	unsigned intel_threads_per_eu;
	size_t intel_sg_sizes[LM_VENDOR_SG_SIZES];
	unsigned intel_sg_count;
} lm_vendor_props;

/* Marks every property as not reported. */
void lm_vendor_props_init(lm_vendor_props *p);

/* True if ext is one of the words of p->extensions. */
bool lm_vendor_has_extension(const lm_vendor_props *p, const char *ext);

/* True if lm_vendor_describe() would fall back on p->probe_multiple for
 * the SIMD width: the caller then builds the probe kernel and fills it in. */
bool lm_vendor_needs_probe(const lm_vendor_props *p, unsigned simd_override);

/* Fills in d, from p and the vendor table: compute units, clock and
 * maximum work-group size as reported, and the decided vendor_kind, arch,
 * kclock, simd_width, max_warps, max_groups, reqd_subgroup, loop_limit,
 * PCI address, offline compiler and, for each, where it came from.
 * simd_override and max_warps_override, if nonzero, replace the decided
 * SIMD width and resident warps (--simd, --max-warps). Pure: no OpenCL. */
void lm_vendor_describe(const lm_vendor_props *p, unsigned simd_override,
			unsigned max_warps_override, lm_device *d);

/* Describes an offline compile target, with no device: an AMD processor
 * ("gfx90a", "gfx942", "gfx1100", ...), an Intel ocloc device ("dg2-g10",
 * "pvc", "tgllp", ...) or an NVIDIA architecture ("sm_90"). LM_EUSAGE, with
 * the known targets, if target is none of them. */
lm_status lm_vendor_target(const char *target, lm_device *d);

/* NVIDIA: the warps an SM of compute capability major.minor holds for a
 * kernel whose threads use regs 32-bit registers each (ptxas's "Used N
 * registers"), by register file alone; 0 where the table does not know the
 * capability or regs is over a thread's limit. */
unsigned lm_vendor_nv_warps_by_registers(int major, int minor, unsigned regs);

/* NVIDIA: the L1 left on an SM of compute capability major.minor whose
 * groups (groups resident, group_bytes of local memory each) take its
 * shared memory, the driver's own per group counted in: the unified data
 * cache less the smallest carve-out that holds them, into *l1_bytes; false
 * where the table does not know the capability, no carve-out holds them,
 * or they take too little for the driver to be known to carve that
 * (below 100 KiB on 9.0 it carved more: vendor.c). */
bool lm_vendor_nv_l1_left(int major, int minor, double groups, double group_bytes, double *l1_bytes);

/* "none", "NVIDIA inline PTX", ... for d->kclock; "none", "clang AMDGPU",
 * "Intel ocloc" for d->compiler. */
const char *lm_vendor_kclock_name(lm_kclock k);
const char *lm_vendor_compiler_name(lm_compiler c);

#endif
