/* ptx_loops: the loops of a kernel's PTX (each a branch back to a label
 * before it that control reaches again), the one counted (the most global
 * memory accesses), what refuses it, a body without any, a loop inside a
 * grid-stride loop, and the compiler's unrolling. Within src/asm. */
#include "asm/ptx.h"

#include <stdlib.h>
#include <string.h>

/* Global loads (constant ones among them), stores and atomics in v[lo..hi]. */
size_t lm_ptx_global_accesses(const ptx_inst *v, size_t lo, size_t hi)
{
	size_t loads = 0;
	for (size_t k = lo; k <= hi; k++)
		if (v[k].op[0] && !v[k].target[0]) {
			ptx_kind c = lm_ptx_classify(v[k].op);
			loads += c == K_LOAD || c == K_CLOAD || c == K_STORE || c == K_ATOMIC;
		}
	return loads;
}

/* Does control reach the branch v[to] again from the label v[from]
 * (falling through, or branching: jump[k], the index of branch k's label,
 * n where none is), so that the branch back to from closes a loop? A
 * branch back to an exit block a compiler laid out before the loop (clang's
 * nd-dot: the reduction's end, its store and ret, placed above the tree's
 * loop) does not. seen: room for n flags. */
static bool ptx_cycle(const ptx_inst *v, size_t n, const size_t *jump, size_t from, size_t to, bool *seen,
		      size_t *stack)
{
	memset(seen, 0, n * sizeof *seen);
	size_t top = 0;
	stack[top++] = from;
	seen[from] = true;
	while (top) {
		size_t k = stack[--top], next[2];
		if (k == to)
			return true;
		const ptx_inst *in = &v[k];
		int nn = 0;
		bool stops = lm_text_starts(in->op, "ret") || lm_text_starts(in->op, "exit") ||
			     lm_text_starts(in->op, "trap");
		if (in->target[0] && jump[k] < n)
			next[nn++] = jump[k];
		if (!stops && (!in->target[0] || in->guarded) && k + 1 < n)
			next[nn++] = k + 1;
		for (int e = 0; e < nn; e++)
			if (!seen[next[e]]) {
				seen[next[e]] = true;
				stack[top++] = next[e];
			}
	}
	return false;
}

/* Each branch's label's index into jump (n: not a branch, or its label
 * not in the function). */
static void ptx_jumps(const ptx_inst *v, size_t n, size_t *jump)
{
	for (size_t k = 0; k < n; k++) {
		jump[k] = n;
		for (size_t j = 0; v[k].target[0] && j < n && jump[k] == n; j++)
			if (strcmp(v[j].label, v[k].target) == 0)
				jump[k] = j;
	}
}

void lm_ptx_find_loops(const ptx_inst *v, size_t n, ptx_loops *out)
{
	memset(out, 0, sizeof *out);
	size_t *jump = malloc((n + 1) * sizeof *jump), *stack = malloc((n + 1) * sizeof *stack);
	bool *seen = malloc(n + 1);
	if (jump && stack && seen)
		ptx_jumps(v, n, jump);
	for (size_t i = 0; i < n; i++) {
		if (!v[i].target[0])
			continue;
		for (size_t j = 0; j <= i; j++) {
			if (strcmp(v[j].label, v[i].target) != 0)
				continue;
			/* without the room to follow control, every branch back is a loop */
			if (jump && stack && seen && !ptx_cycle(v, n, jump, j, i, seen, stack))
				continue;
			if (out->n < 64) {
				out->lo_of[out->n] = j;
				out->hi_of[out->n++] = i;
			}
			size_t loads = lm_ptx_global_accesses(v, j, i);
			if (loads) {
				out->loops++;
				if (loads > out->accesses) {
					out->accesses = loads;
					out->lo = j;
					out->hi = i;
				}
			}
		}
	}
	free(jump);
	free(stack);
	free(seen);
}

