#include "bench/userkernel.h"
#include "base/file.h"
#include "bench/guard.h"
#include "base/inifile.h"
#include "bench/kernels.h"
#include "bench/measure.h"
#include "base/number.h"
#include "bench/sysclock.h"

#include <dirent.h>
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* ---- expressions in N ---- */

typedef struct {
	const char *p;
	double n;
	bool ok;
} expr;

static double expr_sum(expr *e);

static void blank(expr *e)
{
	while (*e->p == ' ' || *e->p == '\t')
		e->p++;
}

static double expr_atom(expr *e)
{
	blank(e);
	if (*e->p == '(') {
		e->p++;
		double v = expr_sum(e);
		blank(e);
		if (*e->p != ')')
			e->ok = false;
		else
			e->p++;
		return v;
	}
	if (*e->p == 'N') {
		e->p++;
		return e->n;
	}
	/* a decimal: digits, a point, an exponent */
	char buf[64];
	size_t k = 0;
	while (k + 1 < sizeof buf &&
	       ((e->p[k] >= '0' && e->p[k] <= '9') || e->p[k] == '.' ||
		((e->p[k] == 'e' || e->p[k] == 'E') && k > 0) ||
		((e->p[k] == '+' || e->p[k] == '-') && k > 0 && (e->p[k - 1] == 'e' || e->p[k - 1] == 'E'))))
		k++;
	memcpy(buf, e->p, k);
	buf[k] = '\0';
	double v;
	if (!k || !lm_number_parse(buf, &v)) {
		e->ok = false;
		return 0;
	}
	e->p += k;
	return v;
}

static double expr_product(expr *e)
{
	double v = expr_atom(e);
	for (;;) {
		blank(e);
		if (*e->p == '*') {
			e->p++;
			v *= expr_atom(e);
		} else if (*e->p == '/') {
			e->p++;
			v /= expr_atom(e);
		} else {
			return v;
		}
	}
}

static double expr_sum(expr *e)
{
	double v = expr_product(e);
	for (;;) {
		blank(e);
		if (*e->p == '+') {
			e->p++;
			v += expr_product(e);
		} else if (*e->p == '-') {
			e->p++;
			v -= expr_product(e);
		} else {
			return v;
		}
	}
}

lm_status lm_user_eval(const char *text, double n, double *out)
{
	expr e = { text, n, true };
	double v = expr_sum(&e);
	blank(&e);
	if (!e.ok || *e.p || !isfinite(v))
		return lm_fail(LM_EUSAGE, "'%s': expected an expression of numbers, N, + - * / and "
			       "parentheses", text);
	*out = v;
	return LM_OK;
}

/* A count the expression gives at n: a whole number from 0 to 2^48. */
static lm_status eval_count(const lm_user_desc *d, const char *what, const char *text, double n,
			    size_t *out)
{
	double v;
	if (lm_user_eval(text, n, &v) != LM_OK || v < 0 || v > 281474976710656.0 || v != floor(v))
		return lm_fail(LM_EUSAGE, "%s: %s '%s' at N = %.0f: not a whole number from 0 to 2^48",
			       d->path, what, text, n);
	*out = (size_t)v;
	return LM_OK;
}

/* ---- the description ---- */

static const struct {
	const char *name;
	unsigned size;
	bool is_float, is_signed;
} elem_types[] = {
	{ "char", 1, false, true }, { "uchar", 1, false, false }, { "short", 2, false, true },
	{ "ushort", 2, false, false }, { "int", 4, false, true }, { "uint", 4, false, false },
	{ "long", 8, false, true }, { "ulong", 8, false, false }, { "float", 4, true, true },
	{ "double", 8, true, true },
};
#define NELEM (sizeof elem_types / sizeof elem_types[0])

static const char *const fill_names[] = { "zero", "const", "index", "step", "random", "random-below",
					  "permutation" };

/* "global const float*" or "uint" into space, constness and element. */
static bool parse_type(const char *text, lm_user_arg *a)
{
	char buf[64], *save = NULL;
	snprintf(buf, sizeof buf, "%s", text);
	a->space = LM_USER_SCALAR;
	a->is_const = false;
	a->elem[0] = '\0';
	bool pointer = false;
	for (char *t = strtok_r(buf, " \t", &save); t; t = strtok_r(NULL, " \t", &save)) {
		size_t len = strlen(t);
		if (len && t[len - 1] == '*') {
			pointer = true;
			t[--len] = '\0';
			if (!len)
				continue;
		}
		if (!strcmp(t, "global") || !strcmp(t, "__global"))
			a->space = LM_USER_GLOBAL;
		else if (!strcmp(t, "local") || !strcmp(t, "__local"))
			a->space = LM_USER_LOCAL;
		else if (!strcmp(t, "constant") || !strcmp(t, "__constant"))
			a->space = LM_USER_CONSTANT;
		else if (!strcmp(t, "const"))
			a->is_const = true;
		else if (!a->elem[0] && len < sizeof a->elem)
			snprintf(a->elem, sizeof a->elem, "%s", t);
		else
			return false;
	}
	if (pointer != (a->space != LM_USER_SCALAR))
		return false;
	for (size_t i = 0; i < NELEM; i++)
		if (strcmp(a->elem, elem_types[i].name) == 0) {
			a->elem_size = elem_types[i].size;
			a->is_float = elem_types[i].is_float;
			a->is_signed = elem_types[i].is_signed;
			return true;
		}
	return false;
}

/* The description being read (ini.h calls back). */
typedef struct {
	int line;             /* of the key being read */
	lm_user_desc *d;
	lm_user_arg *cur;       /* the argument of the section being read; NULL in [kernel] */
	lm_status s;
	bool size_given;
} reader;

static int bad(reader *r, const char *fmt, const char *a, const char *b)
{
	char what[512];
	snprintf(what, sizeof what, fmt, a, b);
	r->s = lm_fail(LM_EUSAGE, "%s:%d: %s", r->d->path, r->line, what);
	return 0;
}

/* A section's header: [kernel], or an argument's (a name a kernel's
 * argument can have, not more than a kernel's arguments). */
static lm_status on_section(void *ctx, const char *section, int line)
{
	reader *r = ctx;
	r->line = line;
	r->cur = NULL;
	if (!strcmp(section, "kernel"))
		return LM_OK;
	if (strlen(section) >= LM_USER_NAME)
		bad(r, "[%.60s]: a section's name is 1 to 47 characters%s", section, "");
	else if (r->d->nargs == LM_USER_MAX_ARGS)
		bad(r, "[%s]: more than %s arguments", section, "32");
	if (r->s != LM_OK)
		return r->s;
	r->cur = &r->d->arg[r->d->nargs++];
	memset(r->cur, 0, sizeof *r->cur);
	snprintf(r->cur->name, sizeof r->cur->name, "%s", section);
	r->cur->line = line;
	return LM_OK;
}

static int kernel_key(reader *r, const char *key, const char *value)
{
	lm_user_desc *d = r->d;
	if (!strcmp(key, "name") && strlen(value) < sizeof d->name)
		snprintf(d->name, sizeof d->name, "%s", value);
	else if (!strcmp(key, "size")) {
		double v;
		if (!r->size_given &&
		    (lm_user_eval(value, 0, &v) != LM_OK || v < 2 || v > 281474976710656.0 || v != floor(v)))
			return bad(r, "[kernel] size '%s': expected a whole number from 2 to 2^48%s", value, "");
		if (!r->size_given)
			d->size = v;
	} else if (!strcmp(key, "elements") && strlen(value) < sizeof d->elements)
		snprintf(d->elements, sizeof d->elements, "%s", value);
	else if (!strcmp(key, "bytes") && strlen(value) < sizeof d->bytes)
		snprintf(d->bytes, sizeof d->bytes, "%s", value);
	else
		return bad(r, "[kernel] '%s': unknown or too long (known: name, size, elements, bytes)%s",
			   key, "");
	return 1;
}

static int arg_key(reader *r, const char *key, const char *value)
{
	lm_user_arg *a = r->cur;
	double v;
	if (!strcmp(key, "type")) {
		snprintf(a->type, sizeof a->type, "%s", value);
		if (!parse_type(value, a))
			return bad(r, "[%s] type '%s': expected a scalar type (char, uchar, short, ushort, int, "
				   "uint, long, ulong, float, double) or a pointer to one in global, constant or "
				   "local memory (\"global const float*\")", a->name, value);
	} else if (!strcmp(key, "length") && strlen(value) < sizeof a->length) {
		snprintf(a->length, sizeof a->length, "%s", value);
	} else if (!strcmp(key, "value") && strlen(value) < sizeof a->value) {
		snprintf(a->value, sizeof a->value, "%s", value);
	} else if (!strcmp(key, "fill")) {
		size_t k = strcspn(value, " \t");
		size_t f = 0;
		while (f < sizeof fill_names / sizeof fill_names[0] &&
		       (strlen(fill_names[f]) != k || strncmp(fill_names[f], value, k) != 0))
			f++;
		if (f == sizeof fill_names / sizeof fill_names[0])
			return bad(r, "[%s] fill '%s': expected zero, const V, index, step K, random, "
				   "random-below M or permutation", a->name, value);
		a->fill = (lm_user_fill)f;
		const char *rest = value + k + strspn(value + k, " \t");
		bool wants = a->fill == LM_USER_CONST || a->fill == LM_USER_STEP || a->fill == LM_USER_RANDOM_BELOW;
		if (wants != (*rest != '\0') || strlen(rest) >= sizeof a->fill_arg ||
		    (wants && lm_user_eval(rest, 1, &v) != LM_OK))
			return bad(r, "[%s] fill '%s': const, step and random-below take one number (an "
				   "expression in N), the others none", a->name, value);
		snprintf(a->fill_arg, sizeof a->fill_arg, "%s", rest);
	} else if (!strcmp(key, "output") || !strcmp(key, "reset")) {
		bool yes = !strcmp(value, "yes"), no = !strcmp(value, "no");
		if (!yes && !no)
			return bad(r, "[%s] %s: expected yes or no", a->name, key);
		*(!strcmp(key, "output") ? &a->output : &a->reset) = yes;
	} else if (!strcmp(key, "tolerance")) {
		if (!lm_number_parse(value, &a->tolerance) || a->tolerance < 0 || a->tolerance >= 1)
			return bad(r, "[%s] tolerance '%s': expected a relative error from 0 (bit for bit) to "
				   "below 1", a->name, value);
	} else {
		return bad(r, "[%s] '%s': unknown or too long (known: type, length, value, fill, output, "
			   "reset, tolerance)", a->name, key);
	}
	return 1;
}

