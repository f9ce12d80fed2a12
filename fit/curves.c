/* curves.c: the data: the points sorted into curves, checked, and the
 * plateaus measured directly. */
#include "fit/fit_parts.h"

#include <gsl/gsl_statistics_double.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static int by_kind_alpha_warps(const void *a, const void *b)
{
	const lm_fit_point *x = a, *y = b;
	if (isinf(x->alpha) != isinf(y->alpha))
		return isinf(x->alpha) ? 1 : -1;
	if (x->kind != y->kind)
		return x->kind < y->kind ? -1 : 1;
	if (x->alpha != y->alpha)
		return x->alpha < y->alpha ? -1 : 1;
	return (x->warps > y->warps) - (x->warps < y->warps);
}

static lm_status bad_point(const lm_fit_data *d, const lm_fit_point *pt, const char *what,
			   double value)
{
	if (pt->line)
		return lm_fail(LM_EPARSE, "%s:%d: %s %g: expected a positive finite number", d->path,
			       pt->line, what, value);
	return lm_fail(LM_EFIT, "%s: point %zu: %s %g: expected a positive finite number", d->path,
		       (size_t)(pt - d->v) + 1, what, value);
}

static lm_status check_point(const lm_fit_data *d, const lm_fit_point *pt)
{
	if (isnan(pt->alpha) || pt->alpha < 0)
		return bad_point(d, pt, "alpha", pt->alpha);
	if (!(pt->warps > 0) || !isfinite(pt->warps))
		return bad_point(d, pt, "warps_per_cu", pt->warps);
	if (!(pt->ipc > 0) || !isfinite(pt->ipc))
		return bad_point(d, pt, isinf(pt->alpha) ? "alu_ipc" : "mem_ipc", pt->ipc);
	return LM_OK;
}

lm_status lm_fit_check_data(const lm_fit_data *d, lm_fit_model model, size_t nkinds, size_t np)
{
	lm_status s;
	if (d->n == 0)
		return lm_fail(LM_EFIT, "%s: no measurements to fit", d->path);
	if (nkinds > LM_FIT_MAX_KINDS)
		return lm_fail(LM_EFIT, "%s: %zu memory kinds, at most %d", d->path, nkinds,
			       LM_FIT_MAX_KINDS);
	for (size_t i = 0; i < d->n; i++) {
		if ((s = check_point(d, &d->v[i])) != LM_OK)
			return s;
		if (d->v[i].kind < 0 || (size_t)d->v[i].kind >= nkinds)
			return lm_fail(LM_EFIT, "%s: point %zu: memory kind %d of %zu", d->path, i + 1,
				       d->v[i].kind, nkinds);
	}
	if (d->n <= np)
		return lm_fail(LM_EFIT, "%s: %zu point%s: the %s model has %zu parameters and needs more points",
			       d->path, d->n, d->n == 1 ? "" : "s", lm_fit_model_name(model), np);
	return LM_OK;
}

/* By curve (kind, alpha), chains, then warps. */
static int by_chains_level(const void *a, const void *b)
{
	const lm_fit_point *x = *(const lm_fit_point *const *)a, *y = *(const lm_fit_point *const *)b;
	if (isinf(x->alpha) == isinf(y->alpha) && x->kind == y->kind && x->alpha == y->alpha &&
	    chains_of(x) != chains_of(y))
		return chains_of(x) < chains_of(y) ? -1 : 1;
	return by_kind_alpha_warps(x, y);
}

static bool same_series(const lm_fit_point *x, const lm_fit_point *y)
{
	return x->kind == y->kind && x->alpha == y->alpha && chains_of(x) == chains_of(y);
}

/* Was the series v[0..n-1] measured at every occupancy the device holds
 * (no two points more than two apart: a missing one is one the geometry
 * cannot hold), as a sweep given its occupancies or before refine? */
