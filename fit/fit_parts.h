/* fit_parts.h: what the parts of the fitter share; internal to fit/, not
 * installed. The driver (fit.c) runs them in GSL's order: the data sorted
 * into curves (curves.c), the solve (solve.c), the figures and checks that
 * follow from it (diagnose.c); fitdata.c turns a results file into the
 * fit's data. Nothing here is part of fit.h's promise. */
#ifndef LM_FIT_PARTS_H
#define LM_FIT_PARTS_H

#include "fit/fit.h"

#include <gsl/gsl_multifit_nlinear.h>
#include <gsl/gsl_vector.h>
#include <math.h>
#include <stdbool.h>
#include <stddef.h>

/* ---- the parameter vector: logarithms, so every parameter stays positive ----
 * Shared ones first, then per memory kind (mem_lat, mem_thru, then c in
 * the refined model, then the issue cost if fitted). Arithmetic
 * instructions are issued instructions, so issue_thru >= alu_thru (below
 * it, alu_thru would bind nowhere and drift): the vector holds
 * u = log(issue_thru / alu_thru - 1). An issue cost is kept within
 * (1 / COST_MAX, COST_MAX), beyond which the bound no longer matters at the
 * alphas measured, so that a cost the data leave open cannot drift away:
 * the vector holds w with log cost = L tanh(w / L), L = log COST_MAX. One
 * slot (w = 0) lies inside, where the gradient is whole: a bound at 1
 * would leave the common case at an edge the solver only approaches.
 * Costs below 1 are reported with a note (fit.h). */
#define COST_MAX 32.0

static inline double cost_of(double w)
{
	double L = log(COST_MAX);
	return exp(L * tanh(w / L));
}

/* d cost / d w */
static inline double cost_slope(double w)
{
	double t = tanh(w / log(COST_MAX));
	return cost_of(w) * (1 - t * t);
}

enum { X_ALU_LAT, X_ALU_THRU, X_ISSUE_THRU, X_KINDS };

/* Kinds whose mix stores bend into their bounds more roundly than loads
 * alone (studies/model-study/knee-per-curve.txt): in the refined model they get a
 * knee of their own, held after every kind's slots; the others keep
 * LM_MODEL_KNEE. Such a kind's mem_thru is its measured plateau where its
 * curves flatten (lm_fit_hold_store_plateaus): its slot stays in x, unused. */
typedef struct {
	bool refined, cost;
	size_t nkinds;
	int knee_slot[LM_FIT_MAX_KINDS]; /* x index of kind k's knee; -1: none */
	size_t nknees;
	double held_thru[LM_FIT_MAX_KINDS], held_se[LM_FIT_MAX_KINDS]; /* NAN: fitted */
	size_t nheld;
} layout;

static inline size_t kind_stride(const layout *L)
{
	return 2 + L->refined + L->cost;
}

static inline size_t x_mem_lat(const layout *L, size_t k) { return X_KINDS + kind_stride(L) * k; }
static inline size_t x_mem_thru(const layout *L, size_t k) { return x_mem_lat(L, k) + 1; }
static inline size_t x_chain_lat(const layout *L, size_t k) { return x_mem_lat(L, k) + 2; }
static inline size_t x_cost(const layout *L, size_t k) { return x_mem_lat(L, k) + 2 + L->refined; }

static inline size_t nparams(const layout *L)
{
	return X_KINDS + kind_stride(L) * L->nkinds + L->nknees;
}

/* The layout of a fit of d's kinds: a knee for each kind that stores, in
 * the refined model. */
layout lm_fit_layout_of(const lm_fit_data *d, lm_fit_model model, bool issue_cost);

/* A point's chains per thread (0 counts as 1). */
static inline double chains_of(const lm_fit_point *pt)
{
	return pt->chains ? pt->chains : 1;
}

/* ---- the problem the solver sees (solve.c) ---- */

typedef struct {
	const lm_fit_point *v; /* sorted by kind (alpha = inf last), alpha, warps */
	size_t n;
	lm_fit_model model;
	layout L;
	double p;
	bool robust;
	bool no_robust; /* least squares in every stage */
	const unsigned char *keep; /* points that count; NULL: all */
	size_t kept;               /* how many count */
	const double *weight;      /* each point's, in v's order (lm_fit_curves_of) */
} problem;

/* Every kind's model at x. */
void lm_fit_models_of(const gsl_vector *x, const layout *L, lm_model_params *q);

/* Group throughput (arithmetic IPC for alpha = inf) at one point, on the
 * p-norm soft-min of the bounds; p = 0: the sharp model. */
double lm_fit_predict(const lm_model_params *q, lm_fit_model m, const lm_fit_point *pt, double p);

/* The residuals at x, GSL's f: relative, through the robust loss where
 * params (a problem) says so; GSL_EDOM where one is not finite. */
int lm_fit_residuals(const gsl_vector *x, void *params, gsl_vector *f);

/* ---- the data: the points sorted into curves (curves.c) ---- */

