/* BabelStream's nstream as one-element kernels are written:
 * a += b + s c, so a is read and written (three loads, one store). */
__kernel void nd_nstream(__global float *restrict a, __global const float *restrict b,
			 __global const float *restrict c, const float s, const uint n)
{
	const size_t i = get_global_id(0);
	if (i < n)
		a[i] += b[i] + s * c[i];
}
