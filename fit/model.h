/* model: the latency-hiding model of Volkov's thesis (§4.1, §4.5, §4.6,
 * §4.8) and latmix's refined model: a gradual knee into every bound, and
 * chains that lengthen a warp's step.
 *
 * Units: latencies in cycles; throughputs in warp instructions per cycle per
 * compute unit (IPC); occupancy n in resident warps per compute unit. A
 * "group" is one memory instruction followed by alpha dependent arithmetic
 * instructions; for alpha = inf the chain holds arithmetic only and every
 * group figure is per arithmetic instruction instead.
 */
#ifndef LM_MODEL_H
#define LM_MODEL_H

#include <stdbool.h>
#include <stddef.h>

/* Any throughput bound may be NAN: it is then absent from the model. */
typedef struct {
	double alu_lat;    /* cycles, dependent arithmetic instruction */
	double mem_lat;    /* cycles, dependent memory instruction (unloaded) */
	double alu_thru;   /* arithmetic warp instructions / cycle / CU */
	double mem_thru;   /* memory warp instructions / cycle / CU */
	double issue_thru; /* warp instructions of any kind / cycle / CU */
	double chain_lat;  /* refined model: cycles a warp's step takes longer per
			    * doubling of the chains it runs; 0 or NAN: the basic
			    * model (a fitted refined model's is never 0) */
	double issue_cost; /* issue slots a memory instruction takes, in units of
			    * an arithmetic one's (thesis §4.7: SFU 2, shared 3
			    * on Maxwell); 0 or NAN: 1 */
	double knee;       /* refined model: the knee's sharpness where memory
			    * latency is the whole step (s = knee x step / its
			    * memory part, lm_model_eval_chains); 0 or NAN:
			    * LM_MODEL_KNEE */
} lm_model_params;

/* The knee's sharpness of a kind that has none of its own: chosen by AIC
 * over the H200 and H100 sweeps of loads (studies/model-study/README.md). */
#define LM_MODEL_KNEE 1.75

typedef enum {
	LM_BOUND_LATENCY = 0, /* too few warps: n / Latency */
	LM_BOUND_MEM,
	LM_BOUND_ALU,
	LM_BOUND_ISSUE,
	LM_BOUND_DISPATCH,    /* a kernel as written: work-groups started a cycle */
	LM_BOUND_L1,          /* a kernel's loads: the lines L1 answers a cycle */
	LM_BOUND_CACHE,       /* a kernel's loads that hit the global-memory cache: its bandwidth */
	LM_BOUND_NONE         /* no bound known: peak is infinite */
} lm_bound;

typedef struct {
	double mem_ipc;  /* memory warp instructions / cycle / CU */
	double alu_ipc;  /* arithmetic warp instructions / cycle / CU */
	lm_bound bound;  /* what limits it */
} lm_model_point;

/* Name of a bound: "latency", "mem_thru", "alu_thru", "issue_thru",
 * "dispatch_thru", "l1_thru", "none". */
const char *lm_bound_name(lm_bound b);

/* Latency of one group in cycles: mem_lat + alpha * alu_lat (alu_lat when
 * alpha = inf). */
double lm_model_latency(const lm_model_params *p, double alpha);

/* The occupancy-independent ceiling on group throughput (on arithmetic IPC
 * for alpha = inf): min(mem_thru, alu_thru / alpha, issue_thru / (alpha + cost)),
 * cost = issue_cost (1 when absent),
 * skipping absent bounds. INFINITY if none applies. *which (may be NULL) gets
 * the binding bound. */
double lm_model_peak(const lm_model_params *p, double alpha, lm_bound *which);

/* Throughput at occupancy n (thesis §4.1), chains 1: lm_model_eval_chains. */
lm_model_point lm_model_eval(const lm_model_params *p, double n, double alpha);

