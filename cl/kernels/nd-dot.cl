/* Dot product as it is commonly written for a GPU: each work-item adds
 * ND_DOT_EACH products (its elements a grid apart, so a warp's loads stay
 * coalesced), the work-group halves its sums in local memory until one is
 * left, and work-item 0 writes the group's partial sum; the host adds the
 * partial sums. The tree needs a power-of-two work-group size; which
 * products go into which partial sum depends on the local size. */
#define ND_DOT_EACH 4

__kernel void nd_dot(__global float *restrict partial, __global const float *restrict x,
		     __global const float *restrict y, const uint n, __local float *part)
{
	const size_t g = get_global_id(0), stride = get_global_size(0);
	const size_t l = get_local_id(0);
	float s = 0.0f;
	for (size_t k = 0; k < ND_DOT_EACH; k++) {
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