static lm_status on_key(void *ctx, const char *section, const char *key, const char *value, int line)
{
	reader *r = ctx;
	(void)section;
	r->line = line;
	if (r->s == LM_OK)
		(void)(r->cur ? arg_key(r, key, value) : kernel_key(r, key, value));
	return r->s;
}

/* Each argument's section complete and consistent. */
static lm_status check_args(const lm_user_desc *d)
{
	for (int i = 0; i < d->nargs; i++) {
		const lm_user_arg *a = &d->arg[i];
		const char *why = NULL;
		if (!a->type[0])
			why = "no type";
		else if (a->space == LM_USER_SCALAR && !a->value[0])
			why = "a scalar needs a value";
		else if (a->space != LM_USER_SCALAR && !a->length[0])
			why = "a buffer needs a length";
		else if (a->space == LM_USER_LOCAL && strcmp(a->length, "group") != 0)
			why = "a local buffer's length is 'group' (the work-group's work-items)";
		else if (a->space == LM_USER_SCALAR && (a->length[0] || a->output || a->reset))
			why = "a scalar takes a value, not a length, output or reset";
		else if ((a->output || a->reset) && (a->space != LM_USER_GLOBAL || a->is_const))
			why = "only a global buffer the kernel writes (not const) can be an output";
		else if (a->reset && a->fill != LM_USER_ZERO && a->fill != LM_USER_CONST)
			why = "reset refills a buffer before every launch: fill zero or const";
		else if (a->tolerance > 0 && !a->is_float)
			why = "a tolerance is for float outputs";
		else if ((a->fill == LM_USER_PERMUTATION || a->fill == LM_USER_STEP) && a->is_float)
			why = "step and permutation fill integers";
		if (why)
			return lm_fail(LM_EUSAGE, "%s:%d: argument [%s]: %s", d->path, a->line, a->name, why);
	}
	return LM_OK;
}

/* The range of a's element type: integers whole within their bits (and
 * within 2^53, which a double holds exactly), floats finite. */
static void type_range(const lm_user_arg *a, double *lo, double *hi)
{
	if (a->is_float) {
		*hi = a->elem_size == 4 ? FLT_MAX : DBL_MAX;
		*lo = -*hi;
		return;
	}
	double bits = 8.0 * a->elem_size - (a->is_signed ? 1 : 0);
	*hi = fmin(ldexp(1, (int)bits) - 1, 0x1p53);
	*lo = a->is_signed ? -*hi - (a->elem_size < 8 ? 1 : 0) : 0;
}

/* What x, the value of text (what: which of a's values) at N = n, is to
 * a's type: LM_OK if its type holds it exactly, else LM_EUSAGE saying why. */
static lm_status fits(const lm_user_desc *d, const lm_user_arg *a, const char *what, const char *text, double n,
		      double x)
{
	double lo, hi;
	type_range(a, &lo, &hi);
	bool whole = a->is_float || x == floor(x);
	if (whole && x >= lo && x <= hi)
		return LM_OK;
	return lm_fail(LM_EUSAGE, "%s:%d: argument [%s]: %s '%s' is %.17g at N = %.0f: a %s holds %s from "
		       "%.17g to %.17g", d->path, a->line, a->name, what, text, x, n, a->elem,
		       a->is_float ? "numbers" : "whole numbers", lo, hi);
}

/* A scalar's value at the two sizes a point launches (N and N / 2). */
static lm_status check_scalar(const lm_user_desc *d, const lm_user_arg *a)
{
	double sizes[2] = { d->size, floor(d->size / 2) }, v;
	for (int k = 0; k < 2; k++) {
		if (lm_user_eval(a->value, sizes[k], &v) != LM_OK) {
			char why[512];
			snprintf(why, sizeof why, "%s", lm_error_message());
			return lm_fail(LM_EUSAGE, "%s:%d: argument [%s]: %s", d->path, a->line, a->name, why);
		}
		lm_status s = fits(d, a, "value", a->value, sizes[k], v);
		if (s != LM_OK)
			return s;
	}
	return LM_OK;
}

/* A buffer's length, and its fill's number against its elements: const V
 * and random-below M within the type, step K's last element too. */
static lm_status check_buffer(const lm_user_desc *d, const lm_user_arg *a)
{
	double len, arg;
	if (lm_user_eval(a->length, d->size, &len) != LM_OK || len < 1 || len > 281474976710656.0 ||
	    len != floor(len)) {
		char why[512];
		snprintf(why, sizeof why, "%s", lm_error_message());
		return lm_fail(LM_EUSAGE, "%s:%d: argument [%s]: length '%s' at N = %.0f: expected a whole number "
			       "of elements from 1 to 2^48%s%s", d->path, a->line, a->name, a->length, d->size,
			       *why ? ": " : "", why);
	}
	if (!a->fill_arg[0])
		return LM_OK;
	if (lm_user_eval(a->fill_arg, d->size, &arg) != LM_OK)
		return lm_fail(LM_EUSAGE, "%s:%d: argument [%s]: fill's number '%s': expected an expression in N",
			       d->path, a->line, a->name, a->fill_arg);
	if (a->fill == LM_USER_STEP) {
		lm_status s = fits(d, a, "fill step", a->fill_arg, d->size, arg);
		return s != LM_OK ? s : fits(d, a, "fill step's last element", a->fill_arg, d->size, arg * (len - 1));
	}
	if (a->fill == LM_USER_RANDOM_BELOW) {
		double lo, hi;
		type_range(a, &lo, &hi);
		if (!(arg > 0) || arg > hi + 1 || (!a->is_float && arg != floor(arg)))
			return lm_fail(LM_EUSAGE, "%s:%d: argument [%s]: random-below '%s' is %.17g at N = %.0f: "
				       "expected %s above 0 and at most %.17g", d->path, a->line, a->name,
				       a->fill_arg, arg, d->size, a->is_float ? "a number" : "a whole number", hi + 1);
		return LM_OK;
	}
	return fits(d, a, "fill const", a->fill_arg, d->size, arg);
}

static bool ends_with(const char *s, const char *end)
{
	size_t a = strlen(s), b = strlen(end);
	return a >= b && strcmp(s + a - b, end) == 0;
}

bool lm_user_user_spec(const char *spec, char *file, size_t file_size, char name[LM_USER_NAME])
{
	const char *colon = strrchr(spec, ':');
	bool named = colon && colon > spec;
	size_t flen = named ? (size_t)(colon - spec) : strlen(spec);
	snprintf(file, file_size, "%.*s", (int)flen, spec);
	if (flen >= file_size || !ends_with(file, ".cl"))
		return false;
	const char *slash = strrchr(file, '/'), *stem = slash ? slash + 1 : file;
	const char *n = named ? colon + 1 : stem;
	size_t nlen = named ? strlen(n) : strlen(stem) - 3;
	if (!nlen || nlen >= LM_USER_NAME)
		return false;
	snprintf(name, LM_USER_NAME, "%.*s", (int)nlen, n);
	return true;
}

/* The description's text and where it is, for spec. */
static lm_status find_description(const char *spec, const char *kernel_dir, lm_user_desc *d, char **text)
{
	const char *colon = strrchr(spec, ':');
	char file[4096];
	if (colon && colon > spec) {
		snprintf(file, sizeof file, "%.*s", (int)(colon - spec), spec);
		snprintf(d->name, sizeof d->name, "%s", colon + 1);
	} else {
		snprintf(file, sizeof file, "%s", spec);
		d->name[0] = '\0';
	}
	if (!ends_with(file, ".cl")) {
		/* the suite: cl/kernels/NAME.ini and NAME.cl */
		if (colon || strchr(file, '/') || strlen(file) >= LM_USER_NAME)
			return lm_fail(LM_EUSAGE, "--kernel '%s': expected a suite kernel's name or FILE.cl[:NAME]",
				       spec);
		char name[LM_USER_NAME];
		memcpy(name, file, strlen(file) + 1);
		snprintf(d->label, sizeof d->label, "%s", name);
		snprintf(d->name, sizeof d->name, "%s", name);
		snprintf(d->source, sizeof d->source, "kernels/%s.cl", name);
		snprintf(d->path, sizeof d->path, "kernels/%s.ini", name);
		d->in_cl = true;
		lm_status s = lm_kernel_source(kernel_dir, d->path, text, NULL);
		if (s != LM_OK) {
			char names[16][LM_USER_NAME], list[800] = "";
			size_t n = 0;
			lm_user_suite(kernel_dir, names, 16, &n);
			for (size_t i = 0; i < n; i++)
				snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? ", " : "",
					 names[i]);
			return lm_fail(LM_EUSAGE, "--kernel '%s': not in the suite (%s) and not FILE.cl[:NAME]",
				       spec, list);
		}
		return LM_OK;
	}
	/* a user's file: NAME.ini beside it, else FILE.ini */
	if (!lm_user_user_spec(spec, file, sizeof file, d->name))
		return lm_fail(LM_EUSAGE, "--kernel '%s': no kernel name, or one of %d characters or more",
			       spec, LM_USER_NAME);
	FILE *src;
	lm_status s = lm_file_open_read(file, LM_FILE_MAX_TEXT, &src);
	if (s != LM_OK)
		return lm_fail(LM_EUSAGE, "kernel %s: %s", spec, lm_error_message());
	fclose(src);
	const char *slash = strrchr(file, '/');
	const char *stem = slash ? slash + 1 : file;
	snprintf(d->label, sizeof d->label, "%s", d->name);
	snprintf(d->source, sizeof d->source, "%s", file);
	d->in_cl = false;
	snprintf(d->path, sizeof d->path, "%.*s%s.ini", (int)(stem - file), file, d->name);
	if (access(d->path, F_OK) != 0)
		snprintf(d->path, sizeof d->path, "%.*s.ini", (int)(strlen(file) - 3), file);
	if (access(d->path, F_OK) == 0)
		return lm_file_read_text(d->path, LM_FILE_MAX_INI, text);
	char other[4200] = "";
	snprintf(other, sizeof other, "%.*s%s.ini", (int)(stem - file), file, d->name);
	return lm_fail(LM_EUSAGE, "kernel %s: no description (%s%s%s): a grid-stride kernel needs one "
		       "giving its problem size and its arguments' contents; latmix kernel --describe "
		       "%s:%s > %s writes one to start from", spec, other, strcmp(other, d->path) ? " or " : "",
		       strcmp(other, d->path) ? d->path : "", file, d->name, other);
}

