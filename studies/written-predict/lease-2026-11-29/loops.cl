/* Kernels as people write them with a loop or a window inside, one
 * work-item an element, for the probe's held-out set of loops (issue 50):
 * latmix's suite never ran these. The trip counts are arguments, as in
 * code that takes a matrix's shape, so the compiler keeps the loops. */

/* The sum of each column of a rows x n matrix (row-major): a warp's lanes
 * read adjacent words of a row, a new row each step. */
kernel void colsum(global float *restrict y, global const float *restrict A, const uint n, const uint rows)
{
	const size_t i = get_global_id(0);
	float s = 0.0f;
	for (uint k = 0; k < rows; k++)
		s += A[(size_t)k * n + i];
	y[i] = s;
}

/* y = A^T x, A rows x n row-major: gemv of the transposed matrix, every
 * lane reading the same x[k] a step. */
kernel void gemvt(global float *restrict y, global const float *restrict A, global const float *restrict x,
		  const uint n, const uint rows)
{
	const size_t i = get_global_id(0);
	float s = 0.0f;
	for (uint k = 0; k < rows; k++)
		s += A[(size_t)k * n + i] * x[k];
	y[i] = s;
}

/* A five-point window: each output the mean of its input and the two on
 * each side; the border left alone. */
kernel void stencil5(global float *restrict y, global const float *restrict a, const uint n)
{
	const size_t i = get_global_id(0);
	if (i >= 2 && i + 2 < n)
		y[i] = 0.2f * (a[i - 2] + a[i - 1] + a[i] + a[i + 1] + a[i + 2]);
}

/* The sum of each row of an n x cols matrix, one work-item a row: a warp's
 * lanes a row apart, each walking its own row. */
kernel void rowsum(global float *restrict y, global const float *restrict A, const uint cols)
{
	const size_t i = get_global_id(0);
	float s = 0.0f;
	for (uint k = 0; k < cols; k++)
		s += A[i * cols + k];
	y[i] = s;
}

/* colsum with its loop kept rolled (a load an iteration, in PTX and, with
 * the pragma, in ptxas's code), and with its 64 rows a constant (the loop
 * unrolled whole: 64 loads, no loop): what the model makes of each, beside
 * colsum's four loads an iteration that ptxas unrolls further. */
kernel void colsum_rolled(global float *restrict y, global const float *restrict A, const uint n,
			  const uint rows)
{
	const size_t i = get_global_id(0);
	float s = 0.0f;
#pragma unroll 1
	for (uint k = 0; k < rows; k++)
		s += A[(size_t)k * n + i];
	y[i] = s;
}

kernel void colsum64(global float *restrict y, global const float *restrict A, const uint n)
{
	const size_t i = get_global_id(0);
	float s = 0.0f;
	for (uint k = 0; k < 64; k++)
		s += A[(size_t)k * n + i];
	y[i] = s;
}
