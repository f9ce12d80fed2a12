/* ptx_group: what a kernel as written runs once a work-group rather than
 * once a work-item, read from its PTX: the instructions that only the
 * work-item of local id 0 runs (a reduction's store of its group's sum),
 * and a loop over local memory whose span starts at half the group's size
 * and halves each turn (a reduction's tree), which runs log2 of the
 * group's size turns. */
#include "asm/ptx.h"

#include <stdint.h>
#include <stdlib.h>

/* Deepest chain of copies followed back to a special register. */
#define COPY_DEPTH 8

/* The last instruction before `before` that writes register r; SIZE_MAX if none. */
static size_t last_write(const ptx_inst *v, size_t before, const char *r)
{
	for (size_t i = before; i-- > 0;)
		if (v[i].op[0] && v[i].dest && v[i].nreg > 0 && strcmp(v[i].reg[0], r) == 0)
			return i;
	return SIZE_MAX;
}

/* Does register r, read at `at`, hold special register sp (%tid.x,
 * %ntid.x): written by a mov or cvt of it, or of a register that does? */
static bool copy_of(const ptx_inst *v, size_t at, const char *r, const char *sp, int depth)
{
	size_t w = last_write(v, at, r);
	if (w == SIZE_MAX || depth > COPY_DEPTH || v[w].narg != 2)
		return false;
	if (!lm_text_starts(v[w].op, "mov.") && !lm_text_starts(v[w].op, "cvt."))
		return false;
	const char *src = v[w].arg[1];
	return strcmp(src, sp) == 0 || (src[0] == '%' && copy_of(v, w, src, sp, depth + 1));
}

/* Where the branch v[b] goes by local id along x: 1 where every
 * work-item but that of id 0 takes it, -1 where that one alone does, 0
 * where it does not say (its predicate set by a compare of a copy of
 * %tid.x with 0, setp.ne or setp.eq, under @ or @!). */
static int by_first(const ptx_inst *v, size_t b)
{
	if (!v[b].pred[0])
		return 0;
	size_t s = last_write(v, b, v[b].pred);
	if (s == SIZE_MAX || !lm_text_starts(v[s].op, "setp.") || v[s].narg != 3)
		return 0;
	bool ne = lm_text_starts(v[s].op, "setp.ne."), eq = lm_text_starts(v[s].op, "setp.eq.");
	const char *a = v[s].arg[1], *c = v[s].arg[2];
	const char *id = strcmp(c, "0") == 0 ? a : strcmp(a, "0") == 0 ? c : NULL;
	if (!(ne || eq) || !id || !copy_of(v, s, id, "%tid.x", 0))
		return 0;
	return ne != v[b].pred_not ? 1 : -1;
}

/* The index of label name after v[from], n if none. */
static size_t label_at(const ptx_inst *v, size_t n, size_t from, const char *name)
{
	size_t i = from + 1;
	while (i < n && strcmp(v[i].label, name) != 0)
		i++;
	return i;
}

/* once[] over v[from..to - 1] where no other label lies among them (no
 * other way in), to < n. */
static void mark(const ptx_inst *v, size_t n, size_t from, size_t to, bool *once)
{
	if (to >= n)
		return;
	for (size_t i = from; i < to; i++)
		if (v[i].label[0])
			return;
	for (size_t i = from; i < to; i++)
		once[i] = true;
}

void lm_ptx_group_once(const ptx_inst *v, size_t n, bool *once)
{
	for (size_t i = 0; i < n; i++)
		once[i] = false;
	for (size_t b = 0; b < n; b++) {
		int by = v[b].target[0] ? by_first(v, b) : 0;
		if (by > 0) /* the others skip on to its label (NVIDIA's driver) */
			mark(v, n, b + 1, label_at(v, n, b, v[b].target), once);
		/* the first jumps over the others' branch past it (clang) */
		else if (by < 0 && b + 2 < n && v[b + 1].target[0] && !v[b + 1].guarded &&
			 strcmp(v[b + 2].label, v[b].target) == 0)
			mark(v, n, b + 3, label_at(v, n, b + 2, v[b + 1].target), once);
	}
}

/* Does register r hold, where the loop v[lo..] starts, the group's size
 * along x or half of it: a copy of %ntid.x, or one shifted right by 1? */
static bool group_span(const ptx_inst *v, size_t lo, const char *r)
{
	size_t w = last_write(v, lo, r);
	if (w == SIZE_MAX)
		return false;
	if (lm_text_starts(v[w].op, "shr.") && v[w].narg == 3 && strcmp(v[w].arg[2], "1") == 0)
		return copy_of(v, w, v[w].arg[1], "%ntid.x", 0);
	return copy_of(v, lo, r, "%ntid.x", 0);
}

/* Does the loop v[lo..hi] halve a span from the group's size along x down
 * to 1: a shift right by 1 in it of a register that holds that span where
 * it starts, the shift's result or its source compared in it with a
 * number up to 4 (span > 0, or old span >= 4 where clang rotates the
 * loop)? A tree that stops at a warp's width (span > 32) is not one. */
static bool halves_the_group(const ptx_inst *v, size_t lo, size_t hi)
{
	for (size_t i = lo; i <= hi; i++) {
		const ptx_inst *h = &v[i];
		if (!lm_text_starts(h->op, "shr.") || h->narg != 3 || strcmp(h->arg[2], "1") != 0 ||
		    !group_span(v, lo, h->arg[1]))
			continue;
		for (size_t j = lo; j <= hi; j++) {
			if (!lm_text_starts(v[j].op, "setp.") || v[j].narg != 3)
				continue;
			for (int k = 1; k <= 2; k++) {
				const char *r = v[j].arg[k], *c = v[j].arg[3 - k];
				char *end;
				long x = strtol(c, &end, 10);
				if ((strcmp(r, h->arg[0]) == 0 || strcmp(r, h->arg[1]) == 0) && end != c && !*end &&
				    x >= 0 && x <= 4)
					return true;
			}
		}
	}
	return false;
}

void lm_ptx_group_tree(const ptx_inst *v, const ptx_loops *loops, const size_t *ix, size_t nix, lm_count *m)
{
	m->tree_insts = m->tree_mem = m->tree_waits = 0;
	/* the widest such loop: a head with two branches back (clang's rotated
	 * loop) is one loop, its turn all of it; a second tree's turns are
	 * counted once */
	size_t lo = 0, hi = 0;
	for (size_t l = 0; l < loops->n; l++)
		if (loops->hi_of[l] - loops->lo_of[l] > hi - lo &&
		    !lm_ptx_global_accesses(v, loops->lo_of[l], loops->hi_of[l]) &&
		    halves_the_group(v, loops->lo_of[l], loops->hi_of[l])) {
			lo = loops->lo_of[l];
			hi = loops->hi_of[l];
		}
	bool waiting = false; /* loads since the last local store: one wait */
	for (size_t p = 0; hi > lo && p < nix; p++) {
		if (ix[p] < lo || ix[p] > hi || !v[ix[p]].op[0])
			continue;
		ptx_kind k = v[ix[p]].target[0] ? K_OTHER : lm_ptx_classify(v[ix[p]].op);
		m->tree_insts++;
		m->tree_mem += k == K_LLOAD || k == K_LSTORE;
		m->tree_waits += k == K_LLOAD && !waiting;
		waiting = k == K_LSTORE ? false : waiting || k == K_LLOAD;
	}
}
