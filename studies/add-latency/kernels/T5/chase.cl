/* experiment: as T2 with the tie a multiply-add (seen + a[0] x 0) */
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
 * One loop iteration is BODIES bodies of MEM_N steps followed by ALU_N adds
 * (alpha = ALU_N / MEM_N; MEM_N = 0: adds only), written out by the
 * preprocessor: the kernel has no loop but the one over iterations, so no
 * compiler can leave an inner loop in place (llvmpipe, for one, cuts every
 * work-item's loops once they have run 65535 iterations together).
 *
 * How long a launch runs (the host picks one; the timing column names it):
 *   fixed-work  every warp runs `quota` iterations;
 *   stop-flag   the first warp to complete `quota` iterations raises a flag
 *               in global memory; every warp reads it once per iteration
 *               and stops: all warps stay resident until the end on any
 *               device, with no clock;
 *   fixed-time  (LM_TIMED and budget_ns > 0) every warp runs for budget_ns
 *               of its in-kernel clock.
 * The flag is read in every mode (one load per iteration, outside the
 * chains), so the instruction stream is the same whichever times it. Each
 * work-item writes the iterations it completed, and each work-group how
 * many groups had started when it began and when it ended: co-residency
 * checked on every device.
 *
 * Built with -D options (the defaults make the file compile as it is):
 *   MEM_N, ALU_N, BODIES   steps and adds per body, bodies per iteration;
 *   MEM_D, ALU_D, BODIES_D the same counts as five decimal digits (the
 *                          preprocessor repeats code by digit)
 *   CHAINS        independent chains per thread (memory-level parallelism)
 *   SIMD          lanes per warp (sub-group, wavefront)
 *   LMEM_WORDS    words of the local chain (MIX_LMEM)
 *   LM_NV_TIMING  NVIDIA inline PTX: %globaltimer, %clock64, %smid
 *   LM_AMD_TIMING AMD's clang builtins: s_memrealtime (LM_NS_PER_TICK ns a
 *                 tick), s_memtime (not on LM_AMD_GFX 11 and later), HW_ID
 *   LM_REQD_SG    sub-group size to require (Intel)
 *   LM_WAVES_PER_EU  waves each SIMD must hold (AMD's compiler)
 *   LM_NO_FLAG    the reference: lm_chase neither reads nor tests the stop
 *                 flag (fixed-work launches only), so the chains alone are
 *                 timed; the sweep's one-warp figures are checked against it
 * No -cl-fast-relaxed-math: it would let the compiler drop x + 0.0f. */

#ifndef MEM_N
#define MEM_N 1
#define MEM_D 0, 0, 0, 0, 1
#endif
#ifndef ALU_N
#define ALU_N 1
#define ALU_D 0, 0, 0, 0, 1
#endif
#ifndef BODIES
#define BODIES 1
#define BODIES_D 0, 0, 0, 0, 1
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

/* LM_REP(D, X): X written as many times as the digit list D says. */
#define LM_D0(X)
#define LM_D1(X) X
#define LM_D2(X) X X
#define LM_D3(X) X X X
#define LM_D4(X) X X X X
#define LM_D5(X) X X X X X
#define LM_D6(X) X X X X X X
#define LM_D7(X) X X X X X X X
#define LM_D8(X) X X X X X X X X
#define LM_D9(X) X X X X X X X X X
#define LM_R10(X) LM_D5(X) LM_D5(X)
#define LM_R100(X) LM_R10(LM_R10(X))
#define LM_R1000(X) LM_R10(LM_R100(X))
#define LM_R10000(X) LM_R10(LM_R1000(X))
#define LM_REP(D, X) LM_REP_(D, X)
#define LM_REP_(d4, d3, d2, d1, d0, X) LM_D##d4(LM_R10000(X)) LM_D##d3(LM_R1000(X)) \
	LM_D##d2(LM_R100(X)) LM_D##d1(LM_R10(X)) LM_D##d0(X)
#define LM_VAL(D) LM_VAL_(D)
#define LM_VAL_(d4, d3, d2, d1, d0) ((d4) * 10000 + (d3) * 1000 + (d2) * 100 + (d1) * 10 + (d0))
#if LM_VAL(MEM_D) != MEM_N || LM_VAL(ALU_D) != ALU_N || LM_VAL(BODIES_D) != BODIES
#error "MEM_D, ALU_D, BODIES_D must spell MEM_N, ALU_N, BODIES"
#endif
#if CHAINS < 1 || CHAINS > 16
#error "CHAINS: 1 to 16"
#endif

/* OP(c) for every chain c: constant conditions, folded away by any
 * compiler (no loop: a loop left in place would put a[] in memory) */
#define LM_CH(c, OP) if ((c) < CHAINS) { OP((c) % CHAINS) }
#define LM_ALL(OP) OP(0) LM_CH(1, OP) LM_CH(2, OP) LM_CH(3, OP) LM_CH(4, OP) LM_CH(5, OP) \
	LM_CH(6, OP) LM_CH(7, OP) LM_CH(8, OP) LM_CH(9, OP) LM_CH(10, OP) LM_CH(11, OP)    \
	LM_CH(12, OP) LM_CH(13, OP) LM_CH(14, OP) LM_CH(15, OP)

#if defined(MIX_SFU) && defined(LM_NV_TIMING)
/* NVIDIA's native_rsqrt wraps MUFU.RSQ in a denormal range check (three
 * more dependent instructions); the PTX instruction is the bare SFU op. */
static inline float lm_rsqrt(float x)
{
	float y;
	asm volatile("rsqrt.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x));
	return y;
}
#define STEP(c) a[c] = as_uint(lm_rsqrt(as_float(a[c])));
#elif defined(MIX_SFU)
#define STEP(c) a[c] = as_uint(native_rsqrt(as_float(a[c])));
#elif defined(MIX_LMEM)
#define STEP(c) a[c] = *(__local const uint *)(lbytes + (a[c] - offset));
#else
#define STEP(c) a[c] = chain[a[c]];
#endif
#define ADD(c) a[c] = as_uint(as_float(a[c]) + zero);
#define LOAD_POS(c) a[c] = pos[(c) * nthreads + gid];
#define STORE_POS(c) pos[(c) * nthreads + gid] = a[c];

/* Several chains: before each step every chain's value takes
 * z = (first chain's value ^ last chain's value) * a run-time 0: one
 * integer multiply a step of all chains and one add a chain, which ties
 * the chains together, so no compiler can run one chain many steps ahead
 * of the others and serialise their loads (NVIDIA's did: 4 chains at one
 * warp took 2 memory latencies a step instead of one, depending on
 * unrelated lines; data/measured/nvidia-h200/chain-tie/). A tie to each
 * chain's neighbour keeps every old value a step longer: AMD's compiler ran
 * short of registers with it at 8 chains. With one chain the step is bare. */
#if CHAINS > 1
#define LM_TIE(c) a[c] += z;
#define LM_STEPS { const uint z = (a[0] ^ a[CHAINS - 1]) * izero; LM_ALL(LM_TIE) LM_ALL(STEP) }
#else
#define LM_STEPS LM_ALL(STEP)
#endif
#define LM_BODY LM_REP(MEM_D, LM_STEPS) LM_REP(ALU_D, LM_ALL(ADD))
#define LM_ITERATION LM_REP(BODIES_D, LM_BODY)

/* The stop flag has LM_FLAGS copies 256 bytes apart; warp w reads copy
 * w % LM_FLAGS, so the polls of thousands of warps spread over the memory
 * system instead of queueing at one line. */
#define LM_FLAGS 64
#define LM_FLAG_STRIDE 64

/* ulongs per warp in the timing record: CU id, start ns, end ns, cycles
 * (0: no cycle counter), iterations */
#define REC 5

#if defined(LM_NV_TIMING)
#define LM_TIMED 1
static inline ulong lm_ns(void)
{
	ulong t;
	asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t) :: "memory");
	return t;
}
static inline ulong lm_cycles(void)
{
	ulong t;
	asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
	return t;
}
static inline uint lm_cu(void)
{
	uint s;
	asm volatile("mov.u32 %0, %%smid;" : "=r"(s));
	return s;
}
#elif defined(LM_AMD_TIMING)
#define LM_TIMED 1
#ifndef LM_NS_PER_TICK
#define LM_NS_PER_TICK 10
#endif
#ifndef LM_AMD_GFX
#define LM_AMD_GFX 9
#endif
/* s_memrealtime: a constant-rate counter (LM_NS_PER_TICK from the host's
 * table), which gfx11 reads with s_sendmsg_rtn_b64 MSG_RTN_GET_REALTIME
 * instead (RDNA3 ISA manual; clang 15 has no builtin for it, and rejects
 * s_memrealtime there: latmix kernel --isa gfx1100 found it); s_memtime:
 * shader clock cycles, gone from gfx11 on; HW_ID (gfx9) or HW_ID1 (gfx10+)
 * names the CU or WGP: AMD's ISA manuals, s_getreg. */
