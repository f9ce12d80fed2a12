/* compare: parameter files side by side, in the thesis's units (cycles,
 * warp instructions per cycle per CU) and in units that compare across
 * vendors (ns, bytes/s and lane operations/s per device), and a chart of
 * the memory-to-arithmetic warps ratio beside the thesis's generations. */
#ifndef LM_COMPARE_H
#define LM_COMPARE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include "error.h"

/* Reads every file first: an unreadable or malformed one is an error that
 * names it, and nothing is printed. Then prints one row per quantity and
 * one column per file to f, as an aligned Markdown table or (csv) as CSV.
 * Unknown values print "-", conversions that need a clock the file lacks
 * "n/a". */
lm_status lm_compare_print(FILE *f, const char *const *paths, size_t n, bool csv);

/* Writes DIR/warps-ratio.{dat,gp} and, through gnuplot, .png and .svg: the
 * ratio of warps needed for 90% of the memory peak (alpha = 0) to warps for
 * 90% of the arithmetic peak (alpha = inf) for each file (measured where the
 * file has it, model otherwise), beside the rows of ratios_csv (columns
 * generation, ratio, source). A gnuplot that cannot be started is not an
 * error: *skipped is set and reason says why. */
lm_status lm_compare_chart(const char *dir, const char *const *paths, size_t n,
			   const char *ratios_csv, bool *skipped, char *reason, size_t size);

#endif
