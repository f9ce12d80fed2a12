/* copy from one element on: each warp's load straddles two lines */
__kernel void s1_shift(__global float *restrict b, __global const float *restrict a, const uint n)
{
	for (size_t i = get_global_id(0); i < n - 1; i += get_global_size(0))
		b[i] = a[i + 1];
}
