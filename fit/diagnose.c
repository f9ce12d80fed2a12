/* diagnose.c: what follows from a solve: the parameters with their
 * errors or as bounds, the fit's errors and derived figures, checks
 * against direct measurements, which model to prefer, and the result as a
 * parameter file's (the parameters measured directly: measured.c). */
#include "fit/fit_parts.h"
#include "fit/dispatch.h"

#include "base/mix.h"

#include <gsl/gsl_blas.h>
#include <gsl/gsl_multifit_nlinear.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Occupancy where a measured curve first reaches target, interpolated
 * linearly (from the origin before the first point); NAN if never. */
static double warps_to_reach(const lm_fit_point *v, const curve *c, double target)
{
	double n0 = 0, y0 = 0;
	for (size_t i = 0; i < c->n; i++) {
		const lm_fit_point *pt = &v[c->start + i];
		if (pt->ipc >= target)
			return n0 + (pt->warps - n0) * (target - y0) / (pt->ipc - y0);
		n0 = pt->warps;
		y0 = pt->ipc;
	}
	return NAN;
}

void lm_fit_set_param(lm_param *p, double value, double se, lm_param_kind kind, const char *note)
{
	p->value = value;
	p->std_error = se;
	p->kind = kind;
	snprintf(p->note, sizeof p->note, "%s", note);
}

/* Does a small change of x[ix] move any residual? */
static bool moves(const problem *pb, const gsl_vector *x, size_t ix)
{
	bool moved = false;
	gsl_vector *y = gsl_vector_alloc(x->size);
	gsl_vector *f0 = gsl_vector_alloc(pb->n), *f1 = gsl_vector_alloc(pb->n);
	if (y && f0 && f1) {
		gsl_vector_memcpy(y, x);
		gsl_vector_set(y, ix, gsl_vector_get(x, ix) + 1e-6);
		problem q = *pb;
		if (!lm_fit_residuals(x, &q, f0) && !lm_fit_residuals(y, &q, f1)) {
			gsl_vector_sub(f1, f0);
			moved = gsl_blas_dnrm2(f1) > 0;
		}
	}
	gsl_vector_free(y);
	gsl_vector_free(f0);
	gsl_vector_free(f1);
	return moved;
}

/* What the parameters' errors come from: the solution x, its covariance
 * (NULL: none) and the residual variance var, and every kind's model q at
 * x. */
typedef struct {
	const problem *pb;
	const gsl_vector *x;
	const gsl_matrix *cov;
	double var;
	lm_model_params q[LM_FIT_MAX_KINDS];
} solution;

/* A fitted parameter from x[ix] (a logarithm; issue_thru from two) with
 * its standard error; NAN error where it moves no residual (binds
 * nowhere). */
static void fitted(const solution *sol, size_t ix, bool cost, lm_param *p)
{
	const problem *pb = sol->pb;
	const gsl_vector *x = sol->x;
	const gsl_matrix *cov = sol->cov;
	double var = sol->var;
	/* d value / d x: exp(x) for a logarithm; issue_thru depends on two */
	double g[2] = { exp(gsl_vector_get(x, ix)), 0 };
	size_t gi[2] = { ix, X_ALU_THRU };
	double v = g[0];
	if (ix == X_ISSUE_THRU) {
		double alu_thru = exp(gsl_vector_get(x, X_ALU_THRU));
		v = alu_thru * (1 + g[0]);
		g[0] = alu_thru * exp(gsl_vector_get(x, ix));
		g[1] = v;
	}
	if (cost) {
		v = cost_of(gsl_vector_get(x, ix));
		g[0] = cost_slope(gsl_vector_get(x, ix));
	}
	double c = 0;
	for (int a = 0; a < 2; a++)
		for (int b = 0; b < 2; b++)
			c += cov ? g[a] * g[b] * gsl_matrix_get(cov, gi[a], gi[b]) : NAN;
	double se = moves(pb, x, ix) ? sqrt(c * var) : NAN;
	/* an infinite or undefined error: the data do not determine it */
	lm_fit_set_param(p, v, isfinite(se) ? se : NAN, LM_PARAM_VALUE,
		  isfinite(se) || isnan(se) ? "fitted" : "fitted; not determined by the data (infinite standard error)");
}