lm_status lm_user_parse(const char *text, double size, lm_user_desc *d)
{
	reader r = { .d = d, .s = LM_OK, .size_given = size > 0 };
	if (size > 0)
		d->size = size;
	lm_status rs = lm_ini_parse(text, d->path, on_section, on_key, &r);
	if (rs != LM_OK) /* a description's mistake is the user's */
		return rs == LM_EPARSE ? LM_EUSAGE : rs;
	if (d->size == 0 || !d->elements[0] || !d->bytes[0])
		return lm_fail(LM_EUSAGE, "%s: [kernel] needs size (N, the problem size), elements and bytes "
			       "(what a launch of size N processes and moves, expressions in N)", d->path);
	lm_status s = check_args(d);
	double v;
	for (int i = 0; i < d->nargs && s == LM_OK; i++) {
		const lm_user_arg *a = &d->arg[i];
		if (a->space == LM_USER_SCALAR)
			s = check_scalar(d, a);
		else if (a->space != LM_USER_LOCAL)
			s = check_buffer(d, a);
	}
	if (s == LM_OK && (lm_user_eval(d->elements, d->size, &v) != LM_OK || !(v > 0) ||
			   lm_user_eval(d->bytes, d->size, &v) != LM_OK || v < 0))
		s = lm_fail(LM_EUSAGE, "%s: [kernel] elements '%s' and bytes '%s': expressions in N, "
			    "elements above 0", d->path, d->elements, d->bytes);
	return s;
}

/* FNV-1a of text, from h. */
static unsigned long long fnv1a(unsigned long long h, const char *text)
{
	for (const unsigned char *c = (const unsigned char *)text; *c; c++)
		h = (h ^ *c) * 0x100000001b3ull;
	return h;
}

void lm_user_line(const lm_user_desc *d, char *buf, size_t size)
{
	snprintf(buf, size, "%s: function %s of %s, N = %.0f, elements %s, bytes %s, description %016llx",
		 d->label, d->name, d->source, d->size, d->elements, d->bytes, d->hash);
}

bool lm_user_line_matches(const lm_user_desc *d, const char *line)
{
	char mine[9000];
	lm_user_line(d, mine, sizeof mine);
	if (strcmp(mine, line) == 0)
		return true;
	const char *hash = strstr(mine, ", description ");
	return !strstr(line, ", description ") && strlen(line) == (size_t)(hash - mine) &&
	       strncmp(mine, line, (size_t)(hash - mine)) == 0;
}

/* Calls fn on each identifier of src outside comments, strings and
 * character constants (id, its length, and the text after it) until fn
 * returns true; whether it did. */
