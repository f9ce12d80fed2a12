/* measured.c: the parameters measured directly, not fitted: the stream
 * pairs' misaligned shares, stores alone, L1's lines, the dispatch, the
 * global-memory cache's hit (its latency, its chains' and its bandwidth)
 * and the written mixes' peaks. */
#include "fit/fit_parts.h"
#include "fit/dispatch.h"

#include <gsl/gsl_fit.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

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
			lm_fit_plateau_add(&top, row->mem_ipc);
	}
	return lm_fit_plateau_mean(&top, mean, se);
}

/* Half a row's launches' spread over their median: the standard error its
 * figure is given where one row measures it; NAN without a median. */
static double row_spread(const lm_row *row)
{
	return row->time_med > 0 ? (row->time_max - row->time_min) / (2 * row->time_med) : NAN;
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
		lm_fit_set_param(p, NAN, NAN, LM_PARAM_MISSING, note);
		return;
	}
	double share = a / b;
	snprintf(note, sizeof note, "measured: %s %.4g over %s %.4g warp loads/cycle/CU (each the mean "
		 "of its %d highest points)", shifted, a, aligned, b, PLATEAU_TOP);
	lm_fit_set_param(p, share, share * hypot(sa / a, sb / b), LM_PARAM_VALUE, note);
}

/* A mix's plateau as parameter p (what: said after it in the note), or
 * missing where the mix has too few points. */
static void plateau_param(const lm_results *res, const char *mix, const char *what, lm_param *p)
{
	double a, sa;
	char note[LM_PARAMS_TEXT];
	if (!stream_plateau(res, mix, &a, &sa)) {
		snprintf(note, sizeof note, "not measured: %s needs %d co-resident points", mix, PLATEAU_TOP);
		lm_fit_set_param(p, NAN, NAN, LM_PARAM_MISSING, note);
		return;
	}
	snprintf(note, sizeof note, "measured: %s, the mean of its %d highest points%s", mix, PLATEAU_TOP, what);
	lm_fit_set_param(p, a, sa, LM_PARAM_VALUE, note);
}

/* stream-fill's plateau and its time a pass at one warp (the fastest of
 * its one-warp points; the standard error from its launches' spread). */
static void store_only(const lm_results *res, lm_param *thru, lm_param *step)
{
	static const char mix[] = "stream-fill";
	char note[LM_PARAMS_TEXT];
	plateau_param(res, mix, "", thru);
	const lm_row *one = NULL;
	for (size_t i = 0; i < res->n; i++) {
		const lm_row *row = &res->v[i].row;
		if (strcmp(res->v[i].mix, mix) == 0 && row->warps == 1 && row->mem_ipc > 0 &&
		    isfinite(row->mem_ipc) && (!one || row->mem_ipc > one->mem_ipc))
			one = row;
	}
	if (!one) {
		snprintf(note, sizeof note, "not measured: %s has no point at one warp", mix);
		lm_fit_set_param(step, NAN, NAN, LM_PARAM_MISSING, note);
		return;
	}
	double cycles = 1 / one->mem_ipc;
	double spread = row_spread(one);
	snprintf(note, sizeof note, "measured: %s at one warp (a store a pass, %u passes an iteration)",
		 mix, one->mem_per_iter);
	lm_fit_set_param(step, cycles, cycles * spread, LM_PARAM_VALUE, note);
}

/* L1's lines a cycle: on NVIDIA's GPUs since Volta, L1 and local
 * ("shared") memory are one unit (NVIDIA's Volta and Hopper tuning
 * guides: "combined L1 data cache and shared memory"), which takes a
 * warp's request for one 128-byte line, or one conflict-free local
 * access, a cycle (Nsight Compute's profiling guide counts both as
 * wavefronts of the L1TEX unit). The lmem mix's plateau, a warp's
 * conflict-free local load each, measures that rate. On other vendors
 * local memory is a unit of its own (AMD's LDS) or not known to share
 * L1's rate: not measured. */