static bool dense(const lm_fit_point *const *v, size_t n)
{
	for (size_t i = 1; i < n; i++)
		if (v[i]->warps / chains_of(v[i]) - v[i - 1]->warps / chains_of(v[i - 1]) > 2)
			return false;
	return true;
}

/* Each point's weight: the occupancies (warps per CU) nearer to it than to
 * the next point measured of its curve and chains: where the file lists
 * the sweep's occupancies, those of them (none of a curve measured at each
 * weighs other than 1); else their span, half a step beyond the ends, and
 * 1 for a curve measured at every occupancy but a few the geometry left
 * out (dense: the fits of sweeps before the list are as they were);
 * a sweep that measured fewer where the curve is straight (refine.h)
 * weighs each for the ones it stands for, so that its fit is the one the
 * whole curve would give, not one leaning towards where points are dense. */
/* The sweep's occupancies in (lo, hi), those at an end counted half. */
static double levels_within(const unsigned *levels, size_t n, double lo, double hi)
{
	double w = 0;
	for (size_t i = 0; i < n; i++)
		w += levels[i] > lo && levels[i] < hi ? 1 : levels[i] == lo || levels[i] == hi ? 0.5 : 0;
	return w;
}

static lm_status weigh_points(const lm_fit_point *v, size_t n, double *weight, const unsigned *levels,
			      size_t nlevels)
{
	const lm_fit_point **o = malloc((n ? n : 1) * sizeof *o);
	if (!o)
		return lm_fail(LM_ENOMEM, "out of memory");
	for (size_t i = 0; i < n; i++)
		o[i] = &v[i];
	qsort(o, n, sizeof *o, by_chains_level);
	for (size_t i = 0, start = 0; i < n; i++) {
		bool first = i == 0 || !same_series(o[i - 1], o[i]);
		bool last = i + 1 == n || !same_series(o[i + 1], o[i]);
		double l = o[i]->warps / chains_of(o[i]);
		double lo = first ? l - 0.5 : (o[i - 1]->warps / chains_of(o[i - 1]) + l) / 2;
		double hi = last ? l + 0.5 : (o[i + 1]->warps / chains_of(o[i + 1]) + l) / 2;
		weight[o[i] - v] = hi - lo;
		if (levels) /* the occupancies the sweep could have measured that it stands for */
			weight[o[i] - v] = fmax(0.5, levels_within(levels, nlevels, first ? -INFINITY : lo,
								   last ? INFINITY : hi));
		if (first)
			start = i;
		if (!levels && last && dense(o + start, i + 1 - start))
			for (size_t j = start; j <= i; j++)
				weight[o[j] - v] = 1;
	}
	free((void *)o);
	return LM_OK;
}

lm_status lm_fit_curves_of(const lm_fit_data *d, size_t nkinds, lm_fit_point *v, double *weight,
			   curve *cv, size_t *ncurves)
{
	memcpy(v, d->v, d->n * sizeof *v);
	for (size_t i = 0; i < d->n; i++)
		if (isinf(v[i].alpha)) /* no memory kind enters: one curve */
			v[i].kind = 0;
	qsort(v, d->n, sizeof *v, by_kind_alpha_warps);
	lm_status ws = weigh_points(v, d->n, weight, d->levels, d->nlevels);
	if (ws != LM_OK)
		return ws;
	size_t nc = 0;
	for (size_t i = 0; i < d->n; i++) {
		if (i == 0 || v[i].alpha != v[i - 1].alpha || v[i].kind != v[i - 1].kind)
			cv[nc++] = (curve){ v[i].kind, v[i].alpha, i, 0, 0 };
		cv[nc - 1].n++;
		cv[nc - 1].max = fmax(cv[nc - 1].max, v[i].ipc);
	}
	*ncurves = nc;
	if (nc < 2 || !isinf(cv[nc - 1].alpha))
		return lm_fail(LM_EFIT, "%s: the fit needs an alpha = inf curve and at least one finite alpha",
			       d->path);
	for (size_t k = 0; k < nkinds; k++)
		if (!lm_fit_first_curve(cv, nc, k))
			return lm_fail(LM_EFIT, "%s: memory kind '%s' has no finite-alpha curve", d->path,
				       d->nkinds ? d->kind[k] : "?");
	if (nc > LM_FIT_MAX_CURVES)
		return lm_fail(LM_EFIT, "%s: %zu curves, at most %d", d->path, nc, LM_FIT_MAX_CURVES);
	return LM_OK;
}

