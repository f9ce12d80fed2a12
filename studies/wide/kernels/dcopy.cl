/* STREAM copy in double precision: c = a. */
__kernel void dcopy(__global double *restrict c, __global const double *restrict a, const uint n)
{
	for (size_t i = get_global_id(0); i < n; i += get_global_size(0))
		c[i] = a[i];
}
