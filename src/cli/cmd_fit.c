/* latmix fit: both models fitted to a results file's curves, the parameter
 * file written and the fit printed. */
#include "config.h"
#include "cli/command.h"
#include "base/file.h"
#include "fit/dispatch.h"
#include "fit/fit.h"
#include "fit/params.h"
#include "fit/results.h"
#include "base/text.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* "12.3" or "not reached" for a derived occupancy. */
static const char *warps_text(double w, char *buf, size_t size)
{
	if (isnan(w))
		snprintf(buf, size, "%s", "not reached");
	else
		snprintf(buf, size, "%.1f", w);
	return buf;
}

static void print_param(FILE *f, const char *key, const char *unit, const lm_param *p)
{
	char val[64];
	if (isnan(p->std_error))
		snprintf(val, sizeof val, "%s%.4g", p->kind == LM_PARAM_AT_LEAST ? ">= " : "", p->value);
	else
		snprintf(val, sizeof val, "%.4g +- %.2g", p->value, p->std_error);
	fprintf(f, "  %-24s %-22s %-19s %-8s %s\n", key, val, unit, lm_param_kind_name(p->kind), p->note);
}

static void print_params(FILE *f, const lm_fit_result *r, const char *written)
{
	fprintf(f, "\n%s model%s%s%s%s: %zu parameters, %zu iterations\n", lm_fit_model_name(r->model),
	       r->issue_cost ? " with issue cost" : "", written ? " (written to " : "",
	       written ? written : "", written ? ")" : "", r->nparams, r->iterations);
	if (!r->converged)
		fprintf(f, "  warning: the solver had not converged after %zu iterations; these are its last "
		       "iterate (notes say so in the file)\n", r->iterations);
	char loss[256];
	lm_fit_loss_text(r, loss, sizeof loss);
	fprintf(f, "  loss: %s\n", loss);
	if (r->poor)
		fprintf(f, "  POOR FIT: RMS relative error %.1f%%, above %.0f%%: these parameters do not describe "
		       "the data\n", 100 * r->rms, 100 * LM_FIT_POOR_RMS);
	if (r->flags[0])
		fprintf(f, "  against direct measurements: %s\n", r->flags);
	for (int i = 0; i < LM_PARAM_COUNT; i++)
		if (r->p[i].kind != LM_PARAM_MISSING && !(r->nkinds > 1 && lm_param_per_kind(i)))
			print_param(f, lm_param_key(i), lm_param_unit(i), &r->p[i]);
	for (size_t k = 0; k < r->nkinds && r->nkinds > 1; k++)
		for (int i = 0; i < LM_PARAM_COUNT; i++) {
			if (!lm_param_per_kind(i) || r->kp[k][i].kind == LM_PARAM_MISSING)
				continue;
			char key[64];
			snprintf(key, sizeof key, "%s.%s", lm_param_key(i), r->kind[k]);
			print_param(f, key, lm_param_unit(i), &r->kp[k][i]);
		}
}

/* "gmem 16", "inf": a curve's label. */
static const char *curve_label(const lm_fit_result *r, const lm_fit_curve *c, char *buf,
			       size_t size)
{
	if (isinf(c->alpha) || r->nkinds < 2)
		snprintf(buf, size, "%g", c->alpha);
	else
		snprintf(buf, size, "%s %g", r->kind[c->kind], c->alpha);
	return buf;
}

