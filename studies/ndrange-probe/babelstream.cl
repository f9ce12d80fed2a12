/* BabelStream's five OpenCL kernels in the form BabelStream writes them
 * (one element a work-item over exactly N work-items, no bound checked,
 * the scalar a constant of the program), written here for the probe's
 * held-out set: latmix's suite never ran these. */
#define startScalar 0.4f

kernel void copy(global const float *restrict a, global float *restrict c)
{
	const size_t i = get_global_id(0);
	c[i] = a[i];
}

kernel void mul(global float *restrict b, global const float *restrict c)
{
	const size_t i = get_global_id(0);
	b[i] = startScalar * c[i];
}

kernel void add(global const float *restrict a, global const float *restrict b, global float *restrict c)
{
	const size_t i = get_global_id(0);
	c[i] = a[i] + b[i];
}

kernel void triad(global float *restrict a, global const float *restrict b, global const float *restrict c)
{
	const size_t i = get_global_id(0);
	a[i] = b[i] + startScalar * c[i];
}

kernel void nstream(global float *restrict a, global const float *restrict b, global const float *restrict c)
{
	const size_t i = get_global_id(0);
	a[i] += b[i] + startScalar * c[i];
}
