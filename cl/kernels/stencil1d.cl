/* 1D 3-point stencil: b[i] = (a[i-1] + a[i] + a[i+1]) / 3 inside, b = a at
 * the two ends. */
__kernel void stencil1d(__global float *restrict b, __global const float *restrict a, const uint n)
{
	for (size_t i = get_global_id(0); i < n; i += get_global_size(0))
		b[i] = i == 0 || i == n - 1 ? a[i] : (a[i - 1] + a[i] + a[i + 1]) * (1.0f / 3.0f);
}
