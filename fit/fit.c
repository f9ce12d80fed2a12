/* fit.c: the driver: a fit of the model to the data, as GSL's own drivers
 * run: alloc, init, solve, diagnose, free. Its parts share fit_parts.h. */
#include "fit/fit_parts.h"

#include <gsl/gsl_multifit_nlinear.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const model_names[LM_FIT_NMODELS] = { "basic", "refined" };

const char *lm_fit_model_name(lm_fit_model m)
{
	return (unsigned)m < LM_FIT_NMODELS ? model_names[m] : "?";
}

lm_status lm_fit_model_parse(const char *s, lm_fit_model *out)
{
	for (int m = 0; m < LM_FIT_NMODELS; m++)
		if (strcmp(s, model_names[m]) == 0) {
			*out = (lm_fit_model)m;
			return LM_OK;
		}
	return lm_fail(LM_EUSAGE, "--model '%s': expected basic or refined", s);
}

lm_status lm_fit_run(const lm_fit_data *d, lm_fit_model model, lm_fit_result *out)
{
	return lm_fit_run_with(d, model, false, out);
}

/* One fit's working state, as a GSL solver keeps its own: made whole by
 * fitter_alloc, released by fitter_free. */
typedef struct {
	const lm_fit_data *d;
	size_t np;                /* slots in the parameter vector */
	lm_fit_point *v;          /* d's points, sorted into curves */
	double *weight;           /* each one's weight (lm_fit_curves_of) */
	curve *cv;
	size_t nc;
	unsigned char *keep;      /* the upper envelope's points, where it is fitted */
	gsl_vector *x;
	gsl_multifit_nlinear_workspace *w;
	gsl_multifit_nlinear_fdf fdf;
	problem pb;
	lm_fit_result r;
} fitter;

static void fitter_free(fitter *f)
{
	if (!f)
		return;
	if (f->w)
		gsl_multifit_nlinear_free(f->w);
	gsl_vector_free(f->x);
	free(f->cv);
	free(f->keep);
	free(f->weight);
	free(f->v);
	free(f);
}

/* Everything a fit of d's points with np parameters needs, the solver's
 * workspace included: nothing is allocated once the fit runs. */
static lm_status fitter_alloc(const lm_fit_data *d, size_t np, fitter **out)
{
	fitter *f = calloc(1, sizeof *f);
	if (!f)
		return lm_fail(LM_ENOMEM, "%s: out of memory", d->path);
	f->d = d;
	f->np = np;
	f->v = malloc(d->n * sizeof *f->v);
	f->cv = malloc(d->n * sizeof *f->cv);
	f->keep = malloc(d->n);
	f->weight = malloc(d->n * sizeof *f->weight);
	f->x = gsl_vector_alloc(np);
	gsl_multifit_nlinear_parameters par = gsl_multifit_nlinear_default_parameters();
	par.trs = gsl_multifit_nlinear_trs_lm;
	f->w = gsl_multifit_nlinear_alloc(gsl_multifit_nlinear_trust, &par, d->n, np);
	if (!f->v || !f->cv || !f->keep || !f->weight || !f->x || !f->w) {
		fitter_free(f);
		return lm_fail(LM_ENOMEM, "%s: out of memory", d->path);
	}
	*out = f;
	return LM_OK;
}

/* The points sorted into curves, the store kinds' plateaus held, the
 * problem the solver sees and its starting point. */
