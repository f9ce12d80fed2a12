/* y[2i] = x[i], y[2i+1] = 2 x[i]: loads coalesced, both floats of a pair stored (an array of two-float structs written) */
__kernel void aosstore(__global float *restrict y, __global const float *restrict x, const uint n)
{
	for (size_t i = get_global_id(0); i < n; i += get_global_size(0)) {
		y[2 * i] = x[i];
		y[2 * i + 1] = 2.0f * x[i];
	}
}
