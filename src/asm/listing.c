#include "asm/listing.h"
#include "bench/kernels.h"
#include "bench/measure.h"
#include "bench/vendor.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* ---- the parsed listing ---- */

/* A register range: file 'v', 's', 'a' (AMD), 'r' (Intel GRF). */
typedef struct {
	char file;
	unsigned lo, hi;
} reg_range;

#define MAX_RANGES 4

typedef struct {
	size_t line;            /* its line in the listing */
	char op[64];
	lm_listing_kind kind;
	unsigned add_ops;
	bool load;              /* a load: chase or fixed, decided by its address */
	unsigned bytes;         /* a memory access's bytes a lane (0: not said) */
	bool local;             /* to local (shared) memory: AMD's ds_, Intel's SLM */
	bool atomic;            /* an atomic on global memory */
	long offset;            /* AMD: the immediate "offset:N" of a memory access */
	bool copy;              /* a register copy (AMD: a move, or an AGPR read back):
				 * addr holds its source */
	bool branch;
	char target[48];        /* a branch's label */
	reg_range wr[MAX_RANGES], addr[MAX_RANGES];
	int nwr, naddr;
} inst;

typedef struct {
	char name[48];
	size_t line;            /* its line */
	size_t next;            /* the instruction after it */
} label;

struct lm_listing {
	char target[32];
	char what[512];         /* the target in words */
	const char *mix;
	const char *kernel;
	lm_alpha alpha;
	unsigned chains, mem_n, alu_n, bodies;
	unsigned inner;         /* passes an iteration of the loop around its
				 * store (stream-fill: a step each); 0: none */
	char options[512];      /* latmix's build options for the target */
	char dropped[256];      /* those the compiler was not given */
	char command[2048];     /* the compiler command lines, as run */
	const char *note;       /* what stands in for a vendor library, or NULL */
	char *listing;          /* the kernel's listing */
	char *loop;             /* the loop's lines */
	lm_listing_counts counts;
	lm_listing_op *ops;
	size_t cap;
};

static const char *const kind_names[LM_LISTING_NKINDS] = {
	[LM_LISTING_CHASE] = "chase load", [LM_LISTING_FIXED] = "flag load", [LM_LISTING_SPILL] = "spill",
	[LM_LISTING_MEM_OTHER] = "memory, other", [LM_LISTING_ADD] = "add", [LM_LISTING_SFU] = "sfu",
	[LM_LISTING_CALL] = "call", [LM_LISTING_OTHER] = "other",
};

bool lm_listing_offsets_near(long a, long b, long bytes)
{
	long d;
	return !__builtin_sub_overflow(a, b, &d) && d < bytes && d > -bytes;
}

const char *lm_listing_kind_name(lm_listing_kind k)
{
	return (unsigned)k < LM_LISTING_NKINDS ? kind_names[k] : "?";
}

