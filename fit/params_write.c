/* params_write.c: a parameter file written, whole or not at all, from the
 * table of its fields that the reader (params.c) reads by. */
#include "fit/params_parts.h"

#include "base/file.h"

#include <ini.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

static bool writable(const char *s)
{
	size_t n = strlen(s);
	if (n && (s[0] == ' ' || s[0] == '\t' || s[n - 1] == ' ' || s[n - 1] == '\t'))
		return false;
	return strpbrk(s, "\n\r;#[") == NULL;
}

static void put_num(FILE *f, const char *key, double x)
{
	if (isnan(x))
		fprintf(f, "%s = missing\n", key);
	else
		fprintf(f, "%s = %.17g\n", key, x);
}

static bool field_set(const lm_params *ps, const field *fl)
{
	const char *src = (const char *)ps + fl->offset;
	switch (fl->type) {
	case F_STR: return *src != '\0';
	case F_INT: return *(const int *)(const void *)src != 0;
	case F_NUM: return !isnan(*(const double *)(const void *)src);
	}
	return false;
}

/* Long values are broken over indented continuation lines (INI's
 * multi-line values: inih reads lines of at most INI_MAX_LINE bytes, its
 * end and newline included), each at most WIDTH characters. */
enum { WIDTH = 150 };

/* Where to break v, longer than WIDTH: at a single space, before a " | "
 * where one is near; 0 if no space allows it. */
static size_t break_at(const char *v)
{
	for (size_t k = WIDTH; k > WIDTH / 2; k--)
		if (v[k] == ' ' && v[k - 1] != ' ' && v[k + 1] == '|')
			return k;
	for (size_t k = WIDTH; k > 0; k--)
		if (v[k] == ' ' && v[k - 1] != ' ' && v[k + 1] != ' ')
			return k;
	return 0;
}

/* Does "key = v", broken as write_str breaks it, keep every line short
 * enough for the reader? (A run of more than WIDTH characters without a
 * space cannot be broken.) */
static bool lines_fit(const char *key, const char *v)
{
	size_t n = strlen(v), lead = strlen(key) + 3, cut;
	while (n > WIDTH && (cut = break_at(v)) != 0) {
		v += cut + 1;
		n -= cut + 1;
		lead = 4;
	}
	return lead + n + 1 < INI_MAX_LINE;
}

/* key = value, broken over continuation lines where long; the reader
 * joins them with a space. */
static void write_str(FILE *f, const char *key, const char *v)
{
	fprintf(f, "%s = ", key);
	size_t n = strlen(v), cut;
	while (n > WIDTH && (cut = break_at(v)) != 0) {
		fprintf(f, "%.*s\n    ", (int)cut, v);
		v += cut + 1;
		n -= cut + 1;
	}
	fprintf(f, "%s\n", v);
}

/* The fields of the required sections, or of the optional ones; an optional
 * section with nothing set is left out. */
static void put_fields(FILE *f, const lm_params *ps, bool optional)
{
	const char *section = "";
	bool first = true;
	for (size_t i = 0; i < lm_params_nfields; i++) {
		const field *fl = &lm_params_fields[i];
		const char *src = (const char *)ps + fl->offset;
		if (fl->optional != optional)
			continue;
		if (strcmp(section, fl->section)) {
			section = fl->section;
			bool any = !optional;
			for (size_t j = i; j < lm_params_nfields && !strcmp(lm_params_fields[j].section, section); j++)
				any |= field_set(ps, &lm_params_fields[j]);
			if (!any) {
				while (i + 1 < lm_params_nfields && !strcmp(lm_params_fields[i + 1].section, section))
					i++;
				continue;
			}
			fprintf(f, "%s[%s]\n", first && !optional ? "" : "\n", section);
			first = false;
		}
		if (fl->doc)
			fprintf(f, "; %s\n", fl->doc);
		switch (fl->type) {
		case F_STR: write_str(f, fl->key, src); break;
		case F_INT: {
			int v = *(const int *)(const void *)src;
			if (v || strcmp(fl->key, "format") == 0)
				fprintf(f, "%s = %d\n", fl->key, v);
			else
				fprintf(f, "%s = missing\n", fl->key);
			break;
		}
		case F_NUM: put_num(f, fl->key, *(const double *)(const void *)src); break;
		}
	}
}

/* One parameter's section, [key] or, for memory kind kind, [key.kind]; an
 * optional one with nothing in it is left out. */