static void print_fit(FILE *f, const char *path, const lm_results *res, const lm_fit_result *fr,
		      size_t nfits, size_t want, const char *out, const char *why,
		      const char *cost_why)
{
	fprintf(f, "%s: %s, %zu points, %zu curves, %zu memory kind%s\n", path,
	       res->device[0] ? res->device : "unnamed device", fr[0].points, fr[0].ncurves,
	       fr[0].nkinds, fr[0].nkinds == 1 ? "" : "s");
	fprintf(f, "latencies in cycles, throughputs in warp instructions per cycle per CU; +- one standard error\n");
	for (size_t m = 0; m < nfits; m++)
		print_params(f, &fr[m], m == want ? out : NULL);
	fprintf(f, "\nrelative error, (model - measured) / measured:\n%18s %6s", "alpha", "points");
	for (size_t m = 0; m < nfits; m++) {
		char name[32];
		snprintf(name, sizeof name, "%s%s", lm_fit_model_name(fr[m].model),
			 fr[m].issue_cost ? "+cost" : "");
		fprintf(f, " %12s rms %12s max", name, name);
	}
	fputc('\n', f);
	size_t nk = fr[0].nkinds > 1 ? fr[0].nkinds : 0, rows = fr[0].ncurves + nk;
	char label[64];
	for (size_t c = 0; c <= rows; c++) {
		bool all = c == rows, kind = !all && c >= fr[0].ncurves;
		size_t k = kind ? c - fr[0].ncurves : 0;
		if (all)
			fprintf(f, "%18s %6zu", "all", fr[0].points);
		else if (kind)
			fprintf(f, "%18s %6zu", fr[0].kind[k], fr[0].kind_points[k]);
		else
			fprintf(f, "%18s %6zu", curve_label(&fr[0], &fr[0].curve[c], label, sizeof label),
			       fr[0].curve[c].points);
		for (size_t m = 0; m < nfits; m++)
			fprintf(f, " %15.2f%% %15.2f%%",
			       100 * (all ? fr[m].rms : kind ? fr[m].kind_rms[k] : fr[m].curve[c].rms),
			       100 * (all ? fr[m].max : kind ? fr[m].kind_max[k] : fr[m].curve[c].max));
		fputc('\n', f);
	}
	fprintf(f, "%18s %6s", "AIC", "");
	for (size_t m = 0; m < nfits; m++)
		fprintf(f, " %16.1f %16s", fr[m].aic, "");
	fputc('\n', f);
	fprintf(f, "preferred: %s\n", why);
	if (cost_why)
		fprintf(f, "issue cost: %s\n", cost_why);

	const double *d = fr[want].derived;
	char a[32], b[32];
	fprintf(f, "\nwarps per CU needed (%s model%s, kind %s; data: the measured curve, interpolated):\n"
	       "%-28s %12s %12s\n", lm_fit_model_name(fr[want].model),
	       fr[want].issue_cost ? " with issue cost" : "",
	       fr[want].kind[0][0] ? fr[want].kind[0] : "?", "", "90% of peak", "95% of peak");
	static const struct { const char *label; lm_derived_id id; } lines[] = {
		{ "memory, alpha = 0: model", LM_DERIVED_MEM_WARPS_90_MODEL },
		{ "                   data", LM_DERIVED_MEM_WARPS_90_DATA },
		{ "arithmetic, inf:   model", LM_DERIVED_ALU_WARPS_90_MODEL },
		{ "                   data", LM_DERIVED_ALU_WARPS_90_DATA },
	};
	for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++)
		fprintf(f, "%-28s %12s %12s\n", lines[i].label, warps_text(d[lines[i].id], a, sizeof a),
		       warps_text(d[lines[i].id + 1], b, sizeof b));
	fprintf(f, "cusp: model alpha = %.1f, %s warps for the peak; data alpha = %g, %s warps for 90%% of its own maximum\n",
	       d[LM_DERIVED_CUSP_ALPHA_MODEL], warps_text(d[LM_DERIVED_CUSP_WARPS_MODEL], a, sizeof a),
	       d[LM_DERIVED_CUSP_ALPHA_DATA], warps_text(d[LM_DERIVED_CUSP_WARPS_DATA], b, sizeof b));
	fprintf(f, "memory / arithmetic warps for 90%%: model %.2f, data %.2f (nan: not reached)\n",
	       d[LM_DERIVED_RATIO_90_MODEL], d[LM_DERIVED_RATIO_90_DATA]);
	if (fr[want].p[LM_PARAM_MEM_THRU].kind == LM_PARAM_AT_LEAST)
		fprintf(f, "mem_thru is a lower bound, so the memory figures are too\n");
}

/* Per-kind items are "mem_lat.lmem"; a model fitted with issue cost is
 * "basic+cost". */
