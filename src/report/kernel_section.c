/* kernel_section: users' kernels in the report (kernels.csv beside the
 * measurements, latmix measure --kernel): each kernel's curve, what holds
 * its plateau, its picture beside the model's prediction (kernel_price.c). */
#include "report/kernel_parts.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm/count.h"
#include "fit/model.h"
#include "bench/vendor.h"
#include "report/gnuplot.h"

/* Warps where y (at warps) first reaches level, as lm_rp_first_reach, but
 * never below the first occupancy measured: a curve at level there says
 * no more than that (interpolated from the origin, a CPU's saxpy was
 * marked at 0.9 warps, left of every point). */
double lm_rp_kernel_reach(const unsigned *warps, const double *y, size_t n, double level)
{
	if (n && y[0] >= level)
		return warps[0];
	point v[MAX_KPOINTS];
	for (size_t k = 0; k < n; k++)
		v[k] = (point){ .n = warps[k], .ipc = y[k] };
	return lm_rp_first_reach(v, n, level);
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

/* A kernel as written whose most occupancy runs 30% or more faster than
 * the one below it, past what its extra warps give (spmv: twice as fast
 * with 7% more warps). latmix holds a kernel as written down by reserving
 * local memory a group, none at the most; where local memory takes L1's
 * storage (NVIDIA), a kernel that reuses lines in L1 runs below the most
 * at the L1 left, not at its warps (studies/ndrange-probe/reserves-h200). */
static void kernel_jump(kernel_curve *c)
{
	c->jump = 0;
	size_t t = c->n - 1;
	if (!c->as_written || c->n < 2 || !(c->bytes[t - 1] > 0) || c->warps[t] <= c->warps[t - 1])
		return;
	double more = c->bytes[t] / c->bytes[t - 1];
	if (more / ((double)c->warps[t] / c->warps[t - 1]) >= 1.3)
		c->jump = more - 1;
}

/* The smallest L1 the vendor table's carve-outs leave an SM (28 KiB on
 * 8.0-9.0, 32 on 7.x) and below it: the reserve that holds a kernel as
 * written down takes the largest carve-out, which caps the lines an SM
 * keeps in flight (studies/spmv-l1, studies/dot-top). */
#define SMALL_L1 (32.0 * 1024)

/* The L1 c's point k left an SM, bytes: from its groups and the local
 * memory each held, on an NVIDIA device whose compute capability the
 * vendor table knows (rp's kernels.csv says it); NAN where not known
 * (files before the local memory's column, a grid-stride kernel). */
static double point_l1(const report *rp, const kernel_curve *c, size_t k)
{
	const char *cc = lm_results_meta_value(&rp->kres, "compute_capability");
	int major, minor;
	double l1;
	if (!c->as_written || !cc || sscanf(cc, "%d.%d", &major, &minor) != 2 ||
	    !lm_vendor_nv_l1_left(major, minor, c->groups[k], c->local[k], &l1))
		return NAN;
	return l1;
}

/* The L1 an SM left either side of c's jump (point_l1; NAN where there
 * is no jump). */
static void kernel_jump_l1(const report *rp, kernel_curve *c)
{
	for (int i = 0; i < 2; i++)
		c->jump_l1[i] = c->jump > 0 ? point_l1(rp, c, c->n - 2 + (size_t)i) : NAN;
}

/* The i-th kernel's name in kernels.csv (in the order of the file), or NULL. */
static const char *kernel_name_at(const report *rp, size_t i)
{
	const lm_results *r = &rp->kres;
	size_t seen = 0;
	for (size_t j = 0; j < r->n; j++) {
		bool first = true;
		for (size_t q = 0; q < j && first; q++)
			first = strcmp(r->v[q].mix, r->v[j].mix) != 0;
		if (first && seen++ == i)
			return r->v[j].mix;
	}
	return NULL;
}

#define MAX_SIZES 16

/* The work-group sizes, ascending, of a kernel measured as written (its
 * resident groups counted: a number) at more than one (the first
 * MAX_SIZES); 0 where it is grid-stride or ran at one size, its rows one
 * curve. Sizes mixed in one curve would hide each size's own plateau. */
static size_t kernel_sizes(const report *rp, const char *name, unsigned *out)
{
	const lm_results *r = &rp->kres;
	size_t n = 0;
	for (size_t j = 0; j < r->n; j++) {
		unsigned wg = r->v[j].row.work_group_size;
		if (strcmp(r->v[j].mix, name) != 0 || !isfinite(r->v[j].row.resident_groups))
			continue;
		size_t k = 0;
		while (k < n && out[k] < wg)
			k++;
		if ((k < n && out[k] == wg) || n == MAX_SIZES)
			continue;
		memmove(out + k + 1, out + k, (n - k) * sizeof *out);
		out[k] = wg;
		n++;
	}
	return n > 1 ? n : 0;
}

/* "nd-copy (64)" for one size of a kernel as written, else its name. */
static const char *kernel_label(const kernel_curve *c, char *buf, size_t size)
{
	if (c->wg)
		snprintf(buf, size, "%s (%u)", c->name, c->wg);
	else
		snprintf(buf, size, "%s", c->name);
	return buf;
}

/* The most bytes a second a row of mix measured in rp's sweep; NAN
 * without one. */
static double mix_top_bytes(const report *rp, const char *mix)
{
	double top = NAN;
	for (size_t j = 0; j < rp->res.n; j++)
		if (strcmp(rp->res.v[j].mix, mix) == 0 && !(rp->res.v[j].row.bytes_per_s <= top))
			top = rp->res.v[j].row.bytes_per_s;
	return top;
}

/* Kernel name's curve: its rows at work-group size wg (0: all), by
 * occupancy, what it reaches and, where it can be, its prediction. */
static void kernel_load(const report *rp, const char *name, unsigned wg, kernel_curve *c)
{
	const lm_results *r = &rp->kres;
	memset(c, 0, sizeof *c);
	snprintf(c->name, sizeof c->name, "%s", name);
	c->wg = wg;
	for (size_t j = 0; j < r->n && c->n < MAX_KPOINTS; j++)
		if (strcmp(r->v[j].mix, name) == 0 && (!wg || r->v[j].row.work_group_size == wg)) {
			/* by occupancy: a resumed file may hold them in any order */
			size_t k = c->n++;
			while (k && c->warps[k - 1] > r->v[j].row.warps) {
				c->warps[k] = c->warps[k - 1];
				c->bytes[k] = c->bytes[k - 1];
				c->elems[k] = c->elems[k - 1];
				c->local[k] = c->local[k - 1];
				c->groups[k] = c->groups[k - 1];
				k--;
			}
			c->warps[k] = r->v[j].row.warps;
			c->bytes[k] = r->v[j].row.bytes_per_s;
			c->elems[k] = r->v[j].row.elements_per_s;
			c->local[k] = r->v[j].row.local_bytes;
			c->groups[k] = r->v[j].row.groups_per_cu;
			c->as_written |= isfinite(r->v[j].row.resident_groups);
			if (!c->row_wg) {
				c->row_wg = r->v[j].row.work_group_size;
				snprintf(c->row_shape, sizeof c->row_shape, "%s", r->v[j].row.shape);
			}
			c->shapes_differ |= strcmp(c->row_shape, r->v[j].row.shape) != 0;
		}
	for (size_t k = 0; k < c->n; k++)
		if (c->bytes[k] > c->plateau) {
			c->plateau = c->bytes[k];
			c->plateau_elems = c->elems[k];
		}
	c->n90 = lm_rp_kernel_reach(c->warps, c->bytes, c->n, 0.9 * c->plateau);
	/* still rising: the last point 5% above the one at three quarters of
	 * the highest occupancy */
	size_t q = 0;
	while (q + 1 < c->n && c->warps[q + 1] <= c->warps[c->n - 1] * 3 / 4)
		q++;
	c->rising = c->n > 2 && c->bytes[c->n - 1] > 1.05 * c->bytes[q];
	kernel_fall(c);
	kernel_jump(c);
	kernel_jump_l1(rp, c);
	/* groups a cycle a CU, over the cycles a second of all CUs, times a group's work-items */
	c->dispatch_cap = c->as_written && rp->k_dispatch > 0 && rp->k_simd > 0 && c->row_wg
				  ? rp->k_dispatch * rp->k_rate / rp->k_simd * c->row_wg
				  : NAN;
	c->stream = mix_top_bytes(rp, "stream");
	lm_rp_kernel_predict(rp, c);
}

/* The i-th curve of kernels.csv: each kernel in the order of the file,
 * one a work-group size for one measured as written at several; false
 * past the last. */
static bool kernel_at(const report *rp, size_t i, kernel_curve *c)
{
	unsigned sizes[MAX_SIZES];
	const char *name;
	for (size_t j = 0; (name = kernel_name_at(rp, j)); j++) {
		size_t n = kernel_sizes(rp, name, sizes), count = n ? n : 1;
		if (i < count) {
			kernel_load(rp, name, n ? sizes[i] : 0, c);
			return true;
		}
		i -= count;
	}
	return false;
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
	else if (fabs(c->plateau_elems / c->dispatch_cap - 1) <= 0.05) /* an element a work-item */
		snprintf(buf, size, "work-group dispatch: %.3g G work-items a second, the groups dispatch_thru "
			 "starts (%.0f%% of stream's bytes)", 1e-9 * c->dispatch_cap, 100 * c->plateau / c->stream);
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
	if (c->jump > 0) {
		size_t used = strlen(buf), t = c->n - 1;
		char held[192] = "";
		if (isfinite(c->local[t - 1]) && isfinite(c->local[t]))
			snprintf(held, sizeof held, " (a group held %.0f bytes of local memory at %u warps, %.0f at %u",
				 c->local[t - 1], c->warps[t - 1], c->local[t], c->warps[t]);
		if (held[0] && isfinite(c->jump_l1[0]) && isfinite(c->jump_l1[1]))
			snprintf(held + strlen(held), sizeof held - strlen(held), ", leaving an SM %.0f KiB of L1 and %.0f KiB",
				 c->jump_l1[0] / 1024, c->jump_l1[1] / 1024);
		else if (held[0] && isfinite(c->jump_l1[0])) /* too little at the most to know its carve-out */
			snprintf(held + strlen(held), sizeof held - strlen(held), ", leaving an SM %.0f KiB of L1, and more",
				 c->jump_l1[0] / 1024);
		if (held[0])
			snprintf(held + strlen(held), sizeof held - strlen(held), ")");
		snprintf(buf + used, size - used, "; runs %.0f%% faster at %u warps than at %u, far more than the "
			 "warps add: below its most occupancy latmix reserves local memory to hold the warps "
			 "down%s, and where that takes L1 (NVIDIA) a kernel reusing lines in L1, or whose lanes "
			 "each load a line of their own, runs at the L1 left: its points below the most, and "
			 "its warps for 90%%, are not an occupancy curve",
			 100 * c->jump, c->warps[t], c->warps[t - 1], held);
	}
	return buf;
}

/* The decimals a rate of bytes a second is written with in GB/s: three
 * figures under 100 (a CPU's 3.45, not 3, where its line is drawn). */
static int gbs_decimals(double bytes)
{
	double g = fabs(bytes) * 1e-9;
	return g < 10 ? 2 : g < 100 ? 1 : 0;
}

/* The top of a kernel picture's GB/s axis (in buf) above its highest point
 * (most, bytes a second) and the stream peak's line, so that neither
 * touches the frame; the peak left off the scale where it is over twice
 * the kernel's highest (scattered accesses: drawn at their own scale, the
 * peak named in the key): true then. */
static bool kernel_yrange(double most, double stream, char *buf, size_t size)
{
	bool own = isfinite(stream) && most > 0 && stream > 2 * most;
	double top = own || !isfinite(stream) ? most : fmax(most, stream);
	if (top > 0)
		snprintf(buf, size, "%.4g", 1.15 * top * 1e-9);
	else
		snprintf(buf, size, "*");
	return own;
}

/* A kernel picture's script up to its plot command: title, axes (y2:
 * elements a second, per elements a byte; 0: none) and the key. */
static void kernel_axes(FILE *g, const char *name, const char *title, unsigned top, const char *yrange,
			double per)
{
	lm_gnuplot_begin(g, name, title);
	fprintf(g, "set xlabel 'warps per CU'\nset ylabel 'GB/s'\nset logscale x 2\n"
		   "set xrange [0.8:%u]\nset yrange [0:%s]\nset key below\n",
		top + top / 8 + 1, yrange);
	if (per > 0)
		fprintf(g, "set y2label 'G elements/s'\nset y2tics\nset ytics nomirror\nset format y2 '%%.3g'\n"
			   "set link y2 via y * %.9g inverse y / %.9g\n", per, per);
}

/* The caption's last sentence: what the prediction's line is (one: a
 * single curve's, with its 90% occupancy), or why there is none. */
static void kernel_caption_predicted(picture *p, const kernel_curve *c, bool one)
{
	size_t used = strlen(p->caption);
	if (c->predicted) {
		char hits[64] = "", n90[64] = ".";
		if (c->mix.hits > 0)
			snprintf(hits, sizeof hits, " and %g cache hits in flight beside them", c->mix.hits);
		if (one)
			snprintf(n90, sizeof n90, "; %.1f warps for 90%% of its top.", c->n90_pred);
		char inside[128] = "", cached[256] = "", merged[256] = "";
		if (c->mix.merged_stores > 0)
			snprintf(merged, sizeof merged, " Its stores whose sectors the group's other rows complete (a "
				 "transpose's) are %s.", c->merged_unpriced ? "priced as gmem-random's loads, as the file "
				 "has no scatter_store_thru (a sweep before stream-scatter), so the line is a floor"
				 : "priced at the file's scatter_store_thru");
		if (c->cached > 0)
			snprintf(cached, sizeof cached, " %g of its loads an iteration read arrays the cache holds%s: %s.",
				 c->cached, c->cache_whole ? " (all of them together fit it, launch after launch)" : "",
				 c->cache_unpriced ? "priced as DRAM's, as the file has no cache_lat and "
				 "cache_thru (a sweep before gmem-cache), so the line is a floor"
				 : "priced at the file's cache_lat and cache_thru");
		char later[160] = "";
		if (!c->as_written && lm_model_kernel_bends_later(&c->mix))
			snprintf(later, sizeof later, " Grid-stride loops of three or more accesses with a store "
				 "reached 90%% of their top at 2-15%% more warps than so predicted: its 90%% is a floor.");
		if (c->nested)
			snprintf(inside, sizeof inside, ", run %g times a turn of the grid-stride loop around it, with "
				 "what that runs once", c->trip / c->unroll);
		snprintf(p->caption + used, sizeof p->caption - used,
			 " %s: the model's prediction from the loop counted in its build (%g loads%s, %.4g "
			 "stores, alpha %.4g an iteration%s) and params-kernels.ini%s%s%s%s%s",
			 one ? "The line" : "The dashed lines", c->mix.loads, hits, c->mix.stores, c->mix.alpha, inside,
			 n90, c->l1_unpriced ? " The file has no l1_thru (a fit before it): the lines the loop asks "
			 "L1 for are not priced, so where they bind (lanes a row apart) the line is a ceiling." : "",
			 cached, merged, later);
	}
	else if (c->why[0])
		snprintf(p->caption + used, sizeof p->caption - used, " Not predicted: %s.", c->why);
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
	if (!(d = lm_rp_open_out(rp, name, ".dat", &od, &s)) || !(g = lm_rp_open_out(rp, name, ".gp", &og, &s)))
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
	char yrange[48];
	bool own = kernel_yrange(most, c->stream, yrange, sizeof yrange);
	kernel_axes(g, name, title, top, yrange, per);
	fprintf(g, "plot '%s.dat' using 1:2 with points pt 7 ps 1.2 lc rgb '%s' title 'measured'", name,
		lm_rp_colours[0]);
	if (c->predicted)
		fprintf(g, ", \\\n  '%s.dat' using 1:4 with lines lw 2 lc rgb '%s' title 'predicted: %.1f%% RMS error'",
			name, lm_rp_colours[1], 100 * c->rms);
	if (isfinite(c->stream))
		fprintf(g, ", \\\n  %.6g with lines lw 2 dt 2 lc rgb '#7f7f7f' title 'stream peak (%.*f GB/s%s)'",
			c->stream * 1e-9, gbs_decimals(c->stream), c->stream * 1e-9, own ? ", above the scale" : "");
	if (isfinite(c->n90))
		fprintf(g, ", \\\n  '+' using (%.6g):(%.6g) every ::0::0 with points pt 9 ps 2 lc rgb '%s' "
			   "title '90%% of its plateau: %.1f warps%s'", c->n90, 0.9 * c->plateau * 1e-9, lm_rp_colours[3],
			c->n90, c->n && c->bytes[0] >= 0.9 * c->plateau ? " or fewer" : "");
	fputc('\n', g);
	lm_gnuplot_end(g, name);
	picture *p = lm_rp_add_picture(rp, name, title);
	char bound[1024];
	if (p)
		snprintf(p->caption, sizeof p->caption,
			 "The bytes a second kernel %s's loads and stores request (its description's count; right "
			 "axis: elements a second) with exactly that many warps resident on every CU, against the "
			 "stream mix's peak; the triangle is where it first reaches 90%% of its own plateau "
			 "(%.0f GB/s). Bound: %s.", c->name, c->plateau * 1e-9, kernel_bound(c, bound, sizeof bound));
	if (p)
		kernel_caption_predicted(p, c, true);
done:
	s = lm_rp_close_out(od, s);
	return lm_rp_close_out(og, s);
}

/* What one work-group size's curve leaves for its kernel's picture. */
typedef struct {
	unsigned wg, top, points; /* points: the occupancies measured */
	double plateau, n90, most;
	bool predicted;
	bool first; /* its first occupancy measured reaches 90% already: n90 is at most that */
	double small_l1; /* the least L1 an SM had at its points, where SMALL_L1 or under (ringed); NAN: none */
} size_mark;

/* The least L1 of m's sizes' ringed points (n of them); NAN: none. */
static double least_l1(const size_mark *m, size_t n)
{
	double least = NAN;
	for (size_t s = 0; s < n; s++)
		least = fmin(least, m[s].small_l1);
	return least;
}

/* Kernel name as written at n work-group sizes into d, a block (gnuplot's
 * index) a size, and m[] what the picture needs of each; c is left
 * holding the last size's curve. */
static void kernel_size_blocks(const report *rp, FILE *d, const char *name, const unsigned *sizes, size_t n,
			       kernel_curve *c, size_mark *m)
{
	fprintf(d, "# latmix report: kernel %s (kernels.csv) as written, a block a work-group size: warps "
		   "per CU, GB/s, G elements/s; GB/s predicted (params-kernels.ini); GB/s again where the "
		   "reserve left an SM %.0f KiB of L1 or less (? elsewhere)\n", name, SMALL_L1 / 1024);
	for (size_t s = 0; s < n; s++) {
		kernel_load(rp, name, sizes[s], c);
		fprintf(d, "%s# %u work-items\n", s ? "\n\n" : "", sizes[s]);
		double most = 0, small = NAN;
		for (size_t k = 0; k < c->n; k++) {
			double l1 = point_l1(rp, c, k);
			fprintf(d, "%u %.6g %.6g %.6g ", c->warps[k], c->bytes[k] * 1e-9, c->elems[k] * 1e-9,
				c->predicted ? c->pred[k] * 1e-9 : NAN);
			if (l1 <= SMALL_L1) {
				fprintf(d, "%.6g\n", c->bytes[k] * 1e-9);
				small = fmin(small, l1);
			} else {
				fputs("?\n", d);
			}
			most = fmax(most, fmax(c->bytes[k], c->predicted && isfinite(c->pred[k]) ? c->pred[k] : 0));
		}
		m[s] = (size_mark){ .wg = sizes[s], .top = c->n ? c->warps[c->n - 1] : 1, .points = (unsigned)c->n,
				    .plateau = c->plateau, .n90 = c->n90, .most = most, .predicted = c->predicted,
				    .first = c->n && c->bytes[0] >= 0.9 * c->plateau, .small_l1 = small };
	}
}

/* The plot command of a kernel as written: a line a work-group size, in
 * its colour, with its own 90% mark, the predictions dashed (a size
 * measured at one occupancy, as groups of 1024 on an H200 are: an open
 * square, a line of one point drawing nothing), the stream peak (own:
 * above the scale). */
static void kernel_size_plot(FILE *g, const char *name, const size_mark *m, size_t n, double stream, bool own)
{
	bool predicted = false, alone = false;
	fputs("plot ", g);
	for (size_t s = 0; s < n; s++) {
		const char *colour = lm_rp_colours[s % NCOLOURS];
		fprintf(g, "%s'%s.dat' index %zu using 1:2 with linespoints pt 7 ps 1 lw 1.5 lc rgb '%s' "
			   "title '%u work-items: 90%% at %.3g warps%s'", s ? ", \\\n  " : "", name, s, colour,
			m[s].wg, m[s].n90, m[s].first ? " or fewer" : "");
		if (m[s].predicted)
			fprintf(g, ", \\\n  '%s.dat' index %zu using 1:4 with %s lc rgb '%s' notitle", name, s,
				m[s].points > 1 ? "lines lw 2 dt 2" : "points pt 4 ps 1.5", colour);
		predicted |= m[s].predicted;
		alone |= m[s].predicted && m[s].points == 1;
	}
	if (predicted)
		fprintf(g, ", \\\n  NaN with lines lw 2 dt 2 lc rgb '#000000' title 'predicted (dashed, in its colour%s)'",
			alone ? "; a square at a size of one level" : "");
	if (isfinite(stream))
		fprintf(g, ", \\\n  %.6g with lines lw 2 dt 2 lc rgb '#7f7f7f' title 'stream peak (%.*f GB/s%s)'",
			stream * 1e-9, gbs_decimals(stream), stream * 1e-9, own ? ", above the scale" : "");
	for (size_t s = 0; s < n; s++)
		if (isfinite(m[s].small_l1))
			fprintf(g, ", \\\n  '%s.dat' index %zu using 1:5 with points pt 6 ps 2 lc rgb '#000000' notitle",
				name, s);
	double small = least_l1(m, n);
	if (isfinite(small))
		fprintf(g, ", \\\n  NaN with points pt 6 ps 2 lc rgb '#000000' title 'ringed: %.0f KiB of L1 left an SM "
			   "by the reserve holding the warps down'", small / 1024);
	for (size_t s = 0; s < n; s++)
		if (isfinite(m[s].n90))
			fprintf(g, ", \\\n  '+' using (%.6g):(%.6g) every ::0::0 with points pt 9 ps 2 lc rgb '%s' "
				   "notitle", m[s].n90, 0.9 * m[s].plateau * 1e-9, lm_rp_colours[s % NCOLOURS]);
	fputc('\n', g);
}

/* A kernel measured as written at n work-group sizes: one picture, a
 * series a size (kernel_size_plot), each size's plateau and 90% mark
 * in its caption. */
static lm_status kernel_sized_picture(report *rp, const char *kname, const unsigned *sizes, size_t n,
				      kernel_curve *c)
{
	char name[96], title[256];
	size_mark m[MAX_SIZES];
	snprintf(name, sizeof name, "kernel-%s", kname);
	lm_status s = LM_OK;
	FILE *d = NULL, *g = NULL;
	lm_file_out *od = NULL, *og = NULL;
	if (!(d = lm_rp_open_out(rp, name, ".dat", &od, &s)) || !(g = lm_rp_open_out(rp, name, ".gp", &og, &s)))
		goto done;
	kernel_size_blocks(rp, d, kname, sizes, n, c, m);
	unsigned top = 1;
	double most = 0;
	for (size_t k = 0; k < n; k++) {
		top = m[k].top > top ? m[k].top : top;
		most = fmax(most, m[k].most);
	}
	char yrange[48];
	bool own = kernel_yrange(most, c->stream, yrange, sizeof yrange);
	snprintf(title, sizeof title, "%s: kernel %s against occupancy", rp->res.device, kname);
	kernel_axes(g, name, title, top, yrange, c->plateau > 0 ? c->plateau_elems / c->plateau : 0);
	kernel_size_plot(g, name, m, n, c->stream, own);
	lm_gnuplot_end(g, name);
	picture *p = lm_rp_add_picture(rp, name, title);
	if (!p)
		goto done;
	snprintf(p->caption, sizeof p->caption,
		 "The bytes a second kernel %s's loads and stores request (its description's count; right axis: "
		 "elements a second) as written, a line a work-group size, with exactly that many warps resident "
		 "on every CU, against the stream mix's peak; each triangle, in its size's colour, is where that "
		 "size first reaches 90%% of its own plateau:", kname);
	for (size_t k = 0; k < n; k++) {
		size_t used = strlen(p->caption);
		snprintf(p->caption + used, sizeof p->caption - used, "%s %u work-items %.0f GB/s, %.3g warps%s",
			 k ? ";" : "", m[k].wg, m[k].plateau * 1e-9, m[k].n90, m[k].first ? " or fewer" : "");
	}
	size_t used = strlen(p->caption);
	snprintf(p->caption + used, sizeof p->caption - used, ". What holds each: the kernels' table.");
	double small = least_l1(m, n);
	used = strlen(p->caption);
	if (isfinite(small))
		snprintf(p->caption + used, sizeof p->caption - used,
			 " Ringed: the points where the local memory reserved to hold the warps down left an SM %.0f "
			 "KiB of L1, the least its carve-outs leave; there an SM keeps fewer loads in flight whose "
			 "lanes each ask for a line, and fewer lines for reuse: a kernel that needs either runs "
			 "slower than its warps alone say (doc/measure.md).", small / 1024);
	kernel_caption_predicted(p, c, false);
done:
	s = lm_rp_close_out(od, s);
	return lm_rp_close_out(og, s);
}

lm_status lm_rp_kernel_pictures(report *rp)
{
	kernel_curve *kc = malloc(sizeof *kc);
	if (!kc)
		return lm_fail(LM_ENOMEM, "out of memory");
	lm_status s = LM_OK;
	unsigned sizes[MAX_SIZES];
	const char *name;
	for (size_t i = 0; s == LM_OK && (name = kernel_name_at(rp, i)); i++) {
		size_t n = kernel_sizes(rp, name, sizes);
		if (n) {
			s = kernel_sized_picture(rp, name, sizes, n, kc);
			continue;
		}
		kernel_load(rp, name, 0, kc);
		s = kernel_picture(rp, kc);
	}
	free(kc);
	return s;
}

/* Whether some kernel of kernels.csv was measured as written at several
 * work-group sizes. */
static bool kernel_any_sized(const report *rp)
{
	unsigned sizes[MAX_SIZES];
	const char *name;
	for (size_t i = 0; (name = kernel_name_at(rp, i)); i++)
		if (kernel_sizes(rp, name, sizes))
			return true;
	return false;
}

void lm_rp_md_kernels(FILE *f, const report *rp)
{
	kernel_curve *c = malloc(sizeof *c);
	if (!c || !kernel_at(rp, 0, c)) {
		free(c);
		return;
	}
	fputs("## Kernels\n\n"
	      "Users' grid-stride kernels (`kernels.csv`, `latmix measure --kernel`), each at every occupancy: "
	      "the most bytes a second its loads and stores requested (its plateau, and as a share of the "
	      "stream mix's peak), the warps per CU it needed for 90% of that plateau, and what holds it.", f);
	if (kernel_any_sized(rp))
		fputs(" A kernel measured as written at several work-group sizes has a row a size, `KERNEL (SIZE)` "
		      "(work-items a group): each size reaches its own plateau at its own occupancy.", f);
	double ws = mix_top_bytes(rp, "written-read") / mix_top_bytes(rp, "stream");
	if (kernel_any_sized(rp) && isfinite(ws))
		fprintf(f, " A kernel as written may read past 100%% of stream: its short work-groups keep their "
			"loads in one window, and plain reads as written (`written-read`) read %.0f%% of the stream "
			"mix's peak (`doc/measure.md`).", 100 * ws);
	fputs("\n\n"
	      "| kernel | plateau, GB/s | of stream | G elements/s | warps for 90% | bound |\n"
	      "|---|---|---|---|---|---|\n", f);
	bool any = false;
	for (size_t i = 0; kernel_at(rp, i, c); i++) {
		char bound[1024], label[80];
		fprintf(f, "| %s | %.0f | %.0f%% | %.3g | %.1f | %s |\n", kernel_label(c, label, sizeof label),
			c->plateau * 1e-9, 100 * c->plateau / c->stream, c->plateau_elems * 1e-9, c->n90,
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
		char hits[32] = "", label[80];
		kernel_label(c, label, sizeof label);
		if (c->mix.hits > 0)
			snprintf(hits, sizeof hits, " + %g", c->mix.hits);
		if (c->predicted)
			fprintf(f, "| %s | %g%s%s%s, %.4g%s%s, %.4g | %.1f%% | %.1f | %.1f | %+.0f%% |\n", label,
				c->mix.loads, c->mix.scattered_loads > 0 ? " (s)" : "",
				c->misaligned_loads ? " (m)" : "", hits, c->mix.stores,
				c->mix.scattered_stores > 0 ? " (s)" : "", c->misaligned_stores ? " (m)" : "",
				c->mix.alpha, 100 * c->rms, c->n90, c->n90_pred, 100 * (c->n90_pred - c->n90) / c->n90);
		else if (c->why[0])
			fprintf(f, "| %s | not predicted: %s | | %.1f | | |\n", label, c->why, c->n90);
	}
	fputs("\n", f);
done:
	free(c);
}
