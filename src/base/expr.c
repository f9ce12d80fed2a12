#include "base/expr.h"
#include "base/number.h"

#include <math.h>
#include <stdbool.h>
#include <string.h>

typedef struct {
	const char *p;
	double n;
	bool ok;
} expr;

static double expr_sum(expr *e);

static void blank(expr *e)
{
	while (*e->p == ' ' || *e->p == '\t')
		e->p++;
}

static double expr_atom(expr *e)
{
	blank(e);
	if (*e->p == '(') {
		e->p++;
		double v = expr_sum(e);
		blank(e);
		if (*e->p != ')')
			e->ok = false;
		else
			e->p++;
		return v;
	}
	if (*e->p == 'N') {
		e->p++;
		return e->n;
	}
	/* a decimal: digits, a point, an exponent */
	char buf[64];
	size_t k = 0;
	while (k + 1 < sizeof buf &&
	       ((e->p[k] >= '0' && e->p[k] <= '9') || e->p[k] == '.' ||
		((e->p[k] == 'e' || e->p[k] == 'E') && k > 0) ||
		((e->p[k] == '+' || e->p[k] == '-') && k > 0 && (e->p[k - 1] == 'e' || e->p[k - 1] == 'E'))))
		k++;
	memcpy(buf, e->p, k);
	buf[k] = '\0';
	double v;
	if (!k || !lm_number_parse(buf, &v)) {
		e->ok = false;
		return 0;
	}
	e->p += k;
	return v;
}

static double expr_product(expr *e)
{
	double v = expr_atom(e);
	for (;;) {
		blank(e);
		if (*e->p == '*') {
			e->p++;
			v *= expr_atom(e);
		} else if (*e->p == '/') {
			e->p++;
			v /= expr_atom(e);
		} else {
			return v;
		}
	}
}

static double expr_sum(expr *e)
{
	double v = expr_product(e);
	for (;;) {
		blank(e);
		if (*e->p == '+') {
			e->p++;
			v += expr_product(e);
		} else if (*e->p == '-') {
			e->p++;
			v -= expr_product(e);
		} else {
			return v;
		}
	}
}

lm_status lm_expr_eval(const char *text, double n, double *out)
{
	expr e = { text, n, true };
	double v = expr_sum(&e);
	blank(&e);
	if (!e.ok || *e.p || !isfinite(v))
		return lm_fail(LM_EUSAGE, "'%s': expected an expression of numbers, N, + - * / and "
			       "parentheses", text);
	*out = v;
	return LM_OK;
}