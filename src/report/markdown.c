/* markdown: report.md, the answer first (warps needed, and why), then the
 * device and its measurement, the fitted parameters, the peaks measured
 * directly, users' kernels and the pictures with their captions. */
#include "report/report_parts.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/alpha.h"
#include "fit/fit.h"
#include "fit/model.h"
#include "fit/params.h"
#include "fit/results.h"

typedef struct {
	char key[64];
	size_t n;
} tally;

static void count(tally *t, size_t *nt, size_t max, const char *key)
{
	for (size_t i = 0; i < *nt; i++)
		if (strcmp(t[i].key, key) == 0) {
			t[i].n++;
			return;
		}
	if (*nt < max) {
		snprintf(t[*nt].key, sizeof t[*nt].key, "%s", key);
		t[(*nt)++].n = 1;
	}
}

static void tallies(FILE *f, const tally *t, size_t nt)
{
	for (size_t i = 0; i < nt; i++)
		fprintf(f, "%s%s %zu", i ? ", " : "", t[i].key, t[i].n);
	if (!nt)
		fputs("-", f);
}

static void value_text(const lm_param *p, char *buf, size_t size)
{
	if (p->kind == LM_PARAM_MISSING || isnan(p->value))
		snprintf(buf, size, "-");
	else if (p->kind == LM_PARAM_AT_LEAST)
		snprintf(buf, size, "≥ %.4g", p->value);
	else if (p->kind == LM_PARAM_AT_MOST)
		snprintf(buf, size, "≤ %.4g", p->value);
	else if (isnan(p->std_error))
		snprintf(buf, size, "%.4g", p->value);
	else
		snprintf(buf, size, "%.4g ± %.2g", p->value, p->std_error);
}

static void derived_text(double x, char *buf, size_t size)
{
	if (isnan(x))
		snprintf(buf, size, "-");
	else
		snprintf(buf, size, "%.3g", x);
}

/* The cache the sweep's device reported ('# cache_bytes = '), 0 if none. */
static unsigned long long chase_cache(const lm_results *r)
{
	const char *v = lm_results_meta_value(r, "cache_bytes");
	return v ? strtoull(v, NULL, 10) : 0;
}

/* The device and the sweep: its clock, and each setting counted over the
 * rows (a sweep resumed under other settings shows both). */
static void md_device_table(FILE *f, const report *rp)
{
	const lm_results *r = &rp->res;
	double cmin = INFINITY, cmax = 0, csum = 0;
	tally src[8], timing[8], cores[8], spread[16];
	size_t ns = 0, nt = 0, nc = 0, nsp = 0;
	for (size_t i = 0; i < r->n; i++) {
		const lm_result *x = &r->v[i];
		cmin = fmin(cmin, x->row.clock_mhz);
		cmax = fmax(cmax, x->row.clock_mhz);
		csum += x->row.clock_mhz;
		count(src, &ns, 8, x->clock_source);
		count(timing, &nt, 8, x->row.timing[0] ? x->row.timing : "not recorded");
		count(cores, &nc, 8, x->row.coresident[0] ? x->row.coresident : "not recorded");
		count(spread, &nsp, 16, x->row.spread[0] ? x->row.spread : "not recorded");
	}
	fprintf(f, "| | |\n|---|---|\n");
	fprintf(f, "| device | %s |\n| vendor | %s |\n| driver | %s |\n", r->device[0] ? r->device : "-",
		r->vendor[0] ? r->vendor : "-", r->driver[0] ? r->driver : "-");
	if (r->n)
		fprintf(f, "| compute units, SIMD width | %u, %u |\n", r->v[0].row.compute_units,
			r->v[0].row.simd_width);
	fprintf(f, "| clock | %.0f MHz mean over the rows (%.0f to %.0f) |\n", csum / (double)r->n, cmin, cmax);
	fprintf(f, "| clock source (rows) | ");
	tallies(f, src, ns);
	unsigned long long fp = strtoull(r->footprint, NULL, 10), cache = chase_cache(r);
	if (fp && cache)
		fprintf(f, " |\n| footprint | %s bytes (%.0f MiB, %.1f times the %.0f MiB cache the device "
			   "reports) |\n", r->footprint, (double)fp / 1048576.0, (double)fp / (double)cache,
			(double)cache / 1048576.0);
	else if (fp)
		fprintf(f, " |\n| footprint | %s bytes (%.0f MiB) |\n", r->footprint, (double)fp / 1048576.0);
	else
		fprintf(f, " |\n| footprint | - |\n");
	fprintf(f, "| timing (rows) | ");
	tallies(f, timing, nt);
	fprintf(f, " |\n| co-resident (rows) | ");
	tallies(f, cores, nc);
	fprintf(f, " |\n| spread over CUs (rows) | ");
	tallies(f, spread, nsp);
	fprintf(f, " |\n| measured | %s, tool version %s |\n| results file | `%s`, %zu rows |\n\n",
		r->date[0] ? r->date : "-", r->tool_version[0] ? r->tool_version : "-", rp->csv, r->n);
}

