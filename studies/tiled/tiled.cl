/* Kernels with a tile in local memory, written as people write them (the
 * CUDA samples' and textbooks' forms): a matrix product over square tiles
 * of 8, 16 and 32, and a transpose through a padded 32 x 32 tile read by
 * groups of 32 x 8. C = A B, all n x n, row-major. */
#define MM_TILED(TS)                                                                          \
	__kernel void mm_tiled##TS(__global float *restrict C, __global const float *restrict A, \
				   __global const float *restrict B, const uint n)               \
	{                                                                                     \
		__local float As[TS][TS], Bs[TS][TS];                                         \
		const uint tx = get_local_id(0), ty = get_local_id(1);                        \
		const uint col = get_global_id(0), row = get_global_id(1);                    \
		float s = 0.0f;                                                               \
		for (uint t = 0; t < n; t += TS) {                                            \
			As[ty][tx] = A[row * n + t + tx];                                     \
			Bs[ty][tx] = B[(t + ty) * n + col];                                   \
			barrier(CLK_LOCAL_MEM_FENCE);                                         \
			for (uint k = 0; k < TS; k++)                                         \
				s += As[ty][k] * Bs[k][tx];                                   \
			barrier(CLK_LOCAL_MEM_FENCE);                                         \
		}                                                                             \
		C[row * n + col] = s;                                                         \
	}
MM_TILED(8)
MM_TILED(16)
MM_TILED(32)

#define TD 32
#define BR 8
__kernel void tr_tiled(__global float *restrict out, __global const float *restrict in, const uint n)
{
	__local float tile[TD][TD + 1];
	uint x = get_group_id(0) * TD + get_local_id(0), y = get_group_id(1) * TD + get_local_id(1);
	for (uint j = 0; j < TD; j += BR)
		tile[get_local_id(1) + j][get_local_id(0)] = in[(y + j) * n + x];
	barrier(CLK_LOCAL_MEM_FENCE);
	x = get_group_id(1) * TD + get_local_id(0);
	y = get_group_id(0) * TD + get_local_id(1);
	for (uint j = 0; j < TD; j += BR)
		out[(y + j) * n + x] = tile[get_local_id(0)][get_local_id(1) + j];
}

/* The product over tiles of 16 with two outputs a work-item (columns col
 * and col + 16, a tile of B 16 x 32): A's word read from local memory once
 * for two multiply-adds, the register blocking tutorials take next. */
__kernel void mm_tiled16x2(__global float *restrict C, __global const float *restrict A,
			   __global const float *restrict B, const uint n)
{
	__local float As[16][16], Bs[16][32];
	const uint tx = get_local_id(0), ty = get_local_id(1);
	const uint col = get_group_id(0) * 32 + tx, row = get_global_id(1);
	float s0 = 0.0f, s1 = 0.0f;
	for (uint t = 0; t < n; t += 16) {
		As[ty][tx] = A[row * n + t + tx];
		Bs[ty][tx] = B[(t + ty) * n + col];
		Bs[ty][tx + 16] = B[(t + ty) * n + col + 16];
		barrier(CLK_LOCAL_MEM_FENCE);
		for (uint k = 0; k < 16; k++) {
			const float a = As[ty][k];
			s0 += a * Bs[k][tx];
			s1 += a * Bs[k][tx + 16];
		}
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	C[row * n + col] = s0;
	C[row * n + col + 16] = s1;
}
