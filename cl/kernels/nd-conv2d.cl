/* 3x3 convolution of a width x height image (row-major), one output pixel
 * a work-item on a 2D grid (x a column, y a row); pixels outside the image
 * take the value of the nearest border pixel. */
__kernel void nd_conv2d(__global float *restrict out, __global const float *restrict in,
			__global const float *restrict w, const uint width, const uint height)
{
	const int x = (int)get_global_id(0), y = (int)get_global_id(1);
	if (x >= (int)width || y >= (int)height)
		return;
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