/* mem_thru of kind k: the basic model's knee must lie within the data, and
 * the lowest-alpha curve must have flattened out at its largest occupancy. */
static void check_mem_thru(const problem *pb, const curve *cv, size_t nc, size_t k, lm_param *mt)
{
	const curve *mem = lm_fit_first_curve(cv, nc, k);
	double mem_max = 0;
	for (size_t i = 0; i + 1 < nc; i++)
		if (cv[i].kind == (int)k)
			mem_max = fmax(mem_max, cv[i].max);
	double rise = lm_fit_top_slope_ratio(pb->v, mem);
	char why[LM_PARAMS_TEXT] = "";
	if (pb->model == LM_FIT_BASIC && mt->value > 1.03 * mem_max)
		snprintf(why, sizeof why, "above the highest measured");
	else if (!(mt->std_error < 0.5 * mt->value))
		snprintf(why, sizeof why, "not determined by the data");
	else if (rise > RISING)
		snprintf(why, sizeof why, "alpha = %g curve still rising at %g warps (top slope %.0f%% of the initial)",
			 mem->alpha, pb->v[mem->start + mem->n - 1].warps, 100 * rise);
	if (why[0] && pb->model == LM_FIT_BASIC) {
		char note[LM_PARAMS_TEXT];
		snprintf(note, sizeof note, "memory never saturates: fitted %.4g +- %.2g is %s",
			 mt->value, mt->std_error, why);
		lm_fit_set_param(mt, mem_max, NAN, LM_PARAM_AT_LEAST, note);
	} else if (why[0] && !(mt->value < 100 * mem_max)) {
		char note[LM_PARAMS_TEXT];
		snprintf(note, sizeof note, "not determined: fitted %.3g, far beyond the highest measured", mt->value);
		lm_fit_set_param(mt, mem_max, NAN, LM_PARAM_AT_LEAST, note);
	} else if (why[0]) {
		/* the refined curve only approaches mem_thru, and c was fitted with
		 * this value: keep it, marked as an extrapolation */
		snprintf(mt->note, sizeof mt->note, "extrapolated, memory never saturates: %s (highest measured %.4g)",
			 why, mem_max);
	}
}

/* A latency whose bound (occupancy / latency) binds at no point of its
 * curves: the lowest curve is at its peak from the smallest occupancy on
 * (a CPU, say), so the data show only that the latency is at most
 * n_min / peak (less the adds' share for the memory latency). kind < 0:
 * the arithmetic latency. */
static void check_latency(const problem *pb, const lm_model_params *q, int kind, lm_param *p)
{
	double amin = INFINITY;
	for (size_t i = 0; i < pb->n; i++) {
		const lm_fit_point *pt = &pb->v[i];
		if (kind >= 0 && pt->kind == kind && !isinf(pt->alpha))
			amin = fmin(amin, pt->alpha);
	}
	size_t m = 0;
	double nmin = INFINITY;
	for (size_t i = 0; i < pb->n; i++) {
		const lm_fit_point *pt = &pb->v[i];
		if (kind < 0 ? !isinf(pt->alpha) : pt->kind != kind || pt->alpha != amin)
			continue;
		nmin = fmin(nmin, pt->warps);
		m += lm_model_eval_chains(&q[pt->kind], pt->warps, pt->alpha, chains_of(pt)).bound == LM_BOUND_LATENCY;
	}
	/* the refined model's memory curve has no sharp latency bound to bind */
	bool gradual = kind >= 0 && lm_model_is_refined(&q[kind]);
	if (!isfinite(nmin) || ((m > 0 || gradual) && p->value > 1e-3))
		return;
	const lm_model_params *k = &q[kind < 0 ? 0 : kind];
	double a = kind < 0 ? INFINITY : amin;
	double most = nmin / lm_model_peak(k, a, NULL);
	if (kind >= 0 && amin > 0)
		most -= amin * k->alu_lat;
	char note[LM_PARAMS_TEXT];
	snprintf(note, sizeof note, "latency bound binds at no point: the curve is at its peak from %g warps (fitted %.3g)",
		 nmin, p->value);
	lm_fit_set_param(p, most > 0 ? most : NAN, NAN, most > 0 ? LM_PARAM_AT_MOST : LM_PARAM_MISSING, note);
}

