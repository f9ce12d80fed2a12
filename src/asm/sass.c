/* sass: nvdisasm's listing read for its loops and their global loads. */
#include "asm/sass.h"

#include <ctype.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SASS_MOST_READS 12

/* An instruction as the loops need it: where, and what. */
typedef struct {
	unsigned long long addr;
	unsigned line;
	bool load;       /* LDG: a global load */
	bool branch;     /* BRA */
	char target[48]; /* a branch's label, "" where it names an address */
	unsigned long long to; /* the address it branches to (labels resolved later) */
	unsigned char nread, nwrite;
	unsigned char read[SASS_MOST_READS]; /* the general registers it reads (R0-R254) */
	unsigned char write; /* the first it writes (nwrite of them in a row) */
} sass_inst;

typedef struct {
	char name[48];
	unsigned long long addr;
} sass_label;

typedef struct {
	sass_inst *v;
	size_t n, cap;
	sass_label *labels;
	size_t nlabels, lcap;
	char pending[8][48]; /* labels waiting for the next instruction's address */
	size_t npending;
} sass_text;

static bool grow(void **v, size_t *cap, size_t n, size_t size)
{
	if (n < *cap)
		return true;
	size_t c = *cap ? 2 * *cap : 256;
	void *p = realloc(*v, c * size);
	if (!p)
		return false;
	*v = p;
	*cap = c;
	return true;
}

/* "name:" alone on a line (nvdisasm's labels, the function's name): the
 * name in out; false for any other line. */
static bool label_line(const char *p, size_t len, char *out, size_t size)
{
	while (len && isspace((unsigned char)*p))
		p++, len--;
	while (len && isspace((unsigned char)p[len - 1]))
		len--;
	if (len < 2 || p[len - 1] != ':' || len - 1 >= size)
		return false;
	for (size_t i = 0; i + 1 < len; i++)
		if (!isalnum((unsigned char)p[i]) && !strchr("._$", p[i]))
			return false;
	memcpy(out, p, len - 1);
	out[len - 1] = '\0';
	return true;
}

/* A branch's operand: "`(.L_x_4)" or "0x760", into in->target or in->to. */
static bool branch_target(const char *p, sass_inst *in)
{
	while (*p == ' ' || *p == '\t')
		p++;
	if (p[0] == '`' && p[1] == '(') {
		size_t n = strcspn(p + 2, ")");
		if (!n || n >= sizeof in->target || p[2 + n] != ')')
			return false;
		memcpy(in->target, p + 2, n);
		in->target[n] = '\0';
		return true;
	}
	char *end;
	if (p[0] != '0' || (p[1] != 'x' && p[1] != 'X') || !isxdigit((unsigned char)p[2]))
		return false;
	in->to = strtoull(p + 2, &end, 16);
	return true;
}

/* The registers one general register operand names: 2 for a pair (".64",
 * an IMAD.WIDE's result), 4 for a load's .128. */
static unsigned char reg_width(const char *op, const char *operand_end, bool dest)
{
	if (!dest)
		return strncmp(operand_end, ".64", 3) == 0 ? 2 : 1;
	return strstr(op, ".128") ? 4 : strstr(op, ".64") || strstr(op, ".WIDE") ? 2 : 1;
}

/* The general registers of an instruction's operands (from p to end),
 * opcode op: its first operand written, unless op stores (ST*, RED), the
 * others read. */
