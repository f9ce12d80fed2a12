/* sweep: latmix measure: the plan of (mix, chains, alpha, occupancy)
 * points, checked whole before anything is written, then measured into the
 * results CSV row by row. */
#ifndef LM_SWEEP_H
#define LM_SWEEP_H

#include "cli/options.h"

lm_status lm_sweep_run(const lm_options *o);

/* Creates the directories of path up to its last '/'; LM_EIO naming the
 * one that cannot be made. */
lm_status lm_sweep_parent_dirs(const char *path);

#endif
