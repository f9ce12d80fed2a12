/* Fuzzes the AMD and Intel listing parser (lm_listing_parse: clang's amdgcn
 * assembly and iga64's disassembly, `latmix kernel --isa`), and the
 * kernel count made from it (lm_count_from_isa, lm_count_model). The input's
 * first byte picks how: bit 0 the dialect (0 amdgcn, 1 iga), bit 1 iga's
 * register size (0: 32 bytes, 1: 64), bit 2 a mix's listing (2 steps, 3
 * adds built) rather than a user's kernel's; then the kernel's name up to
 * a newline, then the listing. Beyond "no crash": a loop it counts has
 * instructions of every kind adding up to its count, and so do its
 * opcodes; float add operations at least the adds; local memory and atomic
 * accesses among the memory accesses; a loop text; the kernel's count
 * from it no more loads or stores than instructions and a finite model; a
 * refused listing leaves a message and no result. */
#include "fuzz.h"
#include "asm/count.h"

#include <math.h>

static void check_counts(const lm_listing_counts *c)
{
	unsigned kinds = 0, ops = 0, mem = c->kind[LM_LISTING_CHASE] + c->kind[LM_LISTING_FIXED];
	for (int k = 0; k < LM_LISTING_NKINDS; k++)
		kinds += c->kind[k];
	for (size_t i = 0; i < c->nops; i++) {
		FUZZ_CHECK(c->op[i].kind >= 0 && c->op[i].kind < LM_LISTING_NKINDS && FUZZ_TERMINATED(c->op[i].op),
			   "opcode %zu", i);
		ops += c->op[i].count;
	}
	FUZZ_CHECK(kinds == c->insts && ops == c->insts, "%u instructions, %u by kind, %u by opcode", c->insts,
		   kinds, ops);
	FUZZ_CHECK(c->add_ops >= c->kind[LM_LISTING_ADD], "%u add operations, %u adds", c->add_ops,
		   c->kind[LM_LISTING_ADD]);
	FUZZ_CHECK(c->local_loads <= mem && c->local_stores + c->atomics <= c->kind[LM_LISTING_MEM_OTHER] &&
			   c->unsized_loads <= mem && c->unsized_stores <= c->kind[LM_LISTING_MEM_OTHER] &&
			   c->shared_lines <= c->kind[LM_LISTING_CHASE],
		   "local %u/%u, atomics %u, unsized %u/%u, shared %u of %u loads and %u other accesses",
		   c->local_loads, c->local_stores, c->atomics, c->unsized_loads, c->unsized_stores, c->shared_lines,
		   mem, c->kind[LM_LISTING_MEM_OTHER]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	unsigned how = data[0];
	char *text = fuzz_string(data + 1, size - 1);
	char *listing = strchr(text, '\n');
	if (!listing) {
		free(text);
		return 0;
	}
	*listing++ = '\0';
	bool mix = how & 4;
	lm_listing *isa = NULL;
	lm_error_clear();
	lm_status s = lm_listing_parse(how & 1 ? "iga" : "amdgcn", listing, text, how & 2 ? 64 : 32, mix ? 2 : 0,
				   mix ? 3 : 0, &isa);
	if (s != LM_OK) {
		fuzz_failed(s, NULL);
		FUZZ_CHECK(isa == NULL, "a refused listing gave a result");
		free(text);
		return 0;
	}
	const lm_listing_counts *c = lm_listing_get_counts(isa);
	check_counts(c);
	FUZZ_CHECK(lm_listing_loop_text(isa) != NULL, "no loop text");
	lm_listing_print(fuzz_null(), isa, true);
	lm_count m;
	if (lm_count_from_isa(c, text, &m) == LM_OK) {
		FUZZ_CHECK(m.loads <= c->insts && m.stores <= c->insts, "%u loads, %u stores of %u instructions",
			   m.loads, m.stores, c->insts);
		lm_kernel_mix k;
		lm_count_model(&m, &k);
		FUZZ_CHECK(isfinite(k.loads) && isfinite(k.alpha) && isfinite(k.insts) && isfinite(k.load_bytes) &&
				   isfinite(k.store_bytes),
			   "the model of the count is not finite");
		lm_count_print(fuzz_null(), &m);
	}
	lm_listing_free(isa);
	free(text);
	return 0;
}
