/* solve.c: the parameter vector's model, the residuals the solver sees,
 * and the solve in stages (GSL's trust-region driver); the robust loss and
 * its checks. */
#include "fit/fit_parts.h"

#include "base/mix.h"

#include <gsl/gsl_blas.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_multifit_nlinear.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* The layout of a fit of d's kinds: a knee for each kind that stores, in
 * the refined model. */
layout lm_fit_layout_of(const lm_fit_data *d, lm_fit_model model, bool issue_cost)
{
	layout L = { model == LM_FIT_REFINED, issue_cost, d->nkinds ? d->nkinds : 1, { 0 }, 0, { 0 }, { 0 }, 0 };
	for (size_t k = 0; k < LM_FIT_MAX_KINDS; k++) {
		const lm_mix *m = k < d->nkinds ? lm_mix_find(d->kind[k]) : NULL;
		L.knee_slot[k] = -1;
		L.held_thru[k] = L.held_se[k] = NAN;
		if (L.refined && m && m->store_bytes)
			L.knee_slot[k] = (int)(X_KINDS + kind_stride(&L) * L.nkinds + L.nknees++);
	}
	return L;
}

/* The model of memory kind k. */
static lm_model_params model_of(const gsl_vector *x, const layout *L, size_t k)
{
	double alu_thru = exp(gsl_vector_get(x, X_ALU_THRU));
	return (lm_model_params){
		.alu_lat = exp(gsl_vector_get(x, X_ALU_LAT)),
		.mem_lat = exp(gsl_vector_get(x, x_mem_lat(L, k))),
		.alu_thru = alu_thru,
		.mem_thru = isnan(L->held_thru[k]) ? exp(gsl_vector_get(x, x_mem_thru(L, k))) : L->held_thru[k],
		.issue_thru = alu_thru * (1 + exp(gsl_vector_get(x, X_ISSUE_THRU))),
		.chain_lat = L->refined ? exp(gsl_vector_get(x, x_chain_lat(L, k))) : NAN,
		.issue_cost = L->cost ? cost_of(gsl_vector_get(x, x_cost(L, k))) : NAN,
		.knee = L->knee_slot[k] >= 0 ? exp(gsl_vector_get(x, (size_t)L->knee_slot[k])) : NAN,
	};
}

/* The min of the model is not differentiable where two bounds meet, and a
 * bound that binds nowhere has no gradient to pull it into place. So the
 * fit runs in stages on the p-norm soft-min (sum t_i^-p)^(-1/p), which is
 * below the true min by at most a factor k^(1/p) for k terms, with p
 * growing, and ends on the sharp min itself (p = 0 below): the model that
 * predict uses and the one whose errors we report. */
static const struct {
	double p;
	bool robust; /* the one-sided loss below; never while the model is far off */
} stages[] = { { 4, false }, { 16, false }, { 64, false }, { 256, true }, { 0, true } };
#define NSTAGES (sizeof stages / sizeof stages[0])

static double softmin(const double *t, int k, double p)
{
	double m = INFINITY, s = 0;
	for (int i = 0; i < k; i++)
		m = fmin(m, t[i]);
	for (int i = 0; i < k; i++)
		s += pow(m / t[i], p);
	return m * pow(s, -1 / p);
}

/* Group throughput (arithmetic IPC for alpha = inf) at one point. */
double lm_fit_predict(const lm_model_params *q, lm_fit_model m, const lm_fit_point *pt, double p)
{
	double n = pt->warps, alpha = pt->alpha, chains = chains_of(pt);
	/* the refined curve bends smoothly into every bound already */
	if (p == 0 || (m == LM_FIT_REFINED && !isinf(alpha))) {
		lm_model_point r = lm_model_eval_chains(q, n, alpha, chains);
		return isinf(alpha) ? r.alu_ipc : r.mem_ipc;
	}
	double t[4];
	int k = 0;
	t[k++] = n / lm_model_latency(q, alpha);
	if (!isinf(alpha))
		t[k++] = q->mem_thru;
	if (isinf(alpha)) {
		t[k++] = q->alu_thru;
		t[k++] = q->issue_thru;
	} else {
		if (alpha > 0)
			t[k++] = q->alu_thru / alpha;
		t[k++] = q->issue_thru / (alpha + lm_model_issue_cost(q));
	}
	return softmin(t, k, p);
}

