/* stencil1d's inside alone: no border branch, the same three loads */
__kernel void s1_noborder(__global float *restrict b, __global const float *restrict a, const uint n)
{
	for (size_t i = get_global_id(0) + 1; i < n - 1; i += get_global_size(0))
		b[i] = (a[i - 1] + a[i] + a[i + 1]) * (1.0f / 3.0f);
}
