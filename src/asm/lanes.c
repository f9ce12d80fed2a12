/* lanes: how an address varies across a warp's lanes, followed through a
 * kernel's PTX: which arguments it reads and writes, and how its loop's
 * loads and stores meet the lines and sectors of memory (ptx.h). */
#include "asm/ptx.h"
#include "base/number.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The bytes NVIDIA's L2 brings from DRAM for a load whose lanes lie a
 * sector or more apart. CUDA's runtime names this the L2's fetch
 * granularity, a hint of 0 to 128 bytes (cudaLimitMaxL2FetchGranularity,
 * which OpenCL cannot set); what NVIDIA's OpenCL leaves it at was
 * measured: on an H200 and an H100 a float loaded every 32 and every 64
 * bytes ran within 7.5% RMS of its span's price, 32 and 64 bytes a lane,
 * and 29-63% off gmem-random's, while one every 256 bytes ran at
 * gmem-random's (studies/strided/lease2/). */
#define FETCH_BYTES 64

/* A register's value across the lanes of a warp: lane x stride plus what
 * every lane shares (LANE_AFFINE; stride 0: uniform, value known where
 * is_const), lane x a number the same for every lane but unknown until the
 * kernel runs (LANE_SCALED: c * rows, a row apart), or neither
 * (LANE_VARIES: read from memory, or a form latmix does not follow).
 * Where a work-group is narrower than a warp, its 32 lanes lie over rows
 * of the group: lane l at column l % width, row l / width (OpenCL numbers
 * a group's work-items x first, and NVIDIA's warps take them in that
 * order). stride is then a column's step, and ystride a row's (yscaled: a
 * row a number apart that is known only at run time, as width * y); both
 * 0 where the lanes run along x alone.
 * origin: the pointer argument the value is an address into (1 + the
 * index of the instruction that read it from the parameters; 0: none).
 * res, mod: what is known of the value at the warp's first lane, res
 * modulo mod (mod 0: exactly res; 1: nothing). A buffer's address is a
 * multiple of 128 bytes (OpenCL's least CL_DEVICE_MEM_BASE_ADDR_ALIGN), a
 * warp's first %tid.x and a work-group's %ntid.x of 32 (latmix launches
 * whole warps), and %envreg3, the global offset, is 0: so a[i] with i
 * the global id starts its warp on a line, and a[i + 1] does not. */
typedef enum { LANE_AFFINE, LANE_SCALED, LANE_VARIES } lane_form;

/* Where a varying value came from memory: not (DATA_NONE), read before the
 * loop (DATA_BEFORE: a base each lane holds through it, CSR's row_ptr[r])
 * or on the iteration's path (DATA_PATH: an index read anew each time,
 * x[col[k]]'s col[k]). A value worked out of several takes the latest. */
typedef enum { DATA_NONE, DATA_BEFORE, DATA_PATH } lane_data;

