/* latmix predict --kernel for a kernel as written (one work-item an
 * element, a loop inside it or none): its rate at each work-group size and
 * each level of groups a CU, bounded by the work-group dispatch the
 * parameter file holds (fit/model.h, lm_model_eval_written_loop), and the
 * local size to use. */
#include "cli/predict_written.h"
#include "base/mix.h"
#include "base/expr.h"
#include "base/number.h"
#include "bench/userdesc.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* the most groups a CU holds where the file does not say: NVIDIA's since
 * Maxwell, 32 (CUDA C Programming Guide, compute capabilities table) */
#define MAX_GROUPS 32
#define MAX_SIZES LM_USER_MAX_LOCALS /* --local-size as measure reads it */
#define MOST_WARPS 64

/* The device's terms in one place: cycles a second, CUs, lanes a warp, the
 * dispatch a cycle and a group's start and end in cycles. */
typedef struct {
	double hz, cus, simd, dispatch, group;
	double bytes;    /* a work-item's bytes, body and loop (the count's) */
	double trips;    /* the loop's iterations a work-item as counted (unrolled: fewer) */
	double per_item; /* the kernel's elements a work-item (its description's; 1 without one) */
	double items;    /* the work-items of its launch at the description's N; 0: not known */
} device_terms;

/* A lane's bytes an iteration of k: its loads' and stores'. */
static double mix_bytes(const lm_kernel_mix *k)
{
	return k->loads * k->load_bytes + k->stores * k->store_bytes;
}

/* The description of --kernel (NULL: none, or not one that reads), in a
 * new one to free(). */
static lm_user_desc *description(const lm_options *o)
{
	lm_user_desc *d = o->kernel ? malloc(sizeof *d) : NULL;
	if (d && lm_user_describe(o->kernel, o->kernel_dir, o->size, d) != LM_OK) {
		free(d);
		d = NULL;
	}
	lm_error_clear(); /* no description is no error here */
	return d;
}

lm_status lm_cli_written_work(const lm_options *o, const lm_count *m, const lm_kernel_mix *k, bool *as_written,
			      lm_cli_written *w)
{
	lm_user_desc *d = description(o);
	bool written = d && d->dims;
	*as_written = m->loopless || o->local_size || o->trip > 0 || written || m->nested;
	*w = (lm_cli_written){ .body = k, .unroll = 1, .grid_stride = m->nested };
	double trip = o->trip;
	if (!(trip > 0) && d && d->trip[0] && lm_expr_eval(d->trip, d->size, &trip) != LM_OK)
		trip = 0;
	free(d);
	if (m->loopless && trip > 0)
		fprintf(stderr, "latmix: %s: no loop over global memory (%u over registers and local memory, each "
			"counted once): its trip count %g is not used\n", m->label, m->once_loops, trip);
	if (m->loopless || !*as_written)
		return LM_OK;
	if (m->nested && (written || o->local_size))
		return lm_fail(LM_EUSAGE, "%s: %s", m->label, written ? "as written (global = in its description), a "
			       "loop inside a loop: not priced" : "a grid-stride loop around a loop inside: its "
			       "rate does not depend on the work-group size (leave out --local-size)");
	if (!(trip > 0))
		return lm_fail(LM_EUSAGE, "%s %s: its trip count, the iterations %s runs, is --trip N or trip = in its "
			       "description's [kernel]", m->label, m->nested ? "is a grid-stride loop around a loop "
			       "inside" : "as written has a loop inside", m->nested ? "a turn of the grid-stride loop"
			       : "a work-item");
	if (!m->rest_counted)
		return lm_fail(LM_EUSAGE, "%s as written has a loop inside, and its listing (%s) does not say what "
			       "runs around it: a PTX listing does (clang's NVPTX build, -d an NVIDIA device)",
			       m->label, m->from);
	*w = (lm_cli_written){ .body = &m->rest, .loop = k, .trip = trip, .unroll = m->unroll ? m->unroll : 1,
			       .grid_stride = m->nested };
	return LM_OK;
}

