/* chase.cl: the instruction mixes (thesis §4.1, §4.3, §4.7). A thread keeps
 * CHAINS values; every instruction of a chain depends on the one before:
 *
 *     STEP(a)                          the "memory" instruction of the mix
 *     a = as_uint(as_float(a) + zero)  alpha float adds of a run-time 0.0f
 *
 * STEP is a global load a = chain[a] (mixes gmem, gmem-stride2, gmem-random:
 * they differ in the buffer's layout only), a local load (MIX_LMEM) or
 * a = native_rsqrt(a) (MIX_SFU). Chain values are normal floats, so adding
 * zero keeps them: global indices are at least 0x00800000 (the buffer's
 * first 32 MiB are never touched, so a load's address is a single
 * multiply-add), local values are byte offsets plus 0x00800000 (`offset`,
 * one three-input add per load).
 *
 * With LM_NV_TIMING and budget_ns > 0 every warp runs for budget_ns of
 * %globaltimer instead of a fixed iters (at most iters): all warps stay
 * resident to the end, so the throughput is that of n resident warps, not
 * diluted by a tail where a greedy scheduler's starved warps finish alone.
 * Each warp records its SM, start and end time, cycles and iterations.
 *
 * Built with -D options (the defaults make the file compile as it is):
 *   MEM_N, ALU_N  STEPs and adds per body: alpha = ALU_N / MEM_N, the adds
 *                 spread evenly between the steps; MEM_N = 0: alpha = inf
 *   BODIES        bodies per loop iteration, fully unrolled
 *   CHAINS        independent chains per thread (memory-level parallelism)
 *   SIMD          lanes per warp, for the per-warp timing record
 *   LMEM_WORDS    words of the local chain (MIX_LMEM)
 *   LM_NV_TIMING  record per warp its SM, start and end %globaltimer and
 *                 %clock64 cycles (NVIDIA inline PTX)
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
#ifndef CHAINS
#define CHAINS 1
#endif
#ifndef SIMD
#define SIMD 32
#endif
#ifndef LMEM_WORDS
#define LMEM_WORDS 1024
#endif

/* Adds that follow the k-th step of a body: ALU_N spread over MEM_N. */
#define ADDS_AFTER(k) ((((k) + 1) * ALU_N) / MEM_N - ((k) * ALU_N) / MEM_N)

#if defined(MIX_SFU) && defined(LM_NV_TIMING)
/* NVIDIA's native_rsqrt wraps MUFU.RSQ in a denormal range check (three
 * more dependent instructions); the PTX instruction is the bare SFU op. */
static inline float lm_rsqrt(float x)
{
	float y;
	asm volatile("rsqrt.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x));
	return y;
}
#define STEP(a) (a) = as_uint(lm_rsqrt(as_float(a)))
#elif defined(MIX_SFU)
#define STEP(a) (a) = as_uint(native_rsqrt(as_float(a)))
#elif defined(MIX_LMEM)
#define STEP(a) (a) = *(__local const uint *)(lbytes + ((a) - offset))
#else
#define STEP(a) (a) = chain[a]
#endif
#define REC 5 /* ulongs per warp record */
#define ADD(a) (a) = as_uint(as_float(a) + zero)

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

__kernel void lm_chase(__global const uint *chain, __global uint *pos, const float zero,
		       const uint iters, __global ulong *timing, const uint offset,
		       const uint words, const ulong budget_ns)
{
	const size_t gid = get_global_id(0);
	const size_t nthreads = get_global_size(0);
	uint a[CHAINS];
#pragma unroll
	for (int c = 0; c < CHAINS; c++)
		a[c] = pos[c * nthreads + gid];
#if defined(MIX_LMEM)
	/* the whole local chain, copied in by the group */
	__local uint lchain[LMEM_WORDS];
	for (size_t i = get_local_id(0); i < LMEM_WORDS; i += get_local_size(0))
		lchain[i] = chain[i];
	barrier(CLK_LOCAL_MEM_FENCE);
	__local const uchar *lbytes = (__local const uchar *)lchain;
#endif
#ifdef LM_NV_TIMING
	const ulong t0 = lm_globaltimer();
	const ulong c0 = lm_clock64();
	const ulong deadline = t0 + budget_ns;
#endif
	uint it = 0;
	while (it < iters) {
#pragma unroll
		for (int b = 0; b < BODIES; b++) {
#if MEM_N == 0
#pragma unroll
			for (int j = 0; j < ALU_N; j++) {
#pragma unroll
				for (int c = 0; c < CHAINS; c++)
					ADD(a[c]);
			}
#else
#pragma unroll
			for (int k = 0; k < MEM_N; k++) {
#pragma unroll
				for (int c = 0; c < CHAINS; c++)
					STEP(a[c]);
#pragma unroll
				for (int j = 0; j < ADDS_AFTER(k); j++) {
#pragma unroll
					for (int c = 0; c < CHAINS; c++)
						ADD(a[c]);
				}
			}
#endif
		}
		it++;
#ifdef LM_NV_TIMING
		if (budget_ns && lm_globaltimer() >= deadline)
			break;
#endif
	}
#ifdef LM_NV_TIMING
	const ulong c1 = lm_clock64();
	const ulong t1 = lm_globaltimer();
	if (get_local_id(0) % SIMD == 0) {
		__global ulong *rec = timing + REC * (gid / SIMD);
		rec[0] = lm_smid();
		rec[1] = t0;
		rec[2] = t1;
		rec[3] = c1 - c0;
		rec[4] = it;
	}
#else
	(void)timing;
	(void)budget_ns;
#endif
	(void)offset;
	(void)words;
#pragma unroll
	for (int c = 0; c < CHAINS; c++)
		pos[c * nthreads + gid] = a[c];
}

/* Streaming read: every load independent, each warp's load one coalesced
 * line; the direct measure of memory bandwidth. iters passes of BODIES
 * loads over the words after the first `offset`, each a whole grid further.
 * The sum keeps the loads alive; one value per thread is written back. */
__kernel void lm_stream(__global const uint *chain, __global uint *pos, const float zero,
			const uint iters, __global ulong *timing, const uint offset,
			const uint words, const ulong budget_ns)
{
	const size_t gid = get_global_id(0);
	const size_t n = get_global_size(0);
	uint sum = 0;
	size_t i = gid;
	chain += offset;
	(void)budget_ns;
	for (uint it = 0; it < iters; it++) {
#pragma unroll
		for (int b = 0; b < BODIES; b++) {
			sum += chain[i];
			i += n;
			if (i >= words)
				i -= words;
		}
	}
	(void)zero;
	(void)timing;
	pos[gid] = sum;
}
