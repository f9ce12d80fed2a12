/* alpha: the instruction mix ratio, arithmetic instructions per memory
 * instruction, kept exact as a fraction so a kernel can be built for it. */
#ifndef LM_ALPHA_H
#define LM_ALPHA_H

#include <stddef.h>
#include "error.h"

typedef struct {
	long num; /* arithmetic instructions ... */
	long den; /* ... per this many memory instructions; 0: alpha = inf */
} lm_alpha;

#define LM_ALPHA_MAX_DEN 1024
#define LM_ALPHA_MAX_NUM 65536

/* Parses "0", "16", "1/4", "0.25", "inf". Decimals must be a fraction with
 * a denominator up to LM_ALPHA_MAX_DEN. The fraction is reduced. */
lm_status lm_alpha_parse(const char *s, lm_alpha *out);

/* Parses a comma-separated list into a new array (free() it). */
lm_status lm_alpha_parse_list(const char *s, lm_alpha **out, size_t *n);

/* num / den as a double; INFINITY for inf. */
double lm_alpha_value(lm_alpha a);

/* Writes "inf", "16" or "1/4" into buf; returns buf. */
char *lm_alpha_format(lm_alpha a, char *buf, size_t size);

#endif
