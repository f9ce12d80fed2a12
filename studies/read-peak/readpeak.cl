/* readpeak.cl: plain reads of one buffer, launched in different shapes, to
 * find why latmix's persistent stream mix stops 8-10% under what kernels as
 * written read on an H200 (../dot-top). Every kernel sums n floats of x
 * (each once) and stores the sum only where it could never be. */

/* Persistent grid-stride loop, one load an iteration. */
__kernel void gs1(__global float *out, __global const float *restrict x, const ulong n, __global uint *ctr,
		  volatile __global uint *flag)
{
	const size_t g = get_global_id(0), stride = get_global_size(0);
	float s = 0.0f;
	for (size_t i = g; i < n; i += stride)
		s += x[i];
	if (s == -1.0f)
		out[g] = s;
}

/* Persistent grid-stride loop, eight loads an iteration (n a multiple of
 * eight grids), as the stream mix's bodies. */
__kernel void gs8(__global float *out, __global const float *restrict x, const ulong n, __global uint *ctr,
		  volatile __global uint *flag)
{
	const size_t g = get_global_id(0), stride = get_global_size(0);
	float s = 0.0f;
	for (size_t i = g; i < n; i += 8 * stride)
#pragma unroll
		for (int k = 0; k < 8; k++)
			s += x[i + k * stride];
	if (s == -1.0f)
		out[g] = s;
}

/* gs8 reading a volatile flag once an iteration, as the stream mix polls
 * its stop flag (never raised here). */
__kernel void gs8flag(__global float *out, __global const float *restrict x, const ulong n, __global uint *ctr,
		      volatile __global uint *flag)
{
	const size_t g = get_global_id(0), stride = get_global_size(0);
	float s = 0.0f;
	for (size_t i = g; i < n; i += 8 * stride) {
		if (*flag)
			break;
#pragma unroll
		for (int k = 0; k < 8; k++)
			s += x[i + k * stride];
	}
	if (s == -1.0f)
		out[g] = s;
}

/* Persistent groups taking chunks in order from a counter: a group's chunk
 * is eight of its sizes, read as a group of fronts8 would (eight loads a
 * work-item, a group apart). The loads in flight stay in one narrow window,
 * as dispatch keeps a kernel as written's. */
__kernel void dyn8(__global float *out, __global const float *restrict x, const ulong n, __global uint *ctr,
		   volatile __global uint *flag)
{
	__local uint chunk;
	const size_t l = get_local_id(0), ls = get_local_size(0);
	float s = 0.0f;
	for (;;) {
		if (l == 0)
			chunk = atomic_inc(ctr);
		barrier(CLK_LOCAL_MEM_FENCE);
		const size_t base = (size_t)chunk * 8 * ls;
		barrier(CLK_LOCAL_MEM_FENCE);
		if (base >= n)
			break;
#pragma unroll
		for (int k = 0; k < 8; k++)
			s += x[base + k * ls + l];
	}
	if (s == -1.0f)
		out[get_global_id(0)] = s;
}

/* Persistent warps each reading a stretch of their own, one after the other
 * (n a multiple of the grid): the widest window. */
__kernel void own8(__global float *out, __global const float *restrict x, const ulong n, __global uint *ctr,
		   volatile __global uint *flag)
{
	const size_t g = get_global_id(0), lane = g % 32, warps = get_global_size(0) / 32, warp = g / 32;
	const size_t per = n / warps;
	const __global float *p = x + warp * per + lane;
	float s = 0.0f;
	for (size_t i = 0; i < per; i += 8 * 32)
#pragma unroll
		for (int k = 0; k < 8; k++)
			s += p[i + k * 32];
	if (s == -1.0f)
		out[g] = s;
}

/* As written: eight loads a work-item a grid apart (../ndrange-probe's
 * fronts8), the grid n / 8 work-items. */
__kernel void nd8(__global float *out, __global const float *restrict x, const ulong n, __global uint *ctr,
		  volatile __global uint *flag)
{
	const size_t g = get_global_id(0), stride = get_global_size(0);
	float s = 0.0f;
#pragma unroll
	for (int k = 0; k < 8; k++)
		s += x[g + k * stride];
	if (s == -1.0f)
		out[g] = s;
}

/* As written: one element a work-item (BabelStream's read, unreduced). */
__kernel void nd1(__global float *out, __global const float *restrict x, const ulong n, __global uint *ctr,
		  volatile __global uint *flag)
{
	const size_t g = get_global_id(0);
	const float s = x[g];
	if (s == -1.0f)
		out[g] = s;
}

