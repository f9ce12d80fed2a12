/* lane: how a register's value varies across a warp's lanes, followed
 * through a kernel's PTX one instruction at a time (lane_parts.h): sums,
 * products, divisions, masks and clamps of lanes a stride or a run-time
 * row apart, what a load gives, and the loop's induction. */
#include "asm/lane_parts.h"
#include "base/number.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
long lm_lane_magnitude(long x)
{
	return x == LONG_MIN ? LONG_MAX : labs(x);
}

/* A modulus kept within ALIGN_CAP (a divisor of it, which a line's 128
 * bytes is): what is known modulo m is known modulo any divisor of m, and
 * products stay clear of overflow. An exact value (0) becomes its residue. */
#define ALIGN_CAP (1L << 24)

static long capped(long m)
{
	return m == 0 ? ALIGN_CAP : lm_number_gcd(m, ALIGN_CAP);
}

/* x modulo m (0 < m <= ALIGN_CAP), in 0..m - 1 */
long lm_lane_residue(long x, long m)
{
	return (x % m + m) % m;
}

/* res reduced into 0..mod - 1, mod capped; an exact value stays exact */
static lane reduced(lane l)
{
	if (l.mod != 0) {
		l.mod = capped(l.mod);
		l.res = lm_lane_residue(l.res, l.mod);
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

/* Does a vary from one row of a warp's lanes to the next? */
bool lm_lane_has_rows(lane a)
{
	return a.ystride != 0 || a.yscaled;
}

static bool uniform(lane a)
{
	return a.form == LANE_AFFINE && a.stride == 0 && !lm_lane_has_rows(a);
}

/* An operand: a register from the table (one not yet written: uniform, as
 * a parameter's; a work-group's shape is there where it is known, see
 * lm_lane_seed_shape), a special register (%tid.x and %laneid vary by one a lane;
 * %tid.y and %tid.z are taken as uniform: a warp's lanes run along x), or
 * an immediate. */
lane lm_lane_operand(const lane_reg *t, size_t n, const char *a)
{
	size_t i = a[0] == '%' && n ? lm_ptx_name_slot(t, sizeof *t, LANE_SLOTS - 1, a) : SIZE_MAX;
	if (i != SIZE_MAX && t[i].name[0])
		return t[i].l;
	if (strcmp(a, "%tid.x") == 0 || strcmp(a, "%laneid") == 0) {
		lane l = affine(1);
		l.mod = a[1] == 't' ? WARP_LANES : 0; /* the warp's first lane: 32 w, or lane 0 */
		return l;
	}
	if (strcmp(a, "%ntid.x") == 0)
		return multiple_of(WARP_LANES);
	/* the global offset along x, y and z, none where latmix launches */
	if (strcmp(a, "%envreg3") == 0 || strcmp(a, "%envreg4") == 0 || strcmp(a, "%envreg5") == 0)
		return constant(0);
	if (lm_text_starts(a, "%nctaid.") || strcmp(a, "%envreg6") == 0 || strcmp(a, "%envreg7") == 0 ||
	    strcmp(a, "%envreg8") == 0) { /* the work-groups of the launch: a grid's size */
		lane l = UNIFORM;
		l.grid = true;
		return l;
	}
	if (a[0] == '%')
		return UNIFORM;
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
static lane lane_sum_x(lane a, lane b, int sign)
{
	long step;
	if (overflows(a.step, b.step, sign, &step))
		step = 0;
	if (a.form == LANE_SCALED || b.form == LANE_SCALED) {
		lane r = SCALED;
		r.step = step;
		return r;
	}
	lane r = { .form = LANE_AFFINE, .is_const = a.is_const && b.is_const, .mod = lm_number_gcd(a.mod, b.mod),
		   .step = step };
	if (overflows(a.stride, b.stride, sign, &r.stride))
		return VARIES;
	if (overflows(a.value, b.value, sign, &r.value))
		r.is_const = false;
	/* known modulo m (0: exactly, as the value): residues, clear of overflow */
	long m = r.mod, ra = m ? lm_lane_residue(a.res, m) : a.res, rb = m ? lm_lane_residue(b.res, m) : b.res;
	if (overflows(ra, rb, sign, &r.res))
		r.res = 0, r.mod = 1;
	return reduced(r);
}

/* a + sign b, along the lanes' columns and rows: two parts each known only
 * at run time are lanes latmix cannot say, as a stride that overflows. */
static lane lane_sum(lane a, lane b, int sign)
{
	if (a.form == LANE_VARIES || b.form == LANE_VARIES || (a.form == LANE_SCALED && b.form == LANE_SCALED) ||
	    (a.yscaled && b.yscaled))
		return VARIES;
	lane r = lane_sum_x(a, b, sign);
	if (r.form == LANE_VARIES)
		return r;
	r.yscaled = a.yscaled || b.yscaled;
	if (!r.yscaled && overflows(a.ystride, b.ystride, sign, &r.ystride))
		return VARIES;
	return r;
}

/* a + sign b: an address into a's array where b is an offset, and into
 * b's where a is one and the sum is a sum. */
static lane lane_add(lane a, lane b, int sign)
{
	lane r = lane_sum(a, b, sign);
	r.origin = a.origin && !b.origin ? a.origin : !a.origin && sign > 0 ? b.origin : 0;
	return r;
}

/* a x b for a uniform a, b varying along columns or rows and a a number
 * known only at run time (or b a part so): each such part lanes a number
 * apart known only at run time, a constant a's rows a multiple of b's. */
static lane lane_mul_rows(lane a, lane b)
{
	if (a.is_const && a.value == 0)
		return UNIFORM;
	lane r = b.form == LANE_SCALED || b.stride != 0 ? SCALED : UNIFORM;
	if (a.is_const && __builtin_mul_overflow(b.step, a.value, &r.step))
		r.step = 0;
	r.yscaled = b.yscaled || (b.ystride != 0 && !a.is_const);
	if (!r.yscaled && __builtin_mul_overflow(b.ystride, a.value, &r.ystride))
		return VARIES;
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
		r.res = lm_lane_residue(b.res, r.mod) * lm_lane_residue(a.value, r.mod) % r.mod;
		if (__builtin_mul_overflow(b.stride, a.value, &r.stride))
			return VARIES;
		if (__builtin_mul_overflow(b.value, a.value, &r.value))
			r.is_const = false;
		if (__builtin_mul_overflow(b.step, a.value, &r.step))
			r.step = 0;
		r.yscaled = b.yscaled && a.value != 0;
		if (!b.yscaled && __builtin_mul_overflow(b.ystride, a.value, &r.ystride))
			return VARIES;
		return r;
	}
	if (!uniform(b))
		return lane_mul_rows(a, b);
	/* two numbers the same for every lane: a multiple of each factor's known multiple */
	long m = (known_zero(a) ? capped(a.mod) : 1) * (known_zero(b) ? capped(b.mod) : 1);
	return known_zero(a) || known_zero(b) ? multiple_of(m) : UNIFORM;
}

/* Do a warp's 32 lanes, stride apart, span no more than c (32 |stride| <=
 * c, without the product's overflow)? */
static bool spans_within(long stride, long c)
{
	return lm_lane_magnitude(stride) <= c / WARP_LANES;
}

/* a / c for a divisor the same for every lane: exact where c divides the
 * stride; uniform where a warp's values span no more than c, or where c is
 * known only when the kernel runs (taken as wider than a warp's span, as
 * in k / width); else it varies. */
static lane lane_div(lane a, lane c)
{
	if (a.form != LANE_AFFINE || !uniform(c) || lm_lane_has_rows(a))
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
	if (a.form != LANE_AFFINE || !uniform(c) || lm_lane_has_rows(a))
		return VARIES;
	if (uniform(a) || !c.is_const || (c.value > 0 && spans_within(a.stride, c.value)))
		return affine(a.stride);
	return VARIES;
}

/* Whether every lane's value of a is a multiple of q, a power of two:
 * its stride is, and its value (known, or known modulo a multiple of q). */
static bool all_multiples_of(lane a, long q)
{
	if (a.form != LANE_AFFINE || a.stride % q != 0)
		return false;
	if (a.is_const)
		return a.value % q == 0;
	return a.mod > 0 && a.mod % q == 0 && lm_lane_residue(a.res, q) == 0;
}

/* a & m for a mask m the same for every lane. A mask of low bits (2^k - 1)
 * is a % 2^k. One that also clears the low bits b (2^k - 2^b), where every
 * lane's value is a multiple of 2^b already, is the same: the form a
 * compiler gives a 32-bit index widened to bytes ((i * 2) * 4 as
 * (i << 3) & 0x3fffffff8). Another mask: lanes latmix does not follow. */
static lane lane_and(lane a, long m)
{
	if (m <= 0 || m == LONG_MAX)
		return uniform(a) ? UNIFORM : VARIES;
	long low = m & -m; /* the lowest bit the mask keeps: 2^b */
	long whole = m | (low - 1);
	if (whole == LONG_MAX || (whole & (whole + 1)) != 0 || (low > 1 && !all_multiples_of(a, low)))
		return uniform(a) ? UNIFORM : VARIES;
	return lane_rem(a, constant(whole + 1));
}

/* min or max of a and b, one the same for every lane (a clamp's bound): the
 * other's lanes, which keep their spacing but where the bound cuts them (a
 * stencil's index clamped at the image's border: its warps there alone);
 * an address into no array. Lanes latmix cannot say where both vary. */
static lane lane_clamp(lane a, lane b)
{
	if (!uniform(a) && !uniform(b))
		return VARIES;
	if (uniform(a) && uniform(b))
		return UNIFORM;
	lane r = uniform(a) ? b : a;
	r.origin = 0;
	return r;
}

/* The lanes of instruction in (index i) result, from its operands'. */
static lane lane_form_of(const ptx_inst *in, size_t i, const lane_reg *t, size_t n)
{
	char op[16];
	snprintf(op, sizeof op, "%.*s", (int)strcspn(in->op, "."), in->op);
	lane a[MAX_OPS];
	bool all_uniform = true;
	for (int j = 1; j < in->narg; j++) {
		a[j] = lm_lane_operand(t, n, in->arg[j]);
		all_uniform &= uniform(a[j]);
	}
	if (lm_text_starts(in->op, "ld.param")) { /* a value known; else a 64-bit one may be a pointer */
		char known[24];
		snprintf(known, sizeof known, "%%param.%d", in->param);
		lane v = in->param >= 0 ? lm_lane_operand(t, n, known) : UNIFORM;
		if (v.is_const || v.grid)
			return v;
		return strstr(in->op, "64") ? (lane){ .form = LANE_AFFINE, .origin = i + 1, .mod = BUFFER_ALIGN }
					    : UNIFORM;
	}
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
	if (in->narg == 3 && strcmp(op, "and") == 0 && a[2].is_const)
		return lane_and(a[1], a[2].value);
	if (in->narg == 2 && strcmp(op, "neg") == 0)
		return lane_mul(a[1], constant(-1));
	if (in->narg == 3 && (strcmp(op, "min") == 0 || strcmp(op, "max") == 0))
		return lane_clamp(a[1], a[2]);
	return all_uniform ? UNIFORM : VARIES;
}

/* As lane_form_of, with the grid's size carried through the arithmetic:
 * the result includes it where an operand does (a load's value does not);
 * and a varying result worked out of memory's values keeps the latest
 * place memory gave one (lane_data). */
lane lm_lane_eval(const ptx_inst *in, size_t i, const lane_reg *t, size_t n)
{
	lane r = lane_form_of(in, i, t, n);
	if (r.form == LANE_VARIES && !lm_text_starts(in->op, "ld") && !lm_text_starts(in->op, "atom"))
		for (int j = 1; j < in->narg; j++) {
			lane_data d = lm_lane_operand(t, n, in->arg[j]).data;
			r.data = d > r.data ? d : r.data;
		}
	if (r.form == LANE_VARIES || lm_text_starts(in->op, "ld") || lm_text_starts(in->op, "atom"))
		return r;
	for (int j = 1; j < in->narg; j++)
		r.grid |= lm_lane_operand(t, n, in->arg[j]).grid;
	return r;
}

/* What a load (or an atomic) in gives its registers, read where (before
 * the loop or on its path): a global or local load whose lanes all read
 * one address gives every lane the same value (a number not known); any
 * other, a value of each lane's own from memory. */
static lane lane_loaded(const ptx_inst *in, const lane_reg *t, size_t n, lane_data where)
{
	ptx_kind k = lm_ptx_classify(in->op);
	bool load = k == K_LOAD || k == K_CLOAD || k == K_LLOAD;
	if (load && in->base[0] && uniform(lm_lane_operand(t, n, in->base)))
		return UNIFORM;
	lane r = VARIES;
	r.data = where;
	return r;
}

/* in's result as lm_lane_eval has it, a load's as lane_loaded (read where) */
lane lm_lane_value(const ptx_inst *in, size_t i, const lane_reg *t, size_t n, lane_data where)
{
	ptx_kind k = lm_ptx_classify(in->op);
	bool memory = (k == K_LOAD || k == K_CLOAD || k == K_LLOAD || k == K_ATOMIC) &&
		      !lm_text_starts(in->op, "ld.param");
	return memory && in->dest ? lane_loaded(in, t, n, where) : lm_lane_eval(in, i, t, n);
}

/* A register the loop's path adds a constant to (in: add or sub of the
 * register itself and an immediate, r as lm_lane_value has it): the loop's
 * induction, which gains that constant each turn; its value differs from
 * turn to turn, known modulo what it starts at and its step both are. */
lane lm_lane_induction(const ptx_inst *in, lane r, const lane_reg *t, size_t n)
{
	bool add = lm_text_starts(in->op, "add."), sub = lm_text_starts(in->op, "sub.");
	if ((!add && !sub) || in->narg != 3 || r.form == LANE_VARIES)
		return r;
	int self = strcmp(in->arg[0], in->arg[1]) == 0 ? 1 : add && strcmp(in->arg[0], in->arg[2]) == 0 ? 2 : 0;
	lane c = self ? lm_lane_operand(t, n, in->arg[3 - self]) : UNIFORM;
	if (!self || !c.is_const || !uniform(c) || c.value == LONG_MIN)
		return r;
	r.step = sub ? -c.value : c.value;
	if (r.is_const)
		r.mod = 0, r.res = r.value;
	r.is_const = false;
	r.mod = lm_number_gcd(r.mod, lm_lane_magnitude(r.step));
	return reduced(r);
}

static void lane_set_one(lane_reg *t, size_t *n, const char *r, lane l)
{
	size_t i = lm_ptx_name_slot(t, sizeof *t, LANE_SLOTS - 1, r);
	if (i == SIZE_MAX)
		return;
	if (!t[i].name[0]) {
		if (*n == LANE_REGS)
			return;
		snprintf(t[i].name, sizeof t[i].name, "%s", r);
		++*n;
	}
	t[i].l = l;
}

/* Sets what in writes: its first operand, or each register of a vector
 * load's brace list. */
void lm_lane_set(lane_reg *t, size_t *n, const ptx_inst *in, lane l)
{
	if (!in->dest || !in->narg)
		return;
	if (in->arg[0][0] == '%')
		lane_set_one(t, n, in->arg[0], l);
	else if (in->arg[0][0] == '{')
		for (int r = 0; r < in->nreg && !in->in_brackets[r] && strstr(in->arg[0], in->reg[r]); r++)
			lane_set_one(t, n, in->reg[r], l);
}

/* The special registers of a work-group width under a warp's (width 0:
 * not known; lanes along x alone), written into the table (n entries)
 * before anything is followed: %ntid.x is the width, and a warp's lane l
 * is at %tid.x l % width, its first at 0, and %tid.y l / width, its first
 * a multiple of 32 / width (a warp's rows). */
void lm_lane_seed_shape(lane_reg *t, size_t *n, unsigned width)
{
	if (!width || width >= WARP_LANES)
		return;
	lane x = affine(1), y = UNIFORM;
	x.mod = 0; /* the first lane's, exactly 0 */
	y.ystride = 1;
	y.mod = WARP_LANES / width;
	lane_set_one(t, n, "%ntid.x", constant(width));
	lane_set_one(t, n, "%tid.x", x);
	lane_set_one(t, n, "%tid.y", y);
}

/* A known argument's value (or the launch's size) sits in the table as
 * %param.I, a name no PTX register can have (PTX names hold no dot;
 * special registers do, none this one), which lane_form_of looks up at
 * ld.param of position I. */
void lm_lane_seed_args(lane_reg *t, size_t *n, const lm_count_args *args)
{
	lane grid = UNIFORM;
	grid.grid = true; /* the launch's size: a number not known, whole grids */
	for (int i = 0; args && i < LM_COUNT_MAX_ARGS; i++)
		if ((args->known | args->grid) >> i & 1) {
			char name[24];
			snprintf(name, sizeof name, "%%param.%d", i);
			lane_set_one(t, n, name, args->known >> i & 1 ? constant(args->value[i]) : grid);
		}
}
