/* y[i] = x[16i]: each lane loads one float of every 16 (lanes 64 bytes apart, a sector or more), stores coalesced */
__kernel void stride16(__global float *restrict y, __global const float *restrict x, const uint n)
{
	for (size_t i = get_global_id(0); i < n; i += get_global_size(0))
		y[i] = x[16 * i];
}