static void l1_rate(const lm_results *res, lm_param *p)
{
	static const char mix[] = "lmem";
	double a, sa;
	char note[LM_PARAMS_TEXT];
	if (!strstr(res->vendor, "NVIDIA"))
		snprintf(note, sizeof note, "not measured: local memory is known to be L1's unit, at its "
			 "rate, on NVIDIA's GPUs only (this device's vendor is another)");
	else if (!stream_plateau(res, mix, &a, &sa))
		snprintf(note, sizeof note, "not measured: %s needs %d co-resident points", mix, PLATEAU_TOP);
	else {
		snprintf(note, sizeof note, "measured: %s, the mean of its %d highest points (NVIDIA: local "
			 "memory and L1 one unit, a line a request)", mix, PLATEAU_TOP);
		lm_fit_set_param(p, a, sa, LM_PARAM_VALUE, note);
		return;
	}
	lm_fit_set_param(p, NAN, NAN, LM_PARAM_MISSING, note);
}

/* The global-memory cache's hit: gmem-cache's one warp (its flag-free
 * reference where the file has one), a hit only where it is under
 * CACHE_HIT_SHARE of gmem's one warp taken alike (else the buffer was not
 * held, and no figure is given); its bandwidth stream-cache's plateau. */
#define CACHE_HIT_SHARE 0.8

/* The bytes of gmem-cache's buffer: its '# buffer = mix gmem-cache: N
 * lines' line, lines of a warp's words (its rows' simd_width); NAN where
 * the file does not say. */
static double cache_buffer(const lm_results *res)
{
	static const char head[] = "mix gmem-cache: ";
	double lanes = NAN, lines;
	for (size_t i = 0; i < res->n && !(lanes > 0); i++)
		if (strcmp(res->v[i].mix, "gmem-cache") == 0)
			lanes = res->v[i].row.simd_width;
	for (size_t i = 0; i < res->nmeta; i++)
		if (strcmp(res->meta[i].key, "buffer") == 0 &&
		    strncmp(res->meta[i].value, head, sizeof head - 1) == 0 &&
		    sscanf(res->meta[i].value + sizeof head - 1, "%lf lines", &lines) == 1 && lines > 0)
			return lines * 4 * lanes;
	return NAN;
}

/* The latency a hit gains per doubling of a warp's chains: the least
 * squares slope of gmem-cache's one-warp steps (alpha 0) over log2 of its
 * chains (GSL), from three chain counts or more; missing (saying why)
 * without them or without a hit. */
static void cache_chains(const lm_results *res, bool hit, lm_param *p)
{
	double x[16], y[16];
	size_t n = 0;
	unsigned seen = 0;
	for (size_t i = 0; i < res->n && n < 16; i++) {
		const lm_row *row = &res->v[i].row;
		if (strcmp(res->v[i].mix, "gmem-cache") != 0 || row->warps != 1 || row->alpha.num != 0 ||
		    row->alpha.den == 0 || row->chains < 1 || row->chains > 16 ||
		    strcmp(row->coresident, "no") == 0 || !(row->cycles_per_group > 0))
			continue;
		x[n] = log2(row->chains);
		y[n++] = row->cycles_per_group;
		seen |= 1u << (row->chains - 1);
	}
	double c0, c1, v00, v01, v11, sumsq;
	if (!hit)
		lm_fit_set_param(p, NAN, NAN, LM_PARAM_MISSING, "not measured: no hit's latency (cache_lat)");
	else if (__builtin_popcount(seen) < 3 || gsl_fit_linear(x, 1, y, 1, n, &c0, &c1, &v00, &v01, &v11, &sumsq))
		lm_fit_set_param(p, NAN, NAN, LM_PARAM_MISSING, "not measured: gmem-cache needs one-warp points at "
				 "3 chain counts or more");
	else
		lm_fit_set_param(p, c1, sqrt(v11), LM_PARAM_VALUE, "measured: gmem-cache at one warp, the slope of "
				 "its step over log2 of its chains (least squares)");
}

