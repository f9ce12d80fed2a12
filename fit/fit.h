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
#include "error.h"
#include "params.h"
#include "results.h"

typedef enum {
	LM_FIT_BASIC,   /* thesis §4.1: a sharp min of latency and bounds */
	LM_FIT_REFINED, /* plus memory contention c (model.h) */
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
} lm_fit_point;

/* The points to fit, in any order. One memory kind (the memory parameters
 * are kept per kind inside the fitter so more can be added). */
typedef struct {
	lm_fit_point *v;
	size_t n;
	const char *path; /* for messages; borrowed */
} lm_fit_data;

/* The points of mix in a results file, with occupancy warps x chains, and
 * the main mix's arithmetic-only (alpha = inf) points, which every mix
 * shares. */
lm_status lm_fit_data_from_results(const lm_results *r, const char *path, const char *mix,
				   lm_fit_data *out);
void lm_fit_data_free(lm_fit_data *d);

#define LM_FIT_MAX_CURVES 64

typedef struct {
	double alpha;
	size_t points;
	double rms, max; /* relative errors of the final model */
} lm_fit_curve;

typedef struct {
	lm_fit_model model;
	lm_param p[LM_PARAM_COUNT]; /* value, std_error, kind, note */
	size_t points, nparams, iterations;
	double rms, max;            /* relative errors over every point */
	double aic;                 /* N ln(RSS / N) + 2 nparams */
	size_t ncurves;
	lm_fit_curve curve[LM_FIT_MAX_CURVES]; /* by increasing alpha */
	double derived[LM_DERIVED_COUNT];      /* params.h */
} lm_fit_result;

/* Fits model to d. Invalid data (no points, a NaN or non-positive IPC, too
 * few points, no alpha = inf or finite-alpha curve) is LM_EFIT or LM_EPARSE
 * with the file and line named; a failed solve is LM_EFIT with GSL's
 * reason. Parameters the data do not determine are reported as bounds
 * (LM_PARAM_AT_LEAST, LM_PARAM_TIED) with a note saying why. */
lm_status lm_fit_run(const lm_fit_data *d, lm_fit_model model, lm_fit_result *out);

/* Which model the data prefer, by AIC (the refined model must lower it by
 * more than 2 to pay for its extra parameter); why gets a one-line reason. */
lm_fit_model lm_fit_prefer(const lm_fit_result *basic, const lm_fit_result *refined,
			   char *why, size_t size);

/* Copies a result into a parameter file's parameters, model, [fit] and
 * [derived]; leaves provenance and device fields alone. */
void lm_fit_to_params(const lm_fit_result *r, lm_params *ps);

#endif
