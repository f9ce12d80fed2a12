/* results: the measurement CSV, one row per (mix, alpha, occupancy) point,
 * with '#' metadata lines above the header. The one place that knows its
 * columns, for writing and reading. */
#ifndef LM_RESULTS_H
#define LM_RESULTS_H

#include <stdbool.h>
#include <stdio.h>
#include "base/alpha.h"

#define LM_RESULTS_FORMAT 1

/* One measured point; everything needed to recompute the throughputs. */
typedef struct {
	lm_alpha alpha;
	unsigned warps;            /* resident warps per CU asked for */
	unsigned groups_per_cu, warps_per_group, work_group_size;
	unsigned compute_units, simd_width;
	unsigned chains;           /* independent chains per thread */
	unsigned mem_per_iter, alu_per_iter; /* warp instructions per loop iteration, all chains */
	unsigned long iters;       /* loop iterations per warp in a timed launch (mean) */
	int repeats;
	double time_med, time_min, time_max; /* seconds per timed launch */
	char timer[16];            /* "events" (OpenCL profiling) or "host" (the host's
				    * clock around the launch, where events are broken) */
	double overhead_s;         /* stop-flag: kernel time beyond the steady rate's
				    * (start-up, ramp, tail); NAN in other modes */
	double clock_mhz;
	const char *clock_source;  /* "%clock64/%globaltimer", ..., "reported maximum" */
	double mem_ipc, alu_ipc;   /* warp instructions / cycle / CU; fixed-time: each
				    * warp's iterations over its own cycles, summed;
				    * stop-flag: the rate between a short and a long
				    * launch; fixed-work: all work over kernel time */
	double bytes_per_s;        /* bytes the lanes requested */
	double elements_per_s;     /* a user's kernel: the elements it processed (its description's
				    * count); NAN for a mix */
	double cycles_per_group;   /* per chain: one step + alpha adds (per add if inf) */
	double warp_fastest, warp_slowest; /* per-warp rates (fixed-time, the reference):
				    * cycles_per_group of the fastest and the slowest
				    * warp's own clock; NAN otherwise (not in the CSV) */
	char timing[16];           /* lm_timing_name() */
	char coresident[16];       /* "yes": every work-group started before any ended; "no" */
	unsigned long started_at_first_end; /* work-groups started when the first ended
					     * (worst launch); all of them if coresident */
	char spread[48];           /* "even", "uneven ...", "unverified" (no CU id) */
	unsigned long checked;     /* threads whose final position was checked */
	double resident_groups, resident_warps; /* a kernel as written: groups (warps) a CU
				    * the wrapper counted at once; NAN for the others */
	double local_bytes;        /* a kernel as written: the local memory a group held, its own
				    * and what the wrapper reserved to hold occupancy down; NAN
				    * for the others, and in files written before the column */
	double group_wait;         /* the written-read mix, where kernels read a clock: the share
				    * of a warp's time it waits, once ended, for its group's last
				    * warp (src/bench/dispatch.c); NAN for the others, and in files
				    * written before the column */
	char shape[16];            /* a kernel as written: its work-group's shape as launched
				    * ("16x8"; one dimension "128"); "" for the others, and
				    * in files written before the column */
} lm_row;

typedef struct {
	char mix[48];          /* a mix, or a user's kernel (kernels.csv) */
	char clock_source[96];
	lm_row row;      /* row.clock_source points into clock_source */
	int line;             /* in the file */
} lm_result;

/* A '# key = value' line above or among the rows. */
typedef struct {
	char *key, *value;
} lm_results_meta;

typedef struct {
	lm_result *v;
	size_t n;
	lm_results_meta *meta; /* every '# key = value' line, in file order */
	size_t nmeta;
	lm_result *ref;       /* the '# reference = ' rows (lm_results_reference) */
	size_t nref;
	bool columns_current; /* the header is exactly lm_results_header's */
	char columns_note[256]; /* if not, how it differs */
	char device[128];     /* from the '# device = ' line, "" if none */
	char vendor[128];     /* '# vendor = ' */
	char device_type[32]; /* '# device_type = ': "GPU", "CPU", ... */
	char driver[64];      /* '# driver = ' */
	char tool_version[32]; /* '# tool_version = ' */
	char date[32];        /* '# date = ', when the sweep began */
	char footprint[32];   /* '# footprint_bytes = ', as written */
} lm_results;

/* Header line, and one row (flushed, so an interrupted sweep keeps it).
 * A row is written only if lm_results_read takes it back: every number in
 * its column's range (LM_ECHECK, naming the column and value, and nothing
 * written, if not). */
void lm_results_header(FILE *f);
lm_status lm_results_row(FILE *f, const char *mix, const lm_row *r);

/* A reference (lm_meas_reference) as a comment line: LM_RESULTS_REFERENCE
 * and then the row, in the columns of every other row (its timing column
 * "reference"), so readers that skip '#' lines never take it for a point. */
#define LM_RESULTS_REFERENCE "# reference = "
lm_status lm_results_reference(FILE *f, const char *mix, const lm_row *r);

/* Reads a results file. Malformed input is LM_EPARSE with the file, line
 * and column named: a missing column, a row with other than the header's
 * number of fields, a last line without its newline (a row cut short), a
 * value that is not a plain decimal or lies outside its column's range
 * (results.c states each), no header. */
lm_status lm_results_read(const char *path, lm_results *out);

/* The same from a stream; name is the file's name in messages. */
lm_status lm_results_read_stream(FILE *f, const char *name, lm_results *out);

/* The reference of mix at alpha (den 0: inf), one chain, one warp per
 * CU, or NULL if the file has none (files before references). */
const lm_result *lm_results_find_reference(const lm_results *r, const char *mix, lm_alpha a);

/* The value of the first '# key = value' line with key, or NULL. */
const char *lm_results_meta_value(const lm_results *r, const char *key);

void lm_results_free(lm_results *r);

#endif
