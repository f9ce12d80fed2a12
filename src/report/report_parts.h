/* report_parts: what the files of latmix report share (not installed; the
 * report's interface is report.h). The report reads a results directory
 * into one report struct (report.c), takes its curves and models from it
 * (curves.c), draws pictures of them (pictures.c, warps_needed.c) and of
 * users' kernels (kernel_section.c), and writes report.md (markdown.c). */
#ifndef LM_REPORT_PARTS_H
#define LM_REPORT_PARTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "base/file.h"
#include "fit/fit.h"
#include "fit/model.h"
#include "fit/params.h"
#include "fit/results.h"
#include "report/report.h"

#define MAX_MIXES 32
#define MAX_ALPHAS 32
#define MAX_PICS 64
#define MAX_CHAINS 8
#define GRID 240 /* samples along a model line */

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
	char caption[4096];
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
	/* its dispatch (kernels as written): groups a CU starts a cycle, a
	 * group's start and end in cycles (NAN where not measured), lanes a warp */
	double k_dispatch, k_group, k_simd;
	double k_cus; /* its compute units: the waves a kernel as written's grid runs in */
	double k_cache_bytes; /* the buffer its cache's hits were measured on (NAN: not) */
} report;

/* One measured point of a curve; n is the model's occupancy, warps x chains. */
typedef struct {
	double n, ipc, cycles;
	unsigned warps, chains;
} point;

/* a line's colour, by mix or by curve */
#define NCOLOURS 16
extern const char *const lm_rp_colours[NCOLOURS];

/* ---- the measured curves and the models (curves.c) ---- */

/* Points of mix at alpha with chains chains (0: any), by occupancy. v must
 * hold r->n points. */
size_t lm_rp_collect(const lm_results *r, const char *mix, double alpha, unsigned chains, point *v);

/* The distinct alphas of mix (with chains chains; 0: any), ascending, inf last. */
size_t lm_rp_alphas_of(const lm_results *r, const char *mix, unsigned chains, double *out);

/* The distinct chain counts of mix, ascending. */
size_t lm_rp_chains_of(const lm_results *r, const char *mix, unsigned *out);

/* Occupancy where a measured curve first reaches target, interpolated
 * linearly (from the origin before the first point); NAN if never. */
double lm_rp_first_reach(const point *v, size_t k, double target);

/* Least-squares line through (alpha, cycles) of a mix's finite alphas at
 * its smallest occupancy, chains 1. Returns the points used. */
size_t lm_rp_latency_line(const report *rp, const char *mix, point *buf, double *slope, double *icept,
			  double *xs, double *ys);

/* "inf", "1/4" or "2": alpha as the report writes it. */
const char *lm_rp_alpha_text(double a, char *buf, size_t size);

/* The warps a CU holds, as the results say (max_warps_per_cu); 0: not said. */
unsigned lm_rp_max_warps(const report *rp);

/* A number for a .dat file; '?' (gnuplot's missing marker here) if not finite. */
void lm_rp_num(FILE *f, double x);

/* mm's models from its parameter files in rp->dir, else fitted here. */
lm_status lm_rp_load_models(report *rp, mix_model *mm);

/* The model a mix's data prefer: the parameter file's word, else the
 * lower AIC, else the one there is. */
int lm_rp_preferred_slot(const mix_model *mm);

/* ---- files and pictures (pictures.c, warps_needed.c, kernel_section.c) ---- */

/* rp->out/NAME.EXT, to be written whole: its stream, or NULL with *s
 * set. lm_rp_close_out ends it. */
FILE *lm_rp_open_out(const report *rp, const char *name, const char *ext, lm_file_out **o, lm_status *s);

/* What lm_rp_open_out opened (NULL: nothing), in place if s is LM_OK and
 * it is written whole, else abandoned; the status. */
lm_status lm_rp_close_out(lm_file_out *o, lm_status s);

/* The next picture of report.md, or NULL when there is no room. */
picture *lm_rp_add_picture(report *rp, const char *name, const char *title);

/* The legend's measured point and model lines, in black. */
void lm_rp_key_lines(FILE *g, bool refined);

/* Throughput against occupancy (thesis Figs. 4.1, 4.3): one curve per alpha
 * with chains 1, or, with chained, every chain count at occupancy n x k. */
lm_status lm_rp_throughput_picture(report *rp, const mix_model *mm, bool chained, point *buf);

/* Latency at low occupancy against alpha: mem_lat + alpha * alu_lat. */
lm_status lm_rp_latency_picture(report *rp, point *buf);

/* Warps needed for 90% of the peak against alpha (thesis Fig. 4.6). */
lm_status lm_rp_warps_picture(report *rp, const mix_model *mm, bool detail, point *buf);

/* The CUDA C Programming Guide's estimate against the model's (thesis §4.8). */
lm_status lm_rp_guide_picture(report *rp, const mix_model *mm, point *buf);

/* A picture of each kernel of kernels.csv. */
lm_status lm_rp_kernel_pictures(report *rp);

/* ---- the Markdown (markdown.c, kernel_section.c) ---- */

/* The kernels' table. */
void lm_rp_md_kernels(FILE *f, const report *rp);

/* The answer first: how many warps a CU needs, and why (latencies,
 * peaks), from gmem's preferred model; on a CPU, what its curves can say. */
void lm_rp_md_summary(FILE *f, const report *rp, bool drawn, point *buf);

/* rp->out/report.md, whole. */
lm_status lm_rp_write_markdown(const report *rp, const lm_report_info *info, point *buf);

#endif
