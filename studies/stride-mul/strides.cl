/* Strides people write as a multiply or a shift of the index, in the
 * index types they use: the listings NVIDIA's driver builds of them are
 * what issue 50's stride-as-multiply miss is about (latmix followed
 * x[2 * i] in clang's NVPTX build, not in the driver's). */
__kernel void s2_size(__global const float *restrict x, __global float *restrict out, const uint n)
{
	float s = 0.0f;
	for (size_t i = get_global_id(0); i < n; i += get_global_size(0))
		s += x[2 * i];
	out[get_global_id(0)] = s;
}

__kernel void s2_int(__global const float *restrict x, __global float *restrict out, const int n)
{
	float s = 0.0f;
	for (int i = get_global_id(0); i < n; i += get_global_size(0))
		s += x[2 * i];
	out[get_global_id(0)] = s;
}

__kernel void s2_uint(__global const float *restrict x, __global float *restrict out, const uint n)
{
	float s = 0.0f;
	for (uint i = get_global_id(0); i < n; i += get_global_size(0))
		s += x[i * 2];
	out[get_global_id(0)] = s;
}

__kernel void s2_shift(__global const float *restrict x, __global float *restrict out, const uint n)
{
	float s = 0.0f;
	for (size_t i = get_global_id(0); i < n; i += get_global_size(0))
		s += x[i << 1];
	out[get_global_id(0)] = s;
}

__kernel void s4_int(__global const float *restrict x, __global float *restrict out, const int n)
{
	float s = 0.0f;
	for (int i = get_global_id(0); i < n; i += get_global_size(0))
		s += x[4 * i];
	out[get_global_id(0)] = s;
}

__kernel void s3_int(__global const float *restrict x, __global float *restrict out, const int n)
{
	float s = 0.0f;
	for (int i = get_global_id(0); i < n; i += get_global_size(0))
		s += x[3 * i];
	out[get_global_id(0)] = s;
}

/* as written: one element a work-item, no loop */
__kernel void w2_int(__global const float *restrict x, __global float *restrict out)
{
	const int i = get_global_id(0);
	out[i] = x[2 * i];
}
