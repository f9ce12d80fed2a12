/* fill with four stores an iteration: one branch and one bound check for
 * four stores; the last elements, fewer than four grids, one at a time. */
__kernel void f_u4(__global uint *a, const uint v, const uint n)
{
	const size_t g = get_global_size(0);
	size_t i = get_global_id(0);
	for (; i + 3 * g < n; i += 4 * g) {
		a[i] = v;
		a[i + g] = v;
		a[i + 2 * g] = v;
		a[i + 3 * g] = v;
	}
	for (; i < n; i += g)
		a[i] = v;
}
