#include "fit/results.h"
#include "base/csv.h"
#include "base/file.h"
#include "base/number.h"

#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* The letters of a mix's or kernel's name (reports name files after it). */
#define NAME_CHARS "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-"

typedef enum {
	C_MIX, C_ALPHA, C_ALPHA_VALUE, C_UINT, C_ULONG, C_INT, C_NUM, C_CLOCKSRC, C_TEXT16, C_TEXT48, C_SHAPE
} col_type;

typedef struct {
	const char *name;
	col_type type;
	size_t offset; /* in lm_row */
	const char *unit;
	const char *absent; /* value of a column older files lack; NULL: required */
	/* numbers: the valid range, inclusive but for an open minimum; nan:
	 * "nan" (not measured in this timing mode) too */
	double min, max;
	bool open_min, nan;
} column;

#define R(m) offsetof(lm_row, m)
#define IN(lo, hi) .min = (lo), .max = (hi)
#define TEXT .min = 0, .max = 0 /* not a number */
#define ABOVE(lo, hi) .min = (lo), .max = (hi), .open_min = true
#define COUNT 9007199254740992.0 /* 2^53: every count a double holds exactly */
/* Each range is what a measurement can give on any device, with room; a
 * value beyond it is a damaged file, not a fast GPU. */
static const column columns[] = {
	{ "mix", C_MIX, 0, "", NULL, TEXT },
	{ "alpha", C_ALPHA, R(alpha), "adds per load, exact", NULL, TEXT },
	{ "alpha_value", C_ALPHA_VALUE, 0, "adds per load", NULL, TEXT },
	{ "warps_per_cu", C_UINT, R(warps), "warps", NULL, IN(1, 4096) },
	{ "groups_per_cu", C_UINT, R(groups_per_cu), "work-groups", NULL, IN(1, 4096) },
	{ "warps_per_group", C_UINT, R(warps_per_group), "warps", NULL, IN(1, 1024) },
	{ "work_group_size", C_UINT, R(work_group_size), "work-items", NULL, IN(1, 1048576) },
	{ "compute_units", C_UINT, R(compute_units), "CUs", NULL, IN(1, 1048576) },
	{ "simd_width", C_UINT, R(simd_width), "lanes", NULL, IN(1, 1024) },
	{ "chains", C_UINT, R(chains), "independent chains per thread", "1", IN(1, 16) },
	{ "mem_per_iter", C_UINT, R(mem_per_iter), "loads (stream-fill: stores) per loop iteration", NULL, IN(0, 4294967295.0) },
	{ "alu_per_iter", C_UINT, R(alu_per_iter), "adds per loop iteration", NULL, IN(0, 4294967295.0) },
	{ "iters", C_ULONG, R(iters), "loop iterations per launch", NULL, IN(0, COUNT) },
	{ "repeats", C_INT, R(repeats), "timed launches", NULL, IN(1, 1000) },
	{ "time_median_s", C_NUM, R(time_med), "s", NULL, ABOVE(0, 3600) },
	{ "time_min_s", C_NUM, R(time_min), "s", NULL, ABOVE(0, 3600) },
	{ "time_max_s", C_NUM, R(time_max), "s", NULL, ABOVE(0, 3600) },
	{ "timer", C_TEXT16, R(timer), "", "events", TEXT },
	{ "overhead_s", C_NUM, R(overhead_s), "s of kernel time beyond the steady rate (stop-flag)", "nan",
	  IN(-3600, 3600), .nan = true },
	{ "clock_mhz", C_NUM, R(clock_mhz), "MHz", NULL, ABOVE(0, 100000) },
	{ "clock_source", C_CLOCKSRC, 0, "", NULL, TEXT },
	{ "mem_ipc", C_NUM, R(mem_ipc), "warp loads (stream-fill: stores) / cycle / CU", NULL, IN(0, 1024) },
	{ "alu_ipc", C_NUM, R(alu_ipc), "warp adds / cycle / CU", NULL, IN(0, 1024) },
	{ "bytes_per_s", C_NUM, R(bytes_per_s), "B/s requested", NULL, IN(0, 1e15) },
	{ "cycles_per_group", C_NUM, R(cycles_per_group), "cycles per load + alpha adds, per warp", NULL,
	  ABOVE(0, 1e12) },
	{ "timing", C_TEXT16, R(timing), "", "fixed-work", TEXT },
	{ "coresident", C_TEXT16, R(coresident), "", NULL, TEXT },
	{ "started_at_first_end", C_ULONG, R(started_at_first_end), "work-groups started when the first ended", "0",
	  IN(0, COUNT) },
	{ "spread", C_TEXT48, R(spread), "", NULL, TEXT },
	{ "resident_groups_per_cu", C_NUM, R(resident_groups), "work-groups a CU counted at once (a kernel as "
	  "written; nan otherwise)", "nan", IN(0, 4096), .nan = true },
	{ "resident_warps_per_cu", C_NUM, R(resident_warps), "warps a CU counted at once (a kernel as written; "
	  "nan otherwise)", "nan", IN(0, 65536), .nan = true },
	{ "checked_threads", C_ULONG, R(checked), "work-items (a user's kernel: output elements)", NULL,
	  IN(0, COUNT) },
	{ "elements_per_s", C_NUM, R(elements_per_s), "elements/s (a user's kernel; nan for a mix)", "nan",
	  IN(0, 1e17), .nan = true },
	{ "local_bytes_per_group", C_NUM, R(local_bytes), "bytes of local memory a work-group held, its own and "
	  "what latmix reserved to hold occupancy down (a kernel as written; nan otherwise)", "nan", IN(0, 1 << 30),
	  .nan = true },
	{ "group_wait_share", C_NUM, R(group_wait), "share of a warp's time it waits, once ended, for its "
	  "work-group's last warp (the written-read mix where kernels read a clock; nan otherwise)", "nan",
	  IN(0, 1000), .nan = true },
	{ "work_group_shape", C_SHAPE, R(shape), "", "", TEXT },
};
#undef R
#undef IN
#undef ABOVE
#undef TEXT
#undef COUNT
#define NCOLS (sizeof columns / sizeof columns[0])
#define MAX_FIELDS 64 /* in a file's header */

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

