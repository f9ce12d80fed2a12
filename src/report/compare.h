/* compare: parameter files side by side, in the thesis's units (cycles,
 * warp instructions per cycle per CU) and in units that compare across
 * vendors (ns, bytes/s and lane operations/s per device), and a chart of
 * the memory-to-arithmetic warps ratio beside the thesis's generations. */
#ifndef LM_COMPARE_H
#define LM_COMPARE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include "base/error.h"

/* Up to this many files print side by side; more, a row per file. */
#define LM_COMPARE_SIDE_BY_SIDE 4
/* The fleet check: files of one device name, at least this many, and a
 * value this many times their spread from their median. */
#define LM_COMPARE_MIN_SIBLINGS 3
#define LM_COMPARE_OUTLIER 5.0

/* Reads every file first: an unreadable or malformed one is an error that
 * names it, and nothing is printed. Then prints to f, for up to
 * LM_COMPARE_SIDE_BY_SIDE files, one row per quantity and one column per
 * file (an aligned Markdown table); for more, and always as CSV (csv), one
 * row per file with a column per quantity ("label [unit]") and the fleet
 * check: for files of one device name, which parameters lie far from their
 * siblings'. Unknown values print "-", conversions that need a clock the
 * file lacks "n/a". */
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
