#include "fit/fit.h"

#include "base/mix.h"

#include <gsl/gsl_blas.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_multifit_nlinear.h>
#include <gsl/gsl_statistics_double.h>
#include <math.h>
#include <stdarg.h>
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

/* Index of mix among d's kinds; -1 if not one. */
static int kind_of(const lm_fit_data *d, const char *mix)
{
	for (size_t k = 0; k < d->nkinds; k++)
		if (strcmp(d->kind[k], mix) == 0)
			return (int)k;
	return -1;
}

static bool in_results(const lm_results *r, const char *mix)
{
	for (size_t i = 0; i < r->n; i++)
		if (strcmp(r->v[i].mix, mix) == 0)
			return true;
	return false;
}

/* The kinds mix names: "all", or a comma list. */
static lm_status parse_kinds(const lm_results *r, const char *path, const char *mix,
			     lm_fit_data *d)
{
	if (strcmp(mix, "all") == 0) {
		for (int i = 0; lm_mix_at(i); i++) {
			const char *name = lm_mix_at(i)->name;
			if (lm_params_kind_known(name) && in_results(r, name) &&
			    d->nkinds < LM_FIT_MAX_KINDS)
				snprintf(d->kind[d->nkinds++], LM_PARAMS_KIND_NAME, "%s", name);
		}
		if (!d->nkinds)
			return lm_fail(LM_EFIT, "%s: no mix to fit (stream alone is not fitted)", path);
		return LM_OK;
	}
	for (const char *p = mix; ; ) {
		size_t len = strcspn(p, ",");
		char name[LM_PARAMS_KIND_NAME];
		snprintf(name, sizeof name, "%.*s", (int)(len < sizeof name ? len : sizeof name - 1), p);
		if (len == 6 && strncmp(p, "stream", 6) == 0)
			return lm_fail(LM_EUSAGE, "%s: mix stream measures bandwidth directly; it has no chain to fit", path);
		if (len >= sizeof name || !lm_params_kind_known(name))
			return lm_fail(LM_EUSAGE, "--mix '%.*s': not a mix to fit (known: %s, all)", (int)len, p,
				       "gmem, gmem-stride2, gmem-random, lmem, sfu");
		if (kind_of(d, name) >= 0)
			return lm_fail(LM_EUSAGE, "--mix '%s': given twice", name);
		if (d->nkinds == LM_FIT_MAX_KINDS)
			return lm_fail(LM_EUSAGE, "--mix '%s': at most %d kinds", mix, LM_FIT_MAX_KINDS);
		snprintf(d->kind[d->nkinds++], LM_PARAMS_KIND_NAME, "%s", name);
		if (!p[len])
			break;
		p += len + 1;
	}
	return LM_OK;
}

/* Arithmetic-only points do not depend on the mix: those of the main mix
 * serve every mix's fit. Arithmetic with several chains per thread is not
 * fitted: one warp issues at most one instruction per cycle however many
 * independent chains it holds, so k chains are not k warps there; those
 * points measure the arithmetic peak directly instead. */
static bool shared_alu(const lm_result *x)
{
	return !x->row.alpha.den && x->row.chains == 1 && strcmp(x->mix, "gmem") == 0;
}