/* A mix's row of the per-mix table: its rows, alphas and chain counts,
 * and its settings counted over its rows. */
static void md_mix_row(FILE *f, const lm_results *r, const char *mix)
{
	double alphas[MAX_ALPHAS];
	unsigned chains[MAX_CHAINS];
	size_t na = lm_rp_alphas_of(r, mix, 0, alphas), nk = lm_rp_chains_of(r, mix, chains), rows = 0;
	tally t1[8], t2[8], t3[16], t4[8];
	size_t n1 = 0, n2 = 0, n3 = 0, n4 = 0;
	for (size_t i = 0; i < r->n; i++) {
		const lm_result *x = &r->v[i];
		if (strcmp(x->mix, mix) != 0)
			continue;
		rows++;
		count(t1, &n1, 8, x->row.timing);
		count(t2, &n2, 8, x->row.coresident);
		count(t3, &n3, 16, x->row.spread);
		count(t4, &n4, 8, x->clock_source);
	}
	char t[32];
	fprintf(f, "| %s | %zu | ", mix, rows);
	for (size_t i = 0; i < na; i++)
		fprintf(f, "%s%s", i ? ", " : "", lm_rp_alpha_text(alphas[i], t, sizeof t));
	fputs(" | ", f);
	for (size_t i = 0; i < nk; i++)
		fprintf(f, "%s%u", i ? ", " : "", chains[i]);
	fputs(" | ", f);
	tallies(f, t1, n1);
	fputs(" | ", f);
	tallies(f, t2, n2);
	fputs(" | ", f);
	tallies(f, t3, n3);
	fputs(" | ", f);
	tallies(f, t4, n4);
	fputs(" |\n", f);
}

/* "Device and measurement": the device and the sweep, then each mix. */
static void md_device(FILE *f, const report *rp)
{
	md_device_table(f, rp);
	fputs("Co-resident *yes* means the per-warp clocks showed every warp of the launch running at once "
	      "(the occupancy is real); *unverified* rows come from a timing mode or device that cannot "
	      "show it.\n\n", f);

	fputs("Per mix:\n\n| mix | rows | alphas | chains | timing | co-resident | spread | clock source |\n"
	      "|---|---|---|---|---|---|---|---|\n", f);
	for (size_t m = 0; m < rp->nmix; m++)
		md_mix_row(f, &rp->res, rp->mix[m].name);
	fputc('\n', f);
}

/* A parameter's row of the table: each model's value and its kind (tied,
 * a bound, and why, where the fit says). */
static void md_param_row(FILE *f, const mix_model *mm, int i)
{
	fprintf(f, "| %s | %s |", lm_param_key((lm_param_id)i), lm_param_unit((lm_param_id)i));
	for (int m = 0; m < NMODELS; m++) {
		if (!mm->has[m])
			continue;
		const lm_param *p = &mm->ps[m].p[i];
		char v[64];
		value_text(p, v, sizeof v);
		bool why = p->note[0] && (p->kind == LM_PARAM_TIED || p->kind == LM_PARAM_AT_LEAST ||
					  p->kind == LM_PARAM_AT_MOST);
		fprintf(f, " %s | %s%s%s |", v, why && p->kind == LM_PARAM_TIED ? "" : lm_param_kind_name(p->kind),
			why && p->kind != LM_PARAM_TIED ? ": " : "", why ? p->note : "");
	}
	fputc('\n', f);
}

/* The mix's parameters, a column pair per model it has. */
static void md_param_table(FILE *f, const mix_model *mm)
{
	fputs("| parameter | unit |", f);
	for (int m = 0; m < NMODELS; m++)
		if (mm->has[m])
			fprintf(f, " %s (`%s`) | kind |", lm_fit_model_name((lm_fit_model)m), mm->from[m]);
	fputs("\n|---|---|", f);
	for (int m = 0; m < NMODELS; m++)
		if (mm->has[m])
			fputs("---|---|", f);
	fputc('\n', f);
	for (int i = 0; i < LM_PARAM_COUNT; i++) {
		bool any = false;
		for (int m = 0; m < NMODELS; m++)
			any |= mm->has[m] && mm->ps[m].p[i].kind != LM_PARAM_MISSING;
		if (!any || lm_param_measured((lm_param_id)i)) /* the sweep's, not the mix's: md_peaks */
			continue;
		md_param_row(f, mm, i);
	}
}

