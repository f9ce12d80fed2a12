/* written: the rate of a kernel as people write it, one element a
 * work-item, from the latency-hiding model of its body and the device's
 * work-group dispatch (fit/model.h, lm_model_eval_written). */
#include "fit/model.h"

#include <math.h>

/* A warp's time for one iteration, in cycles, at x warps a CU: the
 * loop's accesses over the rate each warp gets there. */
static double warp_time(const lm_model_params *p, const lm_model_kinds *st, const lm_kernel_mix *k, double x)
{
	double r = lm_model_eval_kernel(p, st, k, x, NULL);
	return r > 0 ? lm_model_kernel_accesses(k) * x / r : INFINITY;
}

double lm_model_eval_written(const lm_model_params *p, const lm_model_kinds *st, const lm_kernel_mix *k,
			     double group_warps, double level, double dispatch_per_cycle, double group_cycles,
			     double *busy, lm_bound *which)
{
	if (busy)
		*busy = NAN;
	if (which)
		*which = LM_BOUND_NONE;
	if (!(group_warps > 0) || !(level > 0) || !(dispatch_per_cycle > 0) || !(group_cycles >= 0) ||
	    !isfinite(group_cycles) || !(lm_model_kernel_accesses(k) > 0))
		return NAN;
	double n = level * group_warps, lo = 0, hi = n;
	/* f(x) = x - n t(x) / (t(x) + g): below 0 near 0, at least 0 at n */
	for (int i = 0; i < 100 && group_cycles > 0; i++) {
		double x = 0.5 * (lo + hi), t = warp_time(p, st, k, x);
		double f = isinf(t) ? x - n : x - n * t / (t + group_cycles);
		if (f < 0)
			lo = x;
		else
			hi = x;
	}
	double ne = group_cycles > 0 ? 0.5 * (lo + hi) : n;
	lm_bound b;
	double rate = lm_model_eval_kernel(p, st, k, ne, &b);
	double cap = dispatch_per_cycle * group_warps * lm_model_kernel_accesses(k);
	if (cap < rate) {
		rate = cap;
		b = LM_BOUND_DISPATCH;
	}
	if (busy)
		*busy = ne;
	if (which)
		*which = b;
	return rate;
}
