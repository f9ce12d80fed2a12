/* amdgcn: clang's amdgcn assembly, a line at a time, into inst.h's
 * instructions. */
#include "asm/inst.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
	if (lm_text_starts(op, "s_swappc") || lm_text_starts(op, "s_call"))
		return LM_LISTING_CALL;
	/* OpenCL kernels reach global memory through global_ or flat_;
	 * buffer_ and scratch_ are private memory */
	if (lm_text_starts(op, "buffer_") || lm_text_starts(op, "scratch_"))
		return LM_LISTING_SPILL;
	if (lm_text_starts(op, "global_load") || lm_text_starts(op, "flat_load") || lm_text_starts(op, "ds_read") ||
	    lm_text_starts(op, "ds_load") || lm_text_starts(op, "s_load") || lm_text_starts(op, "s_buffer_load")) {
		*load = true;
		return LM_LISTING_CHASE;
	}
	if (lm_text_starts(op, "global_") || lm_text_starts(op, "flat_") || lm_text_starts(op, "s_store") ||
	    lm_text_starts(op, "s_atomic") ||
	    (lm_text_starts(op, "ds_") && !lm_text_starts(op, "ds_swizzle") && !strstr(op, "permute")))
		return LM_LISTING_MEM_OTHER;
	if (lm_text_starts(op, "v_add_f32") || lm_text_starts(op, "v_dual_add_f32")) {
		*add_ops = 1;
		return LM_LISTING_ADD;
	}
	if (lm_text_starts(op, "v_pk_add_f32")) {
		*add_ops = 2;
		return LM_LISTING_ADD;
	}
	static const char *const sfu[] = { "v_rsq_", "v_rcp_", "v_sqrt_", "v_exp_", "v_log_",
					   "v_sin_", "v_cos_" };
	for (size_t i = 0; i < sizeof sfu / sizeof sfu[0]; i++)
		if (lm_text_starts(op, sfu[i]))
			return LM_LISTING_SFU;
	return LM_LISTING_OTHER;
}

/* Float arithmetic other than the chains' adds (AMD's ISA references,
 * "Vector ALU instructions"): fused and plain multiply-adds, multiplies,
 * subtractions, and adds of other widths, packed and dual forms too. */
static bool amd_float_op(const char *op)
{
	static const char *const ops[] = { "fma_f", "fmac_f", "fmamk_f", "fmaak_f", "mac_f", "mad_f", "madmk_f",
					   "madak_f", "mul_f", "sub_f", "subrev_f", "add_f64", "add_f16", "pk_fma_f",
					   "pk_mul_f", "pk_add_f16" };
	const char *p = lm_text_starts(op, "v_dual_") ? op + 7 : lm_text_starts(op, "v_") ? op + 2 : NULL;
	for (size_t i = 0; p && i < sizeof ops / sizeof ops[0]; i++)
		if (lm_text_starts(p, ops[i]))
			return true;
	return false;
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
		if (lm_text_starts(op, prefixes[i]))
			p = op + strlen(prefixes[i]);
	if (!p)
		return 0;
	if (lm_text_starts(p, "d16_")) /* "global_load_d16_hi_b16": the half of a register it fills */
		p += 4;
	if (lm_text_starts(p, "hi_"))
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
		if (lm_text_starts(op, none[i]))
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
bool lm_amdgcn_line(char *s, inst *in, char *lb, size_t lb_size)
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
	in->flop = (in->kind == LM_LISTING_OTHER && amd_float_op(op)) || (dual && k2 == LM_LISTING_OTHER &&
										  amd_float_op(op2));
	in->bytes = amd_bytes(op);
	in->local = lm_text_starts(op, "ds_") && in->kind != LM_LISTING_OTHER;
	/* an atomic is a memory message of its own ("global_atomic_add"), never a load's name */
	in->atomic = !in->local && in->kind == LM_LISTING_MEM_OTHER && strstr(op, "_atomic") != NULL;
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
		in->copy = !in->load && (lm_text_starts(op, "v_mov_b32") || lm_text_starts(op, "v_accvgpr_read") ||
					 lm_text_starts(op, "s_mov_b"));
		amd_operands(rest, op, in);
	}
	if (strcmp(op, "s_branch") == 0 || lm_text_starts(op, "s_cbranch_")) {
		in->branch = true;
		token(rest, ",", in->target, sizeof in->target);
	}
	return true;
}
