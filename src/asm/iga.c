/* iga: iga64's disassembly of an Intel kernel, a line at a time, into
 * inst.h's instructions. */
#include "asm/inst.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned iga_type_size(const char *t)
{
	if (strcmp(t, "b") == 0 || strcmp(t, "ub") == 0)
		return 1;
	if (strcmp(t, "w") == 0 || strcmp(t, "uw") == 0 || strcmp(t, "hf") == 0 || strcmp(t, "bf") == 0)
		return 2;
	if (strcmp(t, "q") == 0 || strcmp(t, "uq") == 0 || strcmp(t, "df") == 0)
		return 8;
	return 4;
}

/* "r9.0<1>:f" written by exec lanes: the GRFs it covers. */
static bool iga_dst(const char *s, unsigned exec, unsigned grf, reg_range *r, char *type, size_t tsize)
{
	type[0] = '\0';
	if (s[0] != 'r' || !isdigit((unsigned char)s[1]))
		return false;
	char *end;
	unsigned long reg = strtoul(s + 1, &end, 10);
	unsigned long sub = 0, stride = 1;
	if (*end == '.')
		sub = strtoul(end + 1, &end, 10);
	if (*end == '<')
		stride = strtoul(end + 1, &end, 10);
	const char *colon = strchr(s, ':');
	if (colon)
		snprintf(type, tsize, "%s", colon + 1);
	unsigned ts = iga_type_size(type);
	unsigned long last = sub * ts + ((exec ? exec : 1) - 1) * (stride ? stride : 1) * ts + ts - 1;
	*r = (reg_range){ 'r', (unsigned)reg, (unsigned)(reg + last / grf) };
	return true;
}

static bool iga_branch_op(const char *op)
{
	static const char *const ops[] = { "jmpi", "brc", "brd", "while", "goto", "goto.b", "join", "if",
					   "else", "endif", "break", "cont", "halt", "call", "calla",
					   "ret" };
	for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
		if (strcmp(op, ops[i]) == 0)
			return true;
	return false;
}

/* A send's bytes a lane, from iga64's comment on it (0 where it does not
 * say: atomics, blocks): LSC messages (Xe-HPG on) name their data
 * "load.ugm.d32x4.a64", a d8, d16, d32 or d64 element (d8u32, d16u32: one
 * widened into a dword) times its vector, a "t" after it a block for the
 * whole message; the legacy dataport's (Xe-LP) "untyped surface read with
 * xyzw", a dword a channel named. */
static unsigned iga_bytes(const char *what)
{
	if (strstr(what, "atomic"))
		return 0;
	for (const char *d = strstr(what, ".d"); d; d = strstr(d + 1, ".d")) {
		if (!isdigit((unsigned char)d[2]))
			continue;
		char *end;
		unsigned long bits = strtoul(d + 2, &end, 10), vec = 1;
		if (lm_text_starts(end, "u32"))
			end += 3;
		if (*end == 'x')
			vec = strtoul(end + 1, &end, 10);
		if (*end == 't' || (bits != 8 && bits != 16 && bits != 32 && bits != 64) || !vec || vec > 64)
			return 0;
		return (unsigned)(bits / 8 * vec);
	}
	const char *w = strstr(what, "untyped surface");
	if (w && (w = strstr(w, " with "))) {
		size_t n = strspn(w + 6, "xyzw");
		if (n)
			return (unsigned)(4 * n);
	}
	return 0;
}

/* Does a send's comment name a block, one address for the whole thread:
 * the dataport's "oword aligned block read", an LSC message's transposed
 * data ("load.ugm.d32x16t.a32": a "t" after the vector)? */
static bool iga_block(const char *what)
{
	if (strstr(what, "block"))
		return true;
	for (const char *d = strstr(what, ".d"); d; d = strstr(d + 1, ".d")) {
		size_t n = strspn(d + 2, "0123456789");
		if (!n)
			continue;
		const char *e = d + 2 + n;
		if (lm_text_starts(e, "u32"))
			e += 3;
		if (*e == 'x')
			e += 1 + strspn(e + 1, "0123456789");
		return *e == 't';
	}
	return false;
}

/* Is op (with its type: "mad:f") float arithmetic besides the chains'
 * adds (add:f): a multiply, a multiply-add, an add of another float type? */
