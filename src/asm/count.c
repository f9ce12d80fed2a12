#include "asm/count.h"
#include "asm/count_parts.h"

#include <ctype.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "asm/listing.h"
#include "asm/ptx.h"
#include "asm/sass.h"
#include "base/number.h"

/* The instructions an iteration of independent loads waits for: every
 * one but its memory accesses, an integer division as the sequence the
 * GPU runs for it. */
static double body_all(const lm_count *m)
{
	unsigned mem = m->loads - m->const_loads + m->stores + m->group_stores + m->atomics + m->local_loads +
		       m->local_stores + m->spills;
	unsigned seq = m->divisions * (PTX_DIVISION_INSTS - 1) + m->wide_divisions * (PTX_WIDE_DIVISION_INSTS - 1);
	return m->insts > mem ? m->insts - mem + seq : 0;
}

/* A body run once whose loads are in flight together, each on lines of
 * its own (PTX, timed as issued: lm_count's body_waits 1), and whose group
 * runs no tree: a work-item waits for its loads once and for the
 * instructions on its longest path besides, not for every instruction one
 * after another as an iteration of a loop does (the next work-item's loads
 * do not wait for them). */
static bool own_lines_body(const lm_count *m)
{
	return m->loopless && m->loads && m->loads == m->independent && !m->shared_lines && !m->same_array &&
	       !m->uniform_loads && fabs(m->body_waits - 1) < 1e-9 && m->body_cycles > 0 && !m->tree_insts;
}

/* Along x, such a body is priced by its longest path. Measured on the H200
 * and H100 so: copy, add, triad, nstream and reads of 2 to 16 loads as
 * written, and the independent harness's BabelStream kernels; a window's
 * loads on one line (a five-point stencil, conv2d) ran slower and keep the
 * count of every instruction, as a 2D body does along x (its groups 32
 * wide or more: a copy on a 2D grid at 256x1 and 32x8 ran slower than its
 * longest path says); over a group's rows, lm_count_rows_finish
 * (studies/written-step). */
static bool body_critical(const lm_count *m)
{
	return own_lines_body(m) && m->dims <= 1;
}

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

/* What the count says of the kernel's loops: how many, which path, those
 * counted once, the unrolling and the body around the loop. */
static void print_loops(FILE *f, const lm_count *m)
{
	if (m->loops > 1)
		fprintf(f, "  (%u loops touch global memory; the one with the most accesses is counted)\n",
			m->loops);
	if (m->body_insts > m->insts)
		fprintf(f, "  (the loop branches: the path with the most memory accesses is counted, %u of its "
			"%u instructions)\n", m->insts, m->body_insts);
	if (m->once_loops && m->tree_insts)
		fprintf(f, "  (%u loop%s over registers and local memory alone; one halves its span from half the "
			"group's size, a reduction's tree: a turn of %u instructions, among them once, not in alpha, "
			"priced log2 of the work-group size times at each size, its %u wait%s for local memory and "
			"its instructions one after another)\n", m->once_loops, m->once_loops == 1 ? "" : "s", m->tree_insts,
			m->tree_waits, m->tree_waits == 1 ? "" : "s");
	else if (m->once_loops)
		fprintf(f, "  (%u loop%s over registers and local memory alone, a reduction's tree, counted once: "
			"their trip counts are not known)\n", m->once_loops, m->once_loops == 1 ? "" : "s");
	unsigned ptx_unroll = lm_count_ptx_unroll(m->unroll, m->ptxas_unroll); /* the PTX's own */
	if (ptx_unroll > 1)
		fprintf(f, "  (unrolled %u times by the compiler, its remainder in a loop beside it or copies "
			"around it: an iteration counted runs %u of the source's)\n", ptx_unroll, ptx_unroll);
	if (m->ptxas_unroll > 1)
		fprintf(f, "  (ptxas unrolls it %u times again: its machine code's loop reads %u global loads a turn, "
			"the PTX's %u; priced as %u of the PTX's iterations at once, %u of the source's: %s)\n",
			m->ptxas_unroll, m->sass_loads, m->loads - m->const_loads, m->ptxas_unroll, m->unroll, m->sass);
	else if (m->ptxas_waits >= 1)
		fprintf(f, "  (ptxas's schedule: its machine code's loop reads %u global loads a turn, the PTX's %u; "
			"an iteration waits for its loads %.3g times, each for its share, its other instructions "
			"%.3g dependent adds' worth besides: so priced where its loads all hit the cache; "
			"not unrolled again, %s)\n", m->sass_loads, m->loads - m->const_loads, m->ptxas_waits,
			m->ptxas_alpha, m->sass);
	else if (m->sass[0])
		fprintf(f, "  (ptxas's unrolling: %s)\n", m->sass);
	if (m->rest_counted) {
		fputs(m->nested ? "around the loop, once a turn of the grid-stride loop around it: "
				: "around the loop, once a work-item (a kernel as written with a loop inside): ", f);
		lm_count_put_predict(f, &m->rest);
		fputc('\n', f);
	}
}

