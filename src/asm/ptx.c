/* ptx: a kernel's PTX read line by line, its instructions classed, its
 * main loop found and the path an iteration takes through it counted, with
 * the loads that feed others' addresses (count.h's lm_count_count_ptx). */
#include "asm/ptx.h"

#include <ctype.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm/listing.h"
#include "asm/sass.h"

/* Parses one line of the function body; false for what holds no
 * instruction or label (declarations, braces, comments). */
static bool ptx_line(char *s, unsigned line, ptx_inst *in)
{
	memset(in, 0, sizeof *in);
	in->line = line;
	char *c = strstr(s, "//");
	if (c)
		*c = '\0';
	while (isspace((unsigned char)*s))
		s++;
	size_t n = strlen(s);
	while (n && isspace((unsigned char)s[n - 1]))
		s[--n] = '\0';
	if (!n || *s == '.' || *s == '{' || *s == '}')
		return false;
	if (s[n - 1] == ':') {
		snprintf(in->label, sizeof in->label, "%.*s", (int)(n - 1), s);
		return true;
	}
	if (*s == '@') { /* a predicate guard: read, never written */
		in->guarded = true;
		in->pred_not = s[1] == '!';
		const char *r = s + 1 + in->pred_not;
		snprintf(in->pred, sizeof in->pred, "%.*s", (int)strcspn(r, " \t"), r);
		s += strcspn(s, " \t");
	}
	while (isspace((unsigned char)*s))
		s++;
	size_t k = strcspn(s, " \t;");
	snprintf(in->op, sizeof in->op, "%.*s", (int)k, s);
	const char *rest = s + k;
	const char *param = lm_text_starts(in->op, "ld.param") ? strstr(rest, "_param_") : NULL;
	unsigned long arg = param && isdigit((unsigned char)param[7]) ? strtoul(param + 7, NULL, 10) : ULONG_MAX;
	in->param = arg <= INT_MAX ? (int)arg : -1;
	if (lm_text_starts(in->op, "bra")) {
		while (isspace((unsigned char)*rest))
			rest++;
		snprintf(in->target, sizeof in->target, "%.*s", (int)strcspn(rest, " \t;"), rest);
		return true;
	}
	in->dest = !lm_text_starts(in->op, "st.") && !lm_text_starts(in->op, "red.") && !lm_text_starts(in->op, "call") &&
		   !lm_text_starts(in->op, "ret") && !lm_text_starts(in->op, "bar") && !lm_text_starts(in->op, "membar") &&
		   !lm_text_starts(in->op, "exit");
	const char *open = strchr(rest, '[');
	if (open && open[1] == '%') { /* [%rd6], [%rd6+4], [%rd6+-4] */
		size_t len = strspn(open + 2, "abcdefghijklmnopqrstuvwxyz0123456789_.");
		snprintf(in->base, sizeof in->base, "%.*s", (int)(len + 1), open + 1);
		const char *q = open + 2 + len;
		in->offset = *q == '+' ? strtol(q + 1, NULL, 0) : *q == '-' ? strtol(q, NULL, 0) : 0;
	}
	for (const char *p = rest; *p && *p != ';' && in->narg < MAX_OPS;) {
		while (isspace((unsigned char)*p) || *p == ',')
			p++;
		size_t len = 0;
		for (int nest = 0; p[len] && p[len] != ';' && (nest || p[len] != ','); len++)
			nest += (p[len] == '{' || p[len] == '[') - (p[len] == '}' || p[len] == ']');
		while (len && isspace((unsigned char)p[len - 1]))
			len--;
		if (len)
			snprintf(in->arg[in->narg++], sizeof in->arg[0], "%.*s", (int)len, p);
		p += len;
		while (*p && *p != ',' && *p != ';')
			p++;
	}
	int depth = 0;
	for (const char *p = rest; *p && *p != ';' && in->nreg < MAX_OPS; p++) {
		if (*p == '[')
			depth++;
		else if (*p == ']')
			depth--;
		if (*p != '%')
			continue;
		size_t len = strspn(p + 1, "abcdefghijklmnopqrstuvwxyz0123456789_.");
		snprintf(in->reg[in->nreg], sizeof in->reg[0], "%.*s", (int)(len + 1), p);
		in->in_brackets[in->nreg++] = depth > 0;
		p += len;
	}
	return true;
}

