/* dispatch.cl: the dispatch mix's kernel (src/bench/dispatch.c). A work-group
 * that does nothing but say it ran: its first work-item writes the launch's
 * tag at the group's index, so the host can check that every group of the
 * launch ran, and nothing else of the group costs time. Launched with many
 * more groups than a compute unit holds at once, its rate is how fast the
 * compute units take in new work-groups. */
__kernel void lm_dispatch(__global uint *seen, uint tag)
{
	if (get_local_id(0) == 0)
		seen[get_group_id(0)] = tag;
}

/* The written mixes (src/bench/dispatch.c): plain reads as people write
 * them, a work-item loading LM_WRITTEN_LOADS floats, launched over many
 * more groups than a CU holds. A group reads the stretch of LM_WRITTEN_LOADS
 * group sizes after the one before it, each load of a warp one line, so the
 * loads in flight stay in the narrow window the groups' dispatch order keeps
 * (a persistent loop's warps drift apart over the buffer; studies/read-peak).
 * Indices wrap at the buffer's end (mask + 1 words, a power of two) and the
 * buffer is all 1.0f: a work-item whose sum is not LM_WRITTEN_LOADS counts
 * itself in bad. Each group's first work-item marks that it ran, as
 * lm_dispatch's does. lm_written_copy also stores each value it loads,
 * coalesced, to y at its place, after all its loads: a copy. */
#ifndef LM_WRITTEN_LOADS
#define LM_WRITTEN_LOADS 8
#endif

/* A work-item's reads: LM_WRITTEN_LOADS floats of its group's stretch, a
 * group size apart from `at`, summed and the sum checked (counted in bad
 * where it is not what the buffer holds). */
static inline void lm_written_loads(__global const float *x, uint mask, size_t at, size_t w, __global uint *bad)
{
	float s = 0.0f;
	for (uint k = 0; k < LM_WRITTEN_LOADS; k++)
		s += x[(at + k * w) & mask];
	if (s != (float)LM_WRITTEN_LOADS)
		atomic_inc(bad);
}

__kernel void lm_written_read(__global uint *seen, uint tag, __global const float *x, uint mask,
			      __global uint *bad, __global float *y)
{
	const size_t l = get_local_id(0), w = get_local_size(0), at = get_group_id(0) * LM_WRITTEN_LOADS * w + l;
	lm_written_loads(x, mask, at, w, bad);
	if (l == 0)
		seen[get_group_id(0)] = tag;
	(void)y;
}

__kernel void lm_written_copy(__global uint *seen, uint tag, __global const float *x, uint mask,
			      __global uint *bad, __global float *y)
{
	const size_t l = get_local_id(0), w = get_local_size(0), at = get_group_id(0) * LM_WRITTEN_LOADS * w + l;
	float v[LM_WRITTEN_LOADS], s = 0.0f;
	/* every load before the first store: x and y may alias, so a store
	 * between would hold each next load back until the value before it came */
	for (uint k = 0; k < LM_WRITTEN_LOADS; k++)
		v[k] = x[(at + k * w) & mask];
	for (uint k = 0; k < LM_WRITTEN_LOADS; k++) {
		y[(at + k * w) & mask] = v[k];
		s += v[k];
	}
	if (s != (float)LM_WRITTEN_LOADS)
		atomic_inc(bad);
	if (l == 0)
		seen[get_group_id(0)] = tag;
}

/* How long a group's warps wait for its last (src/bench/dispatch.c,
 * group_wait): lm_written_read's loads, each warp's first lane writing the
 * device clock (cl/occupancy.h) at its start and after its sum was tested,
 * which waits for its loads: ends[2 w] and ends[2 w + 1] for warp w of the
 * launch. `hold` is local memory that only holds the groups a CU takes
 * down to a level. Built only where kernels read a clock (LM_TIMED). */
#ifdef LM_TIMED
__kernel void lm_written_ends(__global const float *x, uint mask, __global uint *bad, __global ulong *ends,
			      __local float *hold)
{
	const ulong t0 = lm_ns();
	const size_t l = get_local_id(0), w = get_local_size(0), at = get_group_id(0) * LM_WRITTEN_LOADS * w + l;
	lm_written_loads(x, mask, at, w, bad);
	const ulong t1 = lm_ns();
	if (l % LM_SIMD == 0) {
		const size_t warp = get_global_id(0) / LM_SIMD;
		ends[2 * warp] = t0;
		ends[2 * warp + 1] = t1;
	}
	(void)hold;
}
#endif