static bool starts(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

static const char *skip_space(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

/* Copies the token at s (up to a blank or one of stop) into buf; returns
 * what follows it. */
static const char *token(const char *s, const char *stop, char *buf, size_t size)
{
	s = skip_space(s);
	size_t n = 0;
	while (*s && *s != ' ' && *s != '\t' && !strchr(stop, *s)) {
		if (n + 1 < size)
			buf[n++] = *s;
		s++;
	}
	buf[n] = '\0';
	return s;
}

static bool overlaps(const reg_range *a, const reg_range *b)
{
	return a->file == b->file && a->lo <= b->hi && b->lo <= a->hi;
}

/* The last instruction of the loop lo..hi before i (around the loop) that
 * writes any of r; NULL if none does. */
static const inst *reaching(const inst *insts, size_t lo, size_t hi, size_t i, const reg_range *r)
{
	size_t n = hi - lo + 1;
	for (size_t k = 1; k <= n; k++) {
		const inst *in = &insts[lo + (i - lo + n - k) % n];
		for (int w = 0; w < in->nwr; w++)
			if (overlaps(r, &in->wr[w]))
				return in;
	}
	return NULL;
}

/* Whether an instruction from lo to hi writes any register copy c reads. */
static bool written_in(const inst *insts, size_t lo, size_t hi, const inst *c)
{
	for (size_t j = lo; j <= hi; j++)
		for (int a = 0; a < c->naddr; a++)
			for (int w = 0; w < insts[j].nwr; w++)
				if (overlaps(&c->addr[a], &insts[j].wr[w]))
					return true;
	return false;
}

static void add_range(reg_range *r, int *n, char file, unsigned lo, unsigned hi)
{
	if (*n < MAX_RANGES)
		r[(*n)++] = (reg_range){ file, lo, hi };
}

/* ---- AMD: clang's amdgcn assembly ---- */

/* "v6", "s[60:61]", "-v2", "|v3|": a register operand; false otherwise. */
static bool amd_reg(const char *s, reg_range *r)
{
	s = skip_space(s);
	while (*s == '-' || *s == '|')
		s++;
	if (*s != 'v' && *s != 's' && *s != 'a')
		return false;
	char file = *s++;
	char *end;
	if (*s == '[') {
		unsigned long lo = strtoul(s + 1, &end, 10);
		if (end == s + 1 || *end != ':')
			return false;
		unsigned long hi = strtoul(end + 1, &end, 10);
		if (*end != ']')
			return false;
		*r = (reg_range){ file, (unsigned)lo, (unsigned)hi };
		return true;
	}
	if (!isdigit((unsigned char)*s))
		return false;
	unsigned long n = strtoul(s, &end, 10);
	if (isalnum((unsigned char)*end) || *end == '_')
		return false;
	*r = (reg_range){ file, (unsigned)n, (unsigned)n };
	return true;
}

static lm_listing_kind amd_kind(const char *op, unsigned *add_ops, bool *load)
{
	*add_ops = 0;
	*load = false;
	if (starts(op, "s_swappc") || starts(op, "s_call"))
		return LM_LISTING_CALL;
	/* OpenCL kernels reach global memory through global_ or flat_;
	 * buffer_ and scratch_ are private memory */
	if (starts(op, "buffer_") || starts(op, "scratch_"))
		return LM_LISTING_SPILL;
	if (starts(op, "global_load") || starts(op, "flat_load") || starts(op, "ds_read") ||
	    starts(op, "ds_load") || starts(op, "s_load") || starts(op, "s_buffer_load")) {
		*load = true;
		return LM_LISTING_CHASE;
	}
	if (starts(op, "global_") || starts(op, "flat_") || starts(op, "s_store") ||
	    starts(op, "s_atomic") ||
	    (starts(op, "ds_") && !starts(op, "ds_swizzle") && !strstr(op, "permute")))
		return LM_LISTING_MEM_OTHER;
	if (starts(op, "v_add_f32") || starts(op, "v_dual_add_f32")) {
		*add_ops = 1;
		return LM_LISTING_ADD;
	}
	if (starts(op, "v_pk_add_f32")) {
		*add_ops = 2;
		return LM_LISTING_ADD;
	}
	static const char *const sfu[] = { "v_rsq_", "v_rcp_", "v_sqrt_", "v_exp_", "v_log_",
					   "v_sin_", "v_cos_" };
	for (size_t i = 0; i < sizeof sfu / sizeof sfu[0]; i++)
		if (starts(op, sfu[i]))
			return LM_LISTING_SFU;
	return LM_LISTING_OTHER;
}

/* A global or scalar load's or store's bytes a lane, from its suffix
 * ("global_load_dwordx4" 16, "global_store_b64" 8, "global_load_ubyte_d16"
 * 1, "s_load_dwordx2" 8); 0 for the rest: local memory, atomics, and any
 * suffix not in the table (AMD's ISA references, "FLAT, Scratch and Global
 * Instructions" and "Scalar Memory Operations", name the widths so). */
static unsigned amd_bytes(const char *op)
{
	static const char *const prefixes[] = { "global_load_", "global_store_", "flat_load_", "flat_store_",
						 "s_load_", "s_buffer_load_", "s_store_", "s_buffer_store_" };
	static const struct {
		const char *suffix;
		unsigned bytes;
	} widths[] = {
		{ "dwordx16", 64 }, { "dwordx8", 32 }, { "dwordx4", 16 }, { "dwordx3", 12 }, { "dwordx2", 8 },
		{ "dword", 4 }, { "b512", 64 }, { "b256", 32 }, { "b128", 16 }, { "b96", 12 }, { "b64", 8 },
		{ "b32", 4 }, { "short", 2 }, { "ushort", 2 }, { "sshort", 2 }, { "u16", 2 }, { "i16", 2 },
		{ "b16", 2 }, { "byte", 1 }, { "ubyte", 1 }, { "sbyte", 1 }, { "u8", 1 }, { "i8", 1 }, { "b8", 1 },
	};
	const char *p = NULL;
	for (size_t i = 0; i < sizeof prefixes / sizeof prefixes[0] && !p; i++)
		if (starts(op, prefixes[i]))
			p = op + strlen(prefixes[i]);
	if (!p)
		return 0;
	if (starts(p, "d16_")) /* "global_load_d16_hi_b16": the half of a register it fills */
		p += 4;
	if (starts(p, "hi_"))
		p += 3;
	size_t n = strcspn(p, "_");
	for (size_t i = 0; i < sizeof widths / sizeof widths[0]; i++)
		if (strlen(widths[i].suffix) == n && strncmp(p, widths[i].suffix, n) == 0)
			return widths[i].bytes;
	return 0;
}

/* Does op's first operand name what it writes? Not for stores, waits,
 * scalar compares (they set SCC) or branches. */
static bool amd_writes_first(const char *op)
{
	static const char *const none[] = {
		"s_waitcnt", "s_cmp", "s_bitcmp", "s_branch", "s_cbranch", "s_nop", "s_barrier",
		"s_endpgm", "s_setprio", "s_sleep", "s_sendmsg", "s_dcache", "s_icache", "s_trap",
		"s_set_gpr", "v_cmpx", "s_delay", "s_clause", "s_inst_prefetch",
	};
	for (size_t i = 0; i < sizeof none / sizeof none[0]; i++)
		if (starts(op, none[i]))
			return false;
	return !strstr(op, "_store") && !strstr(op, "ds_write") && !strstr(op, "_atomic");
}

/* One half of an instruction ("v_add_f32_e32 v2, s56, v2"): its registers
 * written and (loads) read as an address. */
static void amd_operands(const char *s, const char *op, inst *in)
{
	bool first = true, dst = amd_writes_first(op);
	char opd[64];
	const char *p = s;
	while (*p) {
		size_t n = strcspn(p, ",");
		size_t k = n < sizeof opd - 1 ? n : sizeof opd - 1;
		memcpy(opd, p, k);
		opd[k] = '\0';
		reg_range r;
		if (amd_reg(opd, &r)) {
			if (first && dst)
				add_range(in->wr, &in->nwr, r.file, r.lo, r.hi);
			else if (in->load || in->copy)
				add_range(in->addr, &in->naddr, r.file, r.lo, r.hi);
		}
		first = false;
		p += n;
		if (*p == ',')
			p++;
	}
}

/* Parses one line of amdgcn assembly (comment cut off): an instruction
 * into *in (true), a label into *lb (its name), or neither. */
static bool amd_line(char *s, inst *in, char *lb, size_t lb_size)
{
	char *c = strchr(s, ';');
	if (c)
		*c = '\0';
	lb[0] = '\0';
	if (*s && *s != ' ' && *s != '\t') {
		char *colon = strchr(s, ':');
		if (colon && *skip_space(colon + 1) == '\0') {
			size_t n = (size_t)(colon - s);
			snprintf(lb, lb_size, "%.*s", (int)n, s);
		}
		return false;
	}
	const char *p = skip_space(s);
	if (!*p || *p == '.')
		return false;
	memset(in, 0, sizeof *in);
	char op[64], op2[64] = "";
	const char *rest = token(p, "", op, sizeof op);
	const char *dual = strstr(rest, "::");
	unsigned ops2 = 0;
	bool load2 = false;
	lm_listing_kind k2 = LM_LISTING_OTHER;
	if (dual) {
		/* gfx11's dual issue: two operations in one instruction */
		const char *rest2 = token(dual + 2, "", op2, sizeof op2);
		k2 = amd_kind(op2, &ops2, &load2);
		in->load = load2;
		amd_operands(rest2, op2, in);
	}
	in->kind = amd_kind(op, &in->add_ops, &in->load);
	in->bytes = amd_bytes(op);
	in->local = starts(op, "ds_") && in->kind != LM_LISTING_OTHER;
	in->atomic = !in->local && strstr(op, "_atomic") != NULL;
	const char *off = strstr(rest, "offset:");
	if (off)
		in->offset = strtol(off + 7, NULL, 0);
	in->add_ops += ops2;
	if (dual && in->kind == LM_LISTING_OTHER)
		in->kind = k2;
	if (dual) {
		snprintf(in->op, sizeof in->op, "%.30s::%.30s", op, op2);
		char half[256];
		snprintf(half, sizeof half, "%.*s", (int)(dual - rest), rest);
		amd_operands(half, op, in);
	} else {
		snprintf(in->op, sizeof in->op, "%s", op);
		in->copy = !in->load && (starts(op, "v_mov_b32") || starts(op, "v_accvgpr_read") ||
					 starts(op, "s_mov_b"));
		amd_operands(rest, op, in);
	}
	if (strcmp(op, "s_branch") == 0 || starts(op, "s_cbranch_")) {
		in->branch = true;
		token(rest, ",", in->target, sizeof in->target);
	}
	return true;
}

/* ---- Intel: iga64's disassembly ---- */

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
		if (starts(end, "u32"))
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
		return;
	}
	in->local = starts(in->op, "send.slm") || strstr(what, ".slm") ||
		    (starts(in->op, "send.dc") && (strtoul(desc, NULL, 16) & 0xff) == 0xfe);
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

/* Parses one line of iga64's disassembly, as amd_line does. */
static bool iga_line(char *s, unsigned grf, inst *in, char *lb, size_t lb_size)
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
	if (*p == '(') /* predicate: (W), (f0.1), (~f0.0) */
		p = skip_space(strchr(p, ')') ? strchr(p, ')') + 1 : p + 1);
	p = token(p, "", in->op, sizeof in->op);
	if (!in->op[0])
		return false;
	unsigned exec = 1;
	const char *q = skip_space(p);
	if (*q == '(' && isdigit((unsigned char)q[1])) {
		exec = (unsigned)strtoul(q + 1, NULL, 10);
		q = skip_space(strchr(q, ')') ? strchr(q, ')') + 1 : q + 1);
	}
	if (*q == '(') /* condition modifier: (eq)f0.0 */
		q = token(q, "", tok, sizeof tok);
	in->kind = LM_LISTING_OTHER;
	if (iga_branch_op(in->op)) {
		in->branch = true;
		in->kind = starts(in->op, "call") ? LM_LISTING_CALL : LM_LISTING_OTHER;
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
	if (starts(in->op, "send")) {
		iga_send(q, comment ? comment + 2 : NULL, in);
		return true;
	}
	token(q, "", tok, sizeof tok);
	reg_range r;
	char type[8];
	if (iga_dst(tok, exec, grf, &r, type, sizeof type))
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
	} else if (starts(in->op, "math")) {
		in->kind = LM_LISTING_SFU;
	} else if (strcmp(in->op, "load") == 0 || starts(in->op, "load.")) {
		in->kind = LM_LISTING_CHASE;
		in->load = true;
	} else if (strcmp(in->op, "store") == 0 || starts(in->op, "store.")) {
		in->kind = LM_LISTING_MEM_OTHER;
	}
	return true;
}

