#include "report/report.h"

#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/alpha.h"
#include "base/file.h"
#include "fit/fit.h"
#include "report/gnuplot.h"
#include "bench/kernels.h"
#include "asm/count.h"
#include "fit/model.h"
#include "fit/params.h"
#include "fit/results.h"

#define MAX_MIXES 16
#define MAX_ALPHAS 32
#define MAX_PICS 64
#define MAX_CHAINS 8
#define GRID 240 /* samples along a model line */
#define WARPS_FRACTION 0.9

enum { BASIC = LM_FIT_BASIC, REFINED = LM_FIT_REFINED, NMODELS = LM_FIT_NMODELS };

typedef struct {
	char name[48];
	bool has[NMODELS];
	lm_params ps[NMODELS];
	lm_model_params mp[NMODELS];
	char from[NMODELS][96];      /* the file, or "fitted by latmix report" */
	char why[LM_PARAMS_TEXT + 64]; /* why there is no model, if none */
} mix_model;

typedef struct {
	char name[96];
	char title[256];
	char caption[1024];
} picture;

typedef struct {
	const char *dir;
	char out[4000];
	char csv[4096];
	lm_results res;
	mix_model mix[MAX_MIXES];
	size_t nmix;
	picture pic[MAX_PICS];
	size_t npic;
	lm_file_inputs inputs; /* the files read: none is written over */
	lm_results kres;       /* kernels.csv beside the measurements: users' kernels */
	bool has_kparams;      /* params-kernels.ini: the loads' and stores' kinds */
	lm_model_params kload;
	lm_model_kinds kkinds; /* its store kinds (n 0: none) and scattered kind */
	double k_rate; /* loads a second per load a cycle per CU: clock x CUs x SIMD width */
} report;

/* One measured point of a curve; n is the model's occupancy, warps x chains. */
typedef struct {
	double n, ipc, cycles;
	unsigned warps, chains;
} point;

static const char *const colours[] = {
	"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2",
	"#7f7f7f", "#bcbd22", "#17becf", "#393b79", "#637939", "#8c6d31", "#843c39",
	"#7b4173", "#000000",
};
#define NCOLOURS (sizeof colours / sizeof colours[0])
static const int chain_points[] = { 7, 5, 9, 13, 11, 15, 4, 6 }; /* gnuplot point types */

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

/* Points of mix at alpha with chains chains (0: any), by occupancy. v must
 * hold r->n points. */
static size_t collect(const lm_results *r, const char *mix, double alpha, unsigned chains,
		      point *v)
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

/* The distinct alphas of mix (with chains chains; 0: any), ascending, inf last. */
static size_t alphas_of(const lm_results *r, const char *mix, unsigned chains, double *out)
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

/* The distinct chain counts of mix, ascending. */
static size_t chains_of(const lm_results *r, const char *mix, unsigned *out)
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

/* Occupancy where a measured curve first reaches target, interpolated
 * linearly (from the origin before the first point); NAN if never. */
static double first_reach(const point *v, size_t k, double target)
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

static const char *alpha_text(double a, char *buf, size_t size)
{
	if (isinf(a))
		snprintf(buf, size, "inf");
	else if (a > 0 && a < 1 && fabs(1 / a - round(1 / a)) < 1e-9)
		snprintf(buf, size, "1/%g", round(1 / a));
	else
		snprintf(buf, size, "%g", a);
	return buf;
}

/* A number for a .dat file; '?' (gnuplot's missing marker here) if not finite. */
static void num(FILE *f, double x)
{
	if (isfinite(x))
		fprintf(f, " %.6g", x);
	else
		fputs(" ?", f);
}

/* ---- the models ---- */

static const char *param_file(const char *mix, lm_fit_model m, char *buf, size_t size)
{
	bool main_mix = strcmp(mix, "gmem") == 0;
	snprintf(buf, size, "params%s%s%s.ini", main_mix ? "" : "-", main_mix ? "" : mix,
		 m == LM_FIT_REFINED ? "-refined" : "");
	return buf;
}

static lm_status load_models(report *rp, mix_model *mm)
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
		/* a CPU's curves are not the model's (md_summary says why) */
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

/* The model a mix's data prefer: the parameter file's word, else the
 * lower AIC, else the one there is. */
static int preferred_slot(const mix_model *mm)
{
	if (!mm->has[BASIC] || !mm->has[REFINED])
		return mm->has[REFINED] ? REFINED : BASIC;
	const char *pref = mm->ps[BASIC].fit_preferred;
	if (pref[0])
		return strcmp(pref, "refined") == 0 ? REFINED : BASIC;
	return mm->ps[REFINED].fit_aic < mm->ps[BASIC].fit_aic ? REFINED : BASIC;
}

/* ---- files ---- */

/* rp->out/NAME.EXT, to be written whole: its stream, or NULL with *s
 * set. close_out ends it. */
static FILE *open_out(const report *rp, const char *name, const char *ext, lm_file_out **o,
		      lm_status *s)
{
	char path[4200];
	snprintf(path, sizeof path, "%s/%s%s", rp->out, name, ext);
	if ((*s = lm_file_create(path, &rp->inputs, o)) != LM_OK) {
		*o = NULL;
		return NULL;
	}
	return lm_file_stream(*o);
}

/* What open_out opened (NULL: nothing), in place if s is LM_OK and it is
 * written whole, else abandoned; the status. */
static lm_status close_out(lm_file_out *o, lm_status s)
{
	if (!o)
		return s;
	if (s != LM_OK) {
		lm_file_discard(o);
		return s;
	}
	return lm_file_commit(o);
}

static picture *add_picture(report *rp, const char *name, const char *title)
{
	if (rp->npic == MAX_PICS)
		return NULL;
	picture *p = &rp->pic[rp->npic++];
	snprintf(p->name, sizeof p->name, "%s", name);
	snprintf(p->title, sizeof p->title, "%s", title);
	p->caption[0] = '\0';
	return p;
}

static void key_lines(FILE *g, bool refined)
{
	fputs("keyentry with points pt 7 lc rgb 'black' title 'measured', \\\n"
	      "  keyentry with lines lw 2 lc rgb 'black' title 'basic model'", g);
	if (refined)
		fputs(", \\\n  keyentry with lines lw 2 dt 2 lc rgb 'black' title 'refined model'", g);
}

/* Throughput against occupancy (thesis Figs. 4.1, 4.3): one curve per alpha
 * with chains 1, or, with chained, every chain count at occupancy n x k. */
