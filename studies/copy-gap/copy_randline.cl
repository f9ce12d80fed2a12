/* copy whose loads visit whole 128-byte lines in a scattered order, as the
 * store chase's do (each warp's load still one coalesced line): element i
 * of line L is read from line (L x 40503) mod lines, a permutation where n
 * is a power of two. Stores stay in order. */
__kernel void copy_randline(__global float *restrict c, __global const float *restrict a, const uint n)
{
	const uint lines = n / 32u;
	for (size_t i = get_global_id(0); i < n; i += get_global_size(0)) {
		uint line = ((uint)i / 32u * 40503u) & (lines - 1u);
		c[i] = a[line * 32u + ((uint)i & 31u)];
	}
}
