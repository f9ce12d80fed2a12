/* STREAM add (McCalpin): c = a + b. */
__kernel void add(__global float *restrict c, __global const float *restrict a,
		  __global const float *restrict b, const uint n)
{
	for (size_t i = get_global_id(0); i < n; i += get_global_size(0))
		c[i] = a[i] + b[i];
}
