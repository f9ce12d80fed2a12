#include "asm/count.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "asm/listing.h"
#include "base/file.h"
#include "base/inifile.h"
#include "base/number.h"

unsigned lm_count_ptxas_registers(const char *log, const char *name, unsigned *spill)
{
	*spill = 0;
	char entry[300];
	snprintf(entry, sizeof entry, "entry function '%s'", name);
	const char *at = strstr(log, entry);
	if (!at)
		return 0;
	const char *next = strstr(at + 1, "entry function '"), *sp = strstr(at, "bytes spill stores"),
		   *used = strstr(at, "Used ");
	unsigned regs = 0;
	if (sp && (!next || sp < next)) {
		const char *num = sp;
		while (num > at && (num[-1] == ' ' || isdigit((unsigned char)num[-1])))
			num--;
		*spill = (unsigned)strtoul(num, NULL, 10);
	}
	if (used && (!next || used < next) && sscanf(used, "Used %u registers", &regs) != 1)
		regs = 0;
	return regs;
}

/* ---- PTX ---- */

#define MAX_OPS 8

typedef struct {
	unsigned line;
	char op[48];         /* "ld.global.nc.f32" */
	char label[64];      /* a label line: its name; op empty */
	char target[64];     /* a branch's label */
	char reg[MAX_OPS][16]; /* register operands in order ("%f1"); "" for others */
	bool in_brackets[MAX_OPS];
	int nreg;
	bool dest;           /* the first operand is written (not a store, branch or call) */
	bool guarded;        /* under a predicate (@%p): a branch may fall through */
	char base[16];       /* a memory operand's address register ("%rd6"); "" if none */
	long offset;         /* and its immediate offset in bytes ([%rd6+-4]: -4) */
	char arg[MAX_OPS][24]; /* the operands as written, split at the commas outside braces */
	int narg;
	int param;           /* ld.param: the argument it reads ([k_param_2]: 2); -1 else */
} ptx_inst;

static bool starts(const char *s, const char *p)
{
	return strncmp(s, p, strlen(p)) == 0;
}

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
		s += strcspn(s, " \t");
	}
	while (isspace((unsigned char)*s))
		s++;
	size_t k = strcspn(s, " \t;");
	snprintf(in->op, sizeof in->op, "%.*s", (int)k, s);
	const char *rest = s + k;
	const char *param = starts(in->op, "ld.param") ? strstr(rest, "_param_") : NULL;
	unsigned long arg = param && isdigit((unsigned char)param[7]) ? strtoul(param + 7, NULL, 10) : ULONG_MAX;
	in->param = arg <= INT_MAX ? (int)arg : -1;
	if (starts(in->op, "bra")) {
		while (isspace((unsigned char)*rest))
			rest++;
		snprintf(in->target, sizeof in->target, "%.*s", (int)strcspn(rest, " \t;"), rest);
		return true;
	}
	in->dest = !starts(in->op, "st.") && !starts(in->op, "red.") && !starts(in->op, "call") &&
		   !starts(in->op, "ret") && !starts(in->op, "bar") && !starts(in->op, "membar") &&
		   !starts(in->op, "exit");
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

/* K_CLOAD: a load of the constant state space (ld.const: a constant
 * pointer's, a program's constant table), a global load served by a cache
 * (lm_count's const_loads) */
typedef enum { K_LOAD, K_CLOAD, K_STORE, K_ATOMIC, K_LLOAD, K_LSTORE, K_SPILL, K_SFU, K_FLOP, K_OTHER } ptx_kind;

/* What NVIDIA's GPUs run for one PTX integer division or remainder by a
 * register: there is no divide instruction, so ptxas writes a float
 * reciprocal on the SFU and an integer correction, "below 20
 * instructions" from compute capability 2.x on (NVIDIA Nsight, "Achieved
 * IOPs"). ptxas 13.0 for sm_90 makes 18-20 of each 32-bit one and calls a
 * routine of 66 for a 64-bit one (studies/model-study/division/). */
#define PTX_DIVISION_INSTS 19
#define PTX_WIDE_DIVISION_INSTS 68

/* 0: not an integer division or remainder by a register; 32 or 64: one of
 * that width (a constant divisor is a multiply and a shift). */
static int ptx_division(const char *op, const char *divisor)
{
	if (!starts(op, "div.") && !starts(op, "rem."))
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

static ptx_kind ptx_classify(const char *op)
{
	bool load = starts(op, "ld.") || starts(op, "ldu.") || !strcmp(op, "ld") || !strcmp(op, "ldu");
	if (load || starts(op, "st."))
		return ptx_memory_kind(op, load);
	if (starts(op, "atom.") || starts(op, "red.")) /* not redux.sync, a warp's reduction */
		return K_ATOMIC;
	static const char *const sfu[] = { "ex2", "lg2", "rsqrt", "sin.", "cos.", "tanh", "rcp.approx",
					   "sqrt.approx" };
	for (size_t i = 0; i < sizeof sfu / sizeof sfu[0]; i++)
		if (starts(op, sfu[i]))
			return K_SFU;
	static const char *const arith[] = { "add.", "sub.", "mul.", "fma.", "mad.", "min.", "max.",
					     "neg.", "abs." };
	bool fl = strstr(op, ".f32") || strstr(op, ".f64") || strstr(op, ".f16");
	for (size_t i = 0; fl && i < sizeof arith / sizeof arith[0]; i++)
		if (starts(op, arith[i]))
			return K_FLOP;
	return K_OTHER;
}

/* Bytes a thread moves with a load or store: the type's size times the
 * vector width. */
static unsigned ptx_bytes(const char *op)
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

/* The depth of register r (float arithmetic since a load; -1: no load
 * feeds it) in the table. */
typedef struct {
	char name[16];
	int depth;
} taint;

static int taint_get(const taint *t, size_t n, const char *r)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(t[i].name, r) == 0)
			return t[i].depth;
	return -1;
}

static void taint_set(taint *t, size_t *n, size_t cap, const char *r, int depth)
{
	for (size_t i = 0; i < *n; i++)
		if (strcmp(t[i].name, r) == 0) {
			t[i].depth = depth;
			return;
		}
	if (*n < cap && depth >= 0) {
		snprintf(t[*n].name, sizeof t[*n].name, "%s", r);
		t[(*n)++].depth = depth;
	}
}

/* Bytes apart within which two loads off one address register read the
 * same lines: NVIDIA's 128-byte line, a warp's 32 words. */
#define LINE_BYTES 128
#define SECTOR_BYTES 32

/* The bytes NVIDIA's L2 brings from DRAM for a load whose lanes lie a
 * sector or more apart. CUDA's runtime names this the L2's fetch
 * granularity, a hint of 0 to 128 bytes (cudaLimitMaxL2FetchGranularity,
 * which OpenCL cannot set); what NVIDIA's OpenCL leaves it at was
 * measured: on an H200 and an H100 a float loaded every 32 and every 64
 * bytes ran within 7.5% RMS of its span's price, 32 and 64 bytes a lane,
 * and 29-63% off gmem-random's, while one every 256 bytes ran at
 * gmem-random's (studies/strided/lease2/). */
#define FETCH_BYTES 64

/* Does the load (store) at path position p touch lines a load (store)
 * before it on the path touches: the same address register, not written
 * between them, an offset within a line? */
