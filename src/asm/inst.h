/* inst: an instruction of an AMD or Intel listing as its dialect's parser
 * reads it (amdgcn.c: clang's amdgcn assembly, iga.c: iga64's
 * disassembly) and listing.c finds the loop and counts it; inside src/asm,
 * not part of listing.h's API. */
#ifndef LM_INST_H
#define LM_INST_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>
#include "asm/listing.h"
#include "base/text.h"

/* A register range: file 'v', 's', 'a' (AMD), 'r' (Intel GRF). */
typedef struct {
	char file;
	unsigned lo, hi;
} reg_range;

#define MAX_RANGES 4

typedef struct {
	size_t line;            /* its line in the listing */
	char op[64];
	lm_listing_kind kind;
	unsigned add_ops;
	bool flop;              /* float arithmetic besides the chains' adds (fma, mul, sub) */
	bool load;              /* a load: chase or fixed, decided by its address */
	unsigned bytes;         /* a memory access's bytes a lane (0: not said) */
	bool local;             /* to local (shared) memory: AMD's ds_, Intel's SLM */
	bool atomic;            /* an atomic on global memory */
	long offset;            /* AMD: the immediate "offset:N" of a memory access */
	bool copy;              /* a register copy (AMD: a move, or an AGPR read back):
				 * addr holds its source */
	bool branch;
	char target[48];        /* a branch's label */
	unsigned exec, chan;    /* Intel: its execution size and first channel ("(16|M16)":
				 * 16 lanes from the 16th) */
	bool uniform;           /* Intel: a message for the whole thread (a block, one lane,
				 * or every lane's mask off: "(W)") */
	bool upper;             /* Intel: lanes 16-31 of a SIMD32 thread, which its lanes
				 * 0-15 run the same for: counted by those */
	bool end;               /* Intel: the thread's end (EOT): what follows is padding */
	reg_range wr[MAX_RANGES], addr[MAX_RANGES];
	int nwr, naddr;
} inst;

static inline const char *skip_space(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

/* Copies the token at s (up to a blank or one of stop) into buf; returns
 * what follows it. */
static inline const char *token(const char *s, const char *stop, char *buf, size_t size)
{
	s = skip_space(s);
	size_t n = 0;
	while (*s && *s != ' ' && *s != '\t' && !strchr(stop, *s)) {
		if (n + 1 < size)
			buf[n++] = *s;
		s++;
	}
	buf[n] = '\0';
	return s;
}

static inline void add_range(reg_range *r, int *n, char file, unsigned lo, unsigned hi)
{
	if (*n < MAX_RANGES)
		r[(*n)++] = (reg_range){ file, lo, hi };
}

/* Parses one line of amdgcn assembly (comment cut off): an instruction
 * into *in (true), a label into *lb (its name), or neither. */
bool lm_amdgcn_line(char *s, inst *in, char *lb, size_t lb_size);

/* Parses one line of iga64's disassembly of grf-byte registers, as
 * lm_amdgcn_line does. */
bool lm_iga_line(char *s, unsigned grf, inst *in, char *lb, size_t lb_size);

/* An Intel user's kernel run once, v[0..n-1]: its global loads for the
 * whole thread (its arguments, a constant) made other instructions, as AMD's
 * scalar loads are, and *last its last instruction, the thread's end.
 * False, the reason into why, where its halves do not pair. */
bool lm_iga_whole_body(inst *v, size_t n, size_t *last, char *why, size_t why_size);

#endif
