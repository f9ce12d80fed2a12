/* check.cl: a user's output against the first point's, on the device
 * (src/bench/usercheck.c). Both are read as n 32-bit words; of each
 * element's elem_words words only the first cmp_words are compared (a
 * 3-vector's padding lane is not). The first word that differs is left in
 * first[slot] (set to 0xffffffff before: none), so the host reads back one
 * number and compares on its own only from there. */
__kernel void lm_check(__global const uint *got, __global const uint *want, uint n, uint elem_words,
		       uint cmp_words, volatile __global uint *first, uint slot)
{
	/* ulong: a uint would wrap past n near 2^32 words */
	for (ulong w = get_global_id(0); w < n; w += get_global_size(0))
		if (got[w] != want[w] && (uint)w % elem_words < cmp_words) {
			/* a work-item's words only grow: its first difference is its least */
			atomic_min(&first[slot], (uint)w);
			return;
		}
}