static inline ulong lm_ns(void)
{
#if LM_AMD_GFX < 11
	return __builtin_amdgcn_s_memrealtime() * LM_NS_PER_TICK;
#else
	ulong t;
	__asm__ volatile("s_sendmsg_rtn_b64 %0, sendmsg(MSG_RTN_GET_REALTIME)\n\ts_waitcnt lgkmcnt(0)"
		     : "=s"(t) :: "memory");
	return t * LM_NS_PER_TICK;
#endif
}
static inline ulong lm_cycles(void)
{
#if LM_AMD_GFX < 11
	return __builtin_amdgcn_s_memtime();
#else
	return 0;
#endif
}
static inline uint lm_cu(void)
{
#if LM_AMD_GFX < 10
	return (__builtin_amdgcn_s_getreg(0xF804) >> 8) & 0xffu; /* CU, SH, SE */
#else
	return (__builtin_amdgcn_s_getreg(0xF817) >> 10) & 0x7ffu; /* WGP, SA, SE */
#endif
}
#endif

/* Kernel attributes: Intel's sub-group size; on AMD's compiler the waves
 * a SIMD must hold (it then spends no more registers than that leaves). */
#ifdef LM_REQD_SG
#define LM_KERNEL __kernel __attribute__((intel_reqd_sub_group_size(LM_REQD_SG)))
#elif defined(LM_WAVES_PER_EU) && defined(__AMDGCN__)
#define LM_KERNEL __kernel __attribute__((amdgpu_waves_per_eu(LM_WAVES_PER_EU)))
#else
#define LM_KERNEL __kernel
#endif

