/* predict_written: latmix predict --kernel for a kernel as written (one
 * work-item an element, a loop inside it or none), every work-group size
 * and level, and the size to use. */
#ifndef LM_CLI_PREDICT_WRITTEN_H
#define LM_CLI_PREDICT_WRITTEN_H

#include "asm/count.h"
#include "cli/options.h"
#include "fit/model.h"
#include "fit/params.h"

/* What a work-item of a kernel as written runs, in the model's terms. */
typedef struct {
	const lm_kernel_mix *body; /* once: its whole body where it has no loop, else the body
				    * around its loop */
	const lm_kernel_mix *loop; /* the loop inside, an iteration as counted; NULL: none */
	double trip;               /* the loop's iterations a work-item, as the source counts them */
	unsigned unroll;           /* the source's iterations an iteration counted runs */
	bool grid_stride;          /* the loop lies inside a grid-stride loop (gemv's rows):
				    * body and loop a turn of it, a group never ending */
} lm_cli_written;

/* Is the kernel of --kernel one as written (its description gives its
 * launch, global =, or --local-size or --trip is given), or a grid-stride
 * loop around a loop inside (m nested)? Where it is and its count m has a
 * loop, w gets the loop (k), the body around it and its trip count
 * (--trip, else the description's trip =); LM_EUSAGE where that is not
 * known, the listing does not say the body around its loop, or a kernel
 * as written holds a loop inside a loop. */
lm_status lm_cli_written_work(const lm_options *o, const lm_count *m, const lm_kernel_mix *k, bool *as_written,
			      lm_cli_written *w);

/* Sets k's cache_loads (m its count): the share of its loads that read
 * arrays the global-memory cache holds (--arg NAME=cached; and, where ps
 * has cache_bytes and the description gives the launch, each array no
 * larger than that which the launch reads twice over or more), said on
 * stderr with how they are priced (st's cache_lat and cache_thru, else as
 * DRAM's). */
void lm_cli_cache_loads(const lm_options *o, const lm_params *ps, const lm_model_kinds *st, const lm_count *m,
			lm_kernel_mix *k);

/* Prints the rates of kernel w (m its count, label its name) by ps's
 * model mp and kinds st at each --local-size (default 32 to 256; a kernel
 * that reads %tid.y at its shapes, 8x4 or 32 alike, where a group narrower
 * than a warp puts a warp over its rows: m's rows, in place of the counted
 * mix, w's body or its loop) and each level of groups a CU (--warps's
 * whole groups, else up to 64 warps and 32 groups): a table and the size
 * to use, or --csv rows; w grid_stride: one row a warps a CU, groups of
 * one warp that never end (no dispatch). LM_EUSAGE where ps has no
 * dispatch parameters or a size is not whole warps. */
/* Says on stderr how kernel k's (label) scattered stores whose sectors its
 * group's rows complete are priced by st; returns those priced at its
 * scatter_store_thru (0: none, or the file has none). */
double lm_cli_note_merged(const char *label, const lm_model_kinds *st, const lm_kernel_mix *k);

/* The error of a predicted curve's top a reader should allow for: the
 * H100's add and triad measured 4% above their predicted tops at 64 warps,
 * still rising, and their warps for 90% 13% above the predicted
 * (doc/predict.md). */
#define LM_CLI_TOP_ERROR 0.04

/* Says, under the line giving w90 (the warps for 90% of a predicted
 * curve's best), the warps lo and hi that 90% of a best LM_CLI_TOP_ERROR
 * lower and higher would take, where either moves w90 by more than 10%:
 * a curve that flat near its top makes w90 a range, not a figure. */
void lm_cli_say_w90_range(double w90, double lo, double hi);

lm_status lm_cli_predict_written(const lm_options *o, const char *path, const lm_params *ps,
				 const lm_model_params *mp, const lm_model_kinds *st, const lm_cli_written *w,
				 const lm_count *m, const char *label);

#endif
