/* copy whose stores go to whole 128-byte lines in a scattered order, as
 * the store chase's are at any one time (its warps drift steps apart):
 * element i of line L is written to line (L x 40503) mod lines, a
 * permutation where n is a power of two. Loads stay in order. */
__kernel void copy_randstore(__global float *restrict c, __global const float *restrict a, const uint n)
{
	const uint lines = n / 32u;
	for (size_t i = get_global_id(0); i < n; i += get_global_size(0)) {
		uint line = ((uint)i / 32u * 40503u) & (lines - 1u);
		c[line * 32u + ((uint)i & 31u)] = a[i];
	}
}