static bool each_identifier(const char *src, bool (*fn)(const char *id, size_t len, const char *after, void *ctx),
			    void *ctx)
{
	for (const char *p = src; *p;) {
		if (p[0] == '/' && p[1] == '/') {
			p += strcspn(p, "\n");
		} else if (p[0] == '/' && p[1] == '*') {
			const char *e = strstr(p + 2, "*/");
			p = e ? e + 2 : p + strlen(p);
		} else if (*p == '"' || *p == '\'') {
			char q = *p++;
			while (*p && *p != q && *p != '\n')
				p += p[0] == '\\' && p[1] ? 2 : 1;
			p += *p == q;
		} else if (*p == '_' || (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z')) {
			size_t len = strspn(p, "_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789");
			if (fn(p, len, p + len, ctx))
				return true;
			p += len;
		} else if (*p >= '0' && *p <= '9') {
			p += strspn(p, "_.abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789");
		} else {
			p++;
		}
	}
	return false;
}

/* A call of a work-item function on a dimension other than 0
 * ("get_global_id(1)"), into ctx (64 bytes). */
static bool other_dimension(const char *id, size_t len, const char *after, void *ctx)
{
	static const char *const fns[] = { "get_global_id", "get_local_id", "get_group_id", "get_global_size",
					   "get_local_size", "get_num_groups", "get_global_offset", NULL };
	for (int f = 0; fns[f]; f++) {
		if (len != strlen(fns[f]) || strncmp(id, fns[f], len) != 0)
			continue;
		const char *q = after + strspn(after, " \t");
		if (*q != '(')
			return false;
		q += 1 + strspn(q + 1, " \t");
		if ((*q == '1' || *q == '2') && q[1 + strspn(q + 1, " \t")] == ')') {
			snprintf(ctx, 64, "%s(%c)", fns[f], *q);
			return true;
		}
	}
	return false;
}

/* A name of latmix's own (lm_..., LM_...: its wrapper's, its macros'), into
 * ctx (64 bytes): the user's would collide with it. */
static bool reserved(const char *id, size_t len, const char *after, void *ctx)
{
	(void)after;
	if (len < 3 || (strncmp(id, "lm_", 3) != 0 && strncmp(id, "LM_", 3) != 0))
		return false;
	snprintf(ctx, 64, "%.*s", (int)(len < 60 ? len : 60), id);
	return true;
}

/* The description's hash (its text and the kernel's source), and the
 * source's use of the launch: one dimension, which latmix launches. */
static lm_status hash_desc(lm_user_desc *d, const char *kernel_dir, const char *text)
{
	char *src = NULL, call[64];
	lm_status s = d->in_cl ? lm_kernel_source(kernel_dir, d->source, &src, NULL) : lm_read_text(d->source, &src);
	if (s != LM_OK)
		return s;
	d->hash = fnv1a(fnv1a(0xcbf29ce484222325ull, text), src);
	if (each_identifier(src, other_dimension, call))
		s = lm_fail(LM_EUSAGE, "kernel %s: %s calls %s: it is written for a 2D or 3D launch, and latmix "
			    "launches a kernel over one dimension (a grid-stride loop over N), where that call "
			    "gives 0 and the kernel would do a row of its work: not measured", d->label, d->source,
			    call);
	else if (!d->in_cl && each_identifier(src, reserved, call))
		s = lm_fail(LM_EUSAGE, "kernel %s: %s names '%s': latmix keeps names beginning lm_ and LM_ for the "
			    "wrapper and macros it builds around a kernel; rename it", d->label, d->source, call);
	free(src);
	return s;
}

lm_status lm_user_describe(const char *spec, const char *kernel_dir, double size, lm_user_desc *out)
{
	lm_user_desc *d = calloc(1, sizeof *d);
	if (!d)
		return lm_fail(LM_ENOMEM, "out of memory");
	char *text = NULL;
	lm_status s = find_description(spec, kernel_dir, d, &text);
	if (s == LM_OK && lm_mix_find(d->label))
		s = lm_fail(LM_EUSAGE, "kernel %s: a mix has that name; rename the kernel", d->label);
	if (s == LM_OK)
		s = lm_user_parse(text, size, d);
	if (s == LM_OK)
		s = hash_desc(d, kernel_dir, text);
	if (s == LM_OK)
		*out = *d;
	free(text);
	free(d);
	return s;
}

static int by_name(const void *a, const void *b)
{
	return strcmp((const char *)a, (const char *)b);
}

/* The NAME of every NAME.ini in path. */
static lm_status list_dir(const char *path, char (*names)[LM_USER_NAME], size_t cap, size_t *n)
{
	DIR *dir = opendir(path);
	if (!dir)
		return lm_fail(LM_EIO, "%s: %s", path, strerror(errno));
	struct dirent *e;
	while ((e = readdir(dir)) != NULL && *n < cap)
		if (ends_with(e->d_name, ".ini") && strlen(e->d_name) - 4 < LM_USER_NAME)
			snprintf(names[(*n)++], LM_USER_NAME, "%.*s", (int)(strlen(e->d_name) - 4), e->d_name);
	closedir(dir);
	return LM_OK;
}

lm_status lm_user_suite(const char *kernel_dir, char (*names)[LM_USER_NAME], size_t cap, size_t *n)
{
	*n = 0;
	const char *dir = kernel_dir && *kernel_dir ? kernel_dir : getenv("LATMIX_KERNEL_DIR");
	if (dir && *dir) {
		char path[4200];
		snprintf(path, sizeof path, "%s/kernels", dir);
		lm_status s = list_dir(path, names, cap, n);
		if (s != LM_OK)
			return s;
	} else {
		for (const struct lm_kernel_file *k = lm_kernel_files; k->name && *n < cap; k++)
			if (strncmp(k->name, "kernels/", 8) == 0 && ends_with(k->name, ".ini"))
				snprintf(names[(*n)++], LM_USER_NAME, "%.*s", (int)(strlen(k->name) - 12),
					 k->name + 8);
	}
	qsort(names, *n, sizeof *names, by_name);
	return LM_OK;
}

/* ---- the kernel on a device ---- */

struct lm_user {
	lm_device dev;
	lm_user_desc desc;
	lm_user_config cfg;
	cl_context ctx;
	cl_command_queue queue;
	cl_program prog;
	cl_kernel kernel;              /* the wrapper */
	bool clocked;                  /* the wrapper records each warp's clock */
	bool events_broken;
	int desc_of[LM_USER_MAX_ARGS];   /* the kernel's argument i: desc.arg[desc_of[i]] */
	cl_uint nargs;                 /* the kernel's (the wrapper has two more) */
	cl_mem buf[LM_USER_MAX_ARGS];    /* per description argument; NULL for scalars, local */
	size_t len[LM_USER_MAX_ARGS];    /* elements */
	void *ref[LM_USER_MAX_ARGS];     /* the outputs of the first point */
	void *got[LM_USER_MAX_ARGS];     /* a chunk of an output read back, up to CHECK_CHUNK
					* bytes (kept: 512 MiB allocated a point cost the
					* H200's host 0.5 s in page faults) */
	unsigned ref_warps;            /* its occupancy */
	cl_mem sync, record;
	uint32_t *synced;
	cl_ulong *rec;
	unsigned *per_cu;
	size_t per_cu_len, max_warps_total;
	lm_sysclock *sysclock;
	lm_launch_cost cost;
	/* the point being measured */
	size_t threads, wg;
	unsigned groups;
	/* the last launch waited for: its host seconds, at warps per CU (the watchdog's guess) */
	double launch_s;
	unsigned launch_warps;
	/* the last point: its launches and their seconds */
	unsigned last_warps;
	unsigned long last_length;
	double last_seconds;
};

void lm_user_free(lm_user *k)
{
	if (!k)
		return;
	for (int i = 0; i < LM_USER_MAX_ARGS; i++) {
		if (k->buf[i])
			clReleaseMemObject(k->buf[i]);
		free(k->ref[i]);
		free(k->got[i]);
	}
	if (k->sync)
		clReleaseMemObject(k->sync);
	if (k->record)
		clReleaseMemObject(k->record);
	if (k->kernel)
		clReleaseKernel(k->kernel);
	if (k->prog)
		clReleaseProgram(k->prog);
	if (k->queue)
		clReleaseCommandQueue(k->queue);
	if (k->ctx)
		clReleaseContext(k->ctx);
	lm_sysclock_free(k->sysclock);
	free(k->synced);
	free(k->rec);
	free(k->per_cu);
	free(k);
}

lm_launch_cost lm_user_costs(const lm_user *k)
{
	return k->cost;
}

const void *lm_user_output(const lm_user *k, const char *name, size_t *bytes)
{
	for (int i = 0; i < k->desc.nargs; i++)
		if (!strcmp(k->desc.arg[i].name, name) && k->ref[i]) {
			*bytes = k->len[i] * k->desc.arg[i].elem_size;
			return k->ref[i];
		}
	return NULL;
}

/* A counter-based random stream: the i-th 64-bit word of stream key
 * (splitmix64's finaliser). */
static uint64_t rnd(uint64_t key, uint64_t i)
{
	uint64_t z = key + (i + 1) * 0x9e3779b97f4a7c15ull;
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static uint64_t name_key(uint64_t seed, const char *name)
{
	uint64_t h = seed ^ 0xcbf29ce484222325ull;
	for (const char *c = name; *c; c++)
		h = (h ^ (unsigned char)*c) * 0x100000001b3ull;
	return h;
}

/* Element i of a's contents, as a double (integers exactly up to 2^53)
 * or, for random integers, the raw bits in *bits (raw set). */
static double element(const lm_user_arg *a, uint64_t key, size_t i, double arg, bool *raw, uint64_t *bits)
{
	*raw = false;
	switch (a->fill) {
	case LM_USER_ZERO: return 0;
	case LM_USER_CONST: return arg;
	case LM_USER_INDEX: return (double)i;
	case LM_USER_STEP: return (double)i * arg;
	case LM_USER_RANDOM:
		if (a->is_float)
			return (double)(rnd(key, i) >> 11) * 0x1p-53;
		*raw = true;
		*bits = rnd(key, i);
		return 0;
	case LM_USER_RANDOM_BELOW:
		if (a->is_float)
			return arg * (double)(rnd(key, i) >> 11) * 0x1p-53;
		return (double)(rnd(key, i) % (uint64_t)arg);
	case LM_USER_PERMUTATION: break; /* filled whole, below */
	}
	return 0;
}

/* Stores x (or raw bits) as a's element type at p. */
static void store(const lm_user_arg *a, void *p, double x, bool raw, uint64_t bits)
{
	if (a->is_float) {
		if (a->elem_size == 4) {
			float f = (float)x;
			memcpy(p, &f, 4);
		} else {
			memcpy(p, &x, 8);
		}
		return;
	}
	uint64_t v = raw ? bits : a->is_signed ? (uint64_t)(int64_t)x : (uint64_t)x;
	memcpy(p, &v, a->elem_size); /* little-endian: the low bytes */
}

/* Writes a's contents into its buffer, a million elements at a time. */
static lm_status fill_buffer(lm_user *k, int i)
{
	const lm_user_arg *a = &k->desc.arg[i];
	double arg = 0;
	if (a->fill_arg[0])
		lm_user_eval(a->fill_arg, k->desc.size, &arg);
	uint64_t key = name_key(k->cfg.seed, a->name);
	size_t n = k->len[i], es = a->elem_size;
	if (a->fill == LM_USER_RANDOM_BELOW && !a->is_float && !(arg >= 1))
		return lm_fail(LM_EUSAGE, "%s: argument [%s]: random-below needs a bound of 1 or more",
			       k->desc.path, a->name);
	cl_int err = CL_SUCCESS;
	if (a->fill == LM_USER_PERMUTATION) {
		/* Fisher-Yates over the whole buffer */
		uint64_t *v = malloc(n * sizeof *v);
		unsigned char *out = malloc(n * es + 1);
		if (!v || !out) {
			free(v);
			free(out);
			return lm_fail(LM_ENOMEM, "argument %s: out of memory for a permutation of %zu", a->name, n);
		}
		for (size_t j = 0; j < n; j++)
			v[j] = j;
		for (size_t j = n; j > 1; j--) {
			size_t r = (size_t)(rnd(key, j) % j);
			uint64_t t = v[j - 1];
			v[j - 1] = v[r];
			v[r] = t;
		}
		for (size_t j = 0; j < n; j++)
			store(a, out + j * es, (double)v[j], false, 0);
		err = clEnqueueWriteBuffer(k->queue, k->buf[i], CL_TRUE, 0, n * es, out, 0, NULL, NULL);
		free(v);
		free(out);
	} else if (a->fill == LM_USER_ZERO || a->fill == LM_USER_CONST) {
		unsigned char pattern[8];
		store(a, pattern, arg, false, 0);
		err = clEnqueueFillBuffer(k->queue, k->buf[i], pattern, es, 0, n * es, 0, NULL, NULL);
		if (err == CL_SUCCESS)
			err = clFinish(k->queue);
	} else {
		const size_t block = 1u << 20;
		unsigned char *out = malloc(block * es);
		if (!out)
			return lm_fail(LM_ENOMEM, "out of memory");
		for (size_t j0 = 0; j0 < n && err == CL_SUCCESS; j0 += block) {
			size_t m = n - j0 < block ? n - j0 : block;
			for (size_t j = 0; j < m; j++) {
				bool raw;
				uint64_t bits = 0;
				double x = element(a, key, j0 + j, arg, &raw, &bits);
				store(a, out + j * es, x, raw, bits);
			}
			err = clEnqueueWriteBuffer(k->queue, k->buf[i], CL_TRUE, j0 * es, m * es, out, 0, NULL,
						   NULL);
		}
		free(out);
	}
	return err == CL_SUCCESS ? LM_OK : lm_fail_cl(err, "writing the contents of argument", a->name);
}

/* The user's source. */
static lm_status user_source(const lm_user *k, char **text)
{
	if (k->desc.in_cl)
		return lm_kernel_source(k->cfg.kernel_dir, k->desc.source, text, NULL);
	return lm_read_text(k->desc.source, text);
}

/* "global const float*" from the kernel's own argument info. */
static void declared_type(cl_kernel kernel, cl_uint i, char *buf, size_t size, char *param, size_t psize,
			  const char *name)
{
	cl_kernel_arg_address_qualifier addr = CL_KERNEL_ARG_ADDRESS_PRIVATE;
	cl_kernel_arg_type_qualifier q = 0;
	char type[64] = "";
	clGetKernelArgInfo(kernel, i, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof addr, &addr, NULL);
	clGetKernelArgInfo(kernel, i, CL_KERNEL_ARG_TYPE_QUALIFIER, sizeof q, &q, NULL);
	clGetKernelArgInfo(kernel, i, CL_KERNEL_ARG_TYPE_NAME, sizeof type - 1, type, NULL);
	/* an image, a sampler, a pipe is no pointer (some drivers say global of an image) */
	bool opaque = !strchr(type, '*') && (!strncmp(type, "image", 5) || !strncmp(type, "sampler", 7) ||
					     !strncmp(type, "pipe", 4) || !strncmp(type, "queue", 5));
	const char *space = opaque ? ""
			  : addr == CL_KERNEL_ARG_ADDRESS_GLOBAL ? "global "
			  : addr == CL_KERNEL_ARG_ADDRESS_LOCAL ? "local "
			  : addr == CL_KERNEL_ARG_ADDRESS_CONSTANT ? "constant " : "";
	bool pointer = *space != '\0';
	snprintf(buf, size, "%s%s%s", space, pointer && (q & CL_KERNEL_ARG_TYPE_CONST) ? "const " : "", type);
	/* the wrapper's parameter: the same, restrict and volatile kept */
	size_t tl = strlen(type);
	if (tl && type[tl - 1] == '*')
		type[--tl] = '\0';
	snprintf(param, psize, "%s%s%s%s%s%s %s", pointer ? "__" : "", space,
		 pointer && (q & CL_KERNEL_ARG_TYPE_CONST) ? "const " : "",
		 pointer && (q & CL_KERNEL_ARG_TYPE_VOLATILE) ? "volatile " : "", type,
		 pointer ? (q & CL_KERNEL_ARG_TYPE_RESTRICT ? " *restrict" : " *") : "", name);
}

/* Matches the kernel's arguments with the description's, each wrong one
 * named, and writes the wrapper: it counts its group in, records the warp's
 * clock where it can, calls the kernel, records and counts out. */
static lm_status match_and_wrap(lm_user *k, cl_kernel kernel, char **wrapper)
{
	const lm_user_desc *d = &k->desc;
	cl_uint n = 0;
	clGetKernelInfo(kernel, CL_KERNEL_NUM_ARGS, sizeof n, &n, NULL);
	if (n > LM_USER_MAX_ARGS)
		return lm_fail(LM_EUSAGE, "kernel %s: %u arguments, latmix takes %d", d->name, n, LM_USER_MAX_ARGS);
	size_t cap = 4096 + (size_t)n * 200;
	char *w = malloc(cap), *call = malloc(cap);
	if (!w || !call) {
		free(w);
		free(call);
		return lm_fail(LM_ENOMEM, "out of memory");
	}
	int kw = snprintf(w, cap, "\n/* latmix's wrapper: every group counted in and out around %s */\n"
			  "LM_KERNEL void lm_wrap(", d->name);
	int kc = snprintf(call, cap, "\t%s(", d->name);
	bool used[LM_USER_MAX_ARGS] = { false };
	lm_status s = LM_OK;
	char names[1024] = "";
	for (cl_uint i = 0; i < n && s == LM_OK; i++) {
		char name[LM_USER_NAME] = "", type[160], param[256];
		if (clGetKernelArgInfo(kernel, i, CL_KERNEL_ARG_NAME, sizeof name - 1, name, NULL) != CL_SUCCESS) {
			s = lm_fail(LM_ECL, "kernel %s: the driver gives no argument names (-cl-kernel-arg-info)",
				    d->name);
			break;
		}
		snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", i ? ", " : "", name);
		declared_type(kernel, i, type, sizeof type, param, sizeof param, name);
		int j = 0;
		while (j < d->nargs && strcmp(d->arg[j].name, name) != 0)
			j++;
		if (j == d->nargs) {
			/* a misspelled section: name the sections no argument has */
			char spare[512] = "";
			for (int q = 0; q < d->nargs; q++) {
				char an[LM_USER_NAME] = "";
				bool taken = false;
				for (cl_uint m = 0; m < n && !taken; m++)
					taken = clGetKernelArgInfo(kernel, m, CL_KERNEL_ARG_NAME, sizeof an - 1, an,
								   NULL) == CL_SUCCESS && !strcmp(an, d->arg[q].name);
				if (!taken)
					snprintf(spare + strlen(spare), sizeof spare - strlen(spare), " [%s]",
						 d->arg[q].name);
			}
			s = lm_fail(LM_EUSAGE, "%s: kernel %s's argument %u, '%s' (%s), has no section [%s]%s%s",
				    d->path, d->name, i + 1, name, type, name,
				    spare[0] ? "; sections of no argument of the kernel:" : "", spare);
			break;
		}
		lm_user_arg declared = d->arg[j];
		if (!parse_type(type, &declared) || declared.space != d->arg[j].space ||
		    declared.is_const != d->arg[j].is_const || strcmp(declared.elem, d->arg[j].elem) != 0) {
			s = lm_fail(LM_EUSAGE, "%s:%d: argument [%s] is '%s' there, '%s' in kernel %s", d->path,
				    d->arg[j].line, name, d->arg[j].type, type, d->name);
			break;
		}
		used[j] = true;
		k->desc_of[i] = j;
		kw += snprintf(w + kw, cap - (size_t)kw, "%s%s", i ? ", " : "", param);
		kc += snprintf(call + kc, cap - (size_t)kc, "%s%s", i ? ", " : "", name);
	}
	for (int j = 0; j < d->nargs && s == LM_OK; j++)
		if (!used[j])
			s = lm_fail(LM_EUSAGE, "%s:%d: [%s]: kernel %s has no argument of that name (its "
				    "arguments: %s)", d->path, d->arg[j].line, d->arg[j].name, d->name, names);
	if (s == LM_OK) {
		k->nargs = n;
		snprintf(w + kw, cap - (size_t)kw,
			 "%svolatile __global uint *lm_sync, __global ulong *lm_timing)\n{\n"
			 "\tlm_group_started(lm_sync);\n#ifdef LM_TIMED\n\tlm_record_start(lm_timing, 0);\n"
			 "#endif\n%s);\n#ifdef LM_TIMED\n\tlm_record_end(lm_timing, 1u);\n#else\n"
			 "\t(void)lm_timing;\n#endif\n\tlm_group_ended(lm_sync);\n}\n",
			 n ? ", " : "", call);
		*wrapper = w;
	} else {
		free(w);
	}
	free(call);
	return s;
}

/* src after a #line directive that names file, so that a compiler's
 * messages point at the user's file and line (not the driver's copy of
 * it), then tail; in a new buffer. */
static char *with_line(const char *file, const char *src, const char *tail)
{
	size_t n = strlen(file), k = 0;
	char *text = malloc(2 * n + strlen(src) + strlen(tail) + 32);
	if (!text)
		return NULL;
	k += (size_t)sprintf(text, "#line 1 \"");
	for (const char *c = file; *c; c++) {
		if (*c == '"' || *c == '\\')
			text[k++] = '\\';
		text[k++] = *c;
	}
	sprintf(text + k, "\"\n%s\n%s", src, tail);
	return text;
}

/* The device's build options (lm_meas_device_options), and -I the
 * directory of file, where its #include "..." files are (where the
 * directory's name has no space, which build options cannot quote). */
static void build_options(const lm_device *d, bool clocked, const char *file, char *opts, size_t size)
{
	lm_meas_device_options(d, clocked, opts, size);
	const char *slash = strrchr(file, '/');
	int dir = slash ? (int)(slash - file) : 0;
	if (dir && !memchr(file, ' ', (size_t)dir) && strlen(opts) + (size_t)dir + 8 < size)
		snprintf(opts + strlen(opts), size - strlen(opts), " -I %.*s", dir, file);
}

/* Builds kernel name of src (file: its path) alone on d, with its
 * arguments' names and types (-cl-kernel-arg-info). */
static lm_status build_alone(cl_context ctx, const lm_device *d, const char *src, const char *file,
			     const char *name, cl_program *prog, cl_kernel *kernel)
{
	char opts[4800];
	cl_int err;
	build_options(d, false, file, opts, sizeof opts);
	strncat(opts, " -cl-kernel-arg-info", sizeof opts - strlen(opts) - 1);
	char *text = with_line(file, src, "");
	if (!text)
		return lm_fail(LM_ENOMEM, "out of memory");
	lm_status s = lm_launch_build(ctx, d, text, file, opts, prog);
	free(text);
	if (s != LM_OK)
		return s;
	*kernel = clCreateKernel(*prog, name, &err);
	if (err == CL_SUCCESS)
		return LM_OK;
	char names[1024] = "";
	clGetProgramInfo(*prog, CL_PROGRAM_KERNEL_NAMES, sizeof names - 1, names, NULL);
	for (char *c = names; (c = strchr(c, ';')) != NULL;)
		*c = ',';
	return lm_fail(LM_EUSAGE, "%s: no kernel %s (%s)%s%s%s", file, name, lm_cl_error_name(err),
		       names[0] ? "; its kernels: " : "", names, names[0] ? " (FILE.cl:NAME names one)" : "");
}

/* Builds the kernel alone (its arguments' names and types), then with
 * cl/occupancy.h and the wrapper: the program measured. */
static lm_status build_kernel(lm_user *k)
{
	const lm_device *d = &k->dev;
	char *src = NULL, *occ = NULL, *wrapper = NULL, *all = NULL;
	char opts[4800];
	cl_program alone = NULL;
	cl_kernel kernel = NULL;
	cl_int err;
	lm_status s = user_source(k, &src);
	if (s != LM_OK)
		return s;
	if ((s = build_alone(k->ctx, d, src, k->desc.source, k->desc.name, &alone, &kernel)) != LM_OK)
		goto done;
	if ((s = match_and_wrap(k, kernel, &wrapper)) != LM_OK ||
	    (s = lm_kernel_source(NULL, "occupancy.h", &occ, NULL)) != LM_OK)
		goto done;
	char *user = with_line(k->desc.source, src, wrapper);
	all = user ? malloc(strlen(occ) + strlen(user) + 2) : NULL;
	if (all)
		sprintf(all, "%s\n%s", occ, user);
	free(user);
	if (!all) {
		s = lm_fail(LM_ENOMEM, "out of memory");
		goto done;
	}
	k->clocked = d->kclock != LM_KCLOCK_NONE;
	build_options(d, k->clocked, k->desc.source, opts, sizeof opts);
	s = lm_launch_build(k->ctx, d, all, k->desc.source, opts, &k->prog);
	if (s != LM_OK && k->clocked) {
		fprintf(stderr, "latmix: %s with the in-kernel clock does not build on %s (%s); measuring "
			"without it\n", k->desc.label, d->name, lm_error_message());
		k->clocked = false;
		build_options(d, false, k->desc.source, opts, sizeof opts);
		s = lm_launch_build(k->ctx, d, all, k->desc.source, opts, &k->prog);
	}
	if (s == LM_OK) {
		k->kernel = clCreateKernel(k->prog, "lm_wrap", &err);
		if (err != CL_SUCCESS)
			s = lm_fail_cl(err, "clCreateKernel", "lm_wrap");
	}
done:
	if (kernel)
		clReleaseKernel(kernel);
	if (alone)
		clReleaseProgram(alone);
	free(src);
	free(occ);
	free(wrapper);
	free(all);
	return s;
}

/* Is a scalar argument's name one for the problem size (n, size, count)? */
static bool names_the_size(const char *name)
{
	static const char *const sizes[] = { "n", "N", "size", "count", "len", "length", "num", "nelems",
					     "elements", "total" };
	for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
		if (!strcmp(name, sizes[i]))
			return true;
	return false;
}

/* What a kernel does with a buffer (lm_count_uses): */
enum { USE_UNKNOWN = -1, USE_NONE, USE_LOADS, USE_STORES, USE_BOTH };

/* What uses says the kernel does with argument i. */
static int arg_use(const lm_count_uses *uses, cl_uint i)
{
	if (!uses || !uses->traced || i >= 64)
		return USE_UNKNOWN;
	return (int)((uses->loaded >> i) & 1) | (int)((uses->stored >> i) & 1) << 1;
}

/* One argument's section: what the kernel declares, and contents that run
 * (use: what the kernel does with it, USE_*). */
static void skeleton_arg(FILE *out, const char *name, const char *type, int use)
{
	lm_user_arg a = { 0 };
	bool known = parse_type(type, &a);
	fprintf(out, "\n[%s]\ntype = %s\n", name, type);
	if (!known) {
		fputs("; check: latmix takes scalars of, and pointers to,", out);
		for (size_t i = 0; i < NELEM; i++)
			fprintf(out, " %s", elem_types[i].name);
		fputs(" only\n", out);
	} else if (a.space == LM_USER_SCALAR) {
		if (names_the_size(name) && !a.is_float)
			fputs("value = N               ; the problem size\n", out);
		else
			fputs("value = 1               ; check: the value to run it with, an expression in N\n", out);
	} else if (a.space == LM_USER_LOCAL) {
		fputs("length = group          ; check: elements of local memory, one a work-item\n", out);
	} else if (a.is_const || a.space == LM_USER_CONSTANT || use == USE_LOADS) {
		const char *why = a.is_const || a.space == LM_USER_CONSTANT
					  ? "read only"
					  : "the kernel loads it, stores nothing to it (its PTX), not compared";
		fputs("length = N              ; check: elements\n", out);
		if (a.is_float)
			fprintf(out, "fill = random           ; %s: random contents\n", why);
		else
			fprintf(out, "fill = index            ; %s: 0, 1, 2, ... (indices stay in bounds; random, "
				"random-below M, permutation, step K, const V)\n", why);
	} else {
		fputs("length = N              ; check: elements\nfill = zero\n", out);
		if (use == USE_STORES)
			fputs("output = yes            ; the kernel stores to it and loads nothing from it (its "
			      "PTX): compared between occupancies\n", out);
		else if (use == USE_BOTH)
			fputs("output = yes            ; compared between occupancies\n"
			      "reset = yes             ; the kernel loads it and stores to it (its PTX), as y = a * "
			      "x + y or a sum's atomic: refilled before every launch, as each changes it\n", out);
		else
			fputs("output = yes            ; written: compared between occupancies (an output it also "
			      "reads, y = a * x + y, needs reset = yes)\n", out);
	}
}

lm_status lm_user_skeleton(const lm_device *d, const char *source, const char *file, const char *name,
			 double bytes_an_iteration, const lm_count_uses *uses, FILE *out)
{
	cl_int err;
	cl_program prog = NULL;
	cl_kernel kernel = NULL;
	cl_context ctx = clCreateContext(NULL, 1, &d->id, NULL, NULL, &err);
	if (err != CL_SUCCESS)
		return lm_fail_cl(err, "clCreateContext", d->name);
	lm_status s = build_alone(ctx, d, source, file, name, &prog, &kernel);
	cl_uint n = 0;
	if (s == LM_OK)
		clGetKernelInfo(kernel, CL_KERNEL_NUM_ARGS, sizeof n, &n, NULL);
	if (s == LM_OK && n > LM_USER_MAX_ARGS)
		s = lm_fail(LM_EUSAGE, "kernel %s has %u arguments: latmix measures kernels of at most %d", name, n,
			    LM_USER_MAX_ARGS);
	char unknown[512] = "";
	for (cl_uint i = 0; i < n && s == LM_OK; i++) {
		/* said first: what measure will not take */
		char arg[LM_USER_NAME] = "", type[160], param[256];
		lm_user_arg a = { 0 };
		clGetKernelArgInfo(kernel, i, CL_KERNEL_ARG_NAME, sizeof arg - 1, arg, NULL);
		declared_type(kernel, i, type, sizeof type, param, sizeof param, arg);
		if (!parse_type(type, &a))
			snprintf(unknown + strlen(unknown), sizeof unknown - strlen(unknown), "%s%s (%s)",
				 unknown[0] ? ", " : "", arg, type);
	}
	if (unknown[0]) {
		fprintf(stderr, "latmix: kernel %s: latmix measure will not take it as it is: it fills scalars and "
			"buffers of char to double only, not %s\n", name, unknown);
		fprintf(out, "; latmix measure will not take this kernel as it is: it fills scalars and buffers "
			"of char to double only, not %s\n", unknown);
	}
	if (s == LM_OK) {
		fprintf(out, "; %s.ini: latmix's description of kernel %s (%s), written by latmix kernel "
			"--describe\n; from its arguments as %s reports them. Lines marked 'check' are guesses: "
			"see doc/measure.md.\n[kernel]\nsize = 16777216         ; N, the problem size\n"
			"elements = N            ; check: elements a launch of size N processes (elements_per_s)\n",
			name, name, file, d->name);
		char times_n[32];
		snprintf(times_n, sizeof times_n, "%g * N", bytes_an_iteration);
		if (bytes_an_iteration > 0)
			fprintf(out, "bytes = %-16s; check: its loop's loads and stores move %g bytes an "
				"iteration (latmix kernel --mix-of), one iteration an element\n", times_n,
				bytes_an_iteration);
		else
			fputs("bytes =                 ; fill in: bytes a launch of size N loads and stores, an "
			      "expression in N (latmix could not count its loop)\n", out);
	}
	for (cl_uint i = 0; i < n && s == LM_OK; i++) {
		char arg[LM_USER_NAME] = "", type[160], param[256];
		if (clGetKernelArgInfo(kernel, i, CL_KERNEL_ARG_NAME, sizeof arg - 1, arg, NULL) != CL_SUCCESS) {
			s = lm_fail(LM_ECL, "kernel %s: the driver gives no argument names (-cl-kernel-arg-info)", name);
			break;
		}
		declared_type(kernel, i, type, sizeof type, param, sizeof param, arg);
		skeleton_arg(out, arg, type, arg_use(uses, i));
	}
	if (kernel)
		clReleaseKernel(kernel);
	if (prog)
		clReleaseProgram(prog);
	clReleaseContext(ctx);
	return s;
}

lm_status lm_user_alloc(const lm_device *d, const lm_user_desc *desc, const lm_user_config *cfg, lm_user **out)
{
	double t0 = lm_launch_now();
	lm_user *k = calloc(1, sizeof *k);
	if (!k)
		return lm_fail(LM_ENOMEM, "out of memory");
	k->dev = *d;
	k->desc = *desc;
	k->cfg = *cfg;
	cl_int err;
	lm_status s = LM_OK;
	k->ctx = clCreateContext(NULL, 1, &d->id, NULL, NULL, &err);
	if (err != CL_SUCCESS) {
		s = lm_fail_cl(err, "clCreateContext", d->name);
		goto fail;
	}
	k->queue = clCreateCommandQueue(k->ctx, d->id, CL_QUEUE_PROFILING_ENABLE, &err);
	if (err != CL_SUCCESS) {
		s = lm_fail_cl(err, "clCreateCommandQueue", d->name);
		goto fail;
	}
	double tb = lm_launch_now();
	if ((s = build_kernel(k)) != LM_OK)
		goto fail;
	k->cost.programs += lm_launch_now() - tb;
	if (!k->clocked && (s = lm_launch_sysclock(d, &k->sysclock)) != LM_OK)
		goto fail;
	for (int i = 0; i < desc->nargs && s == LM_OK; i++) {
		const lm_user_arg *a = &desc->arg[i];
		if (a->space != LM_USER_GLOBAL && a->space != LM_USER_CONSTANT)
			continue;
		if ((s = eval_count(desc, a->name, a->length, desc->size, &k->len[i])) != LM_OK)
			break;
		size_t bytes = k->len[i] * a->elem_size;
		if (!bytes || bytes > d->max_alloc) {
			s = lm_fail(LM_EUSAGE, "%s: argument [%s]: %zu bytes at N = %.0f; %s allows 1 to %llu",
				    desc->path, a->name, bytes, desc->size, d->name, d->max_alloc);
			break;
		}
		k->buf[i] = clCreateBuffer(k->ctx, CL_MEM_READ_WRITE, bytes, NULL, &err);
		if (err != CL_SUCCESS)
			s = lm_fail_cl(err, "clCreateBuffer", a->name);
		else
			s = fill_buffer(k, i);
	}
	if (s != LM_OK)
		goto fail;
	k->max_warps_total = (size_t)d->max_warps * d->compute_units;
	k->per_cu_len = 4096;
	k->synced = malloc((1 + k->max_warps_total) * sizeof *k->synced);
	k->rec = malloc(k->max_warps_total * LM_LAUNCH_REC * sizeof *k->rec);
	k->per_cu = malloc(k->per_cu_len * sizeof *k->per_cu);
	if (!k->synced || !k->rec || !k->per_cu) {
		s = lm_fail(LM_ENOMEM, "out of memory");
		goto fail;
	}
	k->sync = clCreateBuffer(k->ctx, CL_MEM_READ_WRITE, (1 + k->max_warps_total) * 4, NULL, &err);
	if (err == CL_SUCCESS)
		k->record = clCreateBuffer(k->ctx, CL_MEM_READ_WRITE,
					   k->max_warps_total * LM_LAUNCH_REC * sizeof(cl_ulong), NULL, &err);
	if (err != CL_SUCCESS) {
		s = lm_fail_cl(err, "clCreateBuffer", "work-group counters and records");
		goto fail;
	}
	k->cost.setup += lm_launch_now() - t0 - k->cost.programs;
	*out = k;
	return LM_OK;
fail:
	lm_user_free(k);
	return s;
}

/* Sets the scalar arguments for a problem of size n. */
static lm_status set_scalars(lm_user *k, double n)
{
	for (cl_uint i = 0; i < k->nargs; i++) {
		const lm_user_arg *a = &k->desc.arg[k->desc_of[i]];
		if (a->space != LM_USER_SCALAR)
			continue;
		double v;
		if (lm_user_eval(a->value, n, &v) != LM_OK)
			return lm_fail(LM_EUSAGE, "%s: [%s] value: %s", k->desc.path, a->name, lm_error_message());
		unsigned char bytes[8];
		store(a, bytes, v, false, 0);
		cl_int err = clSetKernelArg(k->kernel, i, a->elem_size, bytes);
		if (err != CL_SUCCESS)
			return lm_fail_cl(err, "clSetKernelArg", a->name);
	}
	return LM_OK;
}

/* The sizes a point's long and short launches solve. */
static double size_of(const lm_user *k, int flags)
{
	return flags & LM_LAUNCH_SHORT ? floor(k->desc.size / 2) : k->desc.size;
}

/* Arms the worker's watchdog (guard.h) for a launch of size n: 20 times
 * what the last took, scaled to this occupancy (fewer warps may take
 * longer), at least 5 s and at most the time limit; the time limit alone
 * for the first. */
static void watch_launch(const lm_user *k, double n)
{
	double limit = k->cfg.time_limit > 0 ? k->cfg.time_limit : 300;
	unsigned warps = (unsigned)(k->threads / k->dev.simd_width / k->dev.compute_units);
	double expect = 0;
	if (k->launch_s > 0 && warps)
		expect = k->launch_s * (n / k->desc.size) * fmax(1, (double)k->launch_warps / warps);
	char what[256];
	snprintf(what, sizeof what, "kernel %s, %u warps/CU: a launch of N = %.0f (%s%.3g s; --time-limit "
		 "%.0f s)", k->desc.label, warps, n, expect > 0 ? "expected about " : "the first, ",
		 expect > 0 ? expect : limit, limit);
	lm_guard_watch(expect > 0 ? fmin(limit, fmax(5, 20 * expect)) : limit, what);
}

/* One "launch" for the point timer: length back-to-back launches of the
 * kernel on a problem of size N (the short one: N / 2), their kernel
 * times summed; every one's groups counted and, where recorded, warps
 * read. work: the elements they processed. */
static lm_status uk_launch(void *ctx, unsigned long length, int flags, lm_launch_out *out)
{
	lm_user *k = ctx;
	memset(out, 0, sizeof *out);
	out->started_at_end = ~0u;
	double n = size_of(k, flags), elements;
	lm_status s = set_scalars(k, n);
	if (s == LM_OK)
		s = lm_user_eval(k->desc.elements, n, &elements);
	bool rec = k->clocked && !(flags & LM_LAUNCH_NO_RECORD), broken = k->events_broken;
	size_t nwarps = k->threads / k->dev.simd_width;
	const cl_uint nil = 0;
	for (unsigned long l = 0; l < length && s == LM_OK; l++) {
		cl_int err = clEnqueueFillBuffer(k->queue, k->sync, &nil, sizeof nil, 0, (1 + k->groups) * 4, 0,
						 NULL, NULL);
		for (int i = 0; i < k->desc.nargs && err == CL_SUCCESS; i++)
			if (k->desc.arg[i].reset) {
				unsigned char pattern[8];
				double v = 0;
				if (k->desc.arg[i].fill == LM_USER_CONST)
					lm_user_eval(k->desc.arg[i].fill_arg, k->desc.size, &v);
				store(&k->desc.arg[i], pattern, v, false, 0);
				err = clEnqueueFillBuffer(k->queue, k->buf[i], pattern, k->desc.arg[i].elem_size, 0,
							  k->len[i] * k->desc.arg[i].elem_size, 0, NULL, NULL);
			}
		if (err != CL_SUCCESS)
			return lm_fail_cl(err, "clEnqueueFillBuffer", "counters and reset outputs");
		double sec, host;
		watch_launch(k, n);
		s = lm_launch_kernel(k->queue, k->kernel, k->threads, k->wg, k->desc.label, &k->events_broken, flags,
				     &k->cost, &sec, &host);
		lm_guard_watch(0, NULL);
		if (s != LM_OK)
			break;
		k->launch_s = host * (flags & LM_LAUNCH_SHORT ? 2 : 1);
		k->launch_warps = (unsigned)(k->threads / k->dev.simd_width / k->dev.compute_units);
		out->seconds += sec;
		out->host_s += host;
		/* a fastest of one timer: none where the events were found broken on the way */
		out->fastest = l == 0 ? sec : out->fastest > 0 && broken == k->events_broken ? fmin(out->fastest, sec) : 0;
		double r0 = lm_launch_now();
		err = clEnqueueReadBuffer(k->queue, k->sync, rec ? CL_FALSE : CL_TRUE, 0, (1 + k->groups) * 4,
					  k->synced, 0, NULL, NULL);
		if (err == CL_SUCCESS && rec)
			err = clEnqueueReadBuffer(k->queue, k->record, CL_TRUE, 0,
						  nwarps * LM_LAUNCH_REC * sizeof(cl_ulong), k->rec, 0, NULL, NULL);
		k->cost.readback += lm_launch_now() - r0;
		if (err != CL_SUCCESS)
			return lm_fail_cl(err, "clEnqueueReadBuffer", "counters and records");
		lm_launch_out one;
		char what[64];
		snprintf(what, sizeof what, "kernel %s", k->desc.label);
		if ((s = lm_launch_sync(k->synced, k->groups, what, &one)) != LM_OK)
			break;
		out->groups = one.groups;
		if (one.started_at_end < out->started_at_end)
			out->started_at_end = one.started_at_end;
		if (rec) {
			lm_launch_record r = lm_launch_read_record(k->rec, nwarps, k->dev.max_clock_mhz * 1e6,
								   k->dev.compute_units, k->per_cu, k->per_cu_len);
			lm_launch_record *m = &out->rec;
			if (!m->have) {
				*m = r;
			} else {
				m->cycles += r.cycles;
				m->ns += r.ns;
				m->iters += r.iters;
				m->lo = r.lo < m->lo ? r.lo : m->lo;
				m->hi = r.hi > m->hi ? r.hi : m->hi;
				m->ncu = r.ncu > m->ncu ? r.ncu : m->ncu;
			}
		}
	}
	out->work = (double)length * elements;
	return s;
}

/* Bytes of an output read back and compared at a time after the first
 * point: a multiple of every element's size. */
#define CHECK_CHUNK ((size_t)16 << 20)

/* The first of n elements of output a where got differs from want (beyond
 * its tolerance, for floats with one), or SIZE_MAX. */
static size_t first_difference(const lm_user_arg *a, const unsigned char *got, const unsigned char *want, size_t n)
{
	if (!memcmp(got, want, n * a->elem_size))
		return SIZE_MAX;
	for (size_t j = 0; j < n; j++) {
		const void *p = got + j * a->elem_size, *q = want + j * a->elem_size;
		if (!memcmp(p, q, a->elem_size))
			continue;
		if (a->is_float && a->tolerance > 0) {
			double x, y;
			if (a->elem_size == 4) {
				float f, g;
				memcpy(&f, p, 4);
				memcpy(&g, q, 4);
				x = f, y = g;
			} else {
				memcpy(&x, p, 8);
				memcpy(&y, q, 8);
			}
			if (fabs(x - y) <= a->tolerance * fmax(fabs(x), fabs(y)))
				continue;
		}
		return j;
	}
	return SIZE_MAX;
}

/* Where an integer scalar's value exceeds a buffer's length (the kernel
 * then reads or writes past it, and on a GPU gets what lies there): a
 * sentence naming both, into buf; "" if none. */
static void past_a_buffer(const lm_user *k, char *buf, size_t size)
{
	buf[0] = '\0';
	double most = 0, v;
	const char *by = NULL;
	for (int i = 0; i < k->desc.nargs; i++) {
		const lm_user_arg *a = &k->desc.arg[i];
		if (a->space == LM_USER_SCALAR && !a->is_float && lm_user_eval(a->value, k->desc.size, &v) == LM_OK &&
		    v > most)
			most = v, by = a->name;
	}
	for (int i = 0; by && i < k->desc.nargs; i++)
		if (k->buf[i] && (double)k->len[i] < most) {
			snprintf(buf, size, "[%s] = %.0f while [%s] holds %zu elements: the kernel may read or write "
				 "past that buffer (its length in the description); or ", by, most,
				 k->desc.arg[i].name, k->len[i]);
			return;
		}
}

/* The outputs against the first point's: the same bit for bit, or within
 * an output's tolerance. The first point's are kept whole; later ones are
 * read back a chunk at a time. */
static lm_status check_outputs(lm_user *k, unsigned warps, unsigned long *checked)
{
	*checked = 0;
	for (int i = 0; i < k->desc.nargs; i++) {
		const lm_user_arg *a = &k->desc.arg[i];
		if (!a->output)
			continue;
		size_t bytes = k->len[i] * a->elem_size;
		bool first = !k->ref[i];
		size_t chunk = first || bytes < CHECK_CHUNK ? bytes : CHECK_CHUNK;
		void **slot = first ? &k->ref[i] : &k->got[i];
		if (!*slot && !(*slot = malloc(chunk)))
			return lm_fail(LM_ENOMEM, "out of memory reading output %s", a->name);
		size_t bad = SIZE_MAX;
		for (size_t off = 0; off < bytes && bad == SIZE_MAX; off += chunk) {
			size_t n = bytes - off < chunk ? bytes - off : chunk;
			cl_int err = clEnqueueReadBuffer(k->queue, k->buf[i], CL_TRUE, off, n, *slot, 0, NULL, NULL);
			if (err != CL_SUCCESS)
				return lm_fail_cl(err, "clEnqueueReadBuffer", a->name);
			if (first)
				continue;
			size_t j = first_difference(a, *slot, (const unsigned char *)k->ref[i] + off, n / a->elem_size);
			if (j != SIZE_MAX)
				bad = off / a->elem_size + j;
		}
		*checked += k->len[i];
		if (first) {
			k->ref_warps = warps;
			continue;
		}
		if (bad == SIZE_MAX)
			continue;
		/* an output refilled before each launch cannot be one the kernel changes as it reads it */
		char in_place[256] = "";
		if (!a->reset)
			snprintf(in_place, sizeof in_place, "; or it reads the output it writes (y[i] = a * x[i] + "
				 "y[i]), which then changes at every launch: 'reset = yes' in [%s] refills it before "
				 "each", a->name);
		char past[256];
		past_a_buffer(k, past, sizeof past);
		return lm_fail(LM_ECHECK, "kernel %s: output %s differs at element %zu with %u warps per CU from %u "
			       "warps per CU%s: %sits result depends on the grid, and latmix measures only grid-stride "
			       "kernels (every grid computes the same; a reduction's floats within a stated "
			       "tolerance)%s", k->desc.label, a->name, bad, warps, k->ref_warps,
			       a->tolerance > 0 ? " beyond its tolerance" : "", past, in_place);
	}
	return LM_OK;
}

/* Of a point's long launch, the least share its short one (half the
 * problem) may lack: below it the time does not follow N. A launch that
 * does twice the work of the other with no start-up lacks half. */
#define MIN_GROWN 0.1

/* The point's long launch took measurably longer than its short one, as
 * a kernel whose work follows N does: else its rate would be the
 * difference of two equal times (a size argument left at 1, a problem
 * too small to time). LM_ECHECK naming the scalars that do not follow N. */
static lm_status check_grows(const lm_user *k, unsigned warps, const lm_point_timing *t)
{
	if (!t->paired || !(t->grown < MIN_GROWN))
		return LM_OK;
	char fixed[512] = "";
	double n = k->desc.size, h = floor(n / 2), a, b;
	for (int i = 0; i < k->desc.nargs; i++) {
		const lm_user_arg *x = &k->desc.arg[i];
		if (x->space == LM_USER_SCALAR && lm_user_eval(x->value, n, &a) == LM_OK &&
		    lm_user_eval(x->value, h, &b) == LM_OK && a == b)
			snprintf(fixed + strlen(fixed), sizeof fixed - strlen(fixed), "%s[%s] value = %s",
				 fixed[0] ? ", " : "", x->name, x->value);
	}
	char took[160];
	if (t->fastest > 0)
		snprintf(took, sizeof took, "its fastest launch of N = %.0f took %.3g s, of N = %.0f %.3g s", n,
			 t->fastest, h, t->fastest * (1 - t->grown));
	else
		snprintf(took, sizeof took, "its launches of N = %.0f took %.3g s, of N = %.0f %.3g s", n,
			 t->time_med, h, t->time_med * (1 - t->grown));
	return lm_fail(LM_ECHECK, "kernel %s, %u warps/CU: %s: the time does not follow N, so no rate can come "
		       "from it; either the kernel's work does not grow with N as %s says (elements %s, bytes %s)%s%s, "
		       "or it is not grid-stride (the grid, not N, sets its work), or N is too small to time "
		       "(--size)", k->desc.label, warps, took, k->desc.path, k->desc.elements, k->desc.bytes,
		       fixed[0] ? ": check the scalars that do not change with N, " : "", fixed);
}

lm_status lm_user_point(lm_user *k, unsigned warps, lm_row *row)
{
	const lm_device *d = &k->dev;
	unsigned groups, per_group;
	lm_status s = lm_meas_geometry(d, warps, k->cfg.group_warps, &groups, &per_group);
	if (s != LM_OK)
		return s;
	size_t wg = (size_t)per_group * d->simd_width, kmax = 0;
	clGetKernelWorkGroupInfo(k->kernel, d->id, CL_KERNEL_WORK_GROUP_SIZE, sizeof kmax, &kmax, NULL);
	if (kmax && wg > kmax)
		return lm_fail(LM_EDEVICE, "%u warps per work-group: the kernel allows %zu work-items",
			       per_group, kmax);
	size_t local = 0;
	for (int i = 0; i < k->desc.nargs; i++)
		if (k->desc.arg[i].space == LM_USER_LOCAL)
			local += wg * k->desc.arg[i].elem_size;
	if (local > d->local_mem)
		return lm_fail(LM_EDEVICE, "%u warps per work-group: %zu bytes of local memory, %s allows %llu",
			       per_group, local, d->name, d->local_mem);
	k->wg = wg;
	k->groups = groups * d->compute_units;
	k->threads = (size_t)warps * d->compute_units * d->simd_width;
	double elements, half;
	lm_user_eval(k->desc.elements, k->desc.size, &elements);
	lm_user_eval(k->desc.elements, floor(k->desc.size / 2), &half);
	if (half < (double)k->threads)
		return lm_fail(LM_EDEVICE, "%.0f elements in the short launch (N = %.0f) for %zu work-items: a "
			       "problem too small for this occupancy, where work-items would wait idle (a larger "
			       "--size measures it)", half, floor(k->desc.size / 2), k->threads);
	if (d->loop_limit && elements / (double)k->threads > (double)d->loop_limit / 2)
		return lm_fail(LM_EDEVICE, "%.0f elements over %zu work-items: more passes of a grid-stride "
			       "loop than %s runs (it ends a work-item's loops after %lu); a smaller --size "
			       "measures it", elements, k->threads, d->name, d->loop_limit);
	cl_int err = CL_SUCCESS;
	for (cl_uint i = 0; i < k->nargs; i++) {
		int j = k->desc_of[i];
		const lm_user_arg *a = &k->desc.arg[j];
		if (a->space == LM_USER_LOCAL)
			err |= clSetKernelArg(k->kernel, i, wg * a->elem_size, NULL);
		else if (a->space != LM_USER_SCALAR)
			err |= clSetKernelArg(k->kernel, i, sizeof(cl_mem), &k->buf[j]);
	}
	err |= clSetKernelArg(k->kernel, k->nargs, sizeof k->sync, &k->sync);
	err |= clSetKernelArg(k->kernel, k->nargs + 1, sizeof k->record, &k->record);
	if (err != CL_SUCCESS)
		return lm_fail_cl(CL_INVALID_KERNEL_ARGS, "clSetKernelArg", k->desc.label);

	double target = k->cfg.launch_ms * 1e-3;
	lm_point_plan plan = {
		.launch = uk_launch, .ctx = k, .target = target, .repeats = k->cfg.repeats,
		.settle = k->cfg.settle, .sized = true, .pair = true, .min_pair = 1,
		.max_length = 1000000, .cost = &k->cost,
		.floor_s = fmax(1e-4, 1000e-9 * (double)d->timer_resolution_ns),
	};
	if (k->last_warps && k->last_seconds > 0)
		plan.carried = (unsigned long)fmax(1.0, (double)k->last_length * target / k->last_seconds *
							    (double)k->last_warps / (double)warps);
	plan.warm = !plan.carried || k->cfg.warmup_every;
	double sys_before = lm_sysclock_read(k->sysclock);
	lm_point_timing t;
	s = lm_point_time(&plan, &t);
	double sys_after = lm_sysclock_read(k->sysclock);
	double c0 = lm_launch_now();
	unsigned long checked = 0;
	if (s == LM_OK)
		s = check_outputs(k, warps, &checked);
	if (s == LM_OK)
		s = check_grows(k, warps, &t);
	k->cost.checks += lm_launch_now() - c0;
	if (s != LM_OK)
		return s;
	lm_point_row(d, warps, groups, per_group, wg, &t, "fixed-work", k->events_broken, k->sysclock,
		     sys_before, sys_after, row);
	row->alpha = (lm_alpha){ 0, 1 };
	row->chains = 1;
	row->iters = t.length;
	/* bytes per element of the difference between the two sizes */
	double n = k->desc.size, h = floor(n / 2), e1, e0, b1, b0;
	lm_user_eval(k->desc.elements, n, &e1);
	lm_user_eval(k->desc.elements, h, &e0);
	lm_user_eval(k->desc.bytes, n, &b1);
	lm_user_eval(k->desc.bytes, h, &b0);
	row->elements_per_s = t.rate;
	row->bytes_per_s = e1 > e0 ? t.rate * (b1 - b0) / (e1 - e0) : t.rate * b1 / e1;
	/* a warp's cycles per element of each of its lanes: one pass of a
	 * grid-stride loop that takes an element a work-item */
	double hz = row->clock_mhz * 1e6;
	row->cycles_per_group = hz * (double)k->threads / t.rate;
	row->checked = checked;
	k->last_warps = warps;
	k->last_length = t.length;
	k->last_seconds = t.time_med;
	return LM_OK;
}
