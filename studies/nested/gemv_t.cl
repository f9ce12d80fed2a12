/* GEMV y = A x with A stored column by column (cols columns of rows): one
 * work-item a row, so a warp's lanes read adjacent words of a column
 * (coalesced), and every lane reads the same x[c] (one word for the warp). */
__kernel void gemv_t(__global float *restrict y, __global const float *restrict A,
		     __global const float *restrict x, const uint rows, const uint cols)
{
	for (size_t r = get_global_id(0); r < rows; r += get_global_size(0)) {
		float s = 0.0f;
		for (uint c = 0; c < cols; c++)
			s += A[(size_t)c * rows + r] * x[c];
		y[r] = s;
	}
}
