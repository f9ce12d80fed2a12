#include "base/inifile.h"
#include "base/file.h"

#include <ini.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A name seen in the file: a section, or a key of the current section. */
typedef struct {
	char **v;
	size_t n, cap;
} names;

typedef struct {
	const char *text, *path;
	int line;
	lm_status s;
	lm_ini_section_fn on_section;
	lm_ini_key_fn on_key;
	void *ctx;
	names sections, keys; /* keys: of the section being read */
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
	if (has(&r->sections, line + 1, len))
		return lm_fail(LM_EPARSE, "%s:%d: [%.*s]: a second section of that name (each once)", r->path,
			       r->line, (int)len, line + 1);
	clear(&r->keys);
	lm_status s = add(&r->sections, line + 1, len);
	if (s == LM_OK && r->on_section) {
		char *name = strndup(line + 1, len);
		s = name ? r->on_section(r->ctx, name, r->line) : lm_fail(LM_ENOMEM, "out of memory");
		free(name);
	}
	return s;
}

/* inih's reader: one line of the text at a time, checked first. */
static char *next_line(char *str, int num, void *stream)
{
	reader *r = stream;
	if (!*r->text || r->s != LM_OK)
		return NULL;
	size_t len = strcspn(r->text, "\n"), take = len + (r->text[len] == '\n');
	r->line++;
	if (len > LM_INI_LINE || take + 1 > (size_t)num) {
		r->s = lm_fail(LM_EPARSE, "%s:%d: a line of more than %d characters: too long", r->path, r->line,
			       LM_INI_LINE);
		return NULL;
	}
	memcpy(str, r->text, take);
	str[take] = '\0';
	r->text += take;
	const char *p = str + strspn(str, " \t");
	if (p != str && *p && *p != '\n' && *p != '\r' && *p != ';' && *p != '#') {
		/* inih would take it for the value before it, continued */
		r->s = lm_fail(LM_EPARSE, "%s:%d: a line that begins with a space: latmix reads no value over "
			       "two lines (remove the indent)", r->path, r->line);
		return NULL;
	}
	if (*p == '[')
		r->s = header(r, p);
	return r->s == LM_OK ? str : NULL;
}

static int on_pair(void *user, const char *section, const char *key, const char *value)
{
	reader *r = user;
	if (r->s != LM_OK)
		return 0;
	if (!section[0])
		r->s = lm_fail(LM_EPARSE, "%s:%d: '%s': a key in no section", r->path, r->line, key);
	else if (has(&r->keys, key, strlen(key)))
		r->s = lm_fail(LM_EPARSE, "%s:%d: [%s] %s: given twice (say it once)", r->path, r->line, section,
			       key);
	else if ((r->s = add(&r->keys, key, strlen(key))) == LM_OK)
		r->s = r->on_key(r->ctx, section, key, value, r->line);
	return r->s == LM_OK;
}

lm_status lm_ini_parse(const char *text, const char *path, lm_ini_section_fn on_section, lm_ini_key_fn on_key,
		       void *ctx)
{
	reader r = { .text = text, .path = path, .s = LM_OK, .on_section = on_section, .on_key = on_key,
		     .ctx = ctx };
	int e = ini_parse_stream(next_line, &r, on_pair, &r);
	if (r.s == LM_OK && e > 0)
		r.s = lm_fail(LM_EPARSE, "%s:%d: not INI: a line that is no 'key = value', '[section]' or comment",
			      path, e);
	else if (r.s == LM_OK && e < 0)
		r.s = lm_fail(LM_ENOMEM, "%s: out of memory", path);
	clear(&r.sections);
	clear(&r.keys);
	free(r.sections.v);
	free(r.keys.v);
	return r.s;
}

lm_status lm_ini_read(const char *path, size_t max, lm_ini_section_fn on_section, lm_ini_key_fn on_key, void *ctx)
{
	char *text;
	lm_status s = lm_file_read_text(path, max, &text);
	if (s != LM_OK)
		return s;
	s = lm_ini_parse(text, path, on_section, on_key, ctx);
	free(text);
	return s;
}
