#include "base/number.h"

#include <errno.h>
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
