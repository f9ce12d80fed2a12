/* pictures: the report's files, each written whole, and the pictures of
 * the measured curves: throughput against occupancy (thesis Figs. 4.1,
 * 4.3) and latency at the smallest occupancy against alpha. Each is a .gp
 * script and its .dat files, which gnuplot draws. */
#include "report/report_parts.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/mix.h"
#include "base/file.h"
#include "fit/model.h"
#include "report/gnuplot.h"

const char *const lm_rp_colours[NCOLOURS] = {
	"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2",
	"#7f7f7f", "#bcbd22", "#17becf", "#393b79", "#637939", "#8c6d31", "#843c39",
	"#7b4173", "#000000",
};
static const int chain_points[] = { 7, 5, 9, 13, 11, 15, 4, 6 }; /* gnuplot point types */

/* ---- files ---- */

FILE *lm_rp_open_out(const report *rp, const char *name, const char *ext, lm_file_out **o, lm_status *s)
{
	char path[4200];
	snprintf(path, sizeof path, "%s/%s%s", rp->out, name, ext);
	if ((*s = lm_file_create(path, &rp->inputs, o)) != LM_OK) {
		*o = NULL;
		return NULL;
	}
	return lm_file_stream(*o);
}

lm_status lm_rp_close_out(lm_file_out *o, lm_status s)
{
	if (!o)
		return s;
	if (s != LM_OK) {
		lm_file_discard(o);
		return s;
	}
	return lm_file_commit(o);
}

picture *lm_rp_add_picture(report *rp, const char *name, const char *title)
{
	if (rp->npic == MAX_PICS)
		return NULL;
	picture *p = &rp->pic[rp->npic++];
	snprintf(p->name, sizeof p->name, "%s", name);
	snprintf(p->title, sizeof p->title, "%s", title);
	p->caption[0] = '\0';
	return p;
}

void lm_rp_key_lines(FILE *g, bool refined)
{
	fputs("keyentry with points pt 7 lc rgb 'black' title 'measured', \\\n"
	      "  keyentry with lines lw 2 lc rgb 'black' title 'basic model'", g);
	if (refined)
		fputs(", \\\n  keyentry with lines lw 2 dt 2 lc rgb 'black' title 'refined model'", g);
}

/* The curves of a throughput picture: the alphas drawn, the chain counts
 * (1 alone unless chained) and the largest occupancy among them. */
typedef struct {
	const char *mix;
	bool chained;
	double alphas[MAX_ALPHAS];
	unsigned chains[MAX_CHAINS];
	size_t na, nc;
	double nmax;
} curve_set;

/* The curves of mix to draw: with chains 1, or, chained, every chain
 * count of the alphas measured with more than one; t->na 0: none. */
static void throughput_curves(const report *rp, const char *mix, bool chained, curve_set *t, point *buf)
{
	t->mix = mix;
	t->chained = chained;
	t->chains[0] = 1;
	t->nc = chained ? lm_rp_chains_of(&rp->res, mix, t->chains) : 1;
	t->na = lm_rp_alphas_of(&rp->res, mix, chained ? 0 : 1, t->alphas);
	if (chained) { /* only alphas measured with more than one chain */
		size_t k = 0;
		for (size_t i = 0; i < t->na; i++)
			if (lm_rp_collect(&rp->res, mix, t->alphas[i], 0, buf) >
			    lm_rp_collect(&rp->res, mix, t->alphas[i], 1, buf))
				t->alphas[k++] = t->alphas[i];
		t->na = k;
	}
	t->nmax = 1;
	for (size_t i = 0; i < t->na; i++)
		for (size_t c = 0; c < t->nc; c++) {
			size_t k = lm_rp_collect(&rp->res, mix, t->alphas[i], t->chains[c], buf);
			for (size_t j = 0; j < k; j++)
				t->nmax = fmax(t->nmax, buf[j].n);
		}
	if (t->nmax <= 1) /* one occupancy (gmem-cache's one warp): no curve to draw */
		t->na = 0;
}

