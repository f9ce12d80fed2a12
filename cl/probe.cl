/* A trivial kernel whose build tells the host what the compiler does with
 * work-groups: the preferred work-group size multiple (the SIMD width on
 * most devices) and, where supported, the sub-group size. */
__kernel void lm_probe(__global uint *out)
{
	out[get_global_id(0)] = (uint)get_local_id(0);
}
