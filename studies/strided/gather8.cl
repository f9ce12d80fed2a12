/* gather's load with no neighbour's reuse: out[r][c] = in[8 (c rows + r)], lanes 8 rows
 * apart (a run-time stride), each lane a sector that no other iteration reads */
__kernel void gather8(__global float *restrict out, __global const float *restrict in,
		      const uint rows, const uint cols)
{
	const size_t cells = (size_t)rows * cols;
	for (size_t k = get_global_id(0); k < cells; k += get_global_size(0)) {
		const size_t r = k / cols, c = k % cols;
		out[k] = in[8 * (c * rows + r)];
	}
}
