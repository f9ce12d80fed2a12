/* Two held-out loops of ../ndrange-probe/loops.cl, measured by latmix
 * itself at two sizes: A in DRAM (the default size) and A in L2 (--size
 * 65536: 16 MiB, read again at every launch). Their machine code waits 1.5
 * times an iteration (README.md); the sizes tell whether DRAM's latency or
 * the waits differ. */
kernel void gemvt(global float *restrict y, global const float *restrict A, global const float *restrict x,
		  const uint n, const uint rows)
{
	const size_t i = get_global_id(0);
	float s = 0.0f;
	for (uint k = 0; k < rows; k++)
		s += A[(size_t)k * n + i] * x[k];
	y[i] = s;
}

kernel void colsum(global float *restrict y, global const float *restrict A, const uint n, const uint rows)
{
	const size_t i = get_global_id(0);
	float s = 0.0f;
	for (uint k = 0; k < rows; k++)
		s += A[(size_t)k * n + i];
	y[i] = s;
}
