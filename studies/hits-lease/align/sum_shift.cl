/* the suite's sum, reading from one element on: each warp's load starts off a line */
__kernel void sum_shift(__global uint *total, __global const uint *restrict a, const uint n,
			__local uint *part)
{
	uint s = 0;
	for (size_t i = get_global_id(0); i < n - 1; i += get_global_size(0))
		s += a[i + 1];
	const size_t l = get_local_id(0), g = get_local_size(0);
	part[l] = s;
	barrier(CLK_LOCAL_MEM_FENCE);
	if (l == 0) {
		uint t = 0;
		for (size_t k = 0; k < g; k++)
			t += part[k];
		atomic_add(total, t);
	}
}
