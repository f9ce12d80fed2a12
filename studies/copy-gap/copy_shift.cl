/* copy with its stores 1048573 elements (4 MiB, odd) past its loads: the
 * read and write streams no longer fall on the same offsets of their
 * buffers at the same moment. */
__kernel void copy_shift(__global float *restrict c, __global const float *restrict a, const uint n)
{
	const uint s = 1048573u % n; /* smaller problems: the shift within them */
	for (size_t i = get_global_id(0); i < n; i += get_global_size(0)) {
		uint j = (uint)i + s;
		c[j >= n ? j - n : j] = a[i];
	}
}
