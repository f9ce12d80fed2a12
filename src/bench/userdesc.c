#include "bench/userdesc.h"
#include "base/expr.h"
#include "base/file.h"
#include "base/inifile.h"
#include "base/mix.h"
#include "base/number.h"
#include "bench/kernels.h"
#include "base/text.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A count the expression gives at n: a whole number from 0 to 2^48. */
lm_status lm_user_eval_count(const lm_user_desc *d, const char *what, const char *text, double n,
			    size_t *out)
{
	double v;
	if (lm_expr_eval(text, n, &v) != LM_OK || v < 0 || v > 281474976710656.0 || v != floor(v))
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

/* a->elem, a scalar type ("uint") or a vector of one ("float4"), into
 * its lanes, their type and the element's size. */
static bool element_type(lm_user_arg *a)
{
	size_t len = strlen(a->elem), digits = 0;
	while (digits < len && a->elem[len - digits - 1] >= '0' && a->elem[len - digits - 1] <= '9')
		digits++;
	unsigned lanes = 1;
	if (digits) {
		const char *n = a->elem + len - digits;
		lanes = !strcmp(n, "2") ? 2 : !strcmp(n, "3") ? 3 : !strcmp(n, "4") ? 4 : !strcmp(n, "8") ? 8
		      : !strcmp(n, "16") ? 16 : 0;
		if (!lanes)
			return false;
	}
	for (size_t i = 0; i < NELEM; i++)
		if (strlen(elem_types[i].name) == len - digits && !strncmp(a->elem, elem_types[i].name, len - digits)) {
			a->lanes = lanes;
			a->lane_size = elem_types[i].size;
			a->elem_size = elem_types[i].size * (lanes == 3 ? 4 : lanes);
			a->is_float = elem_types[i].is_float;
			a->is_signed = elem_types[i].is_signed;
			return true;
		}
	return false;
}

/* "global const float*" or "uint" into space, constness and element. */
bool lm_user_parse_type(const char *text, lm_user_arg *a)
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
	return element_type(a);
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

/* [kernel] global = EXPR[, EXPR[, EXPR]]: the NDRange as written, each
 * dimension's global size an expression in N. */
static int global_key(reader *r, const char *value)
{
	lm_user_desc *d = r->d;
	char buf[512];
	double v;
	if (strlen(value) >= sizeof buf)
		return bad(r, "[kernel] global '%.60s...': too long%s", value, "");
	snprintf(buf, sizeof buf, "%s", value);
	d->dims = 0;
	char *save = NULL;
	for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		t += strspn(t, " \t");
		size_t len = strlen(t);
		while (len && (t[len - 1] == ' ' || t[len - 1] == '\t'))
			t[--len] = '\0';
		if (d->dims == LM_USER_MAX_DIMS || !len || len >= sizeof d->global[0] ||
		    lm_expr_eval(t, 1, &v) != LM_OK)
			return bad(r, "[kernel] global '%s': expected 1 to 3 expressions in N, separated by commas "
				   "(the NDRange's global size in each dimension)%s", value, "");
		snprintf(d->global[d->dims++], sizeof d->global[0], "%s", t);
	}
	if (!d->dims)
		return bad(r, "[kernel] global '%s': expected 1 to 3 expressions in N%s", value, "");
	return 1;
}

static int kernel_key(reader *r, const char *key, const char *value)
{
	lm_user_desc *d = r->d;
	if (!strcmp(key, "name") && strlen(value) < sizeof d->name)
		snprintf(d->name, sizeof d->name, "%s", value);
	else if (!strcmp(key, "size")) {
		double v;
		if (!r->size_given &&
		    (lm_expr_eval(value, 0, &v) != LM_OK || v < 2 || v > 281474976710656.0 || v != floor(v)))
			return bad(r, "[kernel] size '%s': expected a whole number from 2 to 2^48%s", value, "");
		if (!r->size_given)
			d->size = v;
	} else if (!strcmp(key, "global")) {
		return global_key(r, value);
	} else if (!strcmp(key, "local")) {
		char why[160];
		d->local_dims = lm_user_parse_shape(value, ',', d->local, why, sizeof why);
		if (!d->local_dims)
			return bad(r, "[kernel] local '%s': %s", value, why);
	} else if (!strcmp(key, "elements") && strlen(value) < sizeof d->elements)
		snprintf(d->elements, sizeof d->elements, "%s", value);
	else if (!strcmp(key, "bytes") && strlen(value) < sizeof d->bytes)
		snprintf(d->bytes, sizeof d->bytes, "%s", value);
	else if (!strcmp(key, "trip") && strlen(value) < sizeof d->trip)
		snprintf(d->trip, sizeof d->trip, "%s", value);
	else
		return bad(r, "[kernel] '%s': unknown or too long (known: name, size, global, local, elements, "
			   "bytes, trip)%s",
			   key, "");
	return 1;
}

