/* latmix predict: what the model says for a parameter file, and for a
 * kernel's loop at every occupancy. */
#include "cli/command.h"
#include "cli/predict_written.h"
#include "asm/count.h"
#include "base/alpha.h"
#include "base/number.h"
#include "fit/model.h"
#include "fit/params.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void put(FILE *f, double x, bool csv, int width, int prec)
{
	if (csv && isnan(x))
		fputc(',', f);
	else if (csv)
		fprintf(f, ",%.*g", isinf(x) ? 3 : 6, x);
	else if (isnan(x))
		fprintf(f, " %*s", width, "-");
	else
		fprintf(f, " %*.*f", width, prec, x);
}

/* --chains: a count from 1 to max; *out unchanged when s is NULL. */
lm_status lm_cli_parse_chains(const char *s, unsigned long max, unsigned long *out)
{
	if (!s)
		return LM_OK;
	char *end;
	unsigned long k = strtoul(s, &end, 10);
	if (end == s || *end || k == 0 || k > max || *s == '-')
		return lm_fail(LM_EUSAGE, "--chains '%s': expected a positive integer up to %lu", s, max);
	*out = k;
	return LM_OK;
}

/* What the price of a scattered access stands for, and what the suite
 * measured beside it (doc/predict.md, the suite's gather and transpose). */
static void note_scattered(const char *label, const lm_model_kinds *st, const lm_kernel_mix *k)
{
	double merged = lm_cli_note_merged(label, st, k);
	if (k->scattered_loads > 0)
		fprintf(stderr, "latmix: %s: its %g scattered loads are priced as gmem-random's, every lane's "
			"sector read once from DRAM: a floor. Lanes a constant 256 bytes apart ran at this price, "
			"128 bytes apart 1.3-1.4 times it, and a run-time row apart with no sector read twice 1.2-1.5 "
			"times it from 31 warps per SM, after a peak of 2.2 times it near 19. Where the warps beside "
			"it read the rest of each sector while L2 holds it, as a transpose reading across rows does, "
			"the loop runs faster, up to its coalesced rate: the suite's gather ran within 8%% of copy's "
			"rate up to 6 warps per SM, 1.5-2.2 times this price, and 2.9-4.2 times it from 16 to 64 "
			"warps (doc/predict.md)\n", label, k->scattered_loads);
	if (k->scattered_stores - merged > 0)
		fprintf(stderr, "latmix: %s: its %g scattered stores are priced as gmem-random's loads: the "
			"suite's transpose ran up to 21-35%% over this price at 5-8 warps per SM, then fell back "
			"to 80-101%% of it from 10 warps on, a peak the model does not draw (doc/predict.md)\n", label,
			k->scattered_stores - merged);
}

/* What the price of a misaligned access stands for (PTX: a warp's access
 * starting off a line): the file's stream pairs, or nothing; stores from
 * the hits leases. */
static void note_misaligned(const lm_count *m, const lm_model_kinds *st, double shown)
{
	if (m->misaligned_loads && !(st->misaligned[0] > 0 && st->misaligned[1] > 0))
		fprintf(stderr, "latmix: %s: its %u misaligned loads (a warp's access starting off a 128-byte "
			"line) are priced as aligned ones: the parameter file has no misaligned share (its sweep "
			"had no stream-shift and stream-store-shift); such a load cost a copy 12-14%% of its rate "
			"at 64 warps per SM on H100s and H200s (doc/predict.md)\n",
			m->label, m->misaligned_loads);
	else if (m->misaligned_loads)
		fprintf(stderr, "latmix: %s: its %u misaligned loads (a warp's access starting off a 128-byte "
			"line) make %g of its streams of lines straddle: each priced at the throughput the file's "
			"stream pairs kept misaligned, %.3g with no store and %.3g with a store a load (linear "
			"between); more loads of the same lines cost nothing more\n", m->label,
			m->misaligned_loads, shown, st->misaligned[0], st->misaligned[1]);
	if (m->misaligned_stores)
		fprintf(stderr, "latmix: %s: its %u misaligned stores (%u of them writing part of a 32-byte "
			"sector) are priced as aligned ones: a copy whose store was 4 bytes off a line ran 31-34%% "
			"under an aligned copy at 64 warps per SM on H100s and H200s, one 32 bytes off (whole "
			"sectors) 3-4%% (doc/predict.md)\n", m->label,
			m->misaligned_stores, m->partial_stores);
}

/* Says that the listing gives no width for every one of a loop's accesses
 * of kind what ("load", "store"), priced at bytes (its option's): bytes. */
static double note_unsized(const char *label, const char *what, double bytes)
{
	fprintf(stderr, "latmix: %s: its listing does not say a lane's bytes for every %s (a block or an "
		"older scattered message): priced at %g bytes a %s (--%s-bytes)\n", label, what, bytes, what,
		what);
	return bytes;
}

/* A figure of predict's table in decimals places, or three digits where
 * those would print a figure that is not 0 as 0 (a rate of an iteration of
 * a hundred thousand instructions). */
static const char *table_text(double x, int decimals, char *buf, size_t size)
{
	if (x > 0 && x < 0.5 * pow(10, -decimals))
		snprintf(buf, size, "%.3g", x);
	else
		snprintf(buf, size, "%.*f", decimals, x);
	return buf;
}

/* The loop of --kernel counted (m) and in the model's terms (k; an Intel
 * listing that does not say every access's bytes: the options'). */
static lm_status count_mix(const lm_options *o, lm_count *m, lm_kernel_mix *k)
{
	lm_status s = lm_cli_count_kernel(o, o->kernel, false, m);
	if (s != LM_OK)
		return s;
	lm_count_model(m, k);
	if (m->loads > m->const_loads && !m->load_bytes)
		k->load_bytes = note_unsized(m->label, "load", o->load_bytes);
	if (m->stores && !m->store_bytes)
		k->store_bytes = note_unsized(m->label, "store", o->store_bytes);
	return LM_OK;
}

