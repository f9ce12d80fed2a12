#include "asm/listing.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm/inst.h"

/* ---- the parsed listing ---- */

typedef struct {
	char name[48];
	size_t line;            /* its line */
	size_t next;            /* the instruction after it */
} label;

struct lm_listing {
	lm_listing_origin o;    /* how it was built */
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
 * instruction between writing them (as PTX's rule, src/asm/ptx.c)? */
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

/* A listing cut into lines (in copy), and the instructions and labels of
 * the kernel's function among them, in order. */
typedef struct {
	char *copy;
	char **lines;
	size_t nlines;
	inst *insts;
	size_t ninst;
	label *labels;
	size_t nlab;
} parsed;

static void parsed_free(parsed *p)
{
	free(p->copy);
	free(p->lines);
	free(p->insts);
	free(p->labels);
}

/* Cuts a copy of text into p's lines, with room for an instruction or a
 * label a line. */
static lm_status split_lines(const char *text, parsed *p)
{
	memset(p, 0, sizeof *p);
	p->copy = strdup(text);
	size_t nlines = 1;
	for (const char *c = text; *c; c++)
		nlines += *c == '\n';
	p->lines = malloc(nlines * sizeof *p->lines);
	p->insts = malloc(nlines * sizeof *p->insts);
	p->labels = malloc(nlines * sizeof *p->labels);
	if (!p->copy || !p->lines || !p->insts || !p->labels)
		return lm_fail(LM_ENOMEM, "out of memory");
	for (char *l = p->copy; l; p->nlines++) {
		p->lines[p->nlines] = l;
		l = strchr(l, '\n');
		if (l)
			*l++ = '\0';
	}
	return LM_OK;
}

/* AMD: the lines first..last - 1 of kernel's function (the listing holds
 * every function), and clang's resource comments after it, its registers
 * and occupancy, into c. */
static lm_status amd_function(const parsed *p, const char *kernel, lm_listing_counts *c, size_t *first,
			      size_t *last)
{
	size_t n = p->nlines, klen = strlen(kernel);
	for (*first = 0; *first < n; (*first)++)
		if (strncmp(p->lines[*first], kernel, klen) == 0 && p->lines[*first][klen] == ':')
			break;
	if (*first == n)
		return lm_fail(LM_EPARSE, "no function %s in the compiler's listing", kernel);
	for (*last = *first; *last < n && !lm_text_starts(p->lines[*last], ".Lfunc_end"); (*last)++)
		;
	for (size_t i = *last; i < n && !c->waves_per_simd; i++) {
		sscanf(p->lines[i], " ; NumVgprs: %u", &c->vgprs);
		sscanf(p->lines[i], " ; Occupancy: %u", &c->waves_per_simd);
	}
	return LM_OK;
}

/* Reads lines first..last - 1 in the dialect (amd, else iga's of grf-byte
 * registers) into p's instructions and labels. */
static void parse_lines(parsed *p, bool amd, unsigned grf, size_t first, size_t last)
{
	char lb[48];
	for (size_t i = first; i < last; i++) {
		char buf[1024];
		snprintf(buf, sizeof buf, "%s", p->lines[i]);
		inst *in = &p->insts[p->ninst];
		bool is_inst = amd ? lm_amdgcn_line(buf, in, lb, sizeof lb) : lm_iga_line(buf, grf, in, lb, sizeof lb);
		if (is_inst) {
			in->line = i;
			p->ninst++;
		} else if (lb[0]) {
			label *l = &p->labels[p->nlab++];
			snprintf(l->name, sizeof l->name, "%s", lb);
			l->line = i;
			l->next = p->ninst;
		}
	}
}

/* The iteration loop: of the regions a backward branch closes (regions
 * that overlap merged, as the blocks of one loop are), the one
 * close_region keeps, into *best; false if there is none. The regions
 * that access global memory are counted into c. */
static bool find_loop(const parsed *p, bool by_memory, lm_listing_counts *c, region *best)
{
	region r = { 0, 0, 0 };
	bool have = false, cur = false;
	*best = r;
	for (size_t i = 0; i < p->ninst; i++) {
		if (!p->insts[i].branch)
			continue;
		for (size_t k = 0; k < p->nlab; k++) {
			const label *l = &p->labels[k];
			if (strcmp(l->name, p->insts[i].target) != 0 || l->next > i)
				continue;
			if (cur && l->next <= r.hi) {
				if (l->next < r.lo) {
					r.lo = l->next;
					r.line = l->line;
				}
				r.hi = i;
			} else {
				if (cur)
					close_region(c, p->insts, by_memory, &r, best, &have);
				cur = true;
				r = (region){ l->next, i, l->line };
			}
		}
	}
	if (cur)
		close_region(c, p->insts, by_memory, &r, best, &have);
	return have;
}

/* A load whose address no instruction of the loop writes reads the same
 * place every iteration: the stop flag; so does one whose address only a
 * copy of an unchanging register writes (a register the compiler parked,
 * in an AGPR say, and reads back). The loop's other loads are chain steps. */
static void mark_fixed_loads(inst *insts, const region *loop)
{
	for (size_t i = loop->lo; i <= loop->hi; i++) {
		inst *in = &insts[i];
		if (!in->load)
			continue;
		bool varies = false;
		for (int a = 0; a < in->naddr && !varies; a++) {
			/* the write that reaches the load: the nearest before it,
			 * around the loop */
			const inst *w = reaching(insts, loop->lo, loop->hi, i, &in->addr[a]);
			varies = w && !(w->copy && !written_in(insts, loop->lo, loop->hi, w));
		}
		in->kind = varies ? LM_LISTING_CHASE : LM_LISTING_FIXED;
	}
}

/* The loop heads in the loop: clang marks them in its comments ("Loop
 * Header:"; a backward branch there may leave the loop, to an exit block
 * laid out before it); in iga's listing, the distinct labels backward
 * branches of the region go to. */
static unsigned loop_heads(const parsed *p, bool amd, const region *loop)
{
	unsigned heads = 0;
	for (size_t l = loop->line; amd && l <= p->insts[loop->hi].line; l++)
		heads += strstr(p->lines[l], "Loop Header:") != NULL;
	for (size_t i = loop->lo; !amd && i <= loop->hi; i++) {
		if (!p->insts[i].branch)
			continue;
		bool back = false, seen = false;
		for (size_t k = 0; k < p->nlab; k++)
			back |= strcmp(p->labels[k].name, p->insts[i].target) == 0 && p->labels[k].next <= i &&
				p->labels[k].next >= loop->lo;
		for (size_t j = loop->lo; j < i && back; j++)
			seen |= p->insts[j].branch && strcmp(p->insts[j].target, p->insts[i].target) == 0;
		heads += back && !seen;
	}
	return heads;
}

/* AMD: the loop's global loads that read the lines of one before them
 * (shares_lines), and their bytes, into c. */
static void count_shared_lines(lm_listing_counts *c, const inst *insts, const region *loop)
{
	for (size_t i = loop->lo; i <= loop->hi; i++)
		if (insts[i].kind == LM_LISTING_CHASE && !insts[i].local && shares_lines(insts, loop->lo, i)) {
			c->shared_lines++;
			c->shared_bytes += insts[i].bytes;
		}
}

/* Counts the loop's instructions into isa, each once an iteration; a mix
 * whose steps are the passes of a loop inside the iteration's (origin's
 * inner): that loop's instructions once a pass. LM_EPARSE where that loop
 * is not there. */
static lm_status count_loop(lm_listing *isa, const parsed *p, const region *loop, const char *kernel)
{
	size_t in_lo = 1, in_hi = 0;
	if (isa->o.inner && !inner_loop(p->insts, p->labels, p->nlab, loop->lo, loop->hi, &in_lo, &in_hi))
		return lm_fail(LM_EPARSE, "mix %s: no loop around its store inside the iteration's in %s's "
			       "listing", isa->o.mix, kernel);
	lm_status s = LM_OK;
	for (size_t i = loop->lo; i <= loop->hi && s == LM_OK; i++) {
		const inst *in = &p->insts[i];
		/* a SIMD32 thread's lanes 16-31: counted by its lanes 0-15 */
		unsigned runs = in->upper ? 0 : i >= in_lo && i <= in_hi ? isa->o.inner : 1;
		for (unsigned k = 0; k < runs && s == LM_OK; k++) {
			isa->counts.insts++;
			isa->counts.kind[in->kind]++;
			isa->counts.add_ops += in->add_ops;
			isa->counts.float_ops += in->flop;
			count_access(&isa->counts, in);
			s = count_op(isa, in);
		}
	}
	if (s == LM_OK)
		isa->counts.op = isa->ops;
	return s;
}

/* The loop's text into isa: from its first label to its last branch. */
static lm_status copy_loop_text(lm_listing *isa, const parsed *p, const region *loop)
{
	size_t end_line = p->insts[loop->hi].line, len = 0;
	for (size_t i = loop->line; i <= end_line; i++)
		len += strlen(p->lines[i]) + 1;
	isa->loop = malloc(len + 1);
	if (!isa->loop)
		return lm_fail(LM_ENOMEM, "out of memory");
	char *o = isa->loop;
	for (size_t i = loop->line; i <= end_line; i++)
		o += sprintf(o, "%s\n", p->lines[i]);
	return LM_OK;
}

/* A user's kernel without any loop, one work-item an element: its whole
 * body as the region counted (Intel's: up to the thread's end), its vector
 * loads the loads (AMD's scalar load, Intel's for the whole thread, reads
 * its arguments or a constant, the same for the whole wave: one of the
 * other instructions); false, the reason into why, where the body touches
 * no global memory or Intel's halves do not pair (lm_iga_whole_body). */
static bool whole_body(parsed *p, bool amd, region *body, char *why, size_t why_size)
{
	snprintf(why, why_size, "and no global memory access outside one");
	if (!p->ninst || !global_accesses(p->insts, 0, p->ninst - 1))
		return false;
	size_t last = p->ninst - 1;
	for (size_t i = 0; amd && i < p->ninst; i++) {
		inst *in = &p->insts[i];
		if (in->load && (lm_text_starts(in->op, "s_load") || lm_text_starts(in->op, "s_buffer_load"))) {
			in->load = false;
			in->kind = LM_LISTING_OTHER;
		}
	}
	if (!amd && !lm_iga_whole_body(p->insts, p->ninst, &last, why, why_size))
		return false;
	*body = (region){ 0, last, p->insts[0].line };
	return global_accesses(p->insts, 0, last) > 0;
}

/* Finds the iteration loop in the listing (find_loop), or a user's
 * kernel's whole body where it has none, and counts it into isa. */
static lm_status analyze(lm_listing *isa, bool amd, unsigned grf, const char *kernel)
{
	parsed p;
	lm_status s = split_lines(isa->listing, &p);
	size_t first = 0, last = p.nlines;
	if (s == LM_OK && amd)
		s = amd_function(&p, kernel, &isa->counts, &first, &last);
	region loop;
	bool user = strcmp(isa->o.mix, "kernel") == 0;
	if (s == LM_OK) {
		parse_lines(&p, amd, grf, first, last);
		/* a user's kernel with no loop over global memory (none, or a tree
		 * over local memory) is counted whole: what a work-item runs once */
		bool found = find_loop(&p, user, &isa->counts, &loop);
		char why[256] = "";
		if (user && !isa->counts.loops)
			found = isa->counts.whole = whole_body(&p, amd, &loop, why, sizeof why);
		if (!found && !user)
			s = lm_fail(LM_EPARSE, "no loop (backward branch) in %s's listing", kernel);
		else if (!found)
			s = lm_fail(LM_EPARSE, "no loop over global memory in %s's listing, %s", kernel, why);
	}
	if (s == LM_OK) {
		if (isa->counts.whole) {
			for (size_t i = 0; i < p.ninst; i++) /* every load of a body run once is a load */
				if (p.insts[i].load)
					p.insts[i].kind = LM_LISTING_CHASE;
		} else {
			mark_fixed_loads(p.insts, &loop);
			isa->counts.heads += loop_heads(&p, amd, &loop);
		}
		if (amd)
			count_shared_lines(&isa->counts, p.insts, &loop);
		s = count_loop(isa, &p, &loop, kernel);
	}
	if (s == LM_OK)
		s = copy_loop_text(isa, &p, &loop);
	parsed_free(&p);
	return s;
}

/* ---- the listing object ---- */

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

lm_status lm_listing_parse_built(const lm_listing_origin *origin, bool amd, unsigned grf_bytes, char *text,
				 lm_listing **out)
{
	lm_listing *isa = isa_new();
	if (!isa) {
		free(text);
		return lm_fail(LM_ENOMEM, "out of memory");
	}
	isa->o = *origin;
	isa->listing = text;
	isa->counts.steps = origin->steps;
	isa->counts.adds_built = origin->adds_built;
	lm_status s = analyze(isa, amd, grf_bytes ? grf_bytes : 32, origin->kernel);
	if (s != LM_OK) {
		lm_listing_free(isa);
		return s;
	}
	*out = isa;
	return LM_OK;
}

lm_status lm_listing_parse(const char *dialect, const char *text, const char *kernel,
		       unsigned grf_bytes, unsigned steps, unsigned adds_built, lm_listing **out)
{
	bool amd = strcmp(dialect, "amdgcn") == 0;
	if (!amd && strcmp(dialect, "iga") != 0)
		return lm_fail(LM_EUSAGE, "listing dialect '%s': expected amdgcn or iga", dialect);
	lm_listing_origin o = { .kernel = kernel, .steps = steps, .adds_built = adds_built };
	snprintf(o.target, sizeof o.target, "%s", dialect);
	/* a user's kernel (no steps, no adds asked for): counted as a built one is */
	o.mix = !steps && !adds_built ? "kernel" : "?";
	char *copy = strdup(text);
	if (!copy)
		return lm_fail(LM_ENOMEM, "out of memory");
	return lm_listing_parse_built(&o, amd, grf_bytes, copy, out);
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
	       (isa->o.inner && kind == LM_LISTING_MEM_OTHER);
}

void lm_listing_print(FILE *f, const lm_listing *isa, bool all)
{
	const lm_listing_counts *c = &isa->counts;
	char a[32];
	fprintf(f, "// latmix kernel --isa %s: mix %s (%s), alpha %s, %u chain%s per thread\n", isa->o.target,
		isa->o.mix, isa->o.kernel, lm_alpha_format(isa->o.alpha, a, sizeof a), isa->o.chains,
		isa->o.chains == 1 ? "" : "s");
	fprintf(f, "// target: %s\n", isa->o.what);
	fprintf(f, "// build options: %s\n", isa->o.options);
	if (isa->o.dropped[0])
		fprintf(f, "// not given to the compiler (it has no such option): %s\n", isa->o.dropped);
	fprintf(f, "// compiler: %s\n", isa->o.command);
	if (isa->o.note)
		fprintf(f, "// %s\n", isa->o.note);
	if (all)
		fprintf(f, "\n// ---- the whole listing ----\n%s\n", isa->listing);
	fprintf(f, "\n// ---- the iteration loop: %u instructions run an iteration; %u chain steps an iteration "
		"(%u bodies x %u step%s x %u chain%s) ----\n%s", c->insts, c->steps, isa->o.bodies,
		isa->o.mem_n, isa->o.mem_n == 1 ? "" : "s", isa->o.chains, isa->o.chains == 1 ? "" : "s", isa->loop);

	if (isa->o.inner)
		fprintf(f, "\n// ---- counts: the loop around the store's instructions once a pass (%u passes, a "
			"step each), the rest once ----\n", isa->o.inner);
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

