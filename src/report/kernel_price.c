/* kernel_price: a user's kernel's curve as the model predicts it in the
 * report: its count as measured (mix-of/NAME.ini, or an older NAME.txt),
 * the work its description gives (a loop's trip count, elements a
 * work-item), and the rate at each occupancy measured, a grid-stride
 * loop's, a kernel's as written (bounded by dispatch) or a grid-stride
 * loop's around a loop inside. */
#include "report/kernel_parts.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "asm/count.h"
#include "bench/kcount.h"
#include "bench/kernels.h"
#include "bench/userdesc.h"
#include "fit/model.h"

/* The kernel's curve as the model predicts it: its loop counted when it
 * was measured (mix-of/NAME.txt: a "predict:" line, or "latmix kernel:"
 * and the reason it was not counted) through params-kernels.ini. Bytes a
 * second from iterations a second (a grid-stride loop's iteration is an
 * element) at the measured bytes per element. */
/* A count of results measured before latmix wrote counts as INI: the
 * "predict:" and "misaligned" lines of mix-of/NAME.txt (lm_count_print's
 * text), read for those alone. */
static bool legacy_count(const report *rp, kernel_curve *c)
{
	char path[4300], *text = NULL;
	snprintf(path, sizeof path, "%s/mix-of/%s.txt", rp->dir, c->name);
	if (access(path, F_OK) != 0)
		return false;
	if (lm_read_text(path, &text) != LM_OK) {
		snprintf(c->why, sizeof c->why, "%s", lm_error_message());
		lm_error_clear();
		return false;
	}
	const char *p = strstr(text, "\npredict: "), *no = strstr(text, "latmix kernel: ");
	static const char misaligned[] = "\n    misaligned "; /* the count's line (lm_count_print) */
	const char *mis = strstr(text, misaligned);
	if (mis && sscanf(mis + sizeof misaligned - 1, " %u loads, %u stores", &c->misaligned_loads,
			  &c->misaligned_stores) != 2)
		c->misaligned_loads = c->misaligned_stores = 0;
	if (!p && no)
		snprintf(c->why, sizeof c->why, "%.*s", (int)strcspn(no + 15, "\n"), no + 15);
	else if (!p)
		snprintf(c->why, sizeof c->why, "mix-of/%s.txt: no counted loop", c->name);
	else if (!lm_count_parse_predict(p + 10, &c->mix)) {
		/* a count predict would refuse: said, and no figure of it kept */
		snprintf(c->why, sizeof c->why, "mix-of/%s.txt: its predict: line: %s", c->name, lm_error_message());
		lm_error_clear();
		memset(&c->mix, 0, sizeof c->mix);
	}
	free(text);
	return !c->why[0];
}

/* The kernel's count as mix-of/NAME.ini says it (the one INI reader);
 * false, with why said, where there is none to predict from. */
static bool read_count(const report *rp, kernel_curve *c)
{
	char path[4300];
	lm_count_file cf;
	snprintf(path, sizeof path, "%s/mix-of/%s.ini", rp->dir, c->name);
	memset(&c->mix, 0, sizeof c->mix);
	c->misaligned_loads = c->misaligned_stores = 0;
	if (access(path, F_OK) != 0)
		return legacy_count(rp, c);
	if (lm_count_read_ini(path, &cf) != LM_OK) {
		/* a count predict would refuse: said, and no figure of it kept */
		snprintf(c->why, sizeof c->why, "%s", lm_error_message());
		lm_error_clear();
		return false;
	}
	if (!cf.counted) {
		snprintf(c->why, sizeof c->why, "%.255s", cf.reason);
		return false;
	}
	c->mix = cf.mix;
	c->loopless = cf.loopless;
	c->around_counted = cf.around_counted;
	c->nested = cf.nested;
	c->around = cf.around;
	c->unroll = cf.unroll;
	c->work = cf.work;
	c->ptxas_unroll = cf.ptxas_unroll;
	c->arrays = cf.arrays;
	c->dims = cf.dims;
	memcpy(c->rows_counted, cf.rows_counted, sizeof c->rows_counted);
	memcpy(c->rows, cf.rows, sizeof c->rows);
	c->misaligned_loads = (unsigned)cf.mix.misaligned_loads;
	c->misaligned_stores = cf.misaligned_stores;
	return true;
}

