/* Reads that escape dispatch (eight loads a work-item), from eight fronts
 * or one (studies/dot-top): fronts8 reads its eight a grid apart, as
 * nd-dot reads x and y, four each; fronts1 reads them from one stretch of
 * its warp's, eight lines one after another; fronts2 two stretches, a half
 * of the buffer apart. The sum is stored only where it could never be. */
__kernel void fronts8(__global float *restrict out, __global const float *restrict x, const uint n)
{
	const size_t g = get_global_id(0), stride = get_global_size(0);
	float s = 0.0f;
	for (size_t k = 0; k < 8; k++)
		s += x[g + k * stride];
	if (s == -1.0f)
		out[g] = s;
}

__kernel void fronts1(__global float *restrict out, __global const float *restrict x, const uint n)
{
	const size_t g = get_global_id(0), lane = g % 32, warp = g / 32;
	float s = 0.0f;
	for (size_t k = 0; k < 8; k++)
		s += x[warp * 256 + k * 32 + lane];
	if (s == -1.0f)
		out[g] = s;
}

__kernel void fronts2(__global float *restrict out, __global const float *restrict x, const uint n)
{
	const size_t g = get_global_id(0), lane = g % 32, warp = g / 32, mid = n / 2;
	float s = 0.0f;
	for (size_t k = 0; k < 4; k++)
		s += x[warp * 128 + k * 32 + lane] + x[mid + warp * 128 + k * 32 + lane];
	if (s == -1.0f)
		out[g] = s;
}

/* One wave reading the whole buffer in a loop, a grid apart each step, as
 * the stream mix's persistent warps do (a launch of N / 1024 work-items fits
 * an H200's SMs at once): does a loop in one wave read as fast as many
 * short groups? */
__kernel void gridloop(__global float *restrict out, __global const float *restrict x, const uint n)
{
	const size_t g = get_global_id(0), stride = get_global_size(0);
	float s = 0.0f;
	for (size_t i = g; i < n; i += stride)
		s += x[i];
	if (s == -1.0f)
		out[g] = s;
}
