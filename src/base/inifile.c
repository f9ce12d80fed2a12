#include "base/inifile.h"
#include "base/file.h"

#include <ctype.h>
#include <ini.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Names seen in the file: its sections, or its keys as "section]key". */
typedef struct {
	char **v;
	size_t n, cap;
} names;

/* The key read last, handed on once no line can continue it. */
typedef struct {
	char *section, *key, *value;
	size_t len, cap; /* of value */
	int line;
} pending;

typedef struct {
	const char *text, *path;
	int line;
	lm_ini_allow allow;
	bool continued; /* does the line being read go on the value before it? */
	lm_status s;
	int fail_line;  /* where s failed */
	lm_ini_section_fn on_section;
	lm_ini_key_fn on_key;
	void *ctx;
	names sections, keys;
	pending p;
} reader;

static bool has(const names *n, const char *name, size_t len)
{
	for (size_t i = 0; i < n->n; i++)
		if (strlen(n->v[i]) == len && strncmp(n->v[i], name, len) == 0)
			return true;
	return false;
}

static lm_status add(names *n, const char *name, size_t len)
{
	if (n->n == n->cap) {
		size_t cap = n->cap ? 2 * n->cap : 16;
		char **v = realloc(n->v, cap * sizeof *v);
		if (!v)
			return lm_fail(LM_ENOMEM, "out of memory");
		n->v = v;
		n->cap = cap;
	}
	if (!(n->v[n->n] = strndup(name, len)))
		return lm_fail(LM_ENOMEM, "out of memory");
	n->n++;
	return LM_OK;
}

static void clear(names *n)
{
	for (size_t i = 0; i < n->n; i++)
		free(n->v[i]);
	n->n = 0;
}

/* Stops the read with s, a failure at line (LM_OK: goes on). */
static void stop(reader *r, lm_status s, int line)
{
	if (s != LM_OK && r->s == LM_OK) {
		r->s = s;
		r->fail_line = line;
	}
}

/* value's piece (len bytes) at the end of the pending one, after a space
 * unless it is the first. */
static lm_status append(pending *p, const char *piece, size_t len)
{
	size_t need = p->len + (p->len > 0) + len + 1;
	if (need > p->cap) {
		size_t cap = need > 2 * p->cap ? need : 2 * p->cap;
		char *v = realloc(p->value, cap);
		if (!v)
			return lm_fail(LM_ENOMEM, "out of memory");
		p->value = v;
		p->cap = cap;
	}
	if (p->len)
		p->value[p->len++] = ' ';
	memcpy(p->value + p->len, piece, len);
	p->len += len;
	p->value[p->len] = '\0';
	return LM_OK;
}

/* The pending key to the caller, whole; none pending after. */
static void flush(reader *r)
{
	pending *p = &r->p;
	if (!p->key)
		return;
	if (r->s == LM_OK)
		stop(r, r->on_key(r->ctx, p->section, p->key, p->value ? p->value : "", p->line), p->line);
	free(p->section);
	free(p->key);
	p->section = p->key = NULL;
	p->len = 0;
}

/* A line that opens a section: its name whole, given once. */
static lm_status header(reader *r, const char *line)
{
	char shown[64];
	snprintf(shown, sizeof shown, "%.*s", (int)strcspn(line, "\r\n"), line);
	const char *end = strchr(line, ']');
	if (!end)
		return lm_fail(LM_EPARSE, "%s:%d: '%s': a section header with no ']'", r->path, r->line, shown);
	size_t len = (size_t)(end - line - 1);
	if (!len)
		return lm_fail(LM_EPARSE, "%s:%d: '%s': a section with no name", r->path, r->line, shown);
	lm_status s = LM_OK;
	if (!has(&r->sections, line + 1, len))
		s = add(&r->sections, line + 1, len);
	else if (!r->allow.reopened)
		return lm_fail(LM_EPARSE, "%s:%d: [%.*s]: a second section of that name (each once)", r->path,
			       r->line, (int)len, line + 1);
	if (s == LM_OK && r->on_section) {
		char *name = strndup(line + 1, len);
		s = name ? r->on_section(r->ctx, name, r->line) : lm_fail(LM_ENOMEM, "out of memory");
		free(name);
	}
	return s;
}

/* White space as inih skips it (isspace), the line's end aside. */
static bool blank(char c)
{
	return c != '\n' && isspace((unsigned char)c);
}

/* Does the line at text hold a key, a header or the like: more than
 * white space and a comment? */
static bool content(const char *text)
{
	while (blank(*text))
		text++;
	return *text && !strchr("\n;#", *text);
}

/* Does it begin with white space before its content (inih's value
 * continued)? */
static bool indented(const char *text)
{
	return blank(*text) && content(text);
}

/* inih's reader: one line of the text at a time, checked first, without
 * its end (so that one of LM_INI_LINE characters and a '\r' fits in
 * inih's INI_MAX_LINE bytes). The key before a line that does not go on
 * its value is handed on first. */
