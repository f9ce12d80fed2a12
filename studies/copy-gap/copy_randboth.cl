/* copy whose loads and stores both visit whole 128-byte lines in a
 * scattered order (two permutations: x 40503 and x 10007, mod lines, n a
 * power of two). */
__kernel void copy_randboth(__global float *restrict c, __global const float *restrict a, const uint n)
{
	const uint lines = n / 32u;
	for (size_t i = get_global_id(0); i < n; i += get_global_size(0)) {
		uint from = ((uint)i / 32u * 40503u) & (lines - 1u);
		uint to = ((uint)i / 32u * 10007u) & (lines - 1u);
		c[to * 32u + ((uint)i & 31u)] = a[from * 32u + ((uint)i & 31u)];
	}
}
