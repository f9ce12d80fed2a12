/* y[i] = 1 / (1 + exp(-x[i])): an exponential and a division an element */
__kernel void sigmoid(__global float *restrict y, __global const float *restrict x, const uint n)
{
	for (size_t i = get_global_id(0); i < n; i += get_global_size(0))
		y[i] = 1.0f / (1.0f + exp(-x[i]));
}
