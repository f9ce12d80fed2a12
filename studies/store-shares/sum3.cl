/* Read-only sum of three arrays of unsigned integers (exact in any order):
 * each work-item sums its elements, the work-group in local memory, one
 * atomic a group into the total. */
__kernel void sum3(__global uint *total, __global const uint *restrict a, __global const uint *restrict b,
		   __global const uint *restrict c, const uint n, __local uint *part)
{
	uint s = 0;
	for (size_t i = get_global_id(0); i < n; i += get_global_size(0))
		s += a[i] + b[i] + c[i];
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
