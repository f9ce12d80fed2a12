/* Held-out kernels with a loop inside, written after latmix learned to read
 * ptxas's unrolling (2026-11-29) and not looked at before they were
 * measured: one work-item an element, the trip counts arguments as in code
 * that takes a matrix's shape. */

/* The norm of each row of an n x cols matrix, one work-item a row. */
kernel void rownorm(global float *restrict y, global const float *restrict A, const uint cols)
{
	const size_t i = get_global_id(0);
	float s = 0.0f;
	for (uint k = 0; k < cols; k++) {
		const float a = A[i * cols + k];
		s += a * a;
	}
	y[i] = sqrt(s);
}

/* The dot product of row i of A and row i of B, one work-item a row. */
kernel void rowdot(global float *restrict y, global const float *restrict A, global const float *restrict B,
		   const uint cols)
{
	const size_t i = get_global_id(0);
	float s = 0.0f;
	for (uint k = 0; k < cols; k++)
		s += A[i * cols + k] * B[i * cols + k];
	y[i] = s;
}

/* The largest of each column of a rows x n matrix (n the launch's size). */
kernel void colmax(global float *restrict y, global const float *restrict A, const uint n, const uint rows)
{
	const size_t i = get_global_id(0);
	float m = -INFINITY;
	for (uint k = 0; k < rows; k++)
		m = fmax(m, A[(size_t)k * n + i]);
	y[i] = m;
}

/* The column sums of A + B, both rows x n. */
kernel void colsum2(global float *restrict y, global const float *restrict A, global const float *restrict B,
		    const uint n, const uint rows)
{
	const size_t i = get_global_id(0);
	float s = 0.0f;
	for (uint k = 0; k < rows; k++)
		s += A[(size_t)k * n + i] + B[(size_t)k * n + i];
	y[i] = s;
}

/* A filter of taps coefficients: y[i] = sum of c[k] x[i + k]. */
kernel void fir(global float *restrict y, global const float *restrict x, global const float *restrict c,
		const uint taps)
{
	const size_t i = get_global_id(0);
	float s = 0.0f;
	for (uint k = 0; k < taps; k++)
		s += c[k] * x[i + k];
	y[i] = s;
}
