/* refine: which occupancies of a curve a sweep measures when none were
 * given. A coarse set first (1, 2, 3, 4, 6, 8, 12, 16, 24, ... and the
 * last), then the level halfway across every gap between two measured
 * ones, for as long as that level lies off the straight line between the
 * gap's ends by more than a tolerance: the points go where the curve
 * bends, few where it is a straight ramp or a flat top. */
#ifndef LM_REFINE_H
#define LM_REFINE_H

#include <stdbool.h>
#include <stddef.h>

/* A midpoint off its gap's straight line by more than this share of its
 * value is a bend: both halves are refined (a point's run-to-run noise is
 * about 0.2-0.5%). */
#define LM_REFINE_TOL 0.01

typedef struct {
	size_t n;              /* levels */
	const unsigned *levels; /* ascending */
	double tol;
	double *y;             /* the value measured at a level; NAN: none */
	unsigned char *state;  /* per level: LM_REFINE_* bits */
	size_t *queue;         /* levels to measure next */
	size_t nq, head;
} lm_refine;

enum {
	LM_REFINE_CHOSEN = 1,  /* queued or measured */
	LM_REFINE_SET = 2,     /* measured (its value may be NAN: skipped) */
	LM_REFINE_SETTLED = 4, /* the gap from this level to the next set one needs no more */
};

/* Starts a curve over levels[0..n-1] (ascending, kept by the caller);
 * tol <= 0 measures every level. LM_ENOMEM-free: false if out of memory. */
bool lm_refine_init(lm_refine *r, const unsigned *levels, size_t n, double tol);

/* Measures every level from index from on as well (a plateau whose
 * highest points are taken as a measurement: their mean depends on how
 * many were measured). Before the first lm_refine_next. */
void lm_refine_dense_from(lm_refine *r, size_t from);

/* The index of the next level to measure; false when the curve is done. */
bool lm_refine_next(lm_refine *r, size_t *idx);

/* The value measured at level idx (NAN where it could not be: the gaps
 * beside it are then refined down to single steps). */
void lm_refine_set(lm_refine *r, size_t idx, double y);

/* Levels measured (set) so far. */
size_t lm_refine_count(const lm_refine *r);

void lm_refine_free(lm_refine *r);

#endif
