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
