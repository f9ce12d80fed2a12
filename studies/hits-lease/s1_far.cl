/* a[i] and a[i + 32]: the second load a whole 128-byte line on, aligned */
__kernel void s1_far(__global float *restrict b, __global const float *restrict a, const uint n)
{
	for (size_t i = get_global_id(0); i < n - 32; i += get_global_size(0))
		b[i] = (a[i] + a[i + 32]) * 0.5f;
}