/* How well each model fits, which the data prefer, and a note for a poor
 * or flagged fit. */
static void md_fit_notes(FILE *f, const mix_model *mm)
{
	fputs("\nUncertainties are one standard error. ", f);
	for (int m = 0; m < NMODELS; m++) {
		const lm_params *ps = &mm->ps[m];
		if (mm->has[m] && ps->fit_points)
			fprintf(f, "The %s fit: %d points, relative error rms %.1f%%, max %.1f%%%s%s%s. ",
				lm_fit_model_name((lm_fit_model)m), ps->fit_points, 100 * ps->fit_rms,
				100 * ps->fit_max, ps->fit_loss[0] ? " (loss: " : "", ps->fit_loss,
				ps->fit_loss[0] ? ")" : "");
	}
	const lm_params *pb = &mm->ps[mm->has[BASIC] ? BASIC : REFINED];
	if (pb->fit_preferred[0])
		fprintf(f, "Preferred: %s (%s).", pb->fit_preferred, pb->fit_preference);
	fputs("\n\n", f);
	for (int m = 0; m < NMODELS; m++) {
		const lm_params *ps = &mm->ps[m];
		bool poor = mm->has[m] && strncmp(ps->fit_quality, "poor", 4) == 0;
		bool flagged = mm->has[m] && ps->fit_flags[0] && strncmp(ps->fit_flags, "consistent", 10) != 0;
		if (poor || flagged)
			fprintf(f, "Note, %s model: %s%s%s.\n\n", lm_fit_model_name((lm_fit_model)m),
				poor ? ps->fit_quality : "", poor && flagged ? "; " : "", flagged ? ps->fit_flags : "");
	}
}

/* The warps needed and the cusp as the basic model's file derives them
 * (d: its derived figures), by the model and from the data. */
static void md_derived(FILE *f, const double *d)
{
	char a[32], b[32], c[32], e[32];
	fputs("| warps per CU needed (basic model file) | model, 90% | data, 90% | model, 95% | data, 95% |\n"
	      "|---|---|---|---|---|\n", f);
	derived_text(d[LM_DERIVED_MEM_WARPS_90_MODEL], a, sizeof a);
	derived_text(d[LM_DERIVED_MEM_WARPS_90_DATA], b, sizeof b);
	derived_text(d[LM_DERIVED_MEM_WARPS_95_MODEL], c, sizeof c);
	derived_text(d[LM_DERIVED_MEM_WARPS_95_DATA], e, sizeof e);
	fprintf(f, "| memory, alpha = 0 | %s | %s | %s | %s |\n", a, b, c, e);
	derived_text(d[LM_DERIVED_ALU_WARPS_90_MODEL], a, sizeof a);
	derived_text(d[LM_DERIVED_ALU_WARPS_90_DATA], b, sizeof b);
	derived_text(d[LM_DERIVED_ALU_WARPS_95_MODEL], c, sizeof c);
	derived_text(d[LM_DERIVED_ALU_WARPS_95_DATA], e, sizeof e);
	fprintf(f, "| arithmetic, alpha = inf | %s | %s | %s | %s |\n\n", a, b, c, e);
	derived_text(d[LM_DERIVED_CUSP_ALPHA_MODEL], a, sizeof a);
	derived_text(d[LM_DERIVED_CUSP_WARPS_MODEL], b, sizeof b);
	derived_text(d[LM_DERIVED_RATIO_90_MODEL], c, sizeof c);
	derived_text(d[LM_DERIVED_RATIO_90_DATA], e, sizeof e);
	fprintf(f, "Cusp (basic model): alpha = %s, %s warps for the full peak. Memory / arithmetic warps "
		   "for 90%%: model %s, data %s (\"-\": not reached or not known).\n\n", a, b, c, e);
}

static void md_params(FILE *f, const report *rp, const mix_model *mm, point *buf)
{
	fprintf(f, "### %s\n\n", mm->name);
	if (!mm->has[BASIC] && !mm->has[REFINED]) {
		fprintf(f, "No model: %s\n\n", mm->why);
		return;
	}
	md_param_table(f, mm);
	md_fit_notes(f, mm);
	if (!mm->has[BASIC])
		return;
	md_derived(f, mm->ps[BASIC].derived);

	/* the line the latency picture draws through the measured points,
	 * beside the basic fit's mem_lat + alpha alu_lat */
	double slope, icept, xs[MAX_ALPHAS], ys[MAX_ALPHAS];
	size_t k = lm_rp_latency_line(rp, mm->name, buf, &slope, &icept, xs, ys);
	if (k > 1)
		fprintf(f, "Latency at the smallest occupancy (%zu alphas): a straight line through the points "
			   "has intercept %.1f cycles and slope %.2f cycles per add; the basic fit's mem_lat "
			   "and alu_lat are %.1f and %.2f.\n\n",
			k, icept, slope, mm->mp[BASIC].mem_lat, mm->mp[BASIC].alu_lat);
}

