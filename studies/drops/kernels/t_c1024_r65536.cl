/* Naive transpose of a rows x cols matrix: out (cols x rows) [c][r] =
 * in[r][c]. Reads are coalesced, writes a whole row apart. */
__kernel void t_c1024_r65536(__global float *restrict out, __global const float *restrict in,
			const uint rows, const uint cols)
{
	const size_t cells = (size_t)rows * cols;
	for (size_t k = get_global_id(0); k < cells; k += get_global_size(0)) {
		const size_t r = k / cols, c = k % cols;
		out[c * rows + r] = in[k];
	}
}
