#include "base/csv.h"

#include <string.h>

void lm_csv_field(FILE *f, const char *s)
{
	if (!strpbrk(s, ",\"\n\r")) {
		fputs(s, f);
		return;
	}
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', f);
		fputc(*s, f);
	}
	fputc('"', f);
}

int lm_csv_split(char *line, char **fields, int max)
{
	size_t len = strlen(line);
	while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
		line[--len] = '\0';
	if (strpbrk(line, "\r\n"))
		return -1; /* a line break in a field: never written (lm_results_row refuses one) */
	int n = 0;
	char *p = line;
	for (;;) {
		char *start = p, *w = p;
		if (*p == '"') {
			p++;
			for (;;) {
				if (!*p)
					return -1;
				if (*p == '"') {
					if (p[1] != '"')
						break;
					p++;
				}
				*w++ = *p++;
			}
			p++; /* closing quote */
			if (*p && *p != ',')
				return -1;
		} else {
			while (*p && *p != ',')
				p++;
			w = p;
		}
		char sep = *p;
		*w = '\0';
		if (n < max)
			fields[n] = start;
		n++;
		if (!sep)
			break;
		p++;
	}
	return n;
}
