/* random.cl: a user's kernel's random float argument filled on the device
 * (src/bench/userfill.c), the same words the host's fill writes: element
 * first + g gets draw first + g of stream key, splitmix64's finaliser, its
 * top 53 bits over 2^53 rounded once to the nearest float (the integer's
 * conversion rounds to nearest even, and the power of two is exact). */
__kernel void lm_random_floats(__global float *out, const ulong key, const ulong first)
{
	const ulong i = first + get_global_id(0);
	ulong z = key + (i + 1) * 0x9e3779b97f4a7c15UL;
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9UL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebUL;
	z ^= z >> 31;
	out[i] = convert_float_rte(z >> 11) * 0x1p-53f;
}
