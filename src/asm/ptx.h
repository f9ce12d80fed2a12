/* ptx: what the PTX counter's files share, inside src/asm (not part of
 * count.h's API): an instruction of a kernel's PTX as ptx.c reads it, its
 * classes and bytes, and how lanes.c follows its addresses across a
 * warp's lanes. */
#ifndef LM_PTX_H
#define LM_PTX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "asm/count.h"
#include "base/text.h"

#define MAX_OPS 8

typedef struct {
	unsigned line;
	char op[48];         /* "ld.global.nc.f32" */
	char label[64];      /* a label line: its name; op empty */
	char target[64];     /* a branch's label */
	char reg[MAX_OPS][16]; /* register operands in order ("%f1"); "" for others */
	bool in_brackets[MAX_OPS];
	int nreg;
	bool dest;           /* the first operand is written (not a store, branch or call) */
	bool guarded;        /* under a predicate (@%p): a branch may fall through */
	char pred[16];       /* that predicate's register ("%p8"); "" if none */
	bool pred_not;       /* run where it is false (@!%p8) */
	char base[16];       /* a memory operand's address register ("%rd6"); "" if none */
	long offset;         /* and its immediate offset in bytes ([%rd6+-4]: -4) */
	char arg[MAX_OPS][24]; /* the operands as written, split at the commas outside braces */
	int narg;
	int param;           /* ld.param: the argument it reads ([k_param_2]: 2); -1 else */
	bool nounroll;       /* a label followed by .pragma "nounroll": the head of a loop
			      * the compiler keeps rolled (an unrolled loop's remainder) */
} ptx_inst;

/* K_CLOAD: a load of the constant state space (ld.const: a constant
 * pointer's, a program's constant table), a global load served by a cache
 * (lm_count's const_loads) */
typedef enum { K_LOAD, K_CLOAD, K_STORE, K_ATOMIC, K_LLOAD, K_LSTORE, K_SPILL, K_SFU, K_FLOP, K_OTHER } ptx_kind;

/* What NVIDIA's GPUs run for one PTX integer division or remainder by a
 * register: there is no divide instruction, so ptxas writes a float
 * reciprocal on the SFU and an integer correction, "below 20
 * instructions" from compute capability 2.x on (NVIDIA Nsight, "Achieved
 * IOPs"). ptxas 13.0 for sm_90 makes 18-20 of each 32-bit one and calls a
 * routine of 66 for a 64-bit one (studies/model-study/division/). */
#define PTX_DIVISION_INSTS 19
#define PTX_WIDE_DIVISION_INSTS 68

/* The cycles a local ("shared") memory load's value takes, about what the
 * lmem mix measures at one warp on NVIDIA's GPUs (28 on the H200). */
#define LM_PTX_LOCAL_CYCLES 28.0

/* Bytes apart within which two loads off one address register read the
 * same lines: NVIDIA's 128-byte line, a warp's 32 words. */
#define LINE_BYTES 128
#define SECTOR_BYTES 32

/* The tables of registers that follow a body's values (ptx.c's reg_table,
 * lane.c's lanes) are hash tables of `mask + 1` slots of `size` bytes, each
 * slot beginning with its register's name (char[LM_PTX_NAME], "" where
 * empty). The slot holding name, or the empty one where it would go
 * (FNV-1a, the next slot on a collision); SIZE_MAX for a name no table
 * keeps (empty, or LM_PTX_NAME characters or more). */
#define LM_PTX_NAME 16
size_t lm_ptx_name_slot(const void *slots, size_t size, size_t mask, const char *name);

/* The class of an instruction by its opcode ("ld.global.nc.f32": K_LOAD). */
ptx_kind lm_ptx_classify(const char *op);

/* Bytes a thread moves with a load or store: the type's size times the
 * vector width. */
unsigned lm_ptx_bytes(const char *op);

/* Does the load (store) at path position p touch lines a load (store)
 * before it on the path touches: the same address register, not written
 * between them, an offset within a line? */
bool lm_ptx_shares_lines(const ptx_inst *v, const size_t *ix, size_t p);

