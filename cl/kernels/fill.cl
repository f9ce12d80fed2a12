/* Store-only: a = v. */
__kernel void fill(__global uint *a, const uint v, const uint n)
{
	for (size_t i = get_global_id(0); i < n; i += get_global_size(0))
		a[i] = v;
}
