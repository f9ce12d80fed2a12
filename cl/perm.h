/* perm.h: the chase's visiting order, a keyed bijection P on [0, n).
 *
 * Position i of the cycle is line P(i); line P(i) points to line P(i + 1),
 * and P(n - 1) back to P(0): one cycle through every line, whatever the
 * keys. P is a Feistel network on the smallest number of bits b that holds
 * n (a permutation of [0, 2^b) for any round function; where b is odd its
 * halves differ by a bit and trade sizes each round, an even number of
 * rounds bringing them back), walked until it lands below n again ("cycle
 * walking": the values below n are permuted among themselves, and fewer
 * than 2 steps are expected since 2^b < 2n; a balanced network on an even
 * b took up to 4: PoCL wrote a CPU's 2080 MiB chase in 6.6 s, 4.0 s now).
 * Its inverse runs the rounds backwards. Nothing is stored: the
 * host knows where any chain must be after any number of steps in O(1),
 * and a kernel writes the buffer.
 *
 * This file is C and OpenCL C at once: src/chase.c includes it, and latmix
 * prepends it to cl/fill.cl, so both sides compute the same P. */
#ifndef LM_PERM_H
#define LM_PERM_H

#ifdef __OPENCL_VERSION__
typedef uint lm_u32;
#define LM_PERM_FN static inline
#else
#include <stdint.h>
typedef uint32_t lm_u32;
#define LM_PERM_FN static inline
#endif

#define LM_PERM_ROUNDS 4

typedef struct {
	lm_u32 n;    /* the domain [0, n), n >= 2 */
	lm_u32 bits; /* bits of a Feistel word: its right half bits / 2, its left the rest */
	lm_u32 key[LM_PERM_ROUNDS];
} lm_perm;

/* The round function: a multiply-xorshift hash of the right half and the
 * round's key, cut to the left half's bits (mask). */
LM_PERM_FN lm_u32 lm_perm_round(lm_u32 r, lm_u32 key, lm_u32 mask)
{
	lm_u32 x = (r ^ key) * 0x9e3779b1u;
	x ^= x >> 15;
	x *= 0x85ebca6bu;
	x ^= x >> 13;
	return x & mask;
}

/* A round takes (l, r) of lb and rb bits to (r, l ^ F(r)) of rb and lb. */
LM_PERM_FN lm_u32 lm_perm_encrypt(const lm_perm *p, lm_u32 x)
{
	lm_u32 rb = p->bits / 2u, lb = p->bits - rb;
	lm_u32 l = x >> rb, r = x & ((1u << rb) - 1u);
	for (int i = 0; i < LM_PERM_ROUNDS; i++) {
		lm_u32 t = l ^ lm_perm_round(r, p->key[i], (1u << lb) - 1u), b = lb;
		l = r;
		r = t;
		lb = rb;
		rb = b;
	}
	return (l << rb) | r;
}

LM_PERM_FN lm_u32 lm_perm_decrypt(const lm_perm *p, lm_u32 x)
{
	lm_u32 rb = p->bits / 2u, lb = p->bits - rb;
	lm_u32 l = x >> rb, r = x & ((1u << rb) - 1u);
	for (int i = LM_PERM_ROUNDS - 1; i >= 0; i--) {
		lm_u32 t = r ^ lm_perm_round(l, p->key[i], (1u << rb) - 1u), b = lb;
		r = l;
		l = t;
		lb = rb;
		rb = b;
	}
	return (l << rb) | r;
}

/* P(i), for i < n: the line at cycle position i. */
LM_PERM_FN lm_u32 lm_perm_fwd(const lm_perm *p, lm_u32 i)
{
	do
		i = lm_perm_encrypt(p, i);
	while (i >= p->n);
	return i;
}

/* P^-1(line), for line < n: its cycle position. */
LM_PERM_FN lm_u32 lm_perm_inv(const lm_perm *p, lm_u32 line)
{
	do
		line = lm_perm_decrypt(p, line);
	while (line >= p->n);
	return line;
}

/* The line that line points to: P(P^-1(line) + 1 mod n). */
LM_PERM_FN lm_u32 lm_perm_next(const lm_perm *p, lm_u32 line)
{
	lm_u32 pos = lm_perm_inv(p, line) + 1u;
	return lm_perm_fwd(p, pos == p->n ? 0u : pos);
}

#endif
