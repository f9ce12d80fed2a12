/* y[2i] = x[i]: loads coalesced, each lane stores one float of every two (lanes 8 bytes apart) */
__kernel void sstore2(__global float *restrict y, __global const float *restrict x, const uint n)
{
	for (size_t i = get_global_id(0); i < n; i += get_global_size(0))
		y[2 * i] = x[i];
}