/* Lease 2: the stream mix's loop (cl/chase.cl's lm_stream at alpha 0, 16
 * loads an iteration) written again, and the same with one of its parts
 * taken out. Each reads n words once: n / (16 grids) iterations. */
#define MIX_LOAD(WRAP)                \
	{                             \
		sum += x[i];          \
		i += stride;          \
		if (WRAP && i >= n)   \
			i -= n;       \
	}
#define MIX_BODY(WRAP)                                                          \
	MIX_LOAD(WRAP) MIX_LOAD(WRAP) MIX_LOAD(WRAP) MIX_LOAD(WRAP) MIX_LOAD(WRAP) \
	MIX_LOAD(WRAP) MIX_LOAD(WRAP) MIX_LOAD(WRAP) MIX_LOAD(WRAP) MIX_LOAD(WRAP) \
	MIX_LOAD(WRAP) MIX_LOAD(WRAP) MIX_LOAD(WRAP) MIX_LOAD(WRAP) MIX_LOAD(WRAP) MIX_LOAD(WRAP)
#define MIX_KERNEL(NAME, WRAP, FLAG)                                                                      \
	__kernel void NAME(__global uint *out, __global const uint *restrict x, const ulong n,            \
			   __global uint *ctr, volatile __global uint *flag)                              \
	{                                                                                                 \
		const size_t g = get_global_id(0), stride = get_global_size(0);                            \
		const uint quota = (uint)(n / (16 * stride));                                              \
		size_t i = g;                                                                              \
		uint sum = 0, it = 0, halt = 0;                                                            \
		for (;;) {                                                                                 \
			const uint halt_next = FLAG ? flag[(g / 32) % 8 * 32] : 0;                         \
			MIX_BODY(WRAP)                                                                     \
			it++;                                                                              \
			if (it >= quota || halt)                                                           \
				break;                                                                     \
			halt = halt_next;                                                                  \
		}                                                                                          \
		out[g] = sum + it;                                                                         \
	}
MIX_KERNEL(mix16, 1, 1)
MIX_KERNEL(mix16nowrap, 0, 1)
MIX_KERNEL(mix16noflag, 1, 0)
MIX_KERNEL(mix16plain, 0, 0)

/* dyn8 with a chunk of 32 loads a work-item, the counter's round trip
 * spread over four times the reads: chunks still taken in order. */
__kernel void dyn32(__global float *out, __global const float *restrict x, const ulong n, __global uint *ctr,
		    volatile __global uint *flag)
{
	__local uint chunk;
	const size_t l = get_local_id(0), ls = get_local_size(0);
	float s = 0.0f;
	for (;;) {
		if (l == 0)
			chunk = atomic_inc(ctr);
		barrier(CLK_LOCAL_MEM_FENCE);
		const size_t base = (size_t)chunk * 32 * ls;
		barrier(CLK_LOCAL_MEM_FENCE);
		if (base >= n)
			break;
#pragma unroll
		for (int k = 0; k < 32; k++)
			s += x[base + k * ls + l];
	}
	if (s == -1.0f)
		out[get_global_id(0)] = s;
}

/* Lease 4: as written with K loads a work-item, K a grid apart (K fronts,
 * as nd8), or from one stretch of the group's (ndK1: a group reads K group
 * sizes one after another, as latmix's written-read does). */
#define ND_FRONTS(NAME, K)                                                                               \
	__kernel void NAME(__global float *out, __global const float *restrict x, const ulong n,         \
			   __global uint *ctr, volatile __global uint *flag)                             \
	{                                                                                                \
		const size_t g = get_global_id(0), stride = get_global_size(0);                           \
		float s = 0.0f;                                                                           \
		_Pragma("unroll") for (int k = 0; k < K; k++) s += x[g + k * stride];                     \
		if (s == -1.0f)                                                                           \
			out[g] = s;                                                                       \
	}
#define ND_STRETCH(NAME, K)                                                                              \
	__kernel void NAME(__global float *out, __global const float *restrict x, const ulong n,         \
			   __global uint *ctr, volatile __global uint *flag)                             \
	{                                                                                                \
		const size_t l = get_local_id(0), w = get_local_size(0), at = get_group_id(0) * K * w + l; \
		float s = 0.0f;                                                                           \
		_Pragma("unroll") for (int k = 0; k < K; k++) s += x[at + k * w];                         \
		if (s == -1.0f)                                                                           \
			out[get_global_id(0)] = s;                                                        \
	}