/* ---- the loop and its counts ---- */

static lm_status count_op(lm_listing *isa, const inst *in)
{
	for (size_t i = 0; i < isa->counts.nops; i++)
		if (isa->ops[i].kind == in->kind && strcmp(isa->ops[i].op, in->op) == 0) {
			isa->ops[i].count++;
			isa->ops[i].add_ops += in->add_ops;
			return LM_OK;
		}
	if (isa->counts.nops == isa->cap) {
		size_t cap = isa->cap ? 2 * isa->cap : 32;
		lm_listing_op *n = realloc(isa->ops, cap * sizeof *n);
		if (!n)
			return lm_fail(LM_ENOMEM, "out of memory");
		isa->ops = n;
		isa->cap = cap;
	}
	lm_listing_op *o = &isa->ops[isa->counts.nops++];
	memset(o, 0, sizeof *o);
	snprintf(o->op, sizeof o->op, "%s", in->op);
	o->kind = in->kind;
	o->count = 1;
	o->add_ops = in->add_ops;
	return LM_OK;
}

/* Is in a memory access (a load, a store, an atomic; spills aside)? */
static bool accesses_memory(const inst *in)
{
	return in->kind == LM_LISTING_CHASE || in->kind == LM_LISTING_FIXED || in->kind == LM_LISTING_MEM_OTHER;
}

/* A memory access into the counts of local memory or atomics, or its
 * bytes into the global loads' or stores' sum. */
static void count_access(lm_listing_counts *c, const inst *in)
{
	if (!accesses_memory(in))
		return;
	bool load = in->kind != LM_LISTING_MEM_OTHER;
	if (in->local) {
		*(load ? &c->local_loads : &c->local_stores) += 1;
		return;
	}
	if (in->atomic) {
		c->atomics++;
		return;
	}
	*(load ? &c->load_bytes : &c->store_bytes) += in->bytes;
	*(load ? &c->unsized_loads : &c->unsized_stores) += !in->bytes;
}

/* Does global load v[i] read the lines of one before it in the loop
 * lo..i, off the same registers within a line of its offset, with no
 * instruction between writing them (as PTX's rule, src/asm/count.c)? */
static bool shares_lines(const inst *v, size_t lo, size_t i)
{
	const inst *in = &v[i];
	for (size_t j = i; in->naddr && j-- > lo;) {
		const inst *o = &v[j];
		for (int a = 0; a < in->naddr; a++)
			for (int w = 0; w < o->nwr; w++)
				if (overlaps(&in->addr[a], &o->wr[w]))
					return false; /* the registers hold another address before */
		if (o->kind != LM_LISTING_CHASE || o->local || o->naddr != in->naddr || !lm_listing_offsets_near(o->offset, in->offset, 128))
			continue;
		bool same = true;
		for (int a = 0; a < in->naddr; a++)
			same &= o->addr[a].file == in->addr[a].file && o->addr[a].lo == in->addr[a].lo &&
				o->addr[a].hi == in->addr[a].hi;
		if (same)
			return true;
	}
	return false;
}

/* Accesses to global memory in instructions lo..hi. */
static unsigned global_accesses(const inst *v, size_t lo, size_t hi)
{
	unsigned n = 0;
	for (size_t i = lo; i <= hi; i++)
		n += !v[i].local && accesses_memory(&v[i]);
	return n;
}

/* A loop: its instructions lo..hi and its label's line. */
typedef struct {
	size_t lo, hi, line;
} region;

/* A loop found whole: counted among those that access global memory, and
 * kept in *best (*have: one is there) if it is the one to count. A mix's:
 * the larger; a user's kernel's (by_memory): the one with more global
 * memory accesses, then the larger (a reduction over local memory after
 * the main loop may be longer than it). */
static void close_region(lm_listing_counts *c, const inst *v, bool by_memory, const region *r, region *best,
			 bool *have)
{
	unsigned a = global_accesses(v, r->lo, r->hi);
	c->loops += a > 0;
	if (*have && by_memory) {
		unsigned b = global_accesses(v, best->lo, best->hi);
		if (a != b) {
			if (a > b)
				*best = *r;
			return;
		}
	}
	if (!*have || r->hi - r->lo > best->hi - best->lo)
		*best = *r;
	*have = true;
}

/* The smallest loop (a backward branch and the label it goes to) inside
 * lo..hi, and not all of it, that holds a global store: its first and last
 * instruction; false if none. */