static bool numeric(const column *c)
{
	return c->type == C_UINT || c->type == C_ULONG || c->type == C_INT || c->type == C_NUM;
}

/* "an integer from 1 to 16", "a number in (0, 3600], or nan". */
static const char *range_text(const column *c, char *buf, size_t size)
{
	if (c->type == C_NUM)
		snprintf(buf, size, "a number in %c%g, %g]%s", c->open_min ? '(' : '[', c->min, c->max,
			 c->nan ? ", or nan" : "");
	else
		snprintf(buf, size, "an integer from %.0f to %.0f", c->min, c->max);
	return buf;
}

/* A work-group's shape, s: none (""), or one to three sizes joined by 'x'
 * whose product is the row's work_group_size (read before it). */
static bool parse_shape(const char *s, lm_result *out)
{
	if (strlen(s) >= sizeof out->row.shape)
		return false;
	unsigned long long product = 1;
	int parts = 0;
	for (const char *p = s; *s && parts < 3; parts++) {
		char part[16];
		size_t len = strcspn(p, "x");
		unsigned long long v;
		snprintf(part, sizeof part, "%.*s", (int)len, p);
		if (!len || !lm_number_parse_uint(part, 1048576, &v) || v == 0)
			return false;
		product *= v;
		p += len;
		if (!*p) {
			if (product != out->row.work_group_size)
				return false;
			strcpy(out->row.shape, s);
			return true;
		}
		p++; /* past the 'x' */
	}
	out->row.shape[0] = '\0';
	return !*s;
}

