#include "base/mix.h"

#include <stdio.h>
#include <string.h>

/* name, kernel, build option, step, stride, divergent, load and store bytes, shift,
 * description; fit alone, with issue cost, a kind for kernels, cache, group warps (mix.h) */
static const lm_mix mixes[] = {
	{ "gmem", "lm_chase", "", LM_STEP_GLOBAL, 1, false, 4, 0, 0,
	  "coalesced global-memory pointer chase: a warp's load is one line (thesis 4.1)",
	  true, false, true, false, 0 },
	{ "gmem-store", "lm_chase", "-DMIX_STORE", LM_STEP_GLOBAL, 1, false, 4, 4, 0,
	  "the gmem chase with a coalesced store of each loaded value to a buffer of its own: "
	  "what stores cost the loads beside them",
	  false, false, true, false, 0 },
	{ "gmem-store-half", "lm_chase", "-DMIX_STORE", LM_STEP_GLOBAL, 1, false, 4, 2, 0,
	  "the gmem chase storing its loaded values on every second step only: one store every "
	  "two loads, as in a loop such as c[i] = a[i] + b[i]",
	  false, false, true, false, 0 },
	{ "gmem-stride2", "lm_chase", "", LM_STEP_GLOBAL, 2, false, 4, 0, 0,
	  "global-memory chase with lanes two words apart: a warp's load spans two lines (thesis 4.3)",
	  true, false, false, false, 0 },
	{ "gmem-random", "lm_chase", "", LM_STEP_GLOBAL, 1, true, 4, 0, 0,
	  "global-memory chase with every lane on its own random line: a fully divergent load (thesis 4.3)",
	  true, false, true, false, 0 },
	{ "lmem", "lm_chase", "-DMIX_LMEM", LM_STEP_LOCAL, 1, false, 4, 0, 0,
	  "local-memory chase, lane i always in bank i: no bank conflicts (thesis 4.7)",
	  true, true, false, false, 0 },
	{ "sfu", "lm_chase", "-DMIX_SFU -cl-denorms-are-zero", LM_STEP_SFU, 1, false, 0, 0, 0,
	  "a = native_rsqrt(a) in place of the load (special function unit, thesis 4.7)",
	  true, true, false, false, 0 },
	{ "stream", "lm_stream", "", LM_STEP_STREAM, 1, false, 4, 0, 0,
	  "independent coalesced loads streaming through the buffer: memory bandwidth directly",
	  false, false, false, false, 0 },
	{ "stream-shift", "lm_stream", "", LM_STEP_STREAM, 1, false, 4, 0, 1,
	  "stream with every warp's load starting a word before a line, so it straddles two: what a "
	  "misaligned load costs a read-only stream",
	  false, false, false, false, 0 },
	{ "stream-store", "lm_stream", "-DMIX_STORE", LM_STEP_STREAM, 1, false, 4, 4, 0,
	  "stream storing each loaded word, coalesced, to a buffer of its own: a copy",
	  false, false, false, false, 0 },
	{ "stream-store-shift", "lm_stream", "-DMIX_STORE", LM_STEP_STREAM, 1, false, 4, 4, 1,
	  "stream-store with every warp's load starting a word before a line (its store on one): what "
	  "a misaligned load costs a stream that stores",
	  false, false, false, false, 0 },
	{ "stream-fill", "lm_stream", "-DMIX_FILL", LM_STEP_STREAM, 1, false, 0, 4, 0,
	  "stores alone, coalesced, one a pass of a loop of their own (no load): a store-only loop's "
	  "bandwidth and, at one warp, its least time a pass",
	  false, false, false, false, 0 },
	/* its rows 2^14 words apart: LM_MEAS_SCATTER_ROW_WORDS (bench/measure.h) */
	{ "stream-scatter", "lm_stream", "-DMIX_FILL -DLM_SCATTER=14", LM_STEP_STREAM, 1, false, 0, 4, 0,
	  "stores alone, as stream-fill, each lane's word in a 32-byte sector of its own, lanes a row "
	  "(64 KiB) apart, whose other words the other warps of its 8-warp work-group store with it: "
	  "a transpose's store over a group's rows, which the cache merges into whole sectors",
	  false, false, false, false, 8 },
	{ "gmem-cache", "lm_chase", "", LM_STEP_GLOBAL, 1, false, 4, 0, 0,
	  "the gmem chase on a buffer the device's global-memory cache holds (L2 on a GPU), at one "
	  "warp: the latency of a load that hits that cache",
	  false, false, false, true, 0 },
	{ "stream-cache", "lm_stream", "", LM_STEP_STREAM, 1, false, 4, 0, 0,
	  "stream over a buffer the device's global-memory cache holds: the bandwidth of loads "
	  "that hit that cache",
	  false, false, false, true, 0 },
	{ "dispatch", "lm_dispatch", "", LM_STEP_DISPATCH, 1, false, 0, 0, 0,
	  "empty work-groups, many more than a CU holds, over work-group sizes 32 to 1024: how fast a CU "
	  "takes in new work-groups and what a group's start and end cost (no alpha, no occupancy sweep)",
	  false, false, false, false, 0 },
	{ "written-read", "lm_written_read", "", LM_STEP_DISPATCH, 1, false, 4, 0, 0,
	  "plain reads as written: groups of 256 work-items, many more than a CU holds, each work-item "
	  "loading 8 floats of its group's stretch, the stretches in dispatch order: the memory's read "
	  "peak for a kernel as written, whose loads stay in one narrow window (no alpha, no occupancy "
	  "sweep)",
	  false, false, false, false, 0 },
	{ "written-copy", "lm_written_copy", "", LM_STEP_DISPATCH, 1, false, 4, 4, 0,
	  "written-read storing each value it loads, coalesced, to a buffer of its own: a copy as "
	  "written",
	  false, false, false, false, 0 },
};
#define NMIXES (int)(sizeof mixes / sizeof mixes[0])

const lm_mix *lm_mix_find(const char *name)
{
	for (int i = 0; i < NMIXES; i++)
		if (strcmp(mixes[i].name, name) == 0)
			return &mixes[i];
	return NULL;
}

const lm_mix *lm_mix_at(int i)
{
	return i >= 0 && i < NMIXES ? &mixes[i] : NULL;
}

const char *lm_mix_names(void)
{
	static char names[512];
	if (!names[0])
		for (int i = 0; i < NMIXES; i++)
			snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", i ? ", " : "",
				 mixes[i].name);
	return names;
}

double lm_mix_store_share(const lm_mix *m)
{
	return m->bytes_per_lane ? (double)m->store_bytes / m->bytes_per_lane : 0;
}

unsigned lm_mix_store_every(const lm_mix *m)
{
	return m->store_bytes ? m->bytes_per_lane / m->store_bytes : 0;
}

bool lm_mix_written(const lm_mix *m)
{
	return m && m->step == LM_STEP_DISPATCH && m->bytes_per_lane > 0;
}

bool lm_mix_inner_loop(const lm_mix *m)
{
	return m->step == LM_STEP_STREAM && !m->bytes_per_lane && m->store_bytes;
}