/* The highest streaming-read rate measured (stream mix: warp loads a cycle
 * per CU and bytes a second; 0 if none) and arithmetic rate (alpha = inf). */
static void measured_peaks(const report *rp, double *mem, double *bytes, double *alu)
{
	*mem = *bytes = *alu = 0;
	for (size_t i = 0; i < rp->res.n; i++) {
		const lm_result *x = &rp->res.v[i];
		if (strcmp(x->mix, "stream") == 0) {
			*mem = fmax(*mem, x->row.mem_ipc);
			*bytes = fmax(*bytes, x->row.bytes_per_s);
		}
		if (!x->row.alpha.den)
			*alu = fmax(*alu, x->row.alu_ipc);
	}
}

/* gmem's model the data prefer, or NULL; *slot gets it. */
static const mix_model *preferred_gmem(const report *rp, int *slot)
{
	for (size_t m = 0; m < rp->nmix; m++) {
		const mix_model *mm = &rp->mix[m];
		if (strcmp(mm->name, "gmem") != 0 || (!mm->has[BASIC] && !mm->has[REFINED]))
			continue;
		*slot = lm_rp_preferred_slot(mm);
		return mm;
	}
	return NULL;
}

/* "23.1", or "120.3: more than the 64 a CU holds" past the device's limit
 * (most; 0: not known). */
static const char *warps_text(double n, unsigned most, char *buf, size_t size)
{
	if (most && n > most)
		snprintf(buf, size, "%.1f: more than the %u a CU holds", n, most);
	else
		snprintf(buf, size, "%.1f", n);
	return buf;
}

