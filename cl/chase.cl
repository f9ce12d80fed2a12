/* chase.cl: the instruction mixes (thesis §4.1, §4.3, §4.7). A thread keeps
 * CHAINS values; every instruction of a chain depends on the one before:
 *
 *     STEP(a)                          the "memory" instruction of the mix
 *     a = as_uint(as_float(a) + zero)  alpha float adds of a run-time 0.0f
 *
 * STEP is a global load a = chain[a] (mixes gmem, gmem-stride2, gmem-random:
 * they differ in the buffer's layout only), the same load followed by a
 * coalesced store of its value to the sink buffer (MIX_STORE: each store a
 * whole grid past the one before, wrapping at sink_mask + 1 words; with
 * LM_STORE_EVERY k, on every k-th step only), a local
 * load (MIX_LMEM) or a = native_rsqrt(a) (MIX_SFU). Chain values are normal floats, so adding
 * zero keeps them: global indices are at least 0x00800000 (the buffer's
 * first 32 MiB are never touched, so a load's address is a single
 * multiply-add), local values are byte offsets plus 0x00800000 (`offset`,
 * one three-input add per load).
 *
 * lm_stream (mixes stream*) reads the buffer in coalesced lines instead,
 * every load independent; MIX_FILL (stream-fill) only stores, each store
 * a pass of a loop of its own, and with LM_SCATTER (stream-scatter) each
 * lane's store in a sector of its own.
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
 *               in global memory; every warp reads it once every LM_POLL
 *               iterations and stops: all warps stay resident until the
 *               end on any device, with no clock;
 *   fixed-time  (LM_TIMED and budget_ns > 0) every warp runs for budget_ns
 *               of its in-kernel clock.
 * The flag is read in every mode (one load every LM_POLL iterations,
 * outside the chains), so the instruction stream is the same whichever times it. Each
 * work-item writes the iterations it completed, and each work-group how
 * many groups had started when it began and when it ended: co-residency
 * checked on every device.
 *
 * Built with -D options (the defaults make the file compile as it is):
 *   MEM_N, ALU_N, BODIES   steps and adds per body, bodies per iteration;
 *   MEM_D, ALU_D, BODIES_D the same counts as five decimal digits (the
 *                          preprocessor repeats code by digit)
 *   CHAINS        independent chains per thread (memory-level parallelism)
 *   LM_POLL       iterations between two reads of the stop flag
 *   LM_NO_UNROLL_PRAGMA  the compiler fails on `#pragma unroll` (Mesa 22)
 *   LM_SIMD       lanes per warp (sub-group, wavefront)
 *   LMEM_WORDS    words of the local chain (MIX_LMEM)
 *   LM_STORE_EVERY  steps per store (MIX_STORE; default 1)
 *   LM_SHIFT      lm_stream: words each load reads before its place (a warp's
 *                 load off a line; default 0)
 *   LM_SCATTER    lm_stream with MIX_FILL: a lane's store in a 32-byte sector
 *                 of its own, lanes 2^LM_SCATTER words apart (stream-scatter)
 *   LM_NV_TIMING, LM_AMD_TIMING, LM_REQD_SG, LM_WAVES_PER_EU  the clock and
 *                 the kernel's attributes (cl/occupancy.h, which latmix puts
 *                 before this file)
 *   LM_NO_FLAG    the reference: lm_chase neither reads nor tests the stop
 *                 flag (fixed-work launches only), so the chains alone are
 *                 timed; the sweep's one-warp figures are checked against it
 *   LM_ONLY_CHASE, LM_ONLY_STREAM  the program holds that kernel alone (a
 *                 build takes 15-25% less on an H200); each kernel's code is
 *                 the same either way
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
#ifndef LM_SIMD
#define LM_SIMD 32
#endif
#ifndef LMEM_WORDS
#define LMEM_WORDS 1024
#endif
#ifndef LM_POLL
#define LM_POLL 1
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
/* MIX_STORE: every chain's value stored once all chains have loaded (a store
 * waits for its value: put after its own load, it held the next chain's
 * load back, and chains ran one after another), on every LM_STORE_EVERY-th
 * step of an iteration. `sp` counts the steps of an iteration so far: its
 * value is known to the compiler at every step of the written-out
 * iteration, so the test folds away (clang's AMD and Intel's listings hold
 * the stores and no branch more than gmem-store's). */
#ifdef MIX_STORE
#ifndef LM_STORE_EVERY
#define LM_STORE_EVERY 1
#endif
#if LM_STORE_EVERY < 1 || MEM_N * BODIES % LM_STORE_EVERY != 0
#error "LM_STORE_EVERY must divide an iteration's steps (MEM_N x BODIES)"
#endif
#define STORE(c)                 \
	sink[st] = a[c];         \
	st = (st + grid) & sink_mask;