static void csv_fit(FILE *f, const lm_fit_result *fr, size_t nfits)
{
	fprintf(f, "model,item,alpha,value,std_error,kind,unit\n");
	for (size_t m = 0; m < nfits; m++) {
		char name[32];
		snprintf(name, sizeof name, "%s%s", lm_fit_model_name(fr[m].model),
			 fr[m].issue_cost ? "+cost" : "");
		for (int i = 0; i < LM_PARAM_COUNT; i++)
			if (fr[m].p[i].kind != LM_PARAM_MISSING)
				fprintf(f, "%s,%s,,%.9g,%.3g,%s,%s\n", name, lm_param_key(i), fr[m].p[i].value,
				       fr[m].p[i].std_error, lm_param_kind_name(fr[m].p[i].kind), lm_param_unit(i));
		for (size_t k = 1; k < fr[m].nkinds; k++)
			for (int i = 0; i < LM_PARAM_COUNT; i++) {
				const lm_param *p = &fr[m].kp[k][i];
				if (lm_param_per_kind(i) && p->kind != LM_PARAM_MISSING)
					fprintf(f, "%s,%s.%s,,%.9g,%.3g,%s,%s\n", name, lm_param_key(i), fr[m].kind[k],
					       p->value, p->std_error, lm_param_kind_name(p->kind), lm_param_unit(i));
			}
		for (size_t c = 0; c < fr[m].ncurves; c++) {
			const char *kn = fr[m].nkinds > 1 && !isinf(fr[m].curve[c].alpha) ? fr[m].kind[fr[m].curve[c].kind] : "";
			fprintf(f, "%s,rms_rel_error%s%s,%g,%.6g,,,1\n%s,max_rel_error%s%s,%g,%.6g,,,1\n", name,
			       *kn ? "." : "", kn, fr[m].curve[c].alpha, fr[m].curve[c].rms, name,
			       *kn ? "." : "", kn, fr[m].curve[c].alpha, fr[m].curve[c].max);
		}
		fprintf(f, "%s,rms_rel_error,,%.6g,,,1\n%s,max_rel_error,,%.6g,,,1\n%s,aic,,%.6g,,,1\n", name,
		       fr[m].rms, name, fr[m].max, name, fr[m].aic);
		for (int i = 0; i < LM_DERIVED_COUNT; i++)
			fprintf(f, "%s,%s,,%.6g,,,\n", name, lm_derived_key(i), fr[m].derived[i]);
	}
}

/* Provenance and device fields of a fitted parameter file. */
static void fit_provenance(lm_params *ps, const char *path, const lm_results *res,
			   const char *mix, size_t npoints)
{
	snprintf(ps->tool_version, sizeof ps->tool_version, "%s", LATMIX_VERSION);
	snprintf(ps->origin, sizeof ps->origin, "fit");
	snprintf(ps->source, sizeof ps->source, "%.100s, mix %s, %zu points", path, mix, npoints);
	lm_text_iso_now(ps->created, sizeof ps->created);
	lm_fit_device_to_params(res, ps);
}

/* One run of fit: the results file and the points taken from it, the
 * parameter file it writes (out), every fit (per model: without issue
 * cost, then with it where --issue-cost asks), which fit is written (w)
 * and what comparing them said. fitting_free frees what it holds. */
typedef struct {
	const lm_options *o;
	const char *path, *mix;
	lm_results res;
	lm_fit_data d;
	lm_file_inputs inputs;
	lm_fit_result fr[2 * LM_FIT_NMODELS];
	size_t per, nfits, w;
	char out[4096];
	lm_fit_model pref;
	char why[LM_PARAMS_TEXT], cost_why[LM_PARAMS_TEXT];
} fitting;

/* Frees what a fitting holds; its fits need no freeing. */
static void fitting_free(fitting *ft)
{
	lm_fit_data_free(&ft->d);
	lm_results_free(&ft->res);
	lm_file_inputs_free(&ft->inputs);
}

/* The parameter file's name: --output, or beside the results file
 * params.ini for gmem, params-MIX.ini, params-A+B.ini for a list. */
static void params_path(fitting *ft)
{
	if (ft->o->output) {
		snprintf(ft->out, sizeof ft->out, "%s", ft->o->output);
		return;
	}
	char tag[128];
	snprintf(tag, sizeof tag, "%s", ft->mix);
	for (char *c = tag; *c; c++)
		if (*c == ',')
			*c = '+';
	const char *slash = strrchr(ft->path, '/');
	bool gmem = strcmp(tag, "gmem") == 0;
	snprintf(ft->out, sizeof ft->out, "%.*sparams%s%s.ini", slash ? (int)(slash - ft->path + 1) : 0,
		 ft->path, gmem ? "" : "-", gmem ? "" : tag);
}

/* Says which points were kept, or left out, although not co-resident. */
static void say_not_coresident(const fitting *ft)
{
	if (ft->d.kept_not_coresident)
		fprintf(stderr, "latmix fit: %zu point(s) of %s kept although not co-resident: a CPU runs "
			"work-groups in turns, so its curves describe that, not resident warps\n",
			ft->d.kept_not_coresident, ft->path);
	if (ft->d.not_coresident)
		fprintf(stderr, "latmix fit: %zu point(s) of %s left out: not co-resident (fewer warps ran at "
			"once than their occupancy says)\n", ft->d.not_coresident, ft->path);
}