/* The model is a set of upper bounds, and effects outside it only ever
 * lose throughput: warps spread unevenly over a CU's schedulers (the
 * sawtooth in n of a GPU's arithmetic-bound curves), tail effects. A point
 * that falls short of the model by much more than noise must not drag the
 * bounds down, so a shortfall r > 0 enters through a one-sided Tukey
 * biweight loss rho(r) = k^2/6 (1 - (1 - (r/k)^2)^3), as the residual
 * sqrt(2 rho): least squares for r << k, no influence beyond k. A point
 * above the model always counts in full. For noise of sigma << k the bias
 * is of order sigma^3 / k^2. */
#define SHORTFALL 0.15 /* k, relative */

static double tempered(double r)
{
	if (r <= 0)
		return r;
	if (r >= SHORTFALL)
		return SHORTFALL / sqrt(3.0);
	double u = 1 - (r / SHORTFALL) * (r / SHORTFALL);
	return SHORTFALL / sqrt(3.0) * sqrt(1 - u * u * u);
}

/* Every kind's model at x. */
void lm_fit_models_of(const gsl_vector *x, const layout *L, lm_model_params *q)
{
	for (size_t k = 0; k < L->nkinds; k++)
		q[k] = model_of(x, L, k);
}

int lm_fit_residuals(const gsl_vector *x, void *params, gsl_vector *f)
{
	const problem *pb = params;
	lm_model_params q[LM_FIT_MAX_KINDS];
	lm_fit_models_of(x, &pb->L, q);
	for (size_t i = 0; i < pb->n; i++) {
		const lm_fit_point *pt = &pb->v[i];
		double y = lm_fit_predict(&q[pt->kind], pb->model, pt, pb->p);
		double r = (y - pt->ipc) / pt->ipc;
		if (!isfinite(r))
			return GSL_EDOM;
		if (pb->keep && !pb->keep[i])
			r = 0;
		gsl_vector_set(f, i, (pb->robust ? tempered(r) : r) * sqrt(pb->weight ? pb->weight[i] : 1));
	}
	return GSL_SUCCESS;
}

/* ---- the solve ---- */

static lm_status gsl_failure(const char *path, const char *what, int status)
{
	return lm_fail(LM_EFIT, "%s: fit %s: %s", path, what, gsl_strerror(status));
}

/* Starting point from the data (fit.h promises no device constants): the
 * latencies from one warp's cycles per instruction, the throughputs from
 * the plateaus. */
void lm_fit_start_point(const problem *pb, const curve *cv, size_t nc, gsl_vector *x)
{
	const lm_fit_point *v = pb->v;
	const curve *alu = &cv[nc - 1]; /* inf */
	double alu_lat = alu->n ? v[alu->start].warps / v[alu->start].ipc : 1;
	double total = alu->max;
	for (size_t i = 0; i + 1 < nc; i++)
		total = fmax(total, (cv[i].alpha + 1) * cv[i].max);
	gsl_vector_set(x, X_ALU_LAT, log(alu_lat));
	gsl_vector_set(x, X_ALU_THRU, log(alu->max));
	gsl_vector_set(x, X_ISSUE_THRU, log(fmax(total / alu->max - 1, 0.02)));
	for (size_t k = 0; k < pb->L.nkinds; k++) {
		const curve *mem = lm_fit_first_curve(cv, nc, k); /* lowest alpha */
		double mem_lat = v[mem->start].warps / v[mem->start].ipc - mem->alpha * alu_lat;
		if (!(mem_lat > alu_lat))
			mem_lat = v[mem->start].warps / v[mem->start].ipc;
		double mem_thru = mem->max;
		if (lm_fit_top_slope_ratio(v, mem) > RISING)
			mem_thru *= 1.5;
		gsl_vector_set(x, x_mem_lat(&pb->L, k), log(mem_lat));
		gsl_vector_set(x, x_mem_thru(&pb->L, k), log(mem_thru));
		if (pb->L.refined) /* a tenth of the latency per doubling of chains */
			gsl_vector_set(x, x_chain_lat(&pb->L, k), log(0.1 * mem_lat));
		if (pb->L.cost) /* one slot, as the basic model has it */
			gsl_vector_set(x, x_cost(&pb->L, k), 0.0);
		if (pb->L.knee_slot[k] >= 0) /* the loads' knee */
			gsl_vector_set(x, (size_t)pb->L.knee_slot[k], log(LM_MODEL_KNEE));
	}
}