/* Reads cell s of column c into out; false if it is not a value of c. */
static bool parse_cell(const column *c, const char *s, lm_result *out)
{
	void *p = (char *)&out->row + c->offset;
	switch (c->type) {
	case C_MIX:
		/* a mix's or a kernel's name, which reports name files after: no '/', no leading '.' */
		if (!*s || strlen(s) >= sizeof out->mix || strspn(s, NAME_CHARS) != strlen(s) || *s == '.' ||
		    *s == '-')
			return false;
		strcpy(out->mix, s);
		return true;
	case C_ALPHA:
		return lm_alpha_parse(s, &out->row.alpha) == LM_OK;
	case C_ALPHA_VALUE: {
		/* alpha as a number, written beside it: the two must agree */
		double want = lm_alpha_value(out->row.alpha), v;
		if (strcmp(s, "inf") == 0)
			return isinf(want);
		return lm_number_parse(s, &v) && fabs(v - want) <= 1e-9 * want;
	}
	case C_UINT: case C_ULONG: case C_INT: {
		unsigned long long v;
		if (!lm_number_parse_uint(s, (unsigned long long)c->max, &v) || (double)v < c->min)
			return false;
		if (c->type == C_UINT)
			*(unsigned *)p = (unsigned)v;
		else if (c->type == C_ULONG)
			*(unsigned long *)p = (unsigned long)v;
		else
			*(int *)p = (int)v;
		return true;
	}
	case C_NUM: {
		double v;
		if (c->nan && strcmp(s, "nan") == 0) {
			*(double *)p = NAN;
			return true;
		}
		if (!lm_number_parse(s, &v) || v > c->max || (c->open_min ? v <= c->min : v < c->min))
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
	case C_TEXT48:
		if (strlen(s) >= (c->type == C_TEXT16 ? 16 : 48))
			return false;
		strcpy((char *)p, s);
		return true;
	case C_SHAPE:
		return parse_shape(s, out);
	}
	return false;
}

/* Reads the fields of one row (where[c]: the field of column c, -1 if
 * the file lacks it) into res. On a bad value LM_EPARSE naming the column
 * and value, to be prefixed with where the row is. */
static lm_status parse_row(char **fields, const int *where, lm_result *res)
{
	char range[64];
	for (size_t c = 0; c < NCOLS; c++) {
		const column *col = &columns[c];
		const char *cell = where[c] < 0 ? col->absent : fields[where[c]];
		if (!parse_cell(col, cell, res))
			return lm_fail(LM_EPARSE, "column '%s': bad value '%s'%s%s%s%s", col->name, cell,
				       numeric(col) ? ": expected " : "",
				       numeric(col) ? range_text(col, range, sizeof range)
				       : col->type == C_SHAPE ? ": expected none, or sizes joined by 'x' (16x8) whose "
								"product is the row's work_group_size" : "",
				       numeric(col) && *col->unit ? " " : "",
				       numeric(col) && *col->unit ? col->unit : "");
	}
	/* a point's fastest launch is no slower than its median, its slowest no faster */
	const lm_row *r = &res->row;
	if (!(r->time_min <= r->time_med && r->time_med <= r->time_max))
		return lm_fail(LM_EPARSE, "time_min_s %g, time_median_s %g, time_max_s %g: not in order (min <= median "
			       "<= max)", r->time_min, r->time_med, r->time_max);
	return LM_OK;
}

/* Writes prefix and the row, if the reader takes the row back. */
static lm_status write_row(FILE *f, const char *prefix, const char *mix, const lm_row *r)
{
	/* the row as text, read back as the reader will before it is written */
	char *line = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&line, &len);
	if (!m)
		return lm_fail(LM_ENOMEM, "out of memory");
	char a[32];
	const char *base = (const char *)r;
	for (size_t i = 0; i < NCOLS; i++) {
		const void *p = base + columns[i].offset;
		if (i)
			fputc(',', m);
		switch (columns[i].type) {
		case C_MIX: lm_csv_field(m, mix); break;
		case C_ALPHA: fputs(lm_alpha_format(r->alpha, a, sizeof a), m); break;
		case C_ALPHA_VALUE: fprintf(m, "%.17g", lm_alpha_value(r->alpha)); break;
		case C_UINT: fprintf(m, "%u", *(const unsigned *)p); break;
		case C_ULONG: fprintf(m, "%lu", *(const unsigned long *)p); break;
		case C_INT: fprintf(m, "%d", *(const int *)p); break;
		case C_NUM: fprintf(m, "%.9g", *(const double *)p); break;
		case C_CLOCKSRC: lm_csv_field(m, r->clock_source ? r->clock_source : ""); break;
		case C_TEXT16:
		case C_TEXT48:
		case C_SHAPE: lm_csv_field(m, (const char *)p); break;
		}
	}
	fputc('\n', m);
	if (fclose(m) != 0) {
		free(line);
		return lm_fail(LM_ENOMEM, "out of memory");
	}
	char *copy = strdup(line), *fields[NCOLS + 1];
	int where[NCOLS];
	for (size_t c = 0; c < NCOLS; c++)
		where[c] = (int)c;
	lm_result back;
	memset(&back, 0, sizeof back);
	lm_status s = !copy ? lm_fail(LM_ENOMEM, "out of memory")
		      : strcspn(line, "\r\n") + 1 != len || lm_csv_split(copy, fields, NCOLS + 1) != (int)NCOLS
			      ? lm_fail(LM_ECHECK, "a text field holds a line break")
			      : parse_row(fields, where, &back);
	if (s == LM_OK) {
		fputs(prefix, f);
		fputs(line, f);
		fflush(f);
	} else {
		char msg[512];
		snprintf(msg, sizeof msg, "%s", lm_error_message());
		s = lm_fail(LM_ECHECK, "%s, alpha %s, %u warps per CU: %s: the row is not written", mix,
			    lm_alpha_format(r->alpha, a, sizeof a), r->warps, msg);
	}
	free(copy);
	free(line);
	return s;
}