static bool shares_lines(const ptx_inst *v, const size_t *ix, size_t p)
{
	const ptx_inst *in = &v[ix[p]];
	ptx_kind kind = ptx_classify(in->op);
	for (size_t q = p; in->base[0] && q-- > 0;) {
		const ptx_inst *o = &v[ix[q]];
		if (o->dest && o->nreg && strcmp(o->reg[0], in->base) == 0)
			return false; /* the register holds another address before */
		if (ptx_classify(o->op) == kind && strcmp(o->base, in->base) == 0 &&
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
	size_t cap = 4096, n = 0;
	taint *t = calloc(cap, sizeof *t);
	if (!t)
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
			ptx_kind k = ptx_classify(in->op);
			int src = -1, addr = -1;
			for (int r = in->dest ? 1 : 0; r < in->nreg; r++) {
				int d = taint_get(t, n, in->reg[r]);
				src = d > src ? d : src;
				if (in->in_brackets[r])
					addr = d > addr ? d : addr;
			}
			if (k == K_LOAD && addr >= 0) {
				dependent++;
				alpha = addr > alpha ? addr : alpha;
			} else if (k == K_LOAD && shares_lines(v, ix, p)) {
				shared++;
				shared_bytes += ptx_bytes(in->op);
			}
			if (!in->dest || !in->nreg)
				continue;
			/* a load starts a path; a constant one, a cache hit, carries its
			 * address's on, as arithmetic does (a table indexed by a load) */
			int out = k == K_LOAD ? 0 : src < 0 ? -1 : src + (k == K_FLOP);
			path = out > path ? out : path;
			taint_set(t, &n, cap, in->reg[0], out);
			/* vector loads write a brace list: every register before the address */
			if (k == K_LOAD || k == K_CLOAD)
				for (int r = 1; r < in->nreg && !in->in_brackets[r]; r++)
					taint_set(t, &n, cap, in->reg[r], out);
		}
	}
	free(t);
	m->independent = m->loads - dependent;
	m->shared_lines = shared;
	m->again_bytes = shared_bytes;
	m->alpha = alpha;
	/* a float chain carried round the loop (a sum's accumulator) is
	 * counted over both passes; an iteration holds at most its own */
	m->float_path = (unsigned)path < m->flops ? (unsigned)path : m->flops;
}

/* ---- how an address varies across a warp's lanes ---- */

/* A register's value across the lanes of a warp: lane x stride plus what
 * every lane shares (LANE_AFFINE; stride 0: uniform, value known where
 * is_const), lane x a number the same for every lane but unknown until the
 * kernel runs (LANE_SCALED: c * rows, a row apart), or neither
 * (LANE_VARIES: read from memory, or a form latmix does not follow).
 * origin: the pointer argument the value is an address into (1 + the
 * index of the instruction that read it from the parameters; 0: none).
 * res, mod: what is known of the value at the warp's first lane, res
 * modulo mod (mod 0: exactly res; 1: nothing). A buffer's address is a
 * multiple of 128 bytes (OpenCL's least CL_DEVICE_MEM_BASE_ADDR_ALIGN), a
 * warp's first %tid.x and a work-group's %ntid.x of 32 (latmix launches
 * whole warps), and %envreg3, the global offset, is 0: so a[i] with i
 * the global id starts its warp on a line, and a[i + 1] does not. */
typedef enum { LANE_AFFINE, LANE_SCALED, LANE_VARIES } lane_form;

typedef struct {
	lane_form form;
	long stride;
	bool is_const;
	long value;
	size_t origin;
	long res, mod;
} lane;

typedef struct {
	char name[16];
	lane l;
} lane_reg;

#define LANE_REGS 4096

static const lane UNIFORM = { .form = LANE_AFFINE, .mod = 1 }, VARIES = { .form = LANE_VARIES, .mod = 1 },
		  SCALED = { .form = LANE_SCALED, .mod = 1 };

/* Bytes a buffer's address is a multiple of; threads a warp's first
 * %tid.x and a work-group's size are */
#define BUFFER_ALIGN 128
#define WARP_LANES 32

static lane affine(long stride)
{
	return (lane){ .form = LANE_AFFINE, .stride = stride, .mod = 1 };
}

static lane constant(long value)
{
	return (lane){ .form = LANE_AFFINE, .is_const = true, .value = value, .res = value, .mod = 0 };
}

/* |x|, LONG_MIN's taken as LONG_MAX's: for comparing a stride or an
 * offset with a line's bytes or a divisor, where both are "far". */
static long magnitude(long x)
{
	return x == LONG_MIN ? LONG_MAX : labs(x);
}

/* gcd(|a|, |b|) in unsigned arithmetic (|LONG_MIN| fits there); the
 * callers pass at least one argument within ALIGN_CAP, so it fits a long. */
static long gcd(long a, long b)
{
	unsigned long x = a < 0 ? 0UL - (unsigned long)a : (unsigned long)a,
		      y = b < 0 ? 0UL - (unsigned long)b : (unsigned long)b;
	while (y) {
		unsigned long r = x % y;
		x = y;
		y = r;
	}
	return (long)x;
}

/* A modulus kept within ALIGN_CAP (a divisor of it, which a line's 128
 * bytes is): what is known modulo m is known modulo any divisor of m, and
 * products stay clear of overflow. An exact value (0) becomes its residue. */
#define ALIGN_CAP (1L << 24)

static long capped(long m)
{
	return m == 0 ? ALIGN_CAP : gcd(m, ALIGN_CAP);
}

/* x modulo m (0 < m <= ALIGN_CAP), in 0..m - 1 */
static long residue(long x, long m)
{
	return (x % m + m) % m;
}

/* res reduced into 0..mod - 1, mod capped; an exact value stays exact */
static lane reduced(lane l)
{
	if (l.mod != 0) {
		l.mod = capped(l.mod);
		l.res = residue(l.res, l.mod);
	}
	return l;
}

/* A multiple of m the same for every lane. */
static lane multiple_of(long m)
{
	return (lane){ .form = LANE_AFFINE, .mod = capped(m) };
}

/* Is the warp's first value known to be a multiple of mod's? */
static bool known_zero(lane l)
{
	return l.mod == 0 ? l.res == 0 : l.res % l.mod == 0;
}

static bool uniform(lane a)
{
	return a.form == LANE_AFFINE && a.stride == 0;
}

/* An operand: a register from the table (one not yet written: uniform, as
 * a parameter's), a special register (%tid.x and %laneid vary by one a
 * lane; %tid.y and %tid.z are taken as uniform: a warp's lanes run along
 * x), or an immediate. */
static lane lane_operand(const lane_reg *t, size_t n, const char *a)
{
	if (strcmp(a, "%tid.x") == 0 || strcmp(a, "%laneid") == 0) {
		lane l = affine(1);
		l.mod = a[1] == 't' ? WARP_LANES : 0; /* the warp's first lane: 32 w, or lane 0 */
		return l;
	}
	if (strcmp(a, "%ntid.x") == 0)
		return multiple_of(WARP_LANES);
	if (strcmp(a, "%envreg3") == 0) /* the global offset, none where latmix launches */
		return constant(0);
	if (a[0] == '%') {
		for (size_t i = 0; i < n; i++)
			if (strcmp(t[i].name, a) == 0)
				return t[i].l;
		return UNIFORM;
	}
	char *end;
	errno = 0;
	long v = strtol(a, &end, 0);
	if (end != a && !*end && errno != ERANGE)
		return constant(v);
	return UNIFORM; /* a float immediate, a symbol's address, one past a long */
}