/* 0: not an integer division or remainder by a register; 32 or 64: one of
 * that width (a constant divisor is a multiply and a shift). */
static int ptx_division(const char *op, const char *divisor)
{
	if (!lm_text_starts(op, "div.") && !lm_text_starts(op, "rem."))
		return 0;
	if (strstr(op, ".f32") || strstr(op, ".f64") || strstr(op, ".f16") || divisor[0] != '%')
		return 0;
	return strstr(op, "64") ? 64 : 32;
}

typedef enum { SPACE_GENERIC, SPACE_GLOBAL, SPACE_CONST, SPACE_SHARED, SPACE_LOCAL, SPACE_PARAM } ptx_space;

/* The state space an ld, ldu or st names among its qualifiers, wherever
 * it stands ("ld.volatile.shared::cta.f32": shared); none, as in "ld.f32"
 * or "ldu.f32" through a generic pointer: generic (a global load, as
 * OpenCL's buffers are; ld.tex, deprecated, reads global memory too). */
static ptx_space ptx_state_space(const char *op)
{
	static const struct {
		const char *name;
		ptx_space space;
	} spaces[] = { { "global", SPACE_GLOBAL }, { "const", SPACE_CONST }, { "shared", SPACE_SHARED },
		       { "local", SPACE_LOCAL }, { "param", SPACE_PARAM } };
	for (const char *q = strchr(op, '.'); q; q = strchr(q + 1, '.')) {
		size_t n = strcspn(q + 1, ".:");
		for (size_t i = 0; i < sizeof spaces / sizeof spaces[0]; i++)
			if (strlen(spaces[i].name) == n && strncmp(q + 1, spaces[i].name, n) == 0)
				return spaces[i].space;
	}
	return SPACE_GENERIC;
}

/* A load or store by its state space: global (ld.global.nc, ldu, and a
 * generic one among them), constant, shared (local memory), local
 * (spills); a kernel parameter's is not memory the loop moves. */
static ptx_kind ptx_memory_kind(const char *op, bool load)
{
	switch (ptx_state_space(op)) {
	case SPACE_GENERIC:
	case SPACE_GLOBAL: return load ? K_LOAD : K_STORE;
	case SPACE_CONST: return load ? K_CLOAD : K_OTHER;
	case SPACE_SHARED: return load ? K_LLOAD : K_LSTORE;
	case SPACE_LOCAL: return K_SPILL;
	default: return K_OTHER;
	}
}

ptx_kind lm_ptx_classify(const char *op)
{
	bool load = lm_text_starts(op, "ld.") || lm_text_starts(op, "ldu.") || !strcmp(op, "ld") || !strcmp(op, "ldu");
	if (load || lm_text_starts(op, "st."))
		return ptx_memory_kind(op, load);
	if (lm_text_starts(op, "atom.") || lm_text_starts(op, "red.")) /* not redux.sync, a warp's reduction */
		return K_ATOMIC;
	static const char *const sfu[] = { "ex2", "lg2", "rsqrt", "sin.", "cos.", "tanh", "rcp.approx",
					   "sqrt.approx" };
	for (size_t i = 0; i < sizeof sfu / sizeof sfu[0]; i++)
		if (lm_text_starts(op, sfu[i]))
			return K_SFU;
	static const char *const arith[] = { "add.", "sub.", "mul.", "fma.", "mad.", "min.", "max.",
					     "neg.", "abs." };
	bool fl = strstr(op, ".f32") || strstr(op, ".f64") || strstr(op, ".f16");
	for (size_t i = 0; fl && i < sizeof arith / sizeof arith[0]; i++)
		if (lm_text_starts(op, arith[i]))
			return K_FLOP;
	return K_OTHER;
}

/* Bytes a thread moves with a load or store: the type's size times the
 * vector width. */
unsigned lm_ptx_bytes(const char *op)
{
	unsigned v = strstr(op, ".v4") ? 4 : strstr(op, ".v2") ? 2 : 1, size = 4;
	const char *t = strrchr(op, '.');
	if (t && (t[2] == '8' && t[3] == '\0'))
		size = 1;
	else if (t && strstr(t, "16"))
		size = 2;
	else if (t && strstr(t, "64"))
		size = 8;
	return v * size;
}

