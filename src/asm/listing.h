/* listing: a kernel's listing as an AMD or Intel offline compiler writes it
 * (clang's amdgcn assembly, iga64's disassembly), its iteration loop found
 * and its instructions counted: what one chain step costs in that target's
 * instruction set. Parsing only: bench/offline.h runs the compilers. */
#ifndef LM_LISTING_H
#define LM_LISTING_H

#include <stdio.h>
#include "base/alpha.h"
#include <stdbool.h>
#include "base/mix.h"

/* What an instruction of the loop does, for the counts. */
typedef enum {
	LM_LISTING_CHASE = 0, /* a load whose address the loop computes: a chain step (stream: a load) */
	LM_LISTING_FIXED,     /* a load from an address fixed for the whole loop: the stop flag */
	LM_LISTING_SPILL,     /* scratch (private memory) load or store: registers spilled */
	LM_LISTING_MEM_OTHER, /* any other memory message: stores, atomics */
	LM_LISTING_ADD,       /* float add: the chains' adds */
	LM_LISTING_SFU,       /* transcendental (rsqrt): the sfu mix's step */
	LM_LISTING_CALL,      /* a call: a builtin the offline build left out of line */
	LM_LISTING_OTHER,     /* the rest: address arithmetic, waits, loop control */
	LM_LISTING_NKINDS
} lm_listing_kind;

/* One opcode of the loop and how often it occurs there. */
typedef struct {
	char op[64];       /* mnemonic: "global_load_dword", "send.ugm", "math.rsqt",
			    * "v_dual_add_f32::v_dual_mov_b32" (AMD's dual issue) */
	lm_listing_kind kind;
	unsigned count;    /* instructions */
	unsigned add_ops;  /* float adds they do: v_pk_add_f32 two chains' at once */
} lm_listing_op;

/* The loop's static counts: every instruction in it once (both sides of a
 * branch inside it, if any). */
typedef struct {
	unsigned steps;              /* chain steps per iteration: bodies x mem_n x chains
				      * (stream: its loads); 0 for alpha = inf */
	unsigned adds_built;         /* float adds per iteration latmix's source asks for */
	unsigned insts;              /* instructions in the loop */
	unsigned kind[LM_LISTING_NKINDS]; /* instructions of each kind */
	unsigned add_ops;            /* float add operations (>= kind[LM_LISTING_ADD]) */
	unsigned float_ops;          /* other float arithmetic instructions (AMD: fma, mul, sub),
				      * among kind[LM_LISTING_OTHER]: a kernel's flops besides its adds */
	unsigned load_bytes, store_bytes; /* a lane's bytes, summed over the loads (chase
				      * and fixed) and the other memory messages */
	unsigned unsized_loads, unsized_stores; /* of those, the ones whose bytes the
				      * listing does not say (Intel's block and
				      * legacy scattered messages): the sums above
				      * are then short */
	unsigned local_loads, local_stores; /* of the loads and the other memory
				      * messages, those to local memory (AMD's ds_,
				      * Intel's SLM), atomics among them */
	unsigned atomics;            /* of the other memory messages, global atomics */
	unsigned shared_lines;       /* AMD: global loads off the registers of a load
				      * before them, within 128 bytes of its offset (no
				      * register between writes them): cache hits */
	unsigned shared_bytes;       /* their bytes a lane */
	unsigned loops;              /* regions closed by a backward branch that access
				      * global memory */
	unsigned waves_per_simd;     /* AMD: clang's occupancy of the kernel (0: not said) */
	unsigned vgprs;              /* AMD: the vector registers it counts */
	unsigned heads;              /* loop heads in the region (distinct backward branch
				      * targets): more than 1, a loop inside the loop */
	bool whole;                  /* a user's kernel with no loop: its whole body counted,
				      * what a work-item runs once (AMD's scalar loads and
				      * Intel's loads for the whole thread, its arguments and
				      * constants, among the other instructions) */
	const lm_listing_op *op;         /* per opcode and kind, in order of first occurrence */
	size_t nops;
} lm_listing_counts;

typedef struct lm_listing lm_listing;

/* How a listing was built (bench/offline.h fills it): what
 * lm_listing_print says of it, and the counts' steps and adds asked for. */
typedef struct {
	char target[32];
	char what[512];         /* the target in words */
	const char *mix;        /* a mix's name, or "kernel" (a user's: its loop with the most
				 * global accesses is counted; a mix's: its largest loop) */
	const char *kernel;     /* the function whose loop is counted (borrowed) */
	lm_alpha alpha;
	unsigned chains, mem_n, alu_n, bodies;
	unsigned inner;         /* passes an iteration of the loop around its store (stream-fill:
				 * a step each); 0: none */
	unsigned steps, adds_built; /* as in lm_listing_counts */
	char options[512];      /* latmix's build options for the target */
	char dropped[256];      /* those the compiler was not given */
	char command[2048];     /* the compiler command lines, as run */
	const char *note;       /* what stands in for a vendor library, or NULL */
} lm_listing_origin;

/* Counts text, a listing built as origin says (amd: clang's amdgcn
 * assembly, else iga64's disassembly of grf_bytes registers), which the
 * listing takes (free()d with it, or here on failure). LM_EPARSE if no
 * loop is found. */
lm_status lm_listing_parse_built(const lm_listing_origin *origin, bool amd, unsigned grf_bytes, char *text,
				 lm_listing **out);

/* Counts a listing the compiler already wrote: dialect "amdgcn" (clang's
 * assembly; kernel names the function) or "iga" (iga64's disassembly of one
 * kernel; grf_bytes 32 or 64, the register size). steps and adds_built as in
 * lm_listing_counts; both 0: a user's kernel, whose loop with the most global
 * memory accesses is counted (a mix's: its largest loop). LM_EPARSE if no
 * loop is found. */
lm_status lm_listing_parse(const char *dialect, const char *text, const char *kernel,
		       unsigned grf_bytes, unsigned steps, unsigned adds_built, lm_listing **out);

void lm_listing_free(lm_listing *isa);

/* The loop's counts; valid until lm_listing_free. */
const lm_listing_counts *lm_listing_get_counts(const lm_listing *isa);

/* The loop's text as the compiler wrote it. */
const char *lm_listing_loop_text(const lm_listing *isa);

/* Are two immediate offsets of a listing's memory operands less than
 * bytes apart (two loads within a line)? Offsets near LONG_MAX and LONG_MIN
 * are far apart, their difference never computed past a long. */
bool lm_listing_offsets_near(long a, long b, long bytes);

/* "chase load", "flag load", ...: a kind's name in the table. */
const char *lm_listing_kind_name(lm_listing_kind k);

/* Prints what was built (target, compiler command, build options), the
 * loop and its counts per iteration and per step; all: the kernel's whole
 * listing too. */
void lm_listing_print(FILE *f, const lm_listing *isa, bool all);

#endif