/* Throughput at occupancy n = warps x chains, each warp running `chains`
 * chains (1 or more). The basic model ignores chains. The refined model
 * (chain_lat present) lengthens a memory step by chain_lat x log2(chains)
 * and bends into the peak P (lm_model_peak: whichever bound binds)
 * gradually:
 *   P (1 - exp(-r^s))^(1/s),  r = n / (Step * P),
 *   Step = M + alpha alu_lat,  M = mem_lat + chain_lat log2(chains),
 *   s = knee Step / M  (knee: p's, LM_MODEL_KNEE when absent),
 * the basic model's n / Step well below the knee (r << 1) and P well above
 * it: the knee is round where memory latency, which varies, is most of a
 * step, and sharper the more of it is arithmetic, whose latency does not.
 * alpha = inf (no memory) stays the basic model's. n >= 0, alpha >= 0 or
 * INFINITY. */
lm_model_point lm_model_eval_chains(const lm_model_params *p, double n, double alpha,
				    double chains);

/* Are p the refined model's (chain_lat and mem_thru present)? */
bool lm_model_is_refined(const lm_model_params *p);

/* Occupancy needed to reach fraction f (0 < f <= 1) of lm_model_peak (§4.5),
 * one chain: f * Latency * peak in the basic model. INFINITY where
 * unreachable (the refined model never quite reaches its peak) or no
 * bound is known. */
double lm_model_warps_needed(const lm_model_params *p, double alpha, double f);

/* The same with `chains` chains per warp: the occupancy warps x chains
 * needed (divide by chains for warps). The basic model ignores chains; the
 * refined model's step is longer with more of them. */
double lm_model_warps_needed_chains(const lm_model_params *p, double alpha, double f,
				    double chains);

/* A warp's step in cycles with `chains` chains: lm_model_latency in the
 * basic model, plus chain_lat x log2(chains) in the refined one. */
double lm_model_step(const lm_model_params *p, double alpha, double chains);

/* The cusp (§4.5): the alpha where the binding bound passes from memory to
 * arithmetic or issue throughput, and the occupancy needed there for the
 * full peak. Returns false (and NANs) if mem_thru or both arithmetic bounds
 * are absent. */
bool lm_model_cusp(const lm_model_params *p, double *alpha, double *warps);

/* Issue slots of one memory instruction: issue_cost, or 1 when absent. */
double lm_model_issue_cost(const lm_model_params *p);

/* The knee's sharpness at alpha 0: knee, or LM_MODEL_KNEE when absent. */
double lm_model_knee(const lm_model_params *p);

/* Instructions in flight at occupancy n = warps x chains (§4.6, Little's
 * law): arithmetic alu_lat * alu_ipc, memory mem_lat * mem_ipc. */
void lm_model_in_flight(const lm_model_params *p, double n, double alpha, double chains,
			double *alu, double *mem);

/* The CUDA C Programming Guide's estimate of warps needed (§4.8):
 * mem_lat / (instruction_time * alpha), with instruction_time in cycles per
 * warp instruction; *refined (may be NULL) gets
 * mem_lat / (instruction_time * (alpha + 1)) + 1. */
double lm_model_guide_estimate(double mem_lat, double instruction_time,
			       double alpha, double *refined);