/* A kernel's trip count and elements a work-item, as its count file says
 * measure took them from its description (a user's kernel too), else as
 * the suite's description says them (0 and 1 where neither does: a kernel
 * as written one element a work-item). */
static void described_work(kernel_curve *c)
{
	lm_count_work w = c->work;
	if (!(w.trip > 0 || w.items > 0)) {
		/* a suite's name only: a row's name read as a path (x.cl:k) would
		 * open a file a results file names */
		bool suite = c->name[0] &&
			     strspn(c->name, "abcdefghijklmnopqrstuvwxyz0123456789-_") == strlen(c->name);
		lm_user_desc *d = suite ? malloc(sizeof *d) : NULL;
		if (d && lm_user_describe(c->name, NULL, 0, d) == LM_OK && (d->dims || c->nested))
			w = lm_kcount_work_of(d); /* a grid-stride kernel's element is a turn of its loop */
		lm_error_clear(); /* a kernel not of the suite: no trip count known */
		free(d);
	}
	c->trip = w.trip;
	c->items = w.items > 0 ? w.items : 0;
	c->per_item = w.items > 0 ? w.per_item : 1;
}

/* The loads of c's iteration that read arrays the cache holds, as predict
 * takes them (count_cache.c: its count file's loads by argument, their
 * arrays' bytes measure wrote from its description, the launch's
 * work-items and trips, params-kernels.ini's cache_bytes): into its mix. */
static void cached_loads(const report *rp, kernel_curve *c)
{
	lm_count_launch l = { .items = c->as_written ? c->items : 0, .trip = c->trip, .unroll = c->unroll,
			      .ptxas_unroll = c->ptxas_unroll, .loopless = c->loopless };
	c->mix.cache_loads = lm_count_cache_loads(&c->arrays, &c->mix, rp->k_cache_bytes, &l, NULL, &c->cache_whole);
	c->cached = c->mix.cache_loads;
	c->cache_unpriced = c->cached > 0 && !lm_model_kinds_cache(&rp->kkinds);
}

/* Whether a curve can be priced as it ran: a grid-stride loop as counted,
 * a kernel as written where its count is of a body without a loop (one
 * element a work-item: lm_model_eval_written), or of a loop with the body
 * around it and its description gives the trip count
 * (lm_model_eval_written_loop), and the file holds the dispatch; why not
 * in c->why. A loop inside a kernel as written priced as a grid-stride
 * loop would be priced per iteration, not per work-item (a naive matmul
 * came out 130 times its rate). */
static bool as_written_priced(const report *rp, kernel_curve *c)
{
	if (c->as_written || c->nested) /* the elements a work-item runs, and a loop's trips */
		described_work(c);
	if (!c->as_written && c->loopless)
		snprintf(c->why, sizeof c->why, "no loop counted, and measured as a grid-stride kernel");
	else if (c->nested && (c->as_written || !c->around_counted || !(c->trip > 0)))
		snprintf(c->why, sizeof c->why, "its loop lies inside another: %s", c->as_written
			 ? "measured as written, a loop inside a loop is not priced"
			 : !c->around_counted ? "its count (mix-of) does not say what runs around it"
			 : "no trip count known (a suite kernel's description's trip =; for your own kernel, "
			   "latmix predict --trip N)");
	else if (c->as_written && !c->loopless && (!c->around_counted || !(c->trip > 0)))
		snprintf(c->why, sizeof c->why, "measured as written with a loop inside: %s",
			 !c->around_counted ? "its count (mix-of) does not say the body around it: counted before "
					      "latmix counted one"
					    : "no trip count known (a suite kernel's description's trip =; for "
					      "your own kernel, latmix predict --trip N)");
	else if (c->as_written && (!(rp->k_dispatch > 0) || !(rp->k_group >= 0) || !(rp->k_simd > 0) ||
				   !c->row_wg || fmod(c->row_wg, rp->k_simd) != 0))
		snprintf(c->why, sizeof c->why, "measured as written: params-kernels.ini has no dispatch_thru or "
			 "group_cost (a sweep before the dispatch mix), or the work-group is not whole warps");
	return !c->why[0];
}

