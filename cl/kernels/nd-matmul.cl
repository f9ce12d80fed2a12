/* Naive matrix product C = A B, A rows x inner, B inner x cols, C rows x
 * cols (row-major): one output a work-item on a 2D grid (x a column, y a
 * row), its loop over inner. A warp's lanes read one element of A (the
 * same for all) and a row of B (coalesced) a step. */
__kernel void nd_matmul(__global float *restrict C, __global const float *restrict A,
			__global const float *restrict B, const uint rows, const uint inner,
			const uint cols)
{
	const size_t col = get_global_id(0), row = get_global_id(1);
	if (row >= rows || col >= cols)
		return;
	float s = 0.0f;
	for (uint k = 0; k < inner; k++)
		s += A[row * inner + k] * B[(size_t)k * cols + col];
	C[row * cols + col] = s;
}