static bool inner_loop(const inst *v, const label *labels, size_t nlab, size_t lo, size_t hi,
		       size_t *in_lo, size_t *in_hi)
{
	bool found = false;
	for (size_t i = lo; i <= hi; i++) {
		if (!v[i].branch)
			continue;
		for (size_t k = 0; k < nlab; k++) {
			size_t head = labels[k].next;
			if (strcmp(labels[k].name, v[i].target) != 0 || head > i || head < lo ||
			    (head == lo && i == hi) || (found && i - head >= *in_hi - *in_lo))
				continue;
			bool store = false;
			for (size_t j = head; j <= i && !store; j++)
				store = v[j].kind == LM_LISTING_MEM_OTHER && !v[j].local && !v[j].atomic;
			if (store) {
				*in_lo = head;
				*in_hi = i;
				found = true;
			}
		}
	}
	return found;
}

/* Finds the iteration loop in the listing and counts it into isa: of the
 * regions a backward branch closes (regions that overlap merged, as the
 * blocks of one loop are), the one close_region keeps. */
static lm_status analyze(lm_listing *isa, bool amd, unsigned grf, const char *kernel)
{
	lm_status s = LM_OK;
	char *copy = strdup(isa->listing);
	size_t nlines = 1;
	for (const char *c = isa->listing; *c; c++)
		nlines += *c == '\n';
	char **lines = malloc(nlines * sizeof *lines);
	inst *insts = malloc(nlines * sizeof *insts);
	label *labels = malloc(nlines * sizeof *labels);
	if (!copy || !lines || !insts || !labels) {
		s = lm_fail(LM_ENOMEM, "out of memory");
		goto done;
	}
	size_t n = 0;
	for (char *l = copy; l; n++) {
		lines[n] = l;
		l = strchr(l, '\n');
		if (l)
			*l++ = '\0';
	}
	/* AMD: the kernel's function only (the listing holds every function) */
	size_t first = 0, last = n;
	if (amd) {
		size_t klen = strlen(kernel);
		for (first = 0; first < n; first++)
			if (strncmp(lines[first], kernel, klen) == 0 && lines[first][klen] == ':')
				break;
		if (first == n) {
			s = lm_fail(LM_EPARSE, "no function %s in the compiler's listing", kernel);
			goto done;
		}
		for (last = first; last < n && !starts(lines[last], ".Lfunc_end"); last++)
			;
		/* clang's resource comments after the function: its registers and occupancy */
		for (size_t i = last; i < n && !isa->counts.waves_per_simd; i++) {
			sscanf(lines[i], " ; NumVgprs: %u", &isa->counts.vgprs);
			sscanf(lines[i], " ; Occupancy: %u", &isa->counts.waves_per_simd);
		}
	}
	size_t ninst = 0, nlab = 0;
	char lb[48];
	for (size_t i = first; i < last; i++) {
		char buf[1024];
		snprintf(buf, sizeof buf, "%s", lines[i]);
		inst *in = &insts[ninst];
		bool is_inst = amd ? amd_line(buf, in, lb, sizeof lb) : iga_line(buf, grf, in, lb, sizeof lb);
		if (is_inst) {
			in->line = i;
			ninst++;
		} else if (lb[0]) {
			snprintf(labels[nlab].name, sizeof labels[nlab].name, "%s", lb);
			labels[nlab].line = i;
			labels[nlab++].next = ninst;
		}
	}
	/* regions closed by backward branches, merged where they overlap */
	region best = { 0, 0, 0 }, r = { 0, 0, 0 };
	bool have = false, cur = false, by_memory = strcmp(isa->mix, "kernel") == 0;
	for (size_t i = 0; i < ninst; i++) {
		if (!insts[i].branch)
			continue;
		for (size_t k = 0; k < nlab; k++) {
			if (strcmp(labels[k].name, insts[i].target) != 0 || labels[k].next > i)
				continue;
			size_t lo = labels[k].next;
			if (cur && lo <= r.hi) {
				if (lo < r.lo) {
					r.lo = lo;
					r.line = labels[k].line;
				}
				r.hi = i;
			} else {
				if (cur)
					close_region(&isa->counts, insts, by_memory, &r, &best, &have);
				cur = true;
				r = (region){ lo, i, labels[k].line };
			}
		}
	}
	if (cur)
		close_region(&isa->counts, insts, by_memory, &r, &best, &have);
	size_t best_lo = best.lo, best_hi = best.hi, best_line = best.line;
	if (!have) {
		s = lm_fail(LM_EPARSE, "no loop (backward branch) in %s's listing", kernel);
		goto done;
	}

	/* a load whose address no instruction of the loop writes reads the
	 * same place every iteration: the stop flag; so does one whose address
	 * only a copy of an unchanging register writes (a register the
	 * compiler parked, in an AGPR say, and reads back) */
	for (size_t i = best_lo; i <= best_hi; i++) {
		inst *in = &insts[i];
		if (!in->load)
			continue;
		bool varies = false;
		for (int a = 0; a < in->naddr && !varies; a++) {
			/* the write that reaches the load: the nearest before it,
			 * around the loop */
			const inst *w = reaching(insts, best_lo, best_hi, i, &in->addr[a]);
			varies = w && !(w->copy && !written_in(insts, best_lo, best_hi, w));
		}
		in->kind = varies ? LM_LISTING_CHASE : LM_LISTING_FIXED;
	}
	/* loop heads: clang marks them in its comments ("Loop Header:"; a
	 * backward branch there may leave the loop, to an exit block laid out
	 * before it); in iga's listing, the distinct labels backward branches
	 * of the region go to */
	for (size_t l = best_line; amd && l <= insts[best_hi].line; l++)
		isa->counts.heads += strstr(lines[l], "Loop Header:") != NULL;
	for (size_t i = best_lo; !amd && i <= best_hi; i++) {
		if (!insts[i].branch)
			continue;
		bool back = false, seen = false;
		for (size_t k = 0; k < nlab; k++)
			back |= strcmp(labels[k].name, insts[i].target) == 0 && labels[k].next <= i &&
				labels[k].next >= best_lo;
		for (size_t j = best_lo; j < i && back; j++)
			seen |= insts[j].branch && strcmp(insts[j].target, insts[i].target) == 0;
		isa->counts.heads += back && !seen;
	}
	for (size_t i = best_lo; amd && i <= best_hi; i++)
		if (insts[i].kind == LM_LISTING_CHASE && !insts[i].local && shares_lines(insts, best_lo, i)) {
			isa->counts.shared_lines++;
			isa->counts.shared_bytes += insts[i].bytes;
		}
	/* a mix whose steps are the passes of a loop inside the iteration's:
	 * that loop's instructions run once a pass */
	size_t in_lo = 1, in_hi = 0;
	if (isa->inner && !inner_loop(insts, labels, nlab, best_lo, best_hi, &in_lo, &in_hi)) {
		s = lm_fail(LM_EPARSE, "mix %s: no loop around its store inside the iteration's in %s's "
			    "listing", isa->mix, kernel);
		goto done;
	}
	for (size_t i = best_lo; i <= best_hi && s == LM_OK; i++) {
		unsigned runs = i >= in_lo && i <= in_hi ? isa->inner : 1;
		for (unsigned k = 0; k < runs && s == LM_OK; k++) {
			isa->counts.insts++;
			isa->counts.kind[insts[i].kind]++;
			isa->counts.add_ops += insts[i].add_ops;
			count_access(&isa->counts, &insts[i]);
			s = count_op(isa, &insts[i]);
		}
	}
	if (s != LM_OK)
		goto done;
	isa->counts.op = isa->ops;

	/* the loop's text: from its first label to its last branch */
	size_t end_line = insts[best_hi].line, len = 0;
	for (size_t i = best_line; i <= end_line; i++)
		len += strlen(lines[i]) + 1;
	isa->loop = malloc(len + 1);
	if (!isa->loop) {
		s = lm_fail(LM_ENOMEM, "out of memory");
		goto done;
	}
	char *o = isa->loop;
	for (size_t i = best_line; i <= end_line; i++)
		o += sprintf(o, "%s\n", lines[i]);
done:
	free(copy);
	free(lines);
	free(insts);
	free(labels);
	return s;
}