static void operands(const char *op, const char *p, const char *end, sass_inst *in)
{
	bool stores = op[0] == 'S' && op[1] == 'T', first = !stores && strncmp(op, "RED", 3) != 0;
	in->nread = in->nwrite = 0;
	for (unsigned operand = 0; p < end && *p != ';'; p++) {
		if (*p == ',') {
			operand++;
			continue;
		}
		bool starts = *p == 'R' && isdigit((unsigned char)p[1]) && !isalnum((unsigned char)p[-1]) &&
			      p[-1] != '.' && p[-1] != '_';
		if (!starts)
			continue;
		char *q;
		unsigned long r = strtoul(p + 1, &q, 10);
		if (r > 254 || q > end)
			continue;
		if (first && operand == 0) {
			in->write = (unsigned char)r;
			in->nwrite = reg_width(op, q, true);
		} else {
			for (unsigned w = 0; w < reg_width(op, q, false) && in->nread < SASS_MOST_READS && r + w <= 254; w++)
				in->read[in->nread++] = (unsigned char)(r + w);
		}
		p = q - 1;
	}
}

/* "        / *0300* /   @!P2 LDG.E.CONSTANT R24, desc[UR6][R10.64] ;": the
 * instruction in *in; false where the line is none. */
static bool inst_line(const char *p, const char *end, sass_inst *in)
{
	while (p < end && isspace((unsigned char)*p))
		p++;
	if (end - p < 5 || p[0] != '/' || p[1] != '*' || !isxdigit((unsigned char)p[2]))
		return false;
	char *q;
	in->addr = strtoull(p + 2, &q, 16);
	if (q >= end - 1 || q[0] != '*' || q[1] != '/')
		return false;
	p = q + 2;
	while (p < end && isspace((unsigned char)*p))
		p++;
	if (p < end && *p == '@') /* a predicate */
		while (p < end && !isspace((unsigned char)*p))
			p++;
	while (p < end && isspace((unsigned char)*p))
		p++;
	char op[32];
	size_t n = 0;
	while (p + n < end && !isspace((unsigned char)p[n]) && p[n] != ';' && n + 1 < sizeof op)
		n++;
	if (!n)
		return false;
	memcpy(op, p, n);
	op[n] = '\0';
	in->load = strncmp(op, "LDG", 3) == 0;
	in->branch = strcmp(op, "BRA") == 0 || strncmp(op, "BRA.", 4) == 0;
	in->target[0] = '\0';
	in->to = 0;
	operands(op, p + n, end, in);
	if (in->branch) {
		char operand[128];
		size_t m = (size_t)(end - (p + n));
		m = m < sizeof operand - 1 ? m : sizeof operand - 1;
		memcpy(operand, p + n, m);
		operand[m] = '\0';
		in->branch = branch_target(operand, in); /* BRA through a register: no loop read */
	}
	return true;
}

/* One line of text (len bytes, line number): a label kept for the next
 * instruction, or an instruction added. */
static lm_status read_line(sass_text *t, const char *p, size_t len, unsigned line)
{
	char name[48];
	if (label_line(p, len, name, sizeof name)) {
		if (t->npending < sizeof t->pending / sizeof t->pending[0])
			snprintf(t->pending[t->npending++], sizeof t->pending[0], "%s", name);
		return LM_OK;
	}
	sass_inst in = { .line = line };
	if (!inst_line(p, p + len, &in))
		return LM_OK;
	if (t->n == LM_SASS_MOST_INSTS)
		return lm_fail(LM_EPARSE, "SASS line %u: more than %d instructions: not read", line, LM_SASS_MOST_INSTS);
	if (t->n && in.addr <= t->v[t->n - 1].addr)
		return lm_fail(LM_EPARSE, "SASS line %u: address %#llx after %#llx: not in order", line, in.addr,
			       t->v[t->n - 1].addr);
	if (!grow((void **)&t->v, &t->cap, t->n, sizeof *t->v) ||
	    !grow((void **)&t->labels, &t->lcap, t->nlabels + t->npending, sizeof *t->labels))
		return lm_fail(LM_ENOMEM, "SASS: out of memory at line %u", line);
	for (size_t i = 0; i < t->npending; i++) {
		sass_label *l = &t->labels[t->nlabels++];
		snprintf(l->name, sizeof l->name, "%s", t->pending[i]);
		l->addr = in.addr;
	}
	t->npending = 0;
	t->v[t->n++] = in;
	return LM_OK;
}