/* What predict says of a counted loop beside its rates: the count's line
 * (stdout) and what its price stands for (stderr). */
static void count_notes(const lm_options *o, const lm_params *ps, const lm_model_kinds *st, const lm_count *m,
			const lm_kernel_mix *k)
{
	if (o->device && ps->device[0] && strncmp(m->from, ps->device, strlen(ps->device)) != 0)
		fprintf(stderr, "latmix: %s: counted from %s, priced by the parameters of %s\n", m->label, m->from,
			ps->device);
	/* --csv: stdout holds the header and the rows alone, for scripts */
	FILE *f = o->csv ? stderr : stdout;
	fprintf(f, "%s%s, counted from %s: ", o->csv ? "latmix: " : "# ", m->label, m->from);
	lm_count_put_predict(f, k);
	fputc('\n', f);
	if (strncmp(m->sass, LM_COUNT_SASS_FAILED, strlen(LM_COUNT_SASS_FAILED)) == 0)
		fprintf(stderr, "latmix: %s: ptxas's machine code of its loop %s (LATMIX_PTXAS, LATMIX_NVDISASM: a "
			"ptxas as new as the PTX, and its nvdisasm)\n", m->label, m->sass);
	if (m->strided || m->unfollowed)
		fprintf(stderr, "latmix: %s: %u of its loop's accesses priced as coalesced: %u strided "
			"(lanes up to 64 bytes apart, a store's under a sector: at the bytes from lane to "
			"lane), %u whose lanes' addresses latmix does not follow\n",
			m->label, m->strided + m->unfollowed, m->strided, m->unfollowed);
	if (m->own_runs)
		fprintf(stderr, "latmix: %s: %u of its loop's accesses each lane's own run (off a base read from "
			"memory before the loop, or lanes rows apart each stepping through its row): priced as "
			"coalesced, at the lines its warp asks L1 for, a line a lane where its lanes lie a row "
			"apart known only at run time; where such rows are under 128 bytes, L1 answers fewer "
			"lines and the loop runs faster than this says (a row's width that is a scalar "
			"argument is known with --arg NAME=V or its description's value =)\n",
			m->label, m->own_runs);
	if (m->gathered)
		fprintf(stderr, "latmix: %s: %u gather%s (an address read from memory in the loop) priced as "
			"scattered, at what gmem-random measures from DRAM: where the gathered array stays in "
			"a cache, the kernel runs faster than this says\n",
			m->label, m->gathered, m->gathered == 1 ? "" : "s");
	if (m->calls)
		fprintf(stderr, "latmix: %s: its loop calls a function %u time%s: what the callee runs is not in the "
			"listing, and its price leaves it out\n", m->label, m->calls, m->calls == 1 ? "" : "s");
	if (m->body_insts > m->insts)
		fprintf(stderr, "latmix: %s: its loop branches: priced along the path with the most "
			"memory accesses (%u of its %u instructions), as if every iteration took it\n",
			m->label, m->insts, m->body_insts);
	if (m->gap_store_bytes)
		fprintf(stderr, "latmix: %s: its strided stores leave %u bytes a thread unwritten between "
			"lanes, so they write part of each sector they span: priced at the whole sectors, "
			"a ceiling; a store of every second float (doc/predict.md) ran "
			"at 75%% (H200) and 65%% (H100) of that price at 64 warps\n", m->label,
			m->gap_store_bytes);
	note_misaligned(m, st, k->misaligned_loads);
	char note[1024];
	if (lm_count_overlap_note(m, note, sizeof note))
		fprintf(stderr, "latmix: %s: %s\n", m->label, note);
	if (lm_count_constant_note(m, note, sizeof note))
		fprintf(stderr, "latmix: %s: %s\n", m->label, note);
	if (lm_count_window_note(m, note, sizeof note))
		fprintf(stderr, "latmix: %s: %s\n", m->label, note);
	if (m->limit[0]) /* --csv: stdout the header and the rows alone */
		fprintf(f, "%soccupancy: its build allows %s\n", o->csv ? "latmix: " : "# ", m->limit);
	if (m->regs.spill)
		fprintf(stderr, "latmix: %s: under the register cap latmix builds with, so that every "
			"occupancy fits (doc/measure.md), ptxas spills %u bytes a thread to local memory; "
			"the count is of the PTX, which holds no spills, so the prediction leaves their "
			"traffic out\n", m->label, m->regs.spill);
	if (m->regs.own_warps && m->regs.own > m->regs.capped)
		fprintf(stderr, "latmix: %s: built without that cap it takes %u registers a thread, room "
			"for %u warps a CU: predicted occupancies above that are latmix's build's\n",
			m->label, m->regs.own, m->regs.own_warps);
	if (m->same_array > 0 && m->loopless)
		fprintf(stderr, "latmix: %s: its %u loads into another's array at offsets the same for every lane "
			"are taken for a stencil's rows, lines other work-items read (conv2d's rows above and "
			"below); where none does (a column's 64 rows summed by one work-item, its loop unrolled "
			"whole), they are lines of its own, and the price is that many times too fast "
			"(studies/written-predict/README.md: colsum64, 3-9 times)\n", m->label, m->same_array);
	if (m->same_array > 0 && !m->divisions && !m->wide_divisions)
		fprintf(stderr, "latmix: %s: its %u loads into another's array (a stencil's rows) are priced as "
			"costing the step nothing, as its loop does not divide: measured stencils with no integer "
			"division ran so (doc/predict.md), where the suite's, which all divide, wait for them as "
			"for chains\n", m->label, m->same_array);
}

