#include "fit/model.h"
#include "base/mix.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>

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
	case LM_BOUND_DISPATCH: return "dispatch_thru";
	case LM_BOUND_L1: return "l1_thru";
	case LM_BOUND_CACHE: return "cache_thru";
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

double lm_model_knee(const lm_model_params *p)
{
	return present(p->knee) ? p->knee : LM_MODEL_KNEE;
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

/* The refined model's knee: the share of the peak reached at
 * r = n / (Latency * peak), (1 - exp(-r^s))^(1/s); r below 1e-8 gives r to
 * double precision. studies/model-study/ says why this shape. */
static double knee_share(double r, double s)
{
	if (!(r > 0))
		return 0;
	if (r < 1e-8)
		return r;
	return pow(-expm1(-pow(r, s)), 1 / s);
}

bool lm_model_is_refined(const lm_model_params *p)
{
	return present(p->chain_lat) && present(p->mem_thru);
}

static bool refined(const lm_model_params *p, double alpha)
{
	return lm_model_is_refined(p) && !isinf(alpha);
}

/* The refined model's step: the basic Latency plus chain_lat per doubling
 * of chains; *sharpness gets the knee's s, the kind's knee x the step over
 * its memory part (the memory part's latency varies, the adds' does not). */
static double refined_step(const lm_model_params *p, double alpha, double chains,
			   double *sharpness)
{
	double mem = p->mem_lat + (chains > 1 ? p->chain_lat * log2(chains) : 0);
	double step = mem + (alpha > 0 ? alpha * p->alu_lat : 0);
	*sharpness = lm_model_knee(p) * step / mem;
	return step;
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

	if (refined(p, alpha) && isfinite(peak)) {
		/* every bound is approached gradually, the more so the larger the
		 * memory latency's share of a step */
		double sharp;
		lat = refined_step(p, alpha, chains, &sharp);
		r.bound = n / lat < peak * (1 - 1e-9) ? LM_BOUND_LATENCY : which; /* the knee names the bound */
		x = peak * knee_share(n / (lat * peak), sharp);
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

double lm_model_step(const lm_model_params *p, double alpha, double chains)
{
	double sharp;
	return refined(p, alpha) ? refined_step(p, alpha, chains, &sharp) : lm_model_latency(p, alpha);
}

double lm_model_warps_needed(const lm_model_params *p, double alpha, double f)
{
	return lm_model_warps_needed_chains(p, alpha, f, 1);
}

double lm_model_warps_needed_chains(const lm_model_params *p, double alpha, double f,
				    double chains)
{
	double peak = lm_model_peak(p, alpha, NULL);
	if (!isfinite(peak) || !(f > 0))
		return INFINITY;
	if (refined(p, alpha)) {
		/* the share f of the peak: r = (-log(1 - f^s))^(1/s) */
		double sharp, lat = refined_step(p, alpha, chains, &sharp);
		if (f >= 1)
			return INFINITY;
		return lat * peak * pow(-log1p(-pow(f, sharp)), 1 / sharp);
	}
	return f * peak * lm_model_latency(p, alpha);
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

void lm_model_in_flight(const lm_model_params *p, double n, double alpha, double chains,
			double *alu, double *mem)
{
	lm_model_point r = lm_model_eval_chains(p, n, alpha, chains);
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

bool lm_model_kinds_add_store(lm_model_kinds *st, double share, const lm_model_params *kind)
{
	if (st->n == LM_MODEL_MAX_STORE_KINDS || !(share > 0) || !isfinite(share))
		return false;
	size_t i = st->n;
	for (size_t j = 0; j < st->n; j++)
		if (st->share[j] == share)
			return false;
	for (; i > 0 && st->share[i - 1] > share; i--) {
		st->share[i] = st->share[i - 1];
		st->kind[i] = st->kind[i - 1];
	}
	st->share[i] = share;
	st->kind[i] = *kind;
	st->n++;
	return true;
}

/* A written mix's gain over the persistent mixes' mem_thru: 1 where
 * either is not known. */
static double written_gain(double written, double persistent)
{
	return written > 0 && persistent > 0 && isfinite(written) && isfinite(persistent) ? written / persistent : 1;
}

bool lm_model_written_loads(const lm_kernel_mix *k)
{
	return k->loads <= LM_MIX_WRITTEN_LOADS;
}

bool lm_model_as_written(const lm_model_params *p, const lm_model_kinds *st, const lm_kernel_mix *k,
			 lm_model_params *pw, lm_model_kinds *sw)
{
	*pw = *p;
	*sw = *st;
	double g = written_gain(st->written_read_thru, p->mem_thru);
	if (g == 1 || !lm_model_written_loads(k))
		return false;
	pw->mem_thru *= g;
	for (size_t i = 0; i < st->n; i++)
		sw->kind[i].mem_thru *= g + fmin(st->share[i], 1) * (1 - g);
	return true;
}

bool lm_model_kinds_cache(const lm_model_kinds *st)
{
	return st && present(st->cache_lat) && present(st->cache_thru);
}

bool lm_model_kinds_scatter(const lm_model_kinds *kinds)
{
	return kinds && present(kinds->scatter.mem_thru);
}

bool lm_model_kinds_store_only(const lm_model_kinds *st)
{
	return st && present(st->store_thru) && present(st->store_step);
}

bool lm_model_kernel_priced(const lm_kernel_mix *k, const lm_model_kinds *st, char *why, size_t n)
{
	if (k->atomics > 0) {
		snprintf(why, n, "%g global atomics an iteration: no mix measures what an atomic costs (it "
			 "turns on how many lanes and warps update one address at once), so latmix does not "
			 "price the loop", k->atomics);
		return false;
	}
	if (k->loads >= 1 || (!(k->loads > 0) && k->stores >= 1 && lm_model_kinds_store_only(st)))
		return true;
	if (!(k->loads > 0) && !(k->stores > 0))
		snprintf(why, n, "no global load or store an iteration: latmix's model describes memory "
			 "accesses");
	else if (k->loads > 0)
		snprintf(why, n, "%g loads an iteration: the model prices whole loads in flight (count the "
			 "loop unrolled until an iteration holds one)", k->loads);
	else if (!(k->stores >= 1))
		snprintf(why, n, "no load and %g stores an iteration: stores alone are priced a whole store "
			 "a pass (count the loop unrolled until an iteration holds one)", k->stores);
	else
		snprintf(why, n, "no global load an iteration, and the file has no store_thru and "
			 "store_step (a sweep with the stream-fill mix, fitted by this latmix, has them): a "
			 "loop that only stores runs at its stores' rate");
	return false;
}

double lm_model_kernel_accesses(const lm_kernel_mix *k)
{
	return k->loads > 0 ? k->loads : k->stores;
}

bool lm_model_kernel_bends_later(const lm_kernel_mix *k)
{
	double loads = k->loads - k->scattered_loads, stores = k->stores - k->scattered_stores;
	return loads >= 1 && stores >= 1 && loads + stores >= 3;
}

static bool store_only(const lm_kernel_mix *k)
{
	return !(k->loads > 0) && k->stores > 0;
}

/* The memory time of sl scattered loads and ss scattered stores of lb and
 * sb bytes a lane: a sector a lane (more past 32 bytes) at the scattered
 * kind's rate, but the sm of those stores whose sectors the warps beside
 * them complete, at stream-scatter's where the file has it; 0 with none. */
static double scattered_time(const lm_model_kinds *st, double sl, double lb, double ss, double sm, double sb)
{
	if (!(sl + ss > 0))
		return 0;
	double merged = present(st->scatter_store_thru) ? fmin(fmax(sm, 0), ss) : 0, per = fmax(1, sb / 32);
	double t = (sl * fmax(1, lb / 32) + (ss - merged) * per) / st->scatter.mem_thru;
	return merged > 0 ? t + merged * per / st->scatter_store_thru : t;
}

/* A kernel's memory in the model: mem_lat of a step (the lines in flight
 * together add chain_lat log2(loads + hits)), the memory bound in loads, and the
 * knee's sharpness it bends with. */
typedef struct {
	double lat, mem_thru, knee;
	bool cache_bound; /* the cache's bandwidth binds its memory time */
	bool all_cached;  /* every load of its step hits the cache: it waits the cache's latency */
	bool scheduled;   /* priced from the machine code's schedule (k->waits: cache hits alone) */
} kernel_mem;

/* The figures of store share s, linear between the two measured shares
 * around it (share 0: the loads' kind p; past the largest, the last two's
 * line continued): latency and a load's memory time 1 / mem_thru (absent
 * where either end's is). The knee is the store kinds' alone, linear
 * between them and held at the nearest outside them: a loop that stores at
 * all bends as the store mixes do, not partway to the loads' knee
 * (studies/model-study/knee-per-curve.txt). */
static kernel_mem store_share(const lm_model_params *p, const lm_model_kinds *st, double s)
{
	kernel_mem r = { p->mem_lat, p->mem_thru, lm_model_knee(p), false, false, false };
	if (!st || !st->n || !(s > 0))
		return r;
	size_t i = 0; /* the segment from knot i to i + 1; knot 0 is p, knot j + 1 st's j-th */
	while (i + 1 < st->n && st->share[i] < s)
		i++;
	const lm_model_params *a = i ? &st->kind[i - 1] : p, *b = &st->kind[i];
	double x0 = i ? st->share[i - 1] : 0, t = (s - x0) / (st->share[i] - x0);
	r.lat = a->mem_lat + t * (b->mem_lat - a->mem_lat);
	r.mem_thru = present(a->mem_thru) && present(b->mem_thru)
			     ? 1 / (1 / a->mem_thru + t * (1 / b->mem_thru - 1 / a->mem_thru))
			     : p->mem_thru;
	size_t j = 0;
	while (j + 1 < st->n && st->share[j + 1] < s)
		j++;
	double lo = lm_model_knee(&st->kind[j]);
	if (j + 1 < st->n && s > st->share[j]) {
		double u = (s - st->share[j]) / (st->share[j + 1] - st->share[j]);
		lo += u * (lm_model_knee(&st->kind[j + 1]) - lo);
	}
	r.knee = lo;
	return r;
}

/* The throughput share a misaligned load keeps at store share s, linear
 * between the stream pairs' at 0 and 1 and held past 1; 0 where either is
 * not known (such a load is then priced as aligned). */
static double misaligned_share(const lm_model_kinds *st, double s)
{
	if (!st || !present(st->misaligned[0]) || !present(st->misaligned[1]))
		return 0;
	double u = fmin(fmax(s, 0), 1);
	return st->misaligned[0] + u * (st->misaligned[1] - st->misaligned[0]);
}

/* Loads of an array the global-memory cache holds (a matmul's B, read by
 * every row), c of the k->loads - sl coalesced ones: their lines come from
 * the cache, so DRAM's time *t covers the rest, and the cache's bandwidth
 * all of them (DRAM's lines pass through it too: loads of them, in a
 * mix's loads); a step whose every load hits waits cache_lat, not
 * mem_lat. Without the cache's figures, priced as DRAM's. */
static void cached_loads(const lm_model_params *p, const lm_model_kinds *st, const lm_kernel_mix *k, double sl,
			 double loads, double *t, kernel_mem *r)
{
	double c = fmin(fmax(k->cache_loads, 0), k->loads - sl);
	if (!(c > 0) || !(loads > 0) || !lm_model_kinds_cache(st))
		return;
	double share = c / (k->loads - sl), tc = loads / st->cache_thru;
	*t *= 1 - share;
	r->cache_bound = tc > *t;
	*t = fmax(*t, tc);
	if (share >= 1 && sl <= 0) {
		r->lat += st->cache_lat - p->mem_lat;
		r->all_cached = true;
	}
}

/* The kernel's memory: its coalesced accesses at their store share (a loop
 * whose every load is scattered pays each coalesced store what a store
 * adds to a load at share 1), its scattered ones at the scattered kind's
 * memory time; the knee of each part weighted by its memory time. */
static kernel_mem kernel_memory(const lm_model_params *p, const lm_model_kinds *st,
				const lm_kernel_mix *k)
{
	double sl = 0, ss = 0;
	if (lm_model_kinds_scatter(st)) {
		sl = fmin(fmax(k->scattered_loads, 0), k->loads);
		ss = fmin(fmax(k->scattered_stores, 0), k->stores);
	}
	/* a coalesced access in a mix's loads (a warp of 4-byte lanes), a
	 * scattered one in sectors a lane */
	double lb = k->load_bytes > 0 ? k->load_bytes : 4, sb = k->store_bytes > 0 ? k->store_bytes : 4;
	if (store_only(k)) {
		/* no memory wait in the step, a sharp knee (lm_model_eval_kernel) */
		kernel_mem r = { 0, NAN, INFINITY, false, false, false };
		if (!lm_model_kinds_store_only(st))
			return r;
		r.mem_thru = k->stores / ((k->stores - ss) * sb / 4 / st->store_thru +
					  scattered_time(st, sl, lb, ss, k->merged_stores, sb));
		return r;
	}
	double loads = (k->loads - sl) * lb / 4, stores = (k->stores - ss) * sb / 4;
	double s = loads > 0 ? stores / loads : 1;
	kernel_mem r = store_share(p, st, s), coalesced = r;
	double t = loads > 0 ? loads / r.mem_thru : stores * (1 / r.mem_thru - 1 / p->mem_thru);
	/* a misaligned load's stream, its stores' share with it, takes 1 / m
	 * the memory time of an aligned one: m as the stream pairs measured it
	 * at the loop's store share */
	double share = misaligned_share(st, s), f = k->loads - sl > 0 ? k->misaligned_loads / (k->loads - sl) : 0;
	if (loads > 0 && f > 0 && share > 0)
		t *= 1 + fmin(f, 1) * (1 / share - 1);
	cached_loads(p, st, k, sl, loads, &t, &r);
	if (t > 0)
		r.mem_thru = k->loads / t;
	if (sl + ss > 0) {
		const lm_model_params *q = &st->scatter;
		double ts = scattered_time(st, sl, lb, ss, k->merged_stores, sb);
		r.mem_thru = k->loads / (t + ts);
		r.knee = (coalesced.knee * t + lm_model_knee(q) * ts) / (t + ts);
		if (loads <= 0 || (sl > 0 && q->mem_lat > r.lat))
			r.lat = q->mem_lat;
	}
	/* a step waits for every line it reads, the hits' too (they are the
	 * lines other iterations load, not yet arrived or in L2), as a chase's
	 * step waits for its chains; their DRAM traffic is counted once, above */
	/* a step whose every load hits the cache gains the cache's chain
	 * latency with its lines in flight, where the file measured it */
	/* a step of cache hits whose machine code was read waits as often as
	 * it says, each wait for its share of the lines (studies/sass-waits:
	 * a naive matmul's first warps within 1-4%, 20-25% fast as the PTX
	 * says; a DRAM step so priced came out 18% slow) */
	r.scheduled = k->waits >= 1 && r.all_cached;
	double w = r.scheduled ? k->waits : 1, lines = (k->loads + fmax(k->hits, 0)) / w;
	double chain = r.all_cached && st && present(st->cache_chain_lat) ? st->cache_chain_lat : p->chain_lat;
	if (present(p->chain_lat) && lines > 1)
		r.lat += chain * log2(lines);
	r.lat *= w;
	return r;
}

bool lm_model_kernel_scheduled(const lm_model_params *p, const lm_model_kinds *st, const lm_kernel_mix *k)
{
	return kernel_memory(p, st, k).scheduled;
}

double lm_model_kernel_peak(const lm_model_params *p, const lm_model_kinds *st,
			    const lm_kernel_mix *k, lm_bound *which)
{
	/* per load (a store-only loop: per store): the iteration's instructions
	 * shared among them */
	kernel_mem km = kernel_memory(p, st, k);
	double per = lm_model_kernel_accesses(k), mem = km.mem_thru;
	if (!present(mem) && store_only(k)) {
		if (which)
			*which = LM_BOUND_NONE;
		return NAN;
	}
	/* L1 answers its lines a cycle whether they hit or go on to L2: a
	 * loop whose loads ask for many lines a warp, most of them hits, is
	 * bound there (a naive matmul's rows of A, one word a row), and so is
	 * one that reads local memory, the same unit's (a tiled product's) */
	double requests = fmax(k->l1_lines, 0) + fmax(k->local, 0);
	double l1 = st && present(st->l1_thru) && requests > 0 ? st->l1_thru * per / requests : NAN;
	double cand[4] = { mem, k->flops > 0 ? p->alu_thru * per / k->flops : NAN, p->issue_thru * per / k->insts,
			   l1 };
	const lm_bound names[4] = { km.cache_bound ? LM_BOUND_CACHE : LM_BOUND_MEM,
				    LM_BOUND_ALU, LM_BOUND_ISSUE, LM_BOUND_L1 };
	double best = INFINITY;
	lm_bound b = LM_BOUND_NONE;
	for (int i = 0; i < 4; i++)
		if (present(cand[i]) && cand[i] < best) {
			best = cand[i];
			b = names[i];
		}
	if (which)
		*which = b;
	return best;
}

/* The step of a loop whose memory is m: its memory wait and alpha adds, or
 * a store-only loop's longer of store_step and the adds. */
static double step_of(const lm_model_params *p, const lm_model_kinds *st, const lm_kernel_mix *k,
		      const kernel_mem *m)
{
	if (store_only(k))
		return fmax(st ? st->store_step : NAN, k->alpha * p->alu_lat);
	return m->lat + (m->scheduled ? k->waits_alpha : k->alpha) * p->alu_lat;
}

double lm_model_kernel_step(const lm_model_params *p, const lm_model_kinds *st,
			    const lm_kernel_mix *k)
{
	kernel_mem m = kernel_memory(p, st, k);
	return step_of(p, st, k, &m);
}

double lm_model_eval_kernel(const lm_model_params *p, const lm_model_kinds *st,
			    const lm_kernel_mix *k, double n, lm_bound *which)
{
	lm_bound b;
	double peak = lm_model_kernel_peak(p, st, k, &b);
	kernel_mem m = kernel_memory(p, st, k);
	double step = step_of(p, st, k, &m);
	double bare = n * lm_model_kernel_accesses(k) / step;
	double got;
	if (lm_model_is_refined(p) && isfinite(peak) && isfinite(m.knee))
		got = peak * knee_share(bare / peak, m.knee * step / m.lat);
	else
		got = bare < peak ? bare : peak;
	if (which)
		*which = bare < peak ? LM_BOUND_LATENCY : b;
	return got;
}

double lm_model_kernel_warps_to(const lm_model_params *p, const lm_model_kinds *st,
				const lm_kernel_mix *k, double rate)
{
	if (!(rate > 0) || !(rate <= lm_model_kernel_peak(p, st, k, NULL)))
		return INFINITY;
	double lo = 0, hi = 1;
	while (lm_model_eval_kernel(p, st, k, hi, NULL) < rate)
		if ((hi *= 2) > 1e7)
			return INFINITY;
	for (int i = 0; i < 60; i++) {
		double mid = (lo + hi) / 2;
		if (lm_model_eval_kernel(p, st, k, mid, NULL) < rate)
			lo = mid;
		else
			hi = mid;
	}
	return hi;
}

double lm_model_kernel_warps(const lm_model_params *p, const lm_model_kinds *st,
			     const lm_kernel_mix *k, double f)
{
	double peak = lm_model_kernel_peak(p, st, k, NULL);
	return isfinite(peak) ? lm_model_kernel_warps_to(p, st, k, f * peak) : INFINITY;
}
