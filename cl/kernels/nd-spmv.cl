/* Sparse matrix-vector product y = A x, A in CSR (row_ptr, col, val): one
 * work-item a row, no grid-stride loop, its loop over the row's nonzeros;
 * the columns are where they fall, so x is gathered. */
__kernel void nd_spmv(__global float *restrict y, __global const uint *restrict row_ptr,
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