static void cache_hit(const lm_results *res, lm_param *lat, lm_param *thru, lm_param *bytes, lm_param *chains)
{
	const char *how, *how_dram;
	char note[LM_PARAMS_TEXT];
	double hit = lm_fit_one_warp(res, "gmem-cache", (lm_alpha){ 0, 1 }, &how);
	double dram = lm_fit_one_warp(res, "gmem", (lm_alpha){ 0, 1 }, &how_dram);
	bool alike = strcmp(how, how_dram) == 0;
	if (!(hit > 0))
		snprintf(note, sizeof note, "not measured: gmem-cache has no point at one warp, alpha 0");
	else if (alike && hit >= CACHE_HIT_SHARE * dram)
		snprintf(note, sizeof note, "not a hit: gmem-cache's one warp took %.1f cycles a load, %.0f%% "
			 "of gmem's %.1f (the device's cache did not hold its buffer)", hit, 100 * hit / dram, dram);
	else {
		snprintf(note, sizeof note, "measured: gmem-cache at one warp, alpha 0 (%s)%s", how,
			 alike ? "" : "; gmem's one warp not taken alike, not compared");
		lm_fit_set_param(lat, hit, NAN, LM_PARAM_VALUE, note);
		note[0] = '\0';
	}
	if (note[0])
		lm_fit_set_param(lat, NAN, NAN, LM_PARAM_MISSING, note);
	double a, sa, b = cache_buffer(res);
	cache_chains(res, lat->kind == LM_PARAM_VALUE, chains);
	if (lat->kind == LM_PARAM_VALUE && b > 0)
		lm_fit_set_param(bytes, b, NAN, LM_PARAM_VALUE, "measured: gmem-cache's buffer, as its sweep wrote it");
	else
		lm_fit_set_param(bytes, NAN, NAN, LM_PARAM_MISSING, lat->kind == LM_PARAM_VALUE
			  ? "not measured: the sweep does not say gmem-cache's buffer" : "not measured: no hit's latency");
	if (lat->kind != LM_PARAM_VALUE) {
		snprintf(note, sizeof note, "not measured: no hit's latency (cache_lat)");
		lm_fit_set_param(thru, NAN, NAN, LM_PARAM_MISSING, note);
	} else if (!stream_plateau(res, "stream-cache", &a, &sa)) {
		snprintf(note, sizeof note, "not measured: stream-cache needs %d co-resident points", PLATEAU_TOP);
		lm_fit_set_param(thru, NAN, NAN, LM_PARAM_MISSING, note);
	} else {
		snprintf(note, sizeof note, "measured: stream-cache, the mean of its %d highest points", PLATEAU_TOP);
		lm_fit_set_param(thru, a, sa, LM_PARAM_VALUE, note);
	}
}

/* A local memory load's latency: lmem's one warp, alpha 0 (its
 * flag-free reference where the file has one). */
static void lmem_latency(const lm_results *res, lm_param *p)
{
	const char *how;
	char note[LM_PARAMS_TEXT];
	double lat = lm_fit_one_warp(res, "lmem", (lm_alpha){ 0, 1 }, &how);
	if (!(lat > 0)) {
		lm_fit_set_param(p, NAN, NAN, LM_PARAM_MISSING, "not measured: lmem has no point at one warp, alpha 0");
		return;
	}
	snprintf(note, sizeof note, "measured: lmem at one warp, alpha 0 (%s)", how);
	lm_fit_set_param(p, lat, NAN, LM_PARAM_VALUE, note);
}

/* Groups of more warps than this wait longer for their last (group_wait):
 * a written mix's peak is of its rows in groups of at most as many. */
#define LM_WRITTEN_MOST_WARPS 8

/* A written mix's peak: the mean of its rows' warp loads a cycle in groups
 * of at most LM_WRITTEN_MOST_WARPS (the standard error from their spread,
 * or one row's launches'). */
