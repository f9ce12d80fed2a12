/* y[i] = x[2i] + x[2i+1]: both floats of a pair (an array of two-float structs), stores coalesced */
__kernel void aos2(__global float *restrict y, __global const float *restrict x, const uint n)
{
	for (size_t i = get_global_id(0); i < n; i += get_global_size(0))
		y[i] = x[2 * i] + x[2 * i + 1];
}
