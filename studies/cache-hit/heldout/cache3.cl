/* Held-out kernels for the cache's hit (2026-11-29): written after latmix
 * learned to price loads of an array the cache holds, and measured before
 * they were predicted. One work-item an element, as people write them. */

/* Each element of a scaled by the factor of its column: s has cols
 * entries (a power of two), read again by every row. */
kernel void scalecols(global float *restrict y, global const float *restrict a, global const float *restrict s,
		      const uint mask)
{
	const size_t i = get_global_id(0);
	y[i] = a[i] * s[i & mask];
}

/* The same, described with a factor array too large to stay in L2. */
kernel void scalecols_big(global float *restrict y, global const float *restrict a, global const float *restrict s,
			  const uint mask)
{
	const size_t i = get_global_id(0);
	y[i] = a[i] * s[i & mask];
}

/* The sum of each element's column over the 32 rows of a table t, 32 x
 * width floats, width a power of two: every work-item of a column reads
 * the same 32 entries. */
kernel void tabsum(global float *restrict y, global const float *restrict t, const uint width)
{
	const size_t i = get_global_id(0);
	const size_t j = i & (width - 1);
	float s = 0.0f;
	for (uint k = 0; k < 32; k++)
		s += t[k * width + j];
	y[i] = s;
}