/* The covariance of the solution in w (NULL where there is no memory
 * for it) and the residual variance over the points that count, with
 * the held slots not counted as parameters. */
static gsl_matrix *covariance(const problem *pb, gsl_multifit_nlinear_workspace *w, double *var)
{
	const gsl_vector *f = gsl_multifit_nlinear_residual(w);
	size_t np = gsl_multifit_nlinear_position(w)->size;
	gsl_matrix *cov = gsl_matrix_alloc(np, np);
	double chisq;
	gsl_blas_ddot(f, f, &chisq);
	if (cov)
		gsl_multifit_nlinear_covar(gsl_multifit_nlinear_jac(w), 1e-12, cov);
	np -= pb->L.nheld;
	*var = pb->kept > np ? chisq / (double)(pb->kept - np) : NAN;
	return cov;
}

/* mem_thru of kind k: fitted and checked, or the plateau held in the fit. */
static void report_mem_thru(const solution *sol, const curve *cv, size_t nc, size_t k,
			    lm_param *mt)
{
	const layout *L = &sol->pb->L;
	if (isnan(L->held_thru[k])) {
		fitted(sol, x_mem_thru(L, k), false, mt);
		check_mem_thru(sol->pb, cv, nc, k, mt);
		return;
	}
	char note[LM_PARAMS_TEXT];
	snprintf(note, sizeof note, "measured: the mean of this kind's %d highest points, "
		 "held in the fit", PLATEAU_TOP);
	lm_fit_set_param(mt, L->held_thru[k], L->held_se[k], LM_PARAM_VALUE, note);
}

/* The refined model's chain_lat of kind k. */
static void report_chain_lat(const solution *sol, size_t k, lm_param *c)
{
	fitted(sol, x_chain_lat(&sol->pb->L, k), false, c);
	if (!(c->std_error < c->value)) {
		/* kept as fitted (the model needs it), said to be loose:
		 * without several chains it hardly matters */
		char note[LM_PARAMS_TEXT];
		snprintf(note, sizeof note, "not determined by the data (fitted %.3g +- %.2g): "
			 "no or few multi-chain curves", c->value, c->std_error);
		lm_fit_set_param(c, c->value, c->std_error, LM_PARAM_TIED, note);
	}
}

/* A store kind's own knee, from slot ix. */
static void report_knee(const solution *sol, size_t ix, lm_param *c)
{
	fitted(sol, ix, false, c);
	if (!(c->std_error < 0.5 * c->value)) {
		char note[LM_PARAMS_TEXT];
		snprintf(note, sizeof note, "not determined by the data (fitted %.3g +- %.2g): "
			 "few points near this kind's bounds", c->value, c->std_error);
		lm_fit_set_param(c, c->value, c->std_error, LM_PARAM_TIED, note);
	}
}

/* Kind k's issue cost: tied at one slot where the data leave it open,
 * said so where below one slot or at the limit of the fit. */
static void report_issue_cost(const solution *sol, size_t k, lm_param *c)
{
	fitted(sol, x_cost(&sol->pb->L, k), true, c);
	size_t m = lm_fit_binding_points(sol->pb, sol->q, (int)k, LM_BOUND_ISSUE);
	char note[LM_PARAMS_TEXT];
	if (m == 0 || !(c->std_error < 0.5 * c->value)) {
		snprintf(note, sizeof note, "not determined: the issue bound limits %zu points of this kind (fitted %.4g)",
			 m, c->value);
		lm_fit_set_param(c, 1.0, NAN, LM_PARAM_TIED, note);
	} else if (c->value > 0.99 * COST_MAX || c->value < 0.99) {
		snprintf(note, sizeof note, "%s, issue-bound at %zu points",
			 c->value < 0.99 ? "below one slot: the issue bound is not what limits these curves"
					 : "at the limit of the fit", m);
		lm_fit_set_param(c, c->value, c->std_error, LM_PARAM_VALUE, note);
	}
}

