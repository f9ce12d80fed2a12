/* chase.cl: the instruction mixes (thesis §4.1). One thread keeps one value
 * a; every instruction of the chain depends on the one before:
 *
 *     a = base[a]                      a load: the address is the last value
 *     a = as_uint(as_float(a) + zero)  alpha float adds of a run-time 0.0f
 *
 * The values are normal floats (indices offset by 0x00800000, subtracted
 * from the base pointer once, outside the loop), so adding zero keeps them.
 * Built with -D options (defaults make the file compile as it is):
 *   MEM_N  loads per body, ALU_N adds per body (alpha = ALU_N / MEM_N; the
 *          adds spread evenly between the loads; MEM_N = 0: alpha = inf),
 *   BODIES bodies per loop iteration (fully unrolled),
 *   SIMD   lanes per warp, for the per-warp timing record,
 *   LM_NV_TIMING  record per warp its SM, start and end %globaltimer and
 *          %clock64 cycles (NVIDIA inline PTX).
 * No -cl-fast-relaxed-math: it would let the compiler drop x + 0.0f. */

#ifndef MEM_N
#define MEM_N 1
#endif
#ifndef ALU_N
#define ALU_N 1
#endif
#ifndef BODIES
#define BODIES 1
#endif
#ifndef SIMD
#define SIMD 32
#endif

#define CHAIN_OFFSET 0x00800000u

/* Adds that follow the k-th load of a body: ALU_N spread over MEM_N. */
#define ADDS_AFTER(k) ((((k) + 1) * ALU_N) / MEM_N - ((k) * ALU_N) / MEM_N)

#ifdef LM_NV_TIMING
static inline ulong lm_globaltimer(void)
{
	ulong t;
	asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t) :: "memory");
	return t;
}
static inline ulong lm_clock64(void)
{
	ulong t;
	asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
	return t;
}
static inline uint lm_smid(void)
{
	uint s;
	asm volatile("mov.u32 %0, %%smid;" : "=r"(s));
	return s;
}
#endif

__kernel void lm_gmem(__global const uint *chain, __global uint *pos,
		      const float zero, const uint iters, __global ulong *timing)
{
	const size_t gid = get_global_id(0);
	uint a = pos[gid];
#ifdef LM_NV_TIMING
	const ulong t0 = lm_globaltimer();
	const ulong c0 = lm_clock64();
#endif
#if MEM_N == 0
	float x = as_float(a);
	for (uint it = 0; it < iters; it++) {
#pragma unroll
		for (int j = 0; j < BODIES * ALU_N; j++)
			x = x + zero;
	}
	a = as_uint(x);
#else
	__global const uint *base = chain - CHAIN_OFFSET;
	for (uint it = 0; it < iters; it++) {
#pragma unroll
		for (int b = 0; b < BODIES; b++) {
#pragma unroll
			for (int k = 0; k < MEM_N; k++) {
				a = base[a];
#pragma unroll
				for (int j = 0; j < ADDS_AFTER(k); j++)
					a = as_uint(as_float(a) + zero);
			}
		}
	}
#endif
#ifdef LM_NV_TIMING
	const ulong c1 = lm_clock64();
	const ulong t1 = lm_globaltimer();
	if (get_local_id(0) % SIMD == 0) {
		__global ulong *rec = timing + 4 * (gid / SIMD);
		rec[0] = lm_smid();
		rec[1] = t0;
		rec[2] = t1;
		rec[3] = c1 - c0;
	}
#endif
	pos[gid] = a;
}
