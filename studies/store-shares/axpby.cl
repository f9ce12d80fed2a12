/* In place: y = a x + b y (two loads, one store an element, as add, but the
 * store writes the lines one load reads). */
__kernel void axpby(__global float *y, __global const float *x, const float a, const float b, const uint n)
{
	for (size_t i = get_global_id(0); i < n; i += get_global_size(0))
		y[i] = a * x[i] + b * y[i];
}
