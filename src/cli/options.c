#include "cli/options.h"
#include "base/mix.h"
#include "base/number.h"
#include "bench/userkernel.h"

#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* What every command takes. */
static const lm_opt common[] = {
	{ "help", 'h', LM_OPT_FLAG, NULL, 0, 0, LM_OPT_OFF(help), NULL, "show this help", .role = LM_OPTION_OTHER },
};
#define NCOMMON (sizeof common / sizeof common[0])

/* The i-th option of the common table and then t's (and its next's). */
static const lm_opt *at(const lm_opt_table *t, size_t i)
{
	if (i < NCOMMON)
		return &common[i];
	for (i -= NCOMMON; t; t = t->next) {
		if (i < t->n)
			return &t->v[i];
		i -= t->n;
	}
	return NULL;
}

static void *field_of(lm_options *o, const lm_opt *t)
{
	return (char *)o + t->offset;
}

static lm_status set(lm_options *o, const lm_opt *t, const char *v)
{
	void *dst = field_of(o, t);
	switch (t->type) {
	case LM_OPT_FLAG:
		*(bool *)dst = true;
		return LM_OK;
	case LM_OPT_STR:
		*(const char **)dst = v;
		return LM_OK;
	case LM_OPT_INT: {
		/* digits only (every integer option is >= 0): no sign, no blanks */
		unsigned long long x;
		if (!lm_number_parse_uint(v, (unsigned long long)t->max, &x) || (double)x < t->min)
			return lm_fail(LM_EUSAGE, "--%s '%s': expected an integer from %g to %g",
				       t->name, v, t->min, t->max);
		*(int *)dst = (int)x;
		return LM_OK;
	}
	case LM_OPT_NUM: {
		double x;
		if (!lm_number_parse(v, &x) || !(x >= t->min && x <= t->max))
			return lm_fail(LM_EUSAGE, "--%s '%s': expected a number from %g to %g",
				       t->name, v, t->min, t->max);
		*(double *)dst = x;
		return LM_OK;
	}
	}
	return LM_OK;
}

lm_options lm_options_defaults(const lm_opt_table *t)
{
	lm_options o;
	memset(&o, 0, sizeof o);
	const lm_opt *p;
	for (size_t i = 0; (p = at(t, i)); i++)
		if (p->def)
			set(&o, p, p->def);
	return o;
}

static const lm_opt *find(const lm_opt_table *t, const char *name, size_t len, char short_name)
{
	const lm_opt *p;
	for (size_t i = 0; (p = at(t, i)); i++)
		if (short_name ? p->short_name == short_name
			       : strlen(p->name) == len && strncmp(p->name, name, len) == 0)
			return p;
	return NULL;
}

lm_status lm_options_parse(lm_options *o, const lm_opt_table *tab, int argc, char **argv, int first)
{
	bool only_args = false;
	for (int i = first; i < argc; i++) {
		const char *a = argv[i];
		if (only_args || a[0] != '-' || a[1] == '\0') {
			if (o->nargs == LM_MAX_ARGS)
				return lm_fail(LM_EUSAGE, "too many arguments");
			o->args[o->nargs++] = a;
			continue;
		}
		if (strcmp(a, "--") == 0) {
			only_args = true;
			continue;
		}
		const lm_opt *t;
		const char *value = NULL;
		if (a[1] == '-') {
			const char *eq = strchr(a + 2, '=');
			size_t len = eq ? (size_t)(eq - a - 2) : strlen(a + 2);
			t = find(tab, a + 2, len, 0);
			value = eq ? eq + 1 : NULL;
		} else {
			t = a[2] ? NULL : find(tab, NULL, 0, a[1]);
		}
		if (!t)
			return lm_fail(LM_EUSAGE, "unknown option '%s' (see --help)", a);
		if (t->type == LM_OPT_FLAG) {
			if (value)
				return lm_fail(LM_EUSAGE, "option --%s takes no value", t->name);
		} else if (!value) {
			if (i + 1 >= argc)
				return lm_fail(LM_EUSAGE, "option --%s needs a value", t->name);
			value = argv[++i];
		}
		lm_status s = set(o, t, value);
		if (s != LM_OK)
			return s;
	}
	return LM_OK;
}

/* text on f for troff (man): backslashes and hyphens escaped. */
static void put_troff(FILE *f, const char *text, size_t n)
{
	for (size_t i = 0; i < n && text[i]; i++) {
		if (text[i] == '\\' || text[i] == '-')
			fputc('\\', f);
		fputc(text[i], f);
	}
}

/* text on f, plain or for troff. */
static void put_text(FILE *f, const char *text, size_t n, bool troff)
{
	if (troff)
		put_troff(f, text, n);
	else
		fwrite(text, 1, strnlen(text, n), f);
}