/* sync[0] counts the work-groups that have started; sync[1 + g] is that
 * count when group g ended. */
static inline void lm_group_started(volatile __global uint *sync)
{
	if (get_local_id(0) == 0)
		atomic_inc(&sync[0]);
}

static inline void lm_group_ended(volatile __global uint *sync)
{
	barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
	if (get_local_id(0) == 0)
		sync[1 + get_group_id(0)] = atomic_add(&sync[0], 0u);
}

/* Every copy of the flag, written by the lanes of the warp that got there */
static inline void lm_raise(volatile __global uint *stop)
{
	for (uint f = (uint)(get_local_id(0) % SIMD); f < LM_FLAGS; f += SIMD)
		stop[f * LM_FLAG_STRIDE] = 1u;
}

#ifdef LM_TIMED
/* The record's start is written as the warp starts and its end as it
 * ends: nothing but the deadline stays in registers for the loop, whose
 * register count decides how many warps a CU holds. */
static inline ulong lm_record_start(__global ulong *timing, ulong budget_ns)
{
	const ulong t0 = lm_ns();
	const ulong c0 = lm_cycles();
	if (get_local_id(0) % SIMD == 0) {
		__global ulong *rec = timing + REC * (get_global_id(0) / SIMD);
		rec[1] = t0;
		rec[3] = c0;
	}
	return t0 + budget_ns;
}

static inline void lm_record_end(__global ulong *timing, uint it)
{
	const ulong c1 = lm_cycles();
	const ulong t1 = lm_ns();
	if (get_local_id(0) % SIMD == 0) {
		__global ulong *rec = timing + REC * (get_global_id(0) / SIMD);
		rec[0] = lm_cu();
		rec[2] = t1;
		rec[3] = c1 - rec[3];
		rec[4] = it;
	}
}
#endif