void lm_results_free(lm_results *r)
{
	if (!r)
		return;
	free(r->v);
	free(r->ref);
	for (size_t i = 0; i < r->nmeta; i++)
		free(r->meta[i].key); /* the line; value points into it */
	free(r->meta);
	*r = (lm_results){ 0 };
}

const char *lm_results_meta_value(const lm_results *r, const char *key)
{
	for (size_t i = 0; i < r->nmeta; i++)
		if (strcmp(r->meta[i].key, key) == 0)
			return r->meta[i].value;
	return NULL;
}

/* Keeps line, "# key = value\n", as a metadata line; other '#' lines
 * (the columns' units) are not. */
static lm_status add_meta(lm_results *r, const char *line, size_t *cap)
{
	const char *eq = line[0] && line[1] == ' ' ? strstr(line + 2, " = ") : NULL;
	if (!eq || eq == line + 2) /* no key: not metadata */
		return LM_OK;
	if (r->nmeta == *cap) {
		*cap = *cap ? 2 * *cap : 64;
		lm_results_meta *nm = realloc(r->meta, *cap * sizeof *nm);
		if (!nm)
			return lm_fail(LM_ENOMEM, "out of memory");
		r->meta = nm;
	}
	char *copy = strdup(line + 2);
	if (!copy)
		return lm_fail(LM_ENOMEM, "out of memory");
	size_t k = (size_t)(eq - line - 2);
	copy[k] = '\0';
	/* the value ends at the line's end (a '\r' in the key is the key's) */
	copy[k + 3 + strcspn(copy + k + 3, "\r\n")] = '\0';
	r->meta[r->nmeta++] = (lm_results_meta){ copy, copy + k + 3 };
	return LM_OK;
}

/* Orders rows by what names a point: mix, chains, alpha, occupancy, and
 * work-group size (the dispatch mix's rows differ in that alone). */
static int by_point(const void *pa, const void *pb)
{
	const lm_result *a = *(const lm_result *const *)pa, *b = *(const lm_result *const *)pb;
	int c = strcmp(a->mix, b->mix);
	if (c)
		return c;
	if (a->row.chains != b->row.chains)
		return a->row.chains < b->row.chains ? -1 : 1;
	/* alphas p/q compared exactly: p1 q2 against p2 q1 (inf is 1/0) */
	__int128 x = (__int128)a->row.alpha.num * b->row.alpha.den, y = (__int128)b->row.alpha.num * a->row.alpha.den;
	if (x != y)
		return x < y ? -1 : 1;
	if (a->row.warps != b->row.warps)
		return a->row.warps < b->row.warps ? -1 : 1;
	if (a->row.work_group_size != b->row.work_group_size)
		return a->row.work_group_size < b->row.work_group_size ? -1 : 1;
	return a->line < b->line ? -1 : 1;
}

/* LM_EPARSE naming both lines if two rows are the same point (a curve
 * would hold it twice, and a fit weigh it double). */
static lm_status no_twins(const lm_results *r, const char *path)
{
	if (r->n < 2)
		return LM_OK;
	const lm_result **v = malloc(r->n * sizeof *v);
	if (!v)
		return lm_fail(LM_ENOMEM, "out of memory");
	for (size_t i = 0; i < r->n; i++)
		v[i] = &r->v[i];
	qsort(v, r->n, sizeof *v, by_point);
	lm_status s = LM_OK;
	for (size_t i = 1; i < r->n && s == LM_OK; i++) {
		const lm_result *a = v[i - 1], *b = v[i];
		if (!strcmp(a->mix, b->mix) && a->row.chains == b->row.chains && a->row.warps == b->row.warps &&
		    a->row.work_group_size == b->row.work_group_size &&
		    (__int128)a->row.alpha.num * b->row.alpha.den == (__int128)b->row.alpha.num * a->row.alpha.den)
			s = lm_fail(LM_EPARSE, "%s:%d: the point of line %d again (%s, %u chains, %u warps/CU, groups "
				    "of %u): a file holds each point once", path, b->line, a->line, a->mix, a->row.chains,
				    a->row.warps, a->row.work_group_size);
	}
	free(v);
	return s;
}

