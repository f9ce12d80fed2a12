/* Triad as one-element kernels are written (BabelStream's triad):
 * a = b + s c, one work-item an element, no loop. */
__kernel void nd_triad(__global float *restrict a, __global const float *restrict b,
		       __global const float *restrict c, const float s, const uint n)
{
	const size_t i = get_global_id(0);
	if (i < n)
		a[i] = b[i] + s * c[i];
}