/* LM_EPARSE, with the reason, where kernel name's loop cannot be counted:
 * none accesses global memory, another loop lies inside it or around it,
 * or it calls a function. */
lm_status lm_ptx_check_loop(const ptx_inst *v, const ptx_loops *loops, const char *name)
{
	size_t lo = loops->lo, hi = loops->hi;
	if (!loops->accesses && loops->n)
		return lm_fail(LM_EPARSE, "kernel %s: its loops (the first at PTX lines %u-%u) touch no global "
			       "memory, and what does lies outside them: a body around a loop is not counted (a "
			       "kernel without any loop is, as what a work-item runs once)", name,
			       v[loops->lo_of[0]].line, v[loops->hi_of[0]].line);
	if (!loops->accesses)
		return lm_fail(LM_EPARSE, "kernel %s: no load or store of global memory, in a loop or "
			       "outside one: nothing for the model to count", name);
	for (size_t l = 0; l < loops->n; l++) {
		bool inside = loops->lo_of[l] > lo && loops->hi_of[l] < hi;
		bool around = loops->lo_of[l] < lo && loops->hi_of[l] > hi &&
			      !(loops->nested && loops->lo_of[l] == loops->outer_lo);
		if (inside || around)
			return lm_fail(LM_EPARSE, "kernel %s: its loop over global memory (PTX lines %u-%u) %s "
				       "another loop (lines %u-%u) whose trip count latmix cannot know: the mix of "
				       "an iteration is not fixed, so latmix does not guess it", name, v[lo].line,
				       v[hi].line, inside ? "holds" : "lies inside", v[loops->lo_of[l]].line,
				       v[loops->hi_of[l]].line);
	}
	for (size_t i = lo; i <= hi; i++)
		if (lm_text_starts(v[i].op, "call"))
			return lm_fail(LM_EPARSE, "kernel %s: a call in its loop (PTX line %u): what the "
				       "callee does is not in the listing", name, v[i].line);
	return LM_OK;
}

/* A kernel without a loop over global memory that loads or stores it,
 * written one work-item an element: its whole body is what a work-item
 * runs once, counted as one iteration (loops set to span it), a loop that
 * touches registers and local memory alone (a reduction's tree) counted
 * once. Only where the body calls nothing; false otherwise (the loop's
 * rules). */
bool lm_ptx_loopless(const ptx_inst *v, size_t n, ptx_loops *loops)
{
	if (!n || loops->accesses || !lm_ptx_global_accesses(v, 0, n - 1))
		return false;
	for (size_t i = 0; i < n; i++)
		if (lm_text_starts(v[i].op, "call"))
			return false;
	loops->lo = 0;
	loops->hi = n - 1;
	return true;
}

/* The loops among loops' branches back: their distinct heads (a loop
 * with two branches back to its head is one). */
unsigned lm_ptx_heads(const ptx_loops *loops)
{
	unsigned heads = 0;
	for (size_t l = 0; l < loops->n; l++) {
		bool again = false;
		for (size_t e = 0; e < l; e++)
			again |= loops->lo_of[e] == loops->lo_of[l];
		heads += !again;
	}
	return heads;
}

/* Whether v[i] is add.(s|u)(32|64) d, a, imm (its operands' text). */
static bool add_imm(const ptx_inst *in, const char **d, const char **a, long *imm)
{
	if (!lm_text_starts(in->op, "add.") || in->narg != 3 || strstr(in->op, ".f") || in->arg[2][0] == '%')
		return false;
	char *end;
	*imm = strtol(in->arg[2], &end, 10);
	*d = in->arg[0];
	*a = in->arg[1];
	return end != in->arg[2] && !*end;
}

/* The times the compiler unrolled a loop (v[lo..hi]) whose remainder it
 * peeled into copies around it, not a loop (the loop inside spmv's rows):
 * a register the loop adds k to (2 to 62, its induction) that its copies
 * index as it plus 1 to k - 1 (col[k + 1] ... col[k + 3]), where k divides
 * the loop's global accesses; 1 where none is. */
