/* y[i] = x[64i]: each lane loads one float of every 64 (lanes 256 bytes apart, a sector or more), stores coalesced */
__kernel void stride64(__global float *restrict y, __global const float *restrict x, const uint n)
{
	for (size_t i = get_global_id(0); i < n; i += get_global_size(0))
		y[i] = x[64 * i];
}
