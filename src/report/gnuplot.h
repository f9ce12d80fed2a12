/* gnuplot: the one place latmix runs another program. Scripts are written
 * by their callers next to their data, so a user can restyle and rerun
 * them; this module starts gnuplot on one and says what went wrong. */
#ifndef LM_GNUPLOT_H
#define LM_GNUPLOT_H

#include <stdbool.h>
#include <stdio.h>
#include "base/error.h"

/* The program run: $LATMIX_GNUPLOT if set and not empty, else "gnuplot"
 * looked up on PATH. */
const char *lm_gnuplot_program(void);

/* Runs the program on script (a file name relative to dir) with dir as the
 * working directory, so the script's relative data and picture names
 * resolve there. LM_EIO with a message if it cannot be started (*missing
 * set true) or exits non-zero (*missing false). missing may be NULL. */
lm_status lm_gnuplot_run(const char *dir, const char *script, bool *missing);

/* The most characters a line of a picture's title holds: 960 pixels of
 * Sans 11 take about 115. */
#define LM_GNUPLOT_TITLE_COLUMNS 96

/* The opening of a script that draws name.png, then name.svg: terminal and
 * output for the PNG, the missing-data marker '?', and the picture's title,
 * whatever it holds (a device's name read from a file may hold quotes and
 * backquotes: written so that gnuplot shows them and runs nothing), in
 * lines of at most LM_GNUPLOT_TITLE_COLUMNS characters broken at spaces.
 * The plot command follows; lm_gnuplot_end() then redraws it as SVG. */
void lm_gnuplot_begin(FILE *f, const char *name, const char *title);
void lm_gnuplot_end(FILE *f, const char *name);

#endif
