/* offline: a kernel built by a GPU target vendor's offline compiler, as
 * latmix would build it on that target, and its listing counted
 * (asm/listing.h): AMD targets with clang, Intel targets with ocloc and
 * iga64, and clang's NVPTX build for PTX. No OpenCL device is needed. */
#ifndef LM_OFFLINE_H
#define LM_OFFLINE_H

#include "asm/listing.h"
#include "base/alpha.h"
#include "base/mix.h"

/* Builds mix's kernel for alpha and chains for target ("gfx90a", "dg2-g10",
 * ...: those lm_vendor_target() knows) with the target vendor's offline
 * compiler, finds its iteration loop and counts it. LM_EUSAGE for an
 * unknown target or a combination latmix refuses; LM_ETOOL (message naming
 * the Debian package) where the compiler is missing, does not know the
 * target or fails. */
lm_status lm_offline_build(const char *target, const lm_mix *mix, unsigned chains, lm_alpha alpha,
			   const char *kernel_dir, lm_listing **out);

/* Builds a user's OpenCL source for target as lm_offline_build builds a
 * mix (kernel: the function whose loop is counted; borrowed), with the
 * target's device build options. */
lm_status lm_offline_build_source(const char *target, const char *source, const char *kernel, lm_listing **out);

/* clang's NVPTX build of an OpenCL C source (-O3, libclc's builtins) in a
 * new string: PTX. LM_ETOOL naming the Debian package where clang or
 * libclc is missing or fails. */
lm_status lm_offline_nvptx(const char *source, char **ptx);

/* ptxas's machine code for kernel name of ptx (the arch its .target
 * names), as nvdisasm -c prints it, in a new string (sass). ptxas is
 * LATMIX_PTXAS, else on PATH; nvdisasm LATMIX_NVDISASM, else on PATH or
 * beside ptxas ("off" in either: none). tools (size bytes) says which ran,
 * "none" where either was not found. LM_ETOOL where either is missing or
 * fails, LM_EPARSE where the PTX names no target. */
lm_status lm_offline_sass(const char *ptx, const char *name, char **sass, char *tools, size_t size);

#endif