static bool iga_float_op(const char *op)
{
	static const char *const ops[] = { "mad:", "mul:", "mac:", "madm:", "lrp:", "add:" };
	static const char *const types[] = { "f", "hf", "df", "bf" };
	for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
		if (!lm_text_starts(op, ops[i]))
			continue;
		const char *t = op + strlen(ops[i]);
		for (size_t k = 0; k < sizeof types / sizeof types[0]; k++)
			if (strcmp(t, types[k]) == 0)
				return strcmp(op, "add:f") != 0;
	}
	return false;
}

/* A send's registers: dst (rd:N of them) written, src0 (wr:N) the address;
 * what it does, from iga64's comment: fences, barriers and the thread's end
 * are no memory access; local memory is the LSC's SLM (send.slm, ".slm")
 * or, before it, the dataport's binding table entry 254 (the descriptor's
 * low byte 0xFE: Intel's Gen graphics PRMs, "Shared Local Memory"). */
static void iga_send(const char *rest, const char *comment, inst *in)
{
	char dst[32], src0[32], src1[32], exdesc[32], desc[32];
	rest = token(rest, "", dst, sizeof dst);
	rest = token(rest, "", src0, sizeof src0);
	rest = token(rest, "", src1, sizeof src1);
	rest = token(rest, "", exdesc, sizeof exdesc);
	token(rest, "", desc, sizeof desc);
	unsigned long wr = 1, rd = 1;
	const char *w = comment ? strstr(comment, "wr:") : NULL;
	const char *r = comment ? strstr(comment, "rd:") : NULL;
	if (w)
		wr = strtoul(w + 3, NULL, 10);
	if (r)
		rd = strtoul(r + 3, NULL, 10);
	const char *what = comment ? strchr(comment, ';') : NULL;
	what = what ? what : "";
	if (strstr(what, "fence") || strstr(what, "barrier") || strstr(what, "end of thread")) {
		in->kind = LM_LISTING_OTHER;
		in->end = strstr(what, "end of thread") != NULL;
		return;
	}
	in->uniform = iga_block(what);
	in->local = lm_text_starts(in->op, "send.slm") || strstr(what, ".slm") ||
		    (lm_text_starts(in->op, "send.dc") && (strtoul(desc, NULL, 16) & 0xff) == 0xfe);
	in->atomic = !in->local && strstr(what, "atomic") != NULL;
	if (strstr(what, "scratch"))
		in->kind = LM_LISTING_SPILL;
	else if (in->atomic)
		in->kind = LM_LISTING_MEM_OTHER;
	else if (strstr(what, "load") || strstr(what, "read")) {
		in->kind = LM_LISTING_CHASE;
		in->load = true;
	} else {
		in->kind = LM_LISTING_MEM_OTHER;
	}
	in->bytes = iga_bytes(what);
	char *end;
	if (dst[0] == 'r' && isdigit((unsigned char)dst[1]) && rd) {
		unsigned long reg = strtoul(dst + 1, &end, 10);
		add_range(in->wr, &in->nwr, 'r', (unsigned)reg, (unsigned)(reg + rd - 1));
	}
	if (in->load && src0[0] == 'r' && isdigit((unsigned char)src0[1])) {
		unsigned long reg = strtoul(src0 + 1, &end, 10);
		add_range(in->addr, &in->naddr, 'r', (unsigned)reg, (unsigned)(reg + (wr ? wr : 1) - 1));
	}
}

/* An instruction other than a branch or a send, its operands at q: the
 * registers it writes, its type after its name, its kind. */
static void iga_operation(const char *q, unsigned grf, inst *in)
{
	char tok[64];
	token(q, "", tok, sizeof tok);
	reg_range r;
	char type[8];
	if (iga_dst(tok, in->exec, grf, &r, type, sizeof type))
		add_range(in->wr, &in->nwr, r.file, r.lo, r.hi);
	else if (strchr(tok, ':'))
		snprintf(type, sizeof type, "%s", strchr(tok, ':') + 1);
	if (type[0] && strlen(in->op) + strlen(type) + 2 < sizeof in->op) {
		/* "add:f", a float add, is not "add:q", an address's */
		strcat(in->op, ":");
		strcat(in->op, type);
	}
	if (strcmp(in->op, "add:f") == 0) {
		in->kind = LM_LISTING_ADD;
		in->add_ops = 1;
	} else if (iga_float_op(in->op)) {
		in->flop = true;
	} else if (lm_text_starts(in->op, "math")) {
		in->kind = LM_LISTING_SFU;
	} else if (strcmp(in->op, "load") == 0 || lm_text_starts(in->op, "load.")) {
		in->kind = LM_LISTING_CHASE;
		in->load = true;
	} else if (strcmp(in->op, "store") == 0 || lm_text_starts(in->op, "store.")) {
		in->kind = LM_LISTING_MEM_OTHER;
	}
}