lm_status lm_fit_data_from_results(const lm_results *r, const char *path, const char *mix,
				   lm_fit_data *out)
{
	lm_fit_data d;
	memset(&d, 0, sizeof d);
	d.path = path;
	lm_status s = parse_kinds(r, path, mix, &d);
	if (s != LM_OK)
		return s;
	if (r->n && !(d.v = malloc(r->n * sizeof *d.v)))
		return lm_fail(LM_ENOMEM, "%s: out of memory", path);
	bool any[LM_FIT_MAX_KINDS] = { false };
	bool cpu = strcmp(r->device_type, "CPU") == 0;
	for (size_t i = 0; i < r->n; i++) {
		const lm_result *x = &r->v[i];
		int k = kind_of(&d, x->mix);
		if (!x->row.alpha.den && x->row.chains > 1)
			continue; /* the arithmetic peak, measured directly */
		if (strcmp(x->row.coresident, "no") == 0) {
			/* fewer warps ran at once than the row's occupancy says: left
			 * out on a GPU; on a CPU, whose runtime always runs
			 * work-groups in turns, what its curves are (the report
			 * says so), kept */
			if (!cpu) {
				d.not_coresident++;
				continue;
			}
			d.kept_not_coresident++;
		}
		if (k < 0 && !shared_alu(x))
			continue;
		if (k >= 0)
			any[k] = true;
		/* k independent chains per thread are k times the occupancy */
		d.v[d.n++] = (lm_fit_point){ lm_alpha_value(x->row.alpha),
					     (double)x->row.warps * (x->row.chains ? x->row.chains : 1),
					     x->row.alpha.den ? x->row.mem_ipc : x->row.alu_ipc, x->line,
					     k < 0 ? 0 : k, x->row.chains ? x->row.chains : 1 };
	}
	for (size_t k = 0; k < d.nkinds && r->n; k++)
		if (!any[k]) {
			free(d.v);
			return lm_fail(LM_EFIT, "%s: no points of mix '%s'%s", path, d.kind[k],
				       d.not_coresident ? " that were co-resident (those not are left out on a GPU)" : "");
		}
	*out = d;
	return LM_OK;
}

void lm_fit_data_free(lm_fit_data *d)
{
	if (d) {
		free(d->v);
		d->v = NULL;
		d->n = 0;
	}
}

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

static double cost_of(double w)
{
	double L = log(COST_MAX);
	return exp(L * tanh(w / L));
}

/* d cost / d w */
static double cost_slope(double w)
{
	double t = tanh(w / log(COST_MAX));
	return cost_of(w) * (1 - t * t);
}

enum { X_ALU_LAT, X_ALU_THRU, X_ISSUE_THRU, X_KINDS };

/* Kinds whose mix stores bend into their bounds more roundly than loads
 * alone (studies/model-study/knee-per-curve.txt): in the refined model they get a
 * knee of their own, held after every kind's slots; the others keep
 * LM_MODEL_KNEE. Such a kind's mem_thru is its measured plateau where its
 * curves flatten (hold_store_plateaus): its slot stays in x, unused. */
typedef struct {
	bool refined, cost;
	size_t nkinds;
	int knee_slot[LM_FIT_MAX_KINDS]; /* x index of kind k's knee; -1: none */
	size_t nknees;
	double held_thru[LM_FIT_MAX_KINDS], held_se[LM_FIT_MAX_KINDS]; /* NAN: fitted */
	size_t nheld;
} layout;

static size_t kind_stride(const layout *L)
{
	return 2 + L->refined + L->cost;
}

static size_t x_mem_lat(const layout *L, size_t k) { return X_KINDS + kind_stride(L) * k; }
static size_t x_mem_thru(const layout *L, size_t k) { return x_mem_lat(L, k) + 1; }
static size_t x_chain_lat(const layout *L, size_t k) { return x_mem_lat(L, k) + 2; }
static size_t x_cost(const layout *L, size_t k) { return x_mem_lat(L, k) + 2 + L->refined; }

static size_t nparams(const layout *L)
{
	return X_KINDS + kind_stride(L) * L->nkinds + L->nknees;
}

/* The layout of a fit of d's kinds: a knee for each kind that stores, in
 * the refined model. */
static layout layout_of(const lm_fit_data *d, lm_fit_model model, bool issue_cost)
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

/* A point's chains per thread (0 counts as 1). */
static double chains_of(const lm_fit_point *pt)
{
	return pt->chains ? pt->chains : 1;
}

/* Group throughput (arithmetic IPC for alpha = inf) at one point. */
static double predict(const lm_model_params *q, lm_fit_model m, const lm_fit_point *pt, double p)
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
} problem;

/* Every kind's model at x. */
static void models_of(const gsl_vector *x, const layout *L, lm_model_params *q)
{
	for (size_t k = 0; k < L->nkinds; k++)
		q[k] = model_of(x, L, k);
}

static int residuals(const gsl_vector *x, void *params, gsl_vector *f)
{
	const problem *pb = params;
	lm_model_params q[LM_FIT_MAX_KINDS];
	models_of(x, &pb->L, q);
	for (size_t i = 0; i < pb->n; i++) {
		const lm_fit_point *pt = &pb->v[i];
		double y = predict(&q[pt->kind], pb->model, pt, pb->p);
		double r = (y - pt->ipc) / pt->ipc;
		if (!isfinite(r))
			return GSL_EDOM;
		if (pb->keep && !pb->keep[i])
			r = 0;
		gsl_vector_set(f, i, pb->robust ? tempered(r) : r);
	}
	return GSL_SUCCESS;
}

