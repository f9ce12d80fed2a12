/* export: a device's results as one JSON document, for tools that collect
 * results from many machines: the measurement's metadata and options (the
 * CSV's '#' lines) and every parameter file beside it, with values,
 * standard errors, units, kinds and the fit's quality. */
#ifndef LM_EXPORT_H
#define LM_EXPORT_H

#include <stdio.h>
#include "error.h"

#define LM_EXPORT_FORMAT 1

/* Writes the JSON of results directory dir (its measurements.csv, or the
 * one .csv there, and its params*.ini) to f. LM_EIO or LM_EPARSE naming
 * the file that could not be read; nothing is written then. */
lm_status lm_export_json(FILE *f, const char *dir);

#endif