static lm_status throughput_picture(report *rp, const mix_model *mm, bool chained, point *buf)
{
	const char *mix = mm->name;
	char name[96], title[256], a_txt[32];
	snprintf(name, sizeof name, "throughput-%s%s", mix, chained ? "-chains" : "");
	double alphas[MAX_ALPHAS];
	unsigned chains[MAX_CHAINS] = { 1 };
	size_t nc = chained ? chains_of(&rp->res, mix, chains) : 1;
	size_t na = alphas_of(&rp->res, mix, chained ? 0 : 1, alphas);
	if (chained) { /* only alphas measured with more than one chain */
		size_t k = 0;
		for (size_t i = 0; i < na; i++)
			if (collect(&rp->res, mix, alphas[i], 0, buf) > collect(&rp->res, mix, alphas[i], 1, buf))
				alphas[k++] = alphas[i];
		na = k;
	}
	if (!na)
		return LM_OK;
	lm_status s = LM_OK;
	FILE *d = NULL, *md = NULL, *g = NULL;
	lm_file_out *od = NULL, *omd = NULL, *og = NULL;
	if (!(d = open_out(rp, name, ".dat", &od, &s)) || !(g = open_out(rp, name, ".gp", &og, &s)) ||
	    (mm->has[BASIC] && !(md = open_out(rp, name, "-model.dat", &omd, &s))))
		goto done;
	fprintf(d, "# latmix report: %s, mix %s, measured; one block per (alpha, chains), in the order of the\n"
		   "# '# block' lines. Columns: occupancy n = warps per CU x chains, throughput in warp\n"
		   "# instructions per cycle per CU (memory; arithmetic for alpha = inf), warps per CU, chains\n",
		rp->res.device, mix);
	double nmax = 1;
	int block = 0;
	for (size_t i = 0; i < na; i++) {
		for (size_t c = 0; c < nc; c++) {
			size_t k = collect(&rp->res, mix, alphas[i], chains[c], buf);
			if (!k)
				continue;
			fprintf(d, "%s# block %d: alpha = %s, chains = %u\n", block ? "\n\n" : "", block,
				alpha_text(alphas[i], a_txt, sizeof a_txt), chains[c]);
			for (size_t j = 0; j < k; j++) {
				fprintf(d, "%g %.6g %u %u\n", buf[j].n, buf[j].ipc, buf[j].warps, buf[j].chains);
				nmax = fmax(nmax, buf[j].n);
			}
			block++;
		}
	}
	bool refined = mm->has[REFINED];
	if (mm->has[BASIC]) {
		fprintf(md, "# latmix report: the model for mix %s, one block per alpha as in %s.gp.\n"
			    "# Columns: occupancy n (warps per CU x chains), basic model, refined model ('?': none)\n"
			    "# at each chains count of %s.dat in turn (the basic model has no chains term),\n"
			    "# in the unit of %s.dat\n", mix, name, name, name);
		for (size_t i = 0; i < na; i++) {
			fprintf(md, "%s# block %zu: alpha = %s\n", i ? "\n\n" : "", i,
				alpha_text(alphas[i], a_txt, sizeof a_txt));
			for (int j = 0; j <= GRID; j++) {
				double n = pow(nmax, (double)j / GRID);
				fprintf(md, "%.6g", n);
				for (int m = 0; m < NMODELS; m++)
					for (size_t c = 0; c < (m == BASIC ? 1 : nc); c++) {
						lm_model_point pt = lm_model_eval_chains(&mm->mp[m], n, alphas[i],
											 chains[c]);
						num(md, !mm->has[m] ? NAN : isinf(alphas[i]) ? pt.alu_ipc : pt.mem_ipc);
					}
				fputc('\n', md);
			}
		}
	}
	snprintf(title, sizeof title, "%s: throughput against occupancy, mix %s%s", rp->res.device, mix,
		 chained ? ", k independent chains per thread" : "");
	lm_gnuplot_begin(g, name, title);
	fprintf(g, "set title \"%s\" noenhanced\n"
		   "set logscale xy\n"
		   "set format y '%%g'\n"
		   "set xlabel 'occupancy n = warps per CU%s'\n"
		   "set ylabel 'warp instructions / cycle / CU (memory; arithmetic for alpha = inf)'\n"
		   "set key below horizontal\n"
		   "set xrange [0.8:%g]\n",
		title, chained ? " x chains k" : "", nmax * 1.25);
	/* one colour per alpha, from a palette dark to light with its scale
	 * beside the plot: a legend entry per alpha would not read */
	fprintf(g, "set palette defined (0 '#0d0887', 1 '#7e03a8', 2 '#cc4778', 3 '#f0803c', 4 '#c9a800')\n"
		   "set palette maxcolors %zu\nset cbrange [-0.5:%g]\nset cblabel 'alpha, adds per load'\n"
		   "set cbtics (", na > 1 ? na : 2, (double)na - 0.5);
	for (size_t i = 0; i < na; i++)
		fprintf(g, "%s'%s' %zu", i ? ", " : "", alpha_text(alphas[i], a_txt, sizeof a_txt), i);
	fputs(")\nset colorbox\nplot ", g);
	block = 0;
	for (size_t i = 0; i < na; i++) {
		for (size_t c = 0; c < nc; c++) {
			size_t k = collect(&rp->res, mix, alphas[i], chains[c], buf);
			if (!k)
				continue;
			fprintf(g, "'%s.dat' index %d using 1:2 with points pt %d ps %s lc palette cb %zu notitle, \\\n  ",
				name, block, chained ? chain_points[c % 8] : 7, chained ? "0.7" : "0.8", i);
			block++;
		}
		/* the basic model has no chains term: the chains picture draws
		 * the refined model alone */
		if (mm->has[BASIC] && !(chained && refined))
			fprintf(g, "'%s-model.dat' index %zu using 1:2 with lines lw 2 lc palette cb %zu notitle, \\\n  ",
				name, i, i);
		/* the refined model: a line per chains count (one for alpha = inf,
		 * where chains do not enter) */
		for (size_t c = 0; refined && c < (isinf(alphas[i]) ? 1 : nc); c++)
			fprintf(g, "'%s-model.dat' index %zu using 1:%zu with lines lw 2 dt 2 lc palette cb %zu notitle, \\\n  ",
				name, i, 3 + c, i);
	}
	if (chained) {
		for (size_t c = 0; c < nc && c < 4; c++)
			fprintf(g, "keyentry with points pt %d lc rgb 'black' title 'k = %u', \\\n  ",
				chain_points[c % 8], chains[c]);
		fprintf(g, "keyentry with lines lw 2 %s lc rgb 'black' title '%s model'", refined ? "dt 2" : "",
			refined ? "refined" : "basic");
	} else if (mm->has[BASIC]) {
		key_lines(g, refined);
	} else {
		fputs("keyentry with points pt 7 lc rgb 'black' title 'measured'", g);
	}
	fputc('\n', g);
	lm_gnuplot_end(g, name);

	picture *p = add_picture(rp, name, title);
	if (p && chained)
		snprintf(p->caption, sizeof p->caption,
			 "The gmem curves measured with k = 1, 2, 4, 8 independent chains per thread (point shape), "
			 "plotted at occupancy n x k, one colour per alpha (the scale at the right): if chains are as "
			 "good as warps, every shape of one colour falls on the same line, the refined model's. Points above 64 warps exist only through chains; they show where "
			 "the memory system really saturates.");
	else if (p && mm->has[BASIC])
		snprintf(p->caption, sizeof p->caption,
			 "One colour per alpha (adds per load; the scale at the right), chains 1; points are "
			 "measured, solid lines the basic model%s. On these log-log axes the latency-bound part of a curve is a straight rise "
			 "of slope 1 (n / Latency) and the throughput bound is flat; the knee is the occupancy the "
			 "model says is needed. Memory throughput is plotted, arithmetic for alpha = inf.",
			 refined ? ", dashed the refined model (a gradual knee), which bends into the "
				   "plateau gradually as measured curves do" : "");
	else if (p)
		snprintf(p->caption, sizeof p->caption,
			 "Measured throughput only (no model for this mix: %s). Log-log axes: a straight rise is "
			 "latency bound, a flat part throughput bound.", mm->why);
done:
	s = close_out(od, s);
	s = close_out(omd, s);
	return close_out(og, s);
}

/* Measured warps needed for WARPS_FRACTION of model m's peak at alpha,
 * over every chain count (occupancy n x k); *at_least gets the largest
 * occupancy measured when the curve never gets there. */
static double measured_warps(const report *rp, const mix_model *mm, int m, double alpha, point *buf,
			     double *at_least)
{
	size_t k = collect(&rp->res, mm->name, alpha, 0, buf);
	double w = first_reach(buf, k, WARPS_FRACTION * lm_model_peak(&mm->mp[m], alpha, NULL));
	*at_least = isnan(w) && k ? buf[k - 1].n : NAN;
	return w;
}

/* Model m's warps needed for WARPS_FRACTION of its peak at alpha, read as
 * the measured curves are: the least occupancy over the chain counts
 * measured there, each within the warps measured with it (the refined
 * model's step is longer with more chains); NAN if none gets there. */
static double model_warps_as_measured(const report *rp, const mix_model *mm, int m, double alpha,
				      point *buf)
{
	size_t k = collect(&rp->res, mm->name, alpha, 0, buf);
	double best = NAN;
	for (size_t i = 0; i < k; i++) {
		unsigned c = buf[i].chains, most = 0;
		for (size_t j = 0; j < k; j++)
			if (buf[j].chains == c && buf[j].warps > most)
				most = buf[j].warps;
		double n = lm_model_warps_needed_chains(&mm->mp[m], alpha, WARPS_FRACTION, c);
		if (n / c <= most && !(n >= best))
			best = n;
	}
	return best;
}

/* Where alpha = 0 and alpha = inf sit on a log axis: a factor 4 beyond the
 * measured finite alphas. */
static void axis_ends(const double *alphas, size_t na, double *zero_x, double *inf_x)
{
	double lo = INFINITY, hi = 0;
	for (size_t i = 0; i < na; i++)
		if (alphas[i] > 0 && isfinite(alphas[i])) {
			lo = fmin(lo, alphas[i]);
			hi = fmax(hi, alphas[i]);
		}
	if (!isfinite(lo))
		lo = 1, hi = 256;
	*zero_x = lo / 4;
	*inf_x = hi * 4;
}

static double axis_x(double a, double zero_x, double inf_x)
{
	return a == 0 ? zero_x : isinf(a) ? inf_x : a;
}

/* A data row of the warps-needed picture: x position, alpha, value. */
static void alpha_row(FILE *d, double a, double zero_x, double inf_x, double value)
{
	char t[32];
	fprintf(d, "%g %s", axis_x(a, zero_x, inf_x), alpha_text(a, t, sizeof t));
	num(d, value);
	fputc('\n', d);
}

static void alpha_tics(FILE *g, const double *alphas, size_t na, double zero_x, double inf_x)
{
	char t[32];
	fputs("set xtics (", g);
	for (size_t i = 0; i < na; i++)
		fprintf(g, "%s\"%s\" %g", i ? ", " : "", alpha_text(alphas[i], t, sizeof t),
			axis_x(alphas[i], zero_x, inf_x));
	fputs(")\n", g);
}