/* Registers' values by name: the depth of float arithmetic since a load
 * (ptx_dependences), the cycle one is ready at (ptx_issue_time). A hash
 * table of at most `most` names (its size twice that, a power of two), so
 * that a body of many thousand instructions is walked in time linear in
 * them (lm_ptx_name_slot); a name of LM_PTX_NAME characters or more is not
 * kept. */
typedef struct {
	char name[LM_PTX_NAME]; /* first: lm_ptx_name_slot */
	double value;
} reg_value;

typedef struct {
	reg_value *slot;
	size_t n, most, mask;
	bool full; /* a name was not kept for want of room */
} reg_table;

static bool reg_table_init(reg_table *t, size_t most)
{
	size_t size = 1;
	while (size < 2 * most)
		size *= 2;
	*t = (reg_table){ .slot = calloc(size, sizeof *t->slot), .most = most, .mask = size - 1 };
	return t->slot != NULL;
}

size_t lm_ptx_name_slot(const void *slots, size_t size, size_t mask, const char *name)
{
	if (!name[0] || strlen(name) >= LM_PTX_NAME)
		return SIZE_MAX;
	unsigned long long h = 1469598103934665603ull;
	for (const char *c = name; *c; c++)
		h = (h ^ (unsigned char)*c) * 1099511628211ull;
	size_t i = (size_t)h & mask;
	const char *at;
	while (*(at = (const char *)slots + i * size) && strcmp(at, name) != 0)
		i = (i + 1) & mask;
	return i;
}

/* r's value, none where it has none. */
static double reg_get(const reg_table *t, const char *r, double none)
{
	size_t i = lm_ptx_name_slot(t->slot, sizeof *t->slot, t->mask, r);
	return i != SIZE_MAX && t->slot[i].name[0] ? t->slot[i].value : none;
}

/* Sets r's value; a name not in the table is added (room left) unless its
 * value is none. */
static void reg_set(reg_table *t, const char *r, double value, double none)
{
	size_t i = lm_ptx_name_slot(t->slot, sizeof *t->slot, t->mask, r);
	if (i == SIZE_MAX)
		return;
	if (t->slot[i].name[0]) {
		t->slot[i].value = value;
		return;
	}
	if (value == none)
		return;
	if (t->n == t->most) {
		t->full = true;
		return;
	}
	snprintf(t->slot[i].name, sizeof t->slot[i].name, "%s", r);
	t->slot[i].value = value;
	t->n++;
}

/* Does the load (store) at path position p touch lines a load (store)
 * before it on the path touches: the same address register, not written
 * between them, an offset within a line? */
bool lm_ptx_shares_lines(const ptx_inst *v, const size_t *ix, size_t p)
{
	const ptx_inst *in = &v[ix[p]];
	ptx_kind kind = lm_ptx_classify(in->op);
	for (size_t q = p; in->base[0] && q-- > 0;) {
		const ptx_inst *o = &v[ix[q]];
		if (o->dest && o->nreg && strcmp(o->reg[0], in->base) == 0)
			return false; /* the register holds another address before */
		if (lm_ptx_classify(o->op) == kind && strcmp(o->base, in->base) == 0 &&
		    lm_listing_offsets_near(o->offset, in->offset, LINE_BYTES))
			return true;
	}
	return false;
}

/* Walks the instructions of the path ix twice (the second pass sees what
 * the first carried round the loop), tracing which registers a load feeds;
 * counts the loads whose address one feeds, the longest float path to one,
 * and the independent loads that read the lines of one before them. */
