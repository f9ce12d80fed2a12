/* sass: NVIDIA's machine code for a kernel, as nvdisasm prints what ptxas
 * built of its PTX, read for one thing the PTX cannot say: how many times
 * ptxas unrolled a loop again. NVIDIA's OpenCL returns PTX only, and its
 * driver's ptxas unrolls a loop with a run-time trip count further (the
 * held-out rowsum's and gemv's four times over: 32 global loads a turn in
 * the SASS against the PTX's 8), which puts that many more loads in flight
 * at few warps. Parsing only: bench/offline.h runs ptxas and nvdisasm. */
#ifndef LM_SASS_H
#define LM_SASS_H

#include "base/error.h"

/* The loops of a listing that hold no other loop and load from global
 * memory (LDG), and the one of them that loads most. */
typedef struct {
	unsigned loops;      /* innermost loops with a global load */
	unsigned most_loads; /* the LDG instructions of the one with the most */
	unsigned waits;      /* the times a turn of it waits for loads it issued (in order, an
			      * instruction using a load's register waits for all issued) */
	unsigned first, last; /* its lines in the listing (1-based) */
	double turn_waits;   /* a turn's time in a load's latencies: issued in order, one a
			      * cycle, each instruction waiting for the registers it reads
			      * and writes, the slope of its time over the loads' latency */
	double turn_other;   /* and its cycles besides, an instruction's result ready after
			      * LM_SASS_ALU_CYCLES */
	unsigned insts;      /* instructions read */
} lm_sass_loops;

/* Reads nvdisasm's listing (-c: code sections; a label a line, an
 * instruction a line as "/ *ADDR* /  [@P] OPCODE operands ;"): a loop is
 * the span from a branch's target back to the branch (BRA to a label or an
 * address at or before it). LM_EPARSE where text holds no instruction, an
 * address out of order, a branch to a label it does not define, or more
 * than LM_SASS_MOST_INSTS instructions or LM_SASS_MOST_LOOPS loops; lines of
 * other forms (directives, comments) are passed over. */
#define LM_SASS_MOST_INSTS (1 << 20)
#define LM_SASS_MOST_LOOPS 4096
lm_status lm_sass_read(const char *text, lm_sass_loops *out);

/* The times ptxas unrolled again a loop whose PTX iteration has ptx_loads
 * global loads, as the model sees it, read from s: its busiest innermost
 * loop's loads over ptx_loads (the PTX's iterations a turn, a whole
 * number), over the waits a turn takes for its loads (the PTX's iteration
 * issues its loads before it uses them: one), where that is from 2 to
 * LM_SASS_MOST_UNROLL; 1 (not unrolled again, its copies waiting one
 * after another as the PTX's iterations do, or not told apart) else. */
#define LM_SASS_MOST_UNROLL 16
unsigned lm_sass_unroll(const lm_sass_loops *s, unsigned ptx_loads);

/* ptxas's schedule of a PTX iteration whose loads are independent of each
 * other, in s's busiest innermost loop: the times it waits for its loads,
 * turn_waits over the PTX's iterations a turn (its loads over ptx_loads, a
 * whole number), from 1 (where the schedule holds more in flight, or as
 * many) to ptx_loads (a wait a load): a naive matmul's 1.5, its uses of
 * some loads issued before others (6 latencies a turn of 4). *alpha gets
 * the instructions it waits for besides, in dependent adds: an iteration's
 * share of turn_other over LM_SASS_ALU_CYCLES (the matmul's 3.3, where the
 * PTX, its loads issued first, says 19). 0 (and *alpha 0) where not a whole
 * number of the PTX's iterations or no load read. */
#define LM_SASS_ALU_CYCLES 4.0
double lm_sass_waits(const lm_sass_loops *s, unsigned ptx_loads, double *alpha);

#endif
