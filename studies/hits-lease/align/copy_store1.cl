/* copy into 1 elements on: the store 4 bytes off a line, the load aligned */
__kernel void copy_store1(__global float *restrict b, __global const float *restrict a, const uint n)
{
	for (size_t i = get_global_id(0); i < n - 1; i += get_global_size(0))
		b[i + 1] = a[i];
}