static char *next_line(char *str, int num, void *stream)
{
	reader *r = stream;
	if (!*r->text || r->s != LM_OK)
		return NULL;
	const char *at = r->text;
	size_t len = strcspn(at, "\n"), n = len - (len && at[len - 1] == '\r');
	r->line++;
	r->continued = indented(at) && r->allow.joined && r->p.key;
	if (!r->continued && content(at))
		flush(r);
	if (r->s != LM_OK)
		return NULL;
	if (n > LM_INI_LINE || len + 1 > (size_t)num)
		stop(r, lm_fail(LM_EPARSE, "%s:%d: a line of more than %d characters: too long", r->path, r->line,
				LM_INI_LINE), r->line);
	else if (at[len] != '\n')
		stop(r, lm_fail(LM_EPARSE, "%s:%d: truncated: the last line has no end (a file cut short?)", r->path,
				r->line), r->line);
	else if (indented(at) && !r->continued)
		/* inih would take it for the value before it, continued */
		stop(r, lm_fail(LM_EPARSE, r->allow.joined ? "%s:%d: a line that begins with a space, after no key "
				"(remove the indent)" : "%s:%d: a line that begins with a space: latmix reads no value "
				"over two lines (remove the indent)", r->path, r->line), r->line);
	if (r->s != LM_OK)
		return NULL;
	memcpy(str, at, len);
	str[len] = '\0';
	r->text += len + 1;
	const char *p = str + strspn(str, " \t");
	if (*p == '[' && !r->continued)
		stop(r, header(r, p), r->line);
	return r->s == LM_OK ? str : NULL;
}

/* The key of a key = value line in the section, new to it, pending with
 * its value. */
static lm_status pair(reader *r, const char *section, const char *key, const char *value)
{
	size_t len = strlen(section) + 1 + strlen(key);
	char *name = malloc(len + 1);
	if (!name)
		return lm_fail(LM_ENOMEM, "out of memory");
	snprintf(name, len + 1, "%s]%s", section, key);
	lm_status s = has(&r->keys, name, len)
			      ? lm_fail(LM_EPARSE, "%s:%d: [%s] %s: given twice (say it once)", r->path, r->line,
					section, key)
			      : add(&r->keys, name, len);
	free(name);
	r->p.line = r->line;
	return s == LM_OK ? append(&r->p, value, strlen(value)) : s;
}

/* A key = value line, or a piece of the value before it: kept pending
 * until the next line shows whether its value goes on. */
static int on_pair(void *user, const char *section, const char *key, const char *value)
{
	reader *r = user;
	pending *p = &r->p;
	if (r->s == LM_OK && r->continued) {
		stop(r, append(p, value, strlen(value)), r->line);
		return r->s == LM_OK;
	}
	flush(r); /* next_line has handed it on already: this only makes sure */
	if (r->s != LM_OK)
		return 0;
	if (!section[0])
		stop(r, lm_fail(LM_EPARSE, "%s:%d: '%s': a key in no section", r->path, r->line, key), r->line);
	else if (!(p->section = strdup(section)) || !(p->key = strdup(key)))
		stop(r, lm_fail(LM_ENOMEM, "out of memory"), r->line);
	else
		stop(r, pair(r, section, key, value), r->line);
	return r->s == LM_OK;
}

/* The line of path's first NUL byte, which lm_file_read_text refuses the
 * file for by its offset; 0 if it cannot be found again. */
static int nul_line(const char *path, size_t max)
{
	FILE *f;
	if (lm_file_open_read(path, max, &f) != LM_OK)
		return 0;
	int line = 1, c;
	while ((c = getc(f)) != EOF && c != '\0')
		line += c == '\n';
	fclose(f);
	return c == '\0' ? line : 0;
}

static lm_status parse(const char *text, const char *path, lm_ini_allow allow, lm_ini_section_fn on_section,
		       lm_ini_key_fn on_key, void *ctx)
{
	reader r = { .text = text, .path = path, .allow = allow, .s = LM_OK, .on_section = on_section,
		     .on_key = on_key, .ctx = ctx };
	int e = ini_parse_stream(next_line, &r, on_pair, &r);
	flush(&r);
	/* inih reads on past a line it cannot parse: the first failure wins */
	if (e > 0 && (r.s == LM_OK || e < r.fail_line))
		r.s = lm_fail(LM_EPARSE, "%s:%d: not a 'key = value', '[section]' or comment line: not INI", path, e);
	else if (r.s == LM_OK && e < 0)
		r.s = lm_fail(LM_ENOMEM, "%s: out of memory", path);
	clear(&r.sections);
	clear(&r.keys);
	free(r.sections.v);
	free(r.keys.v);
	free(r.p.section);
	free(r.p.key);
	free(r.p.value);
	return r.s;
}

static lm_status read_file(const char *path, size_t max, lm_ini_allow allow, lm_ini_section_fn on_section,
			   lm_ini_key_fn on_key, void *ctx)
{
	char *text;
	lm_status s = lm_file_read_text(path, max, &text);
	if (s == LM_EPARSE) {
		int line = nul_line(path, max);
		if (line)
			s = lm_fail(LM_EPARSE, "%s:%d: a NUL byte: not a text file", path, line);
	}
	if (s != LM_OK)
		return s;
	s = parse(text, path, allow, on_section, on_key, ctx);
	free(text);
	return s;
}

lm_status lm_ini_parse(const char *text, const char *path, lm_ini_section_fn on_section, lm_ini_key_fn on_key,
		       void *ctx)
{
	return parse(text, path, (lm_ini_allow){ 0 }, on_section, on_key, ctx);
}

lm_status lm_ini_read(const char *path, size_t max, lm_ini_section_fn on_section, lm_ini_key_fn on_key, void *ctx)
{
	return read_file(path, max, (lm_ini_allow){ 0 }, on_section, on_key, ctx);
}

lm_status lm_ini_read_allowing(const char *path, size_t max, lm_ini_allow allow, lm_ini_section_fn on_section,
			       lm_ini_key_fn on_key, void *ctx)
{
	return read_file(path, max, allow, on_section, on_key, ctx);
}
