/* number: the one syntax latmix reads numbers in, from its own files and
 * from the command line: plain decimals, as printf writes them. Hex
 * ("0x10"), "inf", "nan", blanks and overflow are not numbers here, so a
 * file cannot carry a value its writer would never have written. */
#ifndef LM_NUMBER_H
#define LM_NUMBER_H

#include <stdbool.h>

/* "-12", "0.25", ".5", "1e-3", "2.5E+09": an optional minus, digits with
 * an optional point, an optional exponent; finite. */
bool lm_number_parse(const char *s, double *out);

/* Digits only (no sign, no blanks), at most max. */
bool lm_number_parse_uint(const char *s, unsigned long long max, unsigned long long *out);

#endif
