/* Fuzzes the kernel description reader (lm_user_parse: the INI beside a
 * user's kernel, cl/kernels/NAME.ini). Beyond "no crash": a description
 * it takes has a whole problem size of at least 2, elements above 0 and
 * bytes not negative at that size, at most LM_USER_MAX_ARGS arguments, each
 * with a type of a known lane size and lanes (a vector's element their
 * room, a 3-vector's 4 lanes) and its length or value an
 * expression that evaluates at the size, texts ended within their fields;
 * as written (global =), 1 to 3 dimensions each a whole global size at N
 * and N / 2, divided by the local shape where one is given; a refused one
 * leaves a message naming the description's file. The input's first line
 * is also read as --local-size's list, at 1 to 3 dimensions: a list taken
 * holds 1 to 16 shapes of that many sizes from 1 to 65536. */
#include "base/expr.h"
#include "fuzz.h"
#include "bench/userkernel.h"

#include <math.h>
#include <string.h>

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

/* The launch as written, where the description gives one. */
static void check_launch(const lm_user_desc *d)
{
	FUZZ_CHECK(d->dims >= 0 && d->dims <= LM_USER_MAX_DIMS, "%d dimensions", d->dims);
	FUZZ_CHECK(d->local_dims == 0 || d->local_dims == d->dims, "local of %d dimensions, global %d", d->local_dims,
		   d->dims);
	for (int i = 0; i < d->nargs; i++)
		FUZZ_CHECK(!d->arg[i].per_local || (d->dims && d->arg[i].output), "[%s]: per-local-size taken",
			   d->arg[i].name);
	double sizes[2] = { d->size, floor(d->size / 2) };
	for (int i = 0; i < d->dims; i++)
		for (int k = 0; k < 2; k++) {
			size_t g;
			FUZZ_CHECK(FUZZ_TERMINATED(d->global[i]) && lm_user_global_at(d, i, sizes[k], &g) == LM_OK,
				   "global '%s' taken but not whole at N = %g", d->global[i], sizes[k]);
			FUZZ_CHECK(!d->local_dims || (d->local[i] >= 1 && g % d->local[i] == 0),
				   "global %zu taken with local %u", g, d->local[i]);
		}
}

/* The first line of text as --local-size's list at each dimension count. */
static void check_locals(const char *text)
{
	char line[1024];
	snprintf(line, sizeof line, "%.*s", (int)strcspn(text, "\n"), text);
	unsigned shapes[LM_USER_MAX_LOCALS][LM_USER_MAX_DIMS];
	for (int dims = 1; dims <= LM_USER_MAX_DIMS; dims++) {
		int n = -1;
		lm_error_clear();
		if (lm_user_parse_locals(line, dims, shapes, &n) != LM_OK) {
			FUZZ_CHECK(lm_error_message()[0] != '\0', "--local-size '%s' refused, nothing said", line);
			continue;
		}
		FUZZ_CHECK(n >= 1 && n <= LM_USER_MAX_LOCALS, "%d shapes", n);
		for (int i = 0; i < n; i++)
			for (int j = 0; j < LM_USER_MAX_DIMS; j++)
				FUZZ_CHECK(shapes[i][j] >= 1 && shapes[i][j] <= 65536 && (j < dims || shapes[i][j] == 1),
					   "shape %d: %u in dimension %d", i, shapes[i][j], j);
	}
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
		check_launch(d);
	}
	check_locals(text);
	free(d);
	free(text);
	return 0;
}