void lm_count_print(FILE *f, const lm_count *m)
{
	if (m->loopless)
		fprintf(f, "%s: no loop: the whole body as %s built it (listing lines %u-%u), what a work-item "
			"runs once, counted as one iteration:\n", m->label, m->from, m->ptx_first, m->ptx_last);
	else
		fprintf(f, "%s: the main loop as %s built it (listing lines %u-%u), per iteration:\n", m->label,
			m->from, m->ptx_first, m->ptx_last);
	if (m->scalars.known || m->scalars.grid) {
		fprintf(f, "  %-34s", "scalar arguments taken as");
		for (int i = 0; i < LM_COUNT_MAX_ARGS; i++)
			if (m->scalars.known >> i & 1)
				fprintf(f, " [%d] = %ld", i, m->scalars.value[i]);
			else if (m->scalars.grid >> i & 1)
				fprintf(f, " [%d] = the grid's size", i);
		fputs(" (by position: the description's value = or --arg; lanes followed with them)\n", f);
	}
	fprintf(f, "  %-34s %u (%u bytes a thread)\n", "global loads", m->loads, m->load_bytes);
	fprintf(f, "  %-34s %u\n", "  independent (in flight together)", m->independent);
	fprintf(f, "  %-34s %u\n", "  fed by another load", m->loads - m->independent);
	if (m->const_loads)
		fprintf(f, "  %-34s %u (ld.const: cache hits, no lines of their own, priced as instructions)\n",
			"  of constant memory", m->const_loads);
	if (m->shared_lines && m->own_run_partners)
		fprintf(f, "  %-34s %u (the same address register, within %d bytes: cache hits; but %u a lane's "
			"next words of its own run, which it moves all the same)\n", "  reading another's lines",
			m->shared_lines, LINE_BYTES, m->own_run_partners);
	else if (m->shared_lines)
		fprintf(f, "  %-34s %u (the same address register, within %d bytes: cache hits)\n",
			"  reading another's lines", m->shared_lines, LINE_BYTES);
	if (m->same_array)
		fprintf(f, "  %-34s %u (lanes as far apart, an offset the same for every lane: lines the "
			"loop's other iterations read: cache hits, in flight with the loads)\n", "  reading another's array",
			m->same_array);
	if (m->uniform_loads)
		fprintf(f, "  %-34s %u (every lane at one address, a word every warp at that index reads: "
			"cache hits, in flight with the loads)\n", "  one address for the warp", m->uniform_loads);
	if (m->windows && !m->loopless)
		fprintf(f, "  %-34s %u (a warp's words moved less than their span a turn: the lines the last "
			"turn brought, L1's hits, priced at memory's latency)\n", "  a sliding window", m->windows);
	fprintf(f, "  %-34s %u (%u bytes a thread)\n", "global stores", m->stores, m->store_bytes);
	if (m->group_stores)
		fprintf(f, "  %-34s %u (the work-item of local id 0 alone makes them, once a work-group: a "
			"sector each, predicted at each size)\n", "  and by its group's first", m->group_stores);
	if (m->scattered_loads || m->scattered_stores)
		fprintf(f, "  %-34s %u loads, %u stores (lanes over 64 bytes apart, a store's a 32-byte sector "
			"or more, or a row apart)\n",
			"  scattered", m->scattered_loads, m->scattered_stores);
	if (m->merged_stores > 0)
		fprintf(f, "  %-34s %g (their sectors completed by the launch's other rows: a 2D group's, or the groups beside it)\n",
			"    of the stores, merged", m->merged_stores);
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
	if (m->gathered)
		fprintf(f, "  %-34s %u (of the scattered: an address a load on the loop's path read, each "
			"lane anywhere: priced as gmem-random measures, from DRAM)\n", "  gathered",
			m->gathered);
	if (m->own_runs)
		fprintf(f, "  %-34s %u (off a base each lane read before the loop, or lanes rows apart each "
			"stepping through its row: priced as coalesced, at the lines its warp asks L1 for)\n",
			"  each lane's own run", m->own_runs);
	if (m->unfollowed)
		fprintf(f, "  %-34s %u (a form latmix does not follow: priced as coalesced)\n",
			"  lanes' addresses not followed", m->unfollowed);
	if (m->l1_lines)
		fprintf(f, "  %-34s %u (a warp's loads, one each %d-byte line they touch, hits too%s)\n",
			"L1 line requests", m->l1_lines, LINE_BYTES, m->dims >= 2 ? "; along x alone" : "");
	if (m->atomics)
		fprintf(f, "  %-34s %u\n", "global atomics", m->atomics);
	fprintf(f, "  %-34s %u loads, %u stores\n", "local memory", m->local_loads, m->local_stores);
	if (m->spills)
		fprintf(f, "  %-34s %u\n", "private memory (spills)", m->spills);
	if (m->calls)
		fprintf(f, "  %-34s %u (what the callee runs is not in this listing, so not counted: the "
			"price is the loop's own instructions' alone)\n", "calls", m->calls);
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
	print_loops(f, m);
	if (m->limit[0])
		fprintf(f, "occupancy: its build allows %s\n", m->limit);
	lm_kernel_mix k;
	lm_count_model(m, &k);
	if (k.alpha != m->alpha && body_critical(m) && k.alpha < body_all(m))
		fprintf(f, "(predict's --alpha %g: a body run once, its loads in flight together, each on lines "
			"of its own: a work-item waits for them once and for its longest chain of other "
			"instructions besides, %g cycles at %g an instruction, not for all %g of them)\n", k.alpha,
			m->body_cycles, LM_SASS_ALU_CYCLES, body_all(m));
	else if (k.alpha != m->alpha)
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
	{ "l1-lines", offsetof(lm_kernel_mix, l1_lines), LM_COUNT_MOST_L1_LINES },
	{ "local", offsetof(lm_kernel_mix, local), LM_COUNT_MOST_ACCESSES },
	{ "merged-stores", offsetof(lm_kernel_mix, merged_stores), LM_COUNT_MOST_ACCESSES },
	{ "waits", offsetof(lm_kernel_mix, waits), LM_COUNT_MOST_ACCESSES },
	{ "waits-alpha", offsetof(lm_kernel_mix, waits_alpha), LM_COUNT_MOST_INSTS },
	{ "group-stores", offsetof(lm_kernel_mix, group_stores), LM_COUNT_MOST_ACCESSES },
	{ "tree-insts", offsetof(lm_kernel_mix, tree_insts), LM_COUNT_MOST_INSTS },
	{ "tree-waits", offsetof(lm_kernel_mix, tree_waits), LM_COUNT_MOST_INSTS },
	{ "flops", offsetof(lm_kernel_mix, flops), LM_COUNT_MOST_INSTS },
};
#define NFIGURES (sizeof figures / sizeof figures[0])
#define LINE_FIGURES (NFIGURES - 1) /* all but flops */
#define LINE_REQUIRED LM_COUNT_LINE_REQUIRED