/* Every fit, each checked against the direct measurements. */
static lm_status fit_all(fitting *ft)
{
	for (size_t m = 0; m < ft->nfits; m++) {
		lm_status s = lm_fit_run_with(&ft->d, (lm_fit_model)(m / ft->per), m % ft->per == 1, &ft->fr[m]);
		if (s != LM_OK)
			return s;
		lm_fit_check(&ft->res, &ft->fr[m]);
		lm_fit_measured(&ft->res, &ft->fr[m]);
	}
	return LM_OK;
}

/* The model the data prefer and why, the fit written (want's, with cost
 * if asked) and, with --issue-cost, whether the cost pays. */
static void compare_fits(fitting *ft, lm_fit_model want)
{
	size_t last = ft->per - 1; /* the fits compared and written: with cost if asked */
	ft->pref = lm_fit_prefer(&ft->fr[last], &ft->fr[ft->per + last], ft->why, sizeof ft->why);
	ft->w = (size_t)want * ft->per + last;
	if (ft->o->issue_cost)
		lm_fit_cost_pays(&ft->fr[ft->w - 1], &ft->fr[ft->w], ft->cost_why, sizeof ft->cost_why);
}

/* The parameter file of the fit written: its provenance and device, the
 * fit, the preference and, with --issue-cost, both fits' figures. */
static lm_params fitted_params(const fitting *ft)
{
	const lm_fit_result *fw = &ft->fr[ft->w];
	lm_params ps = lm_params_empty();
	fit_provenance(&ps, ft->path, &ft->res, ft->mix, ft->d.n);
	lm_fit_to_params(fw, &ps);
	snprintf(ps.fit_preferred, sizeof ps.fit_preferred, "%s", lm_fit_model_name(ft->pref));
	snprintf(ps.fit_preference, sizeof ps.fit_preference, "%s", ft->why);
	if (ft->o->issue_cost) {
		ps.fit_rms_no_cost = ft->fr[ft->w - 1].rms;
		ps.fit_aic_no_cost = ft->fr[ft->w - 1].aic;
		ps.fit_rms_cost = fw->rms;
		ps.fit_aic_cost = fw->aic;
		snprintf(ps.fit_cost_preference, sizeof ps.fit_cost_preference, "%s", ft->cost_why);
	}
	return ps;
}

/* Warns of what the written fit's numbers mean less than they seem: a
 * robust loss given up, a poor fit, flags against direct measurements. */
static void warn_fit(const fitting *ft)
{
	const lm_fit_result *fw = &ft->fr[ft->w];
	if (fw->robust_dropped)
		fprintf(stderr, "latmix fit: %s, mix %s: the robust loss down-weighted %zu of %zu points; "
			"fitted by least squares on each curve's upper envelope instead\n", ft->path, ft->mix,
			fw->downweighted, fw->points);
	if (fw->poor)
		fprintf(stderr, "latmix fit: warning: %s, mix %s: a poor fit (RMS relative error %.1f%%, "
			"above %.0f%%): its parameters do not describe the data\n", ft->path, ft->mix,
			100 * fw->rms, 100 * LM_FIT_POOR_RMS);
	if (fw->flags[0])
		fprintf(stderr, "latmix fit: warning: %s, mix %s: %s\n", ft->path, ft->mix, fw->flags);
}

/* fit --mix dispatch: the dispatch parameters alone (fit/dispatch.h),
 * into a parameter file of their own, printed with their notes. */
static lm_status fit_dispatch(fitting *ft, FILE *f)
{
	lm_params ps = lm_params_empty();
	lm_fit_dispatch(&ft->res, &ps.p[LM_PARAM_DISPATCH_THRU], &ps.p[LM_PARAM_GROUP_COST]);
	size_t rows = 0;
	for (size_t i = 0; i < ft->res.n; i++)
		rows += strcmp(ft->res.v[i].mix, "dispatch") == 0;
	if (!rows)
		return lm_fail(LM_EFIT, "%s: no points of mix 'dispatch'", ft->path);
	fit_provenance(&ps, ft->path, &ft->res, "dispatch", rows);
	lm_status s = lm_params_write(ft->out, &ps, &ft->inputs);
	if (s != LM_OK)
		return s;
	fprintf(f, "%s: mix dispatch, %zu work-group sizes\n", ft->path, rows);
	for (int id = LM_PARAM_DISPATCH_THRU; id <= LM_PARAM_GROUP_COST; id++) {
		const lm_param *p = &ps.p[id];
		if (p->kind == LM_PARAM_MISSING)
			fprintf(f, "  %-14s not known: %s\n", lm_param_key((lm_param_id)id), p->note);
		else {
			char se[48] = "";
			if (isfinite(p->std_error))
				snprintf(se, sizeof se, " +- %.2g", p->std_error);
			fprintf(f, "  %-14s %s%.4g%s %s (%s)\n", lm_param_key((lm_param_id)id),
				p->kind == LM_PARAM_AT_MOST ? "at most " : p->kind == LM_PARAM_AT_LEAST ? "at least " : "",
				p->value, se, lm_param_unit((lm_param_id)id), p->note);
		}
	}
	fprintf(f, "parameters written to %s\n", ft->out);
	return LM_OK;
}

