/* fill.cl: writes the chase buffer on the device (perm.h comes first).
 * Word lane of line holds the index, times scale, of word lane of the line
 * it points to, plus offset (LM_CHASE_OFFSET: every value a normal float).
 * Words first .. first + global size - 1 of the chase, a work-item each,
 * written base words into the buffer: a warp's lanes write one line's
 * consecutive words. */
__kernel void lm_fill(__global uint *words, const ulong base, const ulong first, const uint n, const uint bits,
		      const uint k0, const uint k1, const uint k2, const uint k3, const uint width,
		      const uint scale, const uint offset)
{
	lm_perm p;
	p.n = n;
	p.bits = bits;
	p.key[0] = k0;
	p.key[1] = k1;
	p.key[2] = k2;
	p.key[3] = k3;
	const ulong w = first + get_global_id(0);
	const uint line = (uint)(w / width), lane = (uint)(w % width);
	const uint next = lm_perm_next(&p, line);
	words[base + w] = (uint)(((ulong)next * width + lane) * scale) + offset;
}

/* The same, a line per work-item: for CPUs, where a work-item per word
 * would compute each line's successor width times over. */
__kernel void lm_fill_lines(__global uint *words, const ulong base, const ulong first,
			    const uint n, const uint bits, const uint k0, const uint k1,
			    const uint k2, const uint k3, const uint width, const uint scale,
			    const uint offset)
{
	lm_perm p;
	p.n = n;
	p.bits = bits;
	p.key[0] = k0;
	p.key[1] = k1;
	p.key[2] = k2;
	p.key[3] = k3;
	const uint line = (uint)(first + get_global_id(0));
	const uint next = lm_perm_next(&p, line);
	const uint v = (uint)((ulong)next * width * scale) + offset;
	__global uint *w = words + base + (ulong)line * width;
	for (uint j = 0; j < width; j++)
		w[j] = v + j * scale;
}
