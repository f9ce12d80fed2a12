/* userkernel: a user's OpenCL kernel measured at every occupancy the way the
 * mixes are. The kernel is grid-stride (what it computes does not depend
 * on the grid); a description beside it (an INI file) gives its arguments'
 * contents and the problem size. latmix builds it with a wrapper kernel
 * that counts its work-groups in and out around a call of it (every group
 * resident at once, checked), launches exactly n warps per CU, times the
 * launches through the point timer (launch.h: a problem of size N beside
 * one of N/2, so start-up and end cancel) and checks that the outputs are
 * the same at every occupancy. */
#ifndef LM_USERKERNEL_H
#define LM_USERKERNEL_H

#include <stdbool.h>
#include "bench/device.h"
#include "bench/launch.h"
#include "asm/count.h"
#include "bench/userdesc.h"

typedef struct lm_user lm_user;

/* How a kernel's points are timed (the mixes' options). */
typedef struct {
	double launch_ms;  /* target duration of a timed launch sequence */
	int repeats;
	double settle;     /* percent */
	unsigned group_warps; /* 0: as few as fit */
	bool warmup_every;
	uint64_t seed;     /* of the random contents */
	double time_limit; /* seconds a launch may run at most (guard.h; a worker's only) */
	const char *kernel_dir; /* the suite's files from here; NULL: embedded */
	cl_context context; /* a context to share (the sweep's, retained); NULL: one of its own */
	cl_kernel random;   /* context's lm_user_random_kernel: random floats filled on the
			     * device; NULL: on the host */
} lm_user_config;

/* Builds the kernel with its wrapper on d (checking the description
 * against the kernel's arguments, each wrong one named), creates and fills
 * its buffers. */
lm_status lm_user_alloc(const lm_device *d, const lm_user_desc *desc, const lm_user_config *cfg,
		      lm_user **out);
void lm_user_free(lm_user *k);

/* Builds the programs lm_user_alloc builds for kernel desc (src: its
 * source) on d in context ctx, and lets them go: a process that counts a
 * kernel ahead of a sweep builds it so, so that the driver's cache (NVIDIA's
 * keeps a program's build by its text and options) holds it when the
 * sweep's own process builds it. */
lm_status lm_user_warm_build(const lm_device *d, cl_context ctx, const lm_user_desc *desc, const char *src);

/* Measures the kernel at warps per CU: its rate of elements and bytes a
 * second (bytes_per_s, elements_per_s), the row's other columns as a
 * mix's (alpha 0, no chain counts). The outputs are read back and compared
 * with those of the kernel's first point: LM_ECHECK, naming the argument
 * and the element, if they differ (a kernel whose result depends on the
 * grid). LM_EDEVICE where the point cannot be run as it must be. */
lm_status lm_user_point(lm_user *k, unsigned warps, lm_row *row);

lm_launch_cost lm_user_costs(const lm_user *k);

/* The kernel's context (a build there costs no new context). */
cl_context lm_user_context(const lm_user *k);

/* The output argument name as the kernel's first point left it (its
 * elements, *bytes of them), or NULL if there is none yet: a host copy,
 * read back from the device the first time it is asked for (usercheck.c). */
const void *lm_user_output(lm_user *k, const char *name, size_t *bytes);

/* Whether output name was compared on the device at the last point
 * checked (else on the host, or not yet); *from: the element from which
 * the host then compared it, where a word differed, else SIZE_MAX. */
bool lm_user_checked_on_device(const lm_user *k, const char *name, size_t *from);

/* ---- a kernel as written (its description's global; usernd.c) ---- */

/* A work-group shape of a kernel as written and the occupancies it can be
 * held at on the device. */
typedef struct {
	unsigned shape[LM_USER_MAX_DIMS]; /* work-items in each dimension (1 past the kernel's) */
	size_t wg;                        /* work-items a group */
	unsigned per_group;               /* warps a group */
	size_t user_local;                /* bytes of local memory the kernel takes a group */
	unsigned lo, hi;                  /* groups per CU it can be held at, lo to hi */
	char limit[256];                  /* what sets hi */
} lm_user_shape;

/* What a point's launches counted of the groups resident at once: the most
 * on one CU (hi) and on the CU with the fewest (lo), of ncu CUs, and the
 * most over the device (all). */
typedef struct {
	unsigned hi, lo, ncu, all;
} lm_user_resident;

/* The shapes a kernel as written is measured at: list (--local-size,
 * "32,64" or "16x16,32x8") if given, else its description's local, else
 * 32 to 512 work-items (square-ish in 2D and 3D) as far as the device and
 * the kernel allow; *n of them (at most LM_USER_MAX_LOCALS). */
lm_status lm_user_nd_shapes(const lm_user *k, const char *list, unsigned (*shapes)[LM_USER_MAX_DIMS], int *n);

/* "256", "16x16" for shape. */
void lm_user_nd_shape_text(const lm_user *k, const unsigned *shape, char *buf, size_t size);

/* The levels (groups per CU) a group of shape can be held at on k's
 * device: its warps and local memory against the device's limits (a
 * CPU's core runs one group at a time), the least a group may reserve.
 * LM_EDEVICE, saying why, where the shape does not run at all: too large
 * for the device or the kernel, or not dividing the global size at N or
 * N / 2. */
lm_status lm_user_nd_shape(lm_user *k, const unsigned shape[LM_USER_MAX_DIMS], lm_user_shape *out);

/* Sets sh's levels from its warps and user_local on d: hi, what the
 * device's limits (warps, groups, local memory a CU) let resident with no
 * reserve; lo, where the most a group may reserve (CL_DEVICE_LOCAL_MEM_SIZE)
 * still leaves room for lo groups; both 1 where a CU runs its groups in
 * turn. Where the vendor table does not know a CU's local memory, a
 * group's most is taken for it (said in sh->limit). */
void lm_user_nd_levels(const lm_device *d, lm_user_shape *sh);

/* Bytes of local memory the wrapper reserves a group of sh on d to hold
 * the groups a CU takes to level: in 128-byte steps (the kernel's own
 * rounded up to one), the least with which level + 1 groups no longer fit;
 * SIZE_MAX where then level do not fit either (no step lands between), or
 * a group would take more than the device allows; 0 at sh->hi. */
size_t lm_user_nd_pad(const lm_device *d, const lm_user_shape *sh, unsigned level);

/* Measures the kernel over its NDRange in groups of sh at level groups
 * per CU (warps per CU: level x its warps), as lm_user_point: the row's
 * resident_groups and resident_warps what the wrapper counted,
 * coresident "yes" only where the count is the level (per CU: every CU
 * held exactly level; over the device: CUs x level at once), its spread
 * what was counted. LM_EDEVICE where the problem is too small to fill
 * the level twice over. */
lm_status lm_user_nd_point(lm_user *k, const lm_user_shape *sh, unsigned level, lm_row *row);

/* What the last point's launches counted. */
const lm_user_resident *lm_user_nd_counted(const lm_user *k);

/* Whether r, counted per CU (per_cu: every CU held exactly level) or over
 * the device of cus CUs (CUs x level at once; where the CUs run groups in
 * turn, a CPU's cores, level 1 and from 1 to cus at once), is level
 * groups a CU: into *groups the groups a CU counted (the most on one CU;
 * over the device, its mean), into spread what was counted. */
bool lm_user_nd_verdict(bool per_cu, bool in_turn, unsigned cus, unsigned level, const lm_user_resident *r,
			double *groups, char *spread, size_t size);

#endif
