#include "results.h"
#include "csv.h"

#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

typedef enum { C_MIX, C_ALPHA, C_UINT, C_ULONG, C_INT, C_NUM, C_CLOCKSRC, C_TEXT16, C_TEXT48, C_IGNORE } col_type;

typedef struct {
	const char *name;
	col_type type;
	size_t offset; /* in lm_meas_row */
	const char *unit;
	const char *absent; /* value of a column older files lack; NULL: required */
} column;

#define R(m) offsetof(lm_meas_row, m)
static const column columns[] = {
	{ "mix", C_MIX, 0, "", NULL },
	{ "alpha", C_ALPHA, R(alpha), "adds per load, exact", NULL },
	{ "alpha_value", C_IGNORE, 0, "adds per load", NULL },
	{ "warps_per_cu", C_UINT, R(warps), "warps", NULL },
	{ "groups_per_cu", C_UINT, R(groups_per_cu), "work-groups", NULL },
	{ "warps_per_group", C_UINT, R(warps_per_group), "warps", NULL },
	{ "work_group_size", C_UINT, R(work_group_size), "work-items", NULL },
	{ "compute_units", C_UINT, R(compute_units), "CUs", NULL },
	{ "simd_width", C_UINT, R(simd_width), "lanes", NULL },
	{ "chains", C_UINT, R(chains), "independent chains per thread", "1" },
	{ "mem_per_iter", C_UINT, R(mem_per_iter), "loads per loop iteration", NULL },
	{ "alu_per_iter", C_UINT, R(alu_per_iter), "adds per loop iteration", NULL },
	{ "iters", C_ULONG, R(iters), "loop iterations per launch", NULL },
	{ "repeats", C_INT, R(repeats), "timed launches", NULL },
	{ "time_median_s", C_NUM, R(time_med), "s", NULL },
	{ "time_min_s", C_NUM, R(time_min), "s", NULL },
	{ "time_max_s", C_NUM, R(time_max), "s", NULL },
	{ "timer", C_TEXT16, R(timer), "", "events" },
	{ "overhead_s", C_NUM, R(overhead_s), "s of kernel time beyond the steady rate (stop-flag)", "nan" },
	{ "clock_mhz", C_NUM, R(clock_mhz), "MHz", NULL },
	{ "clock_source", C_CLOCKSRC, 0, "", NULL },
	{ "mem_ipc", C_NUM, R(mem_ipc), "warp loads / cycle / CU", NULL },
	{ "alu_ipc", C_NUM, R(alu_ipc), "warp adds / cycle / CU", NULL },
	{ "bytes_per_s", C_NUM, R(bytes_per_s), "B/s requested", NULL },
	{ "cycles_per_group", C_NUM, R(cycles_per_group), "cycles per load + alpha adds, per warp", NULL },
	{ "timing", C_TEXT16, R(timing), "", "fixed-work" },
	{ "coresident", C_TEXT16, R(coresident), "", NULL },
	{ "started_at_first_end", C_ULONG, R(started_at_first_end), "work-groups started when the first ended", "0" },
	{ "spread", C_TEXT48, R(spread), "", NULL },
	{ "checked_threads", C_ULONG, R(checked), "work-items", NULL },
};
#undef R
#define NCOLS (sizeof columns / sizeof columns[0])

void lm_results_header(FILE *f)
{
	fputs("# columns:", f);
	for (size_t i = 0; i < NCOLS; i++)
		if (*columns[i].unit)
			fprintf(f, " %s [%s]%s", columns[i].name, columns[i].unit,
				i + 1 < NCOLS ? ";" : "");
	fputc('\n', f);
	for (size_t i = 0; i < NCOLS; i++)
		fprintf(f, "%s%s", i ? "," : "", columns[i].name);
	fputc('\n', f);
}

void lm_results_row(FILE *f, const char *mix, const lm_meas_row *r)
{
	char a[32];
	const char *base = (const char *)r;
	for (size_t i = 0; i < NCOLS; i++) {
		const void *p = base + columns[i].offset;
		if (i)
			fputc(',', f);
		switch (columns[i].type) {
		case C_MIX: lm_csv_field(f, mix); break;
		case C_ALPHA: fputs(lm_alpha_format(r->alpha, a, sizeof a), f); break;
		case C_IGNORE: fprintf(f, "%.17g", lm_alpha_value(r->alpha)); break;
		case C_UINT: fprintf(f, "%u", *(const unsigned *)p); break;
		case C_ULONG: fprintf(f, "%lu", *(const unsigned long *)p); break;
		case C_INT: fprintf(f, "%d", *(const int *)p); break;
		case C_NUM: fprintf(f, "%.9g", *(const double *)p); break;
		case C_CLOCKSRC: lm_csv_field(f, r->clock_source ? r->clock_source : ""); break;
		case C_TEXT16:
		case C_TEXT48: lm_csv_field(f, (const char *)p); break;
		}
	}
	fputc('\n', f);
	fflush(f);
}

void lm_results_reference(FILE *f, const char *mix, const lm_meas_row *r)
{
	fputs(LM_RESULTS_REFERENCE, f);
	lm_results_row(f, mix, r);
}

void lm_results_free(lm_results *r)
{
	if (r) {
		free(r->v);
		r->v = NULL;
		r->n = 0;
	}
}

