/* fit: the model's parameters from measured curves, by one joint nonlinear
 * least-squares fit (GSL's trust-region solver) over every point of every
 * curve, with relative residuals (model - measured) / measured.
 *
 * Units as in model.h: latencies in cycles, throughputs in warp
 * instructions per cycle per CU, occupancy in warps per CU. A curve is the
 * set of points of one alpha; its measured quantity is the memory IPC, or
 * the arithmetic IPC for alpha = inf.
 */
#ifndef LM_FIT_H
#define LM_FIT_H

#include <stddef.h>
#include "base/error.h"
#include "fit/params.h"
#include "fit/results.h"

typedef enum {
	LM_FIT_BASIC,   /* thesis §4.1: a sharp min of latency and bounds */
	LM_FIT_REFINED, /* a gradual knee and chain_lat (model.h) */
	LM_FIT_NMODELS
} lm_fit_model;

/* "basic", "refined". */
const char *lm_fit_model_name(lm_fit_model m);

/* Parses a model name; LM_EUSAGE if unknown. */
lm_status lm_fit_model_parse(const char *s, lm_fit_model *out);

typedef struct {
	double alpha;  /* adds per load; INFINITY: arithmetic only */
	double warps;  /* occupancy n: warps per CU x chains per thread */
	double ipc;    /* memory IPC; arithmetic IPC for alpha = inf */
	int line;      /* in the source file; 0: none */
	int kind;      /* memory kind, an index into lm_fit_data.kind; any for
			* alpha = inf, which no memory kind enters */
	unsigned chains; /* per thread; 0 counts as 1 */
} lm_fit_point;

#define LM_FIT_MAX_KINDS LM_PARAMS_MAX_KINDS

/* The points to fit, in any order. Each memory kind (a mix: what replaces
 * the load in the chain) has its own mem_lat, mem_thru, chain_lat and,
 * optionally, issue cost; the arithmetic parameters are shared. nkinds 0
 * is one unnamed kind. */
typedef struct {
	lm_fit_point *v;
	size_t n;
	const char *path; /* for messages; borrowed */
	size_t not_coresident; /* rows left out: their work-groups did not all run at once */
	size_t kept_not_coresident; /* such rows kept: a CPU's, which always runs groups in turns */
	size_t nkinds;
	char kind[LM_FIT_MAX_KINDS][LM_PARAMS_KIND_NAME]; /* the first is the default */
	/* the occupancies (warps per CU) the sweep could measure, ascending (its
	 * '# occupancies' line; owned): a point weighs those it stands for,
	 * where the sweep measured fewer (refine); NULL: not known */
	unsigned *levels;
	size_t nlevels;
} lm_fit_data;

/* The points of mix in a results file, with occupancy warps x chains, and
 * the main mix's arithmetic-only (alpha = inf) points, which every mix
 * shares. mix may be a comma list of mixes, one kind each, the first the
 * default kind, or "all": every mix in the file but stream, gmem first. */
lm_status lm_fit_data_from_results(const lm_results *r, const char *path, const char *mix,
				   lm_fit_data *out);
void lm_fit_data_free(lm_fit_data *d);

#define LM_FIT_MAX_CURVES 128

typedef struct {
	int kind;      /* of the memory kind; 0 for alpha = inf */
	double alpha;
	size_t points;
	double rms, max; /* relative errors of the final model */
	size_t downweighted; /* points the robust loss gave less than half weight */
} lm_fit_curve;

/* A fit whose RMS relative error is above this is marked poor. */
#define LM_FIT_POOR_RMS 0.10
/* The robust loss is not trusted when it down-weights more than this share
 * of the points, or more than half of one curve. */
#define LM_FIT_ROBUST_SHARE 0.10

typedef struct {
	lm_fit_model model;
	bool issue_cost;            /* a fitted issue cost per memory kind */
	lm_param p[LM_PARAM_COUNT]; /* value, std_error, kind, note; the
				     * memory ones of the default kind */
	size_t nkinds;              /* at least 1 */
	char kind[LM_FIT_MAX_KINDS][LM_PARAMS_KIND_NAME];
	lm_param kp[LM_FIT_MAX_KINDS][LM_PARAM_COUNT]; /* per kind (lm_param_per_kind) */
	size_t kind_points[LM_FIT_MAX_KINDS];          /* finite alpha only */
	double kind_rms[LM_FIT_MAX_KINDS], kind_max[LM_FIT_MAX_KINDS];
	size_t points, nparams, iterations;
	bool converged;             /* false: the parameters are the solver's last iterate */
	double rms, max;            /* relative errors over every point */
	double aic;                 /* N ln(RSS / N) + 2 nparams */
	size_t ncurves;
	lm_fit_curve curve[LM_FIT_MAX_CURVES]; /* by increasing alpha */
	double derived[LM_DERIVED_COUNT];      /* params.h */
	size_t downweighted;        /* by the robust loss, all curves */
	bool robust_dropped;        /* too many: fitted by least squares on each
				     * curve's upper envelope instead */
	size_t envelope_points;     /* then: the points that counted */
	bool poor;                  /* rms above LM_FIT_POOR_RMS */
	char flags[640];            /* lm_fit_check: what disagrees with a direct
				     * measurement, " | "-separated; "" if nothing */
} lm_fit_result;