/* The metadata the struct keeps apart. */
static void copy_meta(const lm_results *r, const char *key, char *dst, size_t size)
{
	const char *v = lm_results_meta_value(r, key);
	if (v)
		snprintf(dst, size, "%s", v);
}

/* Which columns the header holds (where), and whether it is exactly the
 * header this latmix writes. */
static lm_status read_header(lm_results *r, char **fields, int n, int *where, const char *path,
			     int lineno)
{
	if (n > MAX_FIELDS)
		return lm_fail(LM_EPARSE, "%s:%d: %d columns: not a latmix results header", path, lineno, n);
	r->columns_current = n == (int)NCOLS;
	char missing[200] = "";
	for (size_t c = 0; c < NCOLS; c++) {
		where[c] = -1;
		for (int k = 0; k < n; k++)
			if (strcmp(fields[k], columns[c].name) == 0)
				where[c] = k;
		if (where[c] < 0 && !columns[c].absent)
			return lm_fail(LM_EPARSE, "%s:%d: column '%s' missing from the header", path, lineno,
				       columns[c].name);
		if (where[c] < 0) {
			size_t len = strlen(missing);
			snprintf(missing + len, sizeof missing - len, "%s%s", len ? ", " : "", columns[c].name);
		}
		r->columns_current &= where[c] == (int)c;
	}
	if (missing[0])
		snprintf(r->columns_note, sizeof r->columns_note, "%d columns, without %s", n, missing);
	else if (!r->columns_current)
		snprintf(r->columns_note, sizeof r->columns_note, "%d columns, in another order or with others", n);
	return LM_OK;
}

/* The '# reference = ' lines, rows in the header's columns, into r->ref. */
static lm_status read_references(lm_results *r, const int *where, int nfields, const char *path)
{
	size_t n = 0;
	for (size_t i = 0; i < r->nmeta; i++)
		n += strcmp(r->meta[i].key, "reference") == 0;
	if (!n)
		return LM_OK;
	r->ref = calloc(n, sizeof *r->ref);
	if (!r->ref)
		return lm_fail(LM_ENOMEM, "out of memory");
	for (size_t i = 0; i < r->nmeta; i++) {
		if (strcmp(r->meta[i].key, "reference") != 0)
			continue;
		char *copy = strdup(r->meta[i].value), *fields[MAX_FIELDS + 1];
		if (!copy)
			return lm_fail(LM_ENOMEM, "out of memory");
		int k = lm_csv_split(copy, fields, MAX_FIELDS + 1);
		lm_status s = k != nfields ? lm_fail(LM_EPARSE, "%d fields, the header %d", k, nfields)
					   : parse_row(fields, where, &r->ref[r->nref]);
		free(copy);
		if (s != LM_OK) {
			char msg[512];
			snprintf(msg, sizeof msg, "%s", lm_error_message());
			return lm_fail(s, "%s: reference line %zu: %s", path, r->nref + 1, msg);
		}
		r->nref++;
	}
	return LM_OK;
}

const lm_result *lm_results_find_reference(const lm_results *r, const char *mix, lm_alpha a)
{
	for (size_t i = r->nref; i-- > 0;) /* the last: a resumed sweep's */
		if (strcmp(r->ref[i].mix, mix) == 0 && r->ref[i].row.alpha.num == a.num &&
		    r->ref[i].row.alpha.den == a.den && r->ref[i].row.chains == 1)
			return &r->ref[i];
	return NULL;
}

/* Where a read stands: the results so far, their arrays' capacities, the
 * header's columns (where, nfields) once read, and the line. */
typedef struct {
	lm_results r;
	size_t cap, meta_cap;
	int where[NCOLS], nfields;
	bool header;
	const char *path;
	int lineno;
} reading;

/* LM_EPARSE if line, as fgets read it into size bytes, is not a whole
 * line: too long, or the last line without its end. */
static lm_status whole_line(const reading *rd, const char *line, size_t size)
{
	size_t len = strlen(line);
	if (len == 0 || line[len - 1] != '\n')
		return len == size - 1 ? lm_fail(LM_EPARSE, "%s:%d: line too long", rd->path, rd->lineno)
				       : lm_fail(LM_EPARSE, "%s:%d: the last line has no end: cut short (an "
							    "interrupted write?)", rd->path, rd->lineno);
	return LM_OK;
}