/* The loads of --kernel's iteration that read arrays the cache holds
 * (lm_count_cache_loads): --arg NAME=cached's, and where the file measured
 * the cache's hits on a buffer (cache_bytes) and the kernel's description
 * gives its launch, each array no larger that the launch reads twice over
 * or more (a naive matmul's B, 4 MiB read by each of its rows); *args the
 * arguments taken as held. */
static double cached_loads(const lm_options *o, const lm_params *ps, const lm_count *m, const lm_kernel_mix *k,
			   unsigned long long *args, bool *whole)
{
	lm_count_launch l = { .trip = o->trip, .unroll = m->unroll, .ptxas_unroll = m->ptxas_unroll,
			      .loopless = m->loopless };
	double per = 1;
	lm_user_desc *d = description(o);
	if (!d || !lm_user_launch_work(d, &l.items, &per))
		l.items = 0;
	if (!(l.trip > 0) && d && d->trip[0] && lm_expr_eval(d->trip, d->size, &l.trip) != LM_OK)
		l.trip = 0;
	free(d);
	lm_error_clear(); /* no description, or no trip count: no array taken as held */
	lm_count_arrays a = lm_count_arrays_of(m);
	return lm_count_cache_loads(&a, k, ps->p[LM_PARAM_CACHE_BYTES].value, &l, args, whole);
}

/* Says where the arrays of m's kernel together are over the buffer the
 * file's cache figures were measured on (cache_bytes) but within
 * CACHE_BAND times it: priced at DRAM's rates, where an H200 ran a copy at
 * the cache's rate, between, or under DRAM's (studies/written-step). */
#define CACHE_BAND 6.0
static void say_working_set(const lm_count *m, double cache_bytes)
{
	lm_count_arrays a = lm_count_arrays_of(m);
	double set = lm_count_working_set(&a);
	if (!(cache_bytes > 0) || !(set > cache_bytes) || set > CACHE_BAND * cache_bytes)
		return;
	fprintf(stderr, "latmix: %s: its arrays together, %.1f MiB, are %.1f times the %.1f MiB the file's cache "
		"figures were measured on: priced at DRAM's rates, which a working set of that size may pass or "
		"miss. On an H200 (that buffer 16.5 MiB) a copy as written ran at the cache's rate up to 32 MiB "
		"together, part way at 40, 14-30%% under DRAM's price from 48 to 80 MiB, and at it from 96 MiB on "
		"(studies/written-step)\n", m->label, set / (1 << 20), set / cache_bytes, cache_bytes / (1 << 20));
}

void lm_cli_cache_loads(const lm_options *o, const lm_params *ps, const lm_model_kinds *st, const lm_count *m,
			lm_kernel_mix *k)
{
	unsigned long long args;
	bool whole;
	say_working_set(m, ps->p[LM_PARAM_CACHE_BYTES].value);
	double held = cached_loads(o, ps, m, k, &args, &whole);
	if (!(held > 0))
		return;
	k->cache_loads = held;
	char which[256] = "";
	for (int i = 0; i < LM_COUNT_MAX_ARGS; i++)
		if (args >> i & 1 && m->arg_loads[i])
			snprintf(which + strlen(which), sizeof which - strlen(which), "%s%d", which[0] ? ", " : "", i);
	if (whole)
		fprintf(stderr, "latmix: %s: its arrays together are no larger than the %.1f MiB the file's cache "
			"figures were measured on: launched again and again, as latmix times a kernel, they stay "
			"in the cache, so its loads are priced as hits (its stores as before, at memory's price); "
			"a kernel launched once on data fresh from memory runs slower than this says\n", m->label,
			ps->p[LM_PARAM_CACHE_BYTES].value / (1 << 20));
	if (lm_model_kinds_cache(st))
		fprintf(stderr, "latmix: %s: %g of its %g loads an iteration read arrays the cache holds (arguments "
			"%s, by position): priced at the file's cache_lat %.0f cycles and cache_thru %.4g, a step "
			"waiting on those alone at cache_lat\n", m->label, k->cache_loads, k->loads, which,
			st->cache_lat, st->cache_thru);
	else
		fprintf(stderr, "latmix: %s: %g of its %g loads an iteration read arrays the cache holds (arguments "
			"%s, by position): priced as DRAM's, as the file has no cache_lat and cache_thru (a "
			"sweep before gmem-cache and stream-cache): the kernel runs faster than this says\n",
			m->label, k->cache_loads, k->loads, which);
}