/* Each branch's label as its address; LM_EPARSE for a label not defined. */
static lm_status resolve(sass_text *t)
{
	for (size_t i = 0; i < t->n; i++) {
		sass_inst *in = &t->v[i];
		if (!in->branch || !in->target[0])
			continue;
		size_t j = 0;
		while (j < t->nlabels && strcmp(t->labels[j].name, in->target) != 0)
			j++;
		if (j == t->nlabels)
			return lm_fail(LM_EPARSE, "SASS line %u: a branch to %s, a label the listing does not define",
				       in->line, in->target);
		in->to = t->labels[j].addr;
	}
	return LM_OK;
}

/* Is the loop closed by back branch back[b] (to its target) free of any
 * other loop inside it? */
static bool innermost(const sass_text *t, const size_t *back, size_t nback, size_t b)
{
	unsigned long long lo = t->v[back[b]].to, hi = t->v[back[b]].addr;
	for (size_t i = 0; i < nback; i++) {
		const sass_inst *o = &t->v[back[i]];
		if (i != b && o->to >= lo && o->addr <= hi && (o->to > lo || o->addr < hi))
			return false;
	}
	return true;
}

/* The first instruction at or after addr (t->n where none). */
static size_t at_or_after(const sass_text *t, unsigned long long addr)
{
	size_t lo = 0, hi = t->n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (t->v[mid].addr < addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The waits of the loop from instruction from to instruction to for
 * loads it issued: in order, an instruction that reads or writes a
 * register a load of the loop has yet to fill waits for every load issued
 * so far (they are in flight together); a load still pending at the
 * loop's end is waited for at the next turn. */
static unsigned load_waits(const sass_text *t, size_t from, size_t to)
{
	unsigned char pending[256] = { 0 };
	unsigned waits = 0, npending = 0;
	for (size_t i = from; i <= to; i++) {
		const sass_inst *in = &t->v[i];
		bool waits_here = false;
		for (unsigned r = 0; r < in->nread; r++)
			waits_here |= pending[in->read[r]];
		for (unsigned w = 0; w < in->nwrite && in->write + w < 256; w++)
			waits_here |= pending[in->write + w];
		if (waits_here && npending) {
			waits++;
			memset(pending, 0, sizeof pending);
			npending = 0;
		}
		npending += in->load; /* (a load whose register is not read is waited for at the end) */
		for (unsigned w = 0; in->load && w < in->nwrite && in->write + w < 256; w++)
			pending[in->write + w] = 1;
	}
	return waits + (npending > 0);
}

/* The cycles a turn of the loop from instruction from to to takes in the
 * steady state, issued in order one a cycle, each waiting for the
 * registers it reads or writes: a load's ready lat cycles after it issues,
 * any other's alu cycles after. */
static double turn_cycles(const sass_text *t, size_t from, size_t to, double lat, double alu)
{
	double ready[256] = { 0 }, clock = 0, start = 0;
	for (int turn = 0; turn < 4; turn++) {
		if (turn == 2)
			start = clock;
		for (size_t i = from; i <= to; i++) {
			const sass_inst *in = &t->v[i];
			double at = clock + 1;
			for (unsigned r = 0; r < in->nread; r++)
				at = fmax(at, ready[in->read[r]]);
			for (unsigned w = 0; w < in->nwrite && in->write + w < 256; w++)
				at = fmax(at, ready[in->write + w]);
			clock = at;
			for (unsigned w = 0; w < in->nwrite && in->write + w < 256; w++)
				ready[in->write + w] = at + (in->load ? lat : alu);
		}
	}
	return (clock - start) / 2;
}

/* A turn's time as waits x a load's latency + other cycles: the slope and
 * the rest of turn_cycles over two latencies. */
static void turn_waits(const sass_text *t, size_t from, size_t to, lm_sass_loops *out)
{
	const double lo = 256, hi = 512, alu = LM_SASS_ALU_CYCLES;
	double a = turn_cycles(t, from, to, lo, alu), b = turn_cycles(t, from, to, hi, alu);
	out->turn_waits = (b - a) / (hi - lo);
	out->turn_other = fmax(a - out->turn_waits * lo, 0);
}

static lm_status count_loops(const sass_text *t, lm_sass_loops *out)
{
	size_t *back = malloc(LM_SASS_MOST_LOOPS * sizeof *back), nback = 0;
	unsigned *loads = malloc((t->n + 1) * sizeof *loads); /* loads before each instruction */
	lm_status s = back && loads ? LM_OK : lm_fail(LM_ENOMEM, "SASS: out of memory");
	if (loads)
		loads[0] = 0;
	for (size_t i = 0; s == LM_OK && i < t->n; i++) {
		const sass_inst *in = &t->v[i];
		loads[i + 1] = loads[i] + in->load;
		if (!in->branch || in->to > in->addr) /* a loop closes at a branch back */
			continue;
		if (nback == LM_SASS_MOST_LOOPS)
			s = lm_fail(LM_EPARSE, "SASS: more than %d loops: not read", LM_SASS_MOST_LOOPS);
		else
			back[nback++] = i;
	}
	size_t busiest = SIZE_MAX;
	for (size_t b = 0; s == LM_OK && b < nback; b++) {
		size_t from = at_or_after(t, t->v[back[b]].to), to = back[b];
		unsigned n = loads[to + 1] - loads[from];
		if (!n || !innermost(t, back, nback, b))
			continue;
		out->loops++;
		if (n > out->most_loads) {
			out->most_loads = n;
			out->waits = load_waits(t, from, to);
			out->first = t->v[from].line;
			out->last = t->v[to].line;
			busiest = b;
		}
	}
	if (busiest != SIZE_MAX) /* timed once, the busiest loop alone */
		turn_waits(t, at_or_after(t, t->v[back[busiest]].to), back[busiest], out);
	free(back);
	free(loads);
	return s;
}

lm_status lm_sass_read(const char *text, lm_sass_loops *out)
{
	memset(out, 0, sizeof *out);
	sass_text t = { 0 };
	lm_status s = LM_OK;
	unsigned line = 1;
	for (const char *p = text; *p && s == LM_OK; line++) {
		size_t len = strcspn(p, "\n");
		s = read_line(&t, p, len, line);
		p += len + (p[len] == '\n');
	}
	if (s == LM_OK && !t.n)
		s = lm_fail(LM_EPARSE, "SASS: no instruction (lines as nvdisasm -c prints them: /*ADDR*/ OPCODE ...;)");
	if (s == LM_OK)
		s = resolve(&t);
	if (s == LM_OK) {
		out->insts = (unsigned)t.n;
		s = count_loops(&t, out);
	}
	free(t.v);
	free(t.labels);
	return s;
}

unsigned lm_sass_unroll(const lm_sass_loops *s, unsigned ptx_loads)
{
	if (!ptx_loads || !s->waits || s->most_loads < 2 * ptx_loads || s->most_loads % ptx_loads)
		return 1;
	/* the PTX's iterations a turn, over the waits they take (the PTX's
	 * one each, its loads issued before their first use) */
	unsigned f = s->most_loads / ptx_loads / s->waits;
	return f >= 2 && f <= LM_SASS_MOST_UNROLL ? f : 1;
}

double lm_sass_waits(const lm_sass_loops *s, unsigned ptx_loads, double *alpha)
{
	*alpha = 0;
	if (!ptx_loads || !(s->turn_waits > 0) || s->most_loads < ptx_loads || s->most_loads % ptx_loads)
		return 0;
	double per = s->most_loads / ptx_loads, w = s->turn_waits / per;
	*alpha = s->turn_other / per / LM_SASS_ALU_CYCLES;
	return w < 1 ? 1 : w < ptx_loads ? w : ptx_loads;
}