/* The width of the work-groups a kernel as written of dims dimensions ran
 * in at wg work-items: its rows' shape where they say it, else the shape
 * of that size measure was given (kernels.csv's option.local-size), else
 * latmix's default one; 0 where none is. */
static unsigned group_width(const report *rp, const kernel_curve *c, unsigned dims, unsigned wg)
{
	if (c->row_shape[0])
		return (unsigned)strtoul(c->row_shape, NULL, 10); /* the reader checked it */
	const char *given = NULL;
	for (size_t i = 0; i < rp->kres.nmeta; i++)
		if (!strcmp(rp->kres.meta[i].key, "option.local-size"))
			given = rp->kres.meta[i].value;
	if (!given || !*given) {
		const unsigned *s = lm_user_default_shape_of((int)dims, wg);
		return s ? s[0] : 0;
	}
	unsigned shapes[LM_USER_MAX_LOCALS][LM_USER_MAX_DIMS];
	int n = 0;
	if (lm_user_parse_locals(given, (int)dims, shapes, &n) != LM_OK) {
		lm_error_clear(); /* a list this latmix does not read: no shape known */
		return 0;
	}
	for (int i = 0; i < n; i++)
		if (shapes[i][0] * shapes[i][1] * shapes[i][2] == wg)
			return shapes[i][0];
	return 0;
}

/* The mix a kernel's rows were priced with: as written in work-groups
 * narrower than a warp, its count over rows that wide (a warp over
 * 32 / width rows: nd-transpose's store a sector a row's run of lanes),
 * else its count along x. */
static const lm_kernel_mix *shaped_mix(const report *rp, const kernel_curve *c)
{
	unsigned w = c->as_written && c->dims >= 2 ? group_width(rp, c, c->dims, c->row_wg) : 0;
	for (int i = 0; w && w < 32 && i < LM_COUNT_ROW_WIDTHS; i++)
		if (lm_count_row_width(i) == w && c->rows_counted[i])
			return &c->rows[i];
	return &c->mix;
}

