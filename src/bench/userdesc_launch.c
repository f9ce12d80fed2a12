/* userdesc_launch: a description's launch for a kernel measured as
 * written: its global sizes in N (one a dimension), its work-group shapes
 * (the description's local =, --local-size's list), and the checks that
 * the two make a launch OpenCL takes at both sizes a point runs. */
#include "bench/userdesc.h"
#include "base/expr.h"
#include "base/text.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int lm_user_parse_shape(const char *text, char sep, unsigned shape[LM_USER_MAX_DIMS], char *why, size_t why_size)
{
	int dims = 0;
	const char *p = text;
	for (int i = 0; i < LM_USER_MAX_DIMS; i++)
		shape[i] = 1;
	for (;;) {
		p += strspn(p, " \t");
		char *end;
		errno = 0;
		unsigned long v = *p >= '0' && *p <= '9' ? strtoul(p, &end, 10) : 0;
		if (!v || v > 65536 || errno || dims == LM_USER_MAX_DIMS) {
			snprintf(why, why_size, "expected 1 to 3 whole numbers from 1 to 65536, separated by '%c'", sep);
			return 0;
		}
		shape[dims++] = (unsigned)v;
		p = end + strspn(end, " \t");
		if (!*p)
			return dims;
		if (*p++ != sep) {
			snprintf(why, why_size, "expected 1 to 3 whole numbers from 1 to 65536, separated by '%c'", sep);
			return 0;
		}
	}
}

static const unsigned default_shapes[3][LM_USER_DEFAULT_SHAPES][LM_USER_MAX_DIMS] = {
	{ { 32, 1, 1 }, { 64, 1, 1 }, { 128, 1, 1 }, { 256, 1, 1 }, { 512, 1, 1 } },
	{ { 8, 4, 1 }, { 8, 8, 1 }, { 16, 8, 1 }, { 16, 16, 1 }, { 32, 16, 1 } },
	{ { 4, 4, 2 }, { 4, 4, 4 }, { 8, 4, 4 }, { 8, 8, 4 }, { 8, 8, 8 } },
};

const unsigned *lm_user_default_shape(int dims, int i)
{
	return default_shapes[dims < 1 ? 0 : dims > 3 ? 2 : dims - 1][i];
}

const unsigned *lm_user_default_shape_of(int dims, unsigned size)
{
	for (int i = 0; i < LM_USER_DEFAULT_SHAPES; i++) {
		const unsigned *s = lm_user_default_shape(dims, i);
		if (s[0] * s[1] * s[2] == size)
			return s;
	}
	return NULL;
}

lm_status lm_user_parse_locals(const char *list, int dims, unsigned (*shapes)[LM_USER_MAX_DIMS], int *n)
{
	char buf[1024], *items[LM_USER_MAX_LOCALS + 1];
	size_t count = 0;
	*n = 0;
	lm_status s = lm_text_list("--local-size", list, buf, sizeof buf, items, LM_USER_MAX_LOCALS + 1, &count);
	if (s != LM_OK)
		return s;
	if (count > LM_USER_MAX_LOCALS || !count)
		return lm_fail(LM_EUSAGE, "--local-size '%s': 1 to %d work-group sizes", list, LM_USER_MAX_LOCALS);
	for (size_t i = 0; i < count; i++) {
		char why[160];
		int got = lm_user_parse_shape(items[i], 'x', shapes[i], why, sizeof why);
		if (!got)
			return lm_fail(LM_EUSAGE, "--local-size '%s': entry '%s': %s", list, items[i], why);
		if (got != dims)
			return lm_fail(LM_EUSAGE, "--local-size '%s': entry '%s' has %d dimension%s, the kernel's NDRange "
				       "%d (a 2D shape is WxH, as 16x16)", list, items[i], got, got == 1 ? "" : "s", dims);
	}
	*n = (int)count;
	return LM_OK;
}

lm_status lm_user_global_at(const lm_user_desc *d, int dim, double n, size_t *out)
{
	double v;
	if (lm_expr_eval(d->global[dim], n, &v) != LM_OK || v < 1 || v > 4294967296.0 || v != floor(v))
		return lm_fail(LM_EUSAGE, "%s: [kernel] global '%s' (dimension %d) at N = %.0f: not a whole number "
			       "from 1 to 2^32", d->path, d->global[dim], dim, n);
	*out = (size_t)v;
	return LM_OK;
}

bool lm_user_launch_work(const lm_user_desc *d, double *items, double *per_item)
{
	double n = d->dims ? 1 : 0, e = NAN;
	for (int i = 0; i < d->dims && n > 0; i++) {
		size_t g;
		n = lm_user_global_at(d, i, d->size, &g) == LM_OK ? n * (double)g : 0;
	}
	lm_error_clear(); /* a global that does not evaluate: no launch known */
	if (!(n > 0) || lm_expr_eval(d->elements, d->size, &e) != LM_OK || !(e > 0))
		return false;
	*items = n;
	*per_item = e / n;
	return true;
}

lm_status lm_user_check_launch(const lm_user_desc *d)
{
	for (int i = 0; i < d->nargs; i++)
		if (d->arg[i].per_local && !d->dims)
			return lm_fail(LM_EUSAGE, "%s:%d: argument [%s]: output = per-local-size is for a kernel "
				       "measured as written ([kernel] global = ...), whose work-group size it chooses",
				       d->path, d->arg[i].line, d->arg[i].name);
	if (d->local_dims && !d->dims)
		return lm_fail(LM_EUSAGE, "%s: [kernel] local without global: a grid-stride kernel's work-group "
			       "is latmix's to choose; global = ... measures the kernel as written", d->path);
	if (d->local_dims && d->local_dims != d->dims)
		return lm_fail(LM_EUSAGE, "%s: [kernel] local has %d dimension%s, global %d", d->path, d->local_dims,
			       d->local_dims == 1 ? "" : "s", d->dims);
	double sizes[2] = { d->size, floor(d->size / 2) };
	for (int k = 0; k < 2; k++)
		for (int i = 0; i < d->dims; i++) {
			size_t g;
			lm_status s = lm_user_global_at(d, i, sizes[k], &g);
			if (s != LM_OK)
				return s;
			if (d->local_dims && g % d->local[i])
				return lm_fail(LM_EUSAGE, "%s: [kernel] global '%s' is %zu at N = %.0f, not a multiple of "
					       "local %u (dimension %d): OpenCL 1.2 launches whole work-groups, and latmix "
					       "does not round a kernel's grid up (the extra work-items would run past "
					       "its data); choose N (--size) so that N and N / 2 both give multiples",
					       d->path, d->global[i], g, sizes[k], d->local[i], i);
		}
	return LM_OK;
}