/* ---- the data ---- */

typedef struct {
	int kind;        /* 0 for alpha = inf */
	double alpha;
	size_t start, n; /* in the sorted points */
	double max;      /* highest measured IPC */
} curve;

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

/* Is a curve still rising at its largest occupancy? The slope over its top
 * quarter, against the slope ipc / n of its first point: a saturated curve
 * is flat there. */
static double top_slope_ratio(const lm_fit_point *v, const curve *c)
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

#define RISING 0.5 /* top slope above this fraction of the initial: unsaturated */

/* A plateau measured directly: the mean of the PLATEAU_TOP highest
 * throughputs of a set of points. */
#define PLATEAU_TOP 3

typedef struct {
	double top[PLATEAU_TOP];
	size_t n;
} plateau;

static void plateau_add(plateau *p, double ipc)
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
static bool plateau_mean(const plateau *p, double *mean, double *se)
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
static void hold_store_plateaus(layout *L, const lm_fit_point *v, const curve *cv, size_t nc)
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
				plateau_add(&top, v[cv[c].start + i].ipc);
		}
		double mean, se;
		if (high && top_slope_ratio(v, high) <= RISING && plateau_mean(&top, &mean, &se)) {
			L->held_thru[k] = mean;
			L->held_se[k] = se;
			L->nheld++;
		}
	}
}

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

/* ---- the solve ---- */

static lm_status gsl_failure(const char *path, const char *what, int status)
{
	return lm_fail(LM_EFIT, "%s: fit %s: %s", path, what, gsl_strerror(status));
}

/* The lowest-alpha curve of memory kind k; NULL if none. */
static const curve *first_curve(const curve *cv, size_t nc, size_t k)
{
	for (size_t c = 0; c + 1 < nc; c++)
		if (cv[c].kind == (int)k)
			return &cv[c];
	return NULL;
}

/* Starting point from the data (fit.h promises no device constants): the
 * latencies from one warp's cycles per instruction, the throughputs from
 * the plateaus. */
static void start_point(const problem *pb, const curve *cv, size_t nc, gsl_vector *x)
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
		const curve *mem = first_curve(cv, nc, k); /* lowest alpha */
		double mem_lat = v[mem->start].warps / v[mem->start].ipc - mem->alpha * alu_lat;
		if (!(mem_lat > alu_lat))
			mem_lat = v[mem->start].warps / v[mem->start].ipc;
		double mem_thru = mem->max;
		if (top_slope_ratio(v, mem) > RISING)
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
static size_t binding_points(const problem *pb, const lm_model_params *q, int k, lm_bound b)
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
static double least_nonbinding(const problem *pb, const lm_model_params *q)
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
static lm_status solve(problem *pb, const char *path, gsl_vector *x,
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
		models_of(x, &pb->L, q);
		if (stages[s].robust && !binding_points(pb, q, -1, LM_BOUND_ISSUE))
			gsl_vector_set(x, X_ISSUE_THRU, u0);
		lm_status e = run_stage(pb, s, path, x, w, fdf, iterations, converged);
		if (e)
			return e;
	}
	/* Still binding nowhere: alu_thru may have taken issue_thru's place
	 * (where both bend in gradually, in the refined model). Once more from
	 * an issue_thru halfway between alu_thru and the most issue any point
	 * needs; the better of the two is kept. */
	models_of(x, &pb->L, q);
	double need = least_nonbinding(pb, q);
	if (binding_points(pb, q, -1, LM_BOUND_ISSUE) || !(need > (1 + 1e-6) * q[0].alu_thru))
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

static void set_param(lm_param *p, double value, double se, lm_param_kind kind,
		      const char *note)
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
		if (!residuals(x, &q, f0) && !residuals(y, &q, f1)) {
			gsl_vector_sub(f1, f0);
			moved = gsl_blas_dnrm2(f1) > 0;
		}
	}
	gsl_vector_free(y);
	gsl_vector_free(f0);
	gsl_vector_free(f1);
	return moved;
}

