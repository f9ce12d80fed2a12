/* params_parts.h: what the reader (params.c) and the writer
 * (params_write.c) of parameter files share; internal to fit/, not
 * installed: the fields of the file, described once. */
#ifndef LM_PARAMS_PARTS_H
#define LM_PARAMS_PARTS_H

#include "fit/params.h"

#include <stdbool.h>
#include <stddef.h>

typedef enum { F_STR, F_INT, F_NUM } field_type;

/* The numbers a field may hold besides missing. */
typedef enum { V_ANY, V_NONNEG, V_POSITIVE } field_range;

typedef struct {
	const char *section, *key;
	field_type type;
	size_t offset, size; /* in lm_params */
	bool optional;       /* its section may be left out; written only if set */
	const char *doc;     /* comment line above the key; NULL: none */
	field_range range;   /* F_NUM: V_ANY (an AIC), V_POSITIVE (a clock) or V_NONNEG */
} field;

/* The fields of the file, in the order they are written: [latmix],
 * [device], then the optional [kinds], [fit] and [derived]. */
extern const field *const lm_params_fields;
extern const size_t lm_params_nfields;

/* May parameter id's section be left out of a file (missing then)? */
bool lm_param_optional(lm_param_id id);

#endif
