/* sweep: latmix measure: the plan of (mix, chains, alpha, occupancy)
 * points, checked whole before anything is written, then measured into the
 * results CSV row by row. */
#ifndef LM_SWEEP_H
#define LM_SWEEP_H

#include <stdbool.h>
#include <stddef.h>
#include "base/error.h"

/* The most kernels one --kernel list names, and the longest list. */
#define LM_SWEEP_MAX_KERNELS 64
#define LM_SWEEP_LIST 4096

/* An option as the results file records it: '# option.NAME = VALUE'. */
typedef struct {
	const char *name, *value;
} lm_sweep_option;

/* What a sweep measures and how, as measure's options give it (the text
 * fields NULL where not given, the numbers 0 for "as latmix chooses"). */
typedef struct {
	const char *device, *kernel_dir, *output;
	const char *shared_binaries; /* build ahead once into this directory, for every sweep given it */
	const char *mix, *alpha, *chains, *warps, *kernel; /* lists, as given */
	const char *local_size; /* --kernel as written: work-group shapes, as given */
	const char *footprint, *timing, *warmup;
	double size, launch_ms, settle, time_limit;
	int repeats, group_warps, simd, max_warps, build_jobs;
	bool quick, resume, replace;
	/* every option, recorded in the file; those whose values define what a
	 * point measures (--resume continues a file only with the file's), and
	 * those that select the points (a resumed run's line names them) */
	const lm_sweep_option *options, *defines, *selects;
	size_t noptions, ndefines, nselects;
} lm_sweep_config;

lm_status lm_sweep_run(const lm_sweep_config *c);

/* Creates the directories of path up to its last '/'; LM_EIO naming the
 * one that cannot be made. */
lm_status lm_sweep_parent_dirs(const char *path);

/* Whether sweeps keep the kernels they build from run to run (latmix's
 * kernel cache: LATMIX_CACHE, else $XDG_CACHE_HOME/latmix, else
 * ~/.cache/latmix; LATMIX_CACHE=off: not); the GPUs of one kind measured
 * at once then build into one directory of it, once. */
bool lm_sweep_cache_on(void);

/* Removes directory dir (empty: nothing) with the files in it, and
 * empties the string: the kernels a sweep built ahead there. */
void lm_sweep_remove_dir(char *dir);

#endif
