/* count_file: the count of a kernel's loop as a file, mix-of/NAME.ini
 * (latmix kernel --save-count and measure write it, latmix report and
 * predict read it): the figures count.c names, and what a count adds to
 * them. */
#include "asm/count.h"
#include "asm/count_parts.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm/sass.h"
#include "base/file.h"
#include "base/inifile.h"
#include "base/number.h"

/* ---- the count as a file: mix-of/NAME.ini ---- */

/* A figure's key in the count's file: its option's name, '-' as '_'. */
static void figure_key(size_t i, char *buf, size_t size)
{
	snprintf(buf, size, "%s", lm_count_figure_option(i));
	for (char *c = buf; *c; c++)
		if (*c == '-')
			*c = '_';
}

void lm_count_put_work(FILE *f, const lm_count_work *w)
{
	if (w->trip > 0)
		fprintf(f, "trip = %.17g\n", w->trip);
	if (w->items > 0 && w->per_item > 0)
		fprintf(f, "items = %.17g\nper_item = %.17g\n", w->items, w->per_item);
}

void lm_count_write_ini(FILE *f, const char *label, const lm_count *m, const char *why)
{
	fprintf(f, "; latmix's count of kernel %s's loop, for latmix report to read\n; (for people, with the "
		"listing: %s.txt)\n[count]\nformat = %d\nkernel = %s\n", label, label, LM_COUNT_FORMAT, label);
	if (!m) {
		/* in lines within the INI reader's, broken at spaces: reason, reason_2, ...
		 * (read back joined by a space) */
		fputs("counted = no\n", f);
		char text[1024];
		snprintf(text, sizeof text, "%s", why);
		for (char *c = text; *c; c++)
			if (*c == '\n' || *c == '\r' || *c == '\t')
				*c = ' ';
		const char *p = text + strspn(text, " ");
		for (unsigned part = 1; *p; part++) {
			size_t n = strlen(p);
			if (n > 160) {
				n = 160;
				while (n > 1 && p[n] != ' ')
					n--;
				if (n == 1)
					n = 160;
			}
			if (part == 1)
				fprintf(f, "reason = %.*s\n", (int)n, p);
			else
				fprintf(f, "reason_%u = %.*s\n", part, (int)n, p);
			p += n;
			p += strspn(p, " ");
		}
		return;
	}
	lm_kernel_mix k;
	lm_count_model(m, &k);
	fputs("counted = yes\n", f);
	for (size_t i = 0; i < lm_count_nfigures(); i++) {
		char key[32];
		figure_key(i, key, sizeof key);
		fprintf(f, "%s = %.17g\n", key, lm_count_figure_of(&k, i));
	}
	fprintf(f, "misaligned_stores = %u\n", m->misaligned_stores);
	if (m->loopless)
		fputs("loopless = yes\n", f);
	if (m->nested)
		fputs("nested = yes\n", f);
	if (m->unroll > 1)
		fprintf(f, "unroll = %u\n", m->unroll);
	if (m->ptxas_unroll > 1)
		fprintf(f, "ptxas_unroll = %u\n", m->ptxas_unroll);
	if (m->rest_counted) {
		fputs("around = ", f);
		lm_count_put_predict(f, &m->rest);
		fputc('\n', f);
	}
	if (m->dims >= 2) {
		fprintf(f, "dims = %u\n", m->dims);
		for (int i = 0; i < LM_COUNT_ROW_WIDTHS; i++) {
			lm_kernel_mix r;
			if (!lm_count_model_over_rows(m, lm_count_row_width(i), &r))
				continue;
			fprintf(f, "rows_%u = ", lm_count_row_width(i));
			lm_count_put_predict(f, &r);
			fputc('\n', f);
		}
	}
	lm_count_arrays arrays = lm_count_arrays_of(m);
	lm_count_put_arrays(f, &arrays);
	lm_count_put_work(f, &m->work); /* last: what measure adds to a count made ahead */
}

/* The count file being read (inifile.h calls back). */
typedef struct {
	lm_count_file *out;
	unsigned seen;   /* the figures given, a bit each */
	bool format, counted;
} count_reader;

/* A yes-or-no key (counted, loopless, nested) into its flag; *taken where
 * key is one. */
