/* count_notes: what a count says beside its price, where the price leaves
 * something out (arithmetic beside the chains, a sliding window's hits,
 * constant memory's loads). */
#include "asm/count.h"

#include <stdio.h>

bool lm_count_overlap_note(const lm_count *m, char *note, size_t size)
{
	/* a note, not a price: where at least half the loop's float arithmetic,
	 * and 32 instructions or more, can issue beside its longest chain */
	if (m->loads > m->independent || !m->float_path || m->flops < 32 || m->flops < 2 * m->float_path)
		return false;
	snprintf(note, size, "its %u float instructions lie on chains of at most %u from a load, and alpha "
		 "prices each as a step of its own: at few warps the loop may run faster than predicted (a "
		 "loop of 271 floats in chains of 36 ran 1.8 times its price at 1 warp per SM on an H200 and an "
		 "H100, one of 70 in chains of 19 1.2 times: doc/predict.md)",
		 m->flops, m->float_path);
	return true;
}

bool lm_count_window_note(const lm_count *m, char *note, size_t size)
{
	if (!m->windows || m->loopless)
		return false;
	snprintf(note, size, "%u of its loads read a window of adjacent words that each turn moves less than "
		 "a warp's span (a filter's x[i + k]): after the first turn they read the lines the last one "
		 "brought, hits in L1, which the price leaves at memory's latency, a floor: a 16-tap filter "
		 "so written ran 1.6 times its price at 64 warps on an H200 (studies/written-predict/"
		 "lease-2026-11-29b)", m->windows);
	return true;
}

bool lm_count_constant_note(const lm_count *m, char *note, size_t size)
{
	if (!m->const_loads)
		return false;
	snprintf(note, size, "its %u loads of constant memory (PTX ld.const) are priced as cache hits: no lines "
		 "of their own, one instruction each, whatever addresses its lanes read. A constant buffer is "
		 "at most 64 KB on NVIDIA's GPUs, which the cache keeps, and ptxas builds such a load as a "
		 "read-only global load (LDG.E.CONSTANT), not a constant bank's, whose lanes at different "
		 "addresses would serialise. On an H100, beside a load stream (c[i] = a[i] * w[i %% 1024], w "
		 "constant) the loop ran within 1%% of the same loop without w at every occupancy; with stores "
		 "alone (b[i] = a[i %% 1024]) at fill's rate from 8 warps per SM, but at 53-59%% of it at 1-4, "
		 "where a hit's latency (73 cycles an element at 1 warp against fill's 39) lengthens the step, "
		 "which this price leaves out (doc/predict.md)", m->const_loads);
	return true;
}