void lm_rp_md_summary(FILE *f, const report *rp, bool drawn, point *buf)
{
	double smem, sbytes, salu;
	measured_peaks(rp, &smem, &sbytes, &salu);
	if (strcmp(rp->res.device_type, "CPU") == 0) {
		fputs("## Summary\n\n"
		      "**A CPU, not a GPU:** its cores run a launch's work-groups in turns and hide latency "
		      "by out-of-order execution and caches, not by switching among resident warps, so "
		      "occupancy does not buy throughput as the model says and latmix fits it no model "
		      "(every fit of a PoCL sweep missed its curves by 20-54%); the curves and the figures "
		      "measured directly are below (a CPU's default sweep measures fewer alphas and chains "
		      "than a GPU's: those its pictures draw).\n\n", f);
		if (sbytes > 0)
			fprintf(f, "- streaming reads (`stream`): %.1f GB/s. Not the memory's bandwidth: the mix reads "
				   "one word a work-item a step, as a GPU's lane does, and PoCL leaves that loop scalar "
				   "(`POCL_VECTORIZER_REMARKS=1`: \"loop not vectorized\"), so this is the cores' rate of "
				   "scalar loads; vectorized readers such as clpeak's reach several times more "
				   "(`doc/results.md`)\n",
				sbytes * 1e-9);
		double c0 = lm_rp_collect(&rp->res, "gmem", 0, 1, buf) ? buf[0].cycles : NAN; /* least occupancy first */
		if (isfinite(c0)) {
			fprintf(f, "- one warp's dependent load (gmem, alpha 0, the least occupancy): %.0f cycles "
				   "of the device's reported clock", c0);
			unsigned long long fp = strtoull(rp->res.footprint, NULL, 10), cache = chase_cache(&rp->res);
			if (fp && cache && fp < 8 * cache)
				fprintf(f, ", over a chase of %.1f times the cache the device reports: under 8, where "
					   "that cache is a core's, part of the loads hit it and this reads low "
					   "(`--footprint` measures past it)", (double)fp / (double)cache);
			fputs("\n", f);
		}
		if (salu > 0)
			fprintf(f, "- independent adds (alpha = inf): %.4g warp adds a cycle per CU\n", salu);
		fputs("\n", f);
		return;
	}
	int slot;
	const mix_model *g = preferred_gmem(rp, &slot);
	if (!g) {
		fputs("## Summary\n\nNo model of the gmem mix (not measured, or its fit failed): the "
		      "measured curves are below.\n\n", f);
		return;
	}
	const lm_model_params *mp = &g->mp[slot];
	const lm_params *ps = &g->ps[slot];
	double mhz = ps->clock_mhz, ns = isfinite(mhz) && mhz > 0 ? 1e3 / mhz : NAN;
	double gbs = mp->mem_thru * mhz * 1e6 * ps->compute_units * ps->simd_width * 4 * 1e-9;
	unsigned chains[MAX_CHAINS];
	size_t nc = lm_rp_chains_of(&rp->res, "gmem", chains);
	unsigned kmax = nc ? chains[nc - 1] : 1;
	double cusp_a = NAN, cusp_n = NAN;
	bool cusp = lm_model_cusp(mp, &cusp_a, &cusp_n);
	fprintf(f, "## Summary\n\n"
		   "From the %s model of the gmem mix (`%s`, the model the data prefer), %s:\n\n"
		   "| | warps per CU for 90%% of the peak |\n|---|---|\n",
		lm_fit_model_name((lm_fit_model)slot), g->from[slot], rp->res.device);
	unsigned most = lm_rp_max_warps(rp);
	char w[96];
	fprintf(f, "| memory bound, one load in flight per thread (alpha = 0) | **%s** |\n",
		warps_text(lm_model_warps_needed(mp, 0, 0.9), most, w, sizeof w));
	if (kmax > 1)
		fprintf(f, "| memory bound, %u independent loads in flight per thread | **%s** |\n", kmax,
			warps_text(lm_model_warps_needed_chains(mp, 0, 0.9, kmax) / kmax, most, w, sizeof w));
	fprintf(f, "| arithmetic bound (independent adds, alpha = inf) | %s |\n",
		warps_text(lm_model_warps_needed(mp, INFINITY, 0.9), most, w, sizeof w));
	if (cusp && isfinite(cusp_a))
		fprintf(f, "| at the cusp, alpha = %.1f adds per load, where both bounds meet | %s |\n", cusp_a,
			warps_text(lm_model_warps_needed(mp, cusp_a, 0.9), most, w, sizeof w));
	fprintf(f, "\nWhy: a load takes **%.0f cycles** (%.0f ns) and an add %.2f cycles (%.2f ns) at %.0f MHz; "
		   "memory delivers at most %.4g warp loads a cycle per CU, %.0f GB/s",
		mp->mem_lat, mp->mem_lat * ns, mp->alu_lat, mp->alu_lat * ns, mhz, mp->mem_thru, gbs);
	if (sbytes > 0)
		fprintf(f, " (the `stream` mix measured %.0f GB/s: %.0f%%)", sbytes * 1e-9, 100 * gbs / (sbytes * 1e-9));
	const lm_param *wr = &ps->p[LM_PARAM_WRITTEN_READ_THRU];
	if (wr->kind == LM_PARAM_VALUE && mp->mem_thru > 0) /* the same clock and units as mem_thru */
		fprintf(f, "; kernels as written, many short work-groups whose loads stay in one window, read "
			"%.0f GB/s (`written-read`: %+.0f%%)", gbs * wr->value / mp->mem_thru,
			100 * (wr->value / mp->mem_thru - 1));
	fputs(". Little's law: the warps needed are the loads in flight a CU must hold, latency x "
	      "throughput.\n\n", f);
	if (drawn)
		fputs("![warps needed against alpha](warps-needed.png)\n\n", f);
}

/* The written mixes' peaks (what kernels as written read, and copy), a
 * row each of the peaks table, at their own rows' clock, where the sweep
 * measured them. */
static void md_written(FILE *f, const report *rp, const lm_fit_result *r)
{
	static const struct {
		const char *mix, *what;
		lm_param_id id;
	} w[] = { { "written-read", "reads as written, many short work-groups", LM_PARAM_WRITTEN_READ_THRU },
		  { "written-copy", "a copy as written (its loads; priced by the store kinds)",
		    LM_PARAM_WRITTEN_COPY_THRU } };
	for (size_t k = 0; k < sizeof w / sizeof w[0]; k++) {
		const lm_param *p = &r->p[w[k].id];
		const lm_row *row = NULL;
		for (size_t i = 0; i < rp->res.n && !row; i++)
			if (strcmp(rp->res.v[i].mix, w[k].mix) == 0)
				row = &rp->res.v[i].row;
		if (row && p->kind == LM_PARAM_VALUE)
			fprintf(f, "| memory: %s (`%s`) | %.4g warp loads/cycle/CU, %.0f GB/s | - | - |\n", w[k].what,
				w[k].mix, p->value, row->bytes_per_s * 1e-9);
	}
}

/* The dispatch mix's parameters (fit/dispatch.h), a row of the peaks
 * table, where the sweep measured them; a bound says so. */
