/* occupancy.h: what every kernel latmix times at an exact occupancy
 * records on the device, whatever it computes: how many work-groups had
 * started when each began and ended (every group resident at once, checked
 * on every device), and where the device has a clock kernels can read, each
 * warp's start, end, cycles, iterations and CU. latmix puts it before
 * cl/chase.cl and before a user's kernel and its wrapper.
 *
 * Build options (none needed):
 *   LM_SIMD       lanes per warp (sub-group, wavefront)
 *   LM_REQD_SG    sub-group size to require (Intel)
 *   LM_WAVES_PER_EU  waves each SIMD must hold (AMD's compiler)
 *   LM_NV_TIMING  NVIDIA inline PTX: %globaltimer, %clock64, %smid
 *   LM_AMD_TIMING AMD's clang builtins: s_memrealtime (LM_NS_PER_TICK ns a
 *                 tick), s_memtime (not on LM_AMD_GFX 11 and later), HW_ID */
#ifndef LM_OCCUPANCY_H
#define LM_OCCUPANCY_H

#ifndef LM_SIMD
#define LM_SIMD 32
#endif

/* ulongs per warp in the timing record: CU id, start ns, end ns, cycles
 * (0: no cycle counter), iterations */
#define LM_REC 5

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

/* A kernel as written (the grid is the problem: groups come and go): the
 * groups resident at once, counted around each in a launch of its own
 * (the timed ones run the kernel bare). live[LM_ND_STRIDE c] is the number
 * running on CU c now and the word after it the most at once, each CU's
 * pair on a line of its own; where no CU id can be read, every group
 * counts on CU 0: the device. pad is the local memory the host sized to
 * hold the groups a CU takes down; the group's CU is kept in it (a group
 * does not move), so it is used and allocated. */
#define LM_ND_SLOTS 1024
#define LM_ND_STRIDE 32

static inline bool lm_nd_first(void)
{
	return get_local_id(0) == 0 && get_local_id(1) == 0 && get_local_id(2) == 0;
}

static inline void lm_nd_group_in(volatile __global uint *live, __local uint *pad)
{
	if (lm_nd_first()) {
#ifdef LM_TIMED
		const uint c = (lm_cu() % LM_ND_SLOTS) * LM_ND_STRIDE;
#else
		const uint c = 0;
#endif
		pad[0] = c;
		atomic_max(&live[c + 1], atomic_inc(&live[c]) + 1u);
	}
}

static inline void lm_nd_group_out(volatile __global uint *live, __local uint *pad)
{
	barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
	if (lm_nd_first())
		atomic_dec(&live[pad[0]]);
}

/* The wrapper's reserve, kept where the kernel runs bare (timed). */
static inline void lm_nd_keep(__local uint *pad)
{
	if (lm_nd_first())
		pad[0] = 0;
}

#ifdef LM_TIMED
/* The record's start is written as the warp starts and its end as it
 * ends: nothing but the deadline stays in registers for the loop, whose
 * register count decides how many warps a CU holds. */
static inline ulong lm_record_start(__global ulong *timing, ulong budget_ns)
{
	const ulong t0 = lm_ns();
	const ulong c0 = lm_cycles();
	if (get_local_id(0) % LM_SIMD == 0) {
		__global ulong *rec = timing + LM_REC * (get_global_id(0) / LM_SIMD);
		rec[1] = t0;
		rec[3] = c0;
	}
	return t0 + budget_ns;
}

static inline void lm_record_end(__global ulong *timing, uint it)
{
	const ulong c1 = lm_cycles();
	const ulong t1 = lm_ns();
	if (get_local_id(0) % LM_SIMD == 0) {
		__global ulong *rec = timing + LM_REC * (get_global_id(0) / LM_SIMD);
		rec[0] = lm_cu();
		rec[2] = t1;
		rec[3] = c1 - rec[3];
		rec[4] = it;
	}
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

#endif