size_t lm_count_nfigures(void)
{
	return NFIGURES;
}

const char *lm_count_figure_option(size_t i)
{
	return figures[i].option;
}

double *lm_count_figure(lm_kernel_mix *k, size_t i)
{
	return (double *)((char *)k + figures[i].offset);
}

double lm_count_figure_of(const lm_kernel_mix *k, size_t i)
{
	return *(const double *)((const char *)k + figures[i].offset);
}

void lm_count_put_predict(FILE *f, const lm_kernel_mix *k)
{
	/* a lane's bytes only where not the mixes' 4 (0: not known) */
	for (size_t i = 0; i < LINE_FIGURES; i++) {
		double v = lm_count_figure_of(k, i);
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
		double v = lm_count_figure_of(k, i);
		if (!(v >= 0 && v <= figures[i].most))
			return lm_fail(LM_EUSAGE, "%s%s--%s %.10g: expected a number from 0 to %g", where, sep,
				       figures[i].option, v, figures[i].most);
	}
	if (k->scattered_loads > k->loads || k->scattered_stores > k->stores)
		return lm_fail(LM_EUSAGE, "%s%s%g scattered loads of %g, %g scattered stores of %g: the scattered "
			       "ones are counted among the loads and stores", where, sep, k->scattered_loads,
			       k->loads, k->scattered_stores, k->stores);
	if (k->merged_stores > k->scattered_stores)
		return lm_fail(LM_EUSAGE, "%s%s--merged-stores %g of %g scattered stores: the merged ones are counted "
			       "among the scattered stores", where, sep, k->merged_stores, k->scattered_stores);
	if (k->misaligned_loads > k->loads - k->scattered_loads)
		return lm_fail(LM_EUSAGE, "%s%s%g misaligned loads of %g coalesced ones: the misaligned ones are "
			       "counted among the coalesced loads", where, sep, k->misaligned_loads,
			       k->loads - k->scattered_loads);
	if (k->insts > 0 && k->insts < k->loads + k->stores)
		return lm_fail(LM_EUSAGE, "%s%s--insts %g: fewer than the %g loads and stores an iteration issues "
			       "(0: loads + stores + alpha)", where, sep, k->insts, k->loads + k->stores);
	if ((k->insts > 0 && k->tree_insts > k->insts) || k->tree_waits > k->tree_insts)
		return lm_fail(LM_EUSAGE, "%s%s--tree-insts %g, --tree-waits %g: a tree's turn is counted among the "
			       "instructions (%g), its waits among its own", where, sep, k->tree_insts, k->tree_waits,
			       k->insts);
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
	out->flops = c->kind[LM_LISTING_ADD] + c->float_ops;
	out->calls = c->kind[LM_LISTING_CALL];
	out->other = c->kind[LM_LISTING_OTHER] + c->kind[LM_LISTING_CALL];
	out->divisions = out->wide_divisions = 0; /* the listing holds their sequences */
	/* a side's bytes only where the listing says every access's (0: not known) */
	out->load_bytes = c->unsized_loads ? 0 : c->load_bytes;
	out->store_bytes = c->unsized_stores ? 0 : c->store_bytes;
	out->shared_lines = c->shared_lines;
	out->again_bytes = c->unsized_loads ? 0 : c->shared_bytes;
	out->loops = c->whole ? 0 : c->loops ? c->loops : 1;
	out->loopless = c->whole;
	out->unroll = 1;
	return LM_OK;
}

