/* y[i] = x[4i]: each lane loads one float of every four (lanes 16 bytes apart), stores coalesced */
__kernel void stride4(__global float *restrict y, __global const float *restrict x, const uint n)
{
	for (size_t i = get_global_id(0); i < n; i += get_global_size(0))
		y[i] = x[4 * i];
}
