/* results: the measurement CSV, one row per (mix, alpha, occupancy) point,
 * with '#' metadata lines above the header. The one place that knows its
 * columns, for writing and reading. */
#ifndef LM_RESULTS_H
#define LM_RESULTS_H

#include <stdio.h>
#include "measure.h"

#define LM_RESULTS_FORMAT 1

typedef struct {
	char mix[16];
	char clock_source[96];
	lm_meas_row row;      /* row.clock_source points into clock_source */
	int line;             /* in the file */
} lm_result;

typedef struct {
	lm_result *v;
	size_t n;
	char device[128];     /* from the '# device = ' line, "" if none */
	char vendor[128];     /* '# vendor = ' */
	char device_type[32]; /* '# device_type = ': "GPU", "CPU", ... */
	char driver[64];      /* '# driver = ' */
	char tool_version[32]; /* '# tool_version = ' */
	char date[32];        /* '# date = ', when the sweep began */
	char footprint[32];   /* '# footprint_bytes = ', as written */
} lm_results;

/* Header line, and one row (flushed, so an interrupted sweep keeps it). */
void lm_results_header(FILE *f);
void lm_results_row(FILE *f, const char *mix, const lm_meas_row *r);

/* A reference (lm_meas_reference) as a comment line: LM_RESULTS_REFERENCE
 * and then the row, in the columns of every other row (its timing column
 * "reference"), so readers that skip '#' lines never take it for a point. */
#define LM_RESULTS_REFERENCE "# reference = "
void lm_results_reference(FILE *f, const char *mix, const lm_meas_row *r);

/* Reads a results file. Malformed input (a missing column, text where a
 * number belongs, a row of the wrong length, no rows) is LM_EPARSE with the
 * file, line and column named. */
lm_status lm_results_read(const char *path, lm_results *out);
void lm_results_free(lm_results *r);

#endif
