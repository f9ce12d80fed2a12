/* userbuild: a user's kernel built alone on a device, as latmix builds it
 * (its file named by #line, its directory on the include path, with
 * -cl-kernel-arg-info), its arguments' names and types read back, and
 * from them the description latmix kernel --describe writes to start from. */
#ifndef LM_USERBUILD_H
#define LM_USERBUILD_H

#include <stdio.h>
#include "asm/count.h"
#include "bench/device.h"
#include "bench/userdesc.h"

/* src after a #line directive that names file, then tail; in a new buffer. */
char *lm_user_with_line(const char *file, const char *src, const char *tail);

/* The device's build options (lm_meas_device_options), and -I file's directory. */
void lm_user_build_options(const lm_device *d, bool clocked, const char *file, char *opts, size_t size);

/* Builds kernel name of src (file: its path) alone on d, with its
 * arguments' names and types; LM_EUSAGE naming the file's kernels where it
 * has none of that name. */
lm_status lm_user_build_alone(cl_context ctx, const lm_device *d, const char *src, const char *file,
			      const char *name, cl_program *prog, cl_kernel *kernel);

/* Argument i of kernel as declared ("global const float*") into buf, and
 * as a wrapper's parameter of that name into param. */
void lm_user_declared_type(cl_kernel kernel, cl_uint i, char *buf, size_t size, char *param, size_t psize,
			   const char *name);

/* Writes to out a description of kernel name in source (file: its path)
 * to start from: each argument's section from the kernel's own argument
 * names and types as d's compiler reports them, with contents that run and
 * every guess marked "check"; bytes_an_iteration: what the kernel's loop
 * loads and stores an iteration (latmix kernel --mix-of), 0 if not known;
 * uses (may be NULL): which arguments the kernel reads and writes, so that
 * a buffer it only reads is filled as an input, one it writes is compared,
 * and one it reads and writes is refilled before every launch. */
lm_status lm_user_skeleton(const lm_device *d, const char *source, const char *file, const char *name,
			   double bytes_an_iteration, const lm_count_uses *uses, FILE *out);

#endif