/* The kernel's elements a work-item as its description counts them (its
 * elements at N over its launch's work-items at N), so that elements_per_s
 * is in its own terms; 1, work-items a second, where it has no description
 * of a launch as written (a listing, FILE.ptx:NAME, a kernel without an
 * .ini), said in *described; the launch's work-items into *launch_items
 * (0 where not described). */
static double elements_per_item(const lm_options *o, bool *described, double *launch_items)
{
	*described = false;
	*launch_items = 0;
	lm_user_desc *d = description(o);
	double per = 1;
	*described = d && lm_user_launch_work(d, launch_items, &per);
	free(d);
	return per;
}

/* A work-item's iterations of w's loop as counted and its bytes, body and
 * loop. */
static void kernel_terms(const lm_cli_written *w, device_terms *d)
{
	d->trips = w->loop ? w->trip / w->unroll : 0;
	d->bytes = mix_bytes(w->body) + (w->loop ? d->trips * mix_bytes(w->loop) : 0);
}

/* The file's dispatch parameters in cycles (a grid-stride kernel's: no
 * dispatch, groups that never end); LM_EUSAGE naming what is missing. */
static lm_status terms_of(const char *path, const lm_params *ps, bool grid_stride, device_terms *d)
{
	double thru = ps->p[LM_PARAM_DISPATCH_THRU].value, cost = ps->p[LM_PARAM_GROUP_COST].value;
	d->hz = ps->clock_mhz * 1e6;
	d->cus = ps->compute_units;
	d->simd = ps->simd_width;
	if (!(d->hz > 0) || !(d->cus > 0) || !(d->simd > 0))
		return lm_fail(LM_EUSAGE, "%s: no clock, CU count or SIMD width: a kernel as written is "
			       "predicted in elements a second", path);
	if (grid_stride) { /* its groups start once and never end */
		d->dispatch = INFINITY;
		d->group = 0;
		return LM_OK;
	}
	if (!(thru > 0) || !(cost >= 0))
		return lm_fail(LM_EUSAGE, "%s has no dispatch_thru or group_cost (a sweep before the dispatch "
			       "mix): a kernel as written, one element a work-item, is bounded by them; latmix "
			       "run measures them", path);
	d->dispatch = thru / ps->clock_mhz; /* groups a microsecond over cycles a microsecond */
	d->group = cost * ps->clock_mhz * 1e-3;
	return LM_OK;
}

/* The work-group shape a kernel of dims dimensions is measured at for
 * size work-items (src/bench/usernd.c's defaults), or size x 1 where none
 * has that size: its lanes along x. */
static void default_shape(unsigned dims, unsigned size, unsigned *shape)
{
	const unsigned *s = dims > 1 ? lm_user_default_shape_of((int)dims, size) : NULL;
	if (s)
		memcpy(shape, s, LM_USER_MAX_DIMS * sizeof *s);
	else
		shape[0] = size, shape[1] = shape[2] = 1;
}

/* The work-group shapes (sizes: their work-items) for a kernel of dims
 * dimensions: --local-size's, shapes (8x4) or sizes (a 2D or 3D kernel's
 * at the shape latmix measures that size at), else 32 to 256; each a whole
 * number of warps. */