ND_FRONTS(nd2, 2)
ND_FRONTS(nd4, 4)
ND_FRONTS(nd16, 16)
ND_FRONTS(nd32, 32)
ND_FRONTS(nd64, 64)
ND_STRETCH(nd8s, 8)
ND_STRETCH(nd32s, 32)
ND_STRETCH(nd64s, 64)

/* Lease 5: the same reads with a local buffer reserved (the host sizes
 * `pad`; --pad KiB), which on an H200 takes the largest carve-out and
 * leaves 28 KiB of L1 where groups x (pad + 1 KiB) passes 196 KiB, as
 * latmix's reservations do when they hold a kernel as written down. Does a
 * small L1 cost plain reads, a latency-bound loop (one load in flight a
 * warp), or reads followed by a reduction's tree (nd-dot's loss,
 * ../dot-top)? pad is touched only where it could never be, but the
 * runtime reserves it whole. */
__kernel void gs1p(__global float *out, __global const float *restrict x, const ulong n, __global uint *ctr,
		   volatile __global uint *flag, __local float *pad)
{
	const size_t g = get_global_id(0), stride = get_global_size(0);
	float s = 0.0f;
	for (size_t i = g; i < n; i += stride)
		s += x[i];
	if (s == -1.0f) {
		pad[get_local_id(0)] = s;
		out[g] = pad[0];
	}
}

__kernel void gs8p(__global float *out, __global const float *restrict x, const ulong n, __global uint *ctr,
		   volatile __global uint *flag, __local float *pad)
{
	const size_t g = get_global_id(0), stride = get_global_size(0);
	float s = 0.0f;
	for (size_t i = g; i < n; i += 8 * stride)
#pragma unroll
		for (int k = 0; k < 8; k++)
			s += x[i + k * stride];
	if (s == -1.0f) {
		pad[get_local_id(0)] = s;
		out[g] = pad[0];
	}
}

__kernel void nd8p(__global float *out, __global const float *restrict x, const ulong n, __global uint *ctr,
		   volatile __global uint *flag, __local float *pad)
{
	const size_t g = get_global_id(0), stride = get_global_size(0);
	float s = 0.0f;
#pragma unroll
	for (int k = 0; k < 8; k++)
		s += x[g + k * stride];
	if (s == -1.0f) {
		pad[get_local_id(0)] = s;
		out[g] = pad[0];
	}
}

/* nd8p's reads, then nd-dot's tree over the first group size of pad, its
 * first work-item storing the group's sum only where it could never be. */
__kernel void nd8treep(__global float *out, __global const float *restrict x, const ulong n, __global uint *ctr,
		       volatile __global uint *flag, __local float *pad)
{
	const size_t g = get_global_id(0), stride = get_global_size(0), l = get_local_id(0);
	float s = 0.0f;
#pragma unroll
	for (int k = 0; k < 8; k++)
		s += x[g + k * stride];
	pad[l] = s;
	for (size_t span = get_local_size(0) / 2; span > 0; span /= 2) {
		barrier(CLK_LOCAL_MEM_FENCE);
		if (l < span)
			pad[l] += pad[l + span];
	}
	if (l == 0 && pad[0] == -1.0f)
		out[get_group_id(0)] = pad[0];
}

/* Lease 7: the groups each CU held at once, for a launch of the same grid,
 * group size and local buffer (counted apart from the timed launches):
 * each group's first work-item counts itself in on its CU (%smid on
 * NVIDIA, RP_NV) and raises the CU's peak, every work-item spins `spin`
 * dependent adds so the groups overlap, and the first counts itself out. */
#ifdef RP_NV
static inline uint rp_cu(void)
{
	uint s;
	asm volatile("mov.u32 %0, %%smid;" : "=r"(s));
	return s;
}
#else
static inline uint rp_cu(void) { return 0; }
#endif
__kernel void resident(__global uint *live, __global uint *peak, const uint spin, __local float *pad)
{
	const bool first = get_local_id(0) == 0;
	uint cu = 0;
	if (first) {
		cu = rp_cu() & 1023;
		atomic_max(&peak[cu], atomic_inc(&live[cu]) + 1);
	}
	float a = (float)get_local_id(0);
	for (uint i = 0; i < spin; i++)
		a = a * 0.999f + 1.0f;
	pad[get_local_id(0)] = a;
	barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
	if (first)
		atomic_dec(&live[cu]);
}

/* Lease 8: gs8p, gs1p, nd8p and nd8treep with the groups each CU holds
 * counted inside them (as ../ndrange-probe's wrapper does), launched once
 * apart from the timed launches: the count is of the kernel measured, its
 * registers and buffer, not of a kernel of its own. */