static int arg_key(reader *r, const char *key, const char *value)
{
	lm_user_arg *a = r->cur;
	double v;
	if (!strcmp(key, "type")) {
		snprintf(a->type, sizeof a->type, "%s", value);
		if (!lm_user_parse_type(value, a))
			return bad(r, "[%s] type '%s': expected a scalar type (char, uchar, short, ushort, int, "
				   "uint, long, ulong, float, double), a vector of 2, 3, 4, 8 or 16 of one (float4), "
				   "or a pointer to either in global, constant or local memory (\"global const "
				   "float4*\")", a->name, value);
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
		    (wants && lm_expr_eval(rest, 1, &v) != LM_OK))
			return bad(r, "[%s] fill '%s': const, step and random-below take one number (an "
				   "expression in N), the others none", a->name, value);
		snprintf(a->fill_arg, sizeof a->fill_arg, "%s", rest);
	} else if (!strcmp(key, "output") && !strcmp(value, "per-local-size")) {
		a->output = a->per_local = true;
	} else if (!strcmp(key, "output") || !strcmp(key, "reset")) {
		bool yes = !strcmp(value, "yes"), no = !strcmp(value, "no");
		if (!yes && !no)
			return bad(r, "[%s] %s: expected yes or no (output also per-local-size)", a->name, key);
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

/* The range of a's lanes' type: integers whole within their bits (and
 * within 2^53, which a double holds exactly), floats finite. */
static void type_range(const lm_user_arg *a, double *lo, double *hi)
{
	if (a->is_float) {
		*hi = a->lane_size == 4 ? FLT_MAX : DBL_MAX;
		*lo = -*hi;
		return;
	}
	double bits = 8.0 * a->lane_size - (a->is_signed ? 1 : 0);
	*hi = fmin(ldexp(1, (int)bits) - 1, 0x1p53);
	*lo = a->is_signed ? -*hi - (a->lane_size < 8 ? 1 : 0) : 0;
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
		if (lm_expr_eval(a->value, sizes[k], &v) != LM_OK) {
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
	if (lm_expr_eval(a->length, d->size, &len) != LM_OK || len < 1 || len > 281474976710656.0 ||
	    len != floor(len)) {
		char why[512];
		snprintf(why, sizeof why, "%s", lm_error_message());
		return lm_fail(LM_EUSAGE, "%s:%d: argument [%s]: length '%s' at N = %.0f: expected a whole number "
			       "of elements from 1 to 2^48%s%s", d->path, a->line, a->name, a->length, d->size,
			       *why ? ": " : "", why);
	}
	if (!a->fill_arg[0])
		return LM_OK;
	if (lm_expr_eval(a->fill_arg, d->size, &arg) != LM_OK)
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

bool lm_user_user_spec(const char *spec, char *file, size_t file_size, char name[LM_USER_NAME])
{
	const char *colon = strrchr(spec, ':');
	bool named = colon && colon > spec;
	size_t flen = named ? (size_t)(colon - spec) : strlen(spec);
	snprintf(file, file_size, "%.*s", (int)flen, spec);
	if (flen >= file_size || !lm_text_ends(file, ".cl"))
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
	if (!lm_text_ends(file, ".cl")) {
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
			char names[LM_USER_SUITE_MAX][LM_USER_NAME], list[LM_USER_SUITE_MAX * (LM_USER_NAME + 2)];
			size_t n = 0, used = 0;
			if (lm_user_suite(kernel_dir, names, LM_USER_SUITE_MAX, &n) != LM_OK)
				return LM_EUSAGE; /* its message says why */
			for (size_t i = 0; i < n; i++) {
				size_t len = strlen(names[i]);
				memcpy(list + used, ", ", i ? 2 : 0);
				memcpy(list + used + (i ? 2 : 0), names[i], len);
				used += len + (i ? 2 : 0);
			}
			list[used] = '\0';
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
	if (s == LM_OK)
		s = lm_user_check_launch(d);
	if (s == LM_OK && (lm_expr_eval(d->elements, d->size, &v) != LM_OK || !(v > 0) ||
			   lm_expr_eval(d->bytes, d->size, &v) != LM_OK || v < 0))
		s = lm_fail(LM_EUSAGE, "%s: [kernel] elements '%s' and bytes '%s': expressions in N, "
			    "elements above 0", d->path, d->elements, d->bytes);
	if (s == LM_OK && d->trip[0] && (lm_expr_eval(d->trip, d->size, &v) != LM_OK || !(v >= 1) || v > 1e9))
		s = lm_fail(LM_EUSAGE, "%s: [kernel] trip '%s': the iterations of the loop inside a work-item (a "
			    "turn of a grid-stride loop) runs, an expression in N from 1 to 10^9", d->path, d->trip);
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
	char launch[600] = "";
	for (int i = 0; i < d->dims; i++)
		snprintf(launch + strlen(launch), sizeof launch - strlen(launch), "%s%s", i ? " x " : ", global ",
			 d->global[i]);
	for (int i = 0; i < d->local_dims; i++)
		snprintf(launch + strlen(launch), sizeof launch - strlen(launch), "%s%u", i ? "x" : ", local ",
			 d->local[i]);
	snprintf(buf, size, "%s: function %s of %s, N = %.0f%s, elements %s, bytes %s, description %016llx",
		 d->label, d->name, d->source, d->size, launch, d->elements, d->bytes, d->hash);
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


/* The work of a grid-stride kernel follows N through the scalars that
 * bound its loops: where some scalar does (lm_user_sizes_the_work) and
 * none of them changes between N and N / 2, the two launches the point
 * timer compares do the same work and no rate can come from them (a size
 * left at 1). Refused before anything runs; a bound read from a buffer is
 * left to the timing's own check. A loop bounded by a fixed scalar beside
 * one that follows N (a window inside a grid-stride loop) is fine. */
static lm_status check_work_follows_n(const lm_user_desc *d, const char *src)
{
	char fixed[512] = "";
	double n = d->size, h = floor(n / 2), a, b;
	for (int i = 0; i < d->nargs; i++) {
		const lm_user_arg *x = &d->arg[i];
		if (x->space != LM_USER_SCALAR || !lm_user_sizes_the_work(src, d->name, x->name) ||
		    lm_expr_eval(x->value, n, &a) != LM_OK || lm_expr_eval(x->value, h, &b) != LM_OK)
			continue;
		if (a != b)
			return LM_OK;
		snprintf(fixed + strlen(fixed), sizeof fixed - strlen(fixed), "%s[%s] value = %s",
			 fixed[0] ? ", " : "", x->name, x->value);
	}
	if (!fixed[0])
		return LM_OK;
	return lm_fail(LM_ECHECK, "kernel %s: the scalars that bound its loops do not change with N (%s), so "
		       "its work does not follow N and no rate can come from timing it at N against N / 2: "
		       "give the one that bounds the grid-stride loop a value in N in %s", d->label, fixed,
		       d->path);
}

/* The description's hash (its text and the kernel's source), and the
 * source's use of the launch: one dimension for a grid-stride kernel, the
 * description's global's for one as written. */
static lm_status hash_desc(lm_user_desc *d, const char *kernel_dir, const char *text)
{
	char *src = NULL;
	lm_status s = d->in_cl ? lm_kernel_source(kernel_dir, d->source, &src, NULL) : lm_read_text(d->source, &src);
	if (s != LM_OK)
		return s;
	d->hash = fnv1a(fnv1a(0xcbf29ce484222325ull, text), src);
	char why[512];
	lm_user_source_refusal(src, !d->in_cl, d->dims, why, sizeof why);
	if (why[0])
		s = lm_fail(LM_EUSAGE, "kernel %s: %s %s", d->label, d->source, why);
	else if (!d->dims)
		s = check_work_follows_n(d, src);
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

/* Adds the NAME of file NAME.ini (of the suite in where) to names:
 * LM_EUSAGE where the name is too long for a kernel's or the suite holds
 * more than cap (a kernel left out of 'all' without a word). */
static lm_status add_name(const char *where, const char *file, char (*names)[LM_USER_NAME], size_t cap, size_t *n)
{
	size_t len = strlen(file) - 4;
	if (len >= LM_USER_NAME)
		return lm_fail(LM_EUSAGE, "%s: %s: a kernel's name holds at most %d characters", where, file,
			       LM_USER_NAME - 1);
	if (*n == cap)
		return lm_fail(LM_EUSAGE, "%s holds more than %zu kernels, the most latmix lists at once", where, cap);
	snprintf(names[(*n)++], LM_USER_NAME, "%.*s", (int)len, file);
	return LM_OK;
}

/* The NAME of every NAME.ini in path. */
static lm_status list_dir(const char *path, char (*names)[LM_USER_NAME], size_t cap, size_t *n)
{
	DIR *dir = opendir(path);
	if (!dir)
		return lm_fail(LM_EIO, "%s: %s", path, strerror(errno));
	struct dirent *e;
	lm_status s = LM_OK;
	while (s == LM_OK && (e = readdir(dir)) != NULL)
		if (lm_text_ends(e->d_name, ".ini"))
			s = add_name(path, e->d_name, names, cap, n);
	closedir(dir);
	return s;
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
		for (const struct lm_kernel_file *k = lm_kernel_files; k->name; k++)
			if (strncmp(k->name, "kernels/", 8) == 0 && lm_text_ends(k->name, ".ini")) {
				lm_status s = add_name("the suite built in", k->name + 8, names, cap, n);
				if (s != LM_OK)
					return s;
			}
	}
	qsort(names, *n, sizeof *names, by_name);
	return LM_OK;
}

const char *lm_user_elem_names(void)
{
	static char names[128];
	if (!names[0])
		for (size_t i = 0; i < NELEM; i++)
			snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", i ? " " : "",
				 elem_types[i].name);
	return names;
}
