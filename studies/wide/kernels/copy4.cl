/* copy of float4s, c = a, 16 bytes a work-item an iteration (the arrays
 * declared as float, read and written as float4: 4 x n floats each). */
__kernel void copy4(__global float *restrict c, __global const float *restrict a, const uint n)
{
	__global float4 *restrict c4 = (__global float4 *)c;
	__global const float4 *restrict a4 = (__global const float4 *)a;
	for (size_t i = get_global_id(0); i < n; i += get_global_size(0))
		c4[i] = a4[i];
}
