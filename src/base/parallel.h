/* parallel: host work spread over the host's cores. */
#ifndef LM_PARALLEL_H
#define LM_PARALLEL_H

#include <stddef.h>

/* A part of the work: [lo, hi) of it; the first index of the part that
 * failed, SIZE_MAX for none. */
typedef size_t (*lm_part_fn)(void *ctx, size_t lo, size_t hi);

/* fn(ctx, lo, hi) over [0, n) in contiguous parts, one a thread, on up to
 * 16 cores; inline when n is small (a thread costs more than it saves).
 * The smallest index a part failed at, n for none. */
size_t lm_parallel_for(size_t n, lm_part_fn fn, void *ctx);

#endif
