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
} lm_user_config;

/* Builds the kernel with its wrapper on d (checking the description
 * against the kernel's arguments, each wrong one named), creates and fills
 * its buffers. */
lm_status lm_user_alloc(const lm_device *d, const lm_user_desc *desc, const lm_user_config *cfg,
		      lm_user **out);
void lm_user_free(lm_user *k);

/* Measures the kernel at warps per CU: its rate of elements and bytes a
 * second (bytes_per_s, elements_per_s), the row's other columns as a
 * mix's (alpha 0, no chain counts). The outputs are read back and compared
 * with those of the kernel's first point: LM_ECHECK, naming the argument
 * and the element, if they differ (a kernel whose result depends on the
 * grid). LM_EDEVICE where the point cannot be run as it must be. */
lm_status lm_user_point(lm_user *k, unsigned warps, lm_row *row);

lm_launch_cost lm_user_costs(const lm_user *k);

/* The output argument name as the kernel's first point left it (its
 * elements, *bytes of them), or NULL if there is none yet. */
const void *lm_user_output(const lm_user *k, const char *name, size_t *bytes);

#endif
