/* 3D 7-point stencil on planes x rows x width (x fastest): the mean of a
 * point and its six neighbours inside, the point itself on the border. */
__kernel void s_256x264(__global float *restrict out, __global const float *restrict in,
			const uint planes, const uint rows, const uint width)
{
	const size_t plane = (size_t)rows * width, cells = plane * planes;
	for (size_t k = get_global_id(0); k < cells; k += get_global_size(0)) {
		const size_t z = k / plane, y = k / width % rows, x = k % width;
		if (z == 0 || y == 0 || x == 0 || z == planes - 1 || y == rows - 1 || x == width - 1)
			out[k] = in[k];
		else
			out[k] = (1.0f / 7.0f) * (in[k] + in[k - 1] + in[k + 1] + in[k - width] + in[k + width] +
						  in[k - plane] + in[k + plane]);
	}
}
