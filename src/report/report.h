/* report: a results directory made readable: report/report.md with the
 * pictures of thesis ch. 4 (throughput against occupancy, warps needed
 * against alpha, the CUDA guide's estimate, latency against alpha), drawn
 * by gnuplot from .gp scripts and .dat files kept beside them. */
#ifndef LM_REPORT_H
#define LM_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include "base/error.h"

typedef struct {
	char path[4096];        /* report.md as written */
	size_t pictures;        /* scripts written */
	size_t drawn;           /* pictures gnuplot drew */
	bool skipped;           /* gnuplot could not be run: no PNG or SVG */
	char skip_reason[512];
	char summary[4096];     /* the answer report.md opens with, as plain text */
} lm_report_info;

/* Writes DIR/report/. Reads DIR/measurements.csv (else the only *.csv in
 * DIR) and the parameter files latmix fit writes beside it: params.ini and
 * params-refined.ini for gmem, params-MIX.ini and params-MIX-refined.ini for
 * other mixes; a mix with no parameter file is fitted here (both models).
 * A gnuplot that cannot be started is not an error: the Markdown, .gp and
 * .dat files are written, info->skipped is set and report.md says so. A
 * gnuplot that fails on a script is LM_EIO. */
lm_status lm_report_write(const char *dir, lm_report_info *info);

#endif