bool lm_count_over_rows(const lm_count *m, unsigned width, lm_count *out)
{
	*out = *m;
	for (int i = 0; i < LM_COUNT_ROW_WIDTHS; i++) {
		const lm_count_lanes *r = &m->rows[i];
		if (m->dims < 2 || !width || r->width != width)
			continue;
		out->scattered_loads = r->scattered_loads;
		out->scattered_stores = r->scattered_stores;
		out->same_array = r->same_array;
		out->misaligned_loads = r->misaligned_loads;
		out->misaligned_stores = r->misaligned_stores;
		out->partial_stores = r->partial_stores;
		out->strided = r->strided;
		out->unfollowed = r->unfollowed;
		out->gap_load_bytes = r->gap_load_bytes;
		out->gap_store_bytes = r->gap_store_bytes;
		out->again_bytes = r->again_bytes;
		out->same_bytes = r->same_bytes;
		out->uniform_loads = r->uniform_loads;
		out->split_loads = r->split_loads;
		out->split_stores = r->split_stores;
		out->split_load_sectors = r->split_load_sectors;
		out->split_store_sectors = r->split_store_sectors;
		out->merged_stores = r->merged_stores;
		out->l1_lines = r->l1_lines;
		out->narrow_bytes = r->narrow_bytes;
		out->gathered = r->gathered;
		out->own_runs = r->own_runs;
		out->own_run_partners = r->own_run_partners;
		out->own_run_partner_bytes = r->own_run_partner_bytes;
		return true;
	}
	return false;
}

