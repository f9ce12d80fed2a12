/* stencil1d's inside, no border branch, its store aligned: b[i] from a[i],
 * a[i + 1], a[i + 2] (two of its three loads misaligned, as stencil1d's) */
__kernel void s1_inside(__global float *restrict b, __global const float *restrict a, const uint n)
{
	for (size_t i = get_global_id(0); i < n - 2; i += get_global_size(0))
		b[i] = (a[i] + a[i + 1] + a[i + 2]) * (1.0f / 3.0f);
}