/* Warps needed for 90% of the peak against alpha (thesis Fig. 4.6). */
static lm_status warps_picture(report *rp, const mix_model *mm, bool detail, point *buf)
{
	const char *name = detail ? "warps-needed-detail" : "warps-needed";
	int pref = preferred_slot(mm);
	double alphas[MAX_ALPHAS], zero_x, inf_x;
	size_t na = alphas_of(&rp->res, mm->name, 0, alphas);
	axis_ends(alphas, na, &zero_x, &inf_x);
	lm_status s = LM_OK;
	FILE *d = NULL, *g = NULL;
	lm_file_out *od = NULL, *og = NULL;
	if (!(d = open_out(rp, name, ".dat", &od, &s)) || !(g = open_out(rp, name, ".gp", &og, &s)))
		goto done;
	char t[32], title[256];
	fprintf(d, "# latmix report: %s, mix %s: warps per CU needed for %g%% of the basic model's peak\n"
		   "# block 0, measured (first crossing of each alpha's curve, every chain count, occupancy\n"
		   "# warps x chains, interpolated): x position, alpha, warps; '?': not reached\n",
		rp->res.device, mm->name, 100 * WARPS_FRACTION);
	for (size_t i = 0; i < na; i++) {
		double lb;
		alpha_row(d, alphas[i], zero_x, inf_x, measured_warps(rp, mm, BASIC, alphas[i], buf, &lb));
	}
	fputs("\n\n# block 1, not reached: x position, alpha, the largest occupancy measured (a lower bound)\n"
	      "# of the basic model's peak, of the refined model's ('?': reached, or no model)\n", d);
	for (size_t i = 0; i < na; i++) {
		double lb[NMODELS] = { NAN, NAN };
		for (int m = 0; m < NMODELS; m++)
			if (mm->has[m])
				measured_warps(rp, mm, m, alphas[i], buf, &lb[m]);
		if (isnan(lb[BASIC]) && isnan(lb[REFINED]))
			continue;
		fprintf(d, "%g %s", axis_x(alphas[i], zero_x, inf_x), alpha_text(alphas[i], t, sizeof t));
		num(d, lb[BASIC]);
		num(d, lb[REFINED]);
		fputc('\n', d);
	}
	fputs("\n\n# block 2, the models along alpha: alpha, basic, refined ('?': unreachable or none)\n", d);
	for (int j = 0; j <= GRID; j++) {
		double a = zero_x * pow(inf_x / zero_x, (double)j / GRID);
		fprintf(d, "%.6g", a);
		for (int m = 0; m < NMODELS; m++)
			num(d, mm->has[m] ? lm_model_warps_needed(&mm->mp[m], a, WARPS_FRACTION) : NAN);
		fputc('\n', d);
	}
	fputs("\n\n# block 3, the models at alpha = 0 and alpha = inf: x position, basic, refined\n", d);
	for (int e = 0; e < 2; e++) {
		double a = e ? INFINITY : 0;
		fprintf(d, "%g", axis_x(a, zero_x, inf_x));
		for (int m = 0; m < NMODELS; m++)
			num(d, mm->has[m] ? lm_model_warps_needed(&mm->mp[m], a, WARPS_FRACTION) : NAN);
		fputc('\n', d);
	}
	fputs("\n\n# block 4, measured against the refined model's peak (as block 0): x position, alpha, "
	      "warps; '?': not reached or no refined model\n", d);
	for (size_t i = 0; i < na; i++) {
		double lb;
		alpha_row(d, alphas[i], zero_x, inf_x,
			  mm->has[REFINED] ? measured_warps(rp, mm, REFINED, alphas[i], buf, &lb) : NAN);
	}
	fputs("\n\n# block 5, the refined model read as block 4: the least occupancy over the chain counts "
	      "measured, each within its warps measured: x position, alpha, warps\n", d);
	for (size_t i = 0; i < na; i++)
		alpha_row(d, alphas[i], zero_x, inf_x,
			  mm->has[REFINED] ? model_warps_as_measured(rp, mm, REFINED, alphas[i], buf) : NAN);
	double ca, cw;
	snprintf(title, sizeof title, "%s: warps needed for %g%% of peak, mix %s%s", rp->res.device,
		 100 * WARPS_FRACTION, mm->name, detail ? ", both models" : "");
	lm_gnuplot_begin(g, name, title);
	fprintf(g, "set title \"%s\" noenhanced\n"
		   "set logscale x\n"
		   "set xrange [%g:%g]\n"
		   "set yrange [0:*]\n"
		   "set xlabel 'alpha, adds per load (log scale; 0 and inf at the ends)'\n"
		   "set ylabel 'warps per CU (occupancy n x chains k)'\n"
		   "set key below maxrows 2\n",
		title, zero_x / 1.5, inf_x * 1.5);
	alpha_tics(g, alphas, na, zero_x, inf_x);
	const lm_model_params *cm = &mm->mp[detail ? BASIC : pref];
	if (lm_model_cusp(cm, &ca, &cw))
		fprintf(g, "set arrow from %g, graph 0 to %g, graph 1 nohead dt 3 lc rgb '#888888'\n"
			   "set label '%s model cusp, alpha = %.1f' at %g, graph 0.97 left offset 0.5,0 tc rgb '#555555'\n",
			ca, ca, lm_fit_model_name(detail ? LM_FIT_BASIC : (lm_fit_model)pref), ca, ca);
	if (!detail) {
		/* the answer: the preferred model, and where the measured curves
		 * reach 90% of its peak */
		const char *col = pref == REFINED ? "#d62728" : "#1f77b4";
		fprintf(g, "plot '%s.dat' index 2 using 1:%d with lines lw 2 lc rgb '%s' title '%s model', \\\n"
			   "  '%s.dat' index 3 using 1:%d with points pt 6 ps 1.5 lc rgb '%s' notitle, \\\n"
			   "  '%s.dat' index %d using 1:3 with points pt 7 ps 1.2 lc rgb 'black' title 'measured', \\\n"
			   "  '%s.dat' index 1 using 1:%d with points pt 8 ps 1.5 lc rgb 'black' title 'not reached by the warps measured'\n",
			name, 2 + pref, col, lm_fit_model_name((lm_fit_model)pref), name, 2 + pref, col, name,
			pref == REFINED ? 4 : 0, name, 3 + pref);
	} else {
		fprintf(g, "plot '%s.dat' index 2 using 1:2 with lines lw 2 lc rgb '#1f77b4' title 'basic model', \\\n"
			   "  '%s.dat' index 3 using 1:2 with points pt 6 ps 1.5 lc rgb '#1f77b4' notitle, \\\n"
			   "  '%s.dat' index 0 using 1:3 with points pt 7 ps 1.2 lc rgb '#1f77b4' title 'measured, basic peak', \\\n"
			   "  '%s.dat' index 1 using 1:3 with points pt 8 ps 1.5 lc rgb '#1f77b4' notitle",
			name, name, name, name);
		if (mm->has[REFINED])
			fprintf(g, ", \\\n  '%s.dat' index 2 using 1:3 with lines lw 2 dt 2 lc rgb '#d62728' title 'refined model', \\\n"
				   "  '%s.dat' index 3 using 1:3 with points pt 4 ps 1.5 lc rgb '#d62728' notitle, \\\n"
				   "  '%s.dat' index 4 using 1:3 with points pt 9 ps 1.3 lc rgb '#d62728' title 'measured, refined peak', \\\n"
				   "  '%s.dat' index 1 using 1:4 with points pt 8 ps 1.5 lc rgb '#d62728' notitle, \\\n"
				   "  '%s.dat' index 5 using 1:3 with points pt 12 ps 2 lw 2 lc rgb '#d62728' title 'refined model at the chains measured'",
				name, name, name, name, name);
		fputc('\n', g);
	}
	lm_gnuplot_end(g, name);
	picture *p = add_picture(rp, name, title);
	if (p && !detail)
		snprintf(p->caption, sizeof p->caption,
			 "How many warps per CU a kernel needs for %g%% of its peak, against alpha, its adds per load "
			 "(thesis Fig. 4.6), by the %s model, the one the data prefer: memory-bound kernels (small "
			 "alpha) need the most, up to a cusp where arithmetic takes over, then fewer towards "
			 "arithmetic only. Black dots are where each measured curve (every chain count, occupancy n x "
			 "k) first crosses that level; open triangles are curves that never did, at the most warps "
			 "measured. Both models and their readings: the detail picture below.",
			 100 * WARPS_FRACTION, lm_fit_model_name((lm_fit_model)pref));
	else if (p)
		snprintf(p->caption, sizeof p->caption,
			 "Both models' warps for %g%% of their own peaks, and the measured curves' crossings of "
			 "each peak (blue: basic, red: refined; open triangles: not reached by the warps measured, "
			 "so the need is at least that). The refined line is one chain; red diamonds are where the "
			 "refined model reaches 90%% at the chain counts measured (more chains, a longer step: the "
			 "least occupancy over them, within the warps measured).", 100 * WARPS_FRACTION);
done:
	s = close_out(od, s);
	return close_out(og, s);
}