unsigned lm_count_row_width(int i)
{
	return i >= 0 && i < LM_COUNT_ROW_WIDTHS ? 16u >> i : 0;
}

void lm_count_rows_finish(const lm_count *m, const lm_kernel_mix *along_x, lm_kernel_mix *k)
{
	/* what rows change is the lanes' figures: the rest as along x */
	k->alpha = along_x->alpha;
	k->insts = along_x->insts;
	if (!own_lines_body(m))
		return;
	k->alpha = fmin(k->alpha, m->body_cycles / LM_SASS_ALU_CYCLES);
	/* a load split over the warp's rows waits for every line it touches,
	 * as for loads in flight: hits, their bytes the load's own */
	if (k->l1_lines > k->loads && !(k->scattered_loads > 0))
		k->hits += k->l1_lines - k->loads;
}

bool lm_count_model_over_rows(const lm_count *m, unsigned width, lm_kernel_mix *k)
{
	lm_count *c = malloc(sizeof *c);
	bool ok = c && lm_count_over_rows(m, width, c);
	if (ok) {
		lm_kernel_mix along_x;
		lm_count_model(m, &along_x);
		lm_count_model(c, k);
		lm_count_rows_finish(m, &along_x, k);
	}
	free(c);
	return ok;
}

/* k as f of its iterations in one (ptxas's unrolling again): f times the
 * accesses and instructions, the accesses' bytes the same; alpha, the
 * instructions a step waits for, f times where the loads are independent
 * (chase: the path from a load to the next is one copy's). */