static void ptx_dependences(const ptx_inst *v, const size_t *ix, size_t nix, lm_count *m)
{
	reg_table t;
	if (!reg_table_init(&t, 4096))
		return;
	unsigned dependent = 0, shared = 0, shared_bytes = 0;
	int alpha = 0, path = 0;
	for (int pass = 0; pass < 2; pass++) {
		dependent = shared = shared_bytes = 0;
		alpha = path = 0;
		for (size_t p = 0; p < nix; p++) {
			const ptx_inst *in = &v[ix[p]];
			if (!in->op[0] || in->target[0])
				continue;
			ptx_kind k = lm_ptx_classify(in->op);
			int src = -1, addr = -1;
			for (int r = in->dest ? 1 : 0; r < in->nreg; r++) {
				int d = (int)reg_get(&t, in->reg[r], -1);
				src = d > src ? d : src;
				if (in->in_brackets[r])
					addr = d > addr ? d : addr;
			}
			if (k == K_LOAD && addr >= 0) {
				dependent++;
				alpha = addr > alpha ? addr : alpha;
			} else if (k == K_LOAD && lm_ptx_shares_lines(v, ix, p)) {
				shared++;
				shared_bytes += lm_ptx_bytes(in->op);
			}
			if (!in->dest || !in->nreg)
				continue;
			/* a load starts a path; a constant one, a cache hit, carries its
			 * address's on, as arithmetic does (a table indexed by a load) */
			int out = k == K_LOAD ? 0 : src < 0 ? -1 : src + (k == K_FLOP);
			path = out > path ? out : path;
			reg_set(&t, in->reg[0], out, -1);
			/* vector loads write a brace list: every register before the address */
			if (k == K_LOAD || k == K_CLOAD)
				for (int r = 1; r < in->nreg && !in->in_brackets[r]; r++)
					reg_set(&t, in->reg[r], out, -1);
		}
	}
	free(t.slot);
	m->independent = m->loads - dependent;
	m->shared_lines = shared;
	m->again_bytes = shared_bytes;
	m->alpha = alpha;
	/* a float chain carried round the loop (a sum's accumulator) is
	 * counted over both passes; an iteration holds at most its own */
	m->float_path = (unsigned)path < m->flops ? (unsigned)path : m->flops;
}

/* The cycles the path ix takes once where each instruction issues as soon
 * as the registers it reads (its predicate too) are ready, as ptxas
 * schedules a body's loads ahead of the arithmetic the PTX puts between
 * them: a global load's result ready lat cycles after it issues, a local
 * load's LM_PTX_LOCAL_CYCLES, an integer division's PTX_DIVISION_INSTS
 * (or the 64-bit one's) instructions one after another, any other's
 * LM_SASS_ALU_CYCLES; its longest such chain, or one cycle an
 * instruction where that is longer (a store issues and is gone). -1
 * where the table of registers cannot be had or holds too few. */
static double ptx_issue_time(const ptx_inst *v, const size_t *ix, size_t nix, double lat)
{
	reg_table t;
	if (!reg_table_init(&t, 4096))
		return -1;
	double end = 0, issued = 0;
	for (size_t p = 0; p < nix; p++) {
		const ptx_inst *in = &v[ix[p]];
		if (!in->op[0])
			continue;
		double at = 0;
		for (int r = in->dest ? 1 : 0; r < in->nreg; r++)
			at = fmax(at, reg_get(&t, in->reg[r], 0));
		if (in->pred[0])
			at = fmax(at, reg_get(&t, in->pred, 0));
		issued++;
		ptx_kind k = lm_ptx_classify(in->op);
		int div = ptx_division(in->op, in->narg > 2 ? in->arg[2] : "");
		double took = k == K_LOAD ? lat : k == K_LLOAD ? LM_PTX_LOCAL_CYCLES :
			      div ? (div == 64 ? PTX_WIDE_DIVISION_INSTS : PTX_DIVISION_INSTS) * LM_SASS_ALU_CYCLES :
			      LM_SASS_ALU_CYCLES;
		if (in->dest && in->nreg && !in->target[0]) {
			reg_set(&t, in->reg[0], at + took, 0);
			/* vector loads write a brace list: every register before the address */
			for (int r = 1; (k == K_LOAD || k == K_LLOAD) && r < in->nreg && !in->in_brackets[r]; r++)
				reg_set(&t, in->reg[r], at + took, 0);
			end = fmax(end, at + took);
		}
		end = fmax(end, at);
	}
	free(t.slot);
	return t.full ? -1 : fmax(end, issued);
}

/* A body run once: the loads' latencies its path takes and its cycles
 * besides (lm_count's body_waits, body_cycles), from its time at two
 * latencies; left 0 where the path cannot be timed. */