/* A kernel's main loop in the model's terms, per iteration (latmix kernel
 * --mix-of counts it): loads independent of each other (in flight
 * together, the model's chains; at least 1), stores, float arithmetic,
 * every instruction, and alpha: the instructions a step waits for besides
 * the loads (each as one dependent add's latency). Of the loads and the
 * stores, the scattered ones: each lane of a warp on a 32-byte sector of
 * its own (a transpose's store a row apart), priced as the gmem-random
 * mix measures such a load; the rest are coalesced. hits: loads of
 * other lines than the loads', lines the loop's other iterations load
 * anyway (a stencil's rows above and below): in flight with the loads, so they
 * lengthen the step as chains do, but their memory traffic is the loads'.
 * load_bytes, store_bytes: a lane's bytes per load and per store, on average
 * (0: 4, the mixes' float); a coalesced access moves that many over 4 times
 * a mix's load's lines, a scattered one a sector a lane up to 32 bytes.
 * misaligned_loads: of the coalesced loads, those whose warp's access starts
 * off a line (it straddles two), priced at the misaligned share of
 * lm_model_kinds. atomics: global atomics an iteration, which no mix
 * measures: a loop with one is not priced (lm_model_kernel_priced).
 * l1_lines: the 128-byte lines a warp's global loads of an iteration ask
 * L1 for, every load counted, hits too (a load whose lanes read one word
 * a row of a narrow group asks for a line a row); 0: not counted, no L1
 * bound. local: the local ("shared") memory accesses of a warp's
 * iteration, each one request of the unit that answers L1's lines (NVIDIA:
 * local memory and L1 one unit; the lmem mix measures l1_thru), bank
 * conflicts not counted: an L1 bound beside l1_lines. */
typedef struct {
	double loads, stores, flops, insts, alpha;
	double scattered_loads, scattered_stores;
	double hits;
	double load_bytes, store_bytes;
	double misaligned_loads;
	double atomics;
	double l1_lines;
	double local;
	double cache_loads; /* of the coalesced loads (loads less scattered_loads), those of an
			     * array the global-memory cache holds (predict decides:
			     * lm_count_cache_share); 0: none */
	double merged_stores; /* of the scattered stores, those whose sectors the group's other rows
			       * complete (a transpose's over a group's rows), priced at the
			       * file's scatter_store_thru where it has one; 0: none */
	double waits; /* the machine code's schedule, where read (ptxas's, asm/sass.h): the
		       * times an iteration waits for its loads, one wait after another,
		       * each for its share of the lines in flight (a naive matmul's 1.5,
		       * its uses issued among the loads); 0: not read. Priced for a
		       * step whose loads all hit the cache, whose latency is short
		       * beside its instructions; a step from DRAM is priced as the
		       * PTX says, as the model was measured against */
	double waits_alpha; /* where waits are priced, alpha as that schedule has it: the
			     * instructions a step waits for besides, those issued while
			     * loads are in flight left out (the matmul's 3.3, where the
			     * PTX, its loads issued first, says 19) */
	double group_stores; /* a kernel as written: global stores its group's first work-item
			      * alone makes (a reduction's partial sum), once a group and
			      * not among stores: a group of L work-items adds 1 / L of a
			      * store a work-item, a sector's (lm_model_written_in_groups) */
	double tree_insts, tree_waits; /* a kernel as written: the instructions of a turn of its
					* loop over local memory halving from half the group's
					* size (a reduction's tree), among insts once and not in
					* alpha, and its waits for local loads, one after
					* another: a group of L work-items runs log2 L turns,
					* each waiting that often and for each of its
					* instructions (lm_model_written_in_groups) */
} lm_kernel_mix;

/* The memory kinds of a parameter file a kernel's accesses are priced by
 * besides the loads' own: the store kinds, measured by mixes that also
 * store, share[i] stores a load (gmem-store-half 0.5, gmem-store 1),
 * shares rising; and the scattered kind (gmem-random's; mem_thru absent:
 * none). A kernel's coalesced stores are priced between the store kinds
 * and the loads' own kind (share 0). */
#define LM_MODEL_MAX_STORE_KINDS 4

