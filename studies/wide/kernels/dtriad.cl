/* STREAM triad in double precision, as STREAM runs it: a = b + s c. */
__kernel void dtriad(__global double *restrict a, __global const double *restrict b,
		     __global const double *restrict c, const double s, const uint n)
{
	for (size_t i = get_global_id(0); i < n; i += get_global_size(0))
		a[i] = b[i] + s * c[i];
}
