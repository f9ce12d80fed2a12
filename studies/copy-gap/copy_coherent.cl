/* copy without restrict: the compiler cannot prove a read-only, so its
 * loads are plain ld.global, as the store chase's are, not ld.global.nc
 * (the read-only data path) as the suite's copy's are. */
__kernel void copy_coherent(__global float *c, __global const float *a, const uint n)
{
	for (size_t i = get_global_id(0); i < n; i += get_global_size(0))
		c[i] = a[i];
}
