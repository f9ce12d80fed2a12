/* poly64's 64 fmas as 4 independent chains of 16, summed: the same instructions, a
 * quarter of the dependent path */
__kernel void ilp64(__global float *restrict y, __global const float *restrict x, const float c, const uint n)
{
	for (size_t i = get_global_id(0); i < n; i += get_global_size(0)) {
		const float v = x[i];
		float p0 = v, p1 = v + 1.0f, p2 = v + 2.0f, p3 = v + 3.0f;
		p0 = fma(p0, v, c);
		p1 = fma(p1, v, c);
		p2 = fma(p2, v, c);
		p3 = fma(p3, v, c);
		p0 = fma(p0, v, c);
		p1 = fma(p1, v, c);
		p2 = fma(p2, v, c);
		p3 = fma(p3, v, c);
		p0 = fma(p0, v, c);
		p1 = fma(p1, v, c);
		p2 = fma(p2, v, c);
		p3 = fma(p3, v, c);
		p0 = fma(p0, v, c);
		p1 = fma(p1, v, c);
		p2 = fma(p2, v, c);
		p3 = fma(p3, v, c);
		p0 = fma(p0, v, c);
		p1 = fma(p1, v, c);
		p2 = fma(p2, v, c);
		p3 = fma(p3, v, c);
		p0 = fma(p0, v, c);
		p1 = fma(p1, v, c);
		p2 = fma(p2, v, c);
		p3 = fma(p3, v, c);
		p0 = fma(p0, v, c);
		p1 = fma(p1, v, c);
		p2 = fma(p2, v, c);
		p3 = fma(p3, v, c);
		p0 = fma(p0, v, c);
		p1 = fma(p1, v, c);
		p2 = fma(p2, v, c);
		p3 = fma(p3, v, c);
		p0 = fma(p0, v, c);
		p1 = fma(p1, v, c);
		p2 = fma(p2, v, c);
		p3 = fma(p3, v, c);
		p0 = fma(p0, v, c);
		p1 = fma(p1, v, c);
		p2 = fma(p2, v, c);
		p3 = fma(p3, v, c);
		p0 = fma(p0, v, c);
		p1 = fma(p1, v, c);
		p2 = fma(p2, v, c);
		p3 = fma(p3, v, c);
		p0 = fma(p0, v, c);
		p1 = fma(p1, v, c);
		p2 = fma(p2, v, c);
		p3 = fma(p3, v, c);
		p0 = fma(p0, v, c);
		p1 = fma(p1, v, c);
		p2 = fma(p2, v, c);
		p3 = fma(p3, v, c);
		p0 = fma(p0, v, c);
		p1 = fma(p1, v, c);
		p2 = fma(p2, v, c);
		p3 = fma(p3, v, c);
		p0 = fma(p0, v, c);
		p1 = fma(p1, v, c);
		p2 = fma(p2, v, c);
		p3 = fma(p3, v, c);
		p0 = fma(p0, v, c);
		p1 = fma(p1, v, c);
		p2 = fma(p2, v, c);
		p3 = fma(p3, v, c);
		y[i] = (p0 + p1) + (p2 + p3);
	}
}