static unsigned induction_copies(const ptx_inst *v, size_t lo, size_t hi, size_t accesses)
{
	for (size_t i = lo; i <= hi; i++) {
		const char *d, *a;
		long k;
		if (!add_imm(&v[i], &d, &a, &k) || strcmp(d, a) != 0 || k < 2 || k > 62 || accesses % (size_t)k)
			continue;
		long seen = 0; /* bit j: an add of j to the induction */
		for (size_t j = lo; j <= hi; j++) {
			const char *dj, *aj;
			long c;
			if (j != i && add_imm(&v[j], &dj, &aj, &c) && strcmp(aj, d) == 0 && c >= 1 && c < k)
				seen |= 1L << c;
		}
		if (seen == (1L << k) - 2)
			return (unsigned)k;
	}
	return 1;
}

/* The times the compiler unrolled the loop counted: its global accesses
 * over those of a loop beside it that it keeps rolled (.pragma
 * "nounroll": the remainder of the trip count's division), where they
 * divide, that loop's index in loops into *rem; else the copies of its
 * induction (induction_copies); 1 where neither says (*rem: loops->n). */
unsigned lm_ptx_unroll(const ptx_inst *v, const ptx_loops *loops, size_t *rem)
{
	size_t main = lm_ptx_global_accesses(v, loops->lo, loops->hi);
	*rem = loops->n;
	for (size_t l = 0; l < loops->n; l++) {
		size_t lo = loops->lo_of[l], hi = loops->hi_of[l];
		if (lo == loops->lo || !v[lo].nounroll || (loops->nested && lo == loops->outer_lo))
			continue;
		size_t rest = lm_ptx_global_accesses(v, lo, hi);
		if (rest && main > rest && main % rest == 0) {
			*rem = l;
			return (unsigned)(main / rest);
		}
	}
	return induction_copies(v, loops->lo, loops->hi, main);
}

/* Does loops' one counted lie around one loop over global memory and no
 * other (a grid-stride loop over rows, each row a loop: gemv's, spmv's),
 * itself inside none? Then the loop inside is the one counted, and the one
 * around it is kept in outer_lo, outer_hi (nested). Other loops within it
 * may lie beside the one inside (its remainder: an unrolled loop's), not
 * inside it or around it; loops beside the grid-stride one are another
 * path (gemv's rows of no columns: a loop of stores alone), not counted. */
bool lm_ptx_nested(const ptx_inst *v, ptx_loops *loops)
{
	size_t olo = loops->lo, ohi = loops->hi, best = 0, ilo = 0, ihi = 0;
	/* a loop headed within it whose branch back a compiler laid out after
	 * its own (clang's spmv: the row's loop last) lies within it too */
	for (size_t l = 0; l < loops->n; l++)
		if (loops->lo_of[l] >= olo && loops->lo_of[l] <= ohi && loops->hi_of[l] > ohi)
			ohi = loops->hi_of[l];
	for (size_t l = 0; l < loops->n; l++) {
		size_t lo = loops->lo_of[l], hi = loops->hi_of[l];
		if (lo == olo || hi < olo || lo > ohi) /* the loop around (another branch back), or beside it */
			continue;
		if (lo < olo || hi > ohi) /* around it */
			return false;
		size_t accesses = lm_ptx_global_accesses(v, lo, hi);
		if (accesses > best)
			best = accesses, ilo = lo, ihi = hi;
	}
	for (size_t l = 0; best && l < loops->n; l++) {
		size_t lo = loops->lo_of[l], hi = loops->hi_of[l];
		bool in = lo > ilo && hi < ihi, around = lo < ilo && hi > ihi && lo != olo;
		if (in || around)
			return false;
	}
	if (!best)
		return false;
	loops->outer_lo = olo;
	loops->outer_hi = ohi;
	loops->lo = ilo;
	loops->hi = ihi;
	loops->accesses = best;
	loops->nested = true;
	return true;
}