/* The memory parameters of kind k. */
static void report_kind(const solution *sol, const curve *cv, size_t nc, size_t k, lm_param *kp)
{
	const layout *L = &sol->pb->L;
	fitted(sol, x_mem_lat(L, k), false, &kp[LM_PARAM_MEM_LAT]);
	check_latency(sol->pb, sol->q, (int)k, &kp[LM_PARAM_MEM_LAT]);
	report_mem_thru(sol, cv, nc, k, &kp[LM_PARAM_MEM_THRU]);
	if (L->refined)
		report_chain_lat(sol, k, &kp[LM_PARAM_CHAIN_LAT]);
	if (L->knee_slot[k] >= 0)
		report_knee(sol, (size_t)L->knee_slot[k], &kp[LM_PARAM_KNEE]);
	if (L->cost)
		report_issue_cost(sol, k, &kp[LM_PARAM_ISSUE_COST]);
}

/* issue_thru >= alu_thru (fit_parts.h): where it binds at no point, the
 * data cannot tell it from alu_thru. */
static void tie_issue_thru(const solution *sol, lm_param *it)
{
	const lm_model_params *q = sol->q;
	size_t m = lm_fit_binding_points(sol->pb, q, -1, LM_BOUND_ISSUE);
	if (m == 0) {
		char note[LM_PARAMS_TEXT];
		snprintf(note, sizeof note, "tied to alu_thru: binds at no point (fitted %.4g), the least value binding nowhere",
			 it->value);
		lm_fit_set_param(it, lm_fit_least_nonbinding(sol->pb, q), NAN, LM_PARAM_TIED, note);
	} else if (!(it->std_error < 0.5 * it->value) || q[0].issue_thru < 1.001 * q[0].alu_thru) {
		/* at its floor: one instruction of any kind per arithmetic slot */
		snprintf(it->note, sizeof it->note, "tied to alu_thru: equal to it, binds at %zu points", m);
		it->kind = LM_PARAM_TIED;
		it->std_error = NAN;
	}
}

/* Standard errors, then the parameters the data leave open as bounds. */
void lm_fit_report_params(const problem *pb, const curve *cv, size_t nc,
			  gsl_multifit_nlinear_workspace *w, lm_fit_result *r)
{
	solution sol = { .pb = pb, .x = gsl_multifit_nlinear_position(w) };
	gsl_matrix *cov = covariance(pb, w, &sol.var);
	sol.cov = cov;
	lm_fit_models_of(sol.x, &pb->L, sol.q);

	for (int i = 0; i < LM_PARAM_COUNT; i++) {
		lm_fit_set_param(&r->p[i], NAN, NAN, LM_PARAM_MISSING, "");
		for (size_t k = 0; k < LM_FIT_MAX_KINDS; k++)
			lm_fit_set_param(&r->kp[k][i], NAN, NAN, LM_PARAM_MISSING, "");
	}
	fitted(&sol, X_ALU_LAT, false, &r->p[LM_PARAM_ALU_LAT]);
	fitted(&sol, X_ALU_THRU, false, &r->p[LM_PARAM_ALU_THRU]);
	fitted(&sol, X_ISSUE_THRU, false, &r->p[LM_PARAM_ISSUE_THRU]);
	check_latency(pb, sol.q, -1, &r->p[LM_PARAM_ALU_LAT]);
	for (size_t k = 0; k < pb->L.nkinds; k++)
		report_kind(&sol, cv, nc, k, r->kp[k]);
	gsl_matrix_free(cov);
	tie_issue_thru(&sol, &r->p[LM_PARAM_ISSUE_THRU]);
	for (int i = 0; i < LM_PARAM_COUNT; i++)
		if (lm_param_per_kind((lm_param_id)i))
			r->p[i] = r->kp[0][i];
}