/* ---- running the compilers ---- */

/* The executable name on PATH, in buf; false if none. */
static bool find_on_path(const char *name, char *buf, size_t size)
{
	const char *path = getenv("PATH");
	if (!path)
		return false;
	while (*path) {
		size_t n = strcspn(path, ":");
		struct stat st;
		snprintf(buf, size, "%.*s/%s", (int)n, n ? path : ".", name);
		if (stat(buf, &st) == 0 && S_ISREG(st.st_mode) && access(buf, X_OK) == 0)
			return true;
		path += n;
		if (*path == ':')
			path++;
	}
	return false;
}

/* The newest clang-N on PATH, else clang; false if neither. */
static bool find_clang(char *buf, size_t size)
{
	const char *path = getenv("PATH");
	unsigned long best = 0;
	char name[64];
	while (path && *path) {
		size_t n = strcspn(path, ":");
		char dir[1024];
		snprintf(dir, sizeof dir, "%.*s", (int)n, n ? path : ".");
		DIR *d = opendir(dir);
		struct dirent *e;
		while (d && (e = readdir(d)) != NULL) {
			const char *v = e->d_name + 6;
			if (!starts(e->d_name, "clang-") || !*v || strspn(v, "0123456789") != strlen(v))
				continue;
			unsigned long ver = strtoul(v, NULL, 10);
			char full[2048];
			snprintf(full, sizeof full, "%s/%s", dir, e->d_name);
			if (ver > best && access(full, X_OK) == 0) {
				best = ver;
				snprintf(name, sizeof name, "%.63s", e->d_name);
			}
		}
		if (d)
			closedir(d);
		path += n;
		if (*path == ':')
			path++;
	}
	return find_on_path(best ? name : "clang", buf, size);
}

/* Appends argv to isa's command text, quoting arguments with blanks. */
static void note_command(lm_listing *isa, const char *const *argv)
{
	size_t k = strlen(isa->command);
	if (k)
		k += (size_t)snprintf(isa->command + k, sizeof isa->command - k, "\n//   ");
	for (int i = 0; argv[i] && k < sizeof isa->command; i++) {
		bool q = strchr(argv[i], ' ') != NULL;
		k += (size_t)snprintf(isa->command + k, sizeof isa->command - k, "%s%s%s%s",
				      i ? " " : "", q ? "'" : "", argv[i], q ? "'" : "");
	}
}

/* Runs argv (argv[0] a path) in dir with stdout and stderr into dir/log;
 * its exit status, 127 if it could not run. */
static int run_tool(const char *const *argv, const char *dir, const char *log)
{
	char path[1100];
	snprintf(path, sizeof path, "%s/%s", dir, log);
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (fd < 0)
		return 127;
	fflush(NULL);
	pid_t pid = fork();
	if (pid == 0) {
		int nul = open("/dev/null", O_RDONLY);
		if (nul >= 0)
			dup2(nul, 0);
		dup2(fd, 1);
		dup2(fd, 2);
		if (chdir(dir) == 0)
			execv(argv[0], (char *const *)argv);
		_exit(127);
	}
	close(fd);
	if (pid < 0)
		return 127;
	int ws;
	while (waitpid(pid, &ws, 0) < 0)
		if (errno != EINTR)
			return 127;
	return WIFEXITED(ws) ? WEXITSTATUS(ws) : 128 + WTERMSIG(ws);
}

/* A tool's failure: the last lines of dir/log in the message. */
static lm_status tool_failed(const char *tool, int status, const char *dir, const char *log)
{
	char path[1100];
	snprintf(path, sizeof path, "%s/%s", dir, log);
	char *text = NULL;
	lm_read_text(path, &text); /* no log: no tail */
	const char *tail = text ? text : "";
	size_t len = strlen(tail);
	if (len > 700)
		tail += len - 700;
	lm_status s = lm_fail(LM_ETOOL, "%s failed (exit status %d):\n%s", tool, status, tail);
	free(text);
	return s;
}

static bool write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	if (!f)
		return false;
	bool ok = fputs(text, f) >= 0;
	return fclose(f) == 0 && ok;
}

/* Removes dir and what lies in it (two levels: the compilers' outputs). */
static void remove_tree(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	while (d && (e = readdir(d)) != NULL) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		char path[4096];
		struct stat st;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode))
			remove_tree(path);
		else
			unlink(path);
	}
	if (d)
		closedir(d);
	rmdir(dir);
}

/* ---- AMD: clang ---- */

/* OpenCL build options clang takes (its -cl-* flags); latmix's -D options
 * pass as they are. */
static bool clang_takes(const char *opt)
{
	static const char *const ok[] = {
		"-cl-single-precision-constant", "-cl-denorms-are-zero", "-cl-fp32-correctly-rounded-divide-sqrt",
		"-cl-opt-disable", "-cl-mad-enable", "-cl-no-signed-zeros", "-cl-unsafe-math-optimizations",
		"-cl-finite-math-only", "-cl-fast-relaxed-math", "-cl-strict-aliasing", "-cl-kernel-arg-info",
		"-cl-uniform-work-group-size", "-cl-no-stdinc",
	};
	if (starts(opt, "-D") || starts(opt, "-I") || starts(opt, "-U") || starts(opt, "-cl-std="))
		return true;
	for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++)
		if (strcmp(opt, ok[i]) == 0)
			return true;
	return false;
}

/* native_rsqrt as ROCm's device library defines it (ocml native_rsqrtF.cl:
 * __builtin_amdgcn_rsqf, one v_rsq_f32): without the library (-nogpulib)
 * it would be a call. */