/* Is a curve still rising at its largest occupancy? The slope over its top
 * quarter, against the slope ipc / n of its first point: a saturated curve
 * is flat there. */
double lm_fit_top_slope_ratio(const lm_fit_point *v, const curve *c)
{
	size_t k = c->n / 4 < 3 ? 3 : c->n / 4;
	if (c->n < 4)
		return NAN;
	const lm_fit_point *t = v + c->start + c->n - k;
	double mx = 0, my = 0, sxy = 0, sxx = 0;
	for (size_t i = 0; i < k; i++) {
		mx += t[i].warps / (double)k;
		my += t[i].ipc / (double)k;
	}
	for (size_t i = 0; i < k; i++) {
		sxy += (t[i].warps - mx) * (t[i].ipc - my);
		sxx += (t[i].warps - mx) * (t[i].warps - mx);
	}
	const lm_fit_point *first = v + c->start;
	return sxx > 0 ? (sxy / sxx) / (first->ipc / first->warps) : NAN;
}

void lm_fit_plateau_add(plateau *p, double ipc)
{
	/* keep the highest: replace the least of those kept */
	size_t least = 0;
	for (size_t j = 1; j < p->n; j++)
		if (p->top[j] < p->top[least])
			least = j;
	if (p->n < PLATEAU_TOP)
		p->top[p->n++] = ipc;
	else if (ipc > p->top[least])
		p->top[least] = ipc;
}

/* The mean and its standard error; false with fewer than PLATEAU_TOP. */
bool lm_fit_plateau_mean(const plateau *p, double *mean, double *se)
{
	if (p->n < PLATEAU_TOP)
		return false;
	*mean = gsl_stats_mean(p->top, 1, p->n);
	*se = gsl_stats_sd(p->top, 1, p->n) / sqrt((double)p->n);
	return true;
}

/* A store kind's mem_thru in the refined model is its measured plateau,
 * where the kind's highest curve has flattened: fitted, it settles up to
 * 6% below it (H100 gmem-store-half 0.0522 against 0.0548, H200 gmem-store
 * 0.0499 against 0.0529), pulled down by the alpha = 64 curves, where the
 * issue bound lies within a few percent of the memory one and the warps
 * reach neither; a kernel that stores runs at the plateau
 * (studies/model-study/README.md, store plateaus). */
void lm_fit_hold_store_plateaus(layout *L, const lm_fit_point *v, const curve *cv, size_t nc)
{
	for (size_t k = 0; k < L->nkinds; k++) {
		if (L->knee_slot[k] < 0)
			continue;
		const curve *high = NULL;
		plateau top = { { 0 }, 0 };
		for (size_t c = 0; c + 1 < nc; c++) {
			if (cv[c].kind != (int)k)
				continue;
			if (!high || cv[c].max > high->max)
				high = &cv[c];
			for (size_t i = 0; i < cv[c].n; i++)
				lm_fit_plateau_add(&top, v[cv[c].start + i].ipc);
		}
		double mean, se;
		if (high && lm_fit_top_slope_ratio(v, high) <= RISING && lm_fit_plateau_mean(&top, &mean, &se)) {
			L->held_thru[k] = mean;
			L->held_se[k] = se;
			L->nheld++;
		}
	}
}

/* The lowest-alpha curve of memory kind k; NULL if none. */
const curve *lm_fit_first_curve(const curve *cv, size_t nc, size_t k)
{
	for (size_t c = 0; c + 1 < nc; c++)
		if (cv[c].kind == (int)k)
			return &cv[c];
	return NULL;
}