/* The reported model of kind k: shared parameters and k's memory ones. */
static lm_model_params reported(const lm_fit_result *r, size_t k)
{
	lm_params ps = lm_params_empty();
	memcpy(ps.p, r->p, sizeof r->p);
	for (int i = 0; i < LM_PARAM_COUNT; i++)
		if (lm_param_per_kind((lm_param_id)i))
			ps.p[i] = r->kp[k][i];
	return lm_params_model(&ps);
}

/* Relative errors of the reported model, per curve, per kind and over all. */
void lm_fit_report_errors(const problem *pb, const curve *cv, size_t nc, lm_fit_result *r)
{
	lm_model_params q[LM_FIT_MAX_KINDS];
	double kss[LM_FIT_MAX_KINDS] = { 0 };
	for (size_t k = 0; k < pb->L.nkinds; k++)
		q[k] = reported(r, k);
	double rss = 0;
	r->max = 0;
	for (size_t c = 0; c < nc; c++) {
		lm_fit_curve *k = &r->curve[c];
		double s = 0;
		k->kind = cv[c].kind;
		k->alpha = cv[c].alpha;
		k->points = cv[c].n;
		k->max = 0;
		for (size_t i = cv[c].start; i < cv[c].start + cv[c].n; i++) {
			const lm_fit_point *pt = &pb->v[i];
			double e = (lm_fit_predict(&q[pt->kind], pb->model, pt, 0) - pt->ipc) /
				   pt->ipc;
			s += e * e;
			k->max = fmax(k->max, fabs(e));
		}
		k->rms = sqrt(s / (double)cv[c].n);
		rss += s;
		r->max = fmax(r->max, k->max);
		if (!isinf(cv[c].alpha)) {
			size_t kk = (size_t)cv[c].kind;
			kss[kk] += s;
			r->kind_points[kk] += cv[c].n;
			r->kind_max[kk] = fmax(r->kind_max[kk], k->max);
		}
	}
	for (size_t k = 0; k < pb->L.nkinds; k++)
		r->kind_rms[k] = r->kind_points[k] ? sqrt(kss[k] / (double)r->kind_points[k]) : NAN;
	r->ncurves = nc;
	r->rms = sqrt(rss / (double)pb->n);
	r->aic = (double)pb->n * log(rss / (double)pb->n) + 2.0 * (double)r->nparams;
}

/* Warps needed for 90% and 95% of the peaks, and the cusp (thesis §4.5),
 * from the reported model of the default kind and from its measured
 * curves. */
void lm_fit_report_derived(const lm_fit_point *v, const curve *cv, size_t nc, lm_fit_result *r)
{
	lm_model_params q = reported(r, 0);
	double *d = r->derived;
	static const double frac[2] = { 0.90, 0.95 };
	const curve *mem = lm_fit_first_curve(cv, nc, 0), *alu = &cv[nc - 1];
	if (mem && mem->alpha != 0)
		mem = NULL;
	for (int i = 0; i < 2; i++) {
		d[LM_DERIVED_MEM_WARPS_90_MODEL + i] = lm_model_warps_needed(&q, 0, frac[i]);
		d[LM_DERIVED_ALU_WARPS_90_MODEL + i] = lm_model_warps_needed(&q, INFINITY, frac[i]);
		d[LM_DERIVED_MEM_WARPS_90_DATA + i] =
			mem ? warps_to_reach(v, mem, frac[i] * lm_model_peak(&q, 0, NULL)) : NAN;
		d[LM_DERIVED_ALU_WARPS_90_DATA + i] =
			warps_to_reach(v, alu, frac[i] * lm_model_peak(&q, INFINITY, NULL));
	}
	lm_model_cusp(&q, &d[LM_DERIVED_CUSP_ALPHA_MODEL], &d[LM_DERIVED_CUSP_WARPS_MODEL]);
	d[LM_DERIVED_CUSP_ALPHA_DATA] = d[LM_DERIVED_CUSP_WARPS_DATA] = NAN;
	for (size_t c = 0; c < nc; c++) {
		if (cv[c].kind != 0)
			continue;
		double w = warps_to_reach(v, &cv[c], 0.9 * cv[c].max);
		if (!(w <= d[LM_DERIVED_CUSP_WARPS_DATA])) {
			d[LM_DERIVED_CUSP_WARPS_DATA] = w;
			d[LM_DERIVED_CUSP_ALPHA_DATA] = cv[c].alpha;
		}
	}
	d[LM_DERIVED_RATIO_90_MODEL] = d[LM_DERIVED_MEM_WARPS_90_MODEL] / d[LM_DERIVED_ALU_WARPS_90_MODEL];
	d[LM_DERIVED_RATIO_90_DATA] = d[LM_DERIVED_MEM_WARPS_90_DATA] / d[LM_DERIVED_ALU_WARPS_90_DATA];
	for (int i = 0; i < LM_DERIVED_COUNT; i++)
		if (!isfinite(d[i])) /* unreachable (the refined model's full peak) */
			d[i] = NAN;
}

