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

/* The same for CPUs, along the cycle: work-item g writes the lines at cycle
 * positions first + g x run and the run - 1 after it, each pointing to the
 * next position's line, so that a line costs one walk of the bijection
 * (a line per work-item, its position found by the inverse first, cost
 * two, and most of a CPU's setup). */
__kernel void lm_fill_cycle(__global uint *words, const ulong base, const ulong first,
			    const uint n, const uint bits, const uint k0, const uint k1,
			    const uint k2, const uint k3, const uint width, const uint scale,
			    const uint offset, const uint run)
{
	lm_perm p;
	p.n = n;
	p.bits = bits;
	p.key[0] = k0;
	p.key[1] = k1;
	p.key[2] = k2;
	p.key[3] = k3;
	const ulong pos = first + (ulong)get_global_id(0) * run;
	if (pos >= n)
		return;
	uint line = lm_perm_fwd(&p, (uint)pos);
	for (uint r = 0; r < run && pos + r < n; r++) {
		const ulong after = pos + r + 1;
		const uint next = lm_perm_fwd(&p, after == n ? 0u : (uint)after);
		const uint v = (uint)((ulong)next * width * scale) + offset;
		__global uint *w = words + base + (ulong)line * width;
		for (uint j = 0; j < width; j++)
			w[j] = v + j * scale;
		line = next;
	}
}