/* The loops of a function's body, each a branch back to a label before
 * it: the one counted, with the most global memory accesses (the first of
 * those with as many), and the first 64 of them all; nested: the one
 * counted lies inside a grid-stride loop (outer_lo, outer_hi), as
 * lm_ptx_nested found. */
typedef struct {
	size_t lo, hi;     /* the loop counted: its label and its branch back */
	size_t accesses;   /* its global accesses; 0: no loop has any */
	size_t loops;      /* loops with global accesses */
	size_t n, lo_of[64], hi_of[64];
	bool nested;
	size_t outer_lo, outer_hi;
	bool fewest;       /* its path the fewest memory accesses, not the most */
} ptx_loops;

/* ptx_loops.c: global loads (constant ones among them), stores and
 * atomics in v[lo..hi] */
size_t lm_ptx_global_accesses(const ptx_inst *v, size_t lo, size_t hi);

/* ptx_loops.c: the loops of v (n instructions) into out */
void lm_ptx_find_loops(const ptx_inst *v, size_t n, ptx_loops *out);

/* ptx_loops.c: LM_EPARSE, with the reason, where kernel name's loop cannot
 * be counted: none touches global memory, another lies inside it or around
 * it (but the grid-stride loop of a nested one), a call in it */
lm_status lm_ptx_check_loop(const ptx_inst *v, const ptx_loops *loops, const char *name);

/* ptx_loops.c: a body without a loop over global memory that touches it
 * and calls nothing, counted whole (loops set to span it) */
bool lm_ptx_loopless(const ptx_inst *v, size_t n, ptx_loops *loops);

/* ptx_group.c: once[i] (n of them) where v[i] runs only in the work-item
 * of local id 0 along x: what a branch that every other work-item takes
 * skips, straight on to its label (a reduction's store of its group's
 * sum) */
void lm_ptx_group_once(const ptx_inst *v, size_t n, bool *once);

/* ptx_group.c: m's tree_insts, tree_mem and tree_waits, of the path ix (nix of its
 * indices into v) through the first of loops (over no global memory) that
 * halves a span from half the group's size along x to 0 (a reduction's
 * tree): the instructions of its turn, of them its local memory accesses,
 * and its waits for local loads; all 0 where there is none */
void lm_ptx_group_tree(const ptx_inst *v, const ptx_loops *loops, const size_t *ix, size_t nix, lm_count *m);

/* ptx_loops.c: the distinct heads among loops' branches back */
unsigned lm_ptx_heads(const ptx_loops *loops);

/* ptx_loops.c: the times the compiler unrolled the loop counted, its
 * remainder loop's index into *rem (loops->n: none) */
unsigned lm_ptx_unroll(const ptx_inst *v, const ptx_loops *loops, size_t *rem);

/* ptx_loops.c: the loop counted a grid-stride loop around one other loop
 * over global memory: that one counted instead (see ptx_loops) */
bool lm_ptx_nested(const ptx_inst *v, ptx_loops *loops);

/* lanes.c: which pointer argument each global access of the kernel (v, nv
 * instructions, in order) reads or writes, an atomic both, into m->args
 * (m->scalars' values taken); an access not traced to an argument clears
 * traced. */
void lm_ptx_args(const ptx_inst *v, size_t nv, lm_count *m);

/* lanes.c: sorts the global loads and stores of the path ix through the
 * loop (the instructions before it, 0..lo - 1, followed first) by how far
 * apart a warp's lanes' addresses lie: coalesced, strided, scattered,
 * split over rows, misaligned, into another's array, or not followed (m's
 * figures of them). width: the work-group's width where it is under a
 * warp's 32 lanes and divides them (the lanes over 32 / width rows of the
 * group); 0: lanes along x alone. The scalar arguments m->scalars knows
 * are taken as their values. */
void lm_ptx_lanes(const ptx_inst *v, size_t lo, const size_t *ix, size_t nix, unsigned width, lm_count *m);

/* lanes.c: the work-item dimensions v (nv instructions) reads: 3 where it
 * reads %tid.z, %ntid.z or %ctaid.z, 2 where .y, else 1. */
unsigned lm_ptx_dims(const ptx_inst *v, size_t nv);

#endif
