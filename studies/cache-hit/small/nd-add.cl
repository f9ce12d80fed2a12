/* Add as one-element kernels are written (BabelStream's add): c = a + b,
 * one work-item an element, no loop. */
__kernel void nd_add(__global float *restrict c, __global const float *restrict a,
		     __global const float *restrict b, const uint n)
{
	const size_t i = get_global_id(0);
	if (i < n)
		c[i] = a[i] + b[i];
}