/* a + b (sign 1) or a - b (sign -1); true where it overflows a long */
static bool overflows(long a, long b, int sign, long *out)
{
	return sign > 0 ? __builtin_add_overflow(a, b, out) : __builtin_sub_overflow(a, b, out);
}

/* a + sign b. A stride that overflows a long is lanes latmix cannot say
 * (VARIES); a value that does, a number the same for every lane but not
 * known (the listing's immediates near LONG_MAX or LONG_MIN). */
static lane lane_sum(lane a, lane b, int sign)
{
	if (a.form == LANE_VARIES || b.form == LANE_VARIES ||
	    (a.form == LANE_SCALED && b.form == LANE_SCALED))
		return VARIES;
	if (a.form == LANE_SCALED || b.form == LANE_SCALED)
		return SCALED;
	lane r = { .form = LANE_AFFINE, .is_const = a.is_const && b.is_const, .mod = gcd(a.mod, b.mod) };
	if (overflows(a.stride, b.stride, sign, &r.stride))
		return VARIES;
	if (overflows(a.value, b.value, sign, &r.value))
		r.is_const = false;
	/* known modulo m (0: exactly, as the value): residues, clear of overflow */
	long m = r.mod, ra = m ? residue(a.res, m) : a.res, rb = m ? residue(b.res, m) : b.res;
	if (overflows(ra, rb, sign, &r.res))
		r.res = 0, r.mod = 1;
	return reduced(r);
}

/* a + sign b: an address into a's array where b is an offset, and into
 * b's where a is one and the sum is a sum. */
static lane lane_add(lane a, lane b, int sign)
{
	lane r = lane_sum(a, b, sign);
	r.origin = a.origin && !b.origin ? a.origin : !a.origin && sign > 0 ? b.origin : 0;
	return r;
}

static lane lane_mul(lane a, lane b)
{
	if (a.form == LANE_VARIES || b.form == LANE_VARIES || (!uniform(a) && !uniform(b)))
		return VARIES;
	if (!uniform(a) || (!a.is_const && b.is_const)) {
		lane t = a;
		a = b;
		b = t;
	} /* a is uniform, and a constant where either is */
	if (a.is_const && b.form == LANE_AFFINE) {
		/* b = res + k mod: b a = res a + k (mod a), known modulo its
		 * divisor within ALIGN_CAP, a power of two: the product of the
		 * factors' there, from residues clear of overflow. A stride that
		 * overflows is lanes latmix cannot say; a value, one not known */
		lane r = { .form = LANE_AFFINE, .is_const = b.is_const, .mod = capped(capped(b.mod) * capped(a.value)) };
		r.res = residue(b.res, r.mod) * residue(a.value, r.mod) % r.mod;
		if (__builtin_mul_overflow(b.stride, a.value, &r.stride))
			return VARIES;
		if (__builtin_mul_overflow(b.value, a.value, &r.value))
			r.is_const = false;
		return r;
	}
	if (b.form == LANE_SCALED || b.stride != 0)
		return a.is_const && a.value == 0 ? UNIFORM : SCALED;
	/* two numbers the same for every lane: a multiple of each factor's known multiple */
	long m = (known_zero(a) ? capped(a.mod) : 1) * (known_zero(b) ? capped(b.mod) : 1);
	return known_zero(a) || known_zero(b) ? multiple_of(m) : UNIFORM;
}

/* Do a warp's 32 lanes, stride apart, span no more than c (32 |stride| <=
 * c, without the product's overflow)? */
static bool spans_within(long stride, long c)
{
	return magnitude(stride) <= c / WARP_LANES;
}

/* a / c for a divisor the same for every lane: exact where c divides the
 * stride; uniform where a warp's values span no more than c, or where c is
 * known only when the kernel runs (taken as wider than a warp's span, as
 * in k / width); else it varies. */
static lane lane_div(lane a, lane c)
{
	if (a.form != LANE_AFFINE || !uniform(c))
		return VARIES;
	if (uniform(a)) /* LONG_MIN / -1 overflows: a number not known */
		return a.is_const && c.is_const && c.value && !(a.value == LONG_MIN && c.value == -1)
			       ? constant(a.value / c.value) : UNIFORM;
	if (!c.is_const)
		return UNIFORM;
	if (c.value > 0 && a.stride % c.value == 0)
		return affine(a.stride / c.value);
	return c.value > 0 && spans_within(a.stride, c.value) ? UNIFORM : VARIES;
}

/* a % c: a itself where a warp's values span no more than c (or c is known
 * only when the kernel runs, as for lane_div). */
static lane lane_rem(lane a, lane c)
{
	if (a.form != LANE_AFFINE || !uniform(c))
		return VARIES;
	if (uniform(a) || !c.is_const || (c.value > 0 && spans_within(a.stride, c.value)))
		return affine(a.stride);
	return VARIES;
}

/* The lanes of instruction in (index i) result, from its operands'. */
static lane lane_eval(const ptx_inst *in, size_t i, const lane_reg *t, size_t n)
{
	char op[16];
	snprintf(op, sizeof op, "%.*s", (int)strcspn(in->op, "."), in->op);
	lane a[MAX_OPS];
	bool all_uniform = true;
	for (int j = 1; j < in->narg; j++) {
		a[j] = lane_operand(t, n, in->arg[j]);
		all_uniform &= uniform(a[j]);
	}
	if (starts(in->op, "ld.param")) /* a 64-bit one may be a pointer */
		return strstr(in->op, "64") ? (lane){ .form = LANE_AFFINE, .origin = i + 1, .mod = BUFFER_ALIGN }
					    : UNIFORM;
	if (strcmp(op, "ld") == 0 || strcmp(op, "ldu") == 0 || strcmp(op, "atom") == 0 || in->narg < 2)
		return VARIES;
	if (strcmp(op, "mov") == 0 || strcmp(op, "cvt") == 0 || strcmp(op, "cvta") == 0)
		return a[1]; /* below, only a sum keeps an operand's origin */
	if (in->narg == 3 && (strcmp(op, "add") == 0 || strcmp(op, "sub") == 0))
		return lane_add(a[1], a[2], op[0] == 'a' ? 1 : -1);
	bool hi = strstr(in->op, ".hi") != NULL;
	if (in->narg == 3 && strcmp(op, "mul") == 0 && !hi)
		return lane_mul(a[1], a[2]);
	if (in->narg == 4 && strcmp(op, "mad") == 0 && !hi)
		return lane_add(lane_mul(a[1], a[2]), a[3], 1);
	if (in->narg == 3 && strcmp(op, "shl") == 0 && a[2].is_const && a[2].value >= 0 && a[2].value < 32)
		return lane_mul(a[1], constant(1L << a[2].value));
	if (in->narg == 3 && strcmp(op, "shr") == 0 && a[2].is_const && a[2].value >= 0 && a[2].value < 32)
		return lane_div(a[1], constant(1L << a[2].value));
	if (in->narg == 3 && strcmp(op, "div") == 0)
		return lane_div(a[1], a[2]);
	if (in->narg == 3 && strcmp(op, "rem") == 0)
		return lane_rem(a[1], a[2]);
	if (in->narg == 3 && strcmp(op, "and") == 0 && a[2].is_const && a[2].value > 0 &&
	    a[2].value < LONG_MAX && (a[2].value & (a[2].value + 1)) == 0) /* a mask of low bits: % 2^k */
		return lane_rem(a[1], constant(a[2].value + 1));
	if (in->narg == 2 && strcmp(op, "neg") == 0)
		return lane_mul(a[1], constant(-1));
	return all_uniform ? UNIFORM : VARIES;
}

