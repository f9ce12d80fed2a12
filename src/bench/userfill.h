/* userfill: a user's kernel's buffers filled as its description says
 * (zero, const V, index, step K, random, random-below M, permutation),
 * a vector's lanes each as doc/measure.md says,
 * from a counter-based random stream keyed by the seed and the argument's
 * name, so that every run fills them alike. */
#ifndef LM_USERFILL_H
#define LM_USERFILL_H

#include <stdint.h>
#include "bench/device.h"
#include "bench/userdesc.h"

/* Writes a's contents (n elements; size: N, which its fill's number is an
 * expression in; path: the description, for messages) into buf on queue:
 * random floats by random (lm_user_random_kernel's, NULL: none) where
 * given, the same words on the device; the rest from the host, 32 MiB at
 * a time. */
lm_status lm_user_fill_buffer(cl_command_queue queue, cl_mem buf, size_t n, const lm_user_arg *a, double size,
		       uint64_t seed, const char *path, cl_kernel random);

/* cl/random.cl's kernel built in ctx for d (release it with its program:
 * clReleaseKernel, then the program it holds goes with it), or NULL where
 * it does not build (a device without 64-bit integers): the host fills. */
cl_kernel lm_user_random_kernel(cl_context ctx, const lm_device *d);

/* Stores x as a's element type at p, in every lane of a vector (a scalar
 * argument's bytes, a fill's pattern): LM_USER_MAX_ELEM bytes at most. */
void lm_user_store(const lm_user_arg *a, void *p, double x);

#endif
