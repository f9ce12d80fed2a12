/* y[i] = x[2i]: each lane loads one float of every two (lanes 8 bytes apart), stores coalesced */
__kernel void stride2(__global float *restrict y, __global const float *restrict x, const uint n)
{
	for (size_t i = get_global_id(0); i < n; i += get_global_size(0))
		y[i] = x[2 * i];
}
