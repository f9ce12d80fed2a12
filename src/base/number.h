/* number: the one syntax latmix reads numbers in, from its own files and
 * from the command line: plain decimals, as printf writes them. Hex
 * ("0x10"), "inf", "nan", blanks and overflow are not numbers here, so a
 * file cannot carry a value its writer would never have written. */
#ifndef LM_NUMBER_H
#define LM_NUMBER_H

#include <stdbool.h>
#include <stddef.h>
#include "base/error.h"

/* "-12", "0.25", ".5", "1e-3", "2.5E+09": an optional minus, digits with
 * an optional point, an optional exponent; finite. */
bool lm_number_parse(const char *s, double *out);

/* Digits only (no sign, no blanks), at most max. */
bool lm_number_parse_uint(const char *s, unsigned long long max, unsigned long long *out);

/* "1G", "512M", "1.5GiB", "4096" into bytes (K, M, G, T: powers of 1024),
 * one byte or more. LM_EUSAGE otherwise. */
lm_status lm_number_size(const char *s, unsigned long long *bytes);

/* A comma list of positive integers up to max, each once, at most cap of
 * them, into v (*n of them); LM_EUSAGE naming the option (what) otherwise. */
lm_status lm_number_uint_list(const char *what, const char *s, unsigned max, unsigned *v, size_t cap, size_t *n);

/* gcd(|a|, |b|), taken in unsigned arithmetic so that |LONG_MIN| fits;
 * the caller keeps one argument small enough that the result fits a long.
 * gcd(0, 0) is 0. */
long lm_number_gcd(long a, long b);

/* qsort's comparison of two doubles, ascending. */
int lm_number_cmp(const void *a, const void *b);

/* FNV-1a, 64 bits, of n bytes at p, continuing from h (start with
 * LM_NUMBER_FNV_START): a file's checksum, a directory's key. */
#define LM_NUMBER_FNV_START 14695981039346656037ull
unsigned long long lm_number_fnv(unsigned long long h, const void *p, size_t n);

#endif