typedef struct {
	lane_form form;
	long stride;
	long ystride;
	bool yscaled;
	bool is_const;
	long value;
	size_t origin;
	long res, mod;
	bool grid; /* what every lane shares includes the grid's size (%nctaid, NVIDIA's
		    * %envreg6-8: get_global_size): an offset of whole grids */
	lane_data data; /* LANE_VARIES: whether memory gave it, and where */
	long step; /* what every lane's value gains each turn of the loop, where it is
		    * worked out of a register the loop adds a constant to (its
		    * induction: k++, p += 4); 0: none, or not known */
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

/* A modulus kept within ALIGN_CAP (a divisor of it, which a line's 128
 * bytes is): what is known modulo m is known modulo any divisor of m, and
 * products stay clear of overflow. An exact value (0) becomes its residue. */
#define ALIGN_CAP (1L << 24)

static long capped(long m)
{
	return m == 0 ? ALIGN_CAP : lm_number_gcd(m, ALIGN_CAP);
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

/* Does a vary from one row of a warp's lanes to the next? */
static bool has_rows(lane a)
{
	return a.ystride != 0 || a.yscaled;
}

static bool uniform(lane a)
{
	return a.form == LANE_AFFINE && a.stride == 0 && !has_rows(a);
}

/* An operand: a register from the table (one not yet written: uniform, as
 * a parameter's; a work-group's shape is there where it is known, see
 * seed_shape), a special register (%tid.x and %laneid vary by one a lane;
 * %tid.y and %tid.z are taken as uniform: a warp's lanes run along x), or
 * an immediate. */
static lane lane_operand(const lane_reg *t, size_t n, const char *a)
{
	if (a[0] == '%')
		for (size_t i = 0; i < n; i++)
			if (strcmp(t[i].name, a) == 0)
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
	long m = r.mod, ra = m ? residue(a.res, m) : a.res, rb = m ? residue(b.res, m) : b.res;
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
		r.res = residue(b.res, r.mod) * residue(a.value, r.mod) % r.mod;
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
	return magnitude(stride) <= c / WARP_LANES;
}

/* a / c for a divisor the same for every lane: exact where c divides the
 * stride; uniform where a warp's values span no more than c, or where c is
 * known only when the kernel runs (taken as wider than a warp's span, as
 * in k / width); else it varies. */
static lane lane_div(lane a, lane c)
{
	if (a.form != LANE_AFFINE || !uniform(c) || has_rows(a))
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
	if (a.form != LANE_AFFINE || !uniform(c) || has_rows(a))
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
	return a.mod > 0 && a.mod % q == 0 && residue(a.res, q) == 0;
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
		a[j] = lane_operand(t, n, in->arg[j]);
		all_uniform &= uniform(a[j]);
	}
	if (lm_text_starts(in->op, "ld.param")) /* a 64-bit one may be a pointer */
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
static lane lane_eval(const ptx_inst *in, size_t i, const lane_reg *t, size_t n)
{
	lane r = lane_form_of(in, i, t, n);
	if (r.form == LANE_VARIES && !lm_text_starts(in->op, "ld") && !lm_text_starts(in->op, "atom"))
		for (int j = 1; j < in->narg; j++) {
			lane_data d = lane_operand(t, n, in->arg[j]).data;
			r.data = d > r.data ? d : r.data;
		}
	if (r.form == LANE_VARIES || lm_text_starts(in->op, "ld") || lm_text_starts(in->op, "atom"))
		return r;
	for (int j = 1; j < in->narg; j++)
		r.grid |= lane_operand(t, n, in->arg[j]).grid;
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
	if (load && in->base[0] && uniform(lane_operand(t, n, in->base)))
		return UNIFORM;
	lane r = VARIES;
	r.data = where;
	return r;
}

/* in's result as lane_eval has it, a load's as lane_loaded (read where) */
static lane lane_value(const ptx_inst *in, size_t i, const lane_reg *t, size_t n, lane_data where)
{
	ptx_kind k = lm_ptx_classify(in->op);
	bool memory = (k == K_LOAD || k == K_CLOAD || k == K_LLOAD || k == K_ATOMIC) &&
		      !lm_text_starts(in->op, "ld.param");
	return memory && in->dest ? lane_loaded(in, t, n, where) : lane_eval(in, i, t, n);
}

/* A register the loop's path adds a constant to (in: add or sub of the
 * register itself and an immediate, r as lane_value has it): the loop's
 * induction, which gains that constant each turn; its value differs from
 * turn to turn, known modulo what it starts at and its step both are. */
static lane lane_induction(const ptx_inst *in, lane r, const lane_reg *t, size_t n)
{
	bool add = lm_text_starts(in->op, "add."), sub = lm_text_starts(in->op, "sub.");
	if ((!add && !sub) || in->narg != 3 || r.form == LANE_VARIES)
		return r;
	int self = strcmp(in->arg[0], in->arg[1]) == 0 ? 1 : add && strcmp(in->arg[0], in->arg[2]) == 0 ? 2 : 0;
	lane c = self ? lane_operand(t, n, in->arg[3 - self]) : UNIFORM;
	if (!self || !c.is_const || !uniform(c) || c.value == LONG_MIN)
		return r;
	r.step = sub ? -c.value : c.value;
	if (r.is_const)
		r.mod = 0, r.res = r.value;
	r.is_const = false;
	r.mod = lm_number_gcd(r.mod, magnitude(r.step));
	return reduced(r);
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

/* The special registers of a work-group width under a warp's (width 0:
 * not known; lanes along x alone), written into the table (n entries)
 * before anything is followed: %ntid.x is the width, and a warp's lane l
 * is at %tid.x l % width, its first at 0, and %tid.y l / width, its first
 * a multiple of 32 / width (a warp's rows). */
static void seed_shape(lane_reg *t, size_t *n, unsigned width)
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

/* floor(x / d) for d > 0 */
static long floor_div(long x, long d)
{
	return x >= 0 ? x / d : -((-x + d - 1) / d);
}

/* The pieces of unit bytes (a 32-byte sector, a 128-byte line) a warp's
 * access of b bytes a lane touches, its lanes over rows of a group width
 * wide (l's strides; width 0: along x alone), its first address start
 * bytes into a piece. Lanes a number apart known only at run time, or
 * further than a line, are in pieces of their own: each such column (row)
 * counted apart. */
static long row_pieces(lane l, long b, unsigned width, long unit, long start)
{
	width = width ? width : WARP_LANES;
	bool far_x = l.form == LANE_SCALED || magnitude(l.stride) > LINE_BYTES;
	bool far_y = l.yscaled || magnitude(l.ystride) > LINE_BYTES;
	long key[WARP_LANES * 4], nkey = 0;
	for (long k = 0; k < WARP_LANES; k++) {
		long i = k % width, j = k / width;
		long at = start + (far_x ? 0 : l.stride * i) + (far_y ? 0 : l.ystride * j);
		long apart = (far_x ? i : 0) * WARP_LANES + (far_y ? j : 0);
		for (long s = floor_div(at, unit); s <= floor_div(at + b - 1, unit); s++) {
			/* pieces of one column (row) lie within 32 lanes of a line apart */
			long id = apart * 1024 + s + 512, q = 0;
			while (q < nkey && key[q] != id)
				q++;
			if (q == nkey && nkey < WARP_LANES * 4)
				key[nkey++] = id;
		}
	}
	return nkey;
}

static long row_sectors(lane l, long b, unsigned width)
{
	return row_pieces(l, b, width, SECTOR_BYTES, 0);
}

/* The 128-byte lines a warp's load (l, b bytes a lane at offset) asks L1
 * for, its lanes over rows of a group width wide (0: along x alone): one
 * request a line, hit or not. Its first lane's place in a line where that
 * is known (see lane), else on a line's start. */
static long load_lines(lane l, long b, long offset, unsigned width)
{
	long start = l.mod % LINE_BYTES == 0 ? residue(l.res % LINE_BYTES + offset % LINE_BYTES, LINE_BYTES) : 0;
	return row_pieces(l, b, width < WARP_LANES ? width : 0, LINE_BYTES, start);
}

/* The bytes a lane of a coalesced load (l, b bytes a lane) does not move
 * where its group is narrower than a warp and the warp's rows read the same
 * columns (a matmul's row of B, the same for every row of the group): its
 * warp touches fewer sectors than its bytes fill, a lane's share of them
 * what it moves. 0 where it fills them, or lanes run along x alone. */
static long narrow_bytes(lane l, long b, unsigned width)
{
	if (!width || width >= WARP_LANES || l.form != LANE_AFFINE || l.stride == 0 || magnitude(l.stride) > b)
		return 0;
	long moved = row_sectors(l, b, width) * SECTOR_BYTES / WARP_LANES;
	return moved < b ? b - moved : 0;
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
void lm_ptx_args(const ptx_inst *v, size_t nv, lm_count *m)
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
			ptx_kind k = lm_ptx_classify(in->op);
			if (k == K_CLOAD)
				k = K_LOAD; /* a constant pointer's, or the program's own table */
			if (k == K_LOAD || k == K_STORE || k == K_ATOMIC) {
				lane l = in->base[0] ? lane_operand(t, n, in->base) : VARIES;
				int arg = l.origin ? v[l.origin - 1].param : -1;
				bool table = lm_ptx_classify(in->op) == K_CLOAD && arg < 0;
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

/* Sorts a warp's access whose lanes lie over rows of its group (l, b bytes
 * a lane) by the sectors it touches: no more than its bytes fill
 * (coalesced: each row's run of lanes whole sectors), one a lane
 * (scattered), or between (split: its request splits into a sector each
 * row's or column's run, a transpose's store). */
static void sort_rows(ptx_kind k, lane l, long b, unsigned width, lm_count *m)
{
	if (k == K_LOAD && l.form == LANE_AFFINE && l.stride == 0)
		return; /* a word a row, each read by every warp at that index: a hit (below) */
	long sectors = row_sectors(l, b, width), least = (WARP_LANES * b + SECTOR_BYTES - 1) / SECTOR_BYTES;
	double scattered = WARP_LANES * (b > SECTOR_BYTES ? (double)b / SECTOR_BYTES : 1.0);
	if (sectors <= least)
		return;
	if ((double)sectors >= scattered)
		*(k == K_LOAD ? &m->scattered_loads : &m->scattered_stores) += 1;
	else if (k == K_LOAD) {
		m->split_loads++;
		m->split_load_sectors += (double)sectors / scattered;
	} else {
		m->split_stores++;
		m->split_store_sectors += (double)sectors / scattered;
	}
}

/* Sorts one global load or store (k, its address's lanes l, b bytes a
 * lane) into m's figures, its lanes over rows of a group width wide where
 * they vary along them; returns a strided one's gap bytes (0: none). An
 * address read from memory on the loop's path is a gather (a scatter):
 * its lanes anywhere, each its own sector, as scattered ones are priced.
 * One off a base each lane read before the loop is that lane's own run
 * (CSR's col[k] from row_ptr[r]): where the runs lie latmix cannot say,
 * so it is priced as coalesced, at a line a lane asked of L1; so is a
 * load whose lanes step through rows of their own (run: walks_own_run). */
static long sort_access(ptx_kind k, lane l, long b, long offset, unsigned width, bool run, lm_count *m)
{
	long s = magnitude(l.stride);
	if (l.form == LANE_VARIES && l.data == DATA_PATH) { /* a gather (scatter): a sector a lane */
		m->gathered += k == K_LOAD;
		*(k == K_LOAD ? &m->scattered_loads : &m->scattered_stores) += 1;
	} else if ((l.form == LANE_VARIES && l.data == DATA_BEFORE) || run)
		m->own_runs++;
	else if (l.form == LANE_VARIES)
		m->unfollowed++;
	else if (has_rows(l) && width && width < WARP_LANES)
		sort_rows(k, l, b, width, m);
	else if (l.form == LANE_SCALED || s > FETCH_BYTES || (k != K_LOAD && s >= SECTOR_BYTES))
		*(k == K_LOAD ? &m->scattered_loads : &m->scattered_stores) += 1;
	else if (s > b)
		return s - b;
	else if (line_offset(l, offset, b) > 0) {
		*(k == K_LOAD ? &m->misaligned_loads : &m->misaligned_stores) += 1;
		m->partial_stores += k == K_STORE && line_offset(l, offset, b) % SECTOR_BYTES;
	}
	return 0;
}

/* The bytes a lane's loads off register base read each turn of the loop
 * (the path ix, nix instructions): its run's words a turn, where unrolled
 * copies read the next ones off the same register. */
static long run_bytes(const ptx_inst *v, const size_t *ix, size_t nix, const char *base)
{
	long bytes = 0;
	for (size_t p = 0; p < nix; p++)
		if (lm_ptx_classify(v[ix[p]].op) == K_LOAD && strcmp(v[ix[p]].base, base) == 0)
			bytes += (long)lm_ptx_bytes(v[ix[p]].op);
	return bytes;
}

/* Does a load whose lanes lie further apart than its bytes (l: a row apart
 * known only at run time, or a stride past them) walk each lane's own run:
 * its address gains no more each turn of the loop than the lane's loads
 * off it read (run bytes), so the next turns read the rest of the lines
 * this one brought (rowsum's A[i * cols + k], lanes a row apart, k++)? A
 * store's sectors go to L2 each time, so stores are priced as they are. */
static bool walks_own_run(ptx_kind k, lane l, long b, long run)
{
	bool apart = l.form == LANE_SCALED || (l.form == LANE_AFFINE && magnitude(l.stride) > b);
	return k == K_LOAD && apart && !has_rows(l) && l.step != 0 && magnitude(l.step) <= run;
}

/* Does a load (l, its own lines so far) read the array of a load before it
 * on the path (seen, *nseen of them), lanes as far apart? Else it joins
 * them. In a body run once, an offset of whole grids (nd-dot's x[g + k *
 * get_global_size(0)]) reads lines no other work-item reads: its own. */
static bool anothers_array(lane l, bool loopless, lane *seen, size_t *nseen)
{
	bool again = false;
	for (size_t q = 0; q < *nseen && !(loopless && l.grid); q++)
		again |= seen[q].origin == l.origin && seen[q].stride == l.stride && seen[q].ystride == l.ystride &&
			 seen[q].yscaled == l.yscaled;
	if (!again && *nseen < 64)
		seen[(*nseen)++] = l;
	return again;
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
 * a line are shared_lines already), and the gap bytes of the strided ones.
 * Where a group narrower than a warp (width) puts it over rows, an access
 * whose address varies from row to row is sorted by the sectors its warp
 * touches (sort_rows). And sums the lines the path's loads ask L1 for
 * (load_lines; 0 where a load's lanes are not followed; a line a lane
 * where its address came from memory). */
void lm_ptx_lanes(const ptx_inst *v, size_t lo, const size_t *ix, size_t nix, unsigned width, lm_count *m)
{
	lane seen[64];
	size_t nseen = 0;
	size_t n = 0;
	lane_reg *t = calloc(LANE_REGS, sizeof *t);
	if (!t)
		return;
	seed_shape(t, &n, width);
	for (size_t i = 0; i < lo; i++)
		if (v[i].op[0])
			lane_set(t, &n, &v[i], lane_value(&v[i], i, t, n, DATA_BEFORE));
	unsigned same_bytes = 0, uniform_bytes = 0;
	long load_gap = 0, store_gap = 0, l1 = 0, narrow = 0;
	bool l1_known = true;
	for (int pass = 0; pass < 2; pass++) {
		m->scattered_loads = m->scattered_stores = m->strided = m->unfollowed = m->same_array = 0;
		m->gathered = m->own_runs = m->own_run_partners = m->own_run_partner_bytes = 0;
		m->uniform_loads = uniform_bytes = 0;
		m->misaligned_loads = m->misaligned_stores = m->partial_stores = 0;
		m->split_loads = m->split_stores = 0;
		m->split_load_sectors = m->split_store_sectors = 0;
		load_gap = store_gap = l1 = narrow = 0;
		l1_known = true;
		nseen = same_bytes = 0;
		for (size_t p = 0; p < nix; p++) {
			const ptx_inst *in = &v[ix[p]];
			if (!in->op[0] || in->target[0])
				continue;
			ptx_kind k = lm_ptx_classify(in->op);
			l1_known &= k != K_LOAD || in->base[0];
			if ((k == K_LOAD || k == K_STORE) && in->base[0]) {
				lane l = lane_operand(t, n, in->base);
				if (k == K_LOAD && l.form == LANE_VARIES && !l.data)
					l1_known = false;
				else if (k == K_LOAD) /* memory's addresses: a line a lane */
					l1 += load_lines(l.form == LANE_VARIES ? SCALED : l, (long)lm_ptx_bytes(in->op),
							 in->offset, width);
				long b = (long)lm_ptx_bytes(in->op);
				bool run = walks_own_run(k, l, b, run_bytes(v, ix, nix, in->base));
				long gap = sort_access(k, l, b, in->offset, width, run, m);
				m->strided += gap > 0;
				bool partner = lm_ptx_shares_lines(v, ix, p), own = !partner;
				if (partner && k == K_LOAD && ((l.form == LANE_VARIES && l.data == DATA_BEFORE) || run)) {
					m->own_run_partners++; /* the lane's next words: moved all the same */
					m->own_run_partner_bytes += (unsigned)b;
				}
				/* what its lanes move, a narrow group's rows reading the same
				 * columns (a load into another's array: its own lines where
				 * the loop turns out unrolled, ptx.c) */
				long nb = k == K_LOAD && own ? narrow_bytes(l, b, width) : 0;
				narrow += nb;
				if (k == K_LOAD && l.form == LANE_AFFINE && l.origin && own &&
				    anothers_array(l, m->loopless, seen, &nseen)) {
					m->same_array++;
					same_bytes += (unsigned)(b - nb);
					own = false;
				}
				/* every lane at one address: one word for the warp, read by
				 * every warp that reaches that index (gemv's x[k]): a hit, no
				 * lines of its own. Over rows of a narrow group, one word a
				 * row (matmul's A[row * inner + k]), each the same */
				if (k == K_LOAD && l.form == LANE_AFFINE && l.stride == 0 && own) {
					m->uniform_loads++;
					uniform_bytes += (unsigned)b;
					own = false;
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
			lane_set(t, &n, in, lane_induction(in, lane_value(in, ix[p], t, n, DATA_PATH), t, n));
		}
	}
	m->again_bytes += same_bytes + uniform_bytes;
	m->same_bytes = same_bytes;
	m->gap_load_bytes = (unsigned)load_gap;
	m->gap_store_bytes = store_gap > 0 ? (unsigned)store_gap : 0;
	m->l1_lines = l1_known ? (unsigned)l1 : 0;
	m->narrow_bytes = (unsigned)narrow;
	free(t);
}

unsigned lm_ptx_dims(const ptx_inst *v, size_t nv)
{
	unsigned dims = 1;
	for (size_t i = 0; i < nv; i++)
		for (int j = 0; j < v[i].narg; j++) {
			const char *a = v[i].arg[j];
			if (strcmp(a, "%tid.z") == 0 || strcmp(a, "%ntid.z") == 0 || strcmp(a, "%ctaid.z") == 0)
				dims = 3;
			else if ((strcmp(a, "%tid.y") == 0 || strcmp(a, "%ntid.y") == 0 || strcmp(a, "%ctaid.y") == 0) &&
				 dims < 2)
				dims = 2;
		}
	return dims;
}
