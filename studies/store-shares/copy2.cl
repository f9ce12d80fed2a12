/* Two copies in one loop: b = a, d = c (two loads, two stores: a store a
 * load, as copy, with two loads in flight). */
__kernel void copy2(__global float *restrict b, __global const float *restrict a,
		    __global float *restrict d, __global const float *restrict c, const uint n)
{
	for (size_t i = get_global_id(0); i < n; i += get_global_size(0)) {
		b[i] = a[i];
		d[i] = c[i];
	}
}
