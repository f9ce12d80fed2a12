/* fill storing a value that 8 dependent float adds an iteration make: the
 * thesis's alpha = 8 without a load. */
__kernel void f_add8(__global float *a, const float v, const uint n)
{
	float x = v;
	for (size_t i = get_global_id(0); i < n; i += get_global_size(0)) {
		x = x + v; x = x + v; x = x + v; x = x + v;
		x = x + v; x = x + v; x = x + v; x = x + v;
		a[i] = x;
	}
}
