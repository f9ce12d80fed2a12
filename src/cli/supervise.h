/* supervise: latmix measure --kernel as a supervisor of worker processes
 * (guard.h). The worker measures the kernels as a sweep does; where it
 * dies in a kernel (a crash in the kernel or the driver) or abandons one
 * (a launch that does not end), the supervisor says so, notes it in the
 * results file, and starts a worker again for the kernels after it,
 * continuing the same file (--resume). This process touches no OpenCL. */
#ifndef LM_SUPERVISE_H
#define LM_SUPERVISE_H

#include "cli/options.h"

/* Measures o's kernels through workers; the exit status: the last
 * worker's, or 1 where a kernel cost its worker. */
int lm_supervise_kernels(const lm_options *o);

#endif
