/* device: OpenCL platforms and devices, what latmix needs to know of each,
 * and how a user picks one. */
#ifndef LM_DEVICE_H
#define LM_DEVICE_H

#include <stdbool.h>
#include <stdio.h>
#include "bench/clerror.h"

/* Whose hardware a device is: decides which table row of facts applies. */
typedef enum {
	LM_VENDOR_OTHER = 0, /* CPUs through PoCL, llvmpipe, unknown parts */
	LM_VENDOR_NVIDIA,
	LM_VENDOR_AMD,
	LM_VENDOR_INTEL
} lm_vendor;

/* The in-kernel clock latmix's kernels can read on a device. */
typedef enum {
	LM_KCLOCK_NONE = 0,
	LM_KCLOCK_NV,  /* inline PTX: %globaltimer (ns), %clock64 (SM cycles), %smid */
	LM_KCLOCK_AMD  /* clang builtins on AMD's platform: s_memrealtime, s_memtime, HW_ID */
} lm_kclock;

/* The offline compiler that turns latmix's kernels into a device's ISA
 * without the device (latmix kernel --isa). */
typedef enum {
	LM_COMPILER_NONE = 0,
	LM_COMPILER_CLANG_AMDGPU, /* clang -target amdgcn-amd-amdhsa -mcpu=gfx... */
	LM_COMPILER_OCLOC         /* Intel's ocloc -device ... */
} lm_compiler;

typedef struct {
	cl_platform_id platform;
	cl_device_id id;
	int platform_index, device_index;
	char platform_name[128];
	char name[128];
	char vendor[128];
	char driver[64];        /* CL_DRIVER_VERSION */
	char version[128];      /* CL_DEVICE_VERSION */
	char c_version[64];     /* CL_DEVICE_OPENCL_C_VERSION */
	cl_device_type type;
	unsigned compute_units;
	unsigned max_clock_mhz; /* reported maximum, not the running clock */
	size_t max_wg_size;
	unsigned long long global_mem, max_alloc, local_mem;
	unsigned long long cache_size; /* last-level cache the device reports */
	unsigned cacheline;
	size_t timer_resolution_ns;
	int nv_cc_major, nv_cc_minor; /* NVIDIA compute capability; 0 if none */
	/* lanes that execute in lockstep, and where that number came from */
	unsigned simd_width;
	char simd_source[64];
	/* resident warps and work-groups per CU, and where they came from */
	unsigned max_warps;
	unsigned max_groups;
	char max_warps_source[64];
	/* vendor facts: the table in vendor.c decides them, and each says
	 * where it came from */
	lm_vendor vendor_kind;
	char arch[48];             /* "sm_90", "gfx90a", "Xe-HPG", ...; "" if unknown */
	char arch_source[64];
	lm_kclock kclock;          /* the clock kernels can read; NONE: none */
	char kclock_source[64];
	unsigned reqd_subgroup;    /* sub-group size kernels are built with
				    * (intel_reqd_sub_group_size); 0: the compiler's choice */
	char subgroup_source[64];
	unsigned long loop_limit;  /* most loop iterations a work-item may run
				    * before the driver cuts the loop; 0: no limit */
	bool no_unroll_pragma;     /* its compiler fails on `#pragma unroll` (vendor table) */
	/* a kernel as written (vendor table): the local memory a CU shares
	 * among its groups (bytes; 0: not known), what each group takes of it
	 * beyond its own, and whether a CU runs its groups one at a time */
	unsigned long long local_per_cu;
	unsigned local_reserved;
	bool groups_in_turn;
	int pci_domain, pci_bus, pci_device, pci_function; /* -1 where unknown */
	char pci_source[64];
	lm_compiler compiler;      /* offline compiler for the ISA, and its */
	char isa_target[48];       /* target name ("gfx942", "12.55.8", "pvc") */
} lm_device;

/* Describes every device of every platform: a new array (free() it). A
 * platform that fails to list its devices is skipped. simd and max_warps,
 * if nonzero, override the detected values. */
lm_status lm_device_list(lm_device **out, size_t *n, unsigned simd, unsigned max_warps);

/* Picks one device: spec is "P:D" (platform and device index), or part of
 * the device, vendor or platform name (case-insensitive; the first match);
 * NULL or "" picks the first GPU, else the first device. */
lm_status lm_device_select(const char *spec, unsigned simd, unsigned max_warps,
			   lm_device *out);

/* "GPU", "CPU", "ACCELERATOR", ... */
const char *lm_device_type_name(cl_device_type t);

/* A short identifier for file names: the device name in lower case with
 * runs of other characters turned into '-'. */
void lm_device_slug(const lm_device *d, char *buf, size_t size);

/* The PCI address, "0000:c5:00.0", or "c5:00.0" where the driver gives no
 * domain, or "unknown". */
void lm_device_pci_address(const lm_device *d, char *buf, size_t size);

/* Human-readable description, several lines. */
void lm_device_print(FILE *f, const lm_device *d);

/* CSV: header line, and one row per device. */
void lm_device_csv_header(FILE *f);
void lm_device_csv_row(FILE *f, const lm_device *d);

/* The most work-items a group of a kernel (a mix's, a user's) is launched
 * with on d: what the driver reports for it (CL_KERNEL_WORK_GROUP_SIZE; 0:
 * nothing), but the device's own on NVIDIA's OpenCL, which reports 256 for
 * every kernel and runs groups of 512 and 1024 right (an H200,
 * studies/wg-limit): latmix's build caps a thread's registers so that all
 * the warps a CU holds fit (lm_meas_device_options), and a launch that
 * fails says so. */
size_t lm_device_wg_limit(const lm_device *d, size_t reported);

/* That limit for kernel as d's driver built it (0: not known). */
size_t lm_device_kernel_wg_limit(const lm_device *d, cl_kernel kernel);

#endif
