/* The tiled product's parts apart, groups of 16 x 16 (studies/tiled, third lease): a tile of
 * A and of B loaded once, then R turns of the product's inner loop over them, each turn
 * reading at a shifted k so that nothing is hoisted: lds_only with no barrier in the turn,
 * lds_bar with the product's two. Local requests a warp's turn: 32 loads. */
#define TURN(s, r)                                                     \
	for (uint k = 0; k < 16; k++)                                    \
		s += As[ty][(k + r) & 15] * Bs[(k + r) & 15][tx];

__kernel void lds_only(__global float *restrict C, __global const float *restrict A,
		       __global const float *restrict B, const uint n, const uint turns)
{
	__local float As[16][16], Bs[16][16];
	const uint tx = get_local_id(0), ty = get_local_id(1);
	const uint col = get_global_id(0), row = get_global_id(1);
	As[ty][tx] = A[row * n + tx];
	Bs[ty][tx] = B[ty * n + col];
	barrier(CLK_LOCAL_MEM_FENCE);
	float s = 0.0f;
	for (uint r = 0; r < turns; r++)
		TURN(s, r)
	C[row * n + col] = s;
}

__kernel void lds_bar(__global float *restrict C, __global const float *restrict A,
		      __global const float *restrict B, const uint n, const uint turns)
{
	__local float As[16][16], Bs[16][16];
	const uint tx = get_local_id(0), ty = get_local_id(1);
	const uint col = get_global_id(0), row = get_global_id(1);
	As[ty][tx] = A[row * n + tx];
	Bs[ty][tx] = B[ty * n + col];
	barrier(CLK_LOCAL_MEM_FENCE);
	float s = 0.0f;
	for (uint r = 0; r < turns; r++) {
		barrier(CLK_LOCAL_MEM_FENCE);
		TURN(s, r)
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	C[row * n + col] = s;
}

/* lds_only with its offsets constant: 16 turns unrolled whole a pass, each turn's k shifted
 * by a constant, so that the turn is 32 local loads and 16 multiply-adds, no index
 * arithmetic (fourth lease). */
__kernel void lds_const(__global float *restrict C, __global const float *restrict A,
			__global const float *restrict B, const uint n, const uint turns)
{
	__local float As[16][16], Bs[16][16];
	const uint tx = get_local_id(0), ty = get_local_id(1);
	const uint col = get_global_id(0), row = get_global_id(1);
	As[ty][tx] = A[row * n + tx];
	Bs[ty][tx] = B[ty * n + col];
	barrier(CLK_LOCAL_MEM_FENCE);
	float s = 0.0f;
	for (uint r0 = 0; r0 < turns; r0 += 16) {
#pragma unroll
		for (uint r = 0; r < 16; r++)
#pragma unroll
			for (uint k = 0; k < 16; k++)
				s += As[ty][(k + r) & 15] * Bs[(k + r) & 15][tx];
	}
	C[row * n + col] = s;
}

/* mm_tiled16 whose tiles are the same every turn (stride = 0 at run time): its global loads
 * hit L1 after the first turn, so nothing is filled; all else as the product (fourth lease). */
__kernel void mm_hit16(__global float *restrict C, __global const float *restrict A,
		       __global const float *restrict B, const uint n, const uint stride)
{
	__local float As[16][16], Bs[16][16];
	const uint tx = get_local_id(0), ty = get_local_id(1);
	const uint col = get_global_id(0), row = get_global_id(1);
	float s = 0.0f;
	for (uint t = 0; t < n; t += 16) {
		As[ty][tx] = A[row * n + t * stride + tx];
		Bs[ty][tx] = B[(t * stride + ty) * n + col];
		barrier(CLK_LOCAL_MEM_FENCE);
		for (uint k = 0; k < 16; k++)
			s += As[ty][k] * Bs[k][tx];
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	C[row * n + col] = s;
}

/* The local unit's rate by access (fifth lease): 16 loads a turn from a volatile tile (so that
 * none is kept in registers), each at a constant offset off one register, a multiply-add each;
 * groups of 16 x 16. lds_stream: each lane its own word, a warp 32 in a row (the lmem mix's
 * pattern, independent); lds_bcast: a row of 16 lanes reads one word (a tiled product's A);
 * lds_vec4: each lane its own float4, a warp 512 bytes in a row (a tile of 4 rows, 16 KiB as
 * the others). */
#define LDS_KERNEL(NAME, T, ROWS, INDEX, SUM)                                                   \
	__kernel void NAME(__global float *restrict C, __global const float *restrict A,     \
			   const uint turns)                                                 \
	{                                                                                    \
		volatile __local T L[ROWS * 256];                                            \
		const uint tid = get_local_id(1) * 16 + get_local_id(0), ty = get_local_id(1); \
		const size_t gid = get_global_id(1) * get_global_size(0) + get_global_id(0);   \
		for (uint i = 0; i < ROWS; i++)                                              \
			L[i * 256 + tid] = (T)(A[(gid * 16 + i) % (1u << 22)]);              \
		barrier(CLK_LOCAL_MEM_FENCE);                                                \
		float s = 0.0f;                                                              \
		for (uint r = 0; r < turns; r++) {                                           \
			_Pragma("unroll") for (uint i = 0; i < 16; i++) {                    \
				T v = L[i % ROWS * 256 + (INDEX)];                                  \
				s = fma(s, 0.999f, SUM);                                     \
			}                                                                    \
		}                                                                            \
		C[gid] = s;                                                                  \
	}
LDS_KERNEL(lds_stream, float, 16, tid, v)
LDS_KERNEL(lds_bcast, float, 16, ty * 16, v)
LDS_KERNEL(lds_vec4, float4, 4, tid, v.x + v.w)