static lm_status local_sizes(const lm_options *o, unsigned dims, double simd, unsigned (*shapes)[LM_USER_MAX_DIMS],
			     unsigned *sizes, size_t *n)
{
	static const unsigned dflt[] = { 32, 64, 128, 256 };
	lm_status s = LM_OK;
	int got = 0;
	*n = 0;
	if (o->local_size && strchr(o->local_size, 'x')) {
		if ((s = lm_user_parse_locals(o->local_size, (int)dims, shapes, &got)) != LM_OK)
			return s;
		for (*n = 0; *n < (size_t)got; (*n)++)
			sizes[*n] = shapes[*n][0] * shapes[*n][1] * shapes[*n][2];
	} else if (o->local_size) {
		s = lm_number_uint_list("--local-size", o->local_size, 1024, sizes, MAX_SIZES, n);
	} else {
		for (size_t i = 0; i < 4; i++)
			sizes[(*n)++] = dflt[i];
	}
	for (size_t i = 0; s == LM_OK && i < *n; i++) {
		if (!o->local_size || !strchr(o->local_size, 'x'))
			default_shape(dims, sizes[i], shapes[i]);
		if (!sizes[i] || fmod(sizes[i], simd) != 0)
			return lm_fail(LM_EUSAGE, "--local-size %u: a kernel as written is predicted at whole warps a "
				       "group, multiples of %g work-items", sizes[i], simd);
	}
	return s;
}

/* The mix of kernel k (count m) at a work-group shape: where the group is
 * narrower than a warp, the lanes followed over its rows (lm_count's
 * rows), said on stderr with what it means; else k. LM_EUSAGE where the
 * rows' figures fail lm_count_check. */
static lm_status shape_mix(const lm_count *m, const lm_model_kinds *st, const lm_kernel_mix *k, const unsigned *shape,
			   const char *label, lm_kernel_mix *out)
{
	*out = *k;
	char text[32];
	snprintf(text, sizeof text, m && m->dims == 2 ? "%ux%u" : "%ux%ux%u", shape[0], shape[1], shape[2]);
	if (m && m->dims >= 2 && shape[0] > 32 && shape[0] % 32 && shape[1] * shape[2] > 1)
		fprintf(stderr, "latmix: %s at %s: a warp's lanes over the end of one row and the start of the next "
			"(rows %u wide): followed along x alone\n", label, text, shape[0]);
	if (!m || m->dims < 2 || shape[0] >= 32)
		return LM_OK;
	lm_count *c = malloc(sizeof *c);
	if (!c)
		return lm_fail(LM_ENOMEM, "out of memory");
	if (!lm_count_over_rows(m, shape[0], c)) {
		fprintf(stderr, "latmix: %s at %s: a warp's lanes over rows %u wide, which do not divide its 32: "
			"followed along x alone\n", label, text, shape[0]);
		free(c);
		return LM_OK;
	}
	lm_count_model(c, out);
	/* what the count's rows change is the lanes' figures (and, a body run
	 * once, its wait for their lines): the rest as k's, the cache's loads
	 * the same share of them */
	lm_count_rows_finish(m, k, out);
	out->cache_loads = k->loads > 0 ? k->cache_loads / k->loads * out->loads : 0;
	fprintf(stderr, "latmix: %s at %s: a warp's lanes over %u rows of the group: ", label, text, 32 / shape[0]);
	lm_count_put_predict(stderr, out);
	fputc('\n', stderr);
	if (m->dims > 2 && shape[0] * shape[1] < 32)
		fprintf(stderr, "latmix: %s at %s: a warp's lanes over %u slices along z, taken as one (%%tid.z "
			"is not followed)\n", label, text, 32 / (shape[0] * shape[1]));
	if (c->split_loads + c->split_stores)
		fprintf(stderr, "latmix: %s at %s: %u loads and %u stores whose warp touches a sector for each "
			"row's (column's) run of lanes, more than its bytes fill, priced as that share of a "
			"scattered access (%g and %g of one, a sector a lane)\n", label, text, c->split_loads, c->split_stores,
			c->split_load_sectors, c->split_store_sectors);
	char at[128];
	snprintf(at, sizeof at, "%s at %s", label, text);
	lm_cli_note_merged(at, st, out);
	free(c);
	lm_status s = lm_count_check(out, label);
	return s;
}