static lm_status flag_key(count_reader *r, const char *key, const char *value, int line, bool *taken)
{
	lm_count_file *o = r->out;
	bool *flag = !strcmp(key, "counted") ? &o->counted : !strcmp(key, "loopless") ? &o->loopless
		   : !strcmp(key, "nested") ? &o->nested : NULL;
	*taken = flag != NULL;
	if (!flag)
		return LM_OK;
	r->counted |= flag == &o->counted;
	*flag = !strcmp(value, "yes");
	return *flag || !strcmp(value, "no") ? LM_OK
		: lm_fail(LM_EPARSE, "%s:%d: %s '%s': yes or no", o->path, line, key, value);
}

/* A whole-number key (unroll, ptxas_unroll, dims, misaligned_stores) in
 * its range; *taken where key is one. */
static lm_status whole_key(lm_count_file *o, const char *key, const char *value, int line, bool *taken)
{
	static const struct {
		const char *key;
		size_t offset;
		unsigned long long least, most;
		const char *what;
	} keys[] = { { "unroll", offsetof(lm_count_file, unroll), 1, LM_COUNT_MOST_ACCESSES,
		       "the times a loop was unrolled" },
		     { "ptxas_unroll", offsetof(lm_count_file, ptxas_unroll), 1, LM_SASS_MOST_UNROLL,
		       "the times ptxas unrolled a loop again" },
		     { "dims", offsetof(lm_count_file, dims), 1, 3, "the work-item dimensions the kernel reads" },
		     { "misaligned_stores", offsetof(lm_count_file, misaligned_stores), 0, LM_COUNT_MOST_ACCESSES,
		       "a count of stores" } };
	*taken = false;
	for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
		if (strcmp(key, keys[i].key) != 0)
			continue;
		unsigned long long u;
		*taken = true;
		if (!lm_number_parse_uint(value, keys[i].most, &u) || u < keys[i].least)
			return lm_fail(LM_EPARSE, "%s:%d: %s '%s': %s, from %llu to %llu", o->path, line, key, value,
				       keys[i].what, keys[i].least, keys[i].most);
		*(unsigned *)((char *)o + keys[i].offset) = (unsigned)u;
		return LM_OK;
	}
	return LM_OK;
}

/* What a work-item runs (trip, items, per_item), each positive and in its
 * range; *taken where key is one. */
static lm_status work_key(lm_count_file *o, const char *key, const char *value, int line, bool *taken)
{
	static const struct {
		const char *key;
		size_t offset;
		double most;
	} work[] = { { "trip", offsetof(lm_count_work, trip), 1e12 },
		     { "items", offsetof(lm_count_work, items), 1e15 },
		     { "per_item", offsetof(lm_count_work, per_item), 1e6 } };
	*taken = false;
	for (size_t i = 0; i < sizeof work / sizeof work[0]; i++) {
		if (strcmp(key, work[i].key) != 0)
			continue;
		double *x = (double *)((char *)&o->work + work[i].offset);
		*taken = true;
		if (!lm_number_parse(value, x) || !(*x > 0) || *x > work[i].most)
			return lm_fail(LM_EPARSE, "%s:%d: %s '%s': a positive number up to %g", o->path, line,
				       key, value, work[i].most);
		return LM_OK;
	}
	return LM_OK;
}

/* A predict line's key (rows_W, around, or a figure of the loop). */
static lm_status mix_key(count_reader *r, const char *key, const char *value, int line)
{
	lm_count_file *o = r->out;
	for (int i = 0; i < LM_COUNT_ROW_WIDTHS; i++) {
		char name[16];
		snprintf(name, sizeof name, "rows_%u", lm_count_row_width(i));
		if (strcmp(key, name) != 0)
			continue;
		if (!lm_count_parse_predict(value, &o->rows[i]))
			return lm_fail(LM_EPARSE, "%s:%d: %s: %s", o->path, line, key, lm_error_message());
		o->rows_counted[i] = true;
		return LM_OK;
	}
	if (!strcmp(key, "around")) {
		if (!lm_count_parse_predict(value, &o->around))
			return lm_fail(LM_EPARSE, "%s:%d: around: %s", o->path, line, lm_error_message());
		o->around_counted = true;
		return LM_OK;
	}
	for (size_t i = 0; i < lm_count_nfigures(); i++) {
		char name[32];
		figure_key(i, name, sizeof name);
		if (strcmp(name, key) != 0)
			continue;
		if (!lm_number_parse(value, lm_count_figure(&o->mix, i)))
			return lm_fail(LM_EPARSE, "%s:%d: %s '%s': not a number", o->path, line, key, value);
		r->seen |= 1u << i;
		return LM_OK;
	}
	return lm_fail(LM_EPARSE, "%s:%d: '%s': not a key of a count", o->path, line, key);
}