/* The group sizes a group's wait is measured at: 4 << i warps, i below. */
#define LM_GROUP_WAIT_SIZES 4
typedef struct {
	size_t n;
	double share[LM_MODEL_MAX_STORE_KINDS];
	lm_model_params kind[LM_MODEL_MAX_STORE_KINDS];
	lm_model_params scatter;
	/* the memory throughput a misaligned load keeps, a share of an aligned
	 * one's, at 0 and 1 store a load (linear between, held past 1); NAN or
	 * 0: not measured, such loads priced as aligned */
	double misaligned[2];
	/* a loop with stores and no load: stores alone's peak (warp stores a
	 * cycle per CU) and the least cycles a warp's pass takes (stream-fill's);
	 * NAN or 0: not measured, such a loop not priced */
	double store_thru, store_step;
	/* the 128-byte lines L1 answers a cycle per CU, for a loop's loads
	 * (l1_lines); NAN or 0: not measured, no such bound */
	double l1_thru;
	/* a load that hits the global-memory cache: its latency (cycles) and
	 * the coalesced loads a cycle per CU it answers; NAN or 0: not
	 * measured, such loads priced as DRAM's */
	double cache_lat, cache_thru;
	/* what such a hit gains per doubling of the lines a step has in flight
	 * (the cache's chain_lat); NAN or 0 or less: not measured, chain_lat's */
	double cache_chain_lat;
	/* stores whose lanes each write a sector of their own that the warps
	 * beside them complete (a transpose's over a group's rows: merged in
	 * the cache), warp stores a cycle per CU; NAN or 0: not measured, such
	 * stores priced as the scattered kind's loads */
	double scatter_store_thru;
	/* a local (shared) memory load's latency, cycles: what a reduction's
	 * tree waits for a turn; NAN or 0: not measured, such a turn priced
	 * by its instructions alone */
	double lmem_lat;
	/* the coalesced loads a cycle per CU of a kernel as written that only
	 * reads (the written-read mix: many short groups, whose loads stay in
	 * the window their dispatch order keeps, where the persistent mixes'
	 * warps drift apart); NAN or 0: not measured, such a kernel priced by
	 * the persistent mixes (lm_model_as_written) */
	double written_read_thru;
	/* the share of a warp's time it waits, once ended, for the last warp
	 * of its work-group of 4, 8, 16 and 32 warps ([0] to [3]; the
	 * written-read mix at those sizes, groups held to 4 a CU or as many as
	 * a CU holds); NAN or 0: not measured */
	double group_wait[LM_GROUP_WAIT_SIZES];
} lm_model_kinds;

/* The share of a warp's time it waits, once ended, for its group's last,
 * in groups of group_warps warps, from st's group_wait: none at 2 warps or
 * fewer (1% was measured at 2 on an H200: studies/read-peak, lease 13),
 * linear in log2 of the warps between the sizes known (2's taken as 0),
 * and the largest known's past it (a floor: more warps wait longer,
 * studies/group-wait); 0 where none is known. */
double lm_model_group_wait(const lm_model_kinds *st, double group_warps);

/* The figures a kernel as written without a loop, whose body is k, is
 * priced by: p's and st's, the memory throughputs of the loads' kind and
 * the store kinds scaled by what written-read reads over p's mem_thru at
 * share 0, that gain falling linearly to none at one store a load and past
 * it (a copy as written, the written-copy mix, reads far more than the store
 * kinds' bound, yet the suite's copies as written stay under that bound at
 * every level measured: studies/read-peak), where its work-items load no
 * more than the written mixes' do (LM_MIX_WRITTEN_LOADS: the kernels measured
 * with more, a 64-row column sum, and with a loop inside, which callers leave
 * out, read at the persistent mixes' rates, though plain reads of 16 to 64
 * loads a work-item read at written-read's; why is not known). False, and p's and st's
 * unchanged, where the gain does not apply or was not measured. The
 * scattered kind and the rest are st's. */
bool lm_model_as_written(const lm_model_params *p, const lm_model_kinds *st, const lm_kernel_mix *k,
			 lm_model_params *pw, lm_model_kinds *sw);

/* Do a body k's work-items load within what the written mixes measured
 * (LM_MIX_WRITTEN_LOADS), the limit lm_model_as_written keeps? */
bool lm_model_written_loads(const lm_kernel_mix *k);

/* Does st price loads that hit the global-memory cache (cache_lat and
 * cache_thru known)? */
bool lm_model_kinds_cache(const lm_model_kinds *st);

/* Does st price a loop that stores and does not load (store_thru and
 * store_step known)? */
