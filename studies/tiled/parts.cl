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