/* The highest value of what over rows of mix (NULL: any mix) at alpha
 * (den 0: inf; num < 0: any) with at least min_chains chains and, if
 * warps, that many warps per CU; NAN if none. */
typedef enum { DIRECT_MEM_IPC, DIRECT_ALU_IPC, DIRECT_CYCLES } direct_what;

static double direct(const lm_results *res, const char *mix, lm_alpha a, unsigned min_chains,
		     unsigned max_chains, unsigned warps, direct_what what)
{
	double best = NAN;
	for (size_t i = 0; i < res->n; i++) {
		const lm_row *row = &res->v[i].row;
		if ((mix && strcmp(res->v[i].mix, mix) != 0) || row->chains < min_chains ||
		    row->chains > max_chains || (warps && row->warps != warps) ||
		    (a.num >= 0 && (row->alpha.num != a.num || row->alpha.den != a.den)) ||
		    strcmp(row->coresident, "no") == 0)
			continue;
		double x = what == DIRECT_MEM_IPC ? row->mem_ipc
			 : what == DIRECT_ALU_IPC ? row->alu_ipc : row->cycles_per_group;
		if (isfinite(x) && !(x <= best))
			best = x;
	}
	return best;
}

/* One warp's cycles per group of mix (NULL: any) at alpha with one chain:
 * the flag-free reference where the file has one (*how says which), else
 * the one-warp row; NAN if neither. */
double lm_fit_one_warp(const lm_results *res, const char *mix, lm_alpha a, const char **how)
{
	for (int i = 0; mix ? i < 1 : lm_mix_at(i) != NULL; i++) {
		const lm_result *ref = lm_results_find_reference(res, mix ? mix : lm_mix_at(i)->name, a);
		if (ref) {
			*how = "flag-free reference";
			return ref->row.cycles_per_group;
		}
	}
	*how = "measured";
	return direct(res, mix, a, 1, 1, 1, DIRECT_CYCLES);
}

static void add_flag(lm_fit_result *r, const char *fmt, ...)
{
	size_t len = strlen(r->flags);
	if (len + 4 >= sizeof r->flags)
		return;
	if (len) {
		strcat(r->flags, " | ");
		len += 3;
	}
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(r->flags + len, sizeof r->flags - len, fmt, ap);
	va_end(ap);
}

/* Kind name's mem_thru in bytes requested against the stream mix's peak
 * (NAN: not measured); where mem_thru is only a lower bound, that peak
 * goes into its note as the upper one. */
