/* STREAM copy (McCalpin): c = a. Grid-stride: any grid computes the same. */
__kernel void copy(__global float *restrict c, __global const float *restrict a, const uint n)
{
	for (size_t i = get_global_id(0); i < n; i += get_global_size(0))
		c[i] = a[i];
}
