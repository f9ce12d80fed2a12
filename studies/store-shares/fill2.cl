/* Stores alone, two a pass: a = v, b = w. */
__kernel void fill2(__global uint *restrict a, __global uint *restrict b, const uint v, const uint w,
		    const uint n)
{
	for (size_t i = get_global_id(0); i < n; i += get_global_size(0)) {
		a[i] = v;
		b[i] = w;
	}
}