static const char rocm_prelude[] =
	"float __attribute__((overloadable, const)) native_rsqrt(float x)\n"
	"{\n\treturn __builtin_amdgcn_rsqf(x);\n}\n";

static lm_status amd_compile(lm_listing *isa, const char *dir, const char *src)
{
	char clang[1024], path[1100];
	if (!find_clang(clang, sizeof clang))
		return lm_fail(LM_ETOOL, "--isa %s: no clang on PATH (the Debian package clang: "
			       "apt-get install clang)", isa->target);
	snprintf(path, sizeof path, "%s/rocm-device-lib.cl", dir);
	if (!write_file(path, rocm_prelude))
		return lm_fail(LM_EIO, "%s: %s", path, strerror(errno));
	char mcpu[64], opts[sizeof isa->options];
	snprintf(mcpu, sizeof mcpu, "-mcpu=%s", isa->target);
	snprintf(opts, sizeof opts, "%s", isa->options);
	const char *argv[96] = { clang, "-cl-std=CL1.2", "-target", "amdgcn-amd-amdhsa", mcpu,
				 "-nogpulib", "-Xclang", "-finclude-default-header", "-O3", "-S",
				 "-o", "kernel.s", "-include", "rocm-device-lib.cl" };
	int argc = 14;
	size_t k = 0;
	for (char *t = strtok(opts, " "); t && argc < 94; t = strtok(NULL, " ")) {
		if (clang_takes(t))
			argv[argc++] = t;
		else
			k += (size_t)snprintf(isa->dropped + k, sizeof isa->dropped - k, "%s%s", k ? " " : "", t);
	}
	argv[argc++] = src;
	argv[argc] = NULL;
	note_command(isa, argv);
	isa->note = "rocm-device-lib.cl: native_rsqrt as ROCm's device library defines it "
		    "(__builtin_amdgcn_rsqf); other builtins are calls (-nogpulib), counted as such in the loop";
	int st = run_tool(argv, dir, "clang.log");
	if (st != 0) {
		snprintf(path, sizeof path, "%s/clang.log", dir);
		char *text = NULL;
		lm_read_text(path, &text);
		bool unknown = text && (strstr(text, "invalid target ID") || strstr(text, "unknown target CPU"));
		free(text);
		if (unknown)
			return lm_fail(LM_ETOOL, "--isa %s: %s does not know %s (a newer clang does)",
				       isa->target, clang, isa->target);
		return tool_failed(clang, st, dir, "clang.log");
	}
	snprintf(path, sizeof path, "%s/kernel.s", dir);
	lm_status s = lm_read_text(path, &isa->listing);
	if (s != LM_OK)
		return s;
	return analyze(isa, true, 0, isa->kernel);
}

/* ---- Intel: ocloc and iga64 ---- */

/* iga64's platform and the register size for the core family ocloc names
 * its binary after ("k_XE_HPG_COREdg2.bin"). */
static const struct {
	const char *family;
	const char *platform;
	unsigned grf;
} iga_platforms[] = {
	{ "XE_HPC", "12p72", 64 }, { "XE_HPG", "12p71", 32 }, { "XE_HP_", "12p5", 32 },
	{ "Gen12LP", "12p1", 32 }, { "Gen11", "11", 32 }, { "Gen9", "9", 32 }, { "Gen8", "8", 32 },
};

static lm_status intel_compile(lm_listing *isa, const char *dir, const char *src)
{
	char ocloc[1024], iga[1024];
	if (!find_on_path("ocloc", ocloc, sizeof ocloc))
		return lm_fail(LM_ETOOL, "--isa %s: no ocloc on PATH (Intel's offline compiler: the "
			       "Debian package intel-opencl-icd)", isa->target);
	if (!find_on_path("iga64", iga, sizeof iga))
		return lm_fail(LM_ETOOL, "--isa %s: no iga64 on PATH (Intel's disassembler: the "
			       "Debian package libigc-tools)", isa->target);
	const char *cc[] = { ocloc, "compile", "-file", src, "-device", isa->target, "-options",
			     isa->options, "-out_dir", "bin", "-output", "k", NULL };
	note_command(isa, cc);
	int st = run_tool(cc, dir, "ocloc.log");
	if (st != 0)
		return tool_failed("ocloc compile", st, dir, "ocloc.log");
	/* the binary's name says the core family */
	char path[1400], bin[600] = "";
	const char *platform = NULL;
	unsigned grf = 32;
	snprintf(path, sizeof path, "%s/bin", dir);
	DIR *d = opendir(path);
	struct dirent *e;
	while (d && (e = readdir(d)) != NULL) {
		size_t len = strlen(e->d_name);
		if (len < 4 || strcmp(e->d_name + len - 4, ".bin") != 0)
			continue;
		snprintf(bin, sizeof bin, "bin/%.500s", e->d_name);
		for (size_t i = 0; i < sizeof iga_platforms / sizeof iga_platforms[0]; i++)
			if (strstr(e->d_name, iga_platforms[i].family)) {
				platform = iga_platforms[i].platform;
				grf = iga_platforms[i].grf;
				break;
			}
	}
	if (d)
		closedir(d);
	if (!bin[0])
		return lm_fail(LM_ETOOL, "ocloc compile wrote no binary for %s", isa->target);
	if (!platform)
		return lm_fail(LM_ETOOL, "%s: a core family latmix does not know for iga64", bin);
	const char *dis[] = { ocloc, "disasm", "-file", bin, "-device", isa->target, "-dump", "dump", NULL };
	note_command(isa, dis);
	if ((st = run_tool(dis, dir, "ocloc.log")) != 0)
		return tool_failed("ocloc disasm", st, dir, "ocloc.log");
	/* ocloc disassembles itself where it finds IGA's library (.asm), else
	 * leaves the kernel's raw instructions (.dat) for iga64 */
	snprintf(path, sizeof path, "%s/dump/%s_KernelHeap.asm", dir, isa->kernel);
	if (access(path, R_OK) != 0) {
		char dat[128], plat[32];
		snprintf(dat, sizeof dat, "dump/%s_KernelHeap.dat", isa->kernel);
		snprintf(plat, sizeof plat, "-p=%s", platform);
		const char *ia[] = { iga, "-d", plat, dat, "-o", "kernel.asm", NULL };
		note_command(isa, ia);
		if ((st = run_tool(ia, dir, "iga64.log")) != 0)
			return tool_failed("iga64", st, dir, "iga64.log");
		snprintf(path, sizeof path, "%s/kernel.asm", dir);
	}
	lm_status s = lm_read_text(path, &isa->listing);
	if (s != LM_OK)
		return s;
	return analyze(isa, false, grf, isa->kernel);
}

/* ---- the vendors' offline compilers ---- */