double lm_cli_note_merged(const char *label, const lm_model_kinds *st, const lm_kernel_mix *k)
{
	double merged = fmin(k->merged_stores, k->scattered_stores);
	if (merged > 0 && st->scatter_store_thru > 0)
		fprintf(stderr, "latmix: %s: %g of its scattered stores write sectors that the warps of the group's "
			"other rows complete (a transpose's over a 2D group): priced at stream-scatter's rate, "
			"scatter_store_thru %.4g warp stores a cycle per CU of 32 sectors each, which the cache merges "
			"before they go to DRAM. nd-transpose so priced came within 0-3%% of its best at 16x4, 16x8, "
			"32x4 and 32x8 on an H200, and ran up to 1.2 times the price at 16x16 and 8x32, whose groups "
			"write 64 bytes or more of each row of its output (doc/predict.md)\n", label, merged,
			st->scatter_store_thru);
	else if (merged > 0)
		fprintf(stderr, "latmix: %s: %g of its scattered stores write sectors that the warps of the group's "
			"other rows complete: the file has no scatter_store_thru (a sweep before stream-scatter), so "
			"they are priced as gmem-random's loads, a floor: nd-transpose at 16x8 and 16x16 ran "
			"1.7-2.0 times that price at its best on an H200 and an H100 (doc/predict.md)\n", label, merged);
	return st->scatter_store_thru > 0 ? merged : 0;
}

/* --warps as parsed once: the occupancies asked for (given false: none). */
typedef struct {
	bool given;
	unsigned v[1024];
	size_t n;
} warps_asked;

/* The levels (groups a CU) for groups of gw warps: those of --warps that
 * are whole groups, else every level up to 64 warps and most_groups. */
static size_t levels(const warps_asked *w, unsigned gw, unsigned most_groups, unsigned *out, size_t cap)
{
	size_t n = 0;
	if (w->given) {
		for (size_t i = 0; i < w->n && n < cap; i++)
			if (w->v[i] % gw == 0)
				out[n++] = w->v[i] / gw;
		return n;
	}
	for (unsigned l = 1; l <= MOST_WARPS / gw && l <= most_groups && n < cap; l++)
		out[n++] = l;
	return n;
}

/* One work-group size's rows, printed: elements a second (rate) at each
 * level's warps a CU (warps), n of them. */
static void size_rows(const lm_options *o, const warps_asked *w, const lm_model_params *mp,
		      const lm_model_kinds *st, const lm_cli_written *k, const device_terms *d, unsigned wg,
		      double *rate, double *warps, size_t *n)
{
	unsigned gw = (unsigned)(wg / d->simd), lv[1024];
	/* a grid-stride loop's groups never end: no dispatch bounds their level */
	*n = levels(w, gw, k->grid_stride ? MOST_WARPS : MAX_GROUPS, lv, 1024);
	for (size_t i = 0; i < *n; i++) {
		lm_bound b;
		double busy, per_cycle = lm_model_eval_written_loop(mp, st, k->body, k->loop, d->trips, gw, lv[i],
								    d->dispatch, d->group, &busy, &b);
		if (b == LM_BOUND_DISPATCH) /* the groups the CU starts, not the level, set what waits */
			busy = NAN;
		double tail = lm_model_wave_share(d->items, wg, lv[i], d->cus);
		double items_s = per_cycle * d->hz * d->cus * d->simd * tail, elems = items_s * d->per_item;
		rate[i] = elems;
		warps[i] = (double)lv[i] * gw;
		/* no busy warps where the dispatch binds: empty in CSV, "-" in the table */
		char busy_s[32] = "";
		if (!isnan(busy))
			snprintf(busy_s, sizeof busy_s, o->csv ? "%.4g" : "%.1f", busy);
		if (o->csv)
			printf("%g,%u,%u,%.9g,%.9g,%s,%s\n", warps[i], wg, lv[i], elems, items_s * d->bytes, busy_s,
			       lm_bound_name(b));
		else
			printf("%6g %6u %14.4g %10.1f %10s  %s\n", warps[i], lv[i], elems, items_s * d->bytes / 1e9,
			       busy_s[0] ? busy_s : "-", lm_bound_name(b));
	}
}

