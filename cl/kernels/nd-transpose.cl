/* Naive transpose on a 2D grid, one element a work-item (x a column, y a
 * row): out (cols x rows) [c][r] = in (rows x cols) [r][c]. Loads are
 * coalesced; a warp's stores land a whole row of out apart. */
__kernel void nd_transpose(__global float *restrict out, __global const float *restrict in,
			   const uint rows, const uint cols)
{
	const size_t c = get_global_id(0), r = get_global_id(1);
	if (r < rows && c < cols)
		out[c * rows + r] = in[r * cols + c];
}
