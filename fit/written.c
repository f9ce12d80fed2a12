/* written: the rate of a kernel as people write it, one element a
 * work-item, from the latency-hiding model of its body (and of a loop
 * inside it) and the device's work-group dispatch (fit/model.h,
 * lm_model_eval_written, lm_model_eval_written_loop). */
#include "fit/model.h"

#include <math.h>

/* A warp's time for one iteration of k, in cycles, at x warps a CU: the
 * iteration's accesses over the rate each warp gets there; 0 for a part
 * that touches no global memory (a body whose every access is in its
 * loop: its few instructions are left out beside the loop's). */
static double warp_time(const lm_model_params *p, const lm_model_kinds *st, const lm_kernel_mix *k, double x)
{
	if (!(lm_model_kernel_accesses(k) > 0))
		return 0;
	double r = lm_model_eval_kernel(p, st, k, x, NULL);
	return r > 0 ? lm_model_kernel_accesses(k) * x / r : INFINITY;
}

/* A work-item's time at x warps a CU: its body once and its loop trips
 * times, each as if every warp of the CU ran that part; beside a loop,
 * the body's instructions issue while the other warps' loops wait on
 * memory, so its time is its latency and its memory's, not a share of
 * the issue its loop's warps would contend for (studies/group-barrier:
 * a reduction's tree after a loop, priced so at every occupancy). */
static double item_time(const lm_model_params *p, const lm_model_kinds *st, const lm_kernel_mix *body,
			const lm_kernel_mix *loop, double trips, double x)
{
	if (!loop || !(trips > 0))
		return warp_time(p, st, body, x);
	lm_model_params free_issue = *p;
	free_issue.issue_thru = free_issue.alu_thru = INFINITY;
	return warp_time(&free_issue, st, body, x) + trips * warp_time(p, st, loop, x);
}

double lm_model_group_wait(const lm_model_kinds *st, double group_warps)
{
	if (!st || !(group_warps > 2))
		return 0;
	double doublings = log2(group_warps / 2); /* 1 at 4 warps, 2 at 8 */
	double below = 0, at = 0; /* the last size known under it: 2 warps, none */
	for (int i = 0; i < LM_GROUP_WAIT_SIZES; i++) {
		double w = st->group_wait[i];
		if (!(w > 0))
			continue;
		double d = i + 1;
		if (doublings <= d)
			return at + (w - at) * (doublings - below) / (d - below);
		below = d;
		at = w;
	}
	return at;
}

/* The largest group (warps) whose wait is taken in proportion to how far
 * from full its warps leave the memory (lm_model_eval_written_loop). */
#define LM_WAIT_TAKEN 8

/* The n_e of n warps whose groups idle group_cycles and whose ended warps
 * wait a share `wait` of their time: x = n t(x) / (t(x) (1 + wait) +
 * group_cycles), by halving (below 0 near 0, at least 0 at n); n where
 * nothing idles. */
static double busy_warps(const lm_model_params *p, const lm_model_kinds *st, const lm_kernel_mix *body,
			 const lm_kernel_mix *loop, double trips, double n, double group_cycles, double wait)
{
	if (!(group_cycles > 0) && !(wait > 0))
		return n;
	double lo = 0, hi = n;
	for (int i = 0; i < 100; i++) {
		double x = 0.5 * (lo + hi), t = item_time(p, st, body, loop, trips, x);
		double f = isinf(t) ? x - n : x - n * t / (t * (1 + wait) + group_cycles);
		if (f < 0)
			lo = x;
		else
			hi = x;
	}
	return 0.5 * (lo + hi);
}

