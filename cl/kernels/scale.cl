/* STREAM scale (McCalpin): b = s c. */
__kernel void scale(__global float *restrict b, __global const float *restrict c, const float s,
		    const uint n)
{
	for (size_t i = get_global_id(0); i < n; i += get_global_size(0))
		b[i] = s * c[i];
}