/* The CUDA C Programming Guide's estimate against the model's (thesis §4.8). */
static lm_status guide_picture(report *rp, const mix_model *mm, point *buf)
{
	const char *name = "guide-estimate";
	const lm_model_params *q = &mm->mp[BASIC];
	if (!(q->alu_thru > 0) || !(q->mem_lat > 0))
		return LM_OK;
	double alphas[MAX_ALPHAS], lo = INFINITY, hi = 0;
	size_t na = alphas_of(&rp->res, mm->name, 0, alphas);
	for (size_t i = 0; i < na; i++)
		if (alphas[i] > 0 && isfinite(alphas[i]))
			lo = fmin(lo, alphas[i]), hi = fmax(hi, alphas[i]);
	if (!isfinite(lo) || !(hi > lo))
		return LM_OK;
	lm_status s = LM_OK;
	FILE *d = NULL, *g = NULL;
	lm_file_out *od = NULL, *og = NULL;
	if (!(d = open_out(rp, name, ".dat", &od, &s)) || !(g = open_out(rp, name, ".gp", &og, &s)))
		goto done;
	char t[32], title[256];
	fprintf(d, "# latmix report: %s, mix %s: warps per CU, the CUDA guide's estimate against the model\n"
		   "# block 0: alpha, guide mem_lat*alu_thru/alpha, guide refined mem_lat*alu_thru/(alpha+1)+1,\n"
		   "# model for the full peak (the better estimate, thesis 4.8), model for %g%% of the peak\n",
		rp->res.device, mm->name, 100 * WARPS_FRACTION);
	for (int j = 0; j <= GRID; j++) {
		double a = lo * pow(hi / lo, (double)j / GRID), refined;
		double guide = lm_model_guide_estimate(q->mem_lat, 1 / q->alu_thru, a, &refined);
		fprintf(d, "%.6g", a);
		num(d, guide);
		num(d, refined);
		num(d, lm_model_warps_needed(q, a, 1.0));
		num(d, lm_model_warps_needed(q, a, WARPS_FRACTION));
		fputc('\n', d);
	}
	fprintf(d, "\n\n# block 1, measured: alpha, warps for %g%% of the basic model's peak ('?': not reached)\n",
		100 * WARPS_FRACTION);
	for (size_t i = 0; i < na; i++) {
		if (!(alphas[i] > 0) || isinf(alphas[i]))
			continue;
		double lb, w = measured_warps(rp, mm, BASIC, alphas[i], buf, &lb);
		fprintf(d, "%g", alphas[i]);
		num(d, w);
		fprintf(d, " # alpha %s\n", alpha_text(alphas[i], t, sizeof t));
	}
	snprintf(title, sizeof title, "%s: the CUDA guide's estimate and the model's, mix %s", rp->res.device,
		 mm->name);
	lm_gnuplot_begin(g, name, title);
	fprintf(g, "set title \"%s\" noenhanced\n"
		   "set logscale xy\n"
		   "set xrange [%g:%g]\n"
		   "set xlabel 'alpha, adds per load'\n"
		   "set ylabel 'warps per CU'\n"
		   "set key right top box opaque\n"
		   "plot '%s.dat' index 0 using 1:2 with lines lw 2 lc rgb '#ff7f0e' title 'guide: mem\\_lat alu\\_thru / alpha', \\\n"
		   "  '%s.dat' index 0 using 1:3 with lines lw 2 dt 2 lc rgb '#ff7f0e' title 'guide, refined: mem\\_lat alu\\_thru / (alpha+1) + 1', \\\n"
		   "  '%s.dat' index 0 using 1:4 with lines lw 2 lc rgb '#1f77b4' title 'model, full peak (better estimate)', \\\n"
		   "  '%s.dat' index 0 using 1:5 with lines lw 1 dt 3 lc rgb '#1f77b4' title 'model, %g%% of peak', \\\n"
		   "  '%s.dat' index 1 using 1:2 with points pt 7 ps 1.2 lc rgb 'black' title 'measured, %g%% of peak'\n",
		title, lo / 1.3, hi * 1.3, name, name, name, name, 100 * WARPS_FRACTION, name,
		100 * WARPS_FRACTION);
	lm_gnuplot_end(g, name);
	picture *p = add_picture(rp, name, title);
	if (p)
		snprintf(p->caption, sizeof p->caption,
			 "The CUDA C Programming Guide's rule (orange) counts only the memory latency to hide, "
			 "mem_lat x alu_thru / alpha warps; the model's estimate for the full peak (blue) adds the "
			 "arithmetic latency alu_lat x alu_thru and, left of the cusp, is capped by memory throughput "
			 "(thesis 4.8). Where arithmetic binds (large alpha) the guide falls short by the arithmetic "
			 "term; the black dots are the measured need for %g%% of the peak, to compare with the dotted line "
			 "(alphas whose measured curve never gets there are left out; see the previous picture).",
			 100 * WARPS_FRACTION);
done:
	s = close_out(od, s);
	return close_out(og, s);
}

/* Least-squares line through (alpha, cycles) of a mix's finite alphas at
 * its smallest occupancy, chains 1. Returns the points used. */