/* What the file prices the loop k by, where it lacks a kind the loop needs
 * or the price stands for less than the loop may do (stderr); cached: its
 * loads of constant memory. */
static void price_notes(const char *path, const char *label, const lm_model_params *mp,
			const lm_model_kinds *st, const lm_kernel_mix *k, unsigned cached)
{
	if (!(k->loads > 0))
		fprintf(stderr, "latmix: %s: no load%s: priced by stores alone, its step the longer of "
			"stream-fill's %.1f cycles a pass and its instructions' latency (alpha %g x %.3g "
			"cycles), its bound stream-fill's %.4g stores a cycle per CU; rates in stores\n", label,
			cached ? " with lines of its own (its loads of constant memory are cache hits)" : "",
			st->store_step, k->alpha, mp->alu_lat, st->store_thru);
	if (k->stores > k->scattered_stores && !st->n)
		fprintf(stderr, "latmix: %s has no store kind (latmix fit -m gmem,gmem-store,gmem-store-half): "
			"the loop's stores count as instructions only\n", path);
	if (k->scattered_loads + k->scattered_stores > 0 && !lm_model_kinds_scatter(st))
		fprintf(stderr, "latmix: %s has no scattered kind (latmix fit -m gmem,...,gmem-random): the "
			"loop's scattered accesses are priced as coalesced ones\n", path);
	else
		note_scattered(label, st, k);
	if (k->group_stores > 0)
		fprintf(stderr, "latmix: %s: %g global store%s by the work-item of local id 0 alone, once a work-group: "
			"1 / L of a store a work-item in groups of L, a sector each\n", label, k->group_stores,
			k->group_stores == 1 ? "" : "s");
	if (k->tree_insts > 0)
		fprintf(stderr, "latmix: %s: a reduction's tree, log2 L turns in groups of L, each %g wait%s for local "
			"memory (%s) and its %g instructions one after another (doc/predict.md)\n", label,
			k->tree_waits, k->tree_waits == 1 ? "" : "s",
			st->lmem_lat > 0 ? "the file's lmem_lat" : "not priced: the file has no lmem_lat, a sweep before it",
			k->tree_insts);
	if (k->waits >= 1)
		fprintf(stderr, "latmix: %s: ptxas's machine code waits for an iteration's loads %g time%s, its other "
			"instructions %g dependent adds' worth besides: %s (doc/predict.md)\n", label, k->waits,
			k->waits == 1 ? "" : "s", k->waits_alpha,
			lm_model_kernel_scheduled(mp, st, k)
				? "so priced, every load a hit of the cache"
				: "a step that reads DRAM (or a file without the cache's figures) is priced as the PTX "
				  "says, one wait and its alpha");
	if (k->local > 0 && st->l1_thru > 0)
		fprintf(stderr, "latmix: %s: its %g local memory accesses a warp's iteration are priced as "
			"requests of the unit that answers L1's lines, one each beside its %g lines, at the "
			"file's l1_thru %.4g a cycle per CU: a bank conflict takes as many requests as it has "
			"conflicts, and that is not counted; matrix products over tiles of 8 and 16 (one and two "
			"outputs a work-item) measured on two H200s reached 0.72-0.80 of that bound "
			"(studies/tiled)\n", label, k->local,
			fmax(k->l1_lines, 0), st->l1_thru);
	if ((k->l1_lines > 0 || k->local > 0) && !(st->l1_thru > 0))
		fprintf(stderr, "latmix: %s has no l1_thru (a sweep before it, a fit without lmem, or a GPU not NVIDIA's, "
			"whose local memory is not known to be L1's unit: its note says which): the %g lines "
			"a warp's iteration asks L1 for and its %g local memory accesses are not priced, and "
			"where they bind (lanes a row apart, each its own run; a tile read from local memory) "
			"the loop runs slower than this says\n", path, fmax(k->l1_lines, 0), fmax(k->local, 0));
}

/* A grid-stride loop of three or more coalesced accesses with a store
 * bends later than the store mixes it is priced by: said (stderr). */
static void note_bends_later(const char *label, const lm_model_kinds *st, const lm_kernel_mix *k)
{
	double loads = k->loads - k->scattered_loads, stores = k->stores - k->scattered_stores;
	if (st->n && lm_model_kernel_bends_later(k))
		fprintf(stderr, "latmix: %s: %g coalesced load%s and %g store%s an iteration, bent as the store "
			"mixes bend (one load and at most one store a step): grid-stride loops of three or more "
			"such accesses with a store (add, triad, axpby, copy2, scale2, add3, add4) reached 90%% of "
			"their top at 2-15%% more warps than so predicted on H100s and H200s: read its warps for "
			"90%% as a floor (doc/predict.md)\n", label, loads, loads == 1 ? "" : "s", stores,
			stores == 1 ? "" : "s");
}

/* The loop k's rate at each occupancy (--warps, else 1 to 64) and what it
 * reaches: a table, or --csv rows. */