static void put_param(FILE *f, int id, const lm_param *p, const char *kind)
{
	if (lm_param_optional((lm_param_id)id) && p->kind == LM_PARAM_MISSING && !p->note[0])
		return;
	fprintf(f, "\n; %s%s%s\n[%s%s%s]\n", lm_param_meaning((lm_param_id)id), kind ? ", memory kind " : "",
		kind ? kind : "", lm_param_key((lm_param_id)id), kind ? "." : "", kind ? kind : "");
	put_num(f, "value", p->kind == LM_PARAM_MISSING ? NAN : p->value);
	fprintf(f, "unit = %s\n", lm_param_unit((lm_param_id)id));
	put_num(f, "stderr", p->std_error);
	fprintf(f, "kind = %s\n", lm_param_kind_name(p->kind));
	fprintf(f, "note = %s\n", p->note);
}

lm_status lm_params_write(const char *path, const lm_params *ps, const lm_file_inputs *inputs)
{
	/* only what the reader takes back: finite numbers, or missing */
	for (int k = -1; k < ps->nkinds && k < LM_PARAMS_MAX_KINDS; k++)
		for (int id = 0; id < LM_PARAM_COUNT; id++) {
			const lm_param *p = k < 0 ? &ps->p[id] : &ps->kinds[k].p[id];
			if (isinf(p->value) || isinf(p->std_error))
				return lm_fail(LM_EFIT, "%s: [%s] an infinite value or standard error "
					       "cannot be written", path, lm_param_key((lm_param_id)id));
		}
	for (size_t i = 0; i < lm_params_nfields; i++)
		if (lm_params_fields[i].type == F_STR &&
		    (!writable((const char *)ps + lm_params_fields[i].offset) ||
		     !lines_fit(lm_params_fields[i].key, (const char *)ps + lm_params_fields[i].offset)))
			return lm_fail(LM_EUSAGE, "%s: [%s] %s: cannot be written as it is: '%s'",
				       path, lm_params_fields[i].section, lm_params_fields[i].key,
				       (const char *)ps + lm_params_fields[i].offset);
	for (int id = 0; id < LM_PARAM_COUNT; id++)
		if (!writable(ps->p[id].note))
			return lm_fail(LM_EUSAGE, "%s: [%s] note: cannot be written as it is: '%s'",
				       path, lm_param_key((lm_param_id)id), ps->p[id].note);
	if (ps->nkinds < 0 || ps->nkinds > LM_PARAMS_MAX_KINDS ||
	    (ps->nkinds && !ps->default_kind[0]))
		return lm_fail(LM_EUSAGE, "%s: %d memory kinds, default '%s': expected up to %d and a default",
			       path, ps->nkinds, ps->default_kind, LM_PARAMS_MAX_KINDS);
	for (int k = 0; k < ps->nkinds; k++) {
		const lm_params_kind *kd = &ps->kinds[k];
		if (!lm_params_kind_known(kd->name) || !strcmp(kd->name, ps->default_kind))
			return lm_fail(LM_EUSAGE, "%s: memory kind '%s': unknown or the default", path,
				       kd->name);
		for (int id = 0; id < LM_PARAM_COUNT; id++)
			if (!writable(kd->p[id].note))
				return lm_fail(LM_EUSAGE, "%s: [%s.%s] note: cannot be written as it is: '%s'",
					       path, lm_param_key((lm_param_id)id), kd->name, kd->p[id].note);
	}

	for (size_t i = 0; i < lm_params_nfields; i++) {
		if (lm_params_fields[i].type != F_NUM)
			continue;
		double x = *(const double *)(const void *)((const char *)ps + lm_params_fields[i].offset);
		if (!isnan(x) &&
		    (!isfinite(x) || (lm_params_fields[i].range == V_POSITIVE && x <= 0) ||
		     (lm_params_fields[i].range == V_NONNEG && x < 0)))
			return lm_fail(LM_EUSAGE, "%s: [%s] %s: %g cannot be written (it would not read back)",
				       path, lm_params_fields[i].section, lm_params_fields[i].key, x);
	}

	lm_file_out *out;
	lm_status s = lm_file_create(path, inputs, &out);
	if (s != LM_OK)
		return s;
	FILE *f = lm_file_stream(out);
	fputs("; latmix parameter file: the latency-hiding model of Volkov's thesis\n"
	      "; (2016, ch. 4) for one device, per compute unit (CU). Latencies in\n"
	      "; cycles, throughputs in warp instructions per cycle per CU.\n"
	      "; 'missing' marks a value that is not known.\n", f);
	put_fields(f, ps, false);
	for (int id = 0; id < LM_PARAM_COUNT; id++)
		put_param(f, id, &ps->p[id], NULL);
	for (int k = 0; k < ps->nkinds; k++)
		for (int id = 0; id < LM_PARAM_COUNT; id++)
			if (lm_param_per_kind((lm_param_id)id))
				put_param(f, id, &ps->kinds[k].p[id], ps->kinds[k].name);
	put_fields(f, ps, true);
	return lm_file_commit(out);
}
