/* Naive GEMV y = A x, A rows x cols row-major: one work-item a row, so the
 * lanes of a warp read A a whole row apart; x is shared by all rows. */
__kernel void gemv(__global float *restrict y, __global const float *restrict A,
		   __global const float *restrict x, const uint rows, const uint cols)
{
	for (size_t r = get_global_id(0); r < rows; r += get_global_size(0)) {
		const __global float *a = A + r * cols;
		float s = 0.0f;
		for (uint c = 0; c < cols; c++)
			s += a[c] * x[c];
		y[r] = s;
	}
}