typedef struct {
	int kind;        /* 0 for alpha = inf */
	double alpha;
	size_t start, n; /* in the sorted points */
	double max;      /* highest measured IPC */
} curve;

/* Can d be fitted with nkinds kinds and np parameters? Every point's
 * alpha, warps and IPC usable (LM_EPARSE at its line, or LM_EFIT), its
 * kind one of nkinds, and more points than parameters. */
lm_status lm_fit_check_data(const lm_fit_data *d, lm_fit_model model, size_t nkinds, size_t np);

/* d's points copied into v (room for d->n), sorted by kind (alpha = inf
 * last, one curve whatever its kind), alpha and warps, and grouped into
 * *ncurves curves in cv (room for d->n); weight (room for d->n) gets each
 * point's weight in the fit, the occupancies it stands for on its curve. LM_EFIT without an alpha = inf
 * curve, a finite-alpha curve of each of nkinds kinds, or with more than
 * LM_FIT_MAX_CURVES. */
lm_status lm_fit_curves_of(const lm_fit_data *d, size_t nkinds, lm_fit_point *v, double *weight,
			   curve *cv, size_t *ncurves);

/* Is a curve still rising at its largest occupancy? The slope over its top
 * quarter, against the slope ipc / n of its first point: a saturated curve
 * is flat there. */
double lm_fit_top_slope_ratio(const lm_fit_point *v, const curve *c);

#define RISING 0.5 /* top slope above this fraction of the initial: unsaturated */

/* p's value, standard error, kind and note. */
void lm_fit_set_param(lm_param *p, double value, double se, lm_param_kind kind, const char *note);

/* One warp's cycles per group of mix (NULL: any) at alpha with one chain:
 * the flag-free reference where the file has one (*how says which), else
 * the one-warp row; NAN if neither. */
double lm_fit_one_warp(const lm_results *res, const char *mix, lm_alpha a, const char **how);

/* A plateau measured directly: the mean of the PLATEAU_TOP highest
 * throughputs of a set of points. */
#define PLATEAU_TOP 3

typedef struct {
	double top[PLATEAU_TOP];
	size_t n;
} plateau;

void lm_fit_plateau_add(plateau *p, double ipc);

/* The mean and its standard error; false with fewer than PLATEAU_TOP. */
bool lm_fit_plateau_mean(const plateau *p, double *mean, double *se);

/* Holds each store kind's mem_thru at its measured plateau in L, where
 * the kind's highest curve has flattened (curves.c says why). */
void lm_fit_hold_store_plateaus(layout *L, const lm_fit_point *v, const curve *cv, size_t nc);

/* The lowest-alpha curve of memory kind k; NULL if none. */
const curve *lm_fit_first_curve(const curve *cv, size_t nc, size_t k);

/* ---- the solve (solve.c) ---- */

/* Starting point from the data (fit.h promises no device constants): the
 * latencies from one warp's cycles per instruction, the throughputs from
 * the plateaus. */
void lm_fit_start_point(const problem *pb, const curve *cv, size_t nc, gsl_vector *x);

/* Points where bound b binds, of kind k (-1: any; alpha = inf counts as
 * kind 0). */
size_t lm_fit_binding_points(const problem *pb, const lm_model_params *q, int k, lm_bound b);

/* The least issue_thru that binds at no point: the model's instruction
 * rate without it. */
double lm_fit_least_nonbinding(const problem *pb, const lm_model_params *q);

/* Runs the stages; leaves the solution, the residual and the Jacobian of
 * the sharp model in w. */
lm_status lm_fit_solve(problem *pb, const char *path, gsl_vector *x,
		       gsl_multifit_nlinear_workspace *w, gsl_multifit_nlinear_fdf *fdf,
		       size_t *iterations, bool *converged);

/* Points of each curve that the robust loss down-weights at x (the sharp
 * model); the total. */
size_t lm_fit_count_downweighted(const problem *pb, const gsl_vector *x, const curve *cv,
				 size_t nc, lm_fit_result *r);

/* Does the robust loss hide too much? */
bool lm_fit_robust_untrusted(const lm_fit_result *r, const curve *cv, size_t nc, size_t n);

/* Marks the points of each curve's upper envelope in keep; the number
 * kept (solve.c says why). */
size_t lm_fit_mark_envelope(const lm_fit_point *v, const curve *cv, size_t nc, unsigned char *keep);

/* ---- what follows from the solve (diagnose.c) ---- */

/* Standard errors, then the parameters the data leave open as bounds. */
void lm_fit_report_params(const problem *pb, const curve *cv, size_t nc,
			  gsl_multifit_nlinear_workspace *w, lm_fit_result *r);

/* Relative errors of the reported model, per curve, per kind and over all. */
void lm_fit_report_errors(const problem *pb, const curve *cv, size_t nc, lm_fit_result *r);

/* Warps needed for 90% and 95% of the peaks, and the cusp (thesis §4.5),
 * from the reported model of the default kind and from its measured
 * curves. */
void lm_fit_report_derived(const lm_fit_point *v, const curve *cv, size_t nc, lm_fit_result *r);

#endif
