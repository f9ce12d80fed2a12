/* Three arrays added: d = a + b + c (three loads, one store an element: a
 * store every three loads, between the sweep's measured shares 0 and 0.5). */
__kernel void add3(__global float *restrict d, __global const float *restrict a,
		   __global const float *restrict b, __global const float *restrict c, const uint n)
{
	for (size_t i = get_global_id(0); i < n; i += get_global_size(0))
		d[i] = a[i] + b[i] + c[i];
}
