/* 2D 5-point stencil on a rows x width grid (row-major): the mean of a
 * point and its four neighbours inside, the point itself on the border. */
__kernel void s2_7pt_const(__global float *restrict out, __global const float *restrict in,
			const uint rows, const uint width_arg)
{
	const size_t width = 4096, cells = (size_t)rows * width;
	for (size_t k = get_global_id(0); k < cells; k += get_global_size(0)) {
		const size_t r = k / width, c = k % width;
		if (r < 2 || c == 0 || r >= rows - 2 || c == width - 1)
			out[k] = in[k];
		else
			out[k] = (1.0f / 7.0f) * (in[k] + in[k - 1] + in[k + 1] + in[k - width] + in[k + width] +
			      in[k - 2 * width] + in[k + 2 * width]);
	}
}
