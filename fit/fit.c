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

lm_status lm_fit_run_with(const lm_fit_data *d, lm_fit_model model, bool issue_cost,
			  lm_fit_result *out)
{
	layout L = lm_fit_layout_of(d, model, issue_cost);
	size_t np = nparams(&L);
	lm_fit_point *v = NULL;
	unsigned char *keep = NULL;
	curve *cv = NULL;
	gsl_vector *x = NULL;
	gsl_multifit_nlinear_workspace *w = NULL;
	lm_status s;

	if (d->n == 0)
		return lm_fail(LM_EFIT, "%s: no measurements to fit", d->path);
	if (L.nkinds > LM_FIT_MAX_KINDS)
		return lm_fail(LM_EFIT, "%s: %zu memory kinds, at most %d", d->path, L.nkinds,
			       LM_FIT_MAX_KINDS);
	for (size_t i = 0; i < d->n; i++) {
		if ((s = lm_fit_check_point(d, &d->v[i])) != LM_OK)
			return s;
		if (d->v[i].kind < 0 || (size_t)d->v[i].kind >= L.nkinds)
			return lm_fail(LM_EFIT, "%s: point %zu: memory kind %d of %zu", d->path, i + 1,
				       d->v[i].kind, L.nkinds);
	}
	if (d->n <= np)
		return lm_fail(LM_EFIT, "%s: %zu point%s: the %s model has %zu parameters and needs more points",
			       d->path, d->n, d->n == 1 ? "" : "s", lm_fit_model_name(model), np);

	v = malloc(d->n * sizeof *v);
	cv = malloc(d->n * sizeof *cv);
	x = gsl_vector_alloc(np);
	if (!v || !cv || !x) {
		s = lm_fail(LM_ENOMEM, "%s: out of memory", d->path);
		goto fail;
	}
	memcpy(v, d->v, d->n * sizeof *v);
	for (size_t i = 0; i < d->n; i++)
		if (isinf(v[i].alpha)) /* no memory kind enters: one curve */
			v[i].kind = 0;
	qsort(v, d->n, sizeof *v, lm_fit_by_kind_alpha_warps);
	size_t nc = 0;
	for (size_t i = 0; i < d->n; i++) {
		if (i == 0 || v[i].alpha != v[i - 1].alpha || v[i].kind != v[i - 1].kind)
			cv[nc++] = (curve){ v[i].kind, v[i].alpha, i, 0, 0 };
		cv[nc - 1].n++;
		cv[nc - 1].max = fmax(cv[nc - 1].max, v[i].ipc);
	}
	if (nc < 2 || !isinf(cv[nc - 1].alpha)) {
		s = lm_fail(LM_EFIT, "%s: the fit needs an alpha = inf curve and at least one finite alpha",
			    d->path);
		goto fail;
	}
	for (size_t k = 0; k < L.nkinds; k++)
		if (!lm_fit_first_curve(cv, nc, k)) {
			s = lm_fail(LM_EFIT, "%s: memory kind '%s' has no finite-alpha curve", d->path,
				    d->nkinds ? d->kind[k] : "?");
			goto fail;
		}
	if (nc > LM_FIT_MAX_CURVES) {
		s = lm_fail(LM_EFIT, "%s: %zu curves, at most %d", d->path, nc, LM_FIT_MAX_CURVES);
		goto fail;
	}
	lm_fit_hold_store_plateaus(&L, v, cv, nc);

	/* The refined model describes the approach to its bounds, so a point
	 * below a sharp bound is what it fits, not a shortfall to discount: it
	 * is fitted by least squares throughout (the one-sided loss would lift
	 * its plateaus above the measured ones). */
	bool lsq = model == LM_FIT_REFINED;
	problem pb = { v, d->n, model, L, 0, false, lsq, NULL, d->n };
	gsl_multifit_nlinear_fdf fdf = { .f = lm_fit_residuals, .df = NULL, .fvv = NULL,
					 .n = d->n, .p = np, .params = &pb };
	gsl_multifit_nlinear_parameters par = gsl_multifit_nlinear_default_parameters();
	par.trs = gsl_multifit_nlinear_trs_lm;
	w = gsl_multifit_nlinear_alloc(gsl_multifit_nlinear_trust, &par, d->n, np);
	if (!w) {
		s = lm_fail(LM_ENOMEM, "%s: out of memory", d->path);
		goto fail;
	}
	lm_fit_start_point(&pb, cv, nc, x);
	lm_fit_result r;
	memset(&r, 0, sizeof r);
	r.model = model;
	r.issue_cost = issue_cost;
	r.points = d->n;
	r.nparams = np - L.nheld; /* a held slot is not fitted */
	r.nkinds = L.nkinds;
	for (size_t k = 0; k < d->nkinds; k++)
		snprintf(r.kind[k], sizeof r.kind[k], "%s", d->kind[k]);
	if ((s = lm_fit_solve(&pb, d->path, x, w, &fdf, &r.iterations, &r.converged)) != LM_OK)
		goto fail;
	if (!lsq)
		r.downweighted = lm_fit_count_downweighted(&pb, x, cv, nc, &r);
	if (!lsq && lm_fit_robust_untrusted(&r, cv, nc, d->n)) {
		/* most points short of the model leave the bounds free to float
		 * up: fit the envelope with every point counting instead */
		keep = malloc(d->n);
		if (!keep) {
			s = lm_fail(LM_ENOMEM, "%s: out of memory", d->path);
			goto fail;
		}
		pb.kept = r.envelope_points = lm_fit_mark_envelope(v, cv, nc, keep);
		pb.keep = keep;
		pb.no_robust = true;
		r.robust_dropped = true;
		lm_fit_start_point(&pb, cv, nc, x);
		size_t more = 0;
		if ((s = lm_fit_solve(&pb, d->path, x, w, &fdf, &more, &r.converged)) != LM_OK)
			goto fail;
		r.iterations += more;
	}
	lm_fit_report_params(&pb, cv, nc, w, &r);
	pb.keep = NULL; /* errors against every point measured */
	if (!r.converged)
		for (int i = 0; i < LM_PARAM_COUNT; i++)
			if (r.p[i].kind == LM_PARAM_VALUE)
				snprintf(r.p[i].note, sizeof r.p[i].note,
					 "the solver's last iterate: not converged in %zu iterations", r.iterations);
	lm_fit_report_errors(&pb, cv, nc, &r);
	lm_fit_report_derived(v, cv, nc, &r);
	r.poor = !(r.rms <= LM_FIT_POOR_RMS);
	if (!isfinite(r.rms)) {
		s = lm_fail(LM_EFIT, "%s: the fit gave non-finite errors", d->path);
		goto fail;
	}
	*out = r;
	s = LM_OK;
fail:
	if (w)
		gsl_multifit_nlinear_free(w);
	gsl_vector_free(x);
	free(cv);
	free(keep);
	free(v);
	return s;
}
