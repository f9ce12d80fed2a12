/* mix: the experiments, each described once. Every derived figure (IPC,
 * bytes per second, cycles per group) comes from these counts. */
#ifndef LM_MIX_H
#define LM_MIX_H

#include <stdbool.h>

typedef enum {
	LM_STEP_GLOBAL, /* a = base[a], a global-memory load */
	LM_STEP_LOCAL,  /* a = lbase[a], a local ("shared") memory load */
	LM_STEP_SFU,    /* a = native_rsqrt(a) */
	LM_STEP_STREAM, /* independent coalesced loads: bandwidth, not latency */
	LM_STEP_DISPATCH /* no chain: work-groups, many more than fit at once
			  * (cl/dispatch.cl): empty ones (how fast a CU takes in new
			  * groups), or plain reads as written (the written mixes) */
} lm_step;

typedef struct {
	const char *name;         /* as given to --mix */
	const char *kernel;       /* function in cl/chase.cl */
	const char *define;       /* build option selecting the step, or "" */
	lm_step step;
	unsigned stride;          /* words between neighbouring lanes' loads */
	bool divergent;           /* every lane on a line of its own */
	unsigned bytes_per_lane;  /* bytes a lane loads per step; 0: none (sfu;
				   * stream-fill, whose steps are stores) */
	unsigned store_bytes;     /* bytes a lane also stores per step, on average
				   * (coalesced, to a buffer of their own; a word
				   * every bytes_per_lane / store_bytes steps); 0: none */
	unsigned shift;           /* stream: words a warp's load starts before a line
				   * (it straddles two); 0: on a line */
	const char *description;
	/* what latmix run fits of it (fit/fit.h): */
	bool fit_alone;           /* its own basic fit, params-MIX.ini and fit-MIX.txt (gmem's:
				   * params.ini) */
	bool issue_cost;          /* ... with an issue cost: its instructions take more than one
				   * issue slot (thesis 4.7) */
	bool kernel_kind;         /* a memory kind of params-kernels.ini, what predict --kernel
				   * reads (the stores', the scattered loads') */
	bool cache;               /* its buffer is one the device's global-memory cache holds
				   * (lm_meas_cache_footprint), not the chase's footprint: what a
				   * load that hits that cache costs */
	unsigned group_warps;     /* the warps of a work-group it is measured at, at the
				   * occupancies that hold whole groups of them, whatever
				   * --group-warps says (stream-scatter: 8, a sector's
				   * words); 0: the sweep's */
} lm_mix;

/* The floats a work-item of the written mixes loads (cl/dispatch.cl's
 * LM_WRITTEN_LOADS, built with this): what their rates hold for. */
#define LM_MIX_WRITTEN_LOADS 8

#define LM_MIX_KERNEL_FILE "chase.cl" /* every mix's but those of step dispatch (cl/dispatch.cl) */

/* The mix called name, or NULL. */
const lm_mix *lm_mix_find(const char *name);

/* The i-th mix, or NULL past the last. */
const lm_mix *lm_mix_at(int i);

/* The names of all mixes, comma-separated, for messages. */
const char *lm_mix_names(void);

/* Stores a load the mix makes (store_bytes / bytes_per_lane; 0: none):
 * the share of stores its memory kind measures. */
double lm_mix_store_share(const lm_mix *m);

/* Chain steps per store (a lane stores a word every this many steps; 0:
 * the mix does not store): cl/chase.cl's LM_STORE_EVERY. */
unsigned lm_mix_store_every(const lm_mix *m);

/* Is m one of the written mixes (plain reads as written, of step dispatch,
 * that load: written-read, written-copy), not the dispatch mix? */
bool lm_mix_written(const lm_mix *m);

/* Does the kernel loop inside its loop over iterations (stream-fill: a
 * pass a store, as a store-only loop runs)? A driver's limit on a
 * work-item's loop passes counts those too. */
bool lm_mix_inner_loop(const lm_mix *m);

#endif
