/* f_add8 with 32 dependent float adds an iteration. */
#define A4 x = x + v; x = x + v; x = x + v; x = x + v;
__kernel void f_add32(__global float *a, const float v, const uint n)
{
	float x = v;
	for (size_t i = get_global_id(0); i < n; i += get_global_size(0)) {
		A4 A4 A4 A4 A4 A4 A4 A4
		a[i] = x;
	}
}
