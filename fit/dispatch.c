#include "fit/dispatch.h"

#include <gsl/gsl_fit.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One dispatch row: the groups a CU holds at once, its time a group a CU
 * (us) and that time's spread over the row's launches (relative). */
typedef struct {
	unsigned resident;
	double t, spread;
} point;

double lm_fit_dispatch_rate(double thru, double cost_ns, unsigned resident)
{
	double by_slots = isfinite(cost_ns) && cost_ns > 0 ? 1000.0 * resident / cost_ns : INFINITY;
	return fmin(isfinite(thru) ? thru : INFINITY, by_slots);
}

static void set(lm_param *p, double value, double se, lm_param_kind kind, const char *note)
{
	p->value = value;
	p->std_error = se;
	p->kind = kind;
	snprintf(p->note, sizeof p->note, "%s", note);
}

static int by_resident_down(const void *a, const void *b)
{
	const point *x = a, *y = b;
	return x->resident < y->resident ? 1 : x->resident > y->resident ? -1 : 0;
}

/* The dispatch rows of res into a new array (free() it), most resident
 * first; their count in *n (0: none, NULL returned). */
static point *dispatch_points(const lm_results *res, size_t *n)
{
	*n = 0;
	point *v = malloc((res->n ? res->n : 1) * sizeof *v);
	for (size_t i = 0; v && i < res->n; i++) {
		const lm_row *r = &res->v[i].row;
		double x = r->elements_per_s / r->compute_units * 1e-6;
		/* a rate no device gives (a damaged row) would only break the fit's arithmetic */
		if (strcmp(res->v[i].mix, "dispatch") != 0 || !(x > 1e-9 && x < 1e9) || !r->groups_per_cu)
			continue;
		/* a spread only where the times are in order: else no standard error from it */
		bool ordered = r->time_med > 0 && r->time_min <= r->time_med && r->time_med <= r->time_max;
		double spread = ordered ? (r->time_max - r->time_min) / (2 * r->time_med) : NAN;
		v[(*n)++] = (point){ r->groups_per_cu, 1 / x, spread };
	}
	if (v && !*n) {
		free(v);
		v = NULL;
	}
	if (v)
		qsort(v, *n, sizeof *v, by_resident_down);
	return v;
}

/* The weighted least-squares y = c x over p[0..n-1] with relative errors
 * (x = 1, or 1 / resident with per_slot), c and its standard error: from
 * the residuals with two or more points, else the point's spread. */
static void fit_line(const point *p, size_t n, bool per_slot, double *c, double *se)
{
	double *x = calloc(3 * n, sizeof *x), *w = x + n, *y = x + 2 * n, cov = NAN, sumsq = NAN;
	if (!x) {
		*c = *se = NAN;
		return;
	}
	for (size_t i = 0; i < n; i++) {
		x[i] = per_slot ? 1.0 / p[i].resident : 1.0;
		y[i] = p[i].t;
		w[i] = 1 / (p[i].t * p[i].t);
	}
	gsl_fit_wmul(x, 1, w, 1, y, 1, n, c, &cov, &sumsq);
	*se = n > 1 ? sqrt(cov * sumsq / (double)(n - 1)) : *c * p[0].spread;
	free(x);
}

/* Does the rate fall from the most-resident level to the next as the
 * groups resident do (within LM_DISPATCH_FLAT)? Then no size ran at the
 * dispatch rate: every one was held back by its slots. */
static bool slot_bound_from_the_top(const point *p, size_t n)
{
	size_t next = 1;
	while (next < n && p[next].resident == p[0].resident)
		next++;
	if (next == n)
		return false;
	double rates = p[0].t / p[next].t, slots = (double)p[next].resident / p[0].resident;
	return fabs(rates / slots - 1) <= LM_DISPATCH_FLAT;
}

/* How many of the points (most resident first) ran at the dispatch rate:
 * whole residency levels, grown while every one stays within
 * LM_DISPATCH_FLAT of their fitted time. */
static size_t dispatch_bound(const point *p, size_t n)
{
	if (slot_bound_from_the_top(p, n))
		return 0;
	size_t bound = 0;
	for (size_t end = 0; end < n;) {
		size_t next = end + 1;
		while (next < n && p[next].resident == p[end].resident)
			next++;
		double t, se;
		fit_line(p, next, false, &t, &se);
		for (size_t i = 0; i < next; i++)
			if (fabs(p[i].t / t - 1) > LM_DISPATCH_FLAT)
				return bound;
		bound = end = next;
	}
	return bound;
}

void lm_fit_dispatch(const lm_results *res, lm_param *thru, lm_param *cost)
{
	size_t n, na;
	point *p = dispatch_points(res, &n);
	char note[LM_PARAMS_TEXT];
	if (!p) {
		set(thru, NAN, NAN, LM_PARAM_MISSING, "not measured: no dispatch rows (latmix measure --mix dispatch)");
		set(cost, NAN, NAN, LM_PARAM_MISSING, "not measured: no dispatch rows (latmix measure --mix dispatch)");
		return;
	}
	na = dispatch_bound(p, n);
	double t = NAN, st = NAN, u = NAN, su = NAN;
	if (na) {
		fit_line(p, na, false, &t, &st);
		snprintf(note, sizeof note, "measured: dispatch, %zu row(s), %u to %u groups a CU resident, at one "
			 "rate (within %.0f%%)", na, p[na - 1].resident, p[0].resident, 100 * LM_DISPATCH_FLAT);
		set(thru, 1 / t, st / (t * t), LM_PARAM_VALUE, note);
	} else {
		double hi = 0;
		for (size_t i = 0; i < n; i++)
			hi = fmax(hi, 1 / p[i].t);
		set(thru, hi, NAN, LM_PARAM_AT_LEAST, "undetermined: the rate falls with the groups resident from "
		    "the most-resident sizes on, so at least the highest measured");
	}
	if (na < n) {
		fit_line(p + na, n - na, true, &u, &su);
		snprintf(note, sizeof note, "measured: dispatch, %zu row(s), %u to %u groups a CU resident, slower "
			 "than the dispatch rate", n - na, p[n - 1].resident, p[na].resident);
		set(cost, 1000 * u, 1000 * su, LM_PARAM_VALUE, note);
	} else {
		snprintf(note, sizeof note, "undetermined: every size ran at the dispatch rate, so a group's start "
			 "and end at most this (%u groups resident)", p[n - 1].resident);
		set(cost, 1000 * t * p[n - 1].resident, NAN, LM_PARAM_AT_MOST, note);
	}
	free(p);
}
