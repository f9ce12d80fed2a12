/* curves: what the report draws from, the measured curves of the results
 * file (a mix's points at an alpha and a chain count, by occupancy) and
 * the models fitted to them (its parameter files, else fitted here). */
#include "report/report_parts.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/alpha.h"
#include "fit/fit.h"
#include "fit/model.h"
#include "fit/params.h"
#include "fit/results.h"

/* ---- the measured curves ---- */

static double row_alpha(const lm_result *x)
{
	return lm_alpha_value(x->row.alpha);
}

static double row_ipc(const lm_result *x)
{
	return x->row.alpha.den ? x->row.mem_ipc : x->row.alu_ipc;
}

static int by_n(const void *a, const void *b)
{
	const point *x = a, *y = b;
	return (x->n > y->n) - (x->n < y->n);
}

size_t lm_rp_collect(const lm_results *r, const char *mix, double alpha, unsigned chains, point *v)
{
	size_t k = 0;
	for (size_t i = 0; i < r->n; i++) {
		const lm_result *x = &r->v[i];
		unsigned c = x->row.chains ? x->row.chains : 1;
		if (strcmp(x->mix, mix) != 0 || row_alpha(x) != alpha || (chains && c != chains))
			continue;
		v[k++] = (point){ (double)x->row.warps * c, row_ipc(x), x->row.cycles_per_group,
				  x->row.warps, c };
	}
	qsort(v, k, sizeof *v, by_n);
	return k;
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

size_t lm_rp_alphas_of(const lm_results *r, const char *mix, unsigned chains, double *out)
{
	size_t k = 0;
	for (size_t i = 0; i < r->n; i++) {
		const lm_result *x = &r->v[i];
		unsigned c = x->row.chains ? x->row.chains : 1;
		if (strcmp(x->mix, mix) != 0 || (chains && c != chains))
			continue;
		double a = row_alpha(x);
		size_t j = 0;
		while (j < k && out[j] != a)
			j++;
		if (j == k && k < MAX_ALPHAS)
			out[k++] = a;
	}
	qsort(out, k, sizeof *out, by_value);
	return k;
}

size_t lm_rp_chains_of(const lm_results *r, const char *mix, unsigned *out)
{
	size_t k = 0;
	for (size_t i = 0; i < r->n; i++) {
		unsigned c = r->v[i].row.chains ? r->v[i].row.chains : 1;
		if (strcmp(r->v[i].mix, mix) != 0)
			continue;
		size_t j = 0;
		while (j < k && out[j] != c)
			j++;
		if (j == k && k < MAX_CHAINS) {
			while (j > 0 && out[j - 1] > c) {
				out[j] = out[j - 1];
				j--;
			}
			out[j] = c;
			k++;
		}
	}
	return k;
}

double lm_rp_first_reach(const point *v, size_t k, double target)
{
	double n0 = 0, y0 = 0;
	for (size_t i = 0; i < k; i++) {
		if (v[i].ipc >= target)
			return n0 + (v[i].n - n0) * (target - y0) / (v[i].ipc - y0);
		n0 = v[i].n;
		y0 = v[i].ipc;
	}
	return NAN;
}

unsigned lm_rp_max_warps(const report *rp)
{
	const char *mw = lm_results_meta_value(&rp->res, "max_warps_per_cu");
	return mw ? (unsigned)strtoul(mw, NULL, 10) : 0;
}

const char *lm_rp_alpha_text(double a, char *buf, size_t size)
{
	if (isinf(a))
		snprintf(buf, size, "inf");
	else if (a > 0 && a < 1 && fabs(1 / a - round(1 / a)) < 1e-9)
		snprintf(buf, size, "1/%g", round(1 / a));
	else
		snprintf(buf, size, "%g", a);
	return buf;
}

void lm_rp_num(FILE *f, double x)
{
	if (isfinite(x))
		fprintf(f, " %.6g", x);
	else
		fputs(" ?", f);
}

size_t lm_rp_latency_line(const report *rp, const char *mix, point *buf, double *slope,
			  double *icept, double *xs, double *ys)
{
	double alphas[MAX_ALPHAS];
	size_t na = lm_rp_alphas_of(&rp->res, mix, 1, alphas), k = 0;
	for (size_t i = 0; i < na; i++) {
		if (isinf(alphas[i]) || !lm_rp_collect(&rp->res, mix, alphas[i], 1, buf))
			continue;
		xs[k] = alphas[i];
		ys[k++] = buf[0].cycles; /* smallest occupancy first */
	}
	double mx = 0, my = 0, sxy = 0, sxx = 0;
	for (size_t i = 0; i < k; i++)
		mx += xs[i] / (double)k, my += ys[i] / (double)k;
	for (size_t i = 0; i < k; i++)
		sxy += (xs[i] - mx) * (ys[i] - my), sxx += (xs[i] - mx) * (xs[i] - mx);
	*slope = k > 1 && sxx > 0 ? sxy / sxx : NAN;
	*icept = my - *slope * mx;
	return k;
}

/* ---- the models ---- */

static const char *param_file(const char *mix, lm_fit_model m, char *buf, size_t size)
{
	bool main_mix = strcmp(mix, "gmem") == 0;
	snprintf(buf, size, "params%s%s%s.ini", main_mix ? "" : "-", main_mix ? "" : mix,
		 m == LM_FIT_REFINED ? "-refined" : "");
	return buf;
}

lm_status lm_rp_load_models(report *rp, mix_model *mm)
{
	bool any = false;
	for (int m = 0; m < NMODELS; m++) {
		char name[96], path[4200];
		param_file(mm->name, (lm_fit_model)m, name, sizeof name);
		snprintf(path, sizeof path, "%s/%s", rp->dir, name);
		if (access(path, F_OK) != 0)
			continue;
		lm_params ps;
		lm_status s = lm_params_read(path, &ps);
		if (s == LM_OK)
			s = lm_file_input(&rp->inputs, path);
		if (s != LM_OK)
			return s;
		int slot = strcmp(ps.model, "refined") == 0 ? REFINED : BASIC;
		mm->ps[slot] = ps;
		mm->has[slot] = true;
		snprintf(mm->from[slot], sizeof mm->from[slot], "%s", name);
		any = true;
	}
	if (any)
		goto done;
	if (strcmp(rp->res.device_type, "CPU") == 0) {
		/* a CPU's curves are not the model's (lm_rp_md_summary says why) */
		snprintf(mm->why, sizeof mm->why, "a CPU: latmix fits its curves no model (the summary says why)");
		return LM_OK;
	}
	/* No parameter file: fit here, both models, as latmix fit would. */
	lm_fit_data d = { 0 };
	lm_status s = lm_fit_data_from_results(&rp->res, rp->csv, mm->name, &d);
	for (int m = 0; m < NMODELS && s == LM_OK; m++) {
		lm_fit_result fr;
		if ((s = lm_fit_run(&d, (lm_fit_model)m, &fr)) != LM_OK)
			break;
		lm_fit_check(&rp->res, &fr);
		mm->ps[m] = lm_params_empty();
		lm_fit_to_params(&fr, &mm->ps[m]);
		lm_fit_device_to_params(&rp->res, &mm->ps[m]);
		mm->has[m] = true;
		snprintf(mm->from[m], sizeof mm->from[m], "fitted by latmix report");
	}
	lm_fit_data_free(&d);
	if (s != LM_OK) {
		mm->has[BASIC] = mm->has[REFINED] = false;
		snprintf(mm->why, sizeof mm->why, "%s", lm_error_message());
		lm_error_clear();
	}
done:
	for (int m = 0; m < NMODELS; m++)
		if (mm->has[m])
			mm->mp[m] = lm_params_model(&mm->ps[m]);
	return LM_OK;
}

int lm_rp_preferred_slot(const mix_model *mm)
{
	if (!mm->has[BASIC] || !mm->has[REFINED])
		return mm->has[REFINED] ? REFINED : BASIC;
	const char *pref = mm->ps[BASIC].fit_preferred;
	if (pref[0])
		return strcmp(pref, "refined") == 0 ? REFINED : BASIC;
	return mm->ps[REFINED].fit_aic < mm->ps[BASIC].fit_aic ? REFINED : BASIC;
}