static void ptx_body_time(const ptx_inst *v, const size_t *ix, size_t nix, lm_count *m)
{
	double lo = ptx_issue_time(v, ix, nix, 1000), hi = ptx_issue_time(v, ix, nix, 2000);
	if (!(lo >= 0 && hi >= lo))
		return;
	m->body_waits = (hi - lo) / 1000;
	m->body_cycles = fmax(lo - m->body_waits * 1000, 0);
}

static bool memory_access(ptx_kind k)
{
	return k != K_SFU && k != K_FLOP && k != K_OTHER;
}

/* The path through the loop lo..hi (v[lo] its label, v[hi] the branch
 * back) that one iteration takes when the loop branches: of the paths from
 * the head back to it, the one with the most memory accesses, then the
 * most instructions (a stencil's inside, not its border); fewest: the
 * fewest memory accesses (what a grid-stride loop runs around the loop
 * inside it, the copies of its remainder skipped). Its instructions'
 * indices in ix (at most hi - lo + 1), in order; the count. Without a
 * branch inside, every instruction of the loop. */
static size_t ptx_hot_path(const ptx_inst *v, size_t lo, size_t hi, bool fewest, size_t *ix)
{
	size_t nb = 0, n = hi - lo + 1;
	size_t *first = malloc(n * sizeof *first), *pred = malloc(n * sizeof *pred);
	long *best = malloc(n * sizeof *best), *weight = malloc(n * sizeof *weight);
	size_t count = 0;
	if (!first || !pred || !best || !weight)
		goto whole;
	/* blocks: a label or the instruction after a branch starts one */
	for (size_t i = lo; i <= hi; i++)
		if (i == lo || v[i].label[0] || v[i - 1].target[0])
			first[nb++] = i;
	for (size_t b = 0; b < nb; b++) {
		size_t end = b + 1 < nb ? first[b + 1] : hi + 1;
		long mem = 0, insts = 0;
		for (size_t i = first[b]; i < end; i++)
			if (v[i].op[0]) {
				insts++;
				mem += !v[i].target[0] && memory_access(lm_ptx_classify(v[i].op));
			}
		weight[b] = (fewest ? -mem : mem) * 100000 + insts;
		best[b] = b ? LONG_MIN : weight[b];
	}
	long top = LONG_MIN;
	size_t last = 0;
	for (size_t b = 0; b < nb; b++) {
		if (best[b] == LONG_MIN)
			continue;
		size_t end = (b + 1 < nb ? first[b + 1] : hi + 1) - 1;
		const ptx_inst *e = &v[end];
		bool stops = lm_text_starts(e->op, "ret") || lm_text_starts(e->op, "exit");
		size_t next[2], nn = 0;
		if (e->target[0] && strcmp(e->target, v[lo].label) == 0 && best[b] > top) {
			top = best[b]; /* back to the head: an iteration */
			last = b;
		} else if (e->target[0]) {
			for (size_t c = b + 1; c < nb && !nn; c++) /* labels are unique */
				if (strcmp(v[first[c]].label, e->target) == 0)
					next[nn++] = c;
		}
		if (!stops && (!e->target[0] || e->guarded) && b + 1 < nb)
			next[nn++] = b + 1;
		for (size_t k = 0; k < nn; k++)
			if (best[b] + weight[next[k]] > best[next[k]]) {
				best[next[k]] = best[b] + weight[next[k]];
				pred[next[k]] = b;
			}
	}
	if (top == LONG_MIN)
		goto whole;
	/* the path's blocks, marked back from its last (weight no longer needed) */
	for (size_t b = 0; b < nb; b++)
		weight[b] = 0;
	for (size_t b = last;; b = pred[b]) {
		weight[b] = 1;
		if (b == 0)
			break;
	}
	for (size_t b = 0; b < nb; b++) {
		size_t end = b + 1 < nb ? first[b + 1] : hi + 1;
		for (size_t i = first[b]; weight[b] && i < end; i++)
			ix[count++] = i;
	}
	goto done;
whole:
	count = 0;
	for (size_t i = lo; i <= hi; i++)
		ix[count++] = i;
done:
	free(first);
	free(pred);
	free(best);
	free(weight);
	return count;
}