bool lm_model_kinds_store_only(const lm_model_kinds *st);

/* Can a loop of mix k be priced with st (may be NULL)? It needs a whole
 * load an iteration, or no load and a whole store (stores alone, with st's
 * store_thru and store_step), and no atomic. False: why (n bytes) says what
 * is missing. */
bool lm_model_kernel_priced(const lm_kernel_mix *k, const lm_model_kinds *st, char *why, size_t n);

/* Is kinds' scattered kind there (its mem_thru known)? */
bool lm_model_kinds_scatter(const lm_model_kinds *kinds);

/* Adds kind, measured at share stores a load, in its place by share.
 * False (st unchanged) when st is full, the share is not positive and
 * finite, or st has that share already. */
bool lm_model_kinds_add_store(lm_model_kinds *st, double share, const lm_model_params *kind);

/* A loop with no load (k->loads 0) and stores is priced by stores alone:
 * its rates below count stores, not loads; its step is the longer of
 * store_step and alpha alu_lat (no memory latency to wait for), its memory
 * bound store_thru over its coalesced stores' lines (a scattered store at
 * the scattered kind's memory time), and it meets its bound sharply, as the
 * basic model does (studies/store-only/). Without
 * store_thru and store_step its peak is NAN. */

/* What a kernel's rates count, an iteration: its loads, or a store-only
 * loop's stores. */
double lm_model_kernel_accesses(const lm_kernel_mix *k);

/* Whether k's loop has a coalesced load and store and three or more
 * coalesced accesses in all: such grid-stride loops reached 90% of their
 * top at 2-15% more warps than the store mixes that price them bend
 * (add, triad, axpby, copy2; doc/predict.md). */
bool lm_model_kernel_bends_later(const lm_kernel_mix *k);

/* Whether k's step is priced from its machine code's schedule (k->waits,
 * k->waits_alpha): read, and every load of the step a hit of the cache
 * whose figures st has. */
bool lm_model_kernel_scheduled(const lm_model_params *p, const lm_model_kinds *st, const lm_kernel_mix *k);

/* Loads per cycle per CU such a kernel reaches at most: the L1 bound (st's
 * l1_thru over the iteration's l1_lines, where both are known), the memory
 * bound
 * (an iteration's memory time: its coalesced loads, each a load's memory
 * time at s = coalesced stores / coalesced loads stores a load, linear in s
 * between the measured shares around it: p's at 0, st's store kinds at
 * theirs; plus 1 / mem_thru of st's scattered kind for each scattered load
 * and store; st NULL or without store kinds: coalesced stores cost issue
 * only; without the scattered kind: scattered accesses are priced as
 * coalesced), the arithmetic and issue bounds of the iteration's
 * instructions shared among its loads. *which (may be NULL): the bound. */
double lm_model_kernel_peak(const lm_model_params *p, const lm_model_kinds *st,
			    const lm_kernel_mix *k, lm_bound *which);

/* A warp's iteration in cycles: mem_lat (linear in s between the measured
 * shares, as the bound; the scattered kind's where it is longer and the
 * loop has a scattered load), chain_lat log2(loads + hits) for the lines
 * in flight together, alpha alu_lat. */
double lm_model_kernel_step(const lm_model_params *p, const lm_model_kinds *st,
			    const lm_kernel_mix *k);

/* Loads per cycle per CU at n warps per CU: n loads / step, bent into the
 * peak as the refined model bends (p refined), else the basic model's
 * sharp min. A loop that stores bends with the store kinds' knee (linear
 * in s between them, the nearest one's outside them): every storing kernel
 * of the suite and the chase storing one load in two bend as roundly as
 * the store mix, not partway to the loads' knee
 * (studies/model-study/knee-per-curve.txt); scattered accesses bring the
 * scattered kind's knee in by their share of the memory time. *which (may
 * be NULL): latency or the binding bound. */
double lm_model_eval_kernel(const lm_model_params *p, const lm_model_kinds *st,
			    const lm_kernel_mix *k, double n, lm_bound *which);