static void check_against_stream(lm_fit_result *r, const char *name, double peak, lm_param *thru)
{
	const double slack = LM_FIT_DIRECT_SLACK;
	const lm_mix *stream = lm_mix_find("stream");
	const lm_mix *mix = lm_mix_find(name);
	/* bytes the lanes of a warp request per instruction: stream's and
	 * this mix's; a local or sfu mix reads no global memory */
	if (!(mix && stream && mix->step == LM_STEP_GLOBAL && isfinite(peak) &&
	      isfinite(thru->value)))
		return;
	double bytes = (double)mix->bytes_per_lane * (double)mix->stride;
	double limit = peak * (double)stream->bytes_per_lane / bytes;
	if (thru->kind == LM_PARAM_VALUE && thru->value > (1 + slack) * limit)
		add_flag(r, "%s mem_thru %.4g is %.0f%% above the stream mix's measured peak (%.4g "
			 "in %s's warp loads)", name, thru->value,
			 100 * (thru->value / limit - 1), limit, name);
	if (thru->kind == LM_PARAM_AT_LEAST) {
		/* whole or not at all: a note cut short is not writable */
		char more[96];
		snprintf(more, sizeof more, ", at most %.4g (stream)", limit);
		if (strlen(thru->note) + strlen(more) < sizeof thru->note)
			strcat(thru->note, more);
		else
			add_flag(r, "%s mem_thru: at most %.4g, the stream mix's peak", name, limit);
	}
}

/* Memory kind k's mem_thru and mem_lat against what its mix measured
 * directly; peak: the stream mix's. */
static void check_kind(const lm_results *res, lm_fit_result *r, size_t k, double peak)
{
	const double slack = LM_FIT_DIRECT_SLACK;
	const lm_alpha zero = { 0, 1 };
	const char *name = r->kind[k][0] ? r->kind[k] : "gmem";
	lm_param *thru = r->nkinds > 1 ? &r->kp[k][LM_PARAM_MEM_THRU] : &r->p[LM_PARAM_MEM_THRU];
	lm_param *lat = r->nkinds > 1 ? &r->kp[k][LM_PARAM_MEM_LAT] : &r->p[LM_PARAM_MEM_LAT];
	check_against_stream(r, name, peak, thru);
	/* a peak below what the mix measured: the model's knee cut a curve
	 * still rising (gmem-stride2 on the H200: 0.0577 fitted, 0.0632
	 * measured at 64 warps) */
	const lm_alpha any = { -1, 1 };
	double got = direct(res, name, any, 1, ~0u, 0, DIRECT_MEM_IPC);
	if (thru->kind == LM_PARAM_VALUE && isfinite(got) && thru->value < (1 - slack) * got)
		add_flag(r, "%s mem_thru %.4g is %.0f%% below the highest memory throughput measured "
			 "(%.4g)", name, thru->value, 100 * (1 - thru->value / got), got);
	const char *how;
	double lat1 = lm_fit_one_warp(res, name, zero, &how);
	if (lat->kind == LM_PARAM_VALUE && isfinite(lat1) && lat->value < (1 - slack) * lat1)
		add_flag(r, "%s mem_lat %.4g is %.0f%% below the one-warp latency at alpha 0 "
			 "(%.4g cycles, %s)", name, lat->value, 100 * (1 - lat->value / lat1), lat1, how);
	/* the refined model's knee takes the queueing: its mem_lat is the
	 * unloaded latency, which one warp measures (the basic model's is
	 * above it, averaged over occupancies where loads queue); a store
	 * mix's is its loads' latency behind the stores' traffic, which one
	 * warp's few stores do not make */
	const lm_mix *mm = lm_mix_find(name);
	if (r->model == LM_FIT_REFINED && !(mm && mm->store_bytes) && lat->kind == LM_PARAM_VALUE &&
	    isfinite(lat1) &&
	    lat->value > (1 + slack) * lat1)
		add_flag(r, "%s mem_lat %.4g is %.0f%% above the one-warp latency at alpha 0 "
			 "(%.4g cycles, %s), which the refined model's should be", name, lat->value,
			 100 * (lat->value / lat1 - 1), lat1, how);
}

/* alu_thru against the highest arithmetic rate measured, alu_lat against
 * one warp's adds. */
