/* fleet: several devices measured at once, one `latmix measure` process
 * each, every one writing its own results directory; what each prints is
 * shown as it comes, prefixed with its device. */
#ifndef LM_FLEET_H
#define LM_FLEET_H

#include <stdbool.h>
#include "bench/device.h"
#include "cli/options.h"

/* Does a --device value name several devices: "all" (every device),
 * "gpus" (every GPU) or a comma list of specs? */
bool lm_fleet_wanted(const char *spec);

/* Measures every device spec names, at once: the options o (but --device
 * and --output) are passed on; each device writes DIR/<device>/
 * measurements.csv under DIR = o->output, else "results" (devices with the
 * same name get their platform and device index appended). A device that
 * fails is reported and leaves the others' results whole; LM_EDEVICE then,
 * naming it. */
lm_status lm_fleet_measure(const lm_options *o);

/* Groups devices d[0..n-1] by kind, the GPUs that build the same kernels
 * (one name, vendor and driver): kind[i] is the index of the first device
 * of i's kind, i itself where it is the first or not a GPU (a CPU's
 * builds are its own). Returns how many devices share their kind with
 * another: those a fleet gives one directory of built kernels a kind. */
size_t lm_fleet_kinds(const lm_device *d, size_t n, size_t *kind);

#endif