/* A fitted figure may exceed what was measured directly by at most this
 * share (a latency may fall short of it by as much). */
#define LM_FIT_DIRECT_SLACK 0.05

/* Checks r, fitted to res, against what res measured directly: each memory
 * kind's mem_thru (in bytes requested) against the stream mix's peak,
 * alu_thru against the highest arithmetic-only rate (independent adds with
 * several chains), alu_lat and each kind's mem_lat against its one-warp,
 * one-chain latency. Writes what disagrees by more than LM_FIT_DIRECT_SLACK
 * into r->flags, and where a throughput is only a lower bound, the direct
 * upper one into its note. */
void lm_fit_check(const lm_results *res, lm_fit_result *r);

/* The parameters res measures directly, not fitted: the throughput share a
 * misaligned load keeps (misaligned: stream-shift against stream;
 * misaligned_store: stream-store-shift against stream-store), each the
 * ratio of the two mixes' plateaus (the mean of each one's highest points)
 * with its standard error; stores alone (store_thru: stream-fill's plateau;
 * store_step: its cycles a pass at one warp); missing where res lacks the
 * mixes. */
void lm_fit_measured(const lm_results *res, lm_fit_result *r);

/* One line on the loss the fit used: "one-sided biweight, 3 of 400 points
 * down-weighted", or why least squares replaced it; the refined model is
 * fitted by least squares, every point in full. */
void lm_fit_loss_text(const lm_fit_result *r, char *buf, size_t size);

/* Fits model to d. Invalid data (no points, a NaN or non-positive IPC, too
 * few points, no alpha = inf or finite-alpha curve) is LM_EFIT or LM_EPARSE
 * with the file and line named; a failed solve is LM_EFIT with GSL's
 * reason. Parameters the data do not determine are reported as bounds
 * (LM_PARAM_AT_LEAST, LM_PARAM_TIED) with a note saying why. In the refined
 * model a kind whose mix stores has its own knee, and its mem_thru is its
 * measured plateau (the mean of its three highest points, held, not
 * counted in nparams) where its highest curve has flattened. */
lm_status lm_fit_run(const lm_fit_data *d, lm_fit_model model, lm_fit_result *out);

/* As lm_fit_run; with issue_cost, the issue bound of kind k is issue_thru /
 * (alpha + cost_k) with a cost per kind fitted, every kind's free: the
 * costs enter additively with alpha, so the issue-bound curves at two or
 * more alphas fix both issue_thru and a kind's cost. A kind that no point
 * shows issue-bound, or whose cost has an error above half its value, is
 * reported as a tie at 1 (kind tied, no error). Costs are fitted within
 * (1/32, 32) so that 1 is an inner point; one below 1 is kept with a note,
 * as a sign that the issue bound is not what limits those curves. */
lm_status lm_fit_run_with(const lm_fit_data *d, lm_fit_model model, bool issue_cost,
			  lm_fit_result *out);

/* Does the issue cost pay for its parameters (AIC lower by more than 2
 * per extra parameter)? why gets a one-line reason. */
bool lm_fit_cost_pays(const lm_fit_result *without, const lm_fit_result *with, char *why,
		      size_t size);

/* Which model the data prefer, by AIC (the refined model must lower it by
 * more than 2 to pay for its extra parameter); why gets a one-line reason. */
lm_fit_model lm_fit_prefer(const lm_fit_result *basic, const lm_fit_result *refined,
			   char *why, size_t size);

/* Copies a result into a parameter file's parameters (the default kind's
 * in the main sections, every other kind's per kind), model, [kinds],
 * [fit] and [derived]; leaves provenance and device fields alone. */
void lm_fit_to_params(const lm_fit_result *r, lm_params *ps);

/* Copies the device a results file was measured on into a parameter file:
 * name, vendor, driver, SIMD width, compute units and the clock (the mean
 * over the file's points, with its source), which turn the fitted cycles
 * into ns and GB/s. */
void lm_fit_device_to_params(const lm_results *res, lm_params *ps);

/* Why the model is not fitted to a device of type device_type (a results
 * file's '# device_type'), or NULL where it is. */
const char *lm_fit_device_fits(const char *device_type);

#endif
