/* copy into 8 elements on: the store 32 bytes off a line, the load aligned */
__kernel void copy_store8(__global float *restrict b, __global const float *restrict a, const uint n)
{
	for (size_t i = get_global_id(0); i < n - 8; i += get_global_size(0))
		b[i + 8] = a[i];
}