static void md_dispatch(FILE *f, const lm_fit_result *r)
{
	const lm_param *x = &r->p[LM_PARAM_DISPATCH_THRU], *c = &r->p[LM_PARAM_GROUP_COST];
	if (x->kind == LM_PARAM_MISSING)
		return;
	const char *xb = x->kind == LM_PARAM_AT_LEAST ? "at least " : "";
	fprintf(f, "| work-groups taken in (`dispatch`) | %s%.4g", xb, x->value);
	if (isfinite(x->std_error))
		fprintf(f, " ± %.2g", x->std_error);
	fputs(" work-groups/us/CU; a group's start and end ", f);
	if (c->kind == LM_PARAM_VALUE)
		fprintf(f, "%.4g ± %.2g ns", c->value, c->std_error);
	else if (c->kind == LM_PARAM_AT_MOST)
		fprintf(f, "at most %.4g ns (every size ran at the dispatch rate)", c->value);
	else
		fputs("not known", f);
	fputs(" | - | - |\n", f);
}

/* What a warp waits, once ended, for its group's last (written-read at 4
 * to 32 warps a group), a row of the peaks table where the sweep measured
 * any. */
static void md_group_wait(FILE *f, const lm_fit_result *r)
{
	int shown = 0;
	for (int i = 0; i < LM_GROUP_WAIT_SIZES; i++) {
		const lm_param *w = &r->p[LM_PARAM_GROUP_WAIT_4 + i];
		if (w->kind != LM_PARAM_VALUE)
			continue;
		if (!shown++)
			fputs("| a warp's wait, once ended, for its work-group's last (`written-read`, groups held to "
			      "4 a CU or as many as a CU holds) | ", f);
		else
			fputs(", ", f);
		fprintf(f, shown == 1 ? "%.1f%% of its time in a group of %d warps" : "%.1f%% in a group of %d",
			100 * w->value, 4 << i);
	}
	if (shown)
		fputs(" | - | - |\n", f);
}

/* The global-memory cache's hit as params-kernels.ini has it (r): its
 * latency, its bandwidth in bytes at the rows' own clock, and the buffer;
 * or why not, where the sweep measured gmem-cache. */
static void md_cache(FILE *f, const report *rp, const lm_fit_result *r)
{
	const lm_param *lat = &r->p[LM_PARAM_CACHE_LAT], *thru = &r->p[LM_PARAM_CACHE_THRU],
		       *bytes = &r->p[LM_PARAM_CACHE_BYTES], *chains = &r->p[LM_PARAM_CACHE_CHAIN_LAT];
	const lm_row *row = NULL;
	for (size_t i = 0; i < rp->res.n && !row; i++)
		if (strcmp(rp->res.v[i].mix, "stream-cache") == 0 || strcmp(rp->res.v[i].mix, "gmem-cache") == 0)
			row = &rp->res.v[i].row;
	if (!row)
		return;
	fputs("| the global-memory cache's hit (`gmem-cache` at one warp, `stream-cache`'s plateau) | ", f);
	if (lat->kind != LM_PARAM_VALUE) {
		fprintf(f, "%s | - | - |\n", lat->note);
		return;
	}
	fprintf(f, "%.1f cycles", lat->value);
	if (chains->kind == LM_PARAM_VALUE)
		fprintf(f, " (%.1f ± %.1f more a doubling of a warp's chains)", chains->value, chains->std_error);
	if (thru->kind == LM_PARAM_VALUE)
		fprintf(f, ", %.4g warp loads/cycle/CU, %.0f GB/s", thru->value,
			thru->value * row->clock_mhz * 1e6 * row->compute_units * row->simd_width * 4 * 1e-9);
	if (bytes->kind == LM_PARAM_VALUE)
		fprintf(f, ", on %.1f MiB", bytes->value / (1 << 20));
	fputs(" | - | - |\n", f);
}

/* The peaks measured directly (streaming reads; arithmetic-only chains,
 * several per thread where measured) beside the fitted bounds of gmem. */
