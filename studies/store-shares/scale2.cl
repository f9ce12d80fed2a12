/* One load, two stores: b = 2 a, c = 3 a (two stores a load, past the
 * sweep's highest measured share, 1). */
__kernel void scale2(__global float *restrict b, __global float *restrict c,
		     __global const float *restrict a, const uint n)
{
	for (size_t i = get_global_id(0); i < n; i += get_global_size(0)) {
		const float x = a[i];
		b[i] = 2.0f * x;
		c[i] = 3.0f * x;
	}
}
