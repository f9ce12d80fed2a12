/* text.c: the small string tests and stamps every layer uses. */
#include "base/text.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <time.h>

bool lm_text_starts(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

bool lm_text_ends(const char *s, const char *end)
{
	size_t a = strlen(s), b = strlen(end);
	return a >= b && strcmp(s + a - b, end) == 0;
}

bool lm_text_has_nocase(const char *hay, const char *needle)
{
	size_t n = strlen(needle);
	for (; *hay; hay++)
		if (strncasecmp(hay, needle, n) == 0)
			return true;
	return false;
}

void lm_text_iso_now(char *buf, size_t size)
{
	time_t t = time(NULL);
	strftime(buf, size, "%Y-%m-%dT%H:%M:%SZ", gmtime(&t));
}

lm_status lm_text_list(const char *what, const char *s, char *buf, size_t size, char **items, size_t cap,
		       size_t *n)
{
	*n = 0;
	if (strlen(s) >= size)
		return lm_fail(LM_EUSAGE, "%s: a list of more than %zu characters", what, size - 1);
	memcpy(buf, s, strlen(s) + 1);
	for (char *t = buf;;) {
		char *comma = strchr(t, ',');
		if (comma)
			*comma = '\0';
		if (!*t)
			return lm_fail(LM_EUSAGE, "%s '%s': empty item", what, s);
		if (*n == cap)
			return lm_fail(LM_EUSAGE, "%s '%s': more than %zu items", what, s, cap);
		items[(*n)++] = t;
		if (!comma)
			return LM_OK;
		t = comma + 1;
	}
}
