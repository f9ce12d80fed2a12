/* copy from 32 elements on: the load a whole line on, aligned (the control) */
__kernel void copy_load32(__global float *restrict b, __global const float *restrict a, const uint n)
{
	for (size_t i = get_global_id(0); i < n - 32; i += get_global_size(0))
		b[i] = a[i + 32];
}