static const struct {
	lm_compiler compiler;
	/* builds src (a file in dir, the working directory of every tool it
	 * runs) into isa's listing and analyses it */
	lm_status (*compile)(lm_listing *isa, const char *dir, const char *src);
} backends[] = {
	{ LM_COMPILER_CLANG_AMDGPU, amd_compile },
	{ LM_COMPILER_OCLOC, intel_compile },
};

static lm_listing *isa_new(void)
{
	return calloc(1, sizeof(lm_listing));
}

void lm_listing_free(lm_listing *isa)
{
	if (!isa)
		return;
	free(isa->listing);
	free(isa->loop);
	free(isa->ops);
	free(isa);
}

static bool make_tmp(char *dir, size_t size);

/* The target's device facts and the index of its compiler in backends[];
 * LM_EUSAGE for a target latmix does not know or builds no listing for. */
static lm_status target_backend(const char *target, lm_device *d, size_t *b)
{
	lm_status s = lm_vendor_target(target, d);
	if (s != LM_OK)
		return s;
	for (*b = 0; *b < sizeof backends / sizeof backends[0]; (*b)++)
		if (backends[*b].compiler == d->compiler)
			return LM_OK;
	return lm_fail(LM_EUSAGE, "--isa %s: no offline compiler latmix runs for %s targets (NVIDIA: "
		       "latmix kernel --binary on the device gives the PTX; --mix-of takes --isa nvptx)",
		       target, d->vendor);
}

/* Writes src into a fresh directory, builds it there with backend b and
 * removes the directory. */
static lm_status compile_in_tmp(lm_listing *isa, size_t b, const char *src)
{
	char dir[1024], path[1100];
	if (!make_tmp(dir, sizeof dir))
		return lm_fail(LM_EIO, "%s: %s", dir, strerror(errno));
	snprintf(path, sizeof path, "%s/%s", dir, LM_MIX_KERNEL_FILE);
	lm_status s = write_file(path, src) ? backends[b].compile(isa, dir, LM_MIX_KERNEL_FILE)
					    : lm_fail(LM_EIO, "%s: %s", path, strerror(errno));
	remove_tree(dir);
	return s;
}

lm_status lm_listing_build(const char *target, const lm_mix *mix, unsigned chains, lm_alpha alpha,
		       const char *kernel_dir, lm_listing **out)
{
	lm_device d;
	size_t b;
	lm_status s = target_backend(target, &d, &b);
	if (s != LM_OK)
		return s;
	if (chains == 0 || chains > 16 || (mix->step == LM_STEP_STREAM && chains != 1))
		return lm_fail(LM_EUSAGE, "mix %s: %u chains per thread (stream: 1; others: 1 to 16)",
			       mix->name, chains);
	lm_listing *isa = isa_new();
	if (!isa)
		return lm_fail(LM_ENOMEM, "out of memory");
	char *src = NULL;
	snprintf(isa->target, sizeof isa->target, "%s", target);
	snprintf(isa->what, sizeof isa->what, "%s %s, %u-wide, %u resident warps per CU (%s)", d.vendor,
		 d.arch, d.simd_width, d.max_warps, d.max_warps_source);
	isa->mix = mix->name;
	isa->kernel = mix->kernel;
	isa->alpha = alpha;
	isa->chains = chains;
	lm_meas_body_shape(mix, alpha, &isa->mem_n, &isa->alu_n, &isa->bodies);
	isa->inner = lm_mix_inner_loop(mix) ? isa->bodies : 0;
	unsigned per = mix->step == LM_STEP_STREAM ? 1 : chains;
	isa->counts.steps = isa->bodies * isa->mem_n * per;
	isa->counts.adds_built = mix->step == LM_STEP_STREAM ? 0 : isa->bodies * isa->alu_n * chains;
	/* as latmix builds it there: AMD with the in-kernel clock */
	lm_meas_build_options(&d, mix, chains, alpha, d.kclock != LM_KCLOCK_NONE, isa->options,
			      sizeof isa->options);
	if ((s = lm_kernel_program_text(kernel_dir, LM_MIX_KERNEL_FILE, &src, NULL)) != LM_OK)
		goto fail;
	if ((s = compile_in_tmp(isa, b, src)) != LM_OK)
		goto fail;
	free(src);
	*out = isa;
	return LM_OK;
fail:
	free(src);
	lm_listing_free(isa);
	return s;
}

lm_status lm_listing_build_source(const char *target, const char *source, const char *kernel,
			      lm_listing **out)
{
	lm_device d;
	size_t b;
	lm_status s = target_backend(target, &d, &b);
	if (s != LM_OK)
		return s;
	lm_listing *isa = isa_new();
	if (!isa)
		return lm_fail(LM_ENOMEM, "out of memory");
	snprintf(isa->target, sizeof isa->target, "%s", target);
	snprintf(isa->what, sizeof isa->what, "%s %s, %u-wide", d.vendor, d.arch, d.simd_width);
	isa->mix = "kernel";
	isa->kernel = kernel;
	lm_meas_device_options(&d, false, isa->options, sizeof isa->options);
	if ((s = compile_in_tmp(isa, b, source)) != LM_OK) {
		lm_listing_free(isa);
		return s;
	}
	*out = isa;
	return LM_OK;
}

