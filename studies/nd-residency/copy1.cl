__kernel void copy1(__global float *y, __global const float *x)
{
	const size_t i = get_global_id(0);
	y[i] = x[i];
}
