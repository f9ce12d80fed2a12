/* Grid-stride forms of the one-element kernels' bodies (studies/nd-model): the same work an
 * element as cl/kernels/nd-*.cl, in a loop latmix predict --kernel counts (a kernel without a
 * loop it refuses). The suite's copy, scale, add and triad are these bodies already. */
__kernel void gs_nstream(__global float *restrict a, __global const float *restrict b,
			 __global const float *restrict c, const float s, const uint n)
{
	for (size_t i = get_global_id(0); i < n; i += get_global_size(0))
		a[i] += b[i] + s * c[i];
}

/* nd-transpose's body, each work-item down its column c over the rows: no division (the
 * suite's grid-stride transpose divides k by cols) */
__kernel void gs_transpose(__global float *restrict out, __global const float *restrict in,
			   const uint rows, const uint cols)
{
	const size_t c = get_global_id(0);
	for (size_t r = get_global_id(1); r < rows; r += get_global_size(1))
		out[c * rows + r] = in[r * cols + c];
}

/* nd-conv2d's body, each work-item down its column x */
__kernel void gs_conv2d(__global float *restrict out, __global const float *restrict in,
			__global const float *restrict w, const uint width, const uint height)
{
	const int x = (int)get_global_id(0);
	for (int y = (int)get_global_id(1); y < (int)height; y += (int)get_global_size(1)) {
		float s = 0.0f;
		for (int dy = -1; dy <= 1; dy++) {
			const int yy = clamp(y + dy, 0, (int)height - 1);
			for (int dx = -1; dx <= 1; dx++) {
				const int xx = clamp(x + dx, 0, (int)width - 1);
				s += w[(dy + 1) * 3 + dx + 1] * in[(size_t)yy * width + (size_t)xx];
			}
		}
		out[(size_t)y * width + (size_t)x] = s;
	}
}
