/* export: a device's results as one JSON document, for tools that collect
 * results from many machines: the measurement's metadata and options (the
 * CSV's '#' lines) and every parameter file beside it, with values,
 * standard errors, units, kinds and the fit's quality. */
#ifndef LM_EXPORT_H
#define LM_EXPORT_H

#include <stdio.h>
#include "base/error.h"

#define LM_EXPORT_FORMAT 1

/* Writes the JSON of results directory dir (its measurements.csv, or the
 * one .csv there, and its params*.ini) to out whole (lm_file_create), or
 * to standard output if out is NULL. Every file is read first: LM_EIO or
 * LM_EPARSE naming one that could not be, and nothing written; LM_EUSAGE
 * if out is one of them; LM_EIO if the document could not be written
 * whole (a full disk). */
lm_status lm_export_write(const char *dir, const char *out);

#endif
