/* y[i] = a polynomial of degree 8 in x[i] by Horner: 8 dependent fmas an element */
__kernel void poly8(__global float *restrict y, __global const float *restrict x, const float c, const uint n)
{
	for (size_t i = get_global_id(0); i < n; i += get_global_size(0)) {
		const float v = x[i];
		float p = v;
		p = fma(p, v, c);
		p = fma(p, v, c);
		p = fma(p, v, c);
		p = fma(p, v, c);
		p = fma(p, v, c);
		p = fma(p, v, c);
		p = fma(p, v, c);
		p = fma(p, v, c);
		y[i] = p;
	}
}