#define LM_STORES                                  \
	if (++sp % LM_STORE_EVERY == 0) {          \
		LM_ALL(STORE)                      \
	}
#define LM_ITERATION_BEGIN { uint sp = 0;
#define LM_ITERATION_END }
#else
#define LM_STORES
#define LM_ITERATION_BEGIN
#define LM_ITERATION_END
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
 * unrelated lines; studies/chain-tie/). A tie to each
 * chain's neighbour keeps every old value a step longer: AMD's compiler ran
 * short of registers with it at 8 chains. With one chain the step is bare. */
#if CHAINS > 1
#define LM_TIE(c) a[c] += z;
#define LM_STEPS { const uint z = (a[0] ^ a[CHAINS - 1]) * izero; LM_ALL(LM_TIE) LM_ALL(STEP) LM_STORES }
#else
#define LM_STEPS LM_ALL(STEP) LM_STORES
#endif
#define LM_BODY LM_REP(MEM_D, LM_STEPS) LM_REP(ALU_D, LM_ALL(ADD))
#define LM_ITERATION LM_ITERATION_BEGIN LM_REP(BODIES_D, LM_BODY) LM_ITERATION_END

/* LM_POLL iterations between two reads of the stop flag. A pass of a loop
 * that reads it costs one warp of the H200 about 70 cycles more than a
 * flag-free pass (its strong load and the YIELD ptxas puts in a loop that
 * polls memory): 7% of 256 dependent adds (studies/add-latency/). The
 * inner loop is not unrolled (NVIDIA's compiler unrolled it with a
 * remainder; Intel's, ignoring the pragma, unrolled a constant count: the
 * run-time zero izero hides it); with LM_POLL 1 there
 * is none: as a loop of one pass, it cost one warp's global loads 1.5%. */
#ifdef LM_NO_UNROLL_PRAGMA
#define LM_NOUNROLL
#else
#define LM_NOUNROLL _Pragma("unroll 1")
#endif
#if LM_POLL > 1
#define LM_BLOCK                                   \
	{                                          \
		uint j = 0;                        \
		LM_NOUNROLL do {                   \
			LM_ITERATION               \
			it++;                      \
		} while (++j < LM_POLL + izero && it < quota); \
	}
#else
#define LM_BLOCK LM_ITERATION it++;
#endif

/* The stop flag has LM_FLAGS copies 256 bytes apart; warp w reads copy
 * w % LM_FLAGS, so the polls of thousands of warps spread over the memory
 * system instead of queueing at one line. */
#define LM_FLAGS 64
#define LM_FLAG_STRIDE 64

/* Every copy of the flag, written by the lanes of the warp that got there */
static inline void lm_raise(volatile __global uint *stop)
{
	for (uint f = (uint)(get_local_id(0) % LM_SIMD); f < LM_FLAGS; f += LM_SIMD)
		stop[f * LM_FLAG_STRIDE] = 1u;
}