static lm_status print_kernel_rates(const lm_options *o, const char *path, const lm_params *ps,
				    const lm_model_params *mp, const lm_model_kinds *st, const lm_kernel_mix *k,
				    const char *label, unsigned unroll)
{
	double hz = ps->clock_mhz * 1e6, cus = ps->compute_units, simd = ps->simd_width;
	bool rates = isfinite(hz) && cus > 0 && simd > 0, stores_only = !(k->loads > 0);
	/* the rates count loads, or a store-only loop's stores */
	double per = lm_model_kernel_accesses(k);
	double bytes_per_load = stores_only ? k->store_bytes : k->load_bytes + k->stores / k->loads * k->store_bytes;
	const char *what = stores_only ? "stores" : "loads";
	unsigned list[1024];
	size_t n = 0;
	lm_status s = LM_OK;
	if (o->warps)
		s = lm_number_uint_list("--warps", o->warps, 65536, list, 1024, &n);
	for (unsigned w = 1; !o->warps && w <= 64; w++)
		list[n++] = w;
	if (s != LM_OK)
		return s;
	unsigned under = lm_count_underflow(mp, st, k, list, n);
	if (under)
		return lm_fail(LM_EUSAGE, "%s: at %u warps per CU the model's rate underflows: a step of %.3g cycles "
			       "(alpha %g) lies under the refined model's knee by more than a double holds, so its rate "
			       "would print as 0; price it with a basic parameter file (params.ini), or fewer "
			       "instructions an iteration", label, under, lm_model_kernel_step(mp, st, k), k->alpha);
	bool scatter = lm_model_kinds_scatter(st);
	if (o->csv) /* work_group_size: none, a grid-stride loop's rate does not depend on it */
		printf("warps_per_cu,%s_per_cycle_per_cu,bytes_per_s,iterations_per_s,bound,work_group_size,"
		       "elements_per_s\n", what);
	else
		printf("%s, %s model of %s%s%s: %g loads, %g stores (%g and %g scattered, %g loads "
		       "misaligned; %g and %g bytes a lane), %g cache hits in flight, alpha %g, %g instructions "
		       "an iteration\n%6s %12s %10s %14s  %s\n", label, lm_model_is_refined(mp) ? "refined" : "basic",
		       path, !st->n ? "" : st->n > 1 ? " with its store kinds" : " with its store kind",
		       scatter ? (st->n ? " and scattered kind" : " with its scattered kind") : "", k->loads,
		       k->stores, k->scattered_loads, k->scattered_stores, k->misaligned_loads, k->load_bytes,
		       k->stores > 0 ? k->store_bytes : 0, k->hits, k->alpha, k->insts, "warps",
		       stores_only ? "stores/cyc/CU" : "loads/cyc/CU", "GB/s", "iterations/s", "bound");
	double best = 0;
	unsigned best_at = 0;
	char r1[32], r2[32];
	for (size_t i = 0; i < n; i++) {
		lm_bound b;
		double ipc = lm_model_eval_kernel(mp, st, k, list[i], &b);
		if (ipc > best) {
			best = ipc;
			best_at = list[i];
		}
		double loads_s = ipc * hz * cus;
		double bps = rates ? loads_s * simd * bytes_per_load : NAN, its = rates ? loads_s * simd / per : NAN;
		if (o->csv) /* an iteration counted runs unroll of the source's, an element each */
			printf("%u,%.9g,%.9g,%.9g,%s,nan,%.9g\n", list[i], ipc, bps, its, lm_bound_name(b), its * unroll);
		else
			printf("%6u %12s %10s %14.4g  %s\n", list[i], table_text(ipc, 5, r1, sizeof r1),
			       table_text(bps / 1e9, 1, r2, sizeof r2), its, lm_bound_name(b));
	}
	if (o->csv)
		return LM_OK;
	if (unroll > 1)
		printf("(an iteration counted runs %u of the source's, unrolled: elements a second are %u times the "
		       "iterations)\n", unroll, unroll);
	lm_bound peak_bound;
	double peak = lm_model_kernel_peak(mp, st, k, &peak_bound);
	printf("peak %s %s/cycle/CU (%s); warps per CU for 90%%: %.1f, for 95%%: %.1f\n",
	       table_text(peak, 5, r1, sizeof r1), what, lm_bound_name(peak_bound), lm_model_kernel_warps(mp, st, k, 0.90),
	       lm_model_kernel_warps(mp, st, k, 0.95));
	if (best > 0) {
		printf("best of the warps listed %s %s/cycle/CU, at %u; 90%% of it at %.1f warps per CU "
		       "(the figure latmix report compares with the measured curve's)\n", table_text(best, 5, r2, sizeof r2),
		       what, best_at, lm_model_kernel_warps_to(mp, st, k, 0.9 * best));
		lm_cli_say_w90_range(lm_model_kernel_warps_to(mp, st, k, 0.9 * best),
				     lm_model_kernel_warps_to(mp, st, k, 0.9 * (1 - LM_CLI_TOP_ERROR) * best),
				     lm_model_kernel_warps_to(mp, st, k, 0.9 * (1 + LM_CLI_TOP_ERROR) * best));
	}
	return LM_OK;
}

/* predict --kernel / --loads: a kernel's loop at each occupancy, from
 * the file's default kind and, where it has them, its store mixes' kinds.
 * Its figures, given or counted, go through lm_count_check first, as a
 * count file's do in latmix report. */
