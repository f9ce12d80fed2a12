/* two of stencil1d's loads: a[i] and the misaligned a[i + 1] */
__kernel void s1_right(__global float *restrict b, __global const float *restrict a, const uint n)
{
	for (size_t i = get_global_id(0); i < n - 1; i += get_global_size(0))
		b[i] = (a[i] + a[i + 1]) * 0.5f;
}