static void unrolled_again(lm_kernel_mix *k, unsigned f, bool chase)
{
	double *per_iteration[] = { &k->loads, &k->stores, &k->flops, &k->insts, &k->scattered_loads,
				    &k->scattered_stores, &k->hits, &k->misaligned_loads, &k->atomics,
				    &k->l1_lines, &k->merged_stores, &k->local };
	for (size_t i = 0; i < sizeof per_iteration / sizeof per_iteration[0]; i++)
		*per_iteration[i] *= f;
	if (!chase)
		k->alpha *= f;
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
	/* (the next words of each lane's own run read off one register are
	 * not hits: the run moves them) */
	unsigned partners = m->own_run_partners < m->shared_lines ? m->own_run_partners : m->shared_lines;
	unsigned again = m->shared_lines - partners + m->same_array + m->uniform_loads;
	bool own_lines = independent > again;
	k->loads = own_lines ? independent - again : independent;
	/* a gather waits for the load that gives its address, and moves its
	 * sectors all the same: a load of the iteration's traffic, scattered */
	unsigned fed = m->loads - m->independent;
	k->loads += m->gathered < fed ? m->gathered : fed;
	/* a stencil's rows cost the step a chain where the loop divides (the
	 * suite's stencils, which all do); without a division they ran as if
	 * they cost nothing (doc/predict.md: three of four measured closer,
	 * and the suite's conv2d as written: 2.1-8.6% RMS, was 5.1-13.7%) */
	bool divides = m->divisions || m->wide_divisions;
	k->hits = own_lines ? (divides ? m->same_array : 0) + m->uniform_loads : 0;
	k->stores = m->stores;
	/* a scattered load sharing another's lines is not one in flight either;
	 * a split one is the share of a scattered one its sectors are (the
	 * transactions its warp's request splits into, 32 a scattered one's) */
	k->scattered_loads = fmin(m->scattered_loads + m->split_load_sectors, k->loads);
	k->scattered_stores = fmin(m->scattered_stores + m->split_store_sectors, k->stores);
	k->merged_stores = fmin(m->merged_stores, k->scattered_stores);
	/* a misaligned load makes its stream of lines straddle: one stream of
	 * the loop's coalesced ones at most for each (stencil1d's a[i - 1] and
	 * a[i + 1] beside a[i] are one stream off a line) */
	k->misaligned_loads = fmin(m->misaligned_loads, k->loads - k->scattered_loads);
	/* a lane's bytes an access, on average over the loads with lines of
	 * their own (0 where the listing does not say) */
	unsigned own = global - (own_lines ? again : 0),
		 not_own = own_lines && m->again_bytes >= m->own_run_partner_bytes ? m->again_bytes - m->own_run_partner_bytes
		 : own_lines ? m->again_bytes : 0;
	unsigned load_bytes = m->load_bytes ? m->load_bytes - m->const_bytes + m->gap_load_bytes : 0;
	/* a narrow group's rows reading the same columns move their sectors once */
	load_bytes = load_bytes > m->narrow_bytes ? load_bytes - m->narrow_bytes : load_bytes;
	k->load_bytes = own && load_bytes >= not_own ? (double)(load_bytes - not_own) / own : 0;
	k->store_bytes = m->stores && m->store_bytes ? (double)(m->store_bytes + m->gap_store_bytes) / m->stores : 0;
	k->atomics = m->atomics;
	k->l1_lines = m->l1_lines;
	/* local memory's accesses, those of a group's tree aside (priced
	 * once a group, below) */
	unsigned local = m->local_loads + m->local_stores;
	k->local = local > m->tree_mem ? local - m->tree_mem : 0;
	k->flops = m->flops;
	/* an integer division is the sequence the GPU runs for it */
	unsigned seq = m->divisions * (PTX_DIVISION_INSTS - 1) + m->wide_divisions * (PTX_WIDE_DIVISION_INSTS - 1);
	k->insts = m->insts + seq;
	/* a chase waits for the arithmetic between its loads; a loop of
	 * independent loads for every other instruction of its iteration, as
	 * in-order issue reaches the next iteration's loads after them */
	k->alpha = m->loads > m->independent ? m->alpha : body_all(m);
	/* what a group runs once: its first work-item's stores, and the turns
	 * of its tree, priced at the group's size (not in alpha) */
	k->group_stores = m->group_stores;
	k->tree_insts = m->tree_insts;
	k->tree_waits = m->tree_waits;
	if (m->loads == m->independent && m->tree_insts > m->tree_mem)
		k->alpha = fmax(k->alpha - (m->tree_insts - m->tree_mem), 0);
	else if (body_critical(m))
		k->alpha = fmin(k->alpha, m->body_cycles / LM_SASS_ALU_CYCLES);
	if (m->ptxas_unroll > 1)
		unrolled_again(k, m->ptxas_unroll, m->loads > m->independent);
	/* a loop of independent loads: its machine code's schedule, where
	 * read (fit/model.h prices it for a step of cache hits) */
	k->waits = m->loads == m->independent && m->ptxas_waits >= 1 ? m->ptxas_waits : 0;
	k->waits_alpha = k->waits >= 1 ? m->ptxas_alpha : 0;
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
	if (vlen >= sizeof value || !lm_number_parse(value, lm_count_figure(k, i))) {
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