/* Finds the lines of function name's body; false if it is not there. */
static bool ptx_function(char *text, const char *name, char **body)
{
	char key[128];
	snprintf(key, sizeof key, ".entry %s(", name);
	char *p = strstr(text, key);
	if (!p) {
		snprintf(key, sizeof key, ".entry %s\n", name);
		p = strstr(text, key);
	}
	if (!p)
		return false;
	char *open = strchr(p, '{');
	if (!open)
		return false;
	int depth = 0;
	for (char *q = open; *q; q++) {
		if (*q == '{')
			depth++;
		else if (*q == '}' && --depth == 0) {
			*q = '\0';
			*body = open + 1;
			return true;
		}
	}
	return false;
}

/* Reads the body of a function (from body on, within text, which it cuts
 * into lines) into its instructions and labels, in order: *v (free()d by
 * the caller, whatever this returns) and *n. */
static lm_status ptx_read(const char *text, char *body, ptx_inst **v, size_t *n)
{
	unsigned line = 1;
	for (const char *q = text; q < body; q++)
		line += *q == '\n';
	size_t cap = 256;
	*n = 0;
	*v = malloc(cap * sizeof **v);
	if (!*v)
		return lm_fail(LM_ENOMEM, "out of memory");
	for (char *l = body, *next; l; l = next, line++) {
		next = strchr(l, '\n');
		if (next)
			*next++ = '\0';
		if (*n == cap) {
			ptx_inst *w = realloc(*v, 2 * cap * sizeof **v);
			if (!w)
				return lm_fail(LM_ENOMEM, "out of memory");
			*v = w;
			cap *= 2;
		}
		if (*n && (*v)[*n - 1].label[0] && strstr(l, ".pragma") && strstr(l, "\"nounroll\""))
			(*v)[*n - 1].nounroll = true;
		else if (ptx_line(l, line, &(*v)[*n]))
			(*n)++;
	}
	return LM_OK;
}

/* One instruction of the path an iteration takes, into out's figures. */
static void ptx_tally(const ptx_inst *in, lm_count *out)
{
	if (!in->op[0])
		return;
	out->insts++;
	if (in->target[0]) {
		out->other++;
		return;
	}
	switch (lm_ptx_classify(in->op)) {
	case K_LOAD: out->loads++; out->load_bytes += lm_ptx_bytes(in->op); break;
	case K_CLOAD:
		out->loads++;
		out->const_loads++;
		out->load_bytes += lm_ptx_bytes(in->op);
		out->const_bytes += lm_ptx_bytes(in->op);
		break;
	case K_STORE: out->stores++; out->store_bytes += lm_ptx_bytes(in->op); break;
	case K_ATOMIC: out->atomics++; break;
	case K_LLOAD: out->local_loads++; break;
	case K_LSTORE: out->local_stores++; break;
	case K_SPILL: out->spills++; break;
	case K_SFU: out->sfu++; break;
	case K_FLOP: out->flops++; break;
	default:
		out->other++;
		switch (ptx_division(in->op, in->narg > 2 ? in->arg[2] : "")) {
		case 32: out->divisions++; break;
		case 64: out->wide_divisions++; break;
		}
		break;
	}
}

/* The lanes of a kernel that reads %tid.y followed again for each
 * work-group width under a warp that divides it (16 to 1: a warp over 2
 * to 32 of the group's rows), into out's rows; again: the bytes of the
 * loads reading another's lines, before lanes.c added those into
 * another's array. */
static void ptx_count_rows(const ptx_inst *v, size_t lo, const size_t *ix, size_t nix, unsigned again,
			   lm_count *out)
{
	lm_count *c = malloc(sizeof *c);
	unsigned row_stores = 0;
	for (int i = 0; c && i < LM_COUNT_ROW_WIDTHS; i++) {
		*c = *out;
		c->again_bytes = again;
		unsigned width = 16u >> i;
		lm_ptx_lanes(v, lo, ix, nix, width, c);
		row_stores = c->row_stores > row_stores ? c->row_stores : row_stores;
		out->rows[i] = (lm_count_lanes){ width, c->scattered_loads, c->scattered_stores, c->same_array,
						 c->misaligned_loads, c->misaligned_stores, c->partial_stores,
						 c->strided, c->unfollowed, c->gap_load_bytes, c->gap_store_bytes,
						 c->again_bytes, c->same_bytes, c->uniform_loads, c->split_loads,
						 c->split_stores, c->split_load_sectors, c->split_store_sectors,
						 c->l1_lines, c->narrow_bytes, c->gathered, c->own_runs,
						 c->own_run_partners, c->own_run_partner_bytes, c->merged_stores };
	}
	free(c);
	/* a group 32 wide or more puts a warp on one of its rows: such a store
	 * is scattered along x, its sectors completed by the group's other rows */
	out->merged_stores = row_stores < out->scattered_stores ? row_stores : out->scattered_stores;
}

