#include "base/number.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <math.h>
#include <stdlib.h>

static bool digit(char c)
{
	return c >= '0' && c <= '9';
}

/* Whether s is a plain decimal, as lm_number_parse describes it. */
static bool plain(const char *p)
{
	if (*p == '-')
		p++;
	bool any = false;
	while (digit(*p))
		p++, any = true;
	if (*p == '.')
		for (p++; digit(*p); p++)
			any = true;
	if (!any)
		return false;
	if (*p == 'e' || *p == 'E') {
		p++;
		if (*p == '-' || *p == '+')
			p++;
		if (!digit(*p))
			return false;
		while (digit(*p))
			p++;
	}
	return *p == '\0';
}

bool lm_number_parse(const char *s, double *out)
{
	if (!plain(s))
		return false;
	errno = 0;
	double x = strtod(s, NULL);
	if (errno == ERANGE || !isfinite(x))
		return false;
	*out = x;
	return true;
}

bool lm_number_parse_uint(const char *s, unsigned long long max, unsigned long long *out)
{
	if (!digit(*s))
		return false;
	unsigned long long x = 0;
	for (; digit(*s); s++) {
		unsigned d = (unsigned)(*s - '0');
		if (d > max || x > (max - d) / 10)
			return false;
		x = 10 * x + d;
	}
	if (*s)
		return false;
	*out = x;
	return true;
}

lm_status lm_number_size(const char *s, unsigned long long *bytes)
{
	/* the number (lm_number_parse), then the suffix */
	char num[64];
	size_t n = strcspn(s, "kKmMgGtTbBiI");
	double x;
	if (n >= sizeof num)
		goto bad;
	memcpy(num, s, n);
	num[n] = '\0';
	if (!lm_number_parse(num, &x) || !(x > 0))
		goto bad;
	const char *end = s + n;
	double mult = 1;
	switch (*end) {
	case 'k': case 'K': mult = 1024.0; end++; break;
	case 'm': case 'M': mult = 1024.0 * 1024; end++; break;
	case 'g': case 'G': mult = 1024.0 * 1024 * 1024; end++; break;
	case 't': case 'T': mult = 1024.0 * 1024 * 1024 * 1024; end++; break;
	}
	if (mult > 1 && (strcasecmp(end, "ib") == 0 || strcasecmp(end, "b") == 0))
		end += strlen(end);
	if (*end || x * mult > 1e18 || x * mult < 1) /* under a byte would read as 0 */
		goto bad;
	*bytes = (unsigned long long)(x * mult);
	return LM_OK;
bad:
	return lm_fail(LM_EUSAGE, "size '%s': expected a number of bytes, 1 or more, with an optional K, M, G "
		       "or T suffix", s);
}

lm_status lm_number_uint_list(const char *what, const char *s, unsigned max, unsigned *v,
				 size_t cap, size_t *n)
{
	const char *p = s;
	*n = 0;
	for (;;) {
		char *end;
		errno = 0;
		unsigned long x = strtoul(p, &end, 10);
		if (*p < '0' || *p > '9' || errno || (*end && *end != ',') || x == 0 ||
		    x > max || *n == cap)
			return lm_fail(LM_EUSAGE, "%s '%s': expected a comma list of positive integers up to %u",
				       what, s, max);
		for (size_t i = 0; i < *n; i++)
			if (v[i] == x)
				return lm_fail(LM_EUSAGE, "%s '%s': %lu twice (a point is measured once)", what, s, x);
		v[(*n)++] = (unsigned)x;
		if (!*end)
			return LM_OK;
		p = end + 1;
	}
}

long lm_number_gcd(long a, long b)
{
	unsigned long x = a < 0 ? 0UL - (unsigned long)a : (unsigned long)a,
		      y = b < 0 ? 0UL - (unsigned long)b : (unsigned long)b;
	while (y) {
		unsigned long r = x % y;
		x = y;
		y = r;
	}
	return (long)x;
}

int lm_number_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

unsigned long long lm_number_fnv(unsigned long long h, const void *p, size_t n)
{
	const unsigned char *b = p;
	for (size_t i = 0; i < n; i++)
		h = (h ^ b[i]) * 1099511628211ull;
	return h;
}
