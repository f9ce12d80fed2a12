/* csv: the tidy CSV files latmix writes and reads: '#' metadata lines, one
 * header line, one row per record; RFC 4180 quoting. */
#ifndef LM_CSV_H
#define LM_CSV_H

#include <stdio.h>
#include "base/error.h"

/* Writes s as one field, quoted if it holds a comma, quote or newline. */
void lm_csv_field(FILE *f, const char *s);

/* Splits line (modified in place; trailing newline removed) into fields,
 * storing the first max of them. Returns the number of fields in the line,
 * which may be more than max (the caller compares: a line with too many
 * fields is the caller's error to name), or -1 on an unterminated quote,
 * text after a closing quote, or a carriage return or newline before the
 * line's end (in a field, quoted or not: latmix writes none). */
int lm_csv_split(char *line, char **fields, int max);

#endif