/* Points where bound b binds, of kind k (-1: any; alpha = inf counts as
 * kind 0). */
size_t lm_fit_binding_points(const problem *pb, const lm_model_params *q, int k, lm_bound b)
{
	size_t m = 0;
	for (size_t i = 0; i < pb->n; i++) {
		const lm_fit_point *pt = &pb->v[i];
		if (k < 0 || (pt->kind == k && !isinf(pt->alpha)))
			m += lm_model_eval_chains(&q[pt->kind], pt->warps, pt->alpha, chains_of(pt)).bound == b;
	}
	return m;
}

/* One stage from x: solution in w and x. */
static lm_status run_stage(problem *pb, size_t s, const char *path, gsl_vector *x,
			   gsl_multifit_nlinear_workspace *w, gsl_multifit_nlinear_fdf *fdf,
			   size_t *iterations, bool *converged)
{
	pb->p = stages[s].p;
	pb->robust = stages[s].robust && !pb->no_robust;
	int info, st = gsl_multifit_nlinear_init(x, fdf, w);
	if (st)
		return gsl_failure(path, "at its starting point", st);
	st = gsl_multifit_nlinear_driver(500, 1e-10, 1e-10, 0, NULL, NULL, &info, w);
	*iterations += gsl_multifit_nlinear_niter(w);
	if (st == GSL_EMAXITER && s + 1 == NSTAGES) { /* one more round, from where it stopped */
		st = gsl_multifit_nlinear_driver(2000, 1e-10, 1e-10, 0, NULL, NULL, &info, w);
		*iterations += gsl_multifit_nlinear_niter(w);
		/* still moving: keep the last iterate, said so in the result */
		if (st == GSL_EMAXITER) {
			*converged = false;
			st = GSL_SUCCESS;
		}
	}
	/* no progress at the end of a stage is a minimum reached, not a failure */
	if (st && st != GSL_ENOPROG && !(st == GSL_EMAXITER && s + 1 < NSTAGES))
		return gsl_failure(path, "did not converge", st);
	gsl_vector_memcpy(x, gsl_multifit_nlinear_position(w));
	return LM_OK;
}

/* The least issue_thru that binds at no point: the model's instruction
 * rate without it. */
double lm_fit_least_nonbinding(const problem *pb, const lm_model_params *q)
{
	double need = 0;
	for (size_t i = 0; i < pb->n; i++) {
		const lm_fit_point *pt = &pb->v[i];
		lm_model_params o = q[pt->kind];
		o.issue_thru = NAN;
		lm_model_point r = lm_model_eval_chains(&o, pt->warps, pt->alpha, chains_of(pt));
		need = fmax(need, isinf(pt->alpha) ? r.alu_ipc
						   : r.mem_ipc * (pt->alpha + lm_model_issue_cost(&o)));
	}
	return need;
}

/* Runs the stages; leaves the solution, the residual and the Jacobian of
 * the sharp model in w. */
