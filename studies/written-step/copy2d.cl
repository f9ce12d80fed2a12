/* A copy on a 2D grid, one element a work-item (x a column, y a row): the
 * same bytes as nd-copy, its index from %tid.y and %ctaid.y too; at a
 * group 32 wide a warp's accesses are one row's, coalesced as nd-copy's,
 * narrower they split over the warp's rows (studies/written-step). */
__kernel void copy2d(__global float *restrict out, __global const float *restrict in, const uint rows,
		     const uint cols)
{
	const size_t c = get_global_id(0), r = get_global_id(1);
	if (r < rows && c < cols)
		out[r * cols + c] = in[r * cols + c];
}
