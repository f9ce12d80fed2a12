/* A held-out 2D kernel for the cache's hit (2026-11-29), written after
 * latmix learned to price loads of an array the cache holds and measured
 * before it was predicted (cache3.cl holds the 1D ones). */

/* C = A B, A rows x inner, B inner x cols (cols the launch's width). */
kernel void mm(global float *restrict C, global const float *restrict A, global const float *restrict B,
	       const uint inner, const uint cols)
{
	const size_t c = get_global_id(0), r = get_global_id(1);
	float s = 0.0f;
	for (uint k = 0; k < inner; k++)
		s += A[r * inner + k] * B[k * cols + c];
	C[r * cols + c] = s;
}
