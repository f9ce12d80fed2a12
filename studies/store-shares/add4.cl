/* Four arrays added: e = a + b + c + d (a store every four loads). */
__kernel void add4(__global float *restrict e, __global const float *restrict a,
		   __global const float *restrict b, __global const float *restrict c,
		   __global const float *restrict d, const uint n)
{
	for (size_t i = get_global_id(0); i < n; i += get_global_size(0))
		e[i] = a[i] + b[i] + c[i] + d[i];
}