static lm_status predict_kernel(const lm_options *o, const char *path, const lm_params *ps,
				const lm_model_params *mp)
{
	lm_kernel_mix k = { o->loads, o->stores, 0, o->insts, 0, o->scattered_loads, o->scattered_stores, o->hits,
			    o->load_bytes, o->store_bytes, o->misaligned_loads, o->atomics, o->l1_lines, o->local,
			    0, o->merged_stores, o->waits, o->waits_alpha, o->group_stores,
			    o->tree_insts, o->tree_waits };
	lm_model_kinds st = lm_params_kernel_kinds(ps);
	char label[64] = "the loop";
	if (o->alpha && !lm_number_parse(o->alpha, &k.alpha))
		return lm_fail(LM_EUSAGE, "--alpha '%s': with --loads or --kernel, a number of instructions "
			       "from 0 to %g", o->alpha, LM_COUNT_MOST_INSTS);
	lm_count m;
	memset(&m, 0, sizeof m);
	lm_status s = o->kernel ? count_mix(o, &m, &k) : LM_OK;
	if (s != LM_OK)
		return s;
	if (o->kernel)
		snprintf(label, sizeof label, "%s", m.label);
	/* a count's figures are its loop's, said so; the options' stand alone */
	if ((s = lm_count_check(&k, o->kernel ? label : NULL)) != LM_OK)
		return s;
	if (o->kernel) {
		lm_cli_cache_loads(o, ps, &st, &m, &k);
		count_notes(o, ps, &st, &m, &k);
	}
	char why[256];
	if (!lm_model_kernel_priced(&k, &st, why, sizeof why))
		return lm_fail(LM_EUSAGE, "%s, priced by %s: %s", label, path, why);
	if (!(k.insts > 0))
		k.insts = k.loads + k.stores + k.alpha;
	price_notes(path, label, mp, &st, &k, m.const_loads);
	bool as_written = false;
	lm_cli_written w;
	if (o->kernel && (s = lm_cli_written_work(o, &m, &k, &as_written, &w)) != LM_OK)
		return s;
	if (!as_written && (k.group_stores > 0 || k.tree_insts > 0))
		return lm_fail(LM_EUSAGE, "%s: --group-stores, --tree-insts: what a work-group runs once is priced at "
			       "its size, for a kernel as written (--kernel FILE.cl:NAME, one without a loop): a loop's "
			       "rates do not say the group", label);
	if (!as_written)
		note_bends_later(label, &st, &k);
	if (as_written)
		return lm_cli_predict_written(o, path, ps, mp, &st, &w, &m, label);
	return print_kernel_rates(o, path, ps, mp, &st, &k, label, o->kernel && m.unroll > 1 ? m.unroll : 1);
}

/* The alphas to evaluate: o's, or a span from 0 to inf through the cusp
 * (where there is one), in a new array of *n. */
static lm_status predict_alphas(const lm_options *o, bool has_cusp, double cusp_alpha, double **out, size_t *n)
{
	if (o->alpha) {
		lm_alpha *list;
		lm_status s = lm_alpha_parse_list(o->alpha, &list, n);
		if (s != LM_OK)
			return s;
		double *alphas = malloc(*n * sizeof *alphas);
		for (size_t i = 0; alphas && i < *n; i++)
			alphas[i] = lm_alpha_value(list[i]);
		free(list);
		*out = alphas;
		return alphas ? LM_OK : lm_fail(LM_ENOMEM, "out of memory");
	}
	static const double span[] = { 0, 0.25, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, INFINITY };
	*n = sizeof span / sizeof span[0];
	double *alphas = malloc((*n + 1) * sizeof *alphas);
	if (!alphas)
		return lm_fail(LM_ENOMEM, "out of memory");
	memcpy(alphas, span, sizeof span);
	if (has_cusp)
		alphas[(*n)++] = round(cusp_alpha * 10) / 10;
	qsort(alphas, *n, sizeof *alphas, lm_number_cmp);
	*out = alphas;
	return LM_OK;
}

/* The model's table: its header, as CSV or for people. */
static void predict_header(const lm_options *o, const char *path, const lm_params *ps, const lm_model_params *mp,
			   double chains, double n_given)
{
	bool refined_file = lm_model_is_refined(mp);
	if (o->csv) {
		printf("alpha,latency_cycles,peak_ipc,peak_bound,warps_for_peak,fraction,warps_for_fraction,"
		       "warps,mem_ipc,alu_ipc,bound,alu_in_flight,mem_in_flight,guide_warps,guide_refined_warps,chains\n");
		return;
	}
	printf("%s: %s (%s)\n", path, ps->device[0] ? ps->device : "unnamed device",
	       ps->source[0] ? ps->source : ps->origin);
	if (o->mix || ps->nkinds)
		printf("memory kind %s: mem_lat %.4g cycles, mem_thru %.4g, issue cost %.3g\n",
		       o->mix ? o->mix : ps->default_kind, mp->mem_lat, mp->mem_thru, lm_model_issue_cost(mp));
	printf("throughputs in warp instructions per cycle per CU; latencies in cycles\n");
	if (chains > 1)
		printf("%g chains per warp: occupancy = warps x %g%s\n", chains, chains,
		       refined_file ? ", and a step chain_lat x log2(chains) longer" : "");
	printf("%s", !isnan(n_given) ? ""
		     : refined_file ? "at each alpha's knee, Latency x peak warps, where the refined model reaches "
				      "(1 - 1/e)^(1/s) of its peak (--warps N to choose)\n"
				    : "at each alpha's knee (--warps N to choose)\n");
	printf("%8s %8s %8s %-10s %7s %7s | %6s %8s %8s %-10s %6s %6s | %6s %7s\n", "alpha", "latency", "peak",
	       "bound", "n_peak", "n_frac", "warps", "mem_ipc", "alu_ipc", "bound", "alu_if", "mem_if", "guide",
	       "refined");
}

/* A row of the model's table: what the model says at alpha a. */
typedef struct {
	double a, lat, peak, npeak, nfrac, n, aif, mif, guide, refined;
	lm_bound pb;
	lm_model_point pt;
} predict_row;

