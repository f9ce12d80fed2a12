/* fill with a 32-bit index: the loop's add and compare one instruction each. */
__kernel void f_32(__global uint *a, const uint v, const uint n)
{
	const uint g = (uint)get_global_size(0);
	for (uint i = (uint)get_global_id(0); i < n; i += g)
		a[i] = v;
}