/* Warps per CU at which the loop first reaches rate (loads per cycle per
 * CU); INFINITY if it never does. */
double lm_model_kernel_warps_to(const lm_model_params *p, const lm_model_kinds *st,
				const lm_kernel_mix *k, double rate);

/* Warps per CU for fraction f of lm_model_kernel_peak. */
double lm_model_kernel_warps(const lm_model_params *p, const lm_model_kinds *st,
			     const lm_kernel_mix *k, double f);

/* A kernel as written, one element a work-item and no loop (its body k
 * counted as one iteration): held to `level` work-groups of `group_warps`
 * warps a CU, each warp runs one iteration and its group then holds its
 * slot group_cycles more (its start and end: group_cost), while the CU
 * starts at most dispatch_per_cycle groups (dispatch_thru). A warp that
 * has ended waits for its group's last a share w of its time
 * (lm_model_group_wait). Its warps cycle between the memory system and
 * that idle time, so those waiting on memory are the n_e that solves
 * n_e = n t(n_e) / (t(n_e) (1 + w) + group_cycles),
 * n = level x group_warps and t(x) a warp's iteration at x warps (the
 * grid-stride loop's: lm_model_eval_kernel); its rate is that loop's at
 * n_e, or the groups the CU starts, whichever is less
 * (studies/nd-model/: 3.4% RMS over the H100's one-element kernels).
 * Loads (a store-only body: stores) per cycle per CU; *busy (may be NULL):
 * n_e; *which (may be NULL): the bound, LM_BOUND_DISPATCH where the starts
 * bind. NAN where an input is not a positive number (group_cycles may be 0). */
double lm_model_eval_written(const lm_model_params *p, const lm_model_kinds *st, const lm_kernel_mix *k,
			     double group_warps, double level, double dispatch_per_cycle, double group_cycles,
			     double *busy, lm_bound *which);

/* The share of the rate a kernel as written keeps for the waves its grid
 * of items work-items runs in, groups of group_items, level a CU on cus
 * CUs: waves / ceil(waves), the last wave, part full, taking a whole
 * group's time (a grid under one wave fills part of the CUs); 1 where the
 * grid is not known (items not a positive number). */
double lm_model_wave_share(double items, double group_items, double level, double cus);

/* What a work-item of kernel k as written runs in work-groups of
 * group_items (out may be k): its group's stores (group_stores, one lane
 * each) as 1 / group_items of a store a work-item, scattered (a sector)
 * where st prices scattered stores; its tree's turns (tree_insts), the
 * floor of log2 group_items of them, in its alpha: each tree_waits of st's
 * lmem_lat (its local loads' waits; 0 where st has none) and its instructions one
 * after another, as a barrier a turn leaves nothing to overlap them (p's
 * alu_lat each: studies/group-barrier). k as it is where group_items is
 * under 1. */
void lm_model_written_in_groups(const lm_kernel_mix *k, const lm_model_params *p, const lm_model_kinds *st,
				double group_items, lm_kernel_mix *out);

/* A kernel as written with a loop inside: a work-item runs body once and
 * loop trips times (its counted iterations), each part at the rate its
 * grid-stride loop would have at the same warps (their times add), and
 * its group then holds the slot group_cycles more, as
 * lm_model_eval_written's. Warps run to their end per cycle per CU (a
 * work-item each lane); body may touch no global memory where loop does,
 * loop may be NULL (the body alone: lm_model_eval_written over the
 * body's accesses). *which: the bound of the part that takes the longer at
 * n_e, or LM_BOUND_DISPATCH. NAN where an input is not a positive number. */
double lm_model_eval_written_loop(const lm_model_params *p, const lm_model_kinds *st, const lm_kernel_mix *body,
				  const lm_kernel_mix *loop, double trips, double group_warps, double level,
				  double dispatch_per_cycle, double group_cycles, double *busy, lm_bound *which);

#endif