/* help with "{MIXES}" and "{KERNELS}" written out, on f (troff: for man). */
static void put_help(FILE *f, const char *help, bool troff)
{
	for (const char *p = help; *p;) {
		const char *brace = strchr(p, '{');
		if (!brace) {
			put_text(f, p, strlen(p), troff);
			break;
		}
		put_text(f, p, (size_t)(brace - p), troff);
		if (strncmp(brace, "{MIXES}", 7) == 0) {
			put_text(f, lm_mix_names(), strlen(lm_mix_names()), troff);
			p = brace + 7;
		} else if (strncmp(brace, "{KERNELS}", 9) == 0) {
			char names[LM_USER_SUITE_MAX][LM_USER_NAME];
			size_t n = 0;
			lm_user_suite(NULL, names, LM_USER_SUITE_MAX, &n);
			for (size_t i = 0; i < n; i++) {
				fputs(i ? ", " : "", f);
				put_text(f, names[i], strlen(names[i]), troff);
			}
			p = brace + 9;
		} else {
			fputc('{', f);
			p = brace + 1;
		}
	}
}

void lm_options_help(FILE *f, const lm_opt_table *tab)
{
	const lm_opt *t;
	for (size_t i = 0; (t = at(tab, i)); i++) {
		char head[64];
		if (t->short_name)
			snprintf(head, sizeof head, "-%c, --%s%s%s", t->short_name, t->name,
				 t->metavar ? " " : "", t->metavar ? t->metavar : "");
		else
			snprintf(head, sizeof head, "    --%s%s%s", t->name,
				 t->metavar ? " " : "", t->metavar ? t->metavar : "");
		fprintf(f, "  %-26s ", head);
		put_help(f, t->help, false);
		if (t->def && t->type != LM_OPT_FLAG)
			fprintf(f, " [%s]", t->def);
		if (t->role == LM_OPTION_DEFINES)
			fputs(" (--resume: as the file's)", f);
		fputc('\n', f);
	}
}

void lm_options_man(FILE *f, const lm_opt_table *tab)
{
	const lm_opt *t;
	for (size_t i = 0; (t = at(tab, i)); i++) {
		fputs(".TP\n", f);
		if (t->short_name)
			fprintf(f, "\\fB\\-%c\\fR, ", t->short_name);
		fputs("\\fB\\-\\-", f);
		put_troff(f, t->name, strlen(t->name));
		fputs("\\fR", f);
		if (t->metavar) {
			fputs(" \\fI", f);
			put_troff(f, t->metavar, strlen(t->metavar));
			fputs("\\fR", f);
		}
		fputc('\n', f);
		put_help(f, t->help, true);
		if (t->def && t->type != LM_OPT_FLAG) {
			fputs(" [", f);
			put_troff(f, t->def, strlen(t->def));
			fputc(']', f);
		}
		if (t->role == LM_OPTION_DEFINES)
			fputs(" (\\-\\-resume: as the file's)", f);
		fputc('\n', f);
	}
}

/* The value of t in o as text: a number in the fewest digits that read
 * back as it ("5", "0.2"), a flag yes or no, a string as given ("" if
 * not). */
static const char *value_text(const lm_opt *t, const lm_options *o, char *buf, size_t size)
{
	const void *v = (const char *)o + t->offset;
	switch (t->type) {
	case LM_OPT_FLAG: return *(const bool *)v ? "yes" : "no";
	case LM_OPT_INT: snprintf(buf, size, "%d", *(const int *)v); return buf;
	case LM_OPT_NUM: {
		double x = *(const double *)v;
		for (int digits = 6; digits <= 17; digits++) {
			snprintf(buf, size, "%.*g", digits, x);
			if (strtod(buf, NULL) == x)
				break;
		}
		return buf;
	}
	case LM_OPT_STR: return *(const char *const *)v ? *(const char *const *)v : "";
	}
	return "";
}

const char *lm_options_role_at(const lm_opt_table *tab, lm_option_role role, size_t k, const lm_options *o,
			       char *value, size_t size)
{
	const lm_opt *t;
	for (size_t i = NCOMMON; (t = at(tab, i)); i++) {
		if ((role != LM_OPTION_ANY && t->role != role) || k--)
			continue;
		const char *v = value_text(t, o, value, size);
		if (v != value)
			snprintf(value, size, "%s", v);
		return t->name;
	}
	return NULL;
}

size_t lm_options_argv(const lm_opt_table *tab, const lm_options *o, const char *const *skip, char *buf,
		       size_t size, char **argv, size_t cap)
{
	size_t n = 0, used = 0;
	const lm_opt *t;
	for (size_t i = NCOMMON; (t = at(tab, i)); i++) {
		bool skipped = false;
		for (size_t k = 0; skip && skip[k] && !skipped; k++)
			skipped = strcmp(skip[k], t->name) == 0;
		if (skipped)
			continue;
		const void *v = (const char *)o + t->offset;
		if ((t->type == LM_OPT_FLAG && !*(const bool *)v) ||
		    (t->type == LM_OPT_STR && !*(const char *const *)v))
			continue;
		char val[64];
		const char *text = t->type == LM_OPT_FLAG ? NULL : value_text(t, o, val, sizeof val);
		size_t need = strlen(t->name) + 3 + (text ? strlen(text) + 1 : 0);
		if (n + 2 >= cap || used + need > size)
			break;
		argv[n++] = buf + used;
		used += (size_t)snprintf(buf + used, size - used, "--%s", t->name) + 1;
		if (text) {
			argv[n++] = buf + used;
			used += (size_t)snprintf(buf + used, size - used, "%s", text) + 1;
		}
	}
	argv[n] = NULL;
	return n;
}