static void lane_set_one(lane_reg *t, size_t *n, const char *r, lane l)
{
	for (size_t i = 0; i < *n; i++)
		if (strcmp(t[i].name, r) == 0) {
			t[i].l = l;
			return;
		}
	if (*n < LANE_REGS) {
		snprintf(t[*n].name, sizeof t[*n].name, "%s", r);
		t[(*n)++].l = l;
	}
}

/* Sets what in writes: its first operand, or each register of a vector
 * load's brace list. */
static void lane_set(lane_reg *t, size_t *n, const ptx_inst *in, lane l)
{
	if (!in->dest || !in->narg)
		return;
	if (in->arg[0][0] == '%')
		lane_set_one(t, n, in->arg[0], l);
	else if (in->arg[0][0] == '{')
		for (int r = 0; r < in->nreg && !in->in_brackets[r] && strstr(in->arg[0], in->reg[r]); r++)
			lane_set_one(t, n, in->reg[r], l);
}

/* Where a coalesced access (lanes bytes apart, l its address) starts its
 * warp within a 128-byte line, known where the warp's first address is
 * known modulo a line (see lane); -1 where it is not. Off 0, the warp
 * straddles one line more than its bytes fill. */
static long line_offset(lane l, long offset, long bytes)
{
	if (l.form != LANE_AFFINE || magnitude(l.stride) != bytes || !bytes || l.mod % LINE_BYTES != 0)
		return -1;
	return residue(l.res % LINE_BYTES + offset % LINE_BYTES, LINE_BYTES);
}

/* Which pointer argument each global access of the kernel (v, nv
 * instructions, in order) reads or writes, an atomic both, into m->args:
 * the lanes followed through the whole body twice (the second pass sees
 * what loops carried round); an access not traced to an argument clears
 * traced. */
static void ptx_args(const ptx_inst *v, size_t nv, lm_count *m)
{
	lane_reg *t = calloc(LANE_REGS, sizeof *t);
	m->args = (lm_count_uses){ 0 };
	if (!t)
		return;
	size_t n = 0;
	for (int pass = 0; pass < 2; pass++) {
		m->args = (lm_count_uses){ .traced = true };
		for (size_t i = 0; i < nv; i++) {
			const ptx_inst *in = &v[i];
			if (!in->op[0] || in->target[0])
				continue;
			ptx_kind k = ptx_classify(in->op);
			if (k == K_CLOAD)
				k = K_LOAD; /* a constant pointer's, or the program's own table */
			if (k == K_LOAD || k == K_STORE || k == K_ATOMIC) {
				lane l = in->base[0] ? lane_operand(t, n, in->base) : VARIES;
				int arg = l.origin ? v[l.origin - 1].param : -1;
				bool table = ptx_classify(in->op) == K_CLOAD && arg < 0;
				if (arg < 0 || arg >= 64)
					m->args.traced &= table;
				else {
					m->args.loaded |= (unsigned long long)(k != K_STORE) << arg;
					m->args.stored |= (unsigned long long)(k != K_LOAD) << arg;
				}
			}
			lane_set(t, &n, in, lane_eval(in, i, t, n));
		}
	}
	free(t);
}

/* Follows how each register varies across a warp's lanes through the
 * instructions before the loop (0..lo - 1, in order) and the path ix
 * twice (the second pass sees what the first carried round the loop),
 * and sorts the path's global loads and stores by the bytes between two
 * lanes' addresses: at most the bytes a lane moves (coalesced), further
 * but a load within the L2's fetch of 64 bytes, a store within a 32-byte
 * sector (strided: the warp's span moved), further or a row apart known
 * only at run time (scattered: each lane its own sector, as the
 * gmem-random mix measures), or not followed. Counts too the loads into
 * the array of a load before them on the path, lanes as far apart, at an
 * offset the same for every lane (a stencil's rows above and below): the
 * lines other iterations of the loop read (those off one register within
 * a line are shared_lines already), and the gap bytes of the strided ones. */
static void ptx_lanes(const ptx_inst *v, size_t lo, const size_t *ix, size_t nix, lm_count *m)
{
	lane seen[64];
	size_t nseen = 0;
	size_t n = 0;
	lane_reg *t = calloc(LANE_REGS, sizeof *t);
	if (!t)
		return;
	for (size_t i = 0; i < lo; i++)
		if (v[i].op[0])
			lane_set(t, &n, &v[i], lane_eval(&v[i], i, t, n));
	unsigned same_bytes = 0;
	long load_gap = 0, store_gap = 0;
	for (int pass = 0; pass < 2; pass++) {
		m->scattered_loads = m->scattered_stores = m->strided = m->unfollowed = m->same_array = 0;
		m->misaligned_loads = m->misaligned_stores = m->partial_stores = 0;
		load_gap = store_gap = 0;
		nseen = same_bytes = 0;
		for (size_t p = 0; p < nix; p++) {
			const ptx_inst *in = &v[ix[p]];
			if (!in->op[0] || in->target[0])
				continue;
			ptx_kind k = ptx_classify(in->op);
			if ((k == K_LOAD || k == K_STORE) && in->base[0]) {
				lane l = lane_operand(t, n, in->base);
				long s = magnitude(l.stride), b = (long)ptx_bytes(in->op), gap = 0;
				if (l.form == LANE_VARIES)
					m->unfollowed++;
				else if (l.form == LANE_SCALED || s > FETCH_BYTES ||
					 (k != K_LOAD && s >= SECTOR_BYTES))
					*(k == K_LOAD ? &m->scattered_loads : &m->scattered_stores) += 1;
				else if (s > b) {
					m->strided++;
					gap = s - b;
				}
				else if (line_offset(l, in->offset, b) > 0) {
					*(k == K_LOAD ? &m->misaligned_loads : &m->misaligned_stores) += 1;
					m->partial_stores += k == K_STORE && line_offset(l, in->offset, b) % SECTOR_BYTES;
				}
				bool partner = shares_lines(v, ix, p), own = !partner;
				if (k == K_LOAD && l.form == LANE_AFFINE && l.origin && own) {
					bool again = false;
					for (size_t q = 0; q < nseen; q++)
						again |= seen[q].origin == l.origin && seen[q].stride == l.stride;
					if (again) {
						m->same_array++;
						same_bytes += (unsigned)b;
						own = false;
					}
					else if (nseen < 64)
						seen[nseen++] = l;
				}
				/* a strided access's warp spans lanes x stride bytes and
				 * touches every sector there: the bytes between its lanes
				 * count as moved. A load sharing another's lines has no
				 * traffic of its own (again_bytes); a store sharing
				 * another's fills part of its gap */
				if (gap && k == K_LOAD && own)
					load_gap += gap;
				else if (gap && k == K_STORE)
					store_gap += partner ? -b : gap;
			}
			lane_set(t, &n, in, lane_eval(in, ix[p], t, n));
		}
	}
	m->again_bytes += same_bytes;
	m->gap_load_bytes = (unsigned)load_gap;
	m->gap_store_bytes = store_gap > 0 ? (unsigned)store_gap : 0;
	free(t);
}

