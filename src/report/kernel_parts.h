/* kernel_parts: a user's kernel's curve in the report, as kernel_section.c
 * reads and draws it and kernel_price.c prices it. Within src/report. */
#ifndef LM_REPORT_KERNEL_PARTS_H
#define LM_REPORT_KERNEL_PARTS_H

#include "asm/count.h"
#include "report/report_parts.h"

#define MAX_KPOINTS 4096

/* A kernel's curve: bytes and elements a second by occupancy, and what it
 * reaches. */
typedef struct {
	char name[48];
	unsigned wg;      /* as written at several sizes: this work-group size's rows; 0: all its rows */
	bool as_written;  /* its rows measured as written (resident groups counted) */
	unsigned row_wg;  /* their work-group size (the first row's) */
	char row_shape[16]; /* and its shape, as the row says it ("" in files before the column) */
	bool shapes_differ; /* rows of that size say different shapes (files joined by hand) */
	bool loopless;    /* its count is of a body without a loop */
	/* as written with a loop inside: the body around it, the times it was
	 * unrolled, its trip count (its description's trip =; 0: not known)
	 * and the elements a work-item (its description's) */
	bool around_counted;
	bool nested;      /* its loop inside a grid-stride loop: around once a turn of it */
	lm_kernel_mix around;
	unsigned unroll;
	double trip, per_item;
	/* a kernel reading 2 or 3 dimensions: its count over a warp spanning
	 * rows of each width (mix-of/NAME.ini's rows_W) */
	unsigned dims;
	bool rows_counted[LM_COUNT_ROW_WIDTHS];
	lm_kernel_mix rows[LM_COUNT_ROW_WIDTHS];
	double items; /* as written: its launch's work-items at its description's N (0: not known) */
	lm_count_work work; /* what its count file says its description gave measure (zeros: none) */
	unsigned ptxas_unroll; /* of unroll, ptxas's (its count file's; 0: none) */
	lm_count_arrays arrays; /* its loads by argument and their arrays (zeros: not counted) */
	double dispatch_cap; /* as written: the elements a second dispatch_thru starts; NAN if unknown */
	unsigned warps[MAX_KPOINTS];
	double bytes[MAX_KPOINTS], elems[MAX_KPOINTS];
	double local[MAX_KPOINTS]; /* as written: the local memory a group held (NAN: not in the file) */
	double groups[MAX_KPOINTS]; /* and its work-groups a CU */
	size_t n;
	double plateau;   /* the most bytes a second measured */
	double plateau_elems;
	double n90;       /* warps per CU where it first reaches 90% of that */
	bool rising;      /* still rising at its highest occupancy */
	double fall;      /* its first lasting fall, a fraction (0: none of 10% or more) */
	unsigned fall_from, fall_to; /* the occupancies either side of it */
	double jump;      /* as written: how much more its most occupancy runs than the one
			   * below, past what the warps add (0: within 30% of that) */
	double jump_l1[2]; /* the L1 an SM left at those two occupancies (NVIDIA, the vendor
			    * table's carve-outs), bytes; NAN where not known */
	double stream;    /* the stream mix's peak, bytes a second; NAN if not measured */
	/* predicted from its counted loop (mix-of/NAME.txt) and params-kernels.ini */
	bool predicted;
	lm_kernel_mix mix;
	unsigned misaligned_loads, misaligned_stores; /* as the count says them (PTX) */
	double pred[MAX_KPOINTS]; /* bytes a second at warps[] */
	double rms;               /* relative, over warps[] */
	double n90_pred;          /* warps for 90% of the predicted curve's top, as n90 */
	bool l1_unpriced;         /* its loop asks L1 for lines and the file has no l1_thru */
	double cached;            /* of its loads an iteration, those of arrays the cache holds
				   * (count_cache.c), priced at the file's cache_lat and cache_thru
				   * where it has them */
	bool cache_unpriced;      /* the file has no cache_lat or cache_thru: those priced as DRAM's */
	bool cache_whole;         /* held as its whole working set fits the cache (launch after launch) */
	bool merged_unpriced;     /* it has stores its group's rows merge and the file has no
				   * scatter_store_thru: those priced as gmem-random's loads */
	char why[256];            /* why not predicted; "" if there is nothing to predict from */
} kernel_curve;

/* Warps where y (at warps, n of them) first reaches level, never below
 * the first occupancy measured (kernel_section.c). */
double lm_rp_kernel_reach(const unsigned *warps, const double *y, size_t n, double level);

/* c's curve as the model predicts it from its count (mix-of/NAME.ini)
 * through params-kernels.ini, into c->pred, rms and n90_pred; c->why
 * where it is not predicted (kernel_price.c). */
void lm_rp_kernel_predict(const report *rp, kernel_curve *c);

#endif
