/* copy with a 32-bit index: the loop's add and compare are one instruction
 * each, not two, so an iteration has fewer instructions between the store
 * and the next load than the suite's copy (size_t index) has. */
__kernel void copy_u32(__global float *restrict c, __global const float *restrict a, const uint n)
{
	for (uint i = get_global_id(0); i < n; i += get_global_size(0))
		c[i] = a[i];
}
