/* Sparse matrix-vector product y = A x, A in CSR (row_ptr, col, val): one
 * work-item a row, its nonzeros' columns random, so x is gathered. */
__kernel void spmv(__global float *restrict y, __global const uint *restrict row_ptr,
		   __global const uint *restrict col, __global const float *restrict val,
		   __global const float *restrict x, const uint rows)
{
	for (size_t r = get_global_id(0); r < rows; r += get_global_size(0)) {
		float s = 0.0f;
		for (uint k = row_ptr[r]; k < row_ptr[r + 1]; k++)
			s += val[k] * x[col[k]];
		y[r] = s;
	}
}
