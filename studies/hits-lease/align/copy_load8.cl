/* copy from 8 elements on: the load 32 bytes off a line */
__kernel void copy_load8(__global float *restrict b, __global const float *restrict a, const uint n)
{
	for (size_t i = get_global_id(0); i < n - 8; i += get_global_size(0))
		b[i] = a[i + 8];
}