static bool memory_access(ptx_kind k)
{
	return k != K_SFU && k != K_FLOP && k != K_OTHER;
}

/* The path through the loop lo..hi (v[lo] its label, v[hi] the branch
 * back) that one iteration takes when the loop branches: of the paths from
 * the head back to it, the one with the most memory accesses, then the
 * most instructions (a stencil's inside, not its border). Its instructions'
 * indices in ix (at most hi - lo + 1), in order; the count. Without a
 * branch inside, every instruction of the loop. */
static size_t ptx_hot_path(const ptx_inst *v, size_t lo, size_t hi, size_t *ix)
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
				mem += !v[i].target[0] && memory_access(ptx_classify(v[i].op));
			}
		weight[b] = mem * 100000 + insts;
		best[b] = b ? -1 : weight[b];
	}
	long top = -1;
	size_t last = 0;
	for (size_t b = 0; b < nb; b++) {
		if (best[b] < 0)
			continue;
		size_t end = (b + 1 < nb ? first[b + 1] : hi + 1) - 1;
		const ptx_inst *e = &v[end];
		bool stops = starts(e->op, "ret") || starts(e->op, "exit");
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
	if (top < 0)
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

lm_status lm_count_count_ptx(const char *ptx, const char *name, lm_count *out)
{
	char *text = strdup(ptx), *body;
	if (!text)
		return lm_fail(LM_ENOMEM, "out of memory");
	if (!ptx_function(text, name, &body)) {
		free(text);
		return lm_fail(LM_EPARSE, "no kernel %s in the PTX", name);
	}
	unsigned first_line = 1;
	for (const char *q = text; q < body; q++)
		first_line += *q == '\n';
	size_t cap = 256, n = 0;
	ptx_inst *v = malloc(cap * sizeof *v);
	lm_status s = v ? LM_OK : lm_fail(LM_ENOMEM, "out of memory");
	unsigned line = first_line;
	for (char *l = body, *next; s == LM_OK && l; l = next, line++) {
		next = strchr(l, '\n');
		if (next)
			*next++ = '\0';
		if (n == cap) {
			ptx_inst *w = realloc(v, 2 * cap * sizeof *v);
			if (!w) {
				s = lm_fail(LM_ENOMEM, "out of memory");
				break;
			}
			v = w;
			cap *= 2;
		}
		if (ptx_line(l, line, &v[n]))
			n++;
	}
	/* loops: a branch back to a label before it */
	size_t lo = 0, hi = 0, best_loads = 0, loops = 0, nloops = 0;
	size_t loop_lo[64], loop_hi[64];
	for (size_t i = 0; s == LM_OK && i < n; i++) {
		if (!v[i].target[0])
			continue;
		for (size_t j = 0; j <= i; j++) {
			if (strcmp(v[j].label, v[i].target) != 0)
				continue;
			if (nloops < 64) {
				loop_lo[nloops] = j;
				loop_hi[nloops++] = i;
			}
			size_t loads = 0;
			for (size_t k = j; k <= i; k++)
				if (v[k].op[0] && !v[k].target[0]) {
					ptx_kind c = ptx_classify(v[k].op);
					loads += c == K_LOAD || c == K_CLOAD || c == K_STORE || c == K_ATOMIC;
				}
			if (loads) {
				loops++;
				if (loads > best_loads) {
					best_loads = loads;
					lo = j;
					hi = i;
				}
			}
		}
	}
	if (s == LM_OK && !best_loads)
		s = lm_fail(LM_EPARSE, "kernel %s: no loop that loads or stores global memory: nothing "
			    "for the model to count (a kernel without a loop runs once per thread)", name);
	for (size_t l = 0; s == LM_OK && l < nloops; l++) {
		bool inside = loop_lo[l] > lo && loop_hi[l] < hi;
		bool around = loop_lo[l] < lo && loop_hi[l] > hi;
		if (inside || around)
			s = lm_fail(LM_EPARSE, "kernel %s: its loop over global memory (PTX lines %u-%u) %s "
				    "another loop (lines %u-%u) whose trip count latmix cannot know: the mix of "
				    "an iteration is not fixed, so latmix does not guess it", name, v[lo].line,
				    v[hi].line, inside ? "holds" : "lies inside", v[loop_lo[l]].line,
				    v[loop_hi[l]].line);
	}
	for (size_t i = lo; s == LM_OK && i <= hi; i++)
		if (starts(v[i].op, "call"))
			s = lm_fail(LM_EPARSE, "kernel %s: a call in its loop (PTX line %u): what the "
				    "callee does is not in the listing", name, v[i].line);
	size_t *ix = s == LM_OK ? malloc((hi - lo + 1) * sizeof *ix) : NULL;
	if (s == LM_OK && !ix)
		s = lm_fail(LM_ENOMEM, "out of memory");
	if (s == LM_OK) {
		memset(out, 0, sizeof *out);
		out->loops = (unsigned)loops;
		out->ptx_first = v[lo].line;
		out->ptx_last = v[hi].line;
		for (size_t i = lo; i <= hi; i++)
			out->body_insts += v[i].op[0] != '\0';
		size_t nix = ptx_hot_path(v, lo, hi, ix);
		for (size_t p = 0; p < nix; p++) {
			const ptx_inst *in = &v[ix[p]];
			if (!in->op[0])
				continue;
			out->insts++;
			if (in->target[0]) {
				out->other++;
				continue;
			}
			switch (ptx_classify(in->op)) {
			case K_LOAD: out->loads++; out->load_bytes += ptx_bytes(in->op); break;
			case K_CLOAD:
				out->loads++;
				out->const_loads++;
				out->load_bytes += ptx_bytes(in->op);
				out->const_bytes += ptx_bytes(in->op);
				break;
			case K_STORE: out->stores++; out->store_bytes += ptx_bytes(in->op); break;
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
		ptx_dependences(v, ix, nix, out);
		ptx_lanes(v, lo, ix, nix, out);
		ptx_args(v, n, out);
	}
	free(ix);
	free(v);
	free(text);
	return s;
}

bool lm_count_overlap_note(const lm_count *m, char *note, size_t size)
{
	/* a note, not a price: where at least half the loop's float arithmetic,
	 * and 32 instructions or more, can issue beside its longest chain */
	if (m->loads > m->independent || !m->float_path || m->flops < 32 || m->flops < 2 * m->float_path)
		return false;
	snprintf(note, size, "its %u float instructions lie on chains of at most %u from a load, and alpha "
		 "prices each as a step of its own: at few warps the loop may run faster than predicted (a "
		 "loop of 271 floats in chains of 36 ran 1.8 times its price at 1 warp per SM on an H200 and an "
		 "H100, one of 70 in chains of 19 1.2 times: doc/predict.md)",
		 m->flops, m->float_path);
	return true;
}

bool lm_count_constant_note(const lm_count *m, char *note, size_t size)
{
	if (!m->const_loads)
		return false;
	snprintf(note, size, "its %u loads of constant memory (PTX ld.const) are priced as cache hits: no lines "
		 "of their own, one instruction each, whatever addresses its lanes read. A constant buffer is "
		 "at most 64 KB on NVIDIA's GPUs, which the cache keeps, and ptxas builds such a load as a "
		 "read-only global load (LDG.E.CONSTANT), not a constant bank's, whose lanes at different "
		 "addresses would serialise. On an H100, beside a load stream (c[i] = a[i] * w[i %% 1024], w "
		 "constant) the loop ran within 1%% of the same loop without w at every occupancy; with stores "
		 "alone (b[i] = a[i %% 1024]) at fill's rate from 8 warps per SM, but at 53-59%% of it at 1-4, "
		 "where a hit's latency (73 cycles an element at 1 warp against fill's 39) lengthens the step, "
		 "which this price leaves out (doc/predict.md)", m->const_loads);
	return true;
}

void lm_count_print(FILE *f, const lm_count *m)
{
	fprintf(f, "%s: the main loop as %s built it (listing lines %u-%u), per iteration:\n", m->label,
		m->from, m->ptx_first, m->ptx_last);
	fprintf(f, "  %-34s %u (%u bytes a thread)\n", "global loads", m->loads, m->load_bytes);
	fprintf(f, "  %-34s %u\n", "  independent (in flight together)", m->independent);
	fprintf(f, "  %-34s %u\n", "  fed by another load", m->loads - m->independent);
	if (m->const_loads)
		fprintf(f, "  %-34s %u (ld.const: cache hits, no lines of their own, priced as instructions)\n",
			"  of constant memory", m->const_loads);
	if (m->shared_lines)
		fprintf(f, "  %-34s %u (the same address register, within %d bytes: cache hits)\n",
			"  reading another's lines", m->shared_lines, LINE_BYTES);
	if (m->same_array)
		fprintf(f, "  %-34s %u (lanes as far apart, an offset the same for every lane: lines the "
			"loop's other iterations read: cache hits, in flight with the loads)\n", "  reading another's array",
			m->same_array);
	fprintf(f, "  %-34s %u (%u bytes a thread)\n", "global stores", m->stores, m->store_bytes);
	if (m->scattered_loads || m->scattered_stores)
		fprintf(f, "  %-34s %u loads, %u stores (lanes over 64 bytes apart, a store's a 32-byte sector "
			"or more, or a row apart)\n",
			"  scattered", m->scattered_loads, m->scattered_stores);
	if (m->strided)
		fprintf(f, "  %-34s %u (lanes apart by more than they move, a load's up to 64 bytes, a store's "
			"under a sector: priced as coalesced, at the bytes from lane to lane, which their "
			"warp's sectors hold: %u bytes a thread more)\n", "  strided", m->strided,
			m->gap_load_bytes + m->gap_store_bytes);
	if (m->misaligned_loads || m->misaligned_stores) {
		fprintf(f, "  %-34s %u loads, %u stores (a warp's access starts off a %d-byte line and "
			"straddles one more", "  misaligned", m->misaligned_loads, m->misaligned_stores, LINE_BYTES);
		if (m->misaligned_stores)
			fprintf(f, "; %u of the stores write part of a %d-byte sector", m->partial_stores, SECTOR_BYTES);
		fputs(m->misaligned_loads ? ": the loads' streams priced at the parameter file's misaligned "
		      "share, the stores as aligned)\n" : ": priced as aligned)\n", f);
	}
	if (m->unfollowed)
		fprintf(f, "  %-34s %u (from memory, or a form latmix does not follow: priced as "
			"coalesced)\n", "  lanes' addresses not followed", m->unfollowed);
	if (m->atomics)
		fprintf(f, "  %-34s %u\n", "global atomics", m->atomics);
	fprintf(f, "  %-34s %u loads, %u stores\n", "local memory", m->local_loads, m->local_stores);
	if (m->spills)
		fprintf(f, "  %-34s %u\n", "private memory (spills)", m->spills);
	fprintf(f, "  %-34s %g\n", "alpha (float ops from load to load)", m->alpha);
	fprintf(f, "  %-34s %u\n", "float arithmetic", m->flops);
	if (m->float_path && m->float_path < m->flops)
		fprintf(f, "  %-34s %u (the rest can issue beside it)\n", "  longest chain from a load",
			m->float_path);
	fprintf(f, "  %-34s %u\n", "SFU", m->sfu);
	fprintf(f, "  %-34s %u\n", "other", m->other);
	if (m->divisions || m->wide_divisions)
		fprintf(f, "  %-34s %u (32-bit), %u (64-bit) (NVIDIA's code: about %d and %d instructions "
			"each, counted so)\n", "  integer divisions, remainders", m->divisions, m->wide_divisions,
			PTX_DIVISION_INSTS, PTX_WIDE_DIVISION_INSTS);
	fprintf(f, "  %-34s %u\n", "instructions", m->insts);
	if (m->loops > 1)
		fprintf(f, "  (%u loops touch global memory; the one with the most accesses is counted)\n",
			m->loops);
	if (m->body_insts > m->insts)
		fprintf(f, "  (the loop branches: the path with the most memory accesses is counted, %u of its "
			"%u instructions)\n", m->insts, m->body_insts);
	if (m->limit[0])
		fprintf(f, "occupancy: its build allows %s\n", m->limit);
	lm_kernel_mix k;
	lm_count_model(m, &k);
	if (k.alpha != m->alpha)
		fprintf(f, "(predict's --alpha %g: no load feeds another, so an iteration waits for its other "
			"instructions, all but its memory accesses%s, before the next one's loads issue)\n", k.alpha,
			m->const_loads ? " (a constant load counts as an instruction)" : "");
	char note[512];
	if (lm_count_overlap_note(m, note, sizeof note))
		fprintf(f, "(%s)\n", note);
	fputs("predict: ", f);
	lm_count_put_predict(f, &k);
	fputc('\n', f);
}

/* A kernel's figures as predict takes them: each an option of the
 * "predict:" line (in the order written there, the first four always) and
 * of latmix predict, the most the model is asked to price (a count's
 * loads, stores and hits: as many as the options take; alpha and the
 * instructions: the options' cap on --insts, past which an iteration's
 * rates fall under what the output can say). flops is the count's alone. */
static const struct {
	const char *option;
	size_t offset;
	double most;
} figures[] = {
	{ "loads", offsetof(lm_kernel_mix, loads), LM_COUNT_MOST_ACCESSES },
	{ "stores", offsetof(lm_kernel_mix, stores), LM_COUNT_MOST_ACCESSES },
	{ "alpha", offsetof(lm_kernel_mix, alpha), LM_COUNT_MOST_INSTS },
	{ "insts", offsetof(lm_kernel_mix, insts), LM_COUNT_MOST_INSTS },
	{ "scattered-loads", offsetof(lm_kernel_mix, scattered_loads), LM_COUNT_MOST_ACCESSES },
	{ "scattered-stores", offsetof(lm_kernel_mix, scattered_stores), LM_COUNT_MOST_ACCESSES },
	{ "hits", offsetof(lm_kernel_mix, hits), LM_COUNT_MOST_ACCESSES },
	{ "misaligned-loads", offsetof(lm_kernel_mix, misaligned_loads), LM_COUNT_MOST_ACCESSES },
	{ "load-bytes", offsetof(lm_kernel_mix, load_bytes), LM_COUNT_MOST_ACCESSES },
	{ "store-bytes", offsetof(lm_kernel_mix, store_bytes), LM_COUNT_MOST_ACCESSES },
	{ "atomics", offsetof(lm_kernel_mix, atomics), LM_COUNT_MOST_ACCESSES },
	{ "flops", offsetof(lm_kernel_mix, flops), LM_COUNT_MOST_INSTS },
};
#define NFIGURES (sizeof figures / sizeof figures[0])
#define LINE_FIGURES (NFIGURES - 1) /* all but flops */
#define LINE_REQUIRED 4

static double *figure(lm_kernel_mix *k, size_t i)
{
	return (double *)((char *)k + figures[i].offset);
}

static double figure_of(const lm_kernel_mix *k, size_t i)
{
	return *(const double *)((const char *)k + figures[i].offset);
}

void lm_count_put_predict(FILE *f, const lm_kernel_mix *k)
{
	/* a lane's bytes only where not the mixes' 4 (0: not known) */
	for (size_t i = 0; i < LINE_FIGURES; i++) {
		double v = figure_of(k, i);
		bool bytes = strstr(figures[i].option, "bytes") != NULL;
		if (i < LINE_REQUIRED || (v > 0 && !(bytes && v == 4)))
			fprintf(f, "%s--%s %g", i ? " " : "", figures[i].option, v);
	}
}

lm_status lm_count_check(const lm_kernel_mix *k, const char *where)
{
	const char *sep = where && where[0] ? ": " : "";
	where = where ? where : "";
	for (size_t i = 0; i < NFIGURES; i++) {
		double v = figure_of(k, i);
		if (!(v >= 0 && v <= figures[i].most))
			return lm_fail(LM_EUSAGE, "%s%s--%s %.10g: expected a number from 0 to %g", where, sep,
				       figures[i].option, v, figures[i].most);
	}
	if (k->scattered_loads > k->loads || k->scattered_stores > k->stores)
		return lm_fail(LM_EUSAGE, "%s%s%g scattered loads of %g, %g scattered stores of %g: the scattered "
			       "ones are counted among the loads and stores", where, sep, k->scattered_loads,
			       k->loads, k->scattered_stores, k->stores);
	if (k->misaligned_loads > k->loads - k->scattered_loads)
		return lm_fail(LM_EUSAGE, "%s%s%g misaligned loads of %g coalesced ones: the misaligned ones are "
			       "counted among the coalesced loads", where, sep, k->misaligned_loads,
			       k->loads - k->scattered_loads);
	if (k->insts > 0 && k->insts < k->loads + k->stores)
		return lm_fail(LM_EUSAGE, "%s%s--insts %g: fewer than the %g loads and stores an iteration issues "
			       "(0: loads + stores + alpha)", where, sep, k->insts, k->loads + k->stores);
	return LM_OK;
}

lm_status lm_count_from_isa(const lm_listing_counts *c, const char *name, lm_count *out)
{
	memset(out, 0, sizeof *out);
	if (c->heads > 1)
		return lm_fail(LM_EPARSE, "kernel %s: its loop over global memory holds another loop "
			       "(%u loop heads) whose trip count latmix cannot know: the mix of an "
			       "iteration is not fixed, so latmix does not guess it", name, c->heads);
	out->insts = out->body_insts = c->insts;
	out->loads = c->kind[LM_LISTING_CHASE] + c->kind[LM_LISTING_FIXED] - c->local_loads;
	out->independent = out->loads; /* dependences are traced in PTX only */
	out->stores = c->kind[LM_LISTING_MEM_OTHER] - c->local_stores - c->atomics;
	out->local_loads = c->local_loads;
	out->local_stores = c->local_stores;
	out->atomics = c->atomics;
	out->spills = c->kind[LM_LISTING_SPILL];
	out->sfu = c->kind[LM_LISTING_SFU];
	out->flops = c->kind[LM_LISTING_ADD];
	out->other = c->kind[LM_LISTING_OTHER] + c->kind[LM_LISTING_CALL];
	out->divisions = out->wide_divisions = 0; /* the listing holds their sequences */
	/* a side's bytes only where the listing says every access's (0: not known) */
	out->load_bytes = c->unsized_loads ? 0 : c->load_bytes;
	out->store_bytes = c->unsized_stores ? 0 : c->store_bytes;
	out->shared_lines = c->shared_lines;
	out->again_bytes = c->unsized_loads ? 0 : c->shared_bytes;
	out->loops = c->loops ? c->loops : 1;
	return LM_OK;
}

void lm_count_model(const lm_count *m, lm_kernel_mix *k)
{
	/* loads reading another's lines wait for the same lines, and those into
	 * another's array read lines the loop loads anyway: no memory traffic
	 * of their own. The latter are hits on lines of their own all the same,
	 * in flight with the loads: the step waits for them as for chains. A
	 * constant load (never fed by another) is neither: a cache's hit, one
	 * instruction below */
	unsigned global = m->loads - m->const_loads, independent = m->independent - m->const_loads;
	unsigned again = m->shared_lines + m->same_array;
	bool own_lines = independent > again;
	k->loads = own_lines ? independent - again : independent;
	k->hits = own_lines ? m->same_array : 0;
	k->stores = m->stores;
	/* a scattered load sharing another's lines is not one in flight either */
	k->scattered_loads = fmin(m->scattered_loads, k->loads);
	k->scattered_stores = m->scattered_stores;
	/* a misaligned load makes its stream of lines straddle: one stream of
	 * the loop's coalesced ones at most for each (stencil1d's a[i - 1] and
	 * a[i + 1] beside a[i] are one stream off a line) */
	k->misaligned_loads = fmin(m->misaligned_loads, k->loads - k->scattered_loads);
	/* a lane's bytes an access, on average over the loads with lines of
	 * their own (0 where the listing does not say) */
	unsigned own = global - (own_lines ? again : 0), not_own = own_lines ? m->again_bytes : 0;
	unsigned load_bytes = m->load_bytes ? m->load_bytes - m->const_bytes + m->gap_load_bytes : 0;
	k->load_bytes = own && load_bytes >= not_own ? (double)(load_bytes - not_own) / own : 0;
	k->store_bytes = m->stores && m->store_bytes ? (double)(m->store_bytes + m->gap_store_bytes) / m->stores : 0;
	k->atomics = m->atomics;
	k->flops = m->flops;
	/* an integer division is the sequence the GPU runs for it */
	unsigned seq = m->divisions * (PTX_DIVISION_INSTS - 1) + m->wide_divisions * (PTX_WIDE_DIVISION_INSTS - 1);
	k->insts = m->insts + seq;
	/* a chase waits for the arithmetic between its loads; a loop of
	 * independent loads for every other instruction of its iteration, as
	 * in-order issue reaches the next iteration's loads after them */
	unsigned mem = global + m->stores + m->atomics + m->local_loads + m->local_stores + m->spills;
	k->alpha = m->loads > m->independent ? m->alpha : (double)(m->insts > mem ? m->insts - mem + seq : 0);
}

/* The figure of the predict: line option at *p ("--loads 2"), from
 * figures[*next] on (they come in order), into k; *p past it. False, the
 * reason said, where it is none of those or its value is not a number. */
static bool parse_figure(const char **p, size_t *next, lm_kernel_mix *k)
{
	const char *a = *p;
	size_t len = strcspn(a, " \t\n");
	size_t i = *next;
	while (i < LINE_FIGURES && !(len == strlen(figures[i].option) + 2 && !strncmp(a, "--", 2) &&
				     !strncmp(a + 2, figures[i].option, len - 2)))
		i++;
	if (i == LINE_FIGURES || (*next < LINE_REQUIRED && i != *next)) {
		lm_fail(LM_EPARSE, "'%.*s' where %s%s was due", (int)len, a,
			*next < LINE_REQUIRED ? "--" : "an option of the line", *next < LINE_REQUIRED ?
			figures[*next].option : "");
		return false;
	}
	a += len + strspn(a + len, " \t");
	char value[64];
	size_t vlen = strcspn(a, " \t\n");
	snprintf(value, sizeof value, "%.*s", (int)vlen, a);
	if (vlen >= sizeof value || !lm_number_parse(value, figure(k, i))) {
		lm_fail(LM_EPARSE, "--%s '%.*s': not a number", figures[i].option, (int)vlen, a);
		return false;
	}
	*p = a + vlen + strspn(a + vlen, " \t");
	*next = i + 1;
	return true;
}

unsigned lm_count_underflow(const lm_model_params *p, const lm_model_kinds *st, const lm_kernel_mix *k,
			   const unsigned *warps, size_t n)
{
	double peak = lm_model_kernel_peak(p, st, k, NULL);
	for (size_t i = 0; i < n && peak > 0 && isfinite(peak); i++)
		if (warps[i] > 0 && !(lm_model_eval_kernel(p, st, k, warps[i], NULL) > 0))
			return warps[i];
	return 0;
}

bool lm_count_parse_predict(const char *args, lm_kernel_mix *k)
{
	memset(k, 0, sizeof *k);
	size_t next = 0;
	while (*args && *args != '\n')
		if (!parse_figure(&args, &next, k))
			return false;
	if (next < LINE_REQUIRED) {
		lm_fail(LM_EPARSE, "no --%s", figures[next].option);
		return false;
	}
	return lm_count_check(k, NULL) == LM_OK;
}

/* ---- the count as a file: mix-of/NAME.ini ---- */

/* A figure's key in the count's file: its option's name, '-' as '_'. */
static void figure_key(size_t i, char *buf, size_t size)
{
	snprintf(buf, size, "%s", figures[i].option);
	for (char *c = buf; *c; c++)
		if (*c == '-')
			*c = '_';
}

void lm_count_write_ini(FILE *f, const char *label, const lm_count *m, const char *why)
{
	fprintf(f, "; latmix's count of kernel %s's loop, for latmix report to read\n; (for people, with the "
		"listing: %s.txt)\n[count]\nformat = %d\nkernel = %s\n", label, label, LM_COUNT_FORMAT, label);
	if (!m) {
		/* in lines within the INI reader's, broken at spaces: reason, reason_2, ...
		 * (read back joined by a space) */
		fputs("counted = no\n", f);
		char text[1024];
		snprintf(text, sizeof text, "%s", why);
		for (char *c = text; *c; c++)
			if (*c == '\n' || *c == '\r' || *c == '\t')
				*c = ' ';
		const char *p = text + strspn(text, " ");
		for (unsigned part = 1; *p; part++) {
			size_t n = strlen(p);
			if (n > 160) {
				n = 160;
				while (n > 1 && p[n] != ' ')
					n--;
				if (n == 1)
					n = 160;
			}
			if (part == 1)
				fprintf(f, "reason = %.*s\n", (int)n, p);
			else
				fprintf(f, "reason_%u = %.*s\n", part, (int)n, p);
			p += n;
			p += strspn(p, " ");
		}
		return;
	}
	lm_kernel_mix k;
	lm_count_model(m, &k);
	fputs("counted = yes\n", f);
	for (size_t i = 0; i < NFIGURES; i++) {
		char key[32];
		figure_key(i, key, sizeof key);
		fprintf(f, "%s = %.17g\n", key, figure_of(&k, i));
	}
	fprintf(f, "misaligned_stores = %u\n", m->misaligned_stores);
}

/* The count file being read (inifile.h calls back). */
typedef struct {
	lm_count_file *out;
	unsigned seen;   /* the figures given, a bit each */
	bool format, counted;
} count_reader;

static lm_status count_key(void *ctx, const char *section, const char *key, const char *value, int line)
{
	count_reader *r = ctx;
	lm_count_file *o = r->out;
	if (strcmp(section, "count") != 0)
		return lm_fail(LM_EPARSE, "%s:%d: [%s]: a count has one section, [count]", o->path, line, section);
	double v;
	if (!strcmp(key, "format")) {
		r->format = true;
		return lm_number_parse(value, &v) && v == LM_COUNT_FORMAT ? LM_OK
			: lm_fail(LM_EPARSE, "%s:%d: format '%s': this latmix reads %d", o->path, line, value,
				  LM_COUNT_FORMAT);
	}
	if (!strcmp(key, "kernel")) {
		snprintf(o->kernel, sizeof o->kernel, "%s", value);
		return LM_OK;
	}
	if (!strcmp(key, "reason") || !strncmp(key, "reason_", 7)) {
		size_t at = strlen(o->reason);
		snprintf(o->reason + at, sizeof o->reason - at, "%s%s", at ? " " : "", value);
		return LM_OK;
	}
	if (!strcmp(key, "counted")) {
		r->counted = true;
		o->counted = !strcmp(value, "yes");
		return o->counted || !strcmp(value, "no") ? LM_OK
			: lm_fail(LM_EPARSE, "%s:%d: counted '%s': yes or no", o->path, line, value);
	}
	if (!strcmp(key, "misaligned_stores")) {
		unsigned long long u;
		if (!lm_number_parse_uint(value, LM_COUNT_MOST_ACCESSES, &u))
			return lm_fail(LM_EPARSE, "%s:%d: misaligned_stores '%s': a count from 0 to %d", o->path, line,
				       value, (int)LM_COUNT_MOST_ACCESSES);
		o->misaligned_stores = (unsigned)u;
		return LM_OK;
	}
	for (size_t i = 0; i < NFIGURES; i++) {
		char name[32];
		figure_key(i, name, sizeof name);
		if (strcmp(name, key) != 0)
			continue;
		if (!lm_number_parse(value, figure(&o->mix, i)))
			return lm_fail(LM_EPARSE, "%s:%d: %s '%s': not a number", o->path, line, key, value);
		r->seen |= 1u << i;
		return LM_OK;
	}
	return lm_fail(LM_EPARSE, "%s:%d: '%s': not a key of a count", o->path, line, key);
}

lm_status lm_count_read_ini(const char *path, lm_count_file *out)
{
	memset(out, 0, sizeof *out);
	snprintf(out->path, sizeof out->path, "%s", path);
	count_reader r = { .out = out };
	lm_status s = lm_ini_read(path, LM_FILE_MAX_INI, NULL, count_key, &r);
	if (s != LM_OK)
		return s;
	if (!r.format || !r.counted)
		return lm_fail(LM_EPARSE, "%s: no %s: not a latmix count", path, !r.format ? "format" : "counted");
	if (!out->counted)
		return LM_OK;
	for (size_t i = 0; i < LINE_REQUIRED; i++)
		if (!(r.seen & (1u << i)))
			return lm_fail(LM_EPARSE, "%s: no %s", path, figures[i].option);
	char where[4200];
	snprintf(where, sizeof where, "%s", path);
	return lm_count_check(&out->mix, where);
}