#ifndef LM_ONLY_STREAM
LM_KERNEL void lm_chase(__global const uint *chain, __global uint *pos, const float zero,
			const uint quota, const uint raise, volatile __global uint *stop,
			__global uint *count, volatile __global uint *sync, __global ulong *timing,
			const uint offset, const uint words, const ulong budget_ns,
			__global uint *sink, const uint sink_mask)
{
	const size_t gid = get_global_id(0);
	const size_t nthreads = get_global_size(0);
	volatile __global const uint *flag = stop + (gid / LM_SIMD) % LM_FLAGS * LM_FLAG_STRIDE;
	lm_group_started(sync);
#ifdef MIX_STORE
	const uint grid = (uint)nthreads;
	uint st = (uint)gid & sink_mask;
#else
	(void)sink;
	(void)sink_mask;
#endif
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
	uint it = 0, halt = 0;
	for (;;) {
		/* the flag and the clock are read as a block of LM_POLL iterations
		 * starts and tested at its end (the flag a block later still), so
		 * their latency hides behind the chains instead of stalling them */
#ifndef LM_NO_FLAG
		const uint halt_next = *flag;
#endif
#ifdef LM_TIMED
		const int late = budget_ns && lm_ns() >= deadline;
#endif
		LM_BLOCK
		if (it >= quota || halt)
			break;
#ifdef LM_TIMED
		if (late)
			break;
#endif
		/* tied to chain 0's value (never 0): known only as the chains
		 * end the block, so the flag cannot be tested (and waited for)
		 * before them; NVIDIA's compiler did, costing one warp ~0.9
		 * cycles per add (studies/flag-placement/) */
#ifndef LM_NO_FLAG
		halt = halt_next | (uint)(a[0] == 0u);
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
#endif

#ifndef LM_ONLY_CHASE
/* Streaming read: every load independent, each warp's load one coalesced
 * line; the direct measure of memory bandwidth. Iterations of BODIES loads
 * over the words after the first `offset`, each a whole grid further; the
 * launch ends as lm_chase's does. The sum keeps the loads alive; one value
 * per thread is written back. With LM_SHIFT s every load reads s words
 * before its place, so a warp's load starts off a line and straddles two
 * (the words before `offset` are the buffer's, never written); with
 * MIX_STORE each loaded word is also stored to the sink at its place
 * (i & sink_mask: coalesced, on a line): a copy. The pairs that differ in
 * LM_SHIFT alone measure what a misaligned load costs a stream. */
LM_KERNEL void lm_stream(__global const uint *chain, __global uint *pos, const float zero,
			 const uint quota, const uint raise, volatile __global uint *stop,
			 __global uint *count, volatile __global uint *sync, __global ulong *timing,
			 const uint offset, const uint words, const ulong budget_ns,
			 __global uint *sink, const uint sink_mask)
{
	const size_t gid = get_global_id(0);
	const size_t n = get_global_size(0);
	volatile __global const uint *flag = stop + (gid / LM_SIMD) % LM_FLAGS * LM_FLAG_STRIDE;
	lm_group_started(sync);
	uint sum = 0;
	size_t i = gid;
#ifndef LM_SHIFT
#define LM_SHIFT 0
#endif
	chain += offset - LM_SHIFT;
#ifdef LM_TIMED
	const ulong deadline = lm_record_start(timing, budget_ns);
#endif
#ifdef MIX_STORE
#define LM_STREAM_STORE(v) sink[i & sink_mask] = (v);
#else
#define LM_STREAM_STORE(v)
#endif
#define LM_STREAM_LOAD                    \
	{                                 \
		const uint v = chain[i];  \
		sum += v;                 \
		LM_STREAM_STORE(v)        \
	}                                 \
	i += n;                           \
	if (i >= words)                   \
		i -= words;
#ifdef MIX_FILL
	/* stores alone, each a pass of a loop not unrolled (its count hidden
	 * by the run-time zero), as a store-only loop such as a[i] = v runs:
	 * at one warp a pass takes what such a loop's back edge and store
	 * take, far more than its few instructions' latency
	 * (studies/store-only/). With LM_SCATTER the sink is blocks of
	 * LM_SIMD rows 2^LM_SCATTER words long, and word w of a block goes to
	 * row w % LM_SIMD, column w / LM_SIMD: a warp's lanes store a row
	 * apart, a 32-byte sector each, and the seven warps after it in the
	 * grid (its work-group's, at groups of 8 warps) store the sectors'
	 * other words with it, as a transpose's group's rows do; one to one
	 * over the sink (LM_SIMD a power of two, the sink's words a multiple
	 * of a block's). */
	const uint izero = (uint)zero;
#ifdef LM_SCATTER
#define LM_SROW ((size_t)1 << LM_SCATTER)
#define LM_FILL_AT(w) (((w) & ~(LM_SIMD * LM_SROW - 1)) | (w) % LM_SIMD * LM_SROW | (w) / LM_SIMD % LM_SROW)
#else
#define LM_FILL_AT(w) (w)
#endif
#define LM_STREAM_PASSES                                   \
	{                                                  \
		uint b = 0;                                \
		LM_NOUNROLL do {                           \
			sink[LM_FILL_AT(i & sink_mask)] = (uint)i; \
			i += n;                            \
			if (i >= words)                    \
				i -= words;                \
		} while (++b < BODIES + izero);            \
	}
#else
#define LM_STREAM_PASSES LM_REP(BODIES_D, LM_STREAM_LOAD)
#endif
	uint it = 0, halt = 0;
	for (;;) {
		const uint halt_next = *flag;
#ifdef LM_TIMED
		const int late = budget_ns && lm_ns() >= deadline;
#endif
		LM_STREAM_PASSES
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
#if !defined MIX_STORE && !defined MIX_FILL
	(void)sink;
	(void)sink_mask;
#endif
#ifdef MIX_FILL
	(void)chain;
#endif
	pos[gid] = sum;
	count[gid] = it;
	lm_group_ended(sync);
}
#endif
