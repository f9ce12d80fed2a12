/* Naive transpose the other way round: out (rows x cols) [r][c] =
 * in[c][r] (in is cols x rows). Writes are coalesced, reads a whole row
 * apart: each lane of a warp loads a sector of its own. */
__kernel void g_c4096_r16416(__global float *restrict out, __global const float *restrict in,
		     const uint rows, const uint cols)
{
	const size_t cells = (size_t)rows * cols;
	for (size_t k = get_global_id(0); k < cells; k += get_global_size(0)) {
		const size_t r = k / cols, c = k % cols;
		out[k] = in[c * rows + r];
	}
}
