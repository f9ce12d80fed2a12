/* refine: the occupancies of a curve, coarse first, then halfway across
 * the gaps where the curve bends (refine.h). */
#include "bench/refine.h"

#include <math.h>
#include <stdlib.h>

/* 1, 2, 3, 4, 6, 8, 12, ...: a power of two or three times one. */
static bool coarse_level(unsigned x)
{
	if (x && (x & (x - 1)) == 0)
		return true;
	return x % 3 == 0 && ((x / 3) & (x / 3 - 1)) == 0;
}

bool lm_refine_init(lm_refine *r, const unsigned *levels, size_t n, double tol)
{
	*r = (lm_refine){ .n = n, .levels = levels, .tol = tol };
	r->y = malloc((n ? n : 1) * sizeof *r->y);
	r->state = calloc(n ? n : 1, 1);
	r->queue = malloc((n ? n : 1) * sizeof *r->queue);
	if (!r->y || !r->state || !r->queue) {
		lm_refine_free(r);
		return false;
	}
	for (size_t i = 0; i < n; i++) {
		r->y[i] = NAN;
		if (tol <= 0 || i == 0 || i + 1 == n || coarse_level(levels[i])) {
			r->state[i] |= LM_REFINE_CHOSEN;
			r->queue[r->nq++] = i;
		}
	}
	return true;
}

void lm_refine_dense_from(lm_refine *r, size_t from)
{
	r->nq = 0; /* the queue again, in order, with the levels from on */
	for (size_t i = 0; i < r->n; i++)
		if ((r->state[i] & LM_REFINE_CHOSEN) || i >= from) {
			r->state[i] |= LM_REFINE_CHOSEN;
			r->queue[r->nq++] = i;
		}
}

/* The set level after i (n if none). */
static size_t next_set(const lm_refine *r, size_t i)
{
	for (size_t j = i + 1; j < r->n; j++)
		if (r->state[j] & LM_REFINE_SET)
			return j;
	return r->n;
}

/* Queues the midpoint of every gap between set levels not yet settled. */
static void queue_gaps(lm_refine *r)
{
	r->nq = r->head = 0;
	size_t i = next_set(r, (size_t)-1);
	while (i < r->n) {
		size_t j = next_set(r, i);
		if (j < r->n && j - i >= 2 && !(r->state[i] & LM_REFINE_SETTLED)) {
			size_t mid = i + (j - i) / 2;
			r->state[mid] |= LM_REFINE_CHOSEN;
			r->queue[r->nq++] = mid;
		}
		i = j;
	}
}

bool lm_refine_next(lm_refine *r, size_t *idx)
{
	if (r->head == r->nq)
		queue_gaps(r);
	if (r->head == r->nq)
		return false;
	*idx = r->queue[r->head++];
	return true;
}

/* The set level before i (n if none). */
static size_t prev_set(const lm_refine *r, size_t i)
{
	while (i-- > 0)
		if (r->state[i] & LM_REFINE_SET)
			return i;
	return r->n;
}

void lm_refine_set(lm_refine *r, size_t idx, double y)
{
	if (idx >= r->n)
		return;
	r->y[idx] = y;
	r->state[idx] |= LM_REFINE_SET;
	size_t i = prev_set(r, idx), j = next_set(r, idx);
	if (i == r->n || j == r->n)
		return;
	/* idx split the gap i..j: both halves settled where it lies on the
	 * straight line between i and j; a value not measured settles nothing */
	double x = r->levels[idx], xi = r->levels[i], xj = r->levels[j];
	double line = r->y[i] + (r->y[j] - r->y[i]) * (x - xi) / (xj - xi);
	bool straight = fabs(y - line) <= r->tol * fabs(y); /* false for any NAN */
	unsigned char settled = straight ? LM_REFINE_SETTLED : 0;
	r->state[i] = (unsigned char)((r->state[i] & ~LM_REFINE_SETTLED) | settled);
	r->state[idx] = (unsigned char)((r->state[idx] & ~LM_REFINE_SETTLED) | settled);
}

size_t lm_refine_count(const lm_refine *r)
{
	size_t k = 0;
	for (size_t i = 0; i < r->n; i++)
		k += (r->state[i] & LM_REFINE_SET) != 0;
	return k;
}

void lm_refine_free(lm_refine *r)
{
	free(r->y);
	free(r->state);
	free(r->queue);
	r->y = NULL;
	r->state = NULL;
	r->queue = NULL;
}