/* A fitted parameter from x[ix] (a logarithm; issue_thru from two) with
 * its standard error; NAN error where it moves no residual (binds
 * nowhere). */
static void fitted(const problem *pb, const gsl_vector *x, const gsl_matrix *cov, double var,
		   size_t ix, bool cost, lm_param *p)
{
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
	set_param(p, v, isfinite(se) ? se : NAN, LM_PARAM_VALUE,
		  isfinite(se) || isnan(se) ? "fitted" : "fitted; not determined by the data (infinite standard error)");
}

/* mem_thru of kind k: the basic model's knee must lie within the data, and
 * the lowest-alpha curve must have flattened out at its largest occupancy. */
static void check_mem_thru(const problem *pb, const curve *cv, size_t nc, size_t k, lm_param *mt)
{
	const curve *mem = first_curve(cv, nc, k);
	double mem_max = 0;
	for (size_t i = 0; i + 1 < nc; i++)
		if (cv[i].kind == (int)k)
			mem_max = fmax(mem_max, cv[i].max);
	double rise = top_slope_ratio(pb->v, mem);
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
		set_param(mt, mem_max, NAN, LM_PARAM_AT_LEAST, note);
	} else if (why[0] && !(mt->value < 100 * mem_max)) {
		char note[LM_PARAMS_TEXT];
		snprintf(note, sizeof note, "not determined: fitted %.3g, far beyond the highest measured", mt->value);
		set_param(mt, mem_max, NAN, LM_PARAM_AT_LEAST, note);
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
	set_param(p, most > 0 ? most : NAN, NAN, most > 0 ? LM_PARAM_AT_MOST : LM_PARAM_MISSING, note);
}