static void md_peaks(FILE *f, const report *rp)
{
	double mem, bytes, alu;
	measured_peaks(rp, &mem, &bytes, &alu);
	const mix_model *g = NULL;
	for (size_t m = 0; m < rp->nmix; m++)
		if (strcmp(rp->mix[m].name, "gmem") == 0 && rp->mix[m].has[BASIC])
			g = &rp->mix[m];
	fputs("## Peaks measured directly\n\n"
	      "| peak | measured | fitted (basic) | measured / fitted |\n|---|---|---|---|\n", f);
	double fm = g ? g->mp[BASIC].mem_thru : NAN, fa = g ? g->mp[BASIC].alu_thru : NAN;
	if (mem > 0)
		fprintf(f, "| memory: streaming reads (`stream`) | %.4g warp loads/cycle/CU, %.0f GB/s | %.4g | %.2f |\n",
			mem, bytes / 1e9, fm, mem / fm);
	else
		fprintf(f, "| memory: streaming reads (`stream`) | not measured | %.4g | - |\n", fm);
	if (alu > 0)
		fprintf(f, "| arithmetic: independent adds (alpha = inf, every chain count) | %.4g warp adds/cycle/CU | %.4g | %.2f |\n",
			alu, fa, alu / fa);
	/* what a load starting off a line keeps, as params-kernels.ini has it */
	lm_fit_result r;
	lm_fit_measured(&rp->res, &r);
	static const char *const pair[] = { "`stream-shift` / `stream`", "`stream-store-shift` / `stream-store`" };
	for (int i = 0; i < 2; i++) {
		const lm_param *p = &r.p[i ? LM_PARAM_MISALIGNED_STORE : LM_PARAM_MISALIGNED];
		if (p->kind == LM_PARAM_VALUE)
			fprintf(f, "| memory: a warp's load off a line, %s (%s) | %.3g ± %.2g of the aligned "
				"plateau | - | - |\n", i ? "beside a store" : "read-only", pair[i], p->value,
				p->std_error);
	}
	/* stores alone: their plateau in bytes at the rows' own clock */
	const lm_param *st = &r.p[LM_PARAM_STORE_THRU], *sp = &r.p[LM_PARAM_STORE_STEP];
	const lm_row *fill = NULL;
	for (size_t i = 0; i < rp->res.n && !fill; i++)
		if (strcmp(rp->res.v[i].mix, "stream-fill") == 0)
			fill = &rp->res.v[i].row;
	if (fill && st->kind == LM_PARAM_VALUE) {
		fprintf(f, "| memory: stores alone (`stream-fill`) | %.4g warp stores/cycle/CU, %.0f GB/s", st->value,
			st->value * fill->clock_mhz * 1e6 * fill->compute_units * fill->simd_width * 4 * 1e-9);
		if (sp->kind == LM_PARAM_VALUE)
			fprintf(f, "; %.1f cycles a pass at one warp", sp->value);
		fputs(" | - | - |\n", f);
	}
	const lm_param *sc = &r.p[LM_PARAM_SCATTER_STORE_THRU];
	if (fill && sc->kind == LM_PARAM_VALUE) /* 32-byte sectors a warp store, one a lane */
		fprintf(f, "| memory: stores of a sector a lane that a group's rows complete, a transpose's "
			"(`stream-scatter`) | %.4g ± %.2g warp stores/cycle/CU, %.1f G sectors/s | - | - |\n", sc->value,
			sc->std_error, sc->value * fill->clock_mhz * 1e6 * fill->compute_units * fill->simd_width * 1e-9);
	md_written(f, rp, &r);
	md_dispatch(f, &r);
	md_group_wait(f, &r);
	const lm_param *l1 = &r.p[LM_PARAM_L1_THRU];
	if (l1->kind == LM_PARAM_VALUE)
		fprintf(f, "| L1: lines a cycle, for a loop's global loads (`lmem`'s plateau: local memory is "
			"L1's unit) | %.4g ± %.2g lines/cycle/CU | - | - |\n", l1->value, l1->std_error);
	md_cache(f, rp, &r);
	fputs("\nOpenCL reports neither a nominal memory bandwidth nor the lanes per CU, so the fraction "
	      "of the vendor's nominal figures is not given here; compare the bytes per second above "
	      "with the data sheet.\n\n", f);
}

/* One warp's latencies from the sweep's rows beside the flag-free
 * references the sweep ran (lm_meas_reference), where the file has them. */
static void md_references(FILE *f, const report *rp)
{
	if (!rp->res.nref)
		return;
	fputs("## One warp against the flag-free reference\n\n"
	      "Each reference is the same chain, one warp per CU, built without the stop flag and "
	      "timed by each warp's in-kernel clock around its loop where the device has one (else "
	      "by a long launch less a short one): what the sweep's one-warp row must read.\n\n"
	      "| mix | alpha | sweep, 1 warp (cycles per group) | reference | sweep / reference |\n"
	      "|---|---|---|---|---|\n", f);
	for (size_t i = 0; i < rp->res.nref; i++) {
		const lm_result *ref = &rp->res.ref[i];
		double row = NAN;
		for (size_t j = 0; j < rp->res.n; j++) {
			const lm_result *x = &rp->res.v[j];
			if (x->row.warps == 1 && x->row.chains == 1 && strcmp(x->mix, ref->mix) == 0 &&
			    x->row.alpha.num == ref->row.alpha.num && x->row.alpha.den == ref->row.alpha.den)
				row = x->row.cycles_per_group;
		}
		char at[32];
		lm_alpha_format(ref->row.alpha, at, sizeof at);
		fprintf(f, "| %s | %s |", ref->mix, at);
		lm_rp_num(f, row);
		fprintf(f, " | %.6g | ", ref->row.cycles_per_group);
		if (isfinite(row))
			fprintf(f, "%+.2f%% |\n", 100 * (row / ref->row.cycles_per_group - 1));
		else
			fputs("- |\n", f);
	}
	fputs("\n", f);
}