static void check_alu(const lm_results *res, lm_fit_result *r)
{
	const double slack = LM_FIT_DIRECT_SLACK;
	const lm_alpha inf = { 1, 0 };
	double alu = direct(res, NULL, inf, 1, ~0u, 0, DIRECT_ALU_IPC);
	const lm_param *at = &r->p[LM_PARAM_ALU_THRU];
	if (at->kind == LM_PARAM_VALUE && isfinite(alu) && at->value > (1 + slack) * alu)
		add_flag(r, "alu_thru %.4g is %.0f%% above the highest arithmetic rate measured (%.4g)",
			 at->value, 100 * (at->value / alu - 1), alu);
	const char *how;
	double add1 = lm_fit_one_warp(res, NULL, inf, &how);
	const lm_param *al = &r->p[LM_PARAM_ALU_LAT];
	if (al->kind == LM_PARAM_VALUE && isfinite(add1) && al->value < (1 - slack) * add1)
		add_flag(r, "alu_lat %.4g is %.0f%% below the one-warp add latency (%.4g cycles, %s)",
			 al->value, 100 * (1 - al->value / add1), add1, how);
	/* adds do not queue: no model's alu_lat exceeds what one warp measures */
	if (al->kind == LM_PARAM_VALUE && isfinite(add1) && al->value > (1 + slack) * add1)
		add_flag(r, "alu_lat %.4g is %.0f%% above the one-warp add latency (%.4g cycles, %s)",
			 al->value, 100 * (al->value / add1 - 1), add1, how);
}

void lm_fit_check(const lm_results *res, lm_fit_result *r)
{
	const lm_alpha zero = { 0, 1 };
	r->flags[0] = '\0';
	double peak = direct(res, "stream", zero, 1, ~0u, 0, DIRECT_MEM_IPC);
	for (size_t k = 0; k < r->nkinds; k++)
		check_kind(res, r, k, peak);
	check_alu(res, r);
}

lm_fit_model lm_fit_prefer(const lm_fit_result *basic, const lm_fit_result *refined,
			   char *why, size_t size)
{
	double gain = basic->aic - refined->aic;
	lm_fit_model m = gain > 2 ? LM_FIT_REFINED : LM_FIT_BASIC;
	snprintf(why, size, "AIC basic %.1f, refined %.1f: %s", basic->aic, refined->aic,
		 m == LM_FIT_REFINED ? "the refined model pays for its parameter"
				     : "the refined model does not pay for its parameter");
	return m;
}

bool lm_fit_cost_pays(const lm_fit_result *without, const lm_fit_result *with, char *why,
		      size_t size)
{
	size_t extra = with->nparams - without->nparams;
	double gain = without->aic - with->aic;
	bool pays = gain > 2.0 * (double)extra;
	snprintf(why, size, "AIC without issue cost %.1f, with %.1f (%zu more parameters): the cost %s",
		 without->aic, with->aic, extra, pays ? "pays for its parameters" : "does not pay");
	return pays;
}

void lm_fit_to_params(const lm_fit_result *r, lm_params *ps)
{
	memcpy(ps->p, r->p, sizeof r->p);
	snprintf(ps->default_kind, sizeof ps->default_kind, "%s", r->kind[0]);
	ps->nkinds = 0;
	for (size_t k = 1; k < r->nkinds && k < LM_PARAMS_MAX_KINDS + 1; k++) {
		lm_params_kind *kd = &ps->kinds[ps->nkinds++];
		snprintf(kd->name, sizeof kd->name, "%s", r->kind[k]);
		memcpy(kd->p, r->kp[k], sizeof kd->p);
	}
	snprintf(ps->model, sizeof ps->model, "%s", lm_fit_model_name(r->model));
	ps->fit_points = (int)r->points;
	ps->fit_rms = r->rms;
	ps->fit_max = r->max;
	if (r->poor)
		snprintf(ps->fit_quality, sizeof ps->fit_quality,
			 "poor: RMS relative error %.1f%%, above %.0f%%: the parameters do not describe the data",
			 100 * r->rms, 100 * LM_FIT_POOR_RMS);
	else
		snprintf(ps->fit_quality, sizeof ps->fit_quality, "good");
	lm_fit_loss_text(r, ps->fit_loss, sizeof ps->fit_loss);
	snprintf(ps->fit_flags, sizeof ps->fit_flags, "%s",
		 r->flags[0] ? r->flags : "consistent with the direct measurements");
	ps->fit_aic = r->aic;
	memcpy(ps->derived, r->derived, sizeof r->derived);
}