static predict_row predict_at(const lm_model_params *mp, double a, double chains, double fraction, double n_given)
{
	predict_row r = { .a = a, .guide = NAN, .refined = NAN };
	r.peak = lm_model_peak(mp, a, &r.pb);
	r.lat = lm_model_step(mp, a, chains);
	/* warps per CU: occupancy over chains */
	r.npeak = lm_model_warps_needed_chains(mp, a, 1.0, chains) / chains;
	r.nfrac = lm_model_warps_needed_chains(mp, a, fraction, chains) / chains;
	r.n = isnan(n_given) ? r.lat * r.peak / chains : n_given;
	r.pt = lm_model_eval_chains(mp, r.n * chains, a, chains);
	lm_model_in_flight(mp, r.n * chains, a, chains, &r.aif, &r.mif);
	if (a > 0 && !isinf(a) && isfinite(mp->alu_thru))
		r.guide = lm_model_guide_estimate(mp->mem_lat, 1.0 / mp->alu_thru, a, &r.refined);
	return r;
}

static void print_row(const predict_row *r, double fraction, double chains, bool csv)
{
	if (csv) {
		printf("%g", r->a);
		const double v[] = { r->lat, r->peak };
		for (size_t i = 0; i < 2; i++)
			put(stdout, v[i], true, 0, 0);
		printf(",%s", lm_bound_name(r->pb));
		const double w[] = { r->npeak, fraction, r->nfrac, r->n, r->pt.mem_ipc, r->pt.alu_ipc };
		for (size_t i = 0; i < sizeof w / sizeof w[0]; i++)
			put(stdout, w[i], true, 0, 0);
		printf(",%s", lm_bound_name(r->pt.bound));
		const double x[] = { r->aif, r->mif, r->guide, r->refined, chains };
		for (size_t i = 0; i < sizeof x / sizeof x[0]; i++)
			put(stdout, x[i], true, 0, 0);
		putchar('\n');
		return;
	}
	printf("%8g", r->a);
	put(stdout, r->lat, false, 8, 1);
	put(stdout, r->peak, false, 8, 4);
	printf(" %-10s", lm_bound_name(r->pb));
	put(stdout, r->npeak, false, 7, 1);
	put(stdout, r->nfrac, false, 7, 1);
	printf(" |");
	put(stdout, r->n, false, 6, 1);
	put(stdout, r->pt.mem_ipc, false, 8, 4);
	put(stdout, r->pt.alu_ipc, false, 8, 4);
	printf(" %-10s", lm_bound_name(r->pt.bound));
	put(stdout, r->aif, false, 6, 1);
	put(stdout, r->mif, false, 6, 1);
	printf(" |");
	put(stdout, r->guide, false, 6, 1);
	put(stdout, r->refined, false, 7, 1);
	putchar('\n');
}

/* What the table's columns mean, and the cusp. */
static void predict_footer(const lm_options *o, const lm_model_params *mp, double chains, bool has_cusp,
			   double cusp_alpha, double cusp_warps)
{
	printf("n_peak: warps for the full peak; n_frac: for %g of it; alu_if, mem_if:\n"
	       "instructions in flight (thesis 4.6); guide, refined: the CUDA guide's estimate (4.8)%s.\n",
	       o->fraction, chains > 1 ? ", for one chain" : "");
	if (has_cusp && isfinite(cusp_warps))
		printf("cusp: alpha = %.2f, %.1f warps for the peak\n", cusp_alpha, cusp_warps);
	else if (has_cusp) /* the refined model approaches its peak without reaching it */
		printf("cusp: alpha = %.2f, %.1f warps for %g of the peak (one chain)\n", cusp_alpha,
		       lm_model_warps_needed(mp, cusp_alpha, o->fraction), o->fraction);
}

lm_status cmd_predict(const lm_options *o)
{
	const char *path = o->args[0];
	lm_params ps;
	lm_status s = lm_params_read(path, &ps);
	if (s != LM_OK)
		return s;
	lm_model_params mp;
	if ((s = lm_params_model_kind(&ps, path, o->mix, &mp)) != LM_OK)
		return s;
	if (isnan(mp.mem_lat) || isnan(mp.alu_lat))
		return lm_fail(LM_EUSAGE, "%s: the model needs alu_lat and mem_lat", path);
	if (o->device && !o->kernel)
		return lm_fail(LM_EUSAGE, "-d/--device: predict counts --kernel's loop on the device; "
			       "without --kernel there is nothing to build");
	if (o->kernel || o->loads > 0 || o->stores > 0)
		return predict_kernel(o, path, &ps, &mp);
	unsigned long k = 1;
	if ((s = lm_cli_parse_chains(o->chains, 1024, &k)) != LM_OK)
		return s;
	double chains = (double)k, n_given = NAN;
	if (o->warps) {
		if (!lm_number_parse(o->warps, &n_given) || !(n_given > 0))
			return lm_fail(LM_EUSAGE, "--warps '%s': expected a positive number", o->warps);
	}
	double cusp_alpha, cusp_warps, *alphas;
	bool has_cusp = lm_model_cusp(&mp, &cusp_alpha, &cusp_warps);
	size_t na;
	if ((s = predict_alphas(o, has_cusp, cusp_alpha, &alphas, &na)) != LM_OK)
		return s;
	predict_header(o, path, &ps, &mp, chains, n_given);
	for (size_t i = 0; i < na; i++) {
		predict_row r = predict_at(&mp, alphas[i], chains, o->fraction, n_given);
		print_row(&r, o->fraction, chains, o->csv);
	}
	if (!o->csv)
		predict_footer(o, &mp, chains, has_cusp, cusp_alpha, cusp_warps);
	free(alphas);
	return LM_OK;
}