/* Warps where rate (at warps, n of them) first reaches level, linear
 * between; INFINITY if never. */
static double first_reach(const double *warps, const double *rate, size_t n, double level)
{
	for (size_t i = 0; i < n; i++)
		if (rate[i] >= level)
			return i == 0 ? warps[0]
				      : warps[i - 1] + (warps[i] - warps[i - 1]) * (level - rate[i - 1]) /
							   (rate[i] - rate[i - 1]);
	return INFINITY;
}

/* The rows of one work-group shape (sizes work-items) of kernel k (count
 * m: its counted mix, k's loop or else its body, at that shape) at each
 * level, into rate and warps (n of them); LM_EUSAGE where its mix at that
 * shape cannot be priced. */
static lm_status shape_rows(const lm_options *o, const warps_asked *w, const lm_model_params *mp,
			    const lm_model_kinds *st, const lm_count *m, const lm_cli_written *k, device_terms d,
			    const unsigned *shape, unsigned size, const char *label, double *rate, double *warps,
			    size_t *n)
{
	lm_kernel_mix ks, body;
	lm_cli_written ws = *k;
	lm_status s = shape_mix(m, st, k->loop ? k->loop : k->body, shape, label, &ks);
	if (s != LM_OK)
		return s;
	*(k->loop ? &ws.loop : &ws.body) = &ks;
	/* what its groups run once (counted in what a work-item runs once), at this size */
	if (ws.body) {
		lm_model_written_in_groups(ws.body, mp, st, size, &body);
		ws.body = &body;
	}
	kernel_terms(&ws, &d);
	if (!o->csv && shape[2] > 1)
		printf("work-group %ux%ux%u (%g warps):\n", shape[0], shape[1], shape[2], size / d.simd);
	else if (!o->csv && shape[1] > 1)
		printf("work-group %ux%u (%g warps):\n", shape[0], shape[1], size / d.simd);
	else if (!o->csv)
		printf("work-group %u (%g warps):\n", size, size / d.simd);
	if (!o->csv)
		printf("%6s %6s %14s %10s %10s  %s\n", "warps", "groups", "elements/s", "GB/s", "busy warps", "bound");
	size_rows(o, w, mp, st, &ws, &d, size, rate, warps, n);
	if (!o->csv && *n) {
		double top = 0;
		for (size_t j = 0; j < *n; j++)
			top = fmax(top, rate[j]);
		printf("best %.4g elements/s; warps per CU for 90%% of it: %.1f, for 95%%: %.1f\n", top,
		       first_reach(warps, rate, *n, 0.9 * top), first_reach(warps, rate, *n, 0.95 * top));
		lm_cli_say_w90_range(first_reach(warps, rate, *n, 0.9 * top),
				     first_reach(warps, rate, *n, 0.9 * (1 - LM_CLI_TOP_ERROR) * top),
				     first_reach(warps, rate, *n, 0.9 * (1 + LM_CLI_TOP_ERROR) * top));
	}
	return LM_OK;
}

void lm_cli_say_w90_range(double w90, double lo, double hi)
{
	if (!(w90 > 0) || (lo >= 0.9 * w90 && hi <= 1.1 * w90))
		return;
	printf("  flat near its top: with the best %.0f%% lower or higher, 90%% of it at %.1f to %.1f warps; "
	       "read the figure as that range (doc/predict.md)\n", 100 * LM_CLI_TOP_ERROR, lo, hi);
}