double lm_model_eval_written_loop(const lm_model_params *p, const lm_model_kinds *st, const lm_kernel_mix *body,
				  const lm_kernel_mix *loop, double trips, double group_warps, double level,
				  double dispatch_per_cycle, double group_cycles, double *busy, lm_bound *which)
{
	if (busy)
		*busy = NAN;
	if (which)
		*which = LM_BOUND_NONE;
	bool has_loop = loop && lm_model_kernel_accesses(loop) > 0;
	if (!(group_warps > 0) || !(level > 0) || !(dispatch_per_cycle > 0) || !(group_cycles >= 0) ||
	    !isfinite(group_cycles) || (loop && !(trips > 0 && isfinite(trips))) ||
	    !(lm_model_kernel_accesses(body) > 0 || has_loop))
		return NAN;
	/* a loop's warps end as the sum of its many turns, whose times even out:
	 * the wait, measured on 8 loads a work-item, is a loopless kernel's */
	double n = level * group_warps, share = has_loop ? 0 : lm_model_group_wait(st, group_warps);
	double ne = busy_warps(p, st, body, loop, trips, n, group_cycles, 0);
	if (share > 0) {
		/* the wait costs what memory does not bound already: where the
		 * memory is full, a warp waiting for its group's last leaves it as
		 * busy (the written mix reaches its own peak with that wait), so
		 * the share is taken in proportion to how far from full the
		 * warps leave it without it (use: their rate over the most they
		 * reach; lease 13 of studies/read-peak, and the suite's copies at
		 * 64 warps, 7% under their measured top with the whole share).
		 * What a group of more than LM_WAIT_TAKEN warps waits past that
		 * size's wait is taken whole: the suite's copies at 64 warps ran
		 * 6-8% and 16-19% under 8 warps' in groups of 16 and 32 on an
		 * H200, rising in warps to the last, where a read of 8 loads a
		 * work-item, whose memory is full, lost nothing; that excess is
		 * 6-10.5 and 10-18.5 points of a warp's time, much alike across
		 * kernels (studies/group-wait) */
		double far = 1e6 * n, peak = far / item_time(p, st, body, loop, trips, far);
		double use = ne / item_time(p, st, body, loop, trips, ne) / peak;
		double within = lm_model_group_wait(st, fmin(group_warps, LM_WAIT_TAKEN));
		double eff = within * fmax(0, 1 - fmin(use, 1)) + (share - within);
		ne = busy_warps(p, st, body, loop, trips, n, group_cycles, eff);
	}
	double t = item_time(p, st, body, loop, trips, ne);
	double rate = t > 0 ? ne / t : NAN, cap = dispatch_per_cycle * group_warps;
	/* the bound of the part that takes the longer */
	lm_bound b = LM_BOUND_NONE;
	bool loop_longer = has_loop && trips * warp_time(p, st, loop, ne) >= warp_time(p, st, body, ne);
	lm_model_eval_kernel(p, st, loop_longer ? loop : body, ne, &b);
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

double lm_model_wave_share(double items, double group_items, double level, double cus)
{
	double waves = items > 0 && group_items > 0 && level > 0 && cus > 0 ? items / (group_items * level * cus) : 0;
	return waves > 0 && isfinite(waves) ? waves / ceil(waves) : 1;
}

double lm_model_eval_written(const lm_model_params *p, const lm_model_kinds *st, const lm_kernel_mix *k,
			     double group_warps, double level, double dispatch_per_cycle, double group_cycles,
			     double *busy, lm_bound *which)
{
	if (busy)
		*busy = NAN;
	if (which)
		*which = LM_BOUND_NONE;
	if (!(lm_model_kernel_accesses(k) > 0))
		return NAN;
	return lm_model_eval_written_loop(p, st, k, NULL, 0, group_warps, level, dispatch_per_cycle, group_cycles,
					  busy, which) *
	       lm_model_kernel_accesses(k);
}

void lm_model_written_in_groups(const lm_kernel_mix *k, const lm_model_params *p, const lm_model_kinds *st,
				double group_items, lm_kernel_mix *out)
{
	*out = *k;
	if (!(group_items >= 1) || !isfinite(group_items))
		return;
	/* a tree halving from group_items / 2 to 1 turns floor(log2) times */
	double turns = floor(log2(group_items)), wait = st && st->lmem_lat > 0 ? st->lmem_lat : 0;
	double turn = k->tree_insts > 0 && p->alu_lat > 0 ? k->tree_insts + k->tree_waits * wait / p->alu_lat : 0;
	out->alpha += turns * turn;
	out->insts += turns * k->tree_insts;
	if (out->waits >= 1)
		out->waits_alpha += turns * turn;
	out->tree_insts = out->tree_waits = 0;
	/* a lane's store, once a group: a sector, 1 / 32 of a scattered warp's */
	double s = k->group_stores / group_items;
	out->stores += s;
	if (lm_model_kinds_scatter(st))
		out->scattered_stores += s;
	out->group_stores = 0;
}
