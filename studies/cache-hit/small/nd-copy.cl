/* Copy as one-element kernels are written (BabelStream's form): c = a, one
 * work-item an element, the grid the size of the array, no loop. */
__kernel void nd_copy(__global float *restrict c, __global const float *restrict a, const uint n)
{
	const size_t i = get_global_id(0);
	if (i < n)
		c[i] = a[i];
}