lm_status lm_fit_solve(problem *pb, const char *path, gsl_vector *x,
		       gsl_multifit_nlinear_workspace *w, gsl_multifit_nlinear_fdf *fdf,
		       size_t *iterations, bool *converged)
{
	*converged = true;
	double u0 = gsl_vector_get(x, X_ISSUE_THRU);
	*iterations = 0;
	lm_model_params q[LM_FIT_MAX_KINDS];
	for (size_t s = 0; s < NSTAGES; s++) {
		/* issue_thru shows only within about 1/cusp of alu_thru, finer than
		 * a soft min resolves; lost there, it has no gradient to come back,
		 * so the sharp stages start it again from the data's estimate */
		lm_fit_models_of(x, &pb->L, q);
		if (stages[s].robust && !lm_fit_binding_points(pb, q, -1, LM_BOUND_ISSUE))
			gsl_vector_set(x, X_ISSUE_THRU, u0);
		lm_status e = run_stage(pb, s, path, x, w, fdf, iterations, converged);
		if (e)
			return e;
	}
	/* Still binding nowhere: alu_thru may have taken issue_thru's place
	 * (where both bend in gradually, in the refined model). Once more from
	 * an issue_thru halfway between alu_thru and the most issue any point
	 * needs; the better of the two is kept. */
	lm_fit_models_of(x, &pb->L, q);
	double need = lm_fit_least_nonbinding(pb, q);
	if (lm_fit_binding_points(pb, q, -1, LM_BOUND_ISSUE) || !(need > (1 + 1e-6) * q[0].alu_thru))
		return LM_OK;
	double cost0 = gsl_blas_dnrm2(gsl_multifit_nlinear_residual(w));
	gsl_vector *x0 = gsl_vector_alloc(x->size);
	if (!x0)
		return lm_fail(LM_ENOMEM, "%s: fit: out of memory", path);
	gsl_vector_memcpy(x0, x);
	gsl_vector_set(x, X_ISSUE_THRU, log(0.5 * (need / q[0].alu_thru - 1)));
	bool conv = true;
	lm_status e = run_stage(pb, NSTAGES - 1, path, x, w, fdf, iterations, &conv);
	if (!e && gsl_blas_dnrm2(gsl_multifit_nlinear_residual(w)) < cost0) {
		*converged = conv;
	} else { /* the first solution stands: w back at it */
		gsl_vector_memcpy(x, x0);
		e = run_stage(pb, NSTAGES - 1, path, x, w, fdf, iterations, converged);
	}
	gsl_vector_free(x0);
	return e;
}

/* A shortfall beyond which the biweight gives a point less than half the
 * weight of least squares: (1 - (r/k)^2)^2 < 1/2. */
#define DOWNWEIGHTED (SHORTFALL * 0.5412)

/* Points of each curve that the robust loss down-weights at x (the sharp
 * model); the total. */
size_t lm_fit_count_downweighted(const problem *pb, const gsl_vector *x, const curve *cv,
				 size_t nc, lm_fit_result *r)
{
	lm_model_params q[LM_FIT_MAX_KINDS];
	lm_fit_models_of(x, &pb->L, q);
	size_t total = 0;
	for (size_t c = 0; c < nc; c++) {
		r->curve[c].downweighted = 0;
		for (size_t i = cv[c].start; i < cv[c].start + cv[c].n; i++) {
			const lm_fit_point *pt = &pb->v[i];
			double y = lm_fit_predict(&q[pt->kind], pb->model, pt, 0);
			r->curve[c].downweighted += (y - pt->ipc) / pt->ipc > DOWNWEIGHTED;
		}
		total += r->curve[c].downweighted;
	}
	return total;
}

/* Does the robust loss hide too much? */
bool lm_fit_robust_untrusted(const lm_fit_result *r, const curve *cv, size_t nc, size_t n)
{
	if ((double)r->downweighted > LM_FIT_ROBUST_SHARE * (double)n)
		return true;
	for (size_t c = 0; c < nc; c++)
		if (2 * r->curve[c].downweighted > cv[c].n)
			return true;
	return false;
}

