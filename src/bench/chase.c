#include "bench/chase.h"

#include <stdlib.h>

struct lm_chase {
	size_t lines;
	unsigned width, scale;
	lm_perm perm;
	uint32_t *words; /* only if asked for */
};

/* splitmix64: the keys from the seed. */
static uint64_t next_random(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

lm_status lm_chase_alloc(size_t lines, unsigned width, unsigned scale, uint64_t seed,
			 lm_chase **out)
{
	if (lines < 2 || width == 0 || scale == 0 || lines > LM_CHASE_MAX_WORDS / width / scale)
		return lm_fail(LM_EUSAGE, "chase buffer of %zu lines of %u words: out of range "
			       "(2 lines up to %zu words)", lines, width, LM_CHASE_MAX_WORDS / scale);
	lm_chase *c = calloc(1, sizeof *c);
	if (!c)
		return lm_fail(LM_ENOMEM, "out of memory");
	c->lines = lines;
	c->width = width;
	c->scale = scale;
	/* the Feistel word: the smallest number of bits, 2 at least, that
	 * holds every line index */
	unsigned bits = 2;
	while (bits < 32 && ((uint64_t)1 << bits) < lines)
		bits++;
	c->perm.n = (lm_u32)lines;
	c->perm.bits = bits;
	uint64_t s = seed;
	for (int i = 0; i < LM_PERM_ROUNDS; i++)
		c->perm.key[i] = (lm_u32)next_random(&s);
	*out = c;
	return LM_OK;
}

void lm_chase_free(lm_chase *c)
{
	if (!c)
		return;
	free(c->words);
	free(c);
}

size_t lm_chase_lines(const lm_chase *c) { return c->lines; }
unsigned lm_chase_width(const lm_chase *c) { return c->width; }
unsigned lm_chase_scale(const lm_chase *c) { return c->scale; }
const lm_perm *lm_chase_perm(const lm_chase *c) { return &c->perm; }

const uint32_t *lm_chase_words(lm_chase *c)
{
	if (c->words)
		return c->words;
	c->words = malloc(c->lines * c->width * sizeof *c->words);
	if (!c->words)
		return NULL;
	for (size_t w = 0; w < c->lines * c->width; w++)
		c->words[w] = lm_chase_word(c, w);
	return c->words;
}

uint32_t lm_chase_word(const lm_chase *c, size_t w)
{
	size_t next = lm_perm_next(&c->perm, (lm_u32)(w / c->width));
	return (uint32_t)((next * c->width + w % c->width) * c->scale) + LM_CHASE_OFFSET;
}

void lm_chase_release_words(lm_chase *c)
{
	free(c->words);
	c->words = NULL;
}

static uint32_t value_at(const lm_chase *c, size_t pos, unsigned lane)
{
	size_t line = lm_perm_fwd(&c->perm, (lm_u32)(pos % c->lines));
	return (uint32_t)((line * c->width + lane) * c->scale) + LM_CHASE_OFFSET;
}

uint32_t lm_chase_start(const lm_chase *c, size_t cursor, size_t warp, size_t nwarps,
			unsigned lane)
{
	size_t spacing = c->lines / nwarps;
	/* beyond one warp per line the warps share lines, still spread evenly */
	size_t pos = spacing ? cursor + warp * spacing
			     : cursor + (size_t)((unsigned __int128)warp * c->lines / nwarps);
	return value_at(c, pos, lane);
}

size_t lm_chase_line(const lm_chase *c, uint32_t v)
{
	return (v - LM_CHASE_OFFSET) / c->scale / c->width;
}

unsigned lm_chase_lane(const lm_chase *c, uint32_t v)
{
	return (v - LM_CHASE_OFFSET) / c->scale % c->width;
}

uint32_t lm_chase_relane(const lm_chase *c, uint32_t v, unsigned lane)
{
	return (uint32_t)((lm_chase_line(c, v) * c->width + lane) * c->scale) + LM_CHASE_OFFSET;
}

size_t lm_chase_position(const lm_chase *c, uint32_t v)
{
	return lm_perm_inv(&c->perm, (lm_u32)lm_chase_line(c, v));
}

uint32_t lm_chase_walk(const lm_chase *c, uint32_t v, uint64_t steps)
{
	unsigned lane = lm_chase_lane(c, v);
	size_t pos = lm_chase_position(c, v);
	return value_at(c, (size_t)((pos + steps % c->lines) % c->lines), lane);
}
