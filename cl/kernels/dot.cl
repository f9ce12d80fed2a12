/* Dot product of two float vectors: each work-item sums its products, the
 * work-group adds them in local memory, and one atomic a group (a
 * compare-and-swap loop: OpenCL 1.2 has no float atomic add) adds the
 * group's sum to the result. The order of the additions depends on the
 * grid, so the result agrees between occupancies to within rounding. */
static void lm_atomic_add_float(volatile __global float *p, float v)
{
	volatile __global uint *u = (volatile __global uint *)p;
	uint old = *u, seen;
	do {
		seen = old;
		old = atomic_cmpxchg(u, seen, as_uint(as_float(seen) + v));
	} while (old != seen);
}

__kernel void dot_product(__global float *result, __global const float *restrict x,
		  __global const float *restrict y, const uint n, __local float *part)
{
	float s = 0.0f;
	for (size_t i = get_global_id(0); i < n; i += get_global_size(0))
		s += x[i] * y[i];
	const size_t l = get_local_id(0), g = get_local_size(0);
	part[l] = s;
	barrier(CLK_LOCAL_MEM_FENCE);
	if (l == 0) {
		float t = 0.0f;
		for (size_t k = 0; k < g; k++)
			t += part[k];
		lm_atomic_add_float(result, t);
	}
}
