/* usersource: what latmix reads from a kernel's OpenCL C source as text,
 * before any compiler sees it: which scalars bound its loops, the
 * dimensions its work-item calls name and whether it reads the grid's
 * size, and what measure refuses in it. Comments, strings and character
 * constants are skipped; nothing here compiles or runs the kernel. */
#include "bench/userdesc.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* p, at a comment, a string or a character constant: what follows it. */
static const char *skip_comment_or_string(const char *p)
{
	if (p[0] == '/' && p[1] == '/')
		return p + strcspn(p, "\n");
	if (p[0] == '/' && p[1] == '*') {
		const char *e = strstr(p + 2, "*/");
		return e ? e + 2 : p + strlen(p);
	}
	char q = *p++;
	while (*p && *p != q && *p != '\n')
		p += p[0] == '\\' && p[1] ? 2 : 1;
	return p + (*p == q);
}

/* Calls fn on each identifier of src outside comments, strings and
 * character constants (id, its length, and the text after it) until fn
 * returns true; whether it did. */
static bool each_identifier(const char *src, bool (*fn)(const char *id, size_t len, const char *after, void *ctx),
			    void *ctx)
{
	for (const char *p = src; *p;) {
		if ((p[0] == '/' && (p[1] == '/' || p[1] == '*')) || *p == '"' || *p == '\'') {
			p = skip_comment_or_string(p);
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

/* Where kernel name's body is sought (each_identifier's ctx): the name,
 * and the body found, its length, and its parameter list's '('. */
typedef struct {
	const char *name;
	const char *body;
	size_t len;
	const char *params;
} body_search;

/* At an identifier outside comments and strings: whether it is the
 * kernel's name followed by its parameters and a body (not a call, not a
 * declaration without one); the body, from its '{' to its end, into ctx. */
static bool kernel_definition(const char *id, size_t n, const char *after, void *ctx)
{
	body_search *b = ctx;
	if (n != strlen(b->name) || strncmp(id, b->name, n) != 0)
		return false;
	const char *q = after + strspn(after, " \t\n");
	if (*q != '(')
		return false;
	const char *params = q;
	int depth = 0;
	while (*q && (*q != ')' || --depth > 0))
		depth += *q++ == '(';
	q += *q == ')';
	q += strspn(q, " \t\n");
	if (*q != '{')
		return false; /* a call, or a declaration without a body */
	b->body = q;
	b->params = params;
	for (depth = 0; *q; q++) {
		depth += (*q == '{') - (*q == '}');
		if (depth == 0)
			break;
	}
	b->len = (size_t)(q - b->body) + (*q != '\0');
	return true;
}

/* The body of kernel name in src (its name outside comments and strings):
 * from its '{' to its end, or NULL (its length in *len). */
static const char *kernel_body(const char *src, const char *name, size_t *len)
{
	body_search b = { name, NULL, 0, NULL };
	if (!name[0] || !each_identifier(src, kernel_definition, &b))
		return NULL;
	*len = b.len;
	return b.body;
}

int lm_user_param_index(const char *src, const char *name, const char *arg)
{
	body_search b = { name, NULL, 0, NULL };
	size_t alen = strlen(arg);
	if (!name[0] || !alen || !each_identifier(src, kernel_definition, &b))
		return -1;
	/* each parameter's name is its last word outside brackets (an
	 * __attribute__ after it aside): the parameter ends at a comma or the list's ')' at depth 1 */
	int depth = 0, index = 0;
	const char *word = NULL;
	size_t wlen = 0;
	for (const char *p = b.params; *p && p < b.body;) {
		if ((p[0] == '/' && (p[1] == '/' || p[1] == '*')) || *p == '"' || *p == '\'') {
			p = skip_comment_or_string(p);
			continue;
		}
		size_t n = *p == '_' || isalpha((unsigned char)*p) ? strspn(p, "_abcdefghijklmnopqrstuvwxyz"
								 "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") : 0;
		if (n && depth == 1 && !(n == 13 && !strncmp(p, "__attribute__", n)))
			word = p, wlen = n;
		if (n) {
			p += n;
			continue;
		}
		if (*p == ',' && depth == 1) {
			if (wlen == alen && !strncmp(word, arg, alen))
				return index;
			index++, wlen = 0;
		}
		depth += (*p == '(' || *p == '[') - (*p == ')' || *p == ']');
		if (depth == 0) /* the list's end */
			return wlen == alen && !strncmp(word, arg, alen) ? index : -1;
		p++;
	}
	return -1;
}

/* Whether scalar argument arg of kernel name in src bounds a loop or an
 * index: it appears within the parentheses of a for, while or if in the
 * kernel's body (comments and strings skipped): a loop's bound, a guard
 * if (i < n). Within an index's brackets alone it is not one (x[i + off]:
 * an offset of N would reach past a buffer of N). */
bool lm_user_sizes_the_work(const char *src, const char *name, const char *arg)
{
	size_t len, alen = strlen(arg);
	const char *body = kernel_body(src, name, &len);
	char *copy = body && alen ? malloc(len + 1) : NULL;
	if (!copy)
		return false;
	memcpy(copy, body, len);
	copy[len] = '\0';
	/* the parentheses and brackets open at a point: a condition's (if,
	 * while), a for's (its condition after its first ';'), or another */
	enum { OTHER, CONDITION, FOR };
	int kind[64] = { OTHER }, semis[64] = { 0 }, depth = 0;
	bool sizes = false;
	const char *last = "";
	size_t last_len = 0;
	for (const char *p = copy; *p && !sizes;) {
		if ((p[0] == '/' && (p[1] == '/' || p[1] == '*')) || *p == '"' || *p == '\'') {
			p = skip_comment_or_string(p);
			continue;
		}
		size_t n = *p == '_' || isalpha((unsigned char)*p) ? strspn(p, "_abcdefghijklmnopqrstuvwxyz"
								 "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") : 0;
		for (int i = 0; n == alen && !strncmp(p, arg, n) && i < depth && i < 64; i++)
			sizes |= kind[i] == CONDITION || (kind[i] == FOR && semis[i] == 1);
		if (n) {
			last = p, last_len = n, p += n;
			continue;
		}
		if ((*p == '(' || *p == '[') && depth < 64) {
			bool is_for = *p == '(' && last_len == 3 && !strncmp(last, "for", 3);
			bool cond = *p == '(' && ((last_len == 5 && !strncmp(last, "while", 5)) ||
						  (last_len == 2 && !strncmp(last, "if", 2)));
			kind[depth] = is_for ? FOR : cond ? CONDITION : OTHER;
			semis[depth] = 0;
		}
		depth += (*p == '(' || *p == '[') - ((*p == ')' || *p == ']') && depth > 0);
		if (*p == ';' && depth > 0 && depth <= 64)
			semis[depth - 1]++;
		if (!isspace((unsigned char)*p))
			last_len = 0;
		p++;
	}
	free(copy);
	return sizes;
}

/* A call of a work-item function on a dimension other than 0
 * ("get_global_id(1)"), into ctx (64 bytes; its first byte, on the way in,
 * the lowest dimension that counts: '1', or '2' for a 2D launch). */
static bool other_dimension(const char *id, size_t len, const char *after, void *ctx)
{
	char lowest = *(char *)ctx;
	static const char *const fns[] = { "get_global_id", "get_local_id", "get_group_id", "get_global_size",
					   "get_local_size", "get_num_groups", "get_global_offset", NULL };
	for (int f = 0; fns[f]; f++) {
		if (len != strlen(fns[f]) || strncmp(id, fns[f], len) != 0)
			continue;
		const char *q = after + strspn(after, " \t");
		if (*q != '(')
			return false;
		q += 1 + strspn(q + 1, " \t");
		if (*q >= lowest && *q <= '2' && q[1 + strspn(q + 1, " \t")] == ')') {
			snprintf(ctx, 64, "%s(%c)", fns[f], *q);
			return true;
		}
	}
	return false;
}

/* The launch src's work-item calls imply, into ctx (a launch_use). */
typedef struct {
	int dims;         /* 1 + the highest dimension any call names */
	bool grid_stride; /* it reads the grid's size (get_global_size, get_num_groups) */
} launch_use;

static bool note_launch(const char *id, size_t len, const char *after, void *ctx)
{
	launch_use *u = ctx;
	char call[64] = "1"; /* dimensions 1 and 2 */
	if (other_dimension(id, len, after, call)) {
		int dim = call[strlen(call) - 2] - '0';
		u->dims = dim + 1 > u->dims ? dim + 1 : u->dims;
	}
	if ((len == 15 && !strncmp(id, "get_global_size", len)) || (len == 14 && !strncmp(id, "get_num_groups", len)))
		u->grid_stride = true;
	return false;
}

int lm_user_source_dims(const char *src, bool *grid_stride)
{
	launch_use u = { 1, false };
	each_identifier(src, note_launch, &u);
	*grid_stride = u.grid_stride;
	return u.dims;
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

void lm_user_source_refusal(const char *src, bool user, int dims, char *why, size_t size)
{
	char call[64];
	why[0] = '\0';
	call[0] = (char)('0' + (dims ? dims : 1)); /* 3D: past every dimension, nothing refused */
	bool other = each_identifier(src, other_dimension, call);
	if (other && !dims)
		snprintf(why, size, "calls %s: it is written for a 2D or 3D launch, and latmix launches a grid-stride "
			 "kernel over one dimension (a loop over N), where that call gives 0 and the kernel would do "
			 "a row of its work: not measured; a kernel measured as written says its launch ([kernel] "
			 "global = X, Y)", call);
	else if (other)
		snprintf(why, size, "calls %s, and its description's global has %d dimension%s: give one global "
			 "size for each dimension the kernel uses", call, dims, dims == 1 ? "" : "s");
	else if (user && each_identifier(src, reserved, call))
		snprintf(why, size, "names '%s': latmix keeps names beginning lm_ and LM_ for the wrapper and "
			 "macros it builds around a kernel; rename it", call);
}

/* The kernel's body with its comments, strings and character constants
 * blanked out (malloc'd; NULL where there is no such kernel). */
static char *plain_body(const char *src, const char *name)
{
	size_t len;
	const char *body = kernel_body(src, name, &len);
	char *copy = body ? malloc(len + 1) : NULL;
	if (!copy)
		return NULL;
	memcpy(copy, body, len);
	copy[len] = '\0';
	for (char *p = copy; *p;) {
		if ((p[0] == '/' && (p[1] == '/' || p[1] == '*')) || *p == '"' || *p == '\'') {
			char *e = copy + (skip_comment_or_string(p) - copy);
			memset(p, ' ', (size_t)(e - p));
			p = e;
		} else {
			p++;
		}
	}
	return copy;
}

static bool is_word(char c)
{
	return c == '_' || isalnum((unsigned char)c);
}

/* At p, "get_global_id(D)" with D a digit 0-2: D, else -1. */
static int global_id_call(const char *p)
{
	if (strncmp(p, "get_global_id", 13) != 0 || is_word(p[13]))
		return -1;
	const char *q = p + 13 + strspn(p + 13, " \t\n");
	if (*q != '(')
		return -1;
	q += 1 + strspn(q + 1, " \t\n");
	return *q >= '0' && *q <= '2' && q[1 + strspn(q + 1, " \t\n")] == ')' ? *q - '0' : -1;
}

/* The variables body sets from get_global_id(D) (x = get_global_id(0),
 * const size_t y = (int)get_global_id(1)): their names and D. */
typedef struct {
	int n;
	char name[16][64];
	int dim[16];
} index_vars;

static void find_index_vars(const char *body, index_vars *v)
{
	v->n = 0;
	for (const char *p = body; *p && v->n < 16; p++) {
		int dim = (p == body || !is_word(p[-1])) ? global_id_call(p) : -1;
		if (dim < 0)
			continue;
		/* back to the '=' of its assignment, within its statement */
		int depth = 0;
		const char *q = p;
		while (q > body && depth >= 0) {
			q--;
			depth += (*q == ')') - (*q == '(');
			if (depth == 0 && (*q == ';' || *q == '{' || *q == '}' || *q == ','))
				break;
			if (depth == 0 && *q == '=' && q > body && !strchr("=<>!", q[-1]) && q[1] != '=')
				break;
		}
		if (*q != '=')
			continue;
		while (q > body && isspace((unsigned char)q[-1]))
			q--;
		const char *e = q;
		while (q > body && is_word(q[-1]))
			q--;
		if (e > q && e - q < 64) {
			snprintf(v->name[v->n], 64, "%.*s", (int)(e - q), q);
			v->dim[v->n++] = dim;
		}
	}
}

/* The dimensions whose index the clause [from, to) of a condition names
 * (a variable of v, or get_global_id(D) itself), as bits. */
static unsigned clause_dims(const char *from, const char *to, const index_vars *v)
{
	unsigned dims = 0;
	for (const char *p = from; p < to; p++) {
		if (!is_word(*p) || (p > from && is_word(p[-1])))
			continue;
		size_t n = 0;
		while (p + n < to && is_word(p[n]))
			n++;
		int d = global_id_call(p);
		if (d >= 0)
			dims |= 1u << d;
		for (int i = 0; i < v->n; i++)
			if (strlen(v->name[i]) == n && !strncmp(p, v->name[i], n))
				dims |= 1u << v->dim[i];
	}
	return dims;
}

/* The clause of a condition around body[at]: [*from, *to) between the
 * condition's parentheses, &&, || and ',' or ';'; whether it is within
 * the parentheses of an if, a while or a for (not an index's brackets). */
static bool condition_clause(const char *body, const char *at, const char **from, const char **to)
{
	int depth = 0;
	const char *p = at;
	for (; p > body; p--) {
		char c = p[-1];
		depth += (c == ')' || c == ']') - (c == '(' || c == '[');
		if (depth < 0 || (depth == 0 && (c == ';' || c == ',' || c == '{' || c == '}' || c == '?' ||
						 ((c == '&' || c == '|') && p - 1 > body && p[-2] == c))))
			break;
	}
	*from = p;
	/* the parentheses the clause stands in, outwards, to one an if, a while
	 * or a for opens (grouping parentheses and calls passed through) */
	bool cond = false;
	depth = 0;
	for (; p > body && !cond; p--) {
		char c = p[-1];
		if (c == '{' || c == '}' || (c == '[' && depth == 0))
			return false;
		depth += (c == ')' || c == ']') - (c == '(' || c == '[');
		if (depth >= 0)
			continue;
		depth = 0;
		const char *k = p - 1;
		while (k > body && isspace((unsigned char)k[-1]))
			k--;
		const char *w = k;
		while (w > body && is_word(w[-1]))
			w--;
		cond = (k - w == 2 && !strncmp(w, "if", 2)) || (k - w == 5 && !strncmp(w, "while", 5)) ||
		       (k - w == 3 && !strncmp(w, "for", 3));
	}
	depth = 0;
	for (p = at; *p; p++) {
		depth += (*p == '(' || *p == '[') - (*p == ')' || *p == ']');
		if (depth < 0 || (depth == 0 && (*p == ';' || *p == ',' || *p == '?' ||
						 ((*p == '&' || *p == '|') && p[1] == *p))))
			break;
	}
	*to = p;
	return cond;
}

int lm_user_bounded_dimension(const char *src, const char *name, const char *arg)
{
	/* only a scalar that bounds a loop or guards an index (a for's
	 * condition, not its start or step) bounds a dimension */
	if (!lm_user_sizes_the_work(src, name, arg))
		return -1;
	char *body = plain_body(src, name);
	size_t alen = strlen(arg);
	if (!body || !alen) {
		free(body);
		return -1;
	}
	index_vars v;
	find_index_vars(body, &v);
	unsigned dims = 0;
	for (const char *p = body; (p = strstr(p, arg)); p += alen) {
		if ((p > body && is_word(p[-1])) || is_word(p[alen]))
			continue;
		const char *from, *to;
		if (!condition_clause(body, p, &from, &to))
			continue;
		unsigned here = clause_dims(from, to, &v);
		if (here && !(here & (here - 1)))
			dims |= here;
	}
	free(body);
	int dim = dims == 1 ? 0 : dims == 2 ? 1 : dims == 4 ? 2 : -1;
	/* a dimension the source's calls do not name (its text read another
	 * way where comments open inside a declaration): none */
	bool grid_stride;
	return dim < lm_user_source_dims(src, &grid_stride) ? dim : -1;
}
