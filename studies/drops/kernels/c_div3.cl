/* A copy behind stencil2d's border test: a load and the rows either side after a division. */
__kernel void c_div3(__global float *restrict out, __global const float *restrict in,
		    const uint rows, const uint width)
{
	const size_t cells = (size_t)rows * width;
	for (size_t k = get_global_id(0); k < cells; k += get_global_size(0)) {
		const size_t r = k / width, c = k % width;
		if (r == 0 || c == 0 || r == rows - 1 || c == width - 1)
			out[k] = 0.0f;
		else
			out[k] = (1.0f / 3.0f) * (in[k] + in[k - width] + in[k + width]);
	}
}
