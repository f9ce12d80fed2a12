/* Read-only sum of unsigned integers (modulo 2^32, so the result is exact
 * whatever the order): each work-item sums its elements, the work-group
 * adds its work-items' sums in local memory, and one atomic a group adds
 * the group's to the total. */
__kernel void sum(__global uint *total, __global const uint *restrict a, const uint n,
		  __local uint *part)
{
	uint s = 0;
	for (size_t i = get_global_id(0); i < n; i += get_global_size(0))
		s += a[i];
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