/* A fresh directory under $TMPDIR (else /tmp) in dir; false if none. */
static bool make_tmp(char *dir, size_t size)
{
	const char *tmp = getenv("TMPDIR");
	snprintf(dir, size, "%s/latmix-isa-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	return mkdtemp(dir) != NULL;
}

lm_status lm_listing_nvptx(const char *source, char **ptx)
{
	char clang[1024], dir[1024], path[1100];
	static const char libclc[] = "/usr/lib/clc/nvptx64--nvidiacl.bc";
	*ptx = NULL;
	if (!find_clang(clang, sizeof clang))
		return lm_fail(LM_ETOOL, "--isa nvptx: no clang on PATH (the Debian package clang: "
			       "apt-get install clang)");
	if (access(libclc, R_OK) != 0)
		return lm_fail(LM_ETOOL, "--isa nvptx: no %s (OpenCL's builtins for NVPTX: the Debian "
			       "package libclc-15, or the libclc of your clang)", libclc);
	if (!make_tmp(dir, sizeof dir))
		return lm_fail(LM_EIO, "a temporary directory: %s", strerror(errno));
	snprintf(path, sizeof path, "%s/kernel.cl", dir);
	lm_status s = LM_OK;
	if (!write_file(path, source))
		s = lm_fail(LM_EIO, "%s: %s", path, strerror(errno));
	const char *argv[] = { clang, "-cl-std=CL1.2", "-target", "nvptx64-nvidia-nvcl", "-Xclang",
			       "-finclude-default-header", "-O3", "-S", "-Xclang", "-mlink-builtin-bitcode",
			       "-Xclang", libclc, "-o", "kernel.ptx", "kernel.cl", NULL };
	int st = s == LM_OK ? run_tool(argv, dir, "clang.log") : 0;
	if (s == LM_OK && st != 0)
		s = tool_failed(clang, st, dir, "clang.log");
	snprintf(path, sizeof path, "%s/kernel.ptx", dir);
	if (s == LM_OK)
		s = lm_read_text(path, ptx);
	remove_tree(dir);
	return s;
}

lm_status lm_listing_parse(const char *dialect, const char *text, const char *kernel,
		       unsigned grf_bytes, unsigned steps, unsigned adds_built, lm_listing **out)
{
	bool amd = strcmp(dialect, "amdgcn") == 0;
	if (!amd && strcmp(dialect, "iga") != 0)
		return lm_fail(LM_EUSAGE, "listing dialect '%s': expected amdgcn or iga", dialect);
	lm_listing *isa = isa_new();
	if (!isa || !(isa->listing = strdup(text))) {
		free(isa);
		return lm_fail(LM_ENOMEM, "out of memory");
	}
	snprintf(isa->target, sizeof isa->target, "%s", dialect);
	isa->kernel = kernel;
	isa->mix = "?";
	isa->counts.steps = steps;
	isa->counts.adds_built = adds_built;
	if (!steps && !adds_built)
		isa->mix = "kernel"; /* a user's kernel: counted as lm_listing_build_source counts one */
	lm_status s = analyze(isa, amd, grf_bytes ? grf_bytes : 32, kernel);
	if (s != LM_OK) {
		lm_listing_free(isa);
		return s;
	}
	*out = isa;
	return LM_OK;
}

const lm_listing_counts *lm_listing_get_counts(const lm_listing *isa)
{
	return &isa->counts;
}

const char *lm_listing_loop_text(const lm_listing *isa)
{
	return isa->loop;
}

/* ---- the report ---- */

static double per(unsigned n, unsigned steps)
{
	return steps ? (double)n / steps : 0;
}

/* Is kind one of a chain step's own: its memory access (the chase's load,
 * or stream-fill's store), its adds, its SFU instructions? */
static bool step_kind(const lm_listing *isa, lm_listing_kind kind)
{
	return kind == LM_LISTING_CHASE || kind == LM_LISTING_ADD || kind == LM_LISTING_SFU ||
	       (isa->inner && kind == LM_LISTING_MEM_OTHER);
}

void lm_listing_print(FILE *f, const lm_listing *isa, bool all)
{
	const lm_listing_counts *c = &isa->counts;
	char a[32];
	fprintf(f, "// latmix kernel --isa %s: mix %s (%s), alpha %s, %u chain%s per thread\n", isa->target,
		isa->mix, isa->kernel, lm_alpha_format(isa->alpha, a, sizeof a), isa->chains,
		isa->chains == 1 ? "" : "s");
	fprintf(f, "// target: %s\n", isa->what);
	fprintf(f, "// build options: %s\n", isa->options);
	if (isa->dropped[0])
		fprintf(f, "// not given to the compiler (it has no such option): %s\n", isa->dropped);
	fprintf(f, "// compiler: %s\n", isa->command);
	if (isa->note)
		fprintf(f, "// %s\n", isa->note);
	if (all)
		fprintf(f, "\n// ---- the whole listing ----\n%s\n", isa->listing);
	fprintf(f, "\n// ---- the iteration loop: %u instructions run an iteration; %u chain steps an iteration "
		"(%u bodies x %u step%s x %u chain%s) ----\n%s", c->insts, c->steps, isa->bodies,
		isa->mem_n, isa->mem_n == 1 ? "" : "s", isa->chains, isa->chains == 1 ? "" : "s", isa->loop);

	if (isa->inner)
		fprintf(f, "\n// ---- counts: the loop around the store's instructions once a pass (%u passes, a "
			"step each), the rest once ----\n", isa->inner);
	else
		fprintf(f, "\n// ---- counts: every instruction of the loop once ----\n");
	fprintf(f, "%-14s %-40s %9s %9s\n", "kind", "instruction", "per iter", "per step");
	for (int k = 0; k < LM_LISTING_NKINDS; k++)
		for (size_t i = 0; i < c->nops; i++) {
			const lm_listing_op *o = &c->op[i];
			if ((int)o->kind != k)
				continue;
			fprintf(f, "%-14s %-40s %9u %9.3f", lm_listing_kind_name(o->kind), o->op, o->count,
				per(o->count, c->steps));
			if (o->add_ops != o->count && o->add_ops)
				fprintf(f, "   (%u add operations)", o->add_ops);
			fputc('\n', f);
		}
	unsigned mem = c->kind[LM_LISTING_CHASE] + (step_kind(isa, LM_LISTING_MEM_OTHER) ? c->kind[LM_LISTING_MEM_OTHER] : 0);
	unsigned other = c->insts - mem - c->kind[LM_LISTING_ADD] - c->kind[LM_LISTING_SFU];
	if (!c->steps) {
		fprintf(f, "\nno chain steps (alpha inf): %u adds an iteration (%u operations; latmix "
			"builds %u), %u other instructions\n", c->kind[LM_LISTING_ADD], c->add_ops, c->adds_built,
			other);
		return;
	}
	fprintf(f, "\nper step: memory %.3f, adds %.3f instructions (%.3f operations; latmix builds %.3f), "
		"sfu %.3f, other %.3f\n", per(mem, c->steps), per(c->kind[LM_LISTING_ADD], c->steps),
		per(c->add_ops, c->steps), per(c->adds_built, c->steps), per(c->kind[LM_LISTING_SFU], c->steps),
		per(other, c->steps));
	/* the other instructions split: at least one a step belongs to the
	 * steps (address arithmetic, waits); fewer, to the iteration */
	fprintf(f, "other, every step:");
	unsigned n = 0;
	for (size_t i = 0; i < c->nops; i++) {
		const lm_listing_op *o = &c->op[i];
		if (!step_kind(isa, o->kind) && o->count >= c->steps) {
			fprintf(f, " %s %.3g%s", o->op, per(o->count, c->steps),
				o->kind == LM_LISTING_OTHER ? "" : " (!)");
			n++;
		}
	}
	fprintf(f, "%s\nper iteration (fewer than one a step):", n ? "" : " none");
	n = 0;
	for (size_t i = 0; i < c->nops; i++) {
		const lm_listing_op *o = &c->op[i];
		if (!step_kind(isa, o->kind) && o->count < c->steps) {
			fprintf(f, " %s%s%s%s %u", o->op, o->kind == LM_LISTING_OTHER ? "" : " (",
				o->kind == LM_LISTING_OTHER ? "" : lm_listing_kind_name(o->kind),
				o->kind == LM_LISTING_OTHER ? "" : ")", o->count);
			n++;
		}
	}
	fprintf(f, "%s\n", n ? "" : " none");
}