LM_KERNEL void lm_chase(__global const uint *chain, __global uint *pos, const float zero,
			const uint quota, const uint raise, volatile __global uint *stop,
			__global uint *count, volatile __global uint *sync, __global ulong *timing,
			const uint offset, const uint words, const ulong budget_ns)
{
	const size_t gid = get_global_id(0);
	const size_t nthreads = get_global_size(0);
	volatile __global const uint *flag = stop + (gid / SIMD) % LM_FLAGS * LM_FLAG_STRIDE;
	lm_group_started(sync);
	uint a[CHAINS];
	LM_ALL(LOAD_POS)
#if defined(MIX_LMEM)
	/* the whole local chain, copied in by the group */
	__local uint lchain[LMEM_WORDS];
	for (size_t i = get_local_id(0); i < LMEM_WORDS; i += get_local_size(0))
		lchain[i] = chain[i];
	barrier(CLK_LOCAL_MEM_FENCE);
	__local const uchar *lbytes = (__local const uchar *)lchain;
#endif
#ifdef LM_TIMED
	const ulong deadline = lm_record_start(timing, budget_ns);
#endif
	const uint izero = as_uint(zero);
	uint it = 0, seen = 0;
	for (;;) {
		/* tested at this iteration's end: the flag read as the last one
		 * started, tied to chain 0's value as this one starts */
		const uint halt = seen + a[0] * izero;
		seen = flag[halt * izero];
#ifdef LM_TIMED
		const int late = budget_ns && lm_ns() >= deadline;
#endif
		LM_ITERATION
		it++;
		if (it >= quota || halt)
			break;
#ifdef LM_TIMED
		if (late)
			break;
#endif
	}
#ifdef LM_TIMED
	lm_record_end(timing, it);
#else
	(void)timing;
	(void)budget_ns;
#endif
	if (raise && it >= quota)
		lm_raise(stop);
	(void)offset;
	(void)words;
	LM_ALL(STORE_POS)
	count[gid] = it;
	lm_group_ended(sync);
}

/* Streaming read: every load independent, each warp's load one coalesced
 * line; the direct measure of memory bandwidth. Iterations of BODIES loads
 * over the words after the first `offset`, each a whole grid further; the
 * launch ends as lm_chase's does. The sum keeps the loads alive; one value
 * per thread is written back. */
LM_KERNEL void lm_stream(__global const uint *chain, __global uint *pos, const float zero,
			 const uint quota, const uint raise, volatile __global uint *stop,
			 __global uint *count, volatile __global uint *sync, __global ulong *timing,
			 const uint offset, const uint words, const ulong budget_ns)
{
	const size_t gid = get_global_id(0);
	const size_t n = get_global_size(0);
	volatile __global const uint *flag = stop + (gid / SIMD) % LM_FLAGS * LM_FLAG_STRIDE;
	lm_group_started(sync);
	uint sum = 0;
	size_t i = gid;
	chain += offset;
#ifdef LM_TIMED
	const ulong deadline = lm_record_start(timing, budget_ns);
#endif
#define LM_STREAM_LOAD                \
	sum += chain[i];              \
	i += n;                       \
	if (i >= words)               \
		i -= words;
	uint it = 0, halt = 0;
	for (;;) {
		const uint halt_next = *flag;
#ifdef LM_TIMED
		const int late = budget_ns && lm_ns() >= deadline;
#endif
		LM_REP(BODIES_D, LM_STREAM_LOAD)
		it++;
		if (it >= quota || halt)
			break;
#ifdef LM_TIMED
		if (late)
			break;
#endif
		halt = halt_next;
	}
#ifdef LM_TIMED
	lm_record_end(timing, it);
#else
	(void)timing;
	(void)budget_ns;
#endif
	if (raise && it >= quota)
		lm_raise(stop);
	(void)zero;
	pos[gid] = sum;
	count[gid] = it;
	lm_group_ended(sync);
}