static void written_peak(const lm_results *res, const char *mix, lm_param *p)
{
	double sum = 0, sq = 0, spread = NAN;
	size_t n = 0;
	for (size_t i = 0; i < res->n; i++) {
		const lm_row *row = &res->v[i].row;
		if (strcmp(res->v[i].mix, mix) != 0 || !(row->mem_ipc > 0) || !isfinite(row->mem_ipc) ||
		    !(row->warps_per_group <= LM_WRITTEN_MOST_WARPS))
			continue;
		sum += row->mem_ipc;
		sq += row->mem_ipc * row->mem_ipc;
		spread = row_spread(row);
		n++;
	}
	char note[LM_PARAMS_TEXT];
	if (!n) {
		snprintf(note, sizeof note, "not measured: no %s row", mix);
		lm_fit_set_param(p, NAN, NAN, LM_PARAM_MISSING, note);
		return;
	}
	double mean = sum / (double)n, var = n > 1 ? (sq - sum * mean) / (double)(n - 1) : NAN;
	double se = n > 1 ? sqrt(fmax(var, 0) / (double)n) : mean * spread;
	snprintf(note, sizeof note, "measured: %s, %s%zu row%s", mix, n > 1 ? "the mean of its " : "", n,
		 n > 1 ? "s" : "");
	lm_fit_set_param(p, mean, se, LM_PARAM_VALUE, note);
}

/* What a warp waits, once ended, for the last of its work-group of `warps`:
 * the mean of written-read's rows of that many warps a group that measured
 * it (group_wait_share). */
static void group_wait(const lm_results *res, unsigned warps, lm_param *p)
{
	double sum = 0, sq = 0;
	size_t n = 0;
	for (size_t i = 0; i < res->n; i++) {
		const lm_row *row = &res->v[i].row;
		if (strcmp(res->v[i].mix, "written-read") != 0 || row->warps_per_group != warps ||
		    !(row->group_wait >= 0) || !isfinite(row->group_wait))
			continue;
		sum += row->group_wait;
		sq += row->group_wait * row->group_wait;
		n++;
	}
	char note[LM_PARAMS_TEXT];
	if (!n) {
		snprintf(note, sizeof note, "not measured: no written-read row of %u warps a group with each warp's "
			 "clock", warps);
		lm_fit_set_param(p, NAN, NAN, LM_PARAM_MISSING, note);
		return;
	}
	double mean = sum / (double)n, var = n > 1 ? (sq - sum * mean) / (double)(n - 1) : NAN;
	snprintf(note, sizeof note, "measured: written-read, groups of %u warps held to 4 a CU or as many as it "
		 "holds, %zu row%s", warps, n, n > 1 ? "s" : "");
	lm_fit_set_param(p, mean, n > 1 ? sqrt(fmax(var, 0) / (double)n) : NAN, LM_PARAM_VALUE, note);
}

void lm_fit_measured(const lm_results *res, lm_fit_result *r)
{
	measured_share(res, "stream-shift", "stream", &r->p[LM_PARAM_MISALIGNED]);
	measured_share(res, "stream-store-shift", "stream-store", &r->p[LM_PARAM_MISALIGNED_STORE]);
	store_only(res, &r->p[LM_PARAM_STORE_THRU], &r->p[LM_PARAM_STORE_STEP]);
	plateau_param(res, "stream-scatter", " (32 sectors a warp store)", &r->p[LM_PARAM_SCATTER_STORE_THRU]);
	lm_fit_dispatch(res, &r->p[LM_PARAM_DISPATCH_THRU], &r->p[LM_PARAM_GROUP_COST]);
	l1_rate(res, &r->p[LM_PARAM_L1_THRU]);
	cache_hit(res, &r->p[LM_PARAM_CACHE_LAT], &r->p[LM_PARAM_CACHE_THRU], &r->p[LM_PARAM_CACHE_BYTES],
		  &r->p[LM_PARAM_CACHE_CHAIN_LAT]);
	lmem_latency(res, &r->p[LM_PARAM_LMEM_LAT]);
	written_peak(res, "written-read", &r->p[LM_PARAM_WRITTEN_READ_THRU]);
	written_peak(res, "written-copy", &r->p[LM_PARAM_WRITTEN_COPY_THRU]);
	for (int i = 0; i < LM_GROUP_WAIT_SIZES; i++)
		group_wait(res, 4u << i, &r->p[LM_PARAM_GROUP_WAIT_4 + i]);
}