static size_t latency_line(const report *rp, const char *mix, point *buf, double *slope,
			   double *icept, double *xs, double *ys)
{
	double alphas[MAX_ALPHAS];
	size_t na = alphas_of(&rp->res, mix, 1, alphas), k = 0;
	for (size_t i = 0; i < na; i++) {
		if (isinf(alphas[i]) || !collect(&rp->res, mix, alphas[i], 1, buf))
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

/* A mix's name on the latency picture: its height, the mix. */
typedef struct {
	double y;
	size_t mix;
} label;

/* Lowest first; names at one height in the order of the mixes. */
static int by_height(const void *a, const void *b)
{
	const label *x = a, *y = b;
	if (x->y != y->y)
		return (x->y > y->y) - (x->y < y->y);
	return (x->mix > y->mix) - (x->mix < y->mix);
}

/* Latency at low occupancy against alpha: mem_lat + alpha * alu_lat. */
static lm_status latency_picture(report *rp, point *buf)
{
	const char *name = "latency";
	lm_status s = LM_OK;
	FILE *d = NULL, *g = NULL;
	lm_file_out *od = NULL, *og = NULL;
	if (!(d = open_out(rp, name, ".dat", &od, &s)) || !(g = open_out(rp, name, ".gp", &og, &s)))
		goto done;
	char title[256];
	snprintf(title, sizeof title, "%s: latency of a load and its alpha adds, at the smallest occupancy",
		 rp->res.device);
	fprintf(d, "# latmix report: %s: cycles per group (one load + alpha adds, per chain) at each\n"
		   "# mix's smallest occupancy, chains 1. One block per mix, in the order of latency.gp;\n"
		   "# columns: alpha, measured cycles, basic model mem_lat + alpha alu_lat, refined model\n",
		rp->res.device);
	lm_gnuplot_begin(g, name, title);
	fprintf(g, "set title \"%s\" noenhanced\n"
		   "set xlabel 'alpha, adds per load'\n"
		   "set ylabel 'cycles per load + alpha adds'\n"
		   "set key left top box opaque\n"
		   "set rmargin 14\n",
		title);
	/* the data, and each mix named at the end of its line (a legend entry
	 * per mix would not read) */
	int block = 0;
	double xs[MAX_ALPHAS], ys[MAX_ALPHAS];
	int blocks[MAX_MIXES];
	double lx[MAX_MIXES], ly[MAX_MIXES], ytop = 0;
	for (size_t i = 0; i < rp->nmix; i++) {
		const mix_model *mm = &rp->mix[i];
		double slope, icept;
		size_t k = latency_line(rp, mm->name, buf, &slope, &icept, xs, ys);
		blocks[i] = -1;
		if (!k || strcmp(mm->name, "stream") == 0)
			continue;
		fprintf(d, "%s# block %d: mix %s\n", block ? "\n\n" : "", block, mm->name);
		for (size_t j = 0; j < k; j++) {
			fprintf(d, "%g %.6g", xs[j], ys[j]);
			for (int m = 0; m < NMODELS; m++)
				num(d, mm->has[m] ? lm_model_latency(&mm->mp[m], xs[j]) : NAN);
			fputc('\n', d);
		}
		lx[i] = xs[k - 1];
		ly[i] = ys[k - 1];
		ytop = fmax(ytop, ly[i]);
		blocks[i] = block++;
	}
	/* names apart: taken from the lowest up, each at least 4% of the
	 * height above the one placed before it */
	label order[MAX_MIXES];
	size_t n = 0;
	for (size_t i = 0; i < rp->nmix; i++)
		if (blocks[i] >= 0)
			order[n++] = (label){ ly[i], i };
	qsort(order, n, sizeof *order, by_height);
	for (size_t r = 1; r < n; r++)
		ly[order[r].mix] = fmax(ly[order[r].mix], ly[order[r - 1].mix] + 0.04 * ytop);
	for (size_t i = 0; i < rp->nmix; i++)
		if (blocks[i] >= 0)
			fprintf(g, "set label '%s' at %g,%g left offset char 1,0 tc rgb '%s' noenhanced\n",
				rp->mix[i].name, lx[i], ly[i], colours[i % NCOLOURS]);
	fputs("plot ", g);
	bool basic = false, refined = false;
	for (size_t i = 0; i < rp->nmix; i++) {
		const mix_model *mm = &rp->mix[i];
		if (blocks[i] < 0)
			continue;
		const char *col = colours[i % NCOLOURS];
		fprintf(g, "'%s.dat' index %d using 1:2 with points pt 7 ps 1 lc rgb '%s' notitle, \\\n  ", name,
			blocks[i], col);
		if (mm->has[BASIC])
			fprintf(g, "'%s.dat' index %d using 1:3 with lines lw 2 lc rgb '%s' notitle, \\\n  ", name,
				blocks[i], col);
		if (mm->has[REFINED])
			fprintf(g, "'%s.dat' index %d using 1:4 with lines lw 2 dt 2 lc rgb '%s' notitle, \\\n  ",
				name, blocks[i], col);
		basic |= mm->has[BASIC];
		refined |= mm->has[REFINED];
	}
	if (basic)
		key_lines(g, refined);
	else
		fputs("keyentry with points pt 7 lc rgb 'black' title 'measured'", g);
	fputc('\n', g);
	lm_gnuplot_end(g, name);
	picture *p = add_picture(rp, name, title);
	if (p)
		snprintf(p->caption, sizeof p->caption,
			 "Each dot is the time one warp took per load and its alpha dependent adds at the smallest "
			 "occupancy, where nothing queues. The model says this is a straight line, mem_lat + alpha "
			 "alu_lat: its height at alpha = 0 is the latency of the mix's step and its slope the add "
			 "latency, the same for every mix. Lines are each mix's fitted model (dashed: refined, whose "
			 "mem_lat is the unloaded latency); each mix is named at the end of its line.");
done:
	s = close_out(od, s);
	return close_out(og, s);
}

/* ---- users' kernels (kernels.csv) ---- */

#define MAX_KPOINTS 4096

/* A kernel's curve: bytes and elements a second by occupancy, and what it
 * reaches. */
typedef struct {
	char name[48];
	unsigned warps[MAX_KPOINTS];
	double bytes[MAX_KPOINTS], elems[MAX_KPOINTS];
	size_t n;
	double plateau;   /* the most bytes a second measured */
	double plateau_elems;
	double n90;       /* warps per CU where it first reaches 90% of that */
	bool rising;      /* still rising at its highest occupancy */
	double fall;      /* its first lasting fall, a fraction (0: none of 10% or more) */
	unsigned fall_from, fall_to; /* the occupancies either side of it */
	double stream;    /* the stream mix's peak, bytes a second; NAN if not measured */
	/* predicted from its counted loop (mix-of/NAME.txt) and params-kernels.ini */
	bool predicted;
	lm_kernel_mix mix;
	unsigned misaligned_loads, misaligned_stores; /* as the count says them (PTX) */
	double pred[MAX_KPOINTS]; /* bytes a second at warps[] */
	double rms;               /* relative, over warps[] */
	double n90_pred;          /* warps for 90% of the predicted curve's top, as n90 */
	char why[256];            /* why not predicted; "" if there is nothing to predict from */
} kernel_curve;

/* Warps where y (at warps) first reaches level, as first_reach. */
static double kernel_reach(const unsigned *warps, const double *y, size_t n, double level)
{
	point v[MAX_KPOINTS];
	for (size_t k = 0; k < n; k++)
		v[k] = (point){ .n = warps[k], .ipc = y[k] };
	return first_reach(v, n, level);
}

/* The first fall of 10% or more from one measured occupancy to the next
 * after which the curve never comes back within 5% of where it was: a
 * change of regime the model's curves, which never fall, cannot draw
 * (stencil3d's at 42-45 warps, transpose's at 8-10:
 * studies/drops/). */
static void kernel_fall(kernel_curve *c)
{
	c->fall = 0;
	double after = 0; /* the most measured from occupancy k on */
	/* backwards, so that the highest of the rest is kept as it goes and the
	 * earliest fall is the one left */
	for (size_t k = c->n; k-- > 1;) {
		after = fmax(after, c->bytes[k]);
		double f = 1 - c->bytes[k] / c->bytes[k - 1];
		if (f >= 0.1 && after < 0.95 * c->bytes[k - 1]) {
			c->fall = f;
			c->fall_from = c->warps[k - 1];
			c->fall_to = c->warps[k];
		}
	}
}

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
	c->misaligned_loads = (unsigned)cf.mix.misaligned_loads;
	c->misaligned_stores = cf.misaligned_stores;
	return true;
}

static void kernel_predict(const report *rp, kernel_curve *c)
{
	if (!read_count(rp, c))
		return;
	const lm_kernel_mix *k = &c->mix;
	if (!rp->has_kparams)
		snprintf(c->why, sizeof c->why, "no params-kernels.ini (latmix run writes it; latmix run --refit fits an existing sweep)");
	else if (!lm_model_kernel_priced(k, &rp->kkinds, c->why, sizeof c->why))
		;
	else if (k->loads >= 1 && k->stores > k->scattered_stores && !rp->kkinds.n)
		snprintf(c->why, sizeof c->why, "it stores, and params-kernels.ini has no store kind");
	else if (k->scattered_loads + k->scattered_stores > 0 && !lm_model_kinds_scatter(&rp->kkinds))
		snprintf(c->why, sizeof c->why, "it scatters, and params-kernels.ini has no scattered kind "
			 "(gmem-random)");
	const lm_model_params *mp = &rp->kload;
	double per = c->plateau_elems > 0 ? c->plateau / c->plateau_elems : NAN; /* bytes an element */
	/* elements a second per load (a store-only loop: store) a cycle per CU */
	double rate = rp->k_rate / lm_model_kernel_accesses(k);
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
	double top = 0, sq = 0;
	for (size_t j = 0; j < c->n; j++) {
		c->pred[j] = lm_model_eval_kernel(mp, &rp->kkinds, k, c->warps[j], NULL) *
			     rate * per;
		top = fmax(top, c->pred[j]);
		double e = (c->pred[j] - c->bytes[j]) / c->bytes[j];
		sq += e * e;
	}
	c->rms = c->n ? sqrt(sq / (double)c->n) : NAN;
	c->n90_pred = kernel_reach(c->warps, c->pred, c->n, 0.9 * top);
	c->predicted = true;
}

/* The i-th kernel of kernels.csv (in the order of the file), or false. */
static bool kernel_at(const report *rp, size_t i, kernel_curve *c)
{
	const lm_results *r = &rp->kres;
	size_t seen = 0;
	const char *name = NULL;
	for (size_t j = 0; j < r->n && !name; j++) {
		bool first = true;
		for (size_t q = 0; q < j && first; q++)
			first = strcmp(r->v[q].mix, r->v[j].mix) != 0;
		if (first && seen++ == i)
			name = r->v[j].mix;
	}
	if (!name)
		return false;
	memset(c, 0, sizeof *c);
	snprintf(c->name, sizeof c->name, "%s", name);
	for (size_t j = 0; j < r->n && c->n < MAX_KPOINTS; j++)
		if (strcmp(r->v[j].mix, name) == 0) {
			/* by occupancy: a resumed file may hold them in any order */
			size_t k = c->n++;
			while (k && c->warps[k - 1] > r->v[j].row.warps) {
				c->warps[k] = c->warps[k - 1];
				c->bytes[k] = c->bytes[k - 1];
				c->elems[k] = c->elems[k - 1];
				k--;
			}
			c->warps[k] = r->v[j].row.warps;
			c->bytes[k] = r->v[j].row.bytes_per_s;
			c->elems[k] = r->v[j].row.elements_per_s;
		}
	for (size_t k = 0; k < c->n; k++)
		if (c->bytes[k] > c->plateau) {
			c->plateau = c->bytes[k];
			c->plateau_elems = c->elems[k];
		}
	c->n90 = kernel_reach(c->warps, c->bytes, c->n, 0.9 * c->plateau);
	/* still rising: the last point 5% above the one at three quarters of
	 * the highest occupancy */
	size_t q = 0;
	while (q + 1 < c->n && c->warps[q + 1] <= c->warps[c->n - 1] * 3 / 4)
		q++;
	c->rising = c->n > 2 && c->bytes[c->n - 1] > 1.05 * c->bytes[q];
	kernel_fall(c);
	c->stream = NAN;
	for (size_t j = 0; j < rp->res.n; j++)
		if (strcmp(rp->res.v[j].mix, "stream") == 0 && !(rp->res.v[j].row.bytes_per_s <= c->stream))
			c->stream = rp->res.v[j].row.bytes_per_s;
	kernel_predict(rp, c);
	return true;
}

/* The bytes an element whose lines the kernel's warps touch, as its loop
 * was counted (a strided access: the bytes from lane to lane), where that
 * is more than what it requests (bytes, its description's); 0 where not,
 * or where it scatters (its sectors may be read again from cache). */
static double kernel_line_bytes(const kernel_curve *c)
{
	const lm_kernel_mix *k = &c->mix;
	double requested = c->plateau_elems > 0 ? c->plateau / c->plateau_elems : NAN;
	if (!(k->loads + k->stores > 0) || k->scattered_loads + k->scattered_stores > 0)
		return 0;
	double lines = k->loads * (k->load_bytes > 0 ? k->load_bytes : 4) +
		       k->stores * (k->store_bytes > 0 ? k->store_bytes : 4);
	return lines > 1.05 * requested ? lines : 0;
}

/* What holds the kernel's plateau, from its curve and the stream peak. */
static const char *kernel_bound(const kernel_curve *c, char *buf, size_t size)
{
	double lines = kernel_line_bytes(c);
	if (c->rising)
		snprintf(buf, size, "latency: still rising at %u warps per CU", c->warps[c->n - 1]);
	else if (c->plateau >= 0.8 * c->stream)
		snprintf(buf, size, "memory bandwidth");
	else if (lines > 0 && c->plateau_elems * lines >= 0.8 * c->stream)
		snprintf(buf, size, "memory bandwidth, in the lines its warps touch (%.0f%% of stream's): its "
			 "loop's accesses span %g bytes an element, of which it requests %.3g", 100 *
			 c->plateau_elems * lines / c->stream, lines, c->plateau / c->plateau_elems);
	else if (isfinite(c->stream))
		snprintf(buf, size, "not memory bandwidth (%.0f%% of stream's): arithmetic, issue or "
			 "scattered accesses", 100 * c->plateau / c->stream);
	else
		snprintf(buf, size, "unknown: no stream peak measured");
	if (c->fall > 0) {
		size_t used = strlen(buf);
		snprintf(buf + used, size - used, "; falls %.0f%% from %u to %u warps and never recovers: a "
			 "change of regime, which no model curve draws", 100 * c->fall, c->fall_from, c->fall_to);
	}
	return buf;
}

/* GB/s (and elements/s, the right axis) against occupancy, the stream
 * peak and the occupancy for 90% of the kernel's own plateau. */
static lm_status kernel_picture(report *rp, const kernel_curve *c)
{
	char name[96], title[256];
	snprintf(name, sizeof name, "kernel-%s", c->name);
	lm_status s = LM_OK;
	FILE *d = NULL, *g = NULL;
	lm_file_out *od = NULL, *og = NULL;
	if (!(d = open_out(rp, name, ".dat", &od, &s)) || !(g = open_out(rp, name, ".gp", &og, &s)))
		goto done;
	snprintf(title, sizeof title, "%s: kernel %s against occupancy", rp->res.device, c->name);
	fprintf(d, "# latmix report: kernel %s (kernels.csv): warps per CU, GB/s, G elements/s; "
		   "GB/s predicted (params-kernels.ini)\n", c->name);
	for (size_t k = 0; k < c->n; k++)
		fprintf(d, "%u %.6g %.6g %.6g\n", c->warps[k], c->bytes[k] * 1e-9, c->elems[k] * 1e-9,
			c->predicted ? c->pred[k] * 1e-9 : NAN);
	double per = c->plateau > 0 ? c->plateau_elems / c->plateau : 0; /* elements per byte */
	unsigned top = c->n ? c->warps[c->n - 1] : 1;
	/* a kernel far under the stream peak (scattered accesses) drawn at its
	 * own scale, the peak named off it */
	double most = 0;
	for (size_t k = 0; k < c->n; k++)
		most = fmax(most, fmax(c->bytes[k], c->predicted && isfinite(c->pred[k]) ? c->pred[k] : 0));
	bool own = isfinite(c->stream) && most > 0 && c->stream > 2 * most;
	char yrange[48] = "*";
	if (own)
		snprintf(yrange, sizeof yrange, "%.4g", 1.15 * most * 1e-9);
	lm_gnuplot_begin(g, name, title);
	fprintf(g, "set title \"%s\" noenhanced\n"
		   "set xlabel 'warps per CU'\nset ylabel 'GB/s'\nset logscale x 2\n"
		   "set xrange [0.8:%u]\nset yrange [0:%s]\nset key below\n",
		title, top + top / 8 + 1, yrange);
	if (per > 0)
		fprintf(g, "set y2label 'G elements/s'\nset y2tics\nset ytics nomirror\nset format y2 '%%.3g'\n"
			   "set link y2 via y * %.9g inverse y / %.9g\n", per, per);
	fprintf(g, "plot '%s.dat' using 1:2 with points pt 7 ps 1.2 lc rgb '%s' title 'measured'", name,
		colours[0]);
	if (c->predicted)
		fprintf(g, ", \\\n  '%s.dat' using 1:4 with lines lw 2 lc rgb '%s' title 'predicted: %.1f%% RMS error'",
			name, colours[1], 100 * c->rms);
	if (isfinite(c->stream))
		fprintf(g, ", \\\n  %.6g with lines lw 2 dt 2 lc rgb '#7f7f7f' title 'stream peak (%.0f GB/s%s)'",
			c->stream * 1e-9, c->stream * 1e-9, own ? ", above the scale" : "");
	if (isfinite(c->n90))
		fprintf(g, ", \\\n  '+' using (%.6g):(%.6g) every ::0::0 with points pt 9 ps 2 lc rgb '%s' "
			   "title '90%% of its plateau: %.1f warps'", c->n90, 0.9 * c->plateau * 1e-9, colours[3],
			c->n90);
	fputc('\n', g);
	lm_gnuplot_end(g, name);
	picture *p = add_picture(rp, name, title);
	char bound[320];
	if (p)
		snprintf(p->caption, sizeof p->caption,
			 "The bytes a second kernel %s's loads and stores request (its description's count; right "
			 "axis: elements a second) with exactly that many warps resident on every CU, against the "
			 "stream mix's peak; the triangle is where it first reaches 90%% of its own plateau "
			 "(%.0f GB/s). Bound: %s.", c->name, c->plateau * 1e-9, kernel_bound(c, bound, sizeof bound));
	if (p && c->predicted) {
		char hits[64] = "";
		if (c->mix.hits > 0)
			snprintf(hits, sizeof hits, " and %g cache hits in flight beside them", c->mix.hits);
		snprintf(p->caption + strlen(p->caption), sizeof p->caption - strlen(p->caption),
			 " The line: the model's prediction from the loop counted in its build (%g loads%s, %g "
			 "stores, alpha %g an iteration) and params-kernels.ini; %.1f warps for 90%% of its top.",
			 c->mix.loads, hits, c->mix.stores, c->mix.alpha, c->n90_pred);
	}
	else if (p && c->why[0])
		snprintf(p->caption + strlen(p->caption), sizeof p->caption - strlen(p->caption),
			 " Not predicted: %s.", c->why);
done:
	s = close_out(od, s);
	return close_out(og, s);
}

/* The kernels' table. */
static void md_kernels(FILE *f, const report *rp)
{
	kernel_curve *c = malloc(sizeof *c);
	if (!c || !kernel_at(rp, 0, c)) {
		free(c);
		return;
	}
	fputs("## Kernels\n\n"
	      "Users' grid-stride kernels (`kernels.csv`, `latmix measure --kernel`), each at every occupancy: "
	      "the most bytes a second its loads and stores requested (its plateau, and as a share of the "
	      "stream mix's peak), the warps per CU it needed for 90% of that plateau, and what holds it.\n\n"
	      "| kernel | plateau, GB/s | of stream | G elements/s | warps for 90% | bound |\n"
	      "|---|---|---|---|---|---|\n", f);
	bool any = false;
	for (size_t i = 0; kernel_at(rp, i, c); i++) {
		char bound[320];
		fprintf(f, "| %s | %.0f | %.0f%% | %.3g | %.1f | %s |\n", c->name, c->plateau * 1e-9,
			100 * c->plateau / c->stream, c->plateau_elems * 1e-9, c->n90,
			kernel_bound(c, bound, sizeof bound));
		any |= c->predicted || c->why[0];
	}
	fputs("\n", f);
	if (!any)
		goto done;
	fputs("### Predicted\n\n"
	      "Each kernel's loop as its build counted it when it was measured (`mix-of/KERNEL.txt`, what "
	      "`latmix kernel --mix-of` prints), through the model fitted on the chase (`params-kernels.ini`: "
	      "the loads' kind, for a loop that stores the store kinds, and for scattered accesses, each "
	      "lane a sector of its own, gmem-random's kind; marked s; + h: h cache hits in flight beside the "
	      "loads, a stencil's rows; m: misaligned, a warp's access starting off a 128-byte line, priced "
	      "as aligned, which cost a copy 12-14% of its rate at 64 warps on H100s and H200s for a load and "
	      "31-34% for a store 4 bytes off: `doc/predict.md`), at the "
	      "occupancies measured: "
	      "the RMS relative error over them, and the warps per CU for 90% of the top of each curve.\n\n"
	      "| kernel | loads, stores, alpha | RMS error | warps for 90%: measured | predicted | miss |\n"
	      "|---|---|---|---|---|---|\n", f);
	for (size_t i = 0; kernel_at(rp, i, c); i++) {
		char hits[32] = "";
		if (c->mix.hits > 0)
			snprintf(hits, sizeof hits, " + %g", c->mix.hits);
		if (c->predicted)
			fprintf(f, "| %s | %g%s%s%s, %g%s%s, %g | %.1f%% | %.1f | %.1f | %+.0f%% |\n", c->name,
				c->mix.loads, c->mix.scattered_loads > 0 ? " (s)" : "",
				c->misaligned_loads ? " (m)" : "", hits, c->mix.stores,
				c->mix.scattered_stores > 0 ? " (s)" : "", c->misaligned_stores ? " (m)" : "",
				c->mix.alpha, 100 * c->rms, c->n90, c->n90_pred, 100 * (c->n90_pred - c->n90) / c->n90);
		else if (c->why[0])
			fprintf(f, "| %s | not predicted: %s | | %.1f | | |\n", c->name, c->why, c->n90);
	}
	fputs("\n", f);
done:
	free(c);
}

/* ---- the Markdown ---- */

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

static void md_device(FILE *f, const report *rp)
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
	unsigned long long fp = strtoull(r->footprint, NULL, 10);
	if (fp)
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
	fputs("Co-resident *yes* means the per-warp clocks showed every warp of the launch running at once "
	      "(the occupancy is real); *unverified* rows come from a timing mode or device that cannot "
	      "show it.\n\n", f);

	fputs("Per mix:\n\n| mix | rows | alphas | chains | timing | co-resident | spread | clock source |\n"
	      "|---|---|---|---|---|---|---|---|\n", f);
	for (size_t m = 0; m < rp->nmix; m++) {
		const char *mix = rp->mix[m].name;
		double alphas[MAX_ALPHAS];
		unsigned chains[MAX_CHAINS];
		size_t na = alphas_of(r, mix, 0, alphas), nk = chains_of(r, mix, chains), rows = 0;
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
			fprintf(f, "%s%s", i ? ", " : "", alpha_text(alphas[i], t, sizeof t));
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
	fputc('\n', f);
}

static void md_params(FILE *f, const report *rp, const mix_model *mm, point *buf)
{
	fprintf(f, "### %s\n\n", mm->name);
	if (!mm->has[BASIC] && !mm->has[REFINED]) {
		fprintf(f, "No model: %s\n\n", mm->why);
		return;
	}
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

	if (!mm->has[BASIC])
		return;
	const double *d = pb->derived;
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

	double slope, icept, xs[MAX_ALPHAS], ys[MAX_ALPHAS];
	size_t k = latency_line(rp, mm->name, buf, &slope, &icept, xs, ys);
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
		*slot = preferred_slot(mm);
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

/* The answer first: how many warps a CU needs, and why (latencies,
 * peaks), from gmem's preferred model; on a CPU, what its curves can say. */
static void md_summary(FILE *f, const report *rp, bool drawn, point *buf)
{
	double smem, sbytes, salu;
	measured_peaks(rp, &smem, &sbytes, &salu);
	if (strcmp(rp->res.device_type, "CPU") == 0) {
		fputs("## Summary\n\n"
		      "**A CPU, not a GPU:** its cores run a launch's work-groups in turns and hide latency "
		      "by out-of-order execution and caches, not by switching among resident warps, so "
		      "occupancy does not buy throughput as the model says and latmix fits it no model "
		      "(every fit of a PoCL sweep missed its curves by 20-54%); the curves and the figures "
		      "measured directly are below.\n\n", f);
		if (sbytes > 0)
			fprintf(f, "- streaming reads (`stream`): %.1f GB/s\n", sbytes * 1e-9);
		double c0 = collect(&rp->res, "gmem", 0, 1, buf) ? buf[0].cycles : NAN; /* least occupancy first */
		if (isfinite(c0))
			fprintf(f, "- one warp's dependent load (gmem, alpha 0, the least occupancy): %.0f cycles "
				   "of the device's reported clock\n", c0);
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
	size_t nc = chains_of(&rp->res, "gmem", chains);
	unsigned kmax = nc ? chains[nc - 1] : 1;
	double cusp_a = NAN, cusp_n = NAN;
	bool cusp = lm_model_cusp(mp, &cusp_a, &cusp_n);
	fprintf(f, "## Summary\n\n"
		   "From the %s model of the gmem mix (`%s`, the model the data prefer), %s:\n\n"
		   "| | warps per CU for 90%% of the peak |\n|---|---|\n",
		lm_fit_model_name((lm_fit_model)slot), g->from[slot], rp->res.device);
	const char *mw = lm_results_meta_value(&rp->res, "max_warps_per_cu");
	unsigned most = mw ? (unsigned)strtoul(mw, NULL, 10) : 0;
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
	fputs(". Little's law: the warps needed are the loads in flight a CU must hold, latency x "
	      "throughput.\n\n", f);
	if (drawn)
		fputs("![warps needed against alpha](warps-needed.png)\n\n", f);
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
		num(f, row);
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
		int m = preferred_slot(mm);
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

static lm_status write_markdown(const report *rp, const lm_report_info *info, point *buf)
{
	lm_file_out *o;
	lm_status s;
	FILE *f = open_out(rp, "report", ".md", &o, &s);
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
	md_summary(f, rp, !info->skipped, buf);
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
	md_kernels(f, rp);
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
	}
	return close_out(o, LM_OK);
}

/* ---- the whole ---- */

static bool ends_with(const char *s, const char *end)
{
	size_t a = strlen(s), b = strlen(end);
	return a >= b && strcmp(s + a - b, end) == 0;
}

/* DIR/measurements.csv, else the only *.csv in DIR. */
static lm_status find_csv(report *rp)
{
	snprintf(rp->csv, sizeof rp->csv, "%s/measurements.csv", rp->dir);
	if (access(rp->csv, F_OK) == 0)
		return LM_OK;
	DIR *dp = opendir(rp->dir);
	if (!dp)
		return lm_fail(LM_EIO, "%s: %s", rp->dir, strerror(errno));
	int found = 0;
	char first[256] = "", second[256] = "";
	struct dirent *e;
	while ((e = readdir(dp))) {
		if (!ends_with(e->d_name, ".csv") || strcmp(e->d_name, "kernels.csv") == 0)
			continue;
		snprintf(found ? second : first, sizeof first, "%s", e->d_name);
		found++;
	}
	closedir(dp);
	char kpath[4200];
	snprintf(kpath, sizeof kpath, "%s/kernels.csv", rp->dir);
	if (found == 0 && access(kpath, F_OK) == 0)
		return lm_fail(LM_EUSAGE, "%s: kernels.csv without the sweep it is read beside: a report draws "
			       "users' kernels with the device's measurements.csv (make run, latmix measure) and "
			       "predicts them from params-kernels.ini there; measure the kernel into that "
			       "directory, latmix measure --kernel's default (results/<device>/)", rp->dir);
	if (found == 0)
		return lm_fail(LM_EUSAGE, "%s: no measurements.csv and no other .csv results file", rp->dir);
	if (found > 1)
		return lm_fail(LM_EUSAGE, "%s: no measurements.csv, and %d .csv files (%s, %s, ...): "
					  "which one is meant?", rp->dir, found, first, second);
	snprintf(rp->csv, sizeof rp->csv, "%s/%s", rp->dir, first);
	return LM_OK;
}

/* Every file the report is drawn from, read and checked (rp->dir's
 * measurements, parameter files, users' kernels and their parameters),
 * and buf, room for a curve's points. */
static lm_status read_inputs(report *rp, point **buf)
{
	lm_status s = find_csv(rp);
	if (s != LM_OK)
		return s;
	if ((s = lm_results_read(rp->csv, &rp->res)) != LM_OK || (s = lm_file_input(&rp->inputs, rp->csv)) != LM_OK)
		return s;
	if (!rp->res.n)
		return lm_fail(LM_EPARSE, "%s: no measured rows", rp->csv);
	if (!(*buf = malloc(rp->res.n * sizeof **buf)))
		return lm_fail(LM_ENOMEM, "out of memory");
	for (size_t i = 0; i < rp->res.n; i++) {
		const char *mix = rp->res.v[i].mix;
		size_t m = 0;
		while (m < rp->nmix && strcmp(rp->mix[m].name, mix) != 0)
			m++;
		if (m == rp->nmix && m < MAX_MIXES)
			snprintf(rp->mix[rp->nmix++].name, sizeof rp->mix[0].name, "%s", mix);
	}
	for (size_t m = 0; m < rp->nmix; m++)
		if ((s = load_models(rp, &rp->mix[m])) != LM_OK)
			return s;
	char kpath[4200];
	snprintf(kpath, sizeof kpath, "%s/kernels.csv", rp->dir);
	if (access(kpath, F_OK) == 0 &&
	    ((s = lm_results_read(kpath, &rp->kres)) != LM_OK || (s = lm_file_input(&rp->inputs, kpath)) != LM_OK))
		return s;
	snprintf(kpath, sizeof kpath, "%s/params-kernels.ini", rp->dir);
	if (rp->kres.n && access(kpath, F_OK) == 0) {
		lm_params ps;
		if ((s = lm_params_read(kpath, &ps)) != LM_OK || (s = lm_file_input(&rp->inputs, kpath)) != LM_OK ||
		    (s = lm_params_model_kind(&ps, kpath, "gmem", &rp->kload)) != LM_OK)
			return s;
		rp->has_kparams = true;
		rp->kkinds = lm_params_kernel_kinds(&ps);
		rp->k_rate = ps.clock_mhz * 1e6 * ps.compute_units * ps.simd_width;
	}
	return LM_OK;
}

/* Is name (a mix's or a kernel's) one the report can name files after
 * ("throughput-NAME.gp", "kernel-NAME.dat") and find its count by
 * ("mix-of/NAME.txt")? Refused, not changed into one: two names made alike
 * would draw into one file, and a changed one would miss its count. The
 * results reader refuses such names too (results.c); this holds for
 * whatever hands the report its rows. */
static lm_status file_name_ok(const char *name, const char *file)
{
	if (!name[0] || name[0] == '.' || strchr(name, '/') || strlen(name) >= 48)
		return lm_fail(LM_EPARSE, "%s: '%s' cannot name a file of the report (empty, a '/', a leading '.', or "
			       "47 characters past): nothing written", file, name);
	return LM_OK;
}

static lm_status check_names(const report *rp)
{
	lm_status s = LM_OK;
	for (size_t i = 0; i < rp->res.n && s == LM_OK; i++)
		s = file_name_ok(rp->res.v[i].mix, rp->csv);
	for (size_t i = 0; i < rp->kres.n && s == LM_OK; i++)
		s = file_name_ok(rp->kres.v[i].mix, "kernels.csv");
	return s;
}

/* Every picture's data and script into rp->out. */
static lm_status draw_pictures(report *rp, point *buf)
{
	lm_status s = LM_OK;
	for (size_t m = 0; m < rp->nmix && s == LM_OK; m++) {
		unsigned chains[MAX_CHAINS];
		s = throughput_picture(rp, &rp->mix[m], false, buf);
		if (s == LM_OK && chains_of(&rp->res, rp->mix[m].name, chains) > 1)
			s = throughput_picture(rp, &rp->mix[m], true, buf);
	}
	/* the alpha pictures follow the main mix, gmem (else the first fitted) */
	const mix_model *main_mix = NULL;
	for (size_t m = 0; m < rp->nmix; m++)
		if (rp->mix[m].has[BASIC] && (!main_mix || strcmp(rp->mix[m].name, "gmem") == 0))
			main_mix = &rp->mix[m];
	if (s == LM_OK && main_mix)
		s = warps_picture(rp, main_mix, false, buf);
	if (s == LM_OK && main_mix)
		s = warps_picture(rp, main_mix, true, buf);
	if (s == LM_OK && main_mix)
		s = guide_picture(rp, main_mix, buf);
	if (s == LM_OK)
		s = latency_picture(rp, buf);
	kernel_curve *kc = malloc(sizeof *kc);
	if (!kc && s == LM_OK)
		s = lm_fail(LM_ENOMEM, "out of memory");
	for (size_t i = 0; s == LM_OK && kernel_at(rp, i, kc); i++)
		s = kernel_picture(rp, kc);
	free(kc);
	return s;
}

/* gnuplot draws each picture in rp->out; one that cannot be started skips
 * them all (info says why), one that fails on a script is an error. */
static lm_status run_gnuplot(const report *rp, lm_report_info *info)
{
	info->pictures = rp->npic;
	for (size_t i = 0; i < rp->npic && !info->skipped; i++) {
		char script[128];
		bool missing;
		snprintf(script, sizeof script, "%s.gp", rp->pic[i].name);
		lm_status g = lm_gnuplot_run(rp->out, script, &missing);
		if (g == LM_OK) {
			info->drawn++;
		} else if (missing) {
			info->skipped = true;
			snprintf(info->skip_reason, sizeof info->skip_reason, "%s", lm_error_message());
			lm_error_clear();
		} else {
			return g;
		}
	}
	return LM_OK;
}

/* Removes path and all under it, links not followed; best effort. */
static void remove_tree(const char *path)
{
	struct stat st;
	DIR *dp = lstat(path, &st) == 0 && S_ISDIR(st.st_mode) ? opendir(path) : NULL;
	for (struct dirent *e; dp && (e = readdir(dp));) {
		char sub[4400];
		if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0 &&
		    (size_t)snprintf(sub, sizeof sub, "%s/%s", path, e->d_name) < sizeof sub)
			remove_tree(sub);
	}
	if (dp)
		closedir(dp);
	remove(path);
}

/* The directory the report is drawn in, rp->out: DIR/report.tmpXXXXXX,
 * beside DIR/report (final) and so on its file system, with the old
 * report's permissions where there is one (else as mkdir would make it). */
static lm_status make_temporary(report *rp, const char *final)
{
	snprintf(rp->out, sizeof rp->out, "%s/report.tmpXXXXXX", rp->dir);
	if (!mkdtemp(rp->out)) {
		int e = errno;
		rp->out[0] = '\0';
		return lm_fail(LM_EIO, "%s: cannot make a directory to draw the report in: %s", rp->dir, strerror(e));
	}
	struct stat st;
	mode_t mask = umask(0);
	umask(mask);
	chmod(rp->out, stat(final, &st) == 0 && S_ISDIR(st.st_mode) ? st.st_mode & 07777 : 0777 & ~mask);
	return LM_OK;
}

/* The report drawn in rp->out put in place of final (DIR/report): the
 * old one, where there is one, renamed aside into an empty directory made
 * for it, the new one renamed in, the old one removed. Where the new one
 * cannot go in, the old one goes back: final is one run's or the other's,
 * never a mix of two. */
static lm_status publish(const report *rp, const char *final)
{
	struct stat st;
	bool old = lstat(final, &st) == 0;
	if (old && !S_ISDIR(st.st_mode))
		return lm_fail(LM_EIO, "%s: not a directory (a link or a file): the report is a directory of its own "
			       "there", final);
	char aside[4200];
	snprintf(aside, sizeof aside, "%s/report.oldXXXXXX", rp->dir);
	if (old && !mkdtemp(aside))
		return lm_fail(LM_EIO, "%s: cannot make a directory to move the old report into: %s", rp->dir,
			       strerror(errno));
	if (old && rename(final, aside) != 0) {
		int e = errno;
		rmdir(aside);
		return lm_fail(LM_EIO, "%s: cannot move it aside: %s", final, strerror(e));
	}
	if (rename(rp->out, final) != 0) {
		int e = errno;
		if (old)
			rename(aside, final);
		return lm_fail(LM_EIO, "%s: cannot put the new report in place: %s", final, strerror(e));
	}
	if (old)
		remove_tree(aside);
	return LM_OK;
}

lm_status lm_report_write(const char *dir, lm_report_info *info)
{
	memset(info, 0, sizeof *info);
	report *rp = calloc(1, sizeof *rp);
	point *buf = NULL;
	if (!rp)
		return lm_fail(LM_ENOMEM, "out of memory");
	rp->dir = dir;
	char final[4000];
	snprintf(final, sizeof final, "%s/report", dir);
	/* every file read and every name checked before anything is written;
	 * then the report is drawn whole beside the old one, and swapped in */
	lm_status s = read_inputs(rp, &buf);
	if (s == LM_OK)
		s = check_names(rp);
	if (s == LM_OK)
		s = make_temporary(rp, final);
	if (s == LM_OK)
		s = draw_pictures(rp, buf);
	if (s == LM_OK)
		s = run_gnuplot(rp, info);
	if (s == LM_OK)
		s = write_markdown(rp, info, buf);
	if (s == LM_OK)
		s = publish(rp, final);
	if (s != LM_OK && rp->out[0]) {
		char why[1024];
		snprintf(why, sizeof why, "%s", lm_error_message());
		s = lm_fail(s, "%s not written (one there before is as it was): %s", final, why);
		remove_tree(rp->out);
	}
	if (s == LM_OK) {
		FILE *sum = fmemopen(info->summary, sizeof info->summary, "w");
		if (sum) {
			md_summary(sum, rp, false, buf);
			fclose(sum);
		}
		snprintf(info->path, sizeof info->path, "%s/report.md", final);
	}
	free(buf);
	lm_results_free(&rp->res);
	lm_results_free(&rp->kres);
	lm_file_inputs_free(&rp->inputs);
	free(rp);
	return s;
}
