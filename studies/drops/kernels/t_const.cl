/* Naive transpose of a rows x cols matrix: out (cols x rows) [c][r] =
 * in[r][c]. Reads are coalesced, writes a whole row apart. */
__kernel void t_const(__global float *restrict out, __global const float *restrict in,
			const uint rows, const uint cols_arg)
{
	const size_t cols = 4096, cells = (size_t)rows * cols;
	for (size_t k = get_global_id(0); k < cells; k += get_global_size(0)) {
		const size_t r = k / cols, c = k % cols;
		out[c * rows + r] = in[k];
	}
}
