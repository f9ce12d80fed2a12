/* STREAM triad (McCalpin): a = b + s c. */
__kernel void triad(__global float *restrict a, __global const float *restrict b,
		    __global const float *restrict c, const float s, const uint n)
{
	for (size_t i = get_global_id(0); i < n; i += get_global_size(0))
		a[i] = b[i] + s * c[i];
}