/* The size reaching 95% of the best rate of all with the fewest warps, said. */
static void say_size_to_use(const unsigned *sizes, size_t ns, double (*rate)[1024], double (*warps)[1024],
			    const size_t *n)
{
	double best = 0;
	for (size_t i = 0; i < ns; i++)
		for (size_t j = 0; j < n[i]; j++)
			best = fmax(best, rate[i][j]);
	if (!(best > 0))
		return;
	size_t pick = 0;
	double fewest = INFINITY;
	for (size_t i = 0; i < ns; i++) {
		double w = first_reach(warps[i], rate[i], n[i], 0.95 * best);
		if (w < fewest)
			fewest = w, pick = i;
	}
	if (isfinite(fewest))
		printf("work-group size to use: %u, 95%% of the best rate of all (%.4g elements/s) at %.1f warps per CU\n",
		       sizes[pick], best, fewest);
}

/* The memory figures a kernel as written is priced at (gained: those of
 * lm_model_as_written), said. */
static void say_written_memory(const lm_params *ps, const lm_cli_written *k, bool gained)
{
	const lm_param *r = &ps->p[LM_PARAM_WRITTEN_READ_THRU];
	double mem = ps->p[LM_PARAM_MEM_THRU].value;
	if (gained)
		printf("its reads priced at written-read's %g warp loads/cycle/CU, %+.1f%% over mem_thru %g (less "
		       "with its stores' share, none at a store a load)\n", r->value, 100 * (r->value / mem - 1), mem);
	else if (r->kind != LM_PARAM_VALUE)
		printf("its memory priced at the persistent mixes' rates (the file has no written_read_thru: a sweep "
		       "with the written-read mix measures what kernels as written read)\n");
	else if (k->loop || !lm_model_written_loads(k->body))
		printf("its memory priced at the persistent mixes' rates: its work-items %s (written-read measures %d "
		       "loads a work-item; the kernels measured past it read slower than it, as priced)\n",
		       k->loop ? "loop" : "load more than the written mixes'", LM_MIX_WRITTEN_LOADS);
	else
		printf("its memory priced at the persistent mixes' rates: written-read's %g warp loads/cycle/CU gains "
		       "nothing over mem_thru %g\n", r->value, mem);
}

/* What a group's warps wait for its last, as the file has it, said. */
static void say_group_wait(const lm_params *ps)
{
	char w[LM_GROUP_WAIT_SIZES][48];
	int known = 0, largest = 0;
	for (int i = 0; i < LM_GROUP_WAIT_SIZES; i++) {
		const lm_param *p = &ps->p[LM_PARAM_GROUP_WAIT_4 + i];
		snprintf(w[i], sizeof w[i], "not measured");
		if (p->kind == LM_PARAM_VALUE) {
			snprintf(w[i], sizeof w[i], "%.1f%%", 100 * p->value);
			known++;
			largest = 4 << i;
		}
	}
	if (!known) {
		printf("a warp priced as free once it ends, whatever its group (the file has no group_wait_4 to "
		       "group_wait_32: a sweep of written-read on a device whose kernels read a clock measures what "
		       "a group's warps wait for its last)\n");
		return;
	}
	printf("a warp of a group of 4 warps waits %s of its time for its group's last, of 8 %s, of 16 %s, of 32 %s "
	       "(group_wait_4 to group_wait_32; none at 2 or fewer, %d's past %d; 8 warps' share taken as far as the "
	       "memory is from full, a larger group's more than that whole)\n", w[0], w[1], w[2], w[3], largest,
	       largest);
}

/* The table's first line: what a work-item runs and the file's dispatch;
 * for a kernel as written, the memory figures it is priced at. */