/* At the top: fits that do not describe their data or disagree with a
 * direct measurement, and what a CPU's curves are. */
static void md_warnings(FILE *f, const report *rp)
{
	bool any = false;
	for (size_t i = 0; i < rp->nmix; i++) {
		const mix_model *mm = &rp->mix[i];
		/* the headline: the preferred model's poor fit (the others', and
		 * disagreements with direct measurements, are notes in the mix's
		 * section) */
		int m = lm_rp_preferred_slot(mm);
		const lm_params *ps = &mm->ps[m];
		if (!mm->has[m] || !ps->fit_points || strncmp(ps->fit_quality, "poor", 4) != 0)
			continue;
		if (!any)
			fputs("> **Fits to read with care** (the model each mix's data prefer):\n", f);
		any = true;
		fprintf(f, "> - mix %s, %s model: %s\n", mm->name, lm_fit_model_name((lm_fit_model)m), ps->fit_quality);
	}
	if (any)
		fputs("\n", f);
}

lm_status lm_rp_write_markdown(const report *rp, const lm_report_info *info, point *buf)
{
	lm_file_out *o;
	lm_status s;
	FILE *f = lm_rp_open_out(rp, "report", ".md", &o, &s);
	if (!f)
		return s;
	fprintf(f, "# latmix report: %s\n\n", rp->res.device[0] ? rp->res.device : "unnamed device");
	fprintf(f, "Written by `latmix report` from `%s`. Throughputs are in warp instructions per cycle per "
		   "compute unit (CU), latencies in cycles, occupancy in warps per CU (times the chains per "
		   "thread where a mix has several); alpha is the number of dependent adds per load "
		   "(V. Volkov, *Understanding Latency Hiding on GPUs*, 2016, ch. 4).\n\n", rp->dir);
	if (info->skipped)
		fprintf(f, "> **Plots were skipped**: %s. The gnuplot scripts (`.gp`) and their data (`.dat`) "
			   "are here; run `gnuplot NAME.gp` in this directory to draw `NAME.png` and `NAME.svg`.\n\n",
			info->skip_reason);
	lm_rp_md_summary(f, rp, !info->skipped, buf);
	md_warnings(f, rp);
	fputs("## Device and measurement\n\n", f);
	md_device(f, rp);
	fputs("## Fitted parameters\n\n", f);
	if (strcmp(rp->res.device_type, "CPU") == 0)
		fputs("None: a CPU's curves are not the model's (the summary says why).\n\n", f);
	for (size_t m = 0; m < rp->nmix && strcmp(rp->res.device_type, "CPU") != 0; m++)
		md_params(f, rp, &rp->mix[m], buf);
	md_peaks(f, rp);
	md_references(f, rp);
	lm_rp_md_kernels(f, rp);
	fputs("## Pictures\n\nEach picture is drawn by gnuplot from `NAME.gp` and `NAME.dat` (and "
	      "`NAME-model.dat` for the throughput pictures) in this directory, as PNG and SVG; edit a "
	      "script and rerun `gnuplot NAME.gp` to restyle it.\n\n", f);
	for (size_t i = 0; i < rp->npic; i++) {
		const picture *p = &rp->pic[i];
		fprintf(f, "### %s\n\n", p->title);
		if (info->skipped)
			fprintf(f, "(not drawn: `%s.gp`, `%s.dat`)\n\n", p->name, p->name);
		else
			fprintf(f, "![%s](%s.png)\n\n[SVG](%s.svg) · [script](%s.gp) · [data](%s.dat)\n\n",
				p->title, p->name, p->name, p->name, p->name);
		fprintf(f, "%s\n\n", p->caption);
		if (strlen(p->caption) >= sizeof p->caption - 1) /* never cut unsaid */
			fprintf(stderr, "latmix report: %s: its caption was cut at %zu characters\n", p->name,
				sizeof p->caption - 1);
	}
	return lm_rp_close_out(o, LM_OK);
}