static const lm_opt options[] = {
	{ "device", 'd', LM_OPT_STR, NULL, 0, 0, LM_OPT_OFF(device), "DEV",
	  "count --kernel's loop from this device's build (NVIDIA: its driver's PTX) and say its occupancy limit: platform:device index (0:1) or part of its name; without -d clang's NVPTX build is counted",
	  .role = LM_OPTION_OTHER },
	{ "csv", 0, LM_OPT_FLAG, NULL, 0, 0, LM_OPT_OFF(csv), NULL,
	  "the rates as CSV",
	  .role = LM_OPTION_OTHER },
	{ "alpha", 'a', LM_OPT_STR, NULL, 0, 0, LM_OPT_OFF(alpha), "LIST",
	  "arithmetic instructions per memory instruction to evaluate: comma list of integers, p/q fractions, inf",
	  .role = LM_OPTION_SELECTS },
	{ "warps", 'n', LM_OPT_STR, NULL, 0, 0, LM_OPT_OFF(warps), "N",
	  "warps per CU to evaluate at: one number for the model's table (default: each alpha's knee; with --chains K, occupancy N x K), or with --kernel or --loads a comma list (default 1 to 64)",
	  .role = LM_OPTION_SELECTS },
	{ "fraction", 'f', LM_OPT_NUM, "0.9", 1e-6, 1, LM_OPT_OFF(fraction), "F",
	  "fraction of the attainable peak for 'warps needed'",
	  .role = LM_OPTION_OTHER },
	{ "mix", 'm', LM_OPT_STR, NULL, 0, 0, LM_OPT_OFF(mix), "MIX",
	  "the memory kind to evaluate; default: the file's default kind",
	  .role = LM_OPTION_SELECTS },
	{ "loads", 0, LM_OPT_NUM, "0", 0, 1024, LM_OPT_OFF(loads), "K",
	  "predict a kernel's loop: K independent global loads an iteration (in flight together); "
	  "with --stores, --insts and --alpha (then the instructions a warp's iteration waits for "
	  "besides the loads)",
	  .role = LM_OPTION_OTHER },
	{ "stores", 0, LM_OPT_NUM, "0", 0, 1024, LM_OPT_OFF(stores), "S",
	  "--loads: global stores an iteration",
	  .role = LM_OPTION_OTHER },
	{ "scattered-loads", 0, LM_OPT_NUM, "0", 0, 1024, LM_OPT_OFF(scattered_loads), "K",
	  "--loads: of the loads, those whose lanes lie over 64 bytes apart or a run-time row "
	  "apart (each its own sector), priced as the file's gmem-random kind measures them",
	  .role = LM_OPTION_OTHER },
	{ "scattered-stores", 0, LM_OPT_NUM, "0", 0, 1024, LM_OPT_OFF(scattered_stores), "S",
	  "--loads: of the stores, the scattered ones (a transpose's, a row apart)",
	  .role = LM_OPTION_OTHER },
	{ "merged-stores", 0, LM_OPT_NUM, "0", 0, 1024, LM_OPT_OFF(merged_stores), "S",
	  "--loads: of the scattered stores, those whose sectors the warps of the group's other rows "
	  "complete (a transpose's out[c * rows + r] over a 2D group), priced at the file's "
	  "scatter_store_thru where it has one",
	  .role = LM_OPTION_OTHER },
	{ "waits", 0, LM_OPT_NUM, "0", 0, 1024, LM_OPT_OFF(waits), "W",
	  "--loads: the machine code's schedule (as a count prints it, where it read ptxas's): the "
	  "times an iteration waits for its loads, one wait after another, each for its share of "
	  "them; priced where every load hits the cache (0: not read, the PTX's one wait)",
	  .role = LM_OPTION_OTHER },
	{ "waits-alpha", 0, LM_OPT_NUM, "0", 0, 65536, LM_OPT_OFF(waits_alpha), "A",
	  "--waits: alpha as that schedule has it, the instructions an iteration waits for besides "
	  "its loads (those issued while loads are in flight left out)",
	  .role = LM_OPTION_OTHER },
	{ "group-stores", 0, LM_OPT_NUM, "0", 0, 1024, LM_OPT_OFF(group_stores), "S",
	  "--loads as written (with --local-size): global stores the work-item of local id 0 alone "
	  "makes, once a group (a reduction's partial sum; not among --stores): a sector each",
	  .role = LM_OPTION_OTHER },
	{ "tree-insts", 0, LM_OPT_NUM, "0", 0, 65536, LM_OPT_OFF(tree_insts), "N",
	  "--loads as written (with --local-size): the instructions of a turn of a loop over local "
	  "memory that halves its span from half the group's size (a reduction's tree; among --insts "
	  "once, not in --alpha): a group of L work-items runs log2 L turns, each waiting for its "
	  "local loads (the file's lmem_lat) and its instructions one after another",
	  .role = LM_OPTION_OTHER },
	{ "tree-waits", 0, LM_OPT_NUM, "0", 0, 65536, LM_OPT_OFF(tree_waits), "W",
	  "--tree-insts: that turn's waits for local loads, one after another (a load after a local "
	  "store waits anew), each the file's lmem_lat",
	  .role = LM_OPTION_OTHER },
	{ "load-bytes", 0, LM_OPT_NUM, "4", 1, 1024, LM_OPT_OFF(load_bytes), "B",
	  "--loads, or --kernel where its listing does not say every load's width (a count gives "
	  "its own): a lane's bytes per load (8: a double, 16: a float4); a coalesced load moves "
	  "B / 4 times the lines of the mixes' 4-byte load",
	  .role = LM_OPTION_OTHER },
	{ "store-bytes", 0, LM_OPT_NUM, "4", 1, 1024, LM_OPT_OFF(store_bytes), "B",
	  "as --load-bytes, a lane's bytes per store",
	  .role = LM_OPTION_OTHER },
	{ "misaligned-loads", 0, LM_OPT_NUM, "0", 0, 1024, LM_OPT_OFF(misaligned_loads), "M",
	  "--loads: of the coalesced loads, those whose warp's access starts off a line, so it "
	  "straddles two (a[i + 1] beside a[i]), priced at the misaligned share the file's stream "
	  "mixes measured",
	  .role = LM_OPTION_OTHER },
	{ "hits", 0, LM_OPT_NUM, "0", 0, 1024, LM_OPT_OFF(hits), "H",
	  "--loads: loads besides the K into other lines that the loop's other iterations load anyway "
	  "(a stencil's rows above and below): in flight with the K, so the step waits for them, "
	  "but no memory traffic of their own",
	  .role = LM_OPTION_OTHER },
	{ "l1-lines", 0, LM_OPT_NUM, "0", 0, LM_COUNT_MOST_L1_LINES, LM_OPT_OFF(l1_lines), "L",
	  "--loads: the 128-byte lines a warp's loads of an iteration ask L1 for, hits too (as a count "
	  "prints them): bounded by the file's l1_thru, lines a cycle; 0: no such bound",
	  .role = LM_OPTION_OTHER },
	{ "local", 0, LM_OPT_NUM, "0", 0, LM_COUNT_MOST_ACCESSES, LM_OPT_OFF(local), "N",
	  "--loads: local (shared) memory loads and stores of a warp's iteration (as a count prints "
	  "them), each one request of the unit that answers L1's lines: bounded with --l1-lines by "
	  "l1_thru; bank conflicts not counted",
	  .role = LM_OPTION_OTHER },
	{ "atomics", 0, LM_OPT_NUM, "0", 0, 1024, LM_OPT_OFF(atomics), "A",
	  "--loads: global atomics an iteration (as a count prints them): no mix measures an atomic, "
	  "so a loop with one is refused, with that reason",
	  .role = LM_OPTION_OTHER },
	{ "insts", 0, LM_OPT_NUM, "0", 0, 1e6, LM_OPT_OFF(insts), "N",
	  "--loads: instructions an iteration, all kinds (issue bound); 0: loads + stores + alpha",
	  .role = LM_OPTION_OTHER },
	{ "kernel", 0, LM_OPT_STR, NULL, 0, 0, LM_OPT_OFF(kernel), "SPEC",
	  "a kernel whose loop to predict: a suite kernel's name ({KERNELS}) or FILE.cl[:NAME], counted as latmix kernel --mix-of counts it (--isa TARGET, -d DEV, else clang's NVPTX build)",
	  .role = LM_OPTION_SELECTS },
	{ "local-size", 0, LM_OPT_STR, NULL, 0, 0, LM_OPT_OFF(local_size), "LIST",
	  "--kernel as written (one work-item an element, its launch's global = in its description, or this option given): the work-group sizes to predict at, a comma list (default 32,64,128,256), each with every level of groups a CU, bounded by the file's dispatch_thru and group_cost; a 2D kernel's shapes (8x4,16x16; a size alone: the shape latmix measures it at), its lanes followed over a narrow group's rows",
	  .role = LM_OPTION_SELECTS },
	{ "trip", 0, LM_OPT_NUM, "0", 0, 1e9, LM_OPT_OFF(trip), "N",
	  "--kernel as written with a loop inside: the iterations of that loop a work-item runs, as the source counts them (a naive matmul's inner dimension); 0: its description's trip =",
	  .role = LM_OPTION_SELECTS },
	{ "size", 0, LM_OPT_NUM, "0", 0, 281474976710656.0, LM_OPT_OFF(size), "N",
	  "--kernel: the problem size N its description's arrays, launch and trip count are taken at, as measure --kernel --size N ran it (where its arrays fit the cache, they are priced as its hits); 0: the description's",
	  .role = LM_OPTION_SELECTS },
	{ "arg", 0, LM_OPT_STR, NULL, 0, 0, LM_OPT_OFF(arg_values), "NAME=V,...",
	  "--kernel's scalar arguments' values, by name (or position: 0, 1, ...; a PTX listing's by position alone), over its description's value = (taken where the same at N and N / 2): integers its lanes' addresses are followed with (a row's width: A[i * cols + k] at cols = 16 reads 16 lines a warp, not 32), or grid, the launch's size along x (A[k * n + i] at n = grid: rows no other work-item reads); a pointer argument's cached (the device's global-memory cache holds its array: its loads priced at the file's cache_lat and cache_thru) or bytes:N (its array's bytes, over its description's length: one no larger than the file's cache_bytes that the launch reads twice over is taken as held)",
	  .role = LM_OPTION_SELECTS },
	{ "chains", 'k', LM_OPT_STR, NULL, 0, 0, LM_OPT_OFF(chains), "K",
	  "independent chains per thread (loads in flight each): the occupancy is warps x K; default 1",
	  .role = LM_OPTION_SELECTS },
	{ "isa", 0, LM_OPT_STR, NULL, 0, 0, LM_OPT_OFF(isa), "TARGET",
	  "count --kernel's loop as an offline GPU target's compiler builds it (nvptx, gfx90a, gfx1100, dg2-g10, pvc, ...) instead of clang's NVPTX build",
	  .role = LM_OPTION_OTHER },
	{ "time-limit", 0, LM_OPT_NUM, "300", 1, 86400, LM_OPT_OFF(time_limit), "S",
	  "seconds the build and count of --kernel may take; latmix builds a user's kernel in a worker process, so that a crash or a hang in it or in the driver costs that kernel only",
	  .role = LM_OPTION_OTHER },
};

static const lm_opt_table table = LM_OPT_TABLE(options);

const lm_command lm_cmd_predict = { "predict", &table, cmd_predict, "PARAMS.ini", 1, 1,
	  "what the model says for a parameter file: bound, throughput, warps needed; with --kernel "
	  "FILE.cl:NAME (or --loads, --stores, --alpha) for your kernel's loop at every occupancy", NULL };
