/* BLAS saxpy in place: y = a x + y (y read and written) */
__kernel void saxpy(__global const float *restrict x, __global float *restrict y, const float a, const uint n)
{
	for (size_t i = get_global_id(0); i < n; i += get_global_size(0))
		y[i] = a * x[i] + y[i];
}