static void say_header(const char *label, const char *path, const lm_params *ps, const lm_model_params *mp,
		       const lm_cli_written *k, bool gained)
{
	device_terms d;
	kernel_terms(k, &d);
	char loop[160] = "no loop: one element a work-item";
	if (k->loop)
		snprintf(loop, sizeof loop, "its loop run %g times a %s, %g iterations as counted (unrolled %u times)",
			 k->trip, k->grid_stride ? "turn" : "work-item", d.trips, k->unroll);
	if (k->grid_stride) {
		printf("%s, a grid-stride loop around a loop inside (%s; an element a turn, its groups never "
		       "ending), %s model of %s\n", label, loop, lm_model_is_refined(mp) ? "refined" : "basic", path);
		return;
	}
	printf("%s as written (%s), %s model of %s with dispatch_thru %g work-groups/us/CU and group_cost "
	       "%g ns\n", label, loop, lm_model_is_refined(mp) ? "refined" : "basic", path,
	       ps->p[LM_PARAM_DISPATCH_THRU].value, ps->p[LM_PARAM_GROUP_COST].value);
	say_written_memory(ps, k, gained);
	say_group_wait(ps);
}

lm_status lm_cli_predict_written(const lm_options *o, const char *path, const lm_params *ps,
				 const lm_model_params *mp, const lm_model_kinds *st, const lm_cli_written *k,
				 const lm_count *m, const char *label)
{
	device_terms d = { 0 };
	unsigned sizes[MAX_SIZES], shapes[MAX_SIZES][LM_USER_MAX_DIMS];
	size_t ns;
	lm_model_params pw;
	lm_model_kinds sw;
	/* short work-items: their loads in the window dispatch keeps */
	bool gained = !k->grid_stride && !k->loop && lm_model_as_written(mp, st, k->body, &pw, &sw);
	if (gained) {
		mp = &pw;
		st = &sw;
	}
	lm_status s = terms_of(path, ps, k->grid_stride, &d);
	if (s == LM_OK && k->grid_stride) { /* one warp a group: a row a level */
		sizes[0] = (unsigned)d.simd;
		shapes[0][0] = sizes[0], shapes[0][1] = shapes[0][2] = 1;
		ns = 1;
	} else if (s == LM_OK) {
		s = local_sizes(o, m ? m->dims : 1, d.simd, shapes, sizes, &ns);
	}
	if (s != LM_OK)
		return s;
	static warps_asked asked;
	asked.given = o->warps != NULL;
	if (asked.given && (s = lm_number_uint_list("--warps", o->warps, 65536, asked.v, 1024, &asked.n)) != LM_OK)
		return s;
	for (size_t i = 0; i < ns; i++) {
		unsigned gw = (unsigned)(sizes[i] / d.simd), lv[1];
		if (!levels(&asked, gw, MAX_GROUPS, lv, 1))
			fprintf(stderr, "latmix: --warps %s: no occupancy of whole groups of %u work-items (%u warps): "
				"none predicted at that size\n", o->warps, sizes[i], gw);
	}
	if (m && m->dims >= 2)
		fprintf(stderr, "latmix: %s reads %%tid.y: its count's lanes along x are a group's 32 wide or more; "
			"a group narrower than a warp is counted over its rows, as said at its shape\n", label);
	bool described;
	d.per_item = k->grid_stride ? 1 : elements_per_item(o, &described, &d.items); /* a row a turn */
	if (!k->grid_stride && !described)
		fprintf(stderr, "latmix: %s: no description of its launch (NAME.ini with global =): elements_per_s "
			"counts work-items, one element each\n", label);
	static double rate[MAX_SIZES][1024], warps[MAX_SIZES][1024];
	size_t n[MAX_SIZES];
	if (o->csv)
		puts("warps_per_cu,work_group_size,groups_per_cu,elements_per_s,bytes_per_s,busy_warps_per_cu,bound");
	else
		say_header(label, path, ps, mp, k, gained);
	for (size_t i = 0; i < ns; i++)
		if ((s = shape_rows(o, &asked, mp, st, m, k, d, shapes[i], sizes[i], label, rate[i], warps[i], &n[i])) !=
		    LM_OK)
			return s;
	if (!o->csv && !k->grid_stride)
		say_size_to_use(sizes, ns, rate, warps, n);
	return LM_OK;
}