void lm_rp_kernel_predict(const report *rp, kernel_curve *c)
{
	if (!read_count(rp, c))
		return;
	c->mix = *shaped_mix(rp, c); /* what the table and the text say it was priced with */
	if (c->as_written && c->row_wg) { /* and what its groups run once, at their size */
		lm_model_written_in_groups(&c->mix, &rp->kload, &rp->kkinds, c->row_wg, &c->mix);
		lm_model_written_in_groups(&c->around, &rp->kload, &rp->kkinds, c->row_wg, &c->around);
	}
	c->merged_unpriced = c->mix.merged_stores > 0 && !(rp->kkinds.scatter_store_thru > 0);
	const lm_kernel_mix *k = &c->mix;
	if (!rp->has_kparams)
		snprintf(c->why, sizeof c->why, "no params-kernels.ini (latmix run writes it; latmix run --refit fits an existing sweep)");
	else if (c->shapes_differ)
		snprintf(c->why, sizeof c->why, "its rows of %u work-items ran at more than one work-group shape "
			 "(work_group_shape): one curve cannot be priced at both", c->row_wg);
	else if (!lm_model_kernel_priced(k, &rp->kkinds, c->why, sizeof c->why))
		;
	else if (k->loads >= 1 && k->stores > k->scattered_stores && !rp->kkinds.n)
		snprintf(c->why, sizeof c->why, "it stores, and params-kernels.ini has no store kind");
	else if (k->scattered_loads + k->scattered_stores > 0 && !lm_model_kinds_scatter(&rp->kkinds))
		snprintf(c->why, sizeof c->why, "it scatters, and params-kernels.ini has no scattered kind "
			 "(gmem-random)");
	const lm_model_params *mp = &rp->kload;
	double per = c->plateau_elems > 0 ? c->plateau / c->plateau_elems : NAN; /* bytes an element */
	/* elements a second per load (a store-only loop: store) a cycle per CU; a
	 * grid-stride loop's iteration counted runs unroll of its elements */
	double rate = rp->k_rate / lm_model_kernel_accesses(k) * (c->unroll > 1 ? c->unroll : 1);
	if (c->why[0] || !(per > 0) || !(rate > 0)) {
		if (!c->why[0])
			snprintf(c->why, sizeof c->why, "no clock, CU count or SIMD width in params-kernels.ini");
		return;
	}
	unsigned under = lm_count_underflow(mp, &rp->kkinds, k, c->warps, c->n);
	if (under) {
		snprintf(c->why, sizeof c->why, "mix-of/%s.txt: at %u warps per CU the model's rate underflows "
			 "(alpha %g), not drawn as 0", c->name, under, k->alpha);
		return;
	}
	if (!as_written_priced(rp, c))
		return;
	cached_loads(rp, c);
	/* a kernel as written without a loop: its short work-items' loads stay
	 * in the window dispatch keeps (lm_model_as_written) */
	lm_model_params pw;
	lm_model_kinds sw;
	const lm_model_kinds *st = &rp->kkinds;
	if (c->as_written && c->loopless && !c->nested && lm_model_as_written(mp, &rp->kkinds, k, &pw, &sw)) {
		mp = &pw;
		st = &sw;
	}
	double top = 0, sq = 0, gw = c->row_wg / rp->k_simd;
	bool loop = c->as_written && !c->loopless;
	for (size_t j = 0; j < c->n; j++) {
		double tail = c->as_written ? lm_model_wave_share(c->items, c->row_wg, c->warps[j] / gw, rp->k_cus) : 1;
		if (c->nested) /* turns of the grid-stride loop: groups of a warp that never end */
			c->pred[j] = lm_model_eval_written_loop(mp, st, &c->around, k, c->trip / c->unroll, 1,
								c->warps[j], INFINITY, 0, NULL, NULL) *
				     rp->k_rate * per;
		else if (loop) /* warps a cycle a CU, each a work-item a lane */
			c->pred[j] = lm_model_eval_written_loop(mp, st, &c->around, k, c->trip / c->unroll, gw,
								c->warps[j] / gw, rp->k_dispatch, rp->k_group, NULL,
								NULL) *
				     rp->k_rate * c->per_item * per * tail;
		else
			c->pred[j] = (c->as_written ? lm_model_eval_written(mp, st, k, gw, c->warps[j] / gw,
									     rp->k_dispatch, rp->k_group, NULL, NULL) *
							      c->per_item
						    : lm_model_eval_kernel(mp, st, k, c->warps[j], NULL)) *
				     rate * per * tail;
		top = fmax(top, c->pred[j]);
		double e = (c->pred[j] - c->bytes[j]) / c->bytes[j];
		sq += e * e;
	}
	c->rms = c->n ? sqrt(sq / (double)c->n) : NAN;
	c->n90_pred = lm_rp_kernel_reach(c->warps, c->pred, c->n, 0.9 * top);
	c->predicted = true;
	c->l1_unpriced = (k->l1_lines > 0 || k->local > 0) && !(rp->kkinds.l1_thru > 0);
}

