/* Fuzzes the kernel description reader (lm_user_parse: the INI beside a
 * user's kernel, cl/kernels/NAME.ini). Beyond "no crash": a description
 * it takes has a whole problem size of at least 2, elements above 0 and
 * bytes not negative at that size, at most LM_USER_MAX_ARGS arguments, each
 * with a type of a known lane size and lanes (a vector's element their
 * room, a 3-vector's 4 lanes) and its length or value an
 * expression that evaluates at the size, texts ended within their fields;
 * a refused one leaves a message naming the description's file. */
#include "base/expr.h"
#include "fuzz.h"
#include "bench/userkernel.h"

#include <math.h>

#define PATH "fuzz.ini"

static void check_arg(const lm_user_desc *d, const lm_user_arg *a)
{
	double v;
	FUZZ_CHECK(FUZZ_TERMINATED(a->name) && FUZZ_TERMINATED(a->type) && FUZZ_TERMINATED(a->elem) &&
			   FUZZ_TERMINATED(a->length) && FUZZ_TERMINATED(a->value) && FUZZ_TERMINATED(a->fill_arg),
		   "[%.48s]: a text unterminated", a->name);
	FUZZ_CHECK(a->space >= LM_USER_SCALAR && a->space <= LM_USER_LOCAL && a->fill >= LM_USER_ZERO &&
			   a->fill <= LM_USER_PERMUTATION,
		   "[%s]: space %d, fill %d", a->name, (int)a->space, (int)a->fill);
	FUZZ_CHECK(a->lane_size == 1 || a->lane_size == 2 || a->lane_size == 4 || a->lane_size == 8,
		   "[%s]: a lane of %u bytes", a->name, a->lane_size);
	FUZZ_CHECK((a->lanes == 1 || a->lanes == 2 || a->lanes == 3 || a->lanes == 4 || a->lanes == 8 ||
		    a->lanes == 16) && a->elem_size == a->lane_size * (a->lanes == 3 ? 4 : a->lanes) &&
			   a->elem_size <= LM_USER_MAX_ELEM,
		   "[%s]: %u lanes, an element of %u bytes", a->name, a->lanes, a->elem_size);
	FUZZ_CHECK(a->tolerance >= 0 && a->tolerance < 1, "[%s]: tolerance %g", a->name, a->tolerance);
	const char *x = a->space == LM_USER_SCALAR ? a->value : a->space == LM_USER_LOCAL ? NULL : a->length;
	FUZZ_CHECK(!x || lm_expr_eval(x, d->size, &v) == LM_OK, "[%s]: '%s' taken but does not evaluate",
		   a->name, x);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_string(data, size);
	lm_user_desc *d = calloc(1, sizeof *d);
	FUZZ_CHECK(d != NULL, "out of memory");
	snprintf(d->path, sizeof d->path, PATH);
	snprintf(d->label, sizeof d->label, "fuzz");
	snprintf(d->name, sizeof d->name, "fuzz");
	snprintf(d->source, sizeof d->source, "fuzz.cl");
	lm_error_clear();
	lm_status s = lm_user_parse(text, 0, d);
	if (s != LM_OK) {
		fuzz_failed(s, PATH);
	} else {
		double v;
		FUZZ_CHECK(d->size >= 2 && d->size == floor(d->size), "size %g", d->size);
		FUZZ_CHECK(FUZZ_TERMINATED(d->name) && FUZZ_TERMINATED(d->elements) && FUZZ_TERMINATED(d->bytes),
			   "a [kernel] text unterminated");
		FUZZ_CHECK(lm_expr_eval(d->elements, d->size, &v) == LM_OK && v > 0, "elements '%s'", d->elements);
		FUZZ_CHECK(lm_expr_eval(d->bytes, d->size, &v) == LM_OK && v >= 0, "bytes '%s'", d->bytes);
		FUZZ_CHECK(d->nargs >= 0 && d->nargs <= LM_USER_MAX_ARGS, "%d arguments", d->nargs);
		for (int i = 0; i < d->nargs; i++)
			check_arg(d, &d->arg[i]);
	}
	free(d);
	free(text);
	return 0;
}
