/* copy whose stores wrap in a 256 MiB buffer, as the store chase's sink
 * does: c[i mod 64 Mi] = a[i]. */
__kernel void copy_sink(__global float *restrict c, __global const float *restrict a, const uint n)
{
	for (size_t i = get_global_id(0); i < n; i += get_global_size(0))
		c[i & 67108863u] = a[i];
}