/* Adds the row of the current line, its n fields, to the results. */
static lm_status add_row(reading *rd, char **fields, int n)
{
	if (n != rd->nfields)
		return lm_fail(LM_EPARSE, "%s:%d: the row has %d fields, the header %d", rd->path, rd->lineno,
			       n, rd->nfields);
	if (rd->r.n == rd->cap) {
		rd->cap = rd->cap ? 2 * rd->cap : 64;
		lm_result *nv = realloc(rd->r.v, rd->cap * sizeof *nv);
		if (!nv)
			return lm_fail(LM_ENOMEM, "out of memory");
		rd->r.v = nv;
	}
	lm_result *res = &rd->r.v[rd->r.n];
	memset(res, 0, sizeof *res);
	res->line = rd->lineno;
	lm_status s = parse_row(fields, rd->where, res);
	if (s != LM_OK) {
		char msg[512];
		snprintf(msg, sizeof msg, "%s", lm_error_message());
		return lm_fail(s, "%s:%d: %s", rd->path, rd->lineno, msg);
	}
	rd->r.n++;
	return LM_OK;
}

/* Takes one whole line: a metadata line, a blank one, the header or a
 * row. */
static lm_status read_line(reading *rd, char *line)
{
	if (line[0] == '#')
		return add_meta(&rd->r, line, &rd->meta_cap);
	if (line[strspn(line, "\r\n")] == '\0')
		return LM_OK;
	char *fields[MAX_FIELDS + 1];
	int n = lm_csv_split(line, fields, MAX_FIELDS + 1);
	if (n < 0)
		return lm_fail(LM_EPARSE, "%s:%d: malformed CSV line (a quote not closed)", rd->path, rd->lineno);
	if (rd->header)
		return add_row(rd, fields, n);
	lm_status s = read_header(&rd->r, fields, n, rd->where, rd->path, rd->lineno);
	if (s != LM_OK)
		return s;
	rd->nfields = n;
	rd->header = true;
	return LM_OK;
}

/* Once the rows no longer move: each row's clock source pointed into its
 * own copy, and the metadata the struct keeps apart copied out. */
static void settle(lm_results *r)
{
	for (size_t i = 0; i < r->n; i++)
		r->v[i].row.clock_source = r->v[i].clock_source;
	for (size_t i = 0; i < r->nref; i++)
		r->ref[i].row.clock_source = r->ref[i].clock_source;
	copy_meta(r, "device", r->device, sizeof r->device);
	copy_meta(r, "vendor", r->vendor, sizeof r->vendor);
	copy_meta(r, "device_type", r->device_type, sizeof r->device_type);
	copy_meta(r, "driver", r->driver, sizeof r->driver);
	copy_meta(r, "tool_version", r->tool_version, sizeof r->tool_version);
	copy_meta(r, "date", r->date, sizeof r->date);
	copy_meta(r, "footprint_bytes", r->footprint, sizeof r->footprint);
}

lm_status lm_results_read_stream(FILE *f, const char *path, lm_results *out)
{
	reading rd = { .path = path };
	char line[4096];
	lm_status s = LM_OK;
	while (fgets(line, sizeof line, f)) {
		rd.lineno++;
		if ((s = whole_line(&rd, line, sizeof line)) != LM_OK || (s = read_line(&rd, line)) != LM_OK)
			goto fail;
	}
	if (ferror(f)) {
		s = lm_fail(LM_EIO, "%s: read error", path);
		goto fail;
	}
	if (!rd.header) {
		s = lm_fail(LM_EPARSE, "%s:%d: no header line: not a latmix results file", path, rd.lineno);
		goto fail;
	}
	if ((s = read_references(&rd.r, rd.where, rd.nfields, path)) != LM_OK ||
	    (s = no_twins(&rd.r, path)) != LM_OK)
		goto fail;
	settle(&rd.r);
	*out = rd.r;
	return LM_OK;
fail:
	lm_results_free(&rd.r);
	return s;
}

lm_status lm_results_read(const char *path, lm_results *out)
{
	FILE *f;
	lm_status s = lm_file_open_read(path, LM_FILE_MAX_CSV, &f);
	if (s != LM_OK)
		return s;
	s = lm_results_read_stream(f, path, out);
	fclose(f);
	return s;
}

lm_status lm_results_row(FILE *f, const char *mix, const lm_row *r)
{
	return write_row(f, "", mix, r);
}

lm_status lm_results_reference(FILE *f, const char *mix, const lm_row *r)
{
	return write_row(f, LM_RESULTS_REFERENCE, mix, r);
}