lm_status lm_cli_fit(const lm_options *o, FILE *f)
{
	lm_fit_model want;
	lm_status s = lm_fit_model_parse(o->model, &want);
	if (s != LM_OK)
		return s;
	fitting ft = { .o = o, .path = o->args[0], .mix = o->mix ? o->mix : "gmem" };
	ft.per = o->issue_cost ? 2 : 1;
	ft.nfits = ft.per * LM_FIT_NMODELS;
	if ((s = lm_results_read(ft.path, &ft.res)) != LM_OK ||
	    (s = lm_file_input(&ft.inputs, ft.path)) != LM_OK)
		goto done;
	params_path(&ft);
	if (strcmp(ft.mix, "dispatch") == 0) {
		if ((s = lm_file_not_input(&ft.inputs, ft.out)) == LM_OK)
			s = fit_dispatch(&ft, f);
		goto done;
	}
	/* not over the data, said before the fit's seconds are spent */
	if ((s = lm_file_not_input(&ft.inputs, ft.out)) != LM_OK ||
	    (s = lm_fit_data_from_results(&ft.res, ft.path, ft.mix, &ft.d)) != LM_OK)
		goto done;
	say_not_coresident(&ft);
	if ((s = fit_all(&ft)) != LM_OK)
		goto done;
	compare_fits(&ft, want);
	lm_params ps = fitted_params(&ft);
	if ((s = lm_params_write(ft.out, &ps, &ft.inputs)) != LM_OK)
		goto done;
	if (o->csv)
		csv_fit(f, ft.fr, ft.nfits);
	else
		print_fit(f, ft.path, &ft.res, ft.fr, ft.nfits, ft.w, ft.out, ft.why,
			  o->issue_cost ? ft.cost_why : NULL);
	warn_fit(&ft);
done:
	fitting_free(&ft);
	return s;
}

static const lm_opt options[] = {
	{ "csv", 0, LM_OPT_FLAG, NULL, 0, 0, LM_OPT_OFF(csv), NULL,
	  "the fit as CSV (model, item, alpha, value, std_error, kind, unit)",
	  .role = LM_OPTION_OTHER },
	{ "mix", 'm', LM_OPT_STR, NULL, 0, 0, LM_OPT_OFF(mix), "MIX",
	  "the mix fitted, or a comma list or 'all' (stream excluded) for one joint fit with a memory kind per mix ({MIXES}); default gmem; 'dispatch' fits the dispatch parameters alone (params-dispatch.ini)",
	  .role = LM_OPTION_SELECTS },
	{ "output", 'o', LM_OPT_STR, NULL, 0, 0, LM_OPT_OFF(output), "PATH",
	  "the parameter file, written whole, never over the data; default params.ini beside the CSV (params-MIX.ini for another mix)",
	  .role = LM_OPTION_OTHER },
	{ "model", 0, LM_OPT_STR, "basic", 0, 0, LM_OPT_OFF(model), "MODEL",
	  "model whose parameters fit writes: basic (thesis 4.1) or refined (a gradual knee, and chains that lengthen a step); both are fitted and shown",
	  .role = LM_OPTION_OTHER },
	{ "issue-cost", 0, LM_OPT_FLAG, NULL, 0, 0, LM_OPT_OFF(issue_cost), NULL,
	  "also fit an issue cost per memory kind (issue bound issue_thru / (alpha + cost)); "
	  "fits without and with are compared by AIC, the one with cost is written",
	  .role = LM_OPTION_OTHER },
};

static lm_status cmd_fit(const lm_options *o)
{
	return lm_cli_fit(o, stdout);
}

static const lm_opt_table table = LM_OPT_TABLE(options);

const lm_command lm_cmd_fit = { "fit", &table, cmd_fit, "DATA.csv", 1, 1,
	  "fit both models to one mix's measured curves, or jointly to several (a memory kind "
	  "each); writes a parameter file (-o; default params.ini beside DATA, params-MIX.ini "
	  "for other mixes than gmem, params-all.ini for --mix all)", NULL };