/* A point counts in the upper envelope unless it falls below it by more
 * than this. */
#define ENVELOPE_TOLERANCE 0.02

/* Marks the points of each curve's upper envelope: the model's throughput
 * is a concave function of occupancy through the origin (a minimum of a
 * line n / latency and constant bounds), so the data's least concave
 * majorant (the upper hull of the points and the origin, held at its
 * highest point from there on) is what the model can describe, and a point well below it measures something the
 * model leaves out (warps unevenly spread over schedulers, a runtime
 * running groups in turns). Unlike the robust loss, this judges points by
 * the data, not by the model, so the bounds cannot float away from every
 * point. Points sorted by warps within a curve; the number kept. */
size_t lm_fit_mark_envelope(const lm_fit_point *v, const curve *cv, size_t nc, unsigned char *keep)
{
	size_t kept = 0;
	double *hx = malloc(2 * (cv[nc - 1].start + cv[nc - 1].n + 1) * sizeof *hx);
	if (!hx) { /* keep everything: plain least squares */
		for (size_t c = 0; c < nc; c++)
			for (size_t i = cv[c].start; i < cv[c].start + cv[c].n; i++)
				keep[i] = 1;
		return cv[nc - 1].start + cv[nc - 1].n;
	}
	for (size_t c = 0; c < nc; c++) {
		double *hy = hx + cv[c].n + 1;
		size_t h = 0;
		hx[h] = 0;
		hy[h++] = 0;
		for (size_t i = cv[c].start; i < cv[c].start + cv[c].n; i++) {
			double x = v[i].warps, y = v[i].ipc;
			/* drop hull points on or below the chord to the new one */
			while (h >= 2 && (hy[h - 1] - hy[h - 2]) * (x - hx[h - 2]) <=
					     (y - hy[h - 2]) * (hx[h - 1] - hx[h - 2]))
				h--;
			if (x > hx[h - 1]) {
				hx[h] = x;
				hy[h++] = y;
			} else if (y > hy[h - 1]) {
				hy[h - 1] = y; /* the same occupancy measured twice */
			}
		}
		/* and non-decreasing: never below what fewer warps attained */
		size_t j = 1;
		double best = 0;
		for (size_t i = cv[c].start; i < cv[c].start + cv[c].n; i++) {
			double x = v[i].warps;
			while (j + 1 < h && hx[j] < x)
				j++;
			double t = hx[j] > hx[j - 1] ? (x - hx[j - 1]) / (hx[j] - hx[j - 1]) : 1;
			double top = fmax(best, hy[j - 1] + fmin(fmax(t, 0), 1) * (hy[j] - hy[j - 1]));
			keep[i] = v[i].ipc >= (1 - ENVELOPE_TOLERANCE) * top;
			kept += keep[i];
			best = fmax(best, v[i].ipc);
		}
	}
	free(hx);
	return kept;
}

void lm_fit_loss_text(const lm_fit_result *r, char *buf, size_t size)
{
	if (r->model == LM_FIT_REFINED)
		snprintf(buf, size, "least squares, every one of %zu points in full (the refined model "
			 "describes the approach to its bounds)", r->points);
	else if (r->robust_dropped)
		snprintf(buf, size, "least squares on each curve's upper envelope (%zu of %zu points, those "
			 "over %.0f%% below it left out): the one-sided biweight down-weighted %zu "
			 "(more than %.0f%%, or most of a curve)", r->envelope_points, r->points,
			 100 * ENVELOPE_TOLERANCE, r->downweighted, 100 * LM_FIT_ROBUST_SHARE);
	else
		snprintf(buf, size, "one-sided biweight: %zu of %zu points down-weighted (short of the model "
			 "by more than %.1f%%)", r->downweighted, r->points, 100 * DOWNWEIGHTED);
}