/* Counts the loop found (loops) of the body v (n instructions) into out
 * (once: a body a work-item runs once, loops spanning it): the path an
 * iteration takes (its instructions' indices into ix, room for the whole
 * loop), what feeds what along it, how its addresses vary across the
 * lanes (the scalar arguments args knows taken as their values), and
 * which arguments the body loads and stores. */
static void ptx_count_loop(const ptx_inst *v, size_t n, const ptx_loops *loops, bool once,
			   const lm_count_args *args, size_t *ix, lm_count *out)
{
	size_t lo = loops->lo, hi = loops->hi;
	memset(out, 0, sizeof *out);
	if (args)
		out->scalars = *args;
	out->loopless = once; /* lanes.c: a body run once reads no other iteration's lines */
	out->loops = (unsigned)loops->loops;
	out->ptx_first = v[lo].line;
	out->ptx_last = v[hi].line;
	for (size_t i = lo; i <= hi; i++)
		out->body_insts += v[i].op[0] != '\0';
	size_t nix = ptx_hot_path(v, lo, hi, loops->fewest, ix);
	out->dims = lm_ptx_dims(v, n);
	/* a body a work-item runs once along x: what its group runs once */
	bool *group = once && out->dims == 1 ? malloc(n * sizeof *group) : NULL;
	if (group) {
		lm_ptx_group_once(v, n, group);
		lm_ptx_group_tree(v, loops, ix, nix, out);
	}
	for (size_t p = 0; p < nix; p++)
		ptx_tally(&v[ix[p]], out);
	ptx_dependences(v, ix, nix, out);
	if (once)
		ptx_body_time(v, ix, nix, out);
	/* the group's stores are not a warp's access: its lanes not followed */
	size_t kept = 0;
	for (size_t p = 0; p < nix; p++) {
		bool by_group = group && group[ix[p]] && lm_ptx_classify(v[ix[p]].op) == K_STORE;
		out->group_stores += by_group;
		out->stores -= by_group;
		out->store_bytes -= by_group ? lm_ptx_bytes(v[ix[p]].op) : 0;
		if (!by_group)
			ix[kept++] = ix[p];
	}
	free(group);
	nix = kept;
	unsigned again = out->again_bytes;
	lm_ptx_lanes(v, lo, ix, nix, 0, out);
	lm_ptx_args(v, n, out);
	if (out->dims >= 2)
		ptx_count_rows(v, lo, ix, nix, again, out);
}

/* The times the compiler unrolled a loop whose remainder it peeled into
 * straight code and whose copies read off one register (gemv's row,
 * a[c] to a[c + 3] at [%rd+4] ...), read from its runs: each lane's own
 * run read as k words in a row a turn (each run with k - 1 partners) taken
 * as k of the source's iterations; 1 where the runs do not say. A source
 * whose one iteration reads k words in a row reads alike. */
static unsigned ptx_run_unroll(const lm_count *m)
{
	unsigned heads = m->own_runs - m->own_run_partners;
	return m->own_run_partners && heads && m->own_runs % heads == 0 ? m->own_runs / heads : 1;
}

/* The body of v (n instructions) outside its loop found (loops) and the
 * loop rem of them that runs its remainder (loops->n: none), what a
 * work-item runs once around the loop, counted as a body without a loop
 * into the model's terms (rest); a nested loop's, what each turn of the
 * grid-stride loop runs around it. False where nothing lies outside them
 * or memory runs out. */
