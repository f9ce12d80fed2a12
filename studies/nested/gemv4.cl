/* The suite's gemv (A row by row, one work-item a row, lanes a row apart)
 * with each lane loading four words of its row at once (vload4): the same
 * lines, a quarter of the load instructions. */
__kernel void gemv4(__global float *restrict y, __global const float *restrict A,
		    __global const float *restrict x, const uint rows, const uint cols)
{
	for (size_t r = get_global_id(0); r < rows; r += get_global_size(0)) {
		const __global float *a = A + r * cols;
		float4 s = 0.0f;
		for (uint c = 0; c < cols / 4; c++)
			s += vload4(c, a) * vload4(c, x);
		y[r] = s.x + s.y + s.z + s.w;
	}
}
