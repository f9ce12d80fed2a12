/* sysclock: a GPU's running core clock, read from Linux sysfs while latmix
 * measures, so that cycles are counted at the clock the GPU ran at rather
 * than at the maximum the OpenCL driver reports.
 *
 * Drivers with a clock in sysfs: amdgpu (pp_dpm_sclk, the current DPM
 * level), i915 (rps_act_freq_mhz / gt_act_freq_mhz, the actual frequency)
 * and xe (act_freq). NVIDIA's driver has none; latmix reads NVIDIA's clock
 * in-kernel instead. Which file each driver uses, and why, is one table in
 * sysclock.c. */
#ifndef LM_SYSCLOCK_H
#define LM_SYSCLOCK_H

#include <stdbool.h>
#include <stddef.h>
#include "base/error.h"

typedef struct lm_sysclock lm_sysclock;

/* Finds the DRM card of the PCI device domain:bus:device.function under
 * root/class/drm and the clock file its driver has. root NULL means
 * $LATMIX_SYSFS_ROOT, or "/sys" where that is unset or empty. domain < 0
 * matches any domain (AMD's OpenCL reports no domain) as long as one card
 * alone matches; bus, device or function < 0 match nothing.
 *
 * Where no card matches, or the driver has no clock file, *out is NULL and
 * the status still LM_OK: why (if not NULL) then says why in a phrase that
 * fits "no sysfs clock: <why>". On success why is "". Fails only with
 * LM_ENOMEM. Nothing is read from the clock file yet. */
lm_status lm_sysclock_open(const char *root, int domain, int bus, int device, int function,
			   lm_sysclock **out, char *why, size_t why_size);
void lm_sysclock_free(lm_sysclock *h);

/* The running clock in MHz, read now (never cached), or NAN where the file
 * cannot be read or parsed, or says that the GPU sleeps (i915 and xe show 0
 * in RC6; amdgpu marks its deep-sleep level "S"): a sleeping GPU's clock is
 * not the clock it ran a kernel at. h NULL gives NAN. Allocates nothing, so
 * it may sit next to a timed region. */
double lm_sysclock_read(lm_sysclock *h);

/* Why the last lm_sysclock_read() gave NAN; "" after a number; "no sysfs
 * clock" for NULL. */
const char *lm_sysclock_why(const lm_sysclock *h);

/* A short description of the reading for CSV rows and reports, such as
 * "sysfs amdgpu pp_dpm_sclk (current DPM level)"; "none" for NULL. Has no
 * commas. */
const char *lm_sysclock_source(const lm_sysclock *h);

/* The file read, for messages; "" for NULL. */
const char *lm_sysclock_path(const lm_sysclock *h);

/* The clock of one measured point from readings taken just before and just
 * after it: their mean, or fallback_mhz (the reported maximum) where either
 * is NAN. *live, if not NULL, says which of the two it was. */
double lm_sysclock_mean(double before_mhz, double after_mhz, double fallback_mhz, bool *live);

#endif
