#include "chase.h"

#include <stdlib.h>

struct lm_chase {
	size_t lines;
	unsigned width, scale;
	uint32_t *order; /* order[i]: the line at cycle position i */
	uint32_t *rank;  /* rank[line]: its cycle position */
	uint32_t *words;
};

/* splitmix64: a fast generator good enough for a shuffle. */
static uint64_t next_random(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* Uniform in [0, bound), without modulo bias (Lemire). */
static uint64_t below(uint64_t *s, uint64_t bound)
{
	unsigned __int128 m = (unsigned __int128)next_random(s) * bound;
	uint64_t low = (uint64_t)m;
	if (low < bound) {
		uint64_t threshold = -bound % bound;
		while (low < threshold) {
			m = (unsigned __int128)next_random(s) * bound;
			low = (uint64_t)m;
		}
	}
	return (uint64_t)(m >> 64);
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
	c->order = malloc(lines * sizeof *c->order);
	c->rank = malloc(lines * sizeof *c->rank);
	c->words = malloc(lines * width * sizeof *c->words);
	if (!c->order || !c->rank || !c->words)
		goto fail;

	/* A uniformly random visiting order (Fisher-Yates): following it and
	 * wrapping around is one cycle through every line. */
	uint64_t s = seed;
	for (size_t i = 0; i < lines; i++)
		c->order[i] = (uint32_t)i;
	for (size_t i = lines - 1; i > 0; i--) {
		size_t j = (size_t)below(&s, i + 1);
		uint32_t t = c->order[i];
		c->order[i] = c->order[j];
		c->order[j] = t;
	}
	for (size_t i = 0; i < lines; i++)
		c->rank[c->order[i]] = (uint32_t)i;
	for (size_t i = 0; i < lines; i++) {
		size_t line = c->order[i];
		size_t next = c->order[i + 1 < lines ? i + 1 : 0];
		uint32_t *w = c->words + line * width;
		uint32_t v = (uint32_t)(next * width * scale) + LM_CHASE_OFFSET;
		for (unsigned j = 0; j < width; j++)
			w[j] = v + j * scale;
	}
	*out = c;
	return LM_OK;
fail:
	lm_chase_free(c);
	return lm_fail(LM_ENOMEM, "chase buffer of %zu lines of %u words: out of host memory",
		       lines, width);
}

void lm_chase_free(lm_chase *c)
{
	if (!c)
		return;
	free(c->order);
	free(c->rank);
	free(c->words);
	free(c);
}

size_t lm_chase_lines(const lm_chase *c) { return c->lines; }
unsigned lm_chase_width(const lm_chase *c) { return c->width; }
const uint32_t *lm_chase_words(const lm_chase *c) { return c->words; }

void lm_chase_release_words(lm_chase *c)
{
	free(c->words);
	c->words = NULL;
}

static uint32_t value_at(const lm_chase *c, size_t pos, unsigned lane)
{
	return (uint32_t)((c->order[pos % c->lines] * (size_t)c->width + lane) * c->scale) +
	       LM_CHASE_OFFSET;
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

size_t lm_chase_position(const lm_chase *c, uint32_t v)
{
	return c->rank[(v - LM_CHASE_OFFSET) / c->scale / c->width];
}

uint32_t lm_chase_walk(const lm_chase *c, uint32_t v, uint64_t steps)
{
	unsigned lane = (v - LM_CHASE_OFFSET) / c->scale % c->width;
	size_t pos = lm_chase_position(c, v);
	return value_at(c, (size_t)((pos + steps % c->lines) % c->lines), lane);
}
