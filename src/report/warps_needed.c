/* warps_needed: the warps per CU needed for 90% of the peak against alpha
 * (thesis Fig. 4.6), the model's and the measured curves', and the CUDA
 * C Programming Guide's estimate beside the model's (thesis §4.8). */
#include "report/report_parts.h"

#include <math.h>
#include <stdio.h>

#include "fit/fit.h"
#include "fit/model.h"
#include "report/gnuplot.h"

#define WARPS_FRACTION 0.9

/* Measured warps needed for WARPS_FRACTION of model m's peak at alpha,
 * over every chain count (occupancy n x k); *at_least gets the largest
 * occupancy measured when the curve never gets there. */
static double measured_warps(const report *rp, const mix_model *mm, int m, double alpha, point *buf,
			     double *at_least)
{
	size_t k = lm_rp_collect(&rp->res, mm->name, alpha, 0, buf);
	double w = lm_rp_first_reach(buf, k, WARPS_FRACTION * lm_model_peak(&mm->mp[m], alpha, NULL));
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
	size_t k = lm_rp_collect(&rp->res, mm->name, alpha, 0, buf);
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

/* The alphas of the warps-needed pictures, and where alpha = 0 and
 * alpha = inf sit on their log axis. */
typedef struct {
	double alphas[MAX_ALPHAS];
	size_t na;
	double zero_x, inf_x;
} alpha_axis;

/* A data row of the warps-needed picture: x position, alpha, value. */
static void alpha_row(FILE *d, const alpha_axis *ax, double a, double value)
{
	char t[32];
	fprintf(d, "%g %s", axis_x(a, ax->zero_x, ax->inf_x), lm_rp_alpha_text(a, t, sizeof t));
	lm_rp_num(d, value);
	fputc('\n', d);
}

static void alpha_tics(FILE *g, const alpha_axis *ax)
{
	char t[32];
	fputs("set xtics (", g);
	for (size_t i = 0; i < ax->na; i++)
		fprintf(g, "%s\"%s\" %g", i ? ", " : "", lm_rp_alpha_text(ax->alphas[i], t, sizeof t),
			axis_x(ax->alphas[i], ax->zero_x, ax->inf_x));
	fputs(")\n", g);
}

/* Blocks 0 and 1 of the picture's .dat (its header first): where each
 * measured curve first reaches WARPS_FRACTION of the basic model's peak,
 * and, for those that never reach either model's, the most measured. */
static void warps_measured(FILE *d, const report *rp, const mix_model *mm, const alpha_axis *ax, point *buf)
{
	char t[32];
	fprintf(d, "# latmix report: %s, mix %s: warps per CU needed for %g%% of the basic model's peak\n"
		   "# block 0, measured (first crossing of each alpha's curve, every chain count, occupancy\n"
		   "# warps x chains, interpolated): x position, alpha, warps; '?': not reached\n",
		rp->res.device, mm->name, 100 * WARPS_FRACTION);
	for (size_t i = 0; i < ax->na; i++) {
		double lb;
		alpha_row(d, ax, ax->alphas[i], measured_warps(rp, mm, BASIC, ax->alphas[i], buf, &lb));
	}
	fputs("\n\n# block 1, not reached: x position, alpha, the largest occupancy measured (a lower bound)\n"
	      "# of the basic model's peak, of the refined model's ('?': reached, or no model)\n", d);
	for (size_t i = 0; i < ax->na; i++) {
		double a = ax->alphas[i], lb[NMODELS] = { NAN, NAN };
		for (int m = 0; m < NMODELS; m++)
			if (mm->has[m])
				measured_warps(rp, mm, m, a, buf, &lb[m]);
		if (isnan(lb[BASIC]) && isnan(lb[REFINED]))
			continue;
		fprintf(d, "%g %s", axis_x(a, ax->zero_x, ax->inf_x), lm_rp_alpha_text(a, t, sizeof t));
		lm_rp_num(d, lb[BASIC]);
		lm_rp_num(d, lb[REFINED]);
		fputc('\n', d);
	}
}

/* Blocks 2 and 3: both models' warps needed along alpha (a log grid
 * between the axis' ends), and at alpha = 0 and alpha = inf. */
static void warps_models(FILE *d, const mix_model *mm, const alpha_axis *ax)
{
	fputs("\n\n# block 2, the models along alpha: alpha, basic, refined ('?': unreachable or none)\n", d);
	for (int j = 0; j <= GRID; j++) {
		double a = ax->zero_x * pow(ax->inf_x / ax->zero_x, (double)j / GRID);
		fprintf(d, "%.6g", a);
		for (int m = 0; m < NMODELS; m++)
			lm_rp_num(d, mm->has[m] ? lm_model_warps_needed(&mm->mp[m], a, WARPS_FRACTION) : NAN);
		fputc('\n', d);
	}
	fputs("\n\n# block 3, the models at alpha = 0 and alpha = inf: x position, basic, refined\n", d);
	for (int e = 0; e < 2; e++) {
		double a = e ? INFINITY : 0;
		fprintf(d, "%g", axis_x(a, ax->zero_x, ax->inf_x));
		for (int m = 0; m < NMODELS; m++)
			lm_rp_num(d, mm->has[m] ? lm_model_warps_needed(&mm->mp[m], a, WARPS_FRACTION) : NAN);
		fputc('\n', d);
	}
}

/* Blocks 4 and 5: the measured curves against the refined model's peak,
 * and the refined model read as they are (model_warps_as_measured). */
static void warps_refined(FILE *d, const report *rp, const mix_model *mm, const alpha_axis *ax, point *buf)
{
	fputs("\n\n# block 4, measured against the refined model's peak (as block 0): x position, alpha, "
	      "warps; '?': not reached or no refined model\n", d);
	for (size_t i = 0; i < ax->na; i++) {
		double lb;
		alpha_row(d, ax, ax->alphas[i],
			  mm->has[REFINED] ? measured_warps(rp, mm, REFINED, ax->alphas[i], buf, &lb) : NAN);
	}
	fputs("\n\n# block 5, the refined model read as block 4: the least occupancy over the chain counts "
	      "measured, each within its warps measured: x position, alpha, warps\n", d);
	for (size_t i = 0; i < ax->na; i++)
		alpha_row(d, ax, ax->alphas[i],
			  mm->has[REFINED] ? model_warps_as_measured(rp, mm, REFINED, ax->alphas[i], buf) : NAN);
}

/* The script's axes, alpha's tics, and the cusp of the model it draws
 * (the one preferred, pref; the basic one in the detail picture). */
static void warps_axes(FILE *g, const mix_model *mm, bool detail, int pref, const alpha_axis *ax)
{
	double ca, cw;
	fprintf(g, "set logscale x\n"
		   "set xrange [%g:%g]\n"
		   "set yrange [0:*]\n"
		   "set xlabel 'alpha, adds per load (log scale; 0 and inf at the ends)'\n"
		   "set ylabel 'warps per CU (occupancy n x chains k)'\n"
		   "set key below maxrows 2\n",
		ax->zero_x / 1.5, ax->inf_x * 1.5);
	alpha_tics(g, ax);
	const lm_model_params *cm = &mm->mp[detail ? BASIC : pref];
	if (lm_model_cusp(cm, &ca, &cw))
		fprintf(g, "set arrow from %g, graph 0 to %g, graph 1 nohead dt 3 lc rgb '#888888'\n"
			   "set label '%s model cusp, alpha = %.1f' at %g, graph 0.97 left offset 0.5,0 tc rgb '#555555'\n",
			ca, ca, lm_fit_model_name(detail ? LM_FIT_BASIC : (lm_fit_model)pref), ca, ca);
}

/* The answer: the preferred model, and where the measured curves reach
 * WARPS_FRACTION of its peak. */
static void warps_plot(FILE *g, const char *name, int pref)
{
	const char *col = pref == REFINED ? "#d62728" : "#1f77b4";
	fprintf(g, "plot '%s.dat' index 2 using 1:%d with lines lw 2 lc rgb '%s' title '%s model', \\\n"
		   "  '%s.dat' index 3 using 1:%d with points pt 6 ps 1.5 lc rgb '%s' notitle, \\\n"
		   "  '%s.dat' index %d using 1:3 with points pt 7 ps 1.2 lc rgb 'black' title 'measured', \\\n"
		   "  '%s.dat' index 1 using 1:%d with points pt 8 ps 1.5 lc rgb 'black' title 'not reached by the warps measured'\n",
		name, 2 + pref, col, lm_fit_model_name((lm_fit_model)pref), name, 2 + pref, col, name,
		pref == REFINED ? 4 : 0, name, 3 + pref);
}

/* The detail: both models, and the measured curves against each one's peak. */
static void warps_plot_detail(FILE *g, const char *name, const mix_model *mm)
{
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

/* What report.md says under a warps-needed picture (p NULL: nothing). */
static void warps_caption(picture *p, bool detail, int pref)
{
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
}

lm_status lm_rp_warps_picture(report *rp, const mix_model *mm, bool detail, point *buf)
{
	const char *name = detail ? "warps-needed-detail" : "warps-needed";
	int pref = lm_rp_preferred_slot(mm);
	alpha_axis ax;
	ax.na = lm_rp_alphas_of(&rp->res, mm->name, 0, ax.alphas);
	axis_ends(ax.alphas, ax.na, &ax.zero_x, &ax.inf_x);
	lm_status s = LM_OK;
	FILE *d = NULL, *g = NULL;
	lm_file_out *od = NULL, *og = NULL;
	if (!(d = lm_rp_open_out(rp, name, ".dat", &od, &s)) || !(g = lm_rp_open_out(rp, name, ".gp", &og, &s)))
		goto done;
	warps_measured(d, rp, mm, &ax, buf);
	warps_models(d, mm, &ax);
	warps_refined(d, rp, mm, &ax, buf);
	char title[256];
	snprintf(title, sizeof title, "%s: warps needed for %g%% of peak, mix %s%s", rp->res.device,
		 100 * WARPS_FRACTION, mm->name, detail ? ", both models" : "");
	lm_gnuplot_begin(g, name, title);
	warps_axes(g, mm, detail, pref, &ax);
	if (!detail)
		warps_plot(g, name, pref);
	else
		warps_plot_detail(g, name, mm);
	lm_gnuplot_end(g, name);
	warps_caption(lm_rp_add_picture(rp, name, title), detail, pref);
done:
	s = lm_rp_close_out(od, s);
	return lm_rp_close_out(og, s);
}

lm_status lm_rp_guide_picture(report *rp, const mix_model *mm, point *buf)
{
	const char *name = "guide-estimate";
	const lm_model_params *q = &mm->mp[BASIC];
	if (!(q->alu_thru > 0) || !(q->mem_lat > 0))
		return LM_OK;
	double alphas[MAX_ALPHAS], lo = INFINITY, hi = 0;
	size_t na = lm_rp_alphas_of(&rp->res, mm->name, 0, alphas);
	for (size_t i = 0; i < na; i++)
		if (alphas[i] > 0 && isfinite(alphas[i]))
			lo = fmin(lo, alphas[i]), hi = fmax(hi, alphas[i]);
	if (!isfinite(lo) || !(hi > lo))
		return LM_OK;
	lm_status s = LM_OK;
	FILE *d = NULL, *g = NULL;
	lm_file_out *od = NULL, *og = NULL;
	if (!(d = lm_rp_open_out(rp, name, ".dat", &od, &s)) || !(g = lm_rp_open_out(rp, name, ".gp", &og, &s)))
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
		lm_rp_num(d, guide);
		lm_rp_num(d, refined);
		lm_rp_num(d, lm_model_warps_needed(q, a, 1.0));
		lm_rp_num(d, lm_model_warps_needed(q, a, WARPS_FRACTION));
		fputc('\n', d);
	}
	fprintf(d, "\n\n# block 1, measured: alpha, warps for %g%% of the basic model's peak ('?': not reached)\n",
		100 * WARPS_FRACTION);
	for (size_t i = 0; i < na; i++) {
		if (!(alphas[i] > 0) || isinf(alphas[i]))
			continue;
		double lb, w = measured_warps(rp, mm, BASIC, alphas[i], buf, &lb);
		fprintf(d, "%g", alphas[i]);
		lm_rp_num(d, w);
		fprintf(d, " # alpha %s\n", lm_rp_alpha_text(alphas[i], t, sizeof t));
	}
	snprintf(title, sizeof title, "%s: the CUDA guide's estimate and the model's, mix %s", rp->res.device,
		 mm->name);
	lm_gnuplot_begin(g, name, title);
	fprintf(g, "set logscale xy\n"
		   "set xrange [%g:%g]\n"
		   "set xlabel 'alpha, adds per load'\n"
		   "set ylabel 'warps per CU'\n"
		   "set key right top box opaque\n"
		   "plot '%s.dat' index 0 using 1:2 with lines lw 2 lc rgb '#ff7f0e' title 'guide: mem\\_lat alu\\_thru / alpha', \\\n"
		   "  '%s.dat' index 0 using 1:3 with lines lw 2 dt 2 lc rgb '#ff7f0e' title 'guide, refined: mem\\_lat alu\\_thru / (alpha+1) + 1', \\\n"
		   "  '%s.dat' index 0 using 1:4 with lines lw 2 lc rgb '#1f77b4' title 'model, full peak (better estimate)', \\\n"
		   "  '%s.dat' index 0 using 1:5 with lines lw 1 dt 3 lc rgb '#1f77b4' title 'model, %g%% of peak', \\\n"
		   "  '%s.dat' index 1 using 1:2 with points pt 7 ps 1.2 lc rgb 'black' title 'measured, %g%% of peak'\n",
		lo / 1.3, hi * 1.3, name, name, name, name, 100 * WARPS_FRACTION, name,
		100 * WARPS_FRACTION);
	lm_gnuplot_end(g, name);
	picture *p = lm_rp_add_picture(rp, name, title);
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
	s = lm_rp_close_out(od, s);
	return lm_rp_close_out(og, s);
}
