/* Dot product of two vectors of unsigned integers (modulo 2^32, so the
 * result is exact whatever the order): each work-item sums its products,
 * the work-group adds its work-items' sums in local memory, and one atomic
 * a group adds the group's to the result. Integers, not floats: OpenCL 1.2
 * has no float atomic add, and a compare-and-swap loop from thousands of
 * groups at one address cost the H100 up to 6 ms a launch (its time went
 * into the launch's end, not the loads a dot product is for). */
__kernel void dot_product(__global uint *result, __global const uint *restrict x,
			  __global const uint *restrict y, const uint n, __local uint *part)
{
	uint s = 0;
	for (size_t i = get_global_id(0); i < n; i += get_global_size(0))
		s += x[i] * y[i];
	const size_t l = get_local_id(0), g = get_local_size(0);
	part[l] = s;
	barrier(CLK_LOCAL_MEM_FENCE);
	if (l == 0) {
		uint t = 0;
		for (size_t k = 0; k < g; k++)
			t += part[k];
		atomic_add(result, t);
	}
}