static bool parse_cell(const column *c, const char *s, lm_result *out)
{
	char *end;
	void *p = (char *)&out->row + c->offset;
	errno = 0;
	switch (c->type) {
	case C_MIX:
		if (!*s || strlen(s) >= sizeof out->mix)
			return false;
		strcpy(out->mix, s);
		return true;
	case C_ALPHA:
		return lm_alpha_parse(s, &out->row.alpha) == LM_OK;
	case C_IGNORE:
		return true;
	case C_UINT: case C_ULONG: case C_INT: {
		if (*s < '0' || *s > '9')
			return false;
		unsigned long v = strtoul(s, &end, 10);
		if (*end || errno || v > 4294967295ul)
			return false;
		if (c->type == C_UINT)
			*(unsigned *)p = (unsigned)v;
		else if (c->type == C_ULONG)
			*(unsigned long *)p = v;
		else
			*(int *)p = (int)v;
		return true;
	}
	case C_NUM: {
		double v = strtod(s, &end);
		if (end == s || *end || errno == ERANGE)
			return false;
		*(double *)p = v;
		return true;
	}
	case C_CLOCKSRC:
		if (strlen(s) >= sizeof out->clock_source)
			return false;
		strcpy(out->clock_source, s);
		return true;
	case C_TEXT16:
		if (strlen(s) >= 16)
			return false;
		strcpy((char *)p, s);
		return true;
	case C_TEXT48:
		if (strlen(s) >= 48)
			return false;
		strcpy((char *)p, s);
		return true;
	}
	return false;
}

/* Copies the value of a '# key = value' metadata line into dst. */
static void meta(const char *line, const char *key, char *dst, size_t size)
{
	size_t n = strlen(key);
	if (strncmp(line, key, n) == 0) {
		snprintf(dst, size, "%s", line + n);
		dst[strcspn(dst, "\r\n")] = '\0';
	}
}

lm_status lm_results_read(const char *path, lm_results *out)
{
	FILE *f = fopen(path, "r");
	if (!f)
		return lm_fail(LM_EIO, "%s: %s", path, strerror(errno));
	lm_results r = { 0 };
	size_t cap = 0;
	int where[NCOLS];
	bool header = false;
	char line[4096];
	char *fields[64];
	int lineno = 0;
	lm_status s = LM_OK;
	while (fgets(line, sizeof line, f)) {
		lineno++;
		size_t len = strlen(line);
		if (len == sizeof line - 1 && line[len - 1] != '\n') {
			s = lm_fail(LM_EPARSE, "%s:%d: line too long", path, lineno);
			goto fail;
		}
		if (line[0] == '#') {
			meta(line, "# device = ", r.device, sizeof r.device);
			meta(line, "# vendor = ", r.vendor, sizeof r.vendor);
			meta(line, "# device_type = ", r.device_type, sizeof r.device_type);
			meta(line, "# driver = ", r.driver, sizeof r.driver);
			meta(line, "# tool_version = ", r.tool_version, sizeof r.tool_version);
			meta(line, "# date = ", r.date, sizeof r.date);
			meta(line, "# footprint_bytes = ", r.footprint, sizeof r.footprint);
			continue;
		}
		if (line[0] == '\n' || line[0] == '\0')
			continue;
		int n = lm_csv_split(line, fields, 64);
		if (n < 0 || n > 64) {
			s = lm_fail(LM_EPARSE, "%s:%d: malformed CSV line", path, lineno);
			goto fail;
		}
		if (!header) {
			for (size_t c = 0; c < NCOLS; c++) {
				where[c] = -1;
				for (int k = 0; k < n; k++)
					if (strcmp(fields[k], columns[c].name) == 0)
						where[c] = k;
				if (where[c] < 0 && !columns[c].absent) {
					s = lm_fail(LM_EPARSE, "%s:%d: column '%s' missing from the header",
						    path, lineno, columns[c].name);
					goto fail;
				}
			}
			header = true;
			continue;
		}
		if (r.n == cap) {
			cap = cap ? 2 * cap : 64;
			lm_result *nv = realloc(r.v, cap * sizeof *nv);
			if (!nv) {
				s = lm_fail(LM_ENOMEM, "out of memory");
				goto fail;
			}
			r.v = nv;
		}
		lm_result *res = &r.v[r.n];
		memset(res, 0, sizeof *res);
		res->line = lineno;
		for (size_t c = 0; c < NCOLS; c++) {
			if (where[c] < 0) {
				parse_cell(&columns[c], columns[c].absent, res);
				continue;
			}
			if (where[c] >= n) {
				s = lm_fail(LM_EPARSE, "%s:%d: row has %d fields, the header more", path,
					    lineno, n);
				goto fail;
			}
			if (!parse_cell(&columns[c], fields[where[c]], res)) {
				s = lm_fail(LM_EPARSE, "%s:%d: column '%s': bad value '%s'", path, lineno,
					    columns[c].name, fields[where[c]]);
				goto fail;
			}
		}
		res->row.clock_source = res->clock_source;
		r.n++;
	}
	if (ferror(f)) {
		s = lm_fail(LM_EIO, "%s: read error", path);
		goto fail;
	}
	if (!header) {
		s = lm_fail(LM_EPARSE, "%s:%d: no header line: not a latmix results file", path, lineno);
		goto fail;
	}
	fclose(f);
	*out = r;
	return LM_OK;
fail:
	fclose(f);
	free(r.v);
	return s;
}