/* NAME.dat: the points measured, a block per (alpha, chains) that has any. */
static void throughput_data(FILE *d, const report *rp, const curve_set *t, point *buf)
{
	char a_txt[32];
	fprintf(d, "# latmix report: %s, mix %s, measured; one block per (alpha, chains), in the order of the\n"
		   "# '# block' lines. Columns: occupancy n = warps per CU x chains, throughput in warp\n"
		   "# instructions per cycle per CU (memory; arithmetic for alpha = inf), warps per CU, chains\n",
		rp->res.device, t->mix);
	int block = 0;
	for (size_t i = 0; i < t->na; i++) {
		for (size_t c = 0; c < t->nc; c++) {
			size_t k = lm_rp_collect(&rp->res, t->mix, t->alphas[i], t->chains[c], buf);
			if (!k)
				continue;
			fprintf(d, "%s# block %d: alpha = %s, chains = %u\n", block ? "\n\n" : "", block,
				lm_rp_alpha_text(t->alphas[i], a_txt, sizeof a_txt), t->chains[c]);
			for (size_t j = 0; j < k; j++)
				fprintf(d, "%g %.6g %u %u\n", buf[j].n, buf[j].ipc, buf[j].warps, buf[j].chains);
			block++;
		}
	}
}

/* NAME-model.dat: both models along occupancy (a log grid up to the
 * largest measured), a block per alpha, the refined model at each chain
 * count. */
static void throughput_model_data(FILE *md, const mix_model *mm, const char *name, const curve_set *t)
{
	char a_txt[32];
	fprintf(md, "# latmix report: the model for mix %s, one block per alpha as in %s.gp.\n"
		    "# Columns: occupancy n (warps per CU x chains), basic model, refined model ('?': none)\n"
		    "# at each chains count of %s.dat in turn (the basic model has no chains term),\n"
		    "# in the unit of %s.dat\n", t->mix, name, name, name);
	for (size_t i = 0; i < t->na; i++) {
		double a = t->alphas[i];
		fprintf(md, "%s# block %zu: alpha = %s\n", i ? "\n\n" : "", i, lm_rp_alpha_text(a, a_txt, sizeof a_txt));
		for (int j = 0; j <= GRID; j++) {
			double n = pow(t->nmax, (double)j / GRID);
			fprintf(md, "%.6g", n);
			for (int m = 0; m < NMODELS; m++)
				for (size_t c = 0; c < (m == BASIC ? 1 : t->nc); c++) {
					lm_model_point pt = lm_model_eval_chains(&mm->mp[m], n, a, t->chains[c]);
					lm_rp_num(md, !mm->has[m] ? NAN : isinf(a) ? pt.alu_ipc : pt.mem_ipc);
				}
			fputc('\n', md);
		}
	}
}

/* NAME.gp's axes, and one colour per alpha, from a palette dark to light
 * with its scale beside the plot: a legend entry per alpha would not read. */
static void throughput_axes(FILE *g, const curve_set *t)
{
	char a_txt[32];
	fprintf(g, "set logscale xy\n"
		   "set format y '%%g'\n"
		   "set xlabel 'occupancy n = warps per CU%s'\n"
		   "set ylabel 'warp instructions / cycle / CU (memory; arithmetic for alpha = inf)'\n"
		   "set key below horizontal\n"
		   "set xrange [0.8:%g]\n",
		t->chained ? " x chains k" : "", t->nmax * 1.25);
	fprintf(g, "set palette defined (0 '#0d0887', 1 '#7e03a8', 2 '#cc4778', 3 '#f0803c', 4 '#c9a800')\n"
		   "set palette maxcolors %zu\nset cbrange [-0.5:%g]\nset cblabel 'alpha, adds per load'\n"
		   "set cbtics (", t->na > 1 ? t->na : 2, (double)t->na - 0.5);
	for (size_t i = 0; i < t->na; i++)
		fprintf(g, "%s'%s' %zu", i ? ", " : "", lm_rp_alpha_text(t->alphas[i], a_txt, sizeof a_txt), i);
	/* one alpha (the stream mixes'): its value in the key, no scale of one colour */
	fputs(t->na > 1 ? ")\nset colorbox\n" : ")\nunset colorbox\n", g);
}