static lm_status fitter_init(fitter *f, lm_fit_model model, bool issue_cost, layout L)
{
	const lm_fit_data *d = f->d;
	lm_status s = lm_fit_curves_of(d, L.nkinds, f->v, f->weight, f->cv, &f->nc);
	if (s != LM_OK)
		return s;
	lm_fit_hold_store_plateaus(&L, f->v, f->cv, f->nc);

	/* The refined model describes the approach to its bounds, so a point
	 * below a sharp bound is what it fits, not a shortfall to discount: it
	 * is fitted by least squares throughout (the one-sided loss would lift
	 * its plateaus above the measured ones). */
	bool lsq = model == LM_FIT_REFINED;
	f->pb = (problem){ f->v, d->n, model, L, 0, false, lsq, NULL, d->n, f->weight };
	f->fdf = (gsl_multifit_nlinear_fdf){ .f = lm_fit_residuals, .df = NULL, .fvv = NULL,
					     .n = d->n, .p = f->np, .params = &f->pb };
	lm_fit_start_point(&f->pb, f->cv, f->nc, f->x);
	lm_fit_result *r = &f->r;
	r->model = model;
	r->issue_cost = issue_cost;
	r->points = d->n;
	r->nparams = f->np - L.nheld; /* a held slot is not fitted */
	r->nkinds = L.nkinds;
	for (size_t k = 0; k < d->nkinds; k++)
		snprintf(r->kind[k], sizeof r->kind[k], "%s", d->kind[k]);
	return LM_OK;
}

/* Most points short of the model leave the bounds free to float up: the
 * fit again, on each curve's upper envelope with every point counting. */
static lm_status refit_envelope(fitter *f)
{
	lm_fit_result *r = &f->r;
	f->pb.kept = r->envelope_points = lm_fit_mark_envelope(f->v, f->cv, f->nc, f->keep);
	f->pb.keep = f->keep;
	f->pb.no_robust = true;
	r->robust_dropped = true;
	lm_fit_start_point(&f->pb, f->cv, f->nc, f->x);
	size_t more = 0;
	lm_status s = lm_fit_solve(&f->pb, f->d->path, f->x, f->w, &f->fdf, &more, &r->converged);
	r->iterations += more;
	return s;
}

/* The solve, in stages; under the robust loss, again on the envelope
 * where that loss hides too much. */
static lm_status fitter_solve(fitter *f)
{
	lm_fit_result *r = &f->r;
	lm_status s = lm_fit_solve(&f->pb, f->d->path, f->x, f->w, &f->fdf, &r->iterations,
				   &r->converged);
	if (s != LM_OK || f->pb.no_robust)
		return s;
	r->downweighted = lm_fit_count_downweighted(&f->pb, f->x, f->cv, f->nc, r);
	if (lm_fit_robust_untrusted(r, f->cv, f->nc, f->d->n))
		return refit_envelope(f);
	return LM_OK;
}

/* The parameters with their errors or as bounds, the errors against every
 * point measured, the derived figures; LM_EFIT where the errors are not
 * finite. */
static lm_status fitter_diagnose(fitter *f)
{
	lm_fit_result *r = &f->r;
	lm_fit_report_params(&f->pb, f->cv, f->nc, f->w, r);
	f->pb.keep = NULL; /* errors against every point measured */
	if (!r->converged)
		for (int i = 0; i < LM_PARAM_COUNT; i++)
			if (r->p[i].kind == LM_PARAM_VALUE)
				snprintf(r->p[i].note, sizeof r->p[i].note,
					 "the solver's last iterate: not converged in %zu iterations", r->iterations);
	lm_fit_report_errors(&f->pb, f->cv, f->nc, r);
	lm_fit_report_derived(f->v, f->cv, f->nc, r);
	r->poor = !(r->rms <= LM_FIT_POOR_RMS);
	if (!isfinite(r->rms))
		return lm_fail(LM_EFIT, "%s: the fit gave non-finite errors", f->d->path);
	return LM_OK;
}

lm_status lm_fit_run_with(const lm_fit_data *d, lm_fit_model model, bool issue_cost,
			  lm_fit_result *out)
{
	layout L = lm_fit_layout_of(d, model, issue_cost);
	size_t np = nparams(&L);
	fitter *f = NULL;
	lm_status s = lm_fit_check_data(d, model, L.nkinds, np);
	if (s == LM_OK && (s = fitter_alloc(d, np, &f)) == LM_OK &&
	    (s = fitter_init(f, model, issue_cost, L)) == LM_OK &&
	    (s = fitter_solve(f)) == LM_OK && (s = fitter_diagnose(f)) == LM_OK)
		*out = f->r;
	fitter_free(f);
	return s;
}
