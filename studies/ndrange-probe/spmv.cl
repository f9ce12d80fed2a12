/* nd-spmv and two variants that take it apart (studies/spmv-l1): the
 * same loop with x 64 times larger (1 GiB, its gathers from DRAM), and
 * without the gather (a lane's own runs of col and val alone, what L1 can
 * keep between a lane's steps). One work-item a row of 16 nonzeros. */
__kernel void spmv_x(__global float *restrict y, __global const uint *restrict row_ptr,
		     __global const uint *restrict col, __global const float *restrict val,
		     __global const float *restrict x, const uint rows)
{
	const size_t r = get_global_id(0);
	if (r >= rows)
		return;
	float s = 0.0f;
	for (uint k = row_ptr[r]; k < row_ptr[r + 1]; k++)
		s += val[k] * x[col[k]];
	y[r] = s;
}

__kernel void spmv_own(__global float *restrict y, __global const uint *restrict row_ptr,
		       __global const uint *restrict col, __global const float *restrict val, const uint rows)
{
	const size_t r = get_global_id(0);
	if (r >= rows)
		return;
	float s = 0.0f;
	for (uint k = row_ptr[r]; k < row_ptr[r + 1]; k++)
		s += val[k] * (float)col[k];
	y[r] = s;
}

/* the gathers alone: x at a hashed column (rows a power of two, x as long),
 * no col or val read in the loop */
__kernel void spmv_hash(__global float *restrict y, __global const uint *restrict row_ptr,
			__global const float *restrict x, const uint rows)
{
	const size_t r = get_global_id(0);
	if (r >= rows)
		return;
	float s = 0.0f;
	for (uint k = row_ptr[r]; k < row_ptr[r + 1]; k++)
		s += x[(k * 2654435761u >> 7) & (rows - 1)];
	y[r] = s;
}