static bool ptx_count_rest(const ptx_inst *v, size_t n, const ptx_loops *loops, size_t rem,
			   const lm_count_args *args, lm_kernel_mix *rest)
{
	ptx_inst *w = malloc(n * sizeof *w);
	size_t *ix = malloc(n * sizeof *ix), nw = 0;
	if (!w || !ix) {
		free(w);
		free(ix);
		return false;
	}
	ptx_loops around = { .lo = 0 };
	for (size_t i = 0; i < n; i++) {
		bool in_loop = i >= loops->lo && i <= loops->hi;
		bool in_rem = rem < loops->n && i >= loops->lo_of[rem] && i <= loops->hi_of[rem];
		bool past = loops->nested && i > loops->outer_hi; /* another path, or the end */
		around.lo = loops->nested && i == loops->outer_lo ? nw : around.lo;
		if (!in_loop && !in_rem && !past)
			w[nw++] = v[i];
	}
	if (nw) {
		/* a nested loop's: a turn of the grid-stride loop, the instructions
		 * before it followed first, its path the fewest accesses */
		around.hi = nw - 1;
		around.fewest = loops->nested;
		/* else what a work-item runs once after its loop: its loops over
		 * local memory (a reduction's tree) are what its group runs */
		ptx_loops found;
		if (!loops->nested) {
			lm_ptx_find_loops(w, nw, &found);
			around.n = found.accesses ? 0 : found.n;
			memcpy(around.lo_of, found.lo_of, sizeof around.lo_of);
			memcpy(around.hi_of, found.hi_of, sizeof around.hi_of);
		}
		lm_count c;
		ptx_count_loop(w, nw, &around, true, args, ix, &c);
		lm_count_model(&c, rest);
	}
	free(w);
	free(ix);
	return nw > 0;
}

lm_status lm_count_count_ptx(const char *ptx, const char *name, lm_count *out)
{
	return lm_count_count_ptx_at(ptx, name, NULL, out);
}

lm_status lm_count_count_ptx_at(const char *ptx, const char *name, const lm_count_args *args, lm_count *out)
{
	char *text = strdup(ptx), *body;
	if (!text)
		return lm_fail(LM_ENOMEM, "out of memory");
	if (!ptx_function(text, name, &body)) {
		free(text);
		return lm_fail(LM_EPARSE, "no kernel %s in the PTX", name);
	}
	ptx_inst *v = NULL;
	size_t n = 0, *ix = NULL;
	ptx_loops loops;
	lm_status s = ptx_read(text, body, &v, &n);
	bool whole = false;
	if (s == LM_OK) {
		lm_ptx_find_loops(v, n, &loops);
		whole = lm_ptx_loopless(v, n, &loops);
		if (!whole && (s = lm_ptx_check_loop(v, &loops, name)) != LM_OK && lm_ptx_nested(v, &loops)) {
			lm_error_clear(); /* a grid-stride loop around the loop: the one inside counted */
			s = lm_ptx_check_loop(v, &loops, name);
		}
	}
	if (s == LM_OK && !(ix = malloc((loops.hi - loops.lo + 1) * sizeof *ix)))
		s = lm_fail(LM_ENOMEM, "out of memory");
	if (s == LM_OK) {
		ptx_count_loop(v, n, &loops, whole, args, ix, out);
		out->loopless = whole;
		out->nested = loops.nested;
		out->once_loops = whole ? lm_ptx_heads(&loops) : 0;
		size_t rem = loops.n;
		out->unroll = whole ? 1 : lm_ptx_unroll(v, &loops, &rem);
		if (out->unroll == 1 && !whole)
			out->unroll = ptx_run_unroll(out);
		/* an unrolled loop's copies of one access read the array at the
		 * loop's step from each other (colsum's rows k to k + 3), lines no
		 * other iteration reads: lines of their own, not a stencil's rows */
		if (out->unroll > 1) {
			out->again_bytes -= out->same_bytes;
			out->same_array = out->same_bytes = 0;
			for (int i = 0; i < LM_COUNT_ROW_WIDTHS; i++) {
				out->rows[i].again_bytes -= out->rows[i].same_bytes;
				out->rows[i].same_array = out->rows[i].same_bytes = 0;
			}
		}
		out->rest_counted = !whole && ptx_count_rest(v, n, &loops, rem, args, &out->rest);
	}
	free(ix);
	free(v);
	free(text);
	return s;
}