/* Standard errors, then the parameters the data leave open as bounds. */
static void report_params(const problem *pb, const curve *cv, size_t nc,
			  gsl_multifit_nlinear_workspace *w, lm_fit_result *r)
{
	const gsl_vector *x = gsl_multifit_nlinear_position(w);
	const gsl_vector *f = gsl_multifit_nlinear_residual(w);
	const gsl_matrix *J = gsl_multifit_nlinear_jac(w);
	const layout *L = &pb->L;
	size_t np = x->size;
	gsl_matrix *cov = gsl_matrix_alloc(np, np);
	double chisq;
	gsl_blas_ddot(f, f, &chisq);
	if (cov)
		gsl_multifit_nlinear_covar(J, 1e-12, cov);
	np -= L->nheld;
	double var = pb->kept > np ? chisq / (double)(pb->kept - np) : NAN;
	lm_model_params q[LM_FIT_MAX_KINDS];
	models_of(x, L, q);

	for (int i = 0; i < LM_PARAM_COUNT; i++) {
		set_param(&r->p[i], NAN, NAN, LM_PARAM_MISSING, "");
		for (size_t k = 0; k < LM_FIT_MAX_KINDS; k++)
			set_param(&r->kp[k][i], NAN, NAN, LM_PARAM_MISSING, "");
	}
	fitted(pb, x, cov, var, X_ALU_LAT, false, &r->p[LM_PARAM_ALU_LAT]);
	fitted(pb, x, cov, var, X_ALU_THRU, false, &r->p[LM_PARAM_ALU_THRU]);
	fitted(pb, x, cov, var, X_ISSUE_THRU, false, &r->p[LM_PARAM_ISSUE_THRU]);
	check_latency(pb, q, -1, &r->p[LM_PARAM_ALU_LAT]);
	for (size_t k = 0; k < L->nkinds; k++) {
		lm_param *kp = r->kp[k];
		fitted(pb, x, cov, var, x_mem_lat(L, k), false, &kp[LM_PARAM_MEM_LAT]);
		check_latency(pb, q, (int)k, &kp[LM_PARAM_MEM_LAT]);
		if (isnan(L->held_thru[k])) {
			fitted(pb, x, cov, var, x_mem_thru(L, k), false, &kp[LM_PARAM_MEM_THRU]);
			check_mem_thru(pb, cv, nc, k, &kp[LM_PARAM_MEM_THRU]);
		} else {
			char note[LM_PARAMS_TEXT];
			snprintf(note, sizeof note, "measured: the mean of this kind's %d highest points, "
				 "held in the fit", PLATEAU_TOP);
			set_param(&kp[LM_PARAM_MEM_THRU], L->held_thru[k], L->held_se[k], LM_PARAM_VALUE, note);
		}
		if (L->refined) {
			lm_param *c = &kp[LM_PARAM_CHAIN_LAT];
			fitted(pb, x, cov, var, x_chain_lat(L, k), false, c);
			if (!(c->std_error < c->value)) {
				/* kept as fitted (the model needs it), said to be loose:
				 * without several chains it hardly matters */
				char note[LM_PARAMS_TEXT];
				snprintf(note, sizeof note, "not determined by the data (fitted %.3g +- %.2g): "
					 "no or few multi-chain curves", c->value, c->std_error);
				set_param(c, c->value, c->std_error, LM_PARAM_TIED, note);
			}
		}
		if (L->knee_slot[k] >= 0) {
			lm_param *c = &kp[LM_PARAM_KNEE];
			fitted(pb, x, cov, var, (size_t)L->knee_slot[k], false, c);
			if (!(c->std_error < 0.5 * c->value)) {
				char note[LM_PARAMS_TEXT];
				snprintf(note, sizeof note, "not determined by the data (fitted %.3g +- %.2g): "
					 "few points near this kind's bounds", c->value, c->std_error);
				set_param(c, c->value, c->std_error, LM_PARAM_TIED, note);
			}
		}
		if (!L->cost)
			continue;
		lm_param *c = &kp[LM_PARAM_ISSUE_COST];
		fitted(pb, x, cov, var, x_cost(L, k), true, c);
		size_t m = binding_points(pb, q, (int)k, LM_BOUND_ISSUE);
		char note[LM_PARAMS_TEXT];
		if (m == 0 || !(c->std_error < 0.5 * c->value)) {
			snprintf(note, sizeof note, "not determined: the issue bound limits %zu points of this kind (fitted %.4g)",
				 m, c->value);
			set_param(c, 1.0, NAN, LM_PARAM_TIED, note);
		} else if (c->value > 0.99 * COST_MAX || c->value < 0.99) {
			snprintf(note, sizeof note, "%s, issue-bound at %zu points",
				 c->value < 0.99 ? "below one slot: the issue bound is not what limits these curves"
						 : "at the limit of the fit", m);
			set_param(c, c->value, c->std_error, LM_PARAM_VALUE, note);
		}
	}
	gsl_matrix_free(cov);

	/* issue_thru >= alu_thru (see above): where it binds at no point, the
	 * data cannot tell it from alu_thru */
	lm_param *it = &r->p[LM_PARAM_ISSUE_THRU];
	size_t m = binding_points(pb, q, -1, LM_BOUND_ISSUE);
	if (m == 0) {
		char note[LM_PARAMS_TEXT];
		snprintf(note, sizeof note, "tied to alu_thru: binds at no point (fitted %.4g), the least value binding nowhere",
			 it->value);
		set_param(it, least_nonbinding(pb, q), NAN, LM_PARAM_TIED, note);
	} else if (!(it->std_error < 0.5 * it->value) || q[0].issue_thru < 1.001 * q[0].alu_thru) {
		/* at its floor: one instruction of any kind per arithmetic slot */
		snprintf(it->note, sizeof it->note, "tied to alu_thru: equal to it, binds at %zu points", m);
		it->kind = LM_PARAM_TIED;
		it->std_error = NAN;
	}
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
static void report_errors(const problem *pb, const curve *cv, size_t nc, lm_fit_result *r)
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
			double e = (predict(&q[pt->kind], pb->model, pt, 0) - pt->ipc) /
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
static void report_derived(const lm_fit_point *v, const curve *cv, size_t nc, lm_fit_result *r)
{
	lm_model_params q = reported(r, 0);
	double *d = r->derived;
	static const double frac[2] = { 0.90, 0.95 };
	const curve *mem = first_curve(cv, nc, 0), *alu = &cv[nc - 1];
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

/* A shortfall beyond which the biweight gives a point less than half the
 * weight of least squares: (1 - (r/k)^2)^2 < 1/2. */
#define DOWNWEIGHTED (SHORTFALL * 0.5412)

/* Points of each curve that the robust loss down-weights at x (the sharp
 * model); the total. */
static size_t count_downweighted(const problem *pb, const gsl_vector *x, const curve *cv,
				 size_t nc, lm_fit_result *r)
{
	lm_model_params q[LM_FIT_MAX_KINDS];
	models_of(x, &pb->L, q);
	size_t total = 0;
	for (size_t c = 0; c < nc; c++) {
		r->curve[c].downweighted = 0;
		for (size_t i = cv[c].start; i < cv[c].start + cv[c].n; i++) {
			const lm_fit_point *pt = &pb->v[i];
			double y = predict(&q[pt->kind], pb->model, pt, 0);
			r->curve[c].downweighted += (y - pt->ipc) / pt->ipc > DOWNWEIGHTED;
		}
		total += r->curve[c].downweighted;
	}
	return total;
}

/* Does the robust loss hide too much? */
static bool robust_untrusted(const lm_fit_result *r, const curve *cv, size_t nc, size_t n)
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
static size_t mark_envelope(const lm_fit_point *v, const curve *cv, size_t nc, unsigned char *keep)
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

lm_status lm_fit_run(const lm_fit_data *d, lm_fit_model model, lm_fit_result *out)
{
	return lm_fit_run_with(d, model, false, out);
}

lm_status lm_fit_run_with(const lm_fit_data *d, lm_fit_model model, bool issue_cost,
			  lm_fit_result *out)
{
	layout L = layout_of(d, model, issue_cost);
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
		if ((s = check_point(d, &d->v[i])) != LM_OK)
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
	qsort(v, d->n, sizeof *v, by_kind_alpha_warps);
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
		if (!first_curve(cv, nc, k)) {
			s = lm_fail(LM_EFIT, "%s: memory kind '%s' has no finite-alpha curve", d->path,
				    d->nkinds ? d->kind[k] : "?");
			goto fail;
		}
	if (nc > LM_FIT_MAX_CURVES) {
		s = lm_fail(LM_EFIT, "%s: %zu curves, at most %d", d->path, nc, LM_FIT_MAX_CURVES);
		goto fail;
	}
	hold_store_plateaus(&L, v, cv, nc);

	/* The refined model describes the approach to its bounds, so a point
	 * below a sharp bound is what it fits, not a shortfall to discount: it
	 * is fitted by least squares throughout (the one-sided loss would lift
	 * its plateaus above the measured ones). */
	bool lsq = model == LM_FIT_REFINED;
	problem pb = { v, d->n, model, L, 0, false, lsq, NULL, d->n };
	gsl_multifit_nlinear_fdf fdf = { .f = residuals, .df = NULL, .fvv = NULL,
					 .n = d->n, .p = np, .params = &pb };
	gsl_multifit_nlinear_parameters par = gsl_multifit_nlinear_default_parameters();
	par.trs = gsl_multifit_nlinear_trs_lm;
	w = gsl_multifit_nlinear_alloc(gsl_multifit_nlinear_trust, &par, d->n, np);
	if (!w) {
		s = lm_fail(LM_ENOMEM, "%s: out of memory", d->path);
		goto fail;
	}
	start_point(&pb, cv, nc, x);
	lm_fit_result r;
	memset(&r, 0, sizeof r);
	r.model = model;
	r.issue_cost = issue_cost;
	r.points = d->n;
	r.nparams = np - L.nheld; /* a held slot is not fitted */
	r.nkinds = L.nkinds;
	for (size_t k = 0; k < d->nkinds; k++)
		snprintf(r.kind[k], sizeof r.kind[k], "%s", d->kind[k]);
	if ((s = solve(&pb, d->path, x, w, &fdf, &r.iterations, &r.converged)) != LM_OK)
		goto fail;
	if (!lsq)
		r.downweighted = count_downweighted(&pb, x, cv, nc, &r);
	if (!lsq && robust_untrusted(&r, cv, nc, d->n)) {
		/* most points short of the model leave the bounds free to float
		 * up: fit the envelope with every point counting instead */
		keep = malloc(d->n);
		if (!keep) {
			s = lm_fail(LM_ENOMEM, "%s: out of memory", d->path);
			goto fail;
		}
		pb.kept = r.envelope_points = mark_envelope(v, cv, nc, keep);
		pb.keep = keep;
		pb.no_robust = true;
		r.robust_dropped = true;
		start_point(&pb, cv, nc, x);
		size_t more = 0;
		if ((s = solve(&pb, d->path, x, w, &fdf, &more, &r.converged)) != LM_OK)
			goto fail;
		r.iterations += more;
	}
	report_params(&pb, cv, nc, w, &r);
	pb.keep = NULL; /* errors against every point measured */
	if (!r.converged)
		for (int i = 0; i < LM_PARAM_COUNT; i++)
			if (r.p[i].kind == LM_PARAM_VALUE)
				snprintf(r.p[i].note, sizeof r.p[i].note,
					 "the solver's last iterate: not converged in %zu iterations", r.iterations);
	report_errors(&pb, cv, nc, &r);
	report_derived(v, cv, nc, &r);
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
static double one_warp(const lm_results *res, const char *mix, lm_alpha a, const char **how)
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

void lm_fit_check(const lm_results *res, lm_fit_result *r)
{
	const double slack = LM_FIT_DIRECT_SLACK;
	const lm_alpha inf = { 1, 0 }, zero = { 0, 1 };
	r->flags[0] = '\0';
	const lm_mix *stream = lm_mix_find("stream");
	double peak = direct(res, "stream", zero, 1, ~0u, 0, DIRECT_MEM_IPC);
	for (size_t k = 0; k < r->nkinds; k++) {
		const char *name = r->kind[k][0] ? r->kind[k] : "gmem";
		const lm_mix *mix = lm_mix_find(name);
		lm_param *thru = r->nkinds > 1 ? &r->kp[k][LM_PARAM_MEM_THRU] : &r->p[LM_PARAM_MEM_THRU];
		lm_param *lat = r->nkinds > 1 ? &r->kp[k][LM_PARAM_MEM_LAT] : &r->p[LM_PARAM_MEM_LAT];
		/* bytes the lanes of a warp request per instruction: stream's and
		 * this mix's; a local or sfu mix reads no global memory */
		if (mix && stream && mix->step == LM_STEP_GLOBAL && isfinite(peak) &&
		    isfinite(thru->value)) {
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
		/* a peak below what the mix measured: the model's knee cut a curve
		 * still rising (gmem-stride2 on the H200: 0.0577 fitted, 0.0632
		 * measured at 64 warps) */
		const lm_alpha any = { -1, 1 };
		double got = direct(res, name, any, 1, ~0u, 0, DIRECT_MEM_IPC);
		if (thru->kind == LM_PARAM_VALUE && isfinite(got) && thru->value < (1 - slack) * got)
			add_flag(r, "%s mem_thru %.4g is %.0f%% below the highest memory throughput measured "
				 "(%.4g)", name, thru->value, 100 * (1 - thru->value / got), got);
		const char *how;
		double lat1 = one_warp(res, name, zero, &how);
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
	double alu = direct(res, NULL, inf, 1, ~0u, 0, DIRECT_ALU_IPC);
	const lm_param *at = &r->p[LM_PARAM_ALU_THRU];
	if (at->kind == LM_PARAM_VALUE && isfinite(alu) && at->value > (1 + slack) * alu)
		add_flag(r, "alu_thru %.4g is %.0f%% above the highest arithmetic rate measured (%.4g)",
			 at->value, 100 * (at->value / alu - 1), alu);
	const char *how;
	double add1 = one_warp(res, NULL, inf, &how);
	const lm_param *al = &r->p[LM_PARAM_ALU_LAT];
	if (al->kind == LM_PARAM_VALUE && isfinite(add1) && al->value < (1 - slack) * add1)
		add_flag(r, "alu_lat %.4g is %.0f%% below the one-warp add latency (%.4g cycles, %s)",
			 al->value, 100 * (1 - al->value / add1), add1, how);
	/* adds do not queue: no model's alu_lat exceeds what one warp measures */
	if (al->kind == LM_PARAM_VALUE && isfinite(add1) && al->value > (1 + slack) * add1)
		add_flag(r, "alu_lat %.4g is %.0f%% above the one-warp add latency (%.4g cycles, %s)",
			 al->value, 100 * (al->value / add1 - 1), add1, how);
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

/* A stream mix's plateau: the mean of its PLATEAU_TOP highest memory
 * throughputs (co-resident points) and that mean's standard error; false
 * with fewer points. */
static bool stream_plateau(const lm_results *res, const char *mix, double *mean, double *se)
{
	plateau top = { { 0 }, 0 };
	for (size_t i = 0; i < res->n; i++) {
		const lm_row *row = &res->v[i].row;
		if (strcmp(res->v[i].mix, mix) == 0 && strcmp(row->coresident, "no") != 0 &&
		    isfinite(row->mem_ipc))
			plateau_add(&top, row->mem_ipc);
	}
	return plateau_mean(&top, mean, se);
}

/* One share: plateau of the shifted mix over its aligned twin's. */
static void measured_share(const lm_results *res, const char *shifted, const char *aligned,
			     lm_param *p)
{
	double a, sa, b, sb;
	char note[LM_PARAMS_TEXT];
	if (!stream_plateau(res, shifted, &a, &sa) || !stream_plateau(res, aligned, &b, &sb)) {
		snprintf(note, sizeof note, "not measured: %s and %s need %d points each", shifted, aligned,
			 PLATEAU_TOP);
		set_param(p, NAN, NAN, LM_PARAM_MISSING, note);
		return;
	}
	double share = a / b;
	snprintf(note, sizeof note, "measured: %s %.4g over %s %.4g warp loads/cycle/CU (each the mean "
		 "of its %d highest points)", shifted, a, aligned, b, PLATEAU_TOP);
	set_param(p, share, share * hypot(sa / a, sb / b), LM_PARAM_VALUE, note);
}

/* stream-fill's plateau and its time a pass at one warp (the fastest of
 * its one-warp points; the standard error from its launches' spread). */
static void store_only(const lm_results *res, lm_param *thru, lm_param *step)
{
	static const char mix[] = "stream-fill";
	double a, sa;
	char note[LM_PARAMS_TEXT];
	if (!stream_plateau(res, mix, &a, &sa)) {
		snprintf(note, sizeof note, "not measured: %s needs %d co-resident points", mix,
			 PLATEAU_TOP);
		set_param(thru, NAN, NAN, LM_PARAM_MISSING, note);
	} else {
		snprintf(note, sizeof note, "measured: %s, the mean of its %d highest points", mix,
			 PLATEAU_TOP);
		set_param(thru, a, sa, LM_PARAM_VALUE, note);
	}
	const lm_row *one = NULL;
	for (size_t i = 0; i < res->n; i++) {
		const lm_row *row = &res->v[i].row;
		if (strcmp(res->v[i].mix, mix) == 0 && row->warps == 1 && row->mem_ipc > 0 &&
		    isfinite(row->mem_ipc) && (!one || row->mem_ipc > one->mem_ipc))
			one = row;
	}
	if (!one) {
		snprintf(note, sizeof note, "not measured: %s has no point at one warp", mix);
		set_param(step, NAN, NAN, LM_PARAM_MISSING, note);
		return;
	}
	double cycles = 1 / one->mem_ipc;
	double spread = one->time_med > 0 ? (one->time_max - one->time_min) / (2 * one->time_med) : NAN;
	snprintf(note, sizeof note, "measured: %s at one warp (a store a pass, %u passes an iteration)",
		 mix, one->mem_per_iter);
	set_param(step, cycles, cycles * spread, LM_PARAM_VALUE, note);
}

void lm_fit_measured(const lm_results *res, lm_fit_result *r)
{
	measured_share(res, "stream-shift", "stream", &r->p[LM_PARAM_MISALIGNED]);
	measured_share(res, "stream-store-shift", "stream-store", &r->p[LM_PARAM_MISALIGNED_STORE]);
	store_only(res, &r->p[LM_PARAM_STORE_THRU], &r->p[LM_PARAM_STORE_STEP]);
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

const char *lm_fit_device_fits(const char *device_type)
{
	/* a CPU's cores hide latency by out-of-order execution and caches, not
	 * by switching warps: every fit of a PoCL sweep missed by 20-54% */
	return strcmp(device_type, "CPU") == 0 ? "a CPU's cores hide latency by out-of-order execution and "
						 "caches, not by switching warps; the report's summary says so"
					       : NULL;
}