static lm_status count_key(void *ctx, const char *section, const char *key, const char *value, int line)
{
	count_reader *r = ctx;
	lm_count_file *o = r->out;
	if (strcmp(section, "count") != 0)
		return lm_fail(LM_EPARSE, "%s:%d: [%s]: a count has one section, [count]", o->path, line, section);
	double v;
	if (!strcmp(key, "format")) {
		r->format = true;
		return lm_number_parse(value, &v) && v == LM_COUNT_FORMAT ? LM_OK
			: lm_fail(LM_EPARSE, "%s:%d: format '%s': this latmix reads %d", o->path, line, value,
				  LM_COUNT_FORMAT);
	}
	if (!strcmp(key, "kernel")) {
		snprintf(o->kernel, sizeof o->kernel, "%s", value);
		return LM_OK;
	}
	if (!strcmp(key, "reason") || !strncmp(key, "reason_", 7)) {
		size_t at = strlen(o->reason);
		snprintf(o->reason + at, sizeof o->reason - at, "%s%s", at ? " " : "", value);
		return LM_OK;
	}
	bool taken = false;
	lm_status s = flag_key(r, key, value, line, &taken);
	if (s == LM_OK && !taken)
		s = whole_key(o, key, value, line, &taken);
	if (s == LM_OK && !taken)
		s = work_key(o, key, value, line, &taken);
	if (s == LM_OK && !taken)
		s = lm_count_read_arrays(o->path, line, key, value, &o->arrays, &taken);
	return s != LM_OK || taken ? s : mix_key(r, key, value, line);
}

lm_status lm_count_read_ini(const char *path, lm_count_file *out)
{
	memset(out, 0, sizeof *out);
	snprintf(out->path, sizeof out->path, "%s", path);
	count_reader r = { .out = out };
	lm_status s = lm_ini_read(path, LM_FILE_MAX_INI, NULL, count_key, &r);
	if (s != LM_OK)
		return s;
	if (!out->unroll)
		out->unroll = 1;
	if (!out->dims)
		out->dims = 1;
	for (int i = 0; i < LM_COUNT_ROW_WIDTHS; i++)
		if (out->rows_counted[i] && out->dims < 2)
			return lm_fail(LM_EPARSE, "%s: rows_%u: a count of rows is of a kernel reading 2 or 3 "
				       "dimensions (dims =)", path, lm_count_row_width(i));
	if (out->nested && (out->loopless || !out->around_counted))
		return lm_fail(LM_EPARSE, "%s: a loop inside a grid-stride loop (nested = yes) is counted with what "
			       "runs around it (around =)", path);
	if ((out->work.items > 0) != (out->work.per_item > 0))
		return lm_fail(LM_EPARSE, "%s: items and per_item: a launch's work-items and the elements of each, "
			       "both or neither", path);
	if (out->ptxas_unroll > 1 && out->unroll % out->ptxas_unroll)
		return lm_fail(LM_EPARSE, "%s: unroll %u: not a multiple of ptxas_unroll %u, which it counts", path,
			       out->unroll, out->ptxas_unroll);
	unsigned by_arg = 0;
	for (int i = 0; i < LM_COUNT_MAX_ARGS; i++)
		by_arg += out->arrays.loads[i];
	if (by_arg > out->arrays.own_loads)
		return lm_fail(LM_EPARSE, "%s: arg_loads: %u loads by argument, more than own_loads %u, the loads "
			       "they are of", path, by_arg, out->arrays.own_loads);
	if (out->loopless && (out->unroll > 1 || out->around_counted))
		return lm_fail(LM_EPARSE, "%s: a body counted whole (loopless = yes) has no loop to unroll or go "
			       "around", path);
	if (!r.format || !r.counted)
		return lm_fail(LM_EPARSE, "%s: no %s: not a latmix count", path, !r.format ? "format" : "counted");
	if (!out->counted)
		return LM_OK;
	for (size_t i = 0; i < LM_COUNT_LINE_REQUIRED; i++)
		if (!(r.seen & (1u << i)))
			return lm_fail(LM_EPARSE, "%s: no %s", path, lm_count_figure_option(i));
	char where[4200];
	snprintf(where, sizeof where, "%s", path);
	return lm_count_check(&out->mix, where);
}