#define RP_COUNT_IN                                                     \
	const bool rp_first = get_local_id(0) == 0;                      \
	uint rp_at = 0;                                                  \
	if (rp_first) {                                                  \
		rp_at = rp_cu() & 1023;                                  \
		atomic_max(&peak[rp_at], atomic_inc(&live[rp_at]) + 1);  \
	}
#define RP_COUNT_OUT                                                    \
	barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);             \
	if (rp_first)                                                    \
		atomic_dec(&live[rp_at]);

__kernel void gs8pc(__global float *out, __global const float *restrict x, const ulong n, __global uint *live,
		    __global uint *peak, __local float *pad)
{
	RP_COUNT_IN
	const size_t g = get_global_id(0), stride = get_global_size(0);
	float s = 0.0f;
	for (size_t i = g; i < n; i += 8 * stride)
#pragma unroll
		for (int k = 0; k < 8; k++)
			s += x[i + k * stride];
	if (s == -1.0f) {
		pad[get_local_id(0)] = s;
		out[g] = pad[0];
	}
	RP_COUNT_OUT
}

__kernel void nd8treepc(__global float *out, __global const float *restrict x, const ulong n, __global uint *live,
			__global uint *peak, __local float *pad)
{
	RP_COUNT_IN
	const size_t g = get_global_id(0), stride = get_global_size(0), l = get_local_id(0);
	float s = 0.0f;
#pragma unroll
	for (int k = 0; k < 8; k++)
		s += x[g + k * stride];
	pad[l] = s;
	for (size_t span = get_local_size(0) / 2; span > 0; span /= 2) {
		barrier(CLK_LOCAL_MEM_FENCE);
		if (l < span)
			pad[l] += pad[l + span];
	}
	if (l == 0 && pad[0] == -1.0f)
		out[get_group_id(0)] = pad[0];
	RP_COUNT_OUT
}

/* Lease 9: the L1 a kernel had. gs8l1p and nd8treel1p are gs8p and
 * nd8treep with a second path, taken where n is 0: each group's first
 * work-item walks the chain in x (a word of each 128-byte line its footprint
 * covers, in a random cycle; ctr[0] steps), once to bring the lines in, then
 * again timed by the SM's clock, and stores the cycles and where it ended.
 * One binary for both paths: the driver chooses the carve-out for the
 * kernel's registers and buffer, so the L1 the walk finds is the one the
 * reads had. */
#ifdef RP_NV
static inline ulong rp_clock(void)
{
	ulong c;
	asm volatile("mov.u64 %0, %%clock64;" : "=l"(c));
	return c;
}
#else
static inline ulong rp_clock(void) { return 0; }
#endif
#define RP_L1_WALK                                                          \
	if (n == 0) {                                                        \
		if (get_local_id(0) == 0) {                                  \
			const uint steps = ctr[0];                           \
			uint p = 0;                                          \
			for (uint i = 0; i < steps; i++)                     \
				p = as_uint(x[p]);                           \
			const ulong t0 = rp_clock();                         \
			for (uint i = 0; i < steps; i++)                     \
				p = as_uint(x[p]);                           \
			const ulong t1 = rp_clock();                         \
			out[2 * get_group_id(0)] = as_float((uint)(t1 - t0)); \
			out[2 * get_group_id(0) + 1] = as_float(p);          \
		}                                                            \
		return;                                                      \
	}

__kernel void gs8l1p(__global float *out, __global const float *restrict x, const ulong n, __global uint *ctr,
		     volatile __global uint *flag, __local float *pad)
{
	RP_L1_WALK
	const size_t g = get_global_id(0), stride = get_global_size(0);
	float s = 0.0f;
	for (size_t i = g; i < n; i += 8 * stride)
#pragma unroll
		for (int k = 0; k < 8; k++)
			s += x[i + k * stride];
	if (s == -1.0f) {
		pad[get_local_id(0)] = s;
		out[g] = pad[0];
	}
}

__kernel void nd8treel1p(__global float *out, __global const float *restrict x, const ulong n, __global uint *ctr,
			 volatile __global uint *flag, __local float *pad)
{
	RP_L1_WALK
	const size_t g = get_global_id(0), stride = get_global_size(0), l = get_local_id(0);
	float s = 0.0f;
#pragma unroll
	for (int k = 0; k < 8; k++)
		s += x[g + k * stride];
	pad[l] = s;
	for (size_t span = get_local_size(0) / 2; span > 0; span /= 2) {
		barrier(CLK_LOCAL_MEM_FENCE);
		if (l < span)
			pad[l] += pad[l + span];
	}
	if (l == 0 && pad[0] == -1.0f)
		out[get_group_id(0)] = pad[0];
}

