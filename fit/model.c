#include "model.h"

#include <math.h>

static bool present(double x)
{
	return isfinite(x) && x > 0;
}

const char *lm_bound_name(lm_bound b)
{
	switch (b) {
	case LM_BOUND_LATENCY: return "latency";
	case LM_BOUND_MEM: return "mem_thru";
	case LM_BOUND_ALU: return "alu_thru";
	case LM_BOUND_ISSUE: return "issue_thru";
	case LM_BOUND_NONE: break;
	}
	return "none";
}

double lm_model_latency(const lm_model_params *p, double alpha)
{
	if (isinf(alpha))
		return p->alu_lat;
	return alpha > 0 ? p->mem_lat + alpha * p->alu_lat : p->mem_lat;
}

double lm_model_issue_cost(const lm_model_params *p)
{
	return present(p->issue_cost) ? p->issue_cost : 1.0;
}

double lm_model_peak(const lm_model_params *p, double alpha, lm_bound *which)
{
	double best = INFINITY;
	lm_bound b = LM_BOUND_NONE;
	/* Candidates in order of preference on ties: memory, arithmetic, issue. */
	double cand[3] = { NAN, NAN, NAN };
	if (isinf(alpha)) {
		cand[1] = p->alu_thru;
		cand[2] = p->issue_thru;
	} else {
		cand[0] = p->mem_thru;
		if (alpha > 0)
			cand[1] = p->alu_thru / alpha;
		cand[2] = p->issue_thru / (alpha + lm_model_issue_cost(p));
	}
	for (int i = 0; i < 3; i++) {
		if (present(cand[i]) && cand[i] < best) {
			best = cand[i];
			b = (lm_bound)(LM_BOUND_MEM + i);
		}
	}
	if (which)
		*which = b;
	return best;
}

/* The refined model's knee: the share of the memory peak reached at
 * r = n / (Latency * mem_thru), (1 - exp(-r^2))^(1/2); r below 1e-8 gives r
 * to double precision. data/model-study/ says why this shape. */
static double knee_share(double r)
{
	if (!(r > 0))
		return 0;
	if (r < 1e-8)
		return r;
	return sqrt(-expm1(-r * r));
}

static bool refined(const lm_model_params *p, double alpha)
{
	return present(p->chain_lat) && present(p->mem_thru) && !isinf(alpha);
}

lm_model_point lm_model_eval(const lm_model_params *p, double n, double alpha)
{
	return lm_model_eval_chains(p, n, alpha, 1);
}

lm_model_point lm_model_eval_chains(const lm_model_params *p, double n, double alpha,
				    double chains)
{
	lm_model_point r = { 0, 0, LM_BOUND_LATENCY };
	lm_bound which;
	double peak = lm_model_peak(p, alpha, &which);
	double lat = lm_model_latency(p, alpha);
	double x = n / lat;

	if (refined(p, alpha)) {
		/* Memory saturates gradually; arithmetic and issue stay sharp. */
		if (chains > 1)
			lat += p->chain_lat * log2(chains);
		double xm = p->mem_thru * knee_share(n / (lat * p->mem_thru));
		lm_model_params q = *p;
		q.mem_thru = NAN;
		lm_bound other;
		double cap = lm_model_peak(&q, alpha, &other);
		x = xm;
		r.bound = LM_BOUND_MEM;
		if (cap < x) {
			x = cap;
			r.bound = other;
		}
	} else if (peak <= x * (1 + 1e-9)) { /* at the knee, name the bound */
		x = peak;
		r.bound = which;
	}
	if (isinf(alpha)) {
		r.alu_ipc = x;
	} else {
		r.mem_ipc = x;
		r.alu_ipc = alpha * x;
	}
	return r;
}

double lm_model_warps_needed(const lm_model_params *p, double alpha, double f)
{
	lm_bound which;
	double peak = lm_model_peak(p, alpha, &which);
	double lat = lm_model_latency(p, alpha);
	if (!isfinite(peak) || !(f > 0))
		return INFINITY;
	double x = f * peak;
	if (refined(p, alpha)) {
		/* the share rho of the memory peak: r = (-log(1 - rho^2))^(1/2) */
		double rho = x / p->mem_thru;
		if (rho >= 1)
			return INFINITY;
		return lat * p->mem_thru * sqrt(-log1p(-rho * rho));
	}
	return x * lat;
}

bool lm_model_cusp(const lm_model_params *p, double *alpha, double *warps)
{
	double a = INFINITY;
	if (present(p->mem_thru)) {
		if (present(p->alu_thru))
			a = fmin(a, p->alu_thru / p->mem_thru);
		if (present(p->issue_thru))
			a = fmin(a, fmax(0.0, p->issue_thru / p->mem_thru - lm_model_issue_cost(p)));
	}
	if (!isfinite(a)) {
		*alpha = *warps = NAN;
		return false;
	}
	*alpha = a;
	*warps = lm_model_warps_needed(p, a, 1.0);
	return true;
}

void lm_model_in_flight(const lm_model_params *p, double n, double alpha,
			double *alu, double *mem)
{
	lm_model_point r = lm_model_eval(p, n, alpha);
	*alu = p->alu_lat * r.alu_ipc;
	*mem = isinf(alpha) ? 0.0 : p->mem_lat * r.mem_ipc;
}

double lm_model_guide_estimate(double mem_lat, double instruction_time,
			       double alpha, double *refined)
{
	if (refined)
		*refined = mem_lat / (instruction_time * (alpha + 1)) + 1;
	return mem_lat / (instruction_time * alpha);
}
