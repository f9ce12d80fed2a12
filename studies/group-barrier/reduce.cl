/* Reductions as people write them, for what a work-group's barrier and
 * its tree cost (README.md): each work-item multiplies and adds EACH
 * pairs of x and y (its elements a grid apart), then
 *   dot_each: stores its own sum (no local memory, no barrier);
 *   dot_bar:  puts it in local memory, waits at one barrier, and the
 *             group's first work-item stores the group's first sum;
 *   dot_tree: halves the group's sums in local memory to one, a barrier a
 *             turn (the suite's nd-dot), its first work-item storing it;
 *   sum_tree: the same tree over one element a work-item (x alone);
 *   dot8_tree: the tree over eight pairs a work-item. */
#define EACH 4

__kernel void dot_each(__global float *restrict partial, __global const float *restrict x,
		       __global const float *restrict y, const uint n)
{
	const size_t g = get_global_id(0), stride = get_global_size(0);
	float s = 0.0f;
	for (size_t k = 0; k < EACH; k++) {
		const size_t i = g + k * stride;
		if (i < n)
			s += x[i] * y[i];
	}
	partial[g] = s;
}

__kernel void dot_bar(__global float *restrict partial, __global const float *restrict x,
		      __global const float *restrict y, const uint n, __local float *part)
{
	const size_t g = get_global_id(0), stride = get_global_size(0);
	const size_t l = get_local_id(0);
	float s = 0.0f;
	for (size_t k = 0; k < EACH; k++) {
		const size_t i = g + k * stride;
		if (i < n)
			s += x[i] * y[i];
	}
	part[l] = s;
	barrier(CLK_LOCAL_MEM_FENCE);
	if (l == 0)
		partial[get_group_id(0)] = part[get_local_size(0) - 1] + s;
}

__kernel void dot_tree(__global float *restrict partial, __global const float *restrict x,
		       __global const float *restrict y, const uint n, __local float *part)
{
	const size_t g = get_global_id(0), stride = get_global_size(0);
	const size_t l = get_local_id(0);
	float s = 0.0f;
	for (size_t k = 0; k < EACH; k++) {
		const size_t i = g + k * stride;
		if (i < n)
			s += x[i] * y[i];
	}
	part[l] = s;
	for (size_t span = get_local_size(0) / 2; span > 0; span /= 2) {
		barrier(CLK_LOCAL_MEM_FENCE);
		if (l < span)
			part[l] += part[l + span];
	}
	if (l == 0)
		partial[get_group_id(0)] = part[0];
}

__kernel void sum_tree(__global float *restrict partial, __global const float *restrict x, const uint n,
		       __local float *part)
{
	const size_t g = get_global_id(0), l = get_local_id(0);
	part[l] = g < n ? x[g] : 0.0f;
	for (size_t span = get_local_size(0) / 2; span > 0; span /= 2) {
		barrier(CLK_LOCAL_MEM_FENCE);
		if (l < span)
			part[l] += part[l + span];
	}
	if (l == 0)
		partial[get_group_id(0)] = part[0];
}

__kernel void dot8_tree(__global float *restrict partial, __global const float *restrict x,
			__global const float *restrict y, const uint n, __local float *part)
{
	const size_t g = get_global_id(0), stride = get_global_size(0);
	const size_t l = get_local_id(0);
	float s = 0.0f;
	for (size_t k = 0; k < 2 * EACH; k++) {
		const size_t i = g + k * stride;
		if (i < n)
			s += x[i] * y[i];
	}
	part[l] = s;
	for (size_t span = get_local_size(0) / 2; span > 0; span /= 2) {
		barrier(CLK_LOCAL_MEM_FENCE);
		if (l < span)
			part[l] += part[l + span];
	}
	if (l == 0)
		partial[get_group_id(0)] = part[0];
}

/* Held out from the first lease: the tree over two sums at once (a
 * turn's instructions and local accesses doubled), and over two pairs a
 * work-item. */
__kernel void minmax_tree(__global float *restrict lo, __global float *restrict hi,
			  __global const float *restrict x, const uint n, __local float *plo,
			  __local float *phi)
{
	const size_t g = get_global_id(0), l = get_local_id(0);
	const float v = g < n ? x[g] : 0.0f;
	plo[l] = v;
	phi[l] = v;
	for (size_t span = get_local_size(0) / 2; span > 0; span /= 2) {
		barrier(CLK_LOCAL_MEM_FENCE);
		if (l < span) {
			plo[l] = fmin(plo[l], plo[l + span]);
			phi[l] = fmax(phi[l], phi[l + span]);
		}
	}
	if (l == 0) {
		lo[get_group_id(0)] = plo[0];
		hi[get_group_id(0)] = phi[0];
	}
}

__kernel void dot2_tree(__global float *restrict partial, __global const float *restrict x,
			__global const float *restrict y, const uint n, __local float *part)
{
	const size_t g = get_global_id(0), stride = get_global_size(0);
	const size_t l = get_local_id(0);
	float s = 0.0f;
	for (size_t k = 0; k < 2; k++) {
		const size_t i = g + k * stride;
		if (i < n)
			s += x[i] * y[i];
	}
	part[l] = s;
	for (size_t span = get_local_size(0) / 2; span > 0; span /= 2) {
		barrier(CLK_LOCAL_MEM_FENCE);
		if (l < span)
			part[l] += part[l + span];
	}
	if (l == 0)
		partial[get_group_id(0)] = part[0];
}

/* Held out again (lease 3): a dot product as libraries often write it,
 * each work-item striding over the arrays a grid apart until the end,
 * then the tree with its barrier after each turn's add, a 32-bit span. */
__kernel void grid_dot(__global float *restrict partial, __global const float *restrict x,
		       __global const float *restrict y, const uint n, __local float *part)
{
	const uint l = get_local_id(0);
	float s = 0.0f;
	for (uint i = get_global_id(0); i < n; i += get_global_size(0))
		s += x[i] * y[i];
	part[l] = s;
	barrier(CLK_LOCAL_MEM_FENCE);
	for (uint span = get_local_size(0) >> 1; span > 0; span >>= 1) {
		if (l < span)
			part[l] += part[l + span];
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	if (l == 0)
		partial[get_group_id(0)] = part[0];
}

/* grid_dot's controls (lease 4): the same loop, each work-item storing
 * its own sum (grid_each), or one barrier and a store a group (grid_bar). */
__kernel void grid_each(__global float *restrict partial, __global const float *restrict x,
			__global const float *restrict y, const uint n)
{
	float s = 0.0f;
	for (uint i = get_global_id(0); i < n; i += get_global_size(0))
		s += x[i] * y[i];
	partial[get_global_id(0)] = s;
}

__kernel void grid_bar(__global float *restrict partial, __global const float *restrict x,
		       __global const float *restrict y, const uint n, __local float *part)
{
	const uint l = get_local_id(0);
	float s = 0.0f;
	for (uint i = get_global_id(0); i < n; i += get_global_size(0))
		s += x[i] * y[i];
	part[l] = s;
	barrier(CLK_LOCAL_MEM_FENCE);
	if (l == 0)
		partial[get_group_id(0)] = part[get_local_size(0) - 1] + s;
}