/* Lease 10: gs8's reads with the walk and no local memory at all: the L1
 * a kernel that reserves none has. */
__kernel void gs8l1(__global float *out, __global const float *restrict x, const ulong n, __global uint *ctr,
		    volatile __global uint *flag)
{
	RP_L1_WALK
	const size_t g = get_global_id(0), stride = get_global_size(0);
	float s = 0.0f;
	for (size_t i = g; i < n; i += 8 * stride)
#pragma unroll
		for (int k = 0; k < 8; k++)
			s += x[i + k * stride];
	if (s == -1.0f)
		out[g] = s;
}

/* Lease 11: reads as written at one residency held by the buffer, over
 * group sizes (readpeak --local): does a group of more warps run each of
 * them slower where latency binds? nd1p is nd1 with the buffer; nd8pc and
 * nd1pc count the groups each CU held, as gs8pc does. */
__kernel void nd1p(__global float *out, __global const float *restrict x, const ulong n, __global uint *ctr,
		   volatile __global uint *flag, __local float *pad)
{
	const size_t g = get_global_id(0);
	const float s = x[g];
	if (s == -1.0f) {
		pad[get_local_id(0)] = s;
		out[g] = pad[0];
	}
}

__kernel void nd8pc(__global float *out, __global const float *restrict x, const ulong n, __global uint *live,
		    __global uint *peak, __local float *pad)
{
	RP_COUNT_IN
	const size_t g = get_global_id(0), stride = get_global_size(0);
	float s = 0.0f;
#pragma unroll
	for (int k = 0; k < 8; k++)
		s += x[g + k * stride];
	if (s == -1.0f) {
		pad[get_local_id(0)] = s;
		out[g] = pad[0];
	}
	RP_COUNT_OUT
}

__kernel void nd1pc(__global float *out, __global const float *restrict x, const ulong n, __global uint *live,
		    __global uint *peak, __local float *pad)
{
	RP_COUNT_IN
	const size_t g = get_global_id(0);
	const float s = x[g];
	if (s == -1.0f) {
		pad[get_local_id(0)] = s;
		out[g] = pad[0];
	}
	RP_COUNT_OUT
}

/* Lease 12: which part of a kernel as written makes a group of more warps
 * slower than priced where latency binds (the suite's copy, add and dot do;
 * lease 11's plain reads do not): a store a work-item (nd1stp, a copy;
 * nd8stp, 8 loads and their sum stored) or the group's tree (nd8treep).
 * The buffer's words are all 1, so y is written what x holds. */
__kernel void nd1stp(__global float *y, __global const float *restrict x, const ulong n, __global uint *ctr,
		     volatile __global uint *flag, __local float *pad)
{
	const size_t g = get_global_id(0);
	const float s = x[g];
	y[g] = s;
	if (s == -1.0f) {
		pad[get_local_id(0)] = s;
		y[g] = pad[0];
	}
}

__kernel void nd8stp(__global float *y, __global const float *restrict x, const ulong n, __global uint *ctr,
		     volatile __global uint *flag, __local float *pad)
{
	const size_t g = get_global_id(0), stride = get_global_size(0);
	float s = 0.0f;
#pragma unroll
	for (int k = 0; k < 8; k++)
		s += x[g + k * stride];
	y[g] = s;
	if (s == -1.0f) {
		pad[get_local_id(0)] = s;
		y[g] = pad[0];
	}
}

/* Lease 13: when a group's warps end. nd8tp is nd8p with each warp's first
 * lane writing %globaltimer at its start and after its loads were summed
 * (the branch on the sum orders the second read after them): times[2w],
 * times[2w + 1] for warp w of the grid. */
#ifdef RP_NV
static inline ulong rp_ns(void)
{
	ulong t;
	asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
	return t;
}
#else
static inline ulong rp_ns(void) { return 0; }
#endif
__kernel void nd8tp(__global float *out, __global const float *restrict x, const ulong n, __global ulong *times,
		    volatile __global uint *flag, __local float *pad)
{
	const ulong t0 = rp_ns();
	const size_t g = get_global_id(0), stride = get_global_size(0);
	float s = 0.0f;
#pragma unroll
	for (int k = 0; k < 8; k++)
		s += x[g + k * stride];
	if (s == -1.0f) {
		pad[get_local_id(0)] = s;
		out[g] = pad[0];
	}
	const ulong t1 = rp_ns();
	if ((get_local_id(0) & 31) == 0) {
		times[2 * (g / 32)] = t0;
		times[2 * (g / 32) + 1] = t1;
	}
}
