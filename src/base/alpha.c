#include "base/alpha.h"
#include "base/number.h"

#include <errno.h>
#include <stdbool.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Digits from s to end, at most a billion (so a gcd of two is safe). */
static bool parse_count(const char *s, const char *end, long *out)
{
	char buf[16];
	unsigned long long x;
	if (end - s <= 0 || end - s >= (long)sizeof buf)
		return false;
	memcpy(buf, s, (size_t)(end - s));
	buf[end - s] = '\0';
	if (!lm_number_parse_uint(buf, 1000000000, &x))
		return false;
	*out = (long)x;
	return true;
}

lm_status lm_alpha_parse(const char *s, lm_alpha *out)
{
	if (strcasecmp(s, "inf") == 0 || strcasecmp(s, "infinity") == 0) {
		*out = (lm_alpha){ 1, 0 };
		return LM_OK;
	}
	const char *slash = strchr(s, '/');
	long num = 0, den = 1;
	double x;
	if (slash) {
		if (!parse_count(s, slash, &num) || !parse_count(slash + 1, s + strlen(s), &den) || den == 0)
			goto bad;
	} else if (!parse_count(s, s + strlen(s), &num)) {
		/* a decimal: find the smallest denominator that gives it exactly */
		if (!lm_number_parse(s, &x) || !(x >= 0) || x > LM_ALPHA_MAX_NUM)
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
	/* the limits hold for the fraction in lowest terms, the form that is
	 * built and written: so what is written reads back */
	long g = num ? lm_number_gcd(num, den) : den;
	num /= g;
	den /= g;
	if (num <= LM_ALPHA_MAX_NUM && den <= LM_ALPHA_MAX_DEN) {
		*out = (lm_alpha){ num, den };
		return LM_OK;
	}
	if (slash || den > 1)
		return lm_fail(LM_EUSAGE, "alpha '%s' is %ld/%ld in lowest terms: a kernel body holds at most %d "
			       "adds and %d steps, so p/q needs p up to %d and q up to %d",
			       s, num, den, LM_ALPHA_MAX_NUM, LM_ALPHA_MAX_DEN, LM_ALPHA_MAX_NUM,
			       LM_ALPHA_MAX_DEN);
bad:
	return lm_fail(LM_EUSAGE, "alpha '%s': expected a number >= 0 (up to %d), a fraction p/q (in lowest "
		       "terms p up to %d, q up to %d) or inf", s, LM_ALPHA_MAX_NUM, LM_ALPHA_MAX_NUM,
		       LM_ALPHA_MAX_DEN);
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
		/* each in lowest terms, so equal values are equal pairs */
		for (size_t i = 0; i < k; i++)
			if (v[i].num == v[k].num && v[i].den == v[k].den) {
				char a[32];
				st = lm_fail(LM_EUSAGE, "alpha list '%s': %s twice", s,
					     lm_alpha_format(v[k], a, sizeof a));
				goto fail;
			}
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