/* NAME.gp's plot: each alpha's measured blocks (a point shape per chains
 * count) and its model lines, in its colour; the key in black. */
static void throughput_plot(FILE *g, const report *rp, const mix_model *mm, const char *name,
			    const curve_set *t, point *buf)
{
	bool refined = mm->has[REFINED];
	fputs("plot ", g);
	int block = 0;
	for (size_t i = 0; i < t->na; i++) {
		for (size_t c = 0; c < t->nc; c++) {
			if (!lm_rp_collect(&rp->res, t->mix, t->alphas[i], t->chains[c], buf))
				continue;
			fprintf(g, "'%s.dat' index %d using 1:2 with points pt %d ps %s lc palette cb %zu notitle, \\\n  ",
				name, block, t->chained ? chain_points[c % 8] : 7, t->chained ? "0.7" : "0.8", i);
			block++;
		}
		/* the basic model has no chains term: the chains picture draws
		 * the refined model alone */
		if (mm->has[BASIC] && !(t->chained && refined))
			fprintf(g, "'%s-model.dat' index %zu using 1:2 with lines lw 2 lc palette cb %zu notitle, \\\n  ",
				name, i, i);
		/* the refined model: a line per chains count (one for alpha = inf,
		 * where chains do not enter) */
		for (size_t c = 0; refined && c < (isinf(t->alphas[i]) ? 1 : t->nc); c++)
			fprintf(g, "'%s-model.dat' index %zu using 1:%zu with lines lw 2 dt 2 lc palette cb %zu notitle, \\\n  ",
				name, i, 3 + c, i);
	}
	if (t->chained) {
		for (size_t c = 0; c < t->nc && c < 4; c++)
			fprintf(g, "%skeyentry with points pt %d lc rgb 'black' title 'k = %u'", c ? ", \\\n  " : "",
				chain_points[c % 8], t->chains[c]);
		if (refined || mm->has[BASIC]) /* a line in the key only where one is drawn */
			fprintf(g, ", \\\n  keyentry with lines lw 2 %s lc rgb 'black' title '%s model'",
				refined ? "dt 2" : "", refined ? "refined" : "basic");
	} else if (mm->has[BASIC]) {
		lm_rp_key_lines(g, refined);
	} else {
		char a_txt[32] = "";
		if (t->na == 1)
			lm_rp_alpha_text(t->alphas[0], a_txt, sizeof a_txt);
		fprintf(g, "keyentry with points pt 7 lc rgb 'black' title 'measured%s%s'", a_txt[0] ? ", alpha = " : "",
			a_txt);
	}
	fputc('\n', g);
}

/* What report.md says under a throughput picture (p NULL: nothing); most:
 * the warps a CU holds (0: not known). */
static void throughput_caption(picture *p, const mix_model *mm, bool chained, unsigned most)
{
	char above[128] = "", line[320] = "";
	if (most)
		snprintf(above, sizeof above, " Points above %u warps exist only through chains; they show where "
					      "the memory system really saturates.", most);
	if (mm->has[REFINED])
		snprintf(line, sizeof line, ", the refined model's");
	else if (!mm->has[BASIC])
		snprintf(line, sizeof line, "; no model is drawn, %s", mm->why);
	if (p && chained)
		snprintf(p->caption, sizeof p->caption,
			 "The %s curves measured with k = 1, 2, 4, 8 independent chains per thread (point shape), "
			 "plotted at occupancy n x k, one colour per alpha (the scale at the right): if chains are as "
			 "good as warps, every shape of one colour falls on the same line%s.%s",
			 mm->name, line, above);
	else if (p && mm->has[BASIC])
		snprintf(p->caption, sizeof p->caption,
			 "One colour per alpha (adds per load; the scale at the right), chains 1; points are "
			 "measured, solid lines the basic model%s. On these log-log axes the latency-bound part of a curve is a straight rise "
			 "of slope 1 (n / Latency) and the throughput bound is flat; the knee is the occupancy the "
			 "model says is needed. Memory throughput is plotted, arithmetic for alpha = inf.",
			 mm->has[REFINED] ? ", dashed the refined model (a gradual knee), which bends into the "
					    "plateau gradually as measured curves do" : "");
	else if (p)
		snprintf(p->caption, sizeof p->caption,
			 "Measured throughput only (no model for this mix: %s). Log-log axes: a straight rise is "
			 "latency bound, a flat part throughput bound.", mm->why);
}

