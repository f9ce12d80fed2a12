/* alpha: the instruction mix ratio, arithmetic instructions per memory
 * instruction, kept exact as a fraction so a kernel can be built for it. */
#ifndef LM_ALPHA_H
#define LM_ALPHA_H

#include <stddef.h>
#include "base/error.h"

typedef struct {
	long num; /* arithmetic instructions ... */
	long den; /* ... per this many memory instructions; 0: alpha = inf */
} lm_alpha;

/* The most steps (den) and adds (num) of one kernel body, in lowest terms:
 * what the kernel builds (cl/chase.cl spells each count in five decimal
 * digits) and a sweep can measure. */
#define LM_ALPHA_MAX_DEN 1024
#define LM_ALPHA_MAX_NUM 65536

/* Parses "0", "16", "1/4", "0.25", "inf" (the decimals of
 * lm_number_parse; a decimal must be a fraction with a denominator up to
 * LM_ALPHA_MAX_DEN). The fraction is reduced, and in lowest terms must
 * keep within LM_ALPHA_MAX_NUM and LM_ALPHA_MAX_DEN: so every alpha
 * accepted formats (lm_alpha_format) to a text that parses back to it. */
lm_status lm_alpha_parse(const char *s, lm_alpha *out);

/* Parses a comma-separated list into a new array (free() it). */
lm_status lm_alpha_parse_list(const char *s, lm_alpha **out, size_t *n);

/* num / den as a double; INFINITY for inf. */
double lm_alpha_value(lm_alpha a);

/* Writes "inf", "16" or "1/4" into buf; returns buf. */
char *lm_alpha_format(lm_alpha a, char *buf, size_t size);

#endif