/* Parses one line of iga64's disassembly, as lm_amdgcn_line does. */
bool lm_iga_line(char *s, unsigned grf, inst *in, char *lb, size_t lb_size)
{
	lb[0] = '\0';
	if (s[0] == 'L' && isdigit((unsigned char)s[1])) {
		size_t n = strspn(s + 1, "0123456789");
		if (s[1 + n] == ':')
			snprintf(lb, lb_size, "%.*s", (int)n + 1, s);
		return false;
	}
	char *comment = strstr(s, "//");
	if (comment)
		*comment = '\0';
	char *brace = strchr(s, '{');
	if (brace)
		*brace = '\0';
	const char *p = skip_space(s);
	if (!*p)
		return false;
	memset(in, 0, sizeof *in);
	char tok[64];
	bool nomask = lm_text_starts(p, "(W");
	if (*p == '(') /* predicate: (W), (f0.1), (~f0.0) */
		p = skip_space(strchr(p, ')') ? strchr(p, ')') + 1 : p + 1);
	p = token(p, "", in->op, sizeof in->op);
	/* "illegal": the padding after the thread's end */
	if (!in->op[0] || strcmp(in->op, "illegal") == 0)
		return false;
	unsigned exec = 1;
	const char *q = skip_space(p);
	if (*q == '(' && isdigit((unsigned char)q[1])) {
		char *end;
		exec = (unsigned)strtoul(q + 1, &end, 10);
		if (end[0] == '|' && end[1] == 'M')
			in->chan = (unsigned)strtoul(end + 2, NULL, 10);
		q = skip_space(strchr(q, ')') ? strchr(q, ')') + 1 : q + 1);
	}
	in->exec = exec;
	/* lanes 16-31 (M16, M24): the upper half of a SIMD32 thread, whose lower
	 * half stands for both, as a SIMD16 thread (the width latmix counts
	 * Intel's warps in) runs once; a SIMD8 or SIMD16 thread has none */
	in->upper = in->chan >= 16;
	if (*q == '(') /* condition modifier: (eq)f0.0 */
		q = token(q, "", tok, sizeof tok);
	in->kind = LM_LISTING_OTHER;
	if (iga_branch_op(in->op)) {
		in->branch = true;
		in->kind = lm_text_starts(in->op, "call") ? LM_LISTING_CALL : LM_LISTING_OTHER;
		/* the jump's label: the first (JIP); a backward goto's (goto.b)
		 * loop head is its second (UIP) */
		int want = strcmp(in->op, "goto.b") == 0 ? 2 : 1;
		for (const char *t = q; *t && want;) {
			t = token(t, "", tok, sizeof tok);
			if (tok[0] == 'L' && isdigit((unsigned char)tok[1]) && --want == 0)
				snprintf(in->target, sizeof in->target, "%.47s", tok);
			if (!tok[0])
				break;
		}
		return true;
	}
	if (lm_text_starts(in->op, "send")) {
		iga_send(q, comment ? comment + 2 : NULL, in);
		in->uniform |= nomask || exec == 1;
		return true;
	}
	iga_operation(q, grf, in);
	return true;
}

/* Is in an access to global memory: a load, a store, an atomic, not to
 * local memory? */
static bool iga_global(const inst *in)
{
	return !in->local && (in->kind == LM_LISTING_CHASE || in->kind == LM_LISTING_FIXED ||
			      in->kind == LM_LISTING_MEM_OTHER);
}

bool lm_iga_whole_body(inst *v, size_t n, size_t *last, char *why, size_t why_size)
{
	/* the lanes a SIMD32 thread's accesses cover in each half: a kernel
	 * with one work-item an element reads and writes as much in both */
	unsigned low = 0, high = 0;
	*last = n ? n - 1 : 0;
	for (size_t i = 0; i < n; i++) {
		inst *in = &v[i];
		if (in->end)
			*last = i;
		if (in->load && in->uniform && !in->local) {
			in->load = false;
			in->kind = LM_LISTING_OTHER;
		}
		if (!iga_global(in) || in->uniform)
			continue;
		if (in->upper)
			high += in->exec;
		else if (in->chan + in->exec <= 16)
			low += in->exec;
	}
	if (high && high != low) {
		snprintf(why, why_size, "and its SIMD32 body's halves do not pair (its global accesses cover %u "
			 "lanes of 0-15, %u of 16-31): what a work-item runs is not told apart", low, high);
		return false;
	}
	return true;
}
