#include "alpha.h"

#include <errno.h>
#include <stdbool.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static long gcd(long a, long b)
{
	while (b) {
		long t = a % b;
		a = b;
		b = t;
	}
	return a;
}

static bool parse_long(const char *s, const char *end, long *out)
{
	if (s == end || *s < '0' || *s > '9')
		return false;
	char *e;
	errno = 0;
	long x = strtol(s, &e, 10);
	if (e != end || errno || x > LM_ALPHA_MAX_NUM)
		return false;
	*out = x;
	return true;
}

lm_status lm_alpha_parse(const char *s, lm_alpha *out)
{
	size_t len = strlen(s);
	if (strcasecmp(s, "inf") == 0 || strcasecmp(s, "infinity") == 0) {
		*out = (lm_alpha){ 1, 0 };
		return LM_OK;
	}
	const char *slash = strchr(s, '/');
	long num, den = 1;
	if (slash) {
		if (!parse_long(s, slash, &num) || !parse_long(slash + 1, s + len, &den) || den == 0)
			goto bad;
	} else if (!parse_long(s, s + len, &num)) {
		/* a decimal: find the smallest denominator that gives it exactly */
		char *e;
		errno = 0;
		double x = strtod(s, &e);
		if (e == s || *e || errno || !(x >= 0) || x > LM_ALPHA_MAX_NUM)
			goto bad;
		for (den = 1; den <= LM_ALPHA_MAX_DEN; den++) {
			double k = round(x * (double)den);
			if (fabs(k - x * (double)den) < 1e-9 * (double)den) {
				num = (long)k;
				break;
			}
		}
		if (den > LM_ALPHA_MAX_DEN)
			return lm_fail(LM_EUSAGE, "alpha '%s': not a fraction with a denominator up to %d; write it as p/q",
				       s, LM_ALPHA_MAX_DEN);
	}
	if (den > LM_ALPHA_MAX_DEN)
		goto bad;
	long g = num ? gcd(num, den) : den;
	*out = (lm_alpha){ num / g, den / g };
	return LM_OK;
bad:
	return lm_fail(LM_EUSAGE, "alpha '%s': expected a number >= 0 (up to %d), a fraction p/q (q up to %d) or inf",
		       s, LM_ALPHA_MAX_NUM, LM_ALPHA_MAX_DEN);
}

lm_status lm_alpha_parse_list(const char *s, lm_alpha **out, size_t *n)
{
	size_t cap = 1;
	for (const char *c = s; *c; c++)
		cap += *c == ',';
	lm_alpha *v = malloc(cap * sizeof *v);
	char *copy = strdup(s);
	lm_status st = LM_OK;
	if (!v || !copy) {
		st = lm_fail(LM_ENOMEM, "out of memory");
		goto fail;
	}
	size_t k = 0;
	char *save = NULL;
	for (char *tok = copy;; tok = NULL) {
		char *t = strtok_r(tok, ",", &save);
		if (!t)
			break;
		while (*t == ' ')
			t++;
		if ((st = lm_alpha_parse(t, &v[k])) != LM_OK)
			goto fail;
		k++;
	}
	/* strtok skips empty fields: "1,,2" or a trailing comma is an error */
	if (k == 0 || k != cap) {
		st = lm_fail(LM_EUSAGE, "alpha list '%s': empty item", s);
		goto fail;
	}
	free(copy);
	*out = v;
	*n = k;
	return LM_OK;
fail:
	free(copy);
	free(v);
	return st;
}

double lm_alpha_value(lm_alpha a)
{
	return a.den ? (double)a.num / (double)a.den : INFINITY;
}

char *lm_alpha_format(lm_alpha a, char *buf, size_t size)
{
	if (!a.den)
		snprintf(buf, size, "inf");
	else if (a.den == 1)
		snprintf(buf, size, "%ld", a.num);
	else
		snprintf(buf, size, "%ld/%ld", a.num, a.den);
	return buf;
}