lm_status lm_rp_throughput_picture(report *rp, const mix_model *mm, bool chained, point *buf)
{
	char name[96], title[256];
	snprintf(name, sizeof name, "throughput-%s%s", mm->name, chained ? "-chains" : "");
	curve_set t;
	throughput_curves(rp, mm->name, chained, &t, buf);
	if (!t.na)
		return LM_OK;
	lm_status s = LM_OK;
	FILE *d = NULL, *md = NULL, *g = NULL;
	lm_file_out *od = NULL, *omd = NULL, *og = NULL;
	if (!(d = lm_rp_open_out(rp, name, ".dat", &od, &s)) || !(g = lm_rp_open_out(rp, name, ".gp", &og, &s)) ||
	    (mm->has[BASIC] && !(md = lm_rp_open_out(rp, name, "-model.dat", &omd, &s))))
		goto done;
	throughput_data(d, rp, &t, buf);
	if (mm->has[BASIC])
		throughput_model_data(md, mm, name, &t);
	snprintf(title, sizeof title, "%s: throughput against occupancy, mix %s%s", rp->res.device, mm->name,
		 chained ? ", k independent chains per thread" : "");
	lm_gnuplot_begin(g, name, title);
	throughput_axes(g, &t);
	throughput_plot(g, rp, mm, name, &t, buf);
	lm_gnuplot_end(g, name);
	throughput_caption(lm_rp_add_picture(rp, name, title), mm, chained, lm_rp_max_warps(rp));
done:
	s = lm_rp_close_out(od, s);
	s = lm_rp_close_out(omd, s);
	return lm_rp_close_out(og, s);
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

/* The mixes drawn on the latency picture: each one's block in latency.dat
 * (-1: not drawn) and the end of its line, where its name goes. */
typedef struct {
	int block[MAX_MIXES];
	double x[MAX_MIXES], y[MAX_MIXES];
	double ytop; /* the highest end */
} line_ends;

/* latency.dat: a block per mix with a line (not the stream mixes), measured and
 * both models' mem_lat + alpha alu_lat; e gets where each line ends. */
static void latency_data(FILE *d, const report *rp, point *buf, line_ends *e)
{
	fprintf(d, "# latmix report: %s: cycles per group (one load + alpha adds, per chain) at each\n"
		   "# mix's smallest occupancy, chains 1. One block per mix, in the order of latency.gp;\n"
		   "# columns: alpha, measured cycles, basic model mem_lat + alpha alu_lat, refined model\n",
		rp->res.device);
	int block = 0;
	double xs[MAX_ALPHAS], ys[MAX_ALPHAS];
	e->ytop = 0;
	for (size_t i = 0; i < rp->nmix; i++) {
		const mix_model *mm = &rp->mix[i];
		double slope, icept;
		size_t k = lm_rp_latency_line(rp, mm->name, buf, &slope, &icept, xs, ys);
		e->block[i] = -1;
		const lm_mix *mix = lm_mix_find(mm->name);
		if (!k || (mix && mix->step == LM_STEP_STREAM))
			continue; /* a stream's pass is of loads in flight together, not one's latency */
		fprintf(d, "%s# block %d: mix %s\n", block ? "\n\n" : "", block, mm->name);
		for (size_t j = 0; j < k; j++) {
			fprintf(d, "%g %.6g", xs[j], ys[j]);
			for (int m = 0; m < NMODELS; m++)
				lm_rp_num(d, mm->has[m] ? lm_model_latency(&mm->mp[m], xs[j]) : NAN);
			fputc('\n', d);
		}
		e->x[i] = xs[k - 1];
		e->y[i] = ys[k - 1];
		e->ytop = fmax(e->ytop, e->y[i]);
		e->block[i] = block++;
	}
}

/* Each mix named at the end of its line (a legend entry per mix would not
 * read), the names apart: taken from the lowest up, each at least 4% of
 * the height above the one placed before it. */
static void latency_names(FILE *g, const report *rp, line_ends *e)
{
	label order[MAX_MIXES];
	size_t n = 0;
	for (size_t i = 0; i < rp->nmix; i++)
		if (e->block[i] >= 0)
			order[n++] = (label){ e->y[i], i };
	qsort(order, n, sizeof *order, by_height);
	for (size_t r = 1; r < n; r++)
		e->y[order[r].mix] = fmax(e->y[order[r].mix], e->y[order[r - 1].mix] + 0.04 * e->ytop);
	for (size_t i = 0; i < rp->nmix; i++)
		if (e->block[i] >= 0)
			fprintf(g, "set label '%s' at %g,%g left offset char 1,0 tc rgb '%s' noenhanced\n",
				rp->mix[i].name, e->x[i], e->y[i], lm_rp_colours[i % NCOLOURS]);
}

/* latency.gp's plot: each mix's points and model lines in its colour, the
 * key in black. */
static void latency_plot(FILE *g, const report *rp, const char *name, const line_ends *e)
{
	bool basic = false, refined = false;
	for (size_t i = 0; i < rp->nmix; i++)
		basic |= e->block[i] >= 0 && rp->mix[i].has[BASIC];
	/* every point measured and no line drawn: no key to cover them */
	fputs(basic ? "plot " : "unset key\nplot ", g);
	for (size_t i = 0; i < rp->nmix; i++) {
		const mix_model *mm = &rp->mix[i];
		if (e->block[i] < 0)
			continue;
		const char *col = lm_rp_colours[i % NCOLOURS];
		fprintf(g, "'%s.dat' index %d using 1:2 with points pt 7 ps 1 lc rgb '%s' notitle, \\\n  ", name,
			e->block[i], col);
		if (mm->has[BASIC])
			fprintf(g, "'%s.dat' index %d using 1:3 with lines lw 2 lc rgb '%s' notitle, \\\n  ", name,
				e->block[i], col);
		if (mm->has[REFINED])
			fprintf(g, "'%s.dat' index %d using 1:4 with lines lw 2 dt 2 lc rgb '%s' notitle, \\\n  ",
				name, e->block[i], col);
		refined |= mm->has[REFINED];
	}
	if (basic)
		lm_rp_key_lines(g, refined);
	else
		fputs("1/0 notitle", g);
	fputc('\n', g);
}

lm_status lm_rp_latency_picture(report *rp, point *buf)
{
	const char *name = "latency";
	lm_status s = LM_OK;
	FILE *d = NULL, *g = NULL;
	lm_file_out *od = NULL, *og = NULL;
	if (!(d = lm_rp_open_out(rp, name, ".dat", &od, &s)) || !(g = lm_rp_open_out(rp, name, ".gp", &og, &s)))
		goto done;
	char title[256];
	snprintf(title, sizeof title, "%s: latency of a load and its alpha adds, at the smallest occupancy",
		 rp->res.device);
	line_ends e;
	latency_data(d, rp, buf, &e);
	lm_gnuplot_begin(g, name, title);
	fprintf(g, "set xlabel 'alpha, adds per load'\n"
		   "set ylabel 'cycles per load + alpha adds'\n"
		   "set key left top box opaque\n"
		   "set offsets 0, 0, graph 0.06, 0\n" /* the highest point and name inside the frame */
		   "set rmargin 14\n");
	latency_names(g, rp, &e);
	latency_plot(g, rp, name, &e);
	lm_gnuplot_end(g, name);
	picture *p = lm_rp_add_picture(rp, name, title);
	if (p)
		snprintf(p->caption, sizeof p->caption,
			 "Each dot is the time one warp took per load and its alpha dependent adds at the smallest "
			 "occupancy, where nothing queues. The model says this is a straight line, mem_lat + alpha "
			 "alu_lat: its height at alpha = 0 is the latency of the mix's step and its slope the add "
			 "latency, the same for every mix. Lines are each mix's fitted model (dashed: refined, whose "
			 "mem_lat is the unloaded latency); each mix is named at the end of its line.");
done:
	s = lm_rp_close_out(od, s);
	return lm_rp_close_out(og, s);
}
