/* dispatch: the mixes of step dispatch (cl/dispatch.cl), launched over many
 * more work-groups than the device holds at once. The dispatch mix: how fast
 * each compute unit takes in new work-groups, over work-group sizes, each
 * group doing nothing but mark that it ran; the row holds work-groups a
 * second, and fit/dispatch.c turns the rows into the dispatch parameters.
 * The written mixes (written-read, written-copy): plain reads (and a copy)
 * as people write them, groups of LM_WRITTEN_WG, their row the loads a
 * second and a CU's warp loads a cycle (mem_ipc): the memory's peak for a
 * kernel as written. The point timer (launch.h) times a launch of G groups
 * beside one of G / 2, so what the launches' start and end cost cancels. */
#ifndef LM_DISPATCH_H
#define LM_DISPATCH_H

#include <stdbool.h>
#include <stddef.h>
#include "bench/device.h"
#include "bench/launch.h"
#include "base/mix.h"
#include "fit/results.h"

/* The most work-group sizes a sweep measures. */
#define LM_DISPATCH_MAX_SIZES 8

/* The work-group size the written mixes are measured at (the device's
 * largest where that is less). */
#define LM_WRITTEN_WG 256

#define LM_WRITTEN_LOADS LM_MIX_WRITTEN_LOADS

/* The work-group sizes the dispatch mix measures on d, in work-items:
 * 32, 64, 128, 256, 512 and 1024 (quick: 32, 256 and 1024), those above
 * the device's largest group left out and its largest added where it is
 * not one of them. Returns how many (at least 1). */
size_t lm_dispatch_sizes(const lm_device *d, bool quick, unsigned sizes[LM_DISPATCH_MAX_SIZES]);

/* The sizes mix m (of step dispatch) is measured at on d: the dispatch
 * mix's (above), written-copy's LM_WRITTEN_WG alone, written-read's half
 * that too and (not quick) 2 and 4 times it where d takes them: the wait
 * of a group of fewer or more warps for its last. */
size_t lm_dispatch_mix_sizes(const lm_device *d, const lm_mix *m, bool quick,
			     unsigned sizes[LM_DISPATCH_MAX_SIZES]);

/* The work-groups of wg work-items a CU of d holds at once, by the
 * device's table (its warps and groups a CU); at least 1. */
unsigned lm_dispatch_resident(const lm_device *d, unsigned wg);

typedef struct {
	double launch_ms;       /* target duration of a timed launch */
	int repeats;            /* timed pairs a point, at most */
	double settle;          /* percent: two pairs that agree end a point */
	const char *kernel_dir; /* NULL: the embedded kernel */
	cl_context context;     /* one to share (retained); NULL: its own */
	unsigned long max_groups; /* most groups a launch (0: latmix's limit) */
	const lm_mix *mix;      /* a mix of step dispatch; NULL: the dispatch mix */
	unsigned long long footprint; /* a written mix's buffer bytes (within the device's
				       * largest allocation, a power of two of words) */
} lm_dispatch_config;

typedef struct lm_dispatch lm_dispatch;

/* Its context and queue, the kernel built and the buffer of groups' marks. */
lm_status lm_dispatch_alloc(const lm_device *d, const lm_dispatch_config *cfg, lm_dispatch **out);
void lm_dispatch_free(lm_dispatch *x);

/* Measures groups of wg work-items; every launch's groups checked to have
 * run (LM_ECHECK naming the first that did not; a written mix's loads too,
 * each work-item's sum). LM_EDEVICE (nothing measured) where the device
 * cannot launch groups of wg. The row: alpha 0, work_group_size wg,
 * groups_per_cu the groups a CU holds at once (lm_dispatch_resident) and
 * warps_per_cu their warps, iters the groups of the long launch,
 * cycles_per_group a CU's cycles a group at the row's clock, coresident
 * "not asked"; elements_per_s work-groups a second over the device (the
 * dispatch mix) or loads a second (a written mix, whose mem_ipc is a CU's
 * warp loads a cycle and bytes_per_s what its loads and stores move).
 * written-read's group_wait, where kernels read a clock and the vendor
 * table knows a CU's local memory: in a launch of its own, groups held to
 * 4 a CU (or as many as it holds where fewer), the share of a warp's time
 * it waits, once ended, for its group's last warp; NAN elsewhere. */
lm_status lm_dispatch_point(lm_dispatch *x, unsigned wg, lm_row *row);

/* The share of a warp's time it waits, once ended, for its group's last,
 * from each warp's start and end (t[2 w], t[2 w + 1], warps in order, per
 * to a group, groups of them): the sum over warps of (their group's last
 * end - their end) over the sum of their times (end - start); NAN where
 * the warps took no time, or one wrote none (0) or ended before it began. */
double lm_dispatch_wait_share(const cl_ulong *t, size_t groups, size_t per);

/* Where its time went. */
lm_launch_cost lm_dispatch_costs(const lm_dispatch *x);

#endif
