/* count: a kernel's mix read from its code. The main loop of a kernel as a
 * compiler built it, counted per iteration in the model's terms: global
 * loads and how many of them are independent of each other (in flight
 * together, the model's chains), stores, local-memory accesses, the float
 * arithmetic on the path from a load to a load that depends on it (alpha),
 * SFU and other instructions. `latmix kernel --mix-of` prints it and
 * `latmix predict --kernel` evaluates the model with it.
 *
 * Listings read: PTX (NVIDIA's driver through CL_PROGRAM_BINARIES, or
 * clang's NVPTX backend offline: --isa nvptx, and where a device returns no
 * text, a CPU's, say); AMD's and Intel's through lm_listing_parse (--isa
 * gfx90a, dg2-g10, ...). */
#ifndef LM_COUNT_H
#define LM_COUNT_H

#include <stdbool.h>
#include <stdio.h>
#include "base/error.h"
#include "asm/listing.h"
#include "fit/model.h"

/* What a kernel does with its pointer arguments, in its loop or outside
 * it, as read from its PTX (latmix kernel --mix-of): bit i of loaded
 * (stored) for argument i, an atomic in both; traced false where some
 * global access was not traced to its argument (the sets may then lack
 * it) or nothing was read. */
typedef struct {
	bool traced;
	unsigned long long loaded, stored;
} lm_count_uses;

/* What a kernel's scalar arguments hold at the launch predicted or
 * measured (its description's value =, or predict's --arg): bit i of known
 * for the argument at position i of its parameter list, its value in
 * value[i]; bit i of grid for one that is the launch's size along x (its
 * work-items), a number not known but whole grids apart. With them a row's
 * width given as an argument (rowsum's A[i * cols + k]) is a stride
 * followed as a constant's is, and a column's rows a grid apart
 * (A[k * n + i], n the launch's size) are lines no other work-item reads. */
#define LM_COUNT_MAX_ARGS 64

/* How lm_count's sass starts where ptxas and nvdisasm were found but did
 * not read the listing (a ptxas older than its PTX): predict says so. */
#define LM_COUNT_SASS_FAILED "not read, the tools failing"
typedef struct {
	unsigned long long known, grid;
	long value[LM_COUNT_MAX_ARGS];
	/* pointer arguments: bit i of cached for one whose array the
	 * device's global-memory cache holds (predict's --arg NAME=cached);
	 * bytes[i] the bytes of its array (its description's length at N; 0
	 * not known): predict takes an array no larger than the cache's
	 * measured buffer that a launch reads twice over or more as held */
	unsigned long long cached;
	double bytes[LM_COUNT_MAX_ARGS];
} lm_count_args;

/* NVIDIA: ptxas's registers a thread for a kernel, from the driver's build
 * log; 0 where it does not say. */
typedef struct {
	unsigned capped;       /* as latmix builds it, under its register cap */
	unsigned spill;        /* bytes a thread that build spills to local memory */
	unsigned own;          /* built without the cap, as its author would */
	unsigned own_warps;    /* the warps a CU the registers of that build leave room
				* for (the device's most where more) */
} lm_count_regs;

/* Widths of a work-group under a warp's 32 lanes the lanes are followed
 * over (lm_count's rows): those that divide a warp, so that each of its
 * rows holds whole rows of the group. */
#define LM_COUNT_ROW_WIDTHS 5

/* What lanes.c finds of a loop's global accesses, for one work-group width
 * (lm_count's fields of the same names); split_loads, split_stores: of
 * the coalesced ones, those whose warp over rows of its group touches more
 * 32-byte sectors than its bytes fill (a transpose's store: a sector each
 * row's run of lanes), and their sectors over a scattered access's
 * (32 a warp), summed: what the model prices them as in scattered ones. */
typedef struct {
	unsigned width;      /* the group's width: a warp's lanes over 32 / width of its rows */
	unsigned scattered_loads, scattered_stores, same_array, misaligned_loads, misaligned_stores;
	unsigned partial_stores, strided, unfollowed, gap_load_bytes, gap_store_bytes, again_bytes;
	unsigned same_bytes, uniform_loads, split_loads, split_stores;
	double split_load_sectors, split_store_sectors;
	unsigned l1_lines, narrow_bytes, gathered, own_runs, own_run_partners, own_run_partner_bytes;
	double merged_stores;
} lm_count_lanes;

/* What a kernel's description says its launch runs, at the size it was
 * measured at, for latmix report to price it by: its loop's trip count, the
 * launch's work-items and the elements a work-item (0: not known or not
 * given; measure --kernel writes them into the count file). */
typedef struct {
	double trip, items, per_item;
} lm_count_work;

/* Its keys in a count file (trip, items, per_item), those known. */
void lm_count_put_work(FILE *f, const lm_count_work *w);

typedef struct {
	char label[64];      /* what was counted: "triad" */
	char from[256];      /* whose code: "NVIDIA H200 driver 580.159.04 (PTX)", "clang NVPTX" */
	unsigned insts;      /* instructions an iteration runs, labels and declarations aside */
	unsigned body_insts; /* instructions in the loop; more than insts where it branches
			      * (the path with the most memory accesses is counted) */
	unsigned loads;      /* global loads */
	unsigned const_loads; /* of which through a constant pointer or table (PTX
			       * ld.const): a cache's hits, no lines of their own,
			       * never fed by another load (lm_count_model) */
	unsigned independent; /* of which no other load of the loop feeds the address */
	unsigned shared_lines; /* independent loads that read the lines of a load before
				* them (PTX: the same address register, within 128
				* bytes): cache hits, not lines of their own */
	unsigned same_array; /* independent loads into the array of a load before them, lanes
			      * as far apart, at an offset the same for every lane (a
			      * stencil's rows): lines the loop reads anyway (PTX only) */
	unsigned stores;     /* global stores */
	unsigned scattered_loads, scattered_stores; /* of the loads and stores, those whose
						      * lanes' addresses lie over 64 bytes apart
						      * (a store's a 32-byte sector or more) or
						      * a run-time row apart (PTX only) */
	unsigned misaligned_loads, misaligned_stores; /* of the coalesced ones, those whose warp
						    * starts off a 128-byte line (a[i + 1]
						    * beside a[i]; PTX only) */
	unsigned partial_stores; /* of the misaligned stores, those writing part of a
				  * 32-byte sector (4 bytes off a line, not 32) */
	unsigned strided;    /* loads and stores with lanes apart by more than they move
			      * but within 64 bytes, a store's under a sector (PTX only) */
	unsigned gap_load_bytes, gap_store_bytes; /* of the strided ones with lines of their
						   * own, the bytes between two lanes that
						   * neither moves, summed: their warp touches
						   * every sector of its span all the same */
	unsigned unfollowed; /* loads and stores whose lanes' addresses latmix does not
			      * follow: a form it does not know (PTX only) */
	unsigned gathered;   /* of the scattered loads, those whose address a load on the
			      * loop's path gave (x[col[k]]; PTX only): fed by it, so not
			      * among the independent ones, their traffic their own */
	unsigned own_runs;   /* loads and stores off a base each lane read from memory
			      * before the loop (CSR's col[k], k from row_ptr[r]), and
			      * loads of lanes rows apart each stepping through its row
			      * (A[i * cols + k]): priced as coalesced, at the lines
			      * their warp asks L1 for (a line a lane where the row is
			      * known only at run time; PTX only) */
	unsigned own_run_partners, own_run_partner_bytes; /* of the loads reading the lines of a
			      * load before them (shared_lines), those of each lane's own run
			      * (col[k + 1] beside col[k], unrolled): the lane's next words,
			      * which its run moves all the same, so not hits (PTX only) */
	unsigned split_loads, split_stores; /* over rows of a work-group narrower than a
					     * warp, as lm_count_lanes: 0 in the count along
					     * x alone, rows' figures (lm_count_over_rows) */
	double split_load_sectors, split_store_sectors;
	double merged_stores; /* of the scattered stores and the split ones' sectors, those whose
			       * group's rows complete the sectors (lanes.c rows_merge: a
			       * transpose's store over a group's rows; PTX only). Along x, of
			       * a kernel reading %tid.y: its scattered stores that are such
			       * stores over rows, a warp a row of a group 32 wide or more (or
			       * of one row, the groups beside it the other rows) */
	unsigned row_stores; /* stores whose group's rows lie under a sector apart (rows_merge),
			      * counted over rows only */
	unsigned narrow_bytes; /* of the loads with lines of their own, the bytes a lane does not
				* move where a group narrower than a warp puts its lanes over
				* rows that read the same columns: their warp touches fewer
				* sectors than its bytes fill (lanes.c; rows' figures only) */
	unsigned own_loads;  /* the coalesced loads the lanes were followed over that neither
			      * share another's lines nor read one address for the warp:
			      * lines of their own, or into another's array (PTX only; a
			      * scattered or split load is not among them) */
	unsigned char arg_loads[LM_COUNT_MAX_ARGS]; /* of those, each pointer argument's (by its
						     * position in the parameter list; up to
						     * 255): what an array the cache holds saves
						     * (lm_count_arrays) */
	unsigned windows;    /* of the loads with lines of their own, those whose warp reads
			      * adjacent words that a turn moves less than their span (a
			      * window sliding a word a step, fir's x[i + k]): after the first
			      * turn L1's hits, which the price leaves at memory's latency
			      * (PTX only; a note, lm_count_window_note) */
	unsigned l1_lines;   /* the 128-byte lines the loop's global loads ask L1 for, a warp's
			      * iteration, every load counted (hits too); 0 where a load's
			      * lanes are not followed (PTX only) */
	unsigned dims;       /* the work-item dimensions the kernel reads (%tid.y: 2,
			      * %tid.z: 3; PTX only, 1 else) */
	lm_count_lanes rows[LM_COUNT_ROW_WIDTHS]; /* dims 2 or more: the lanes followed
						    * over groups 16, 8, 4, 2 and 1 wide
						    * (PTX only; width 0: not counted) */
	unsigned atomics;    /* global atomics and reductions */
	unsigned local_loads, local_stores; /* local ("shared") memory */
	unsigned spills;     /* private memory (registers spilled) */
	unsigned sfu;        /* transcendental and approximate instructions */
	unsigned flops;      /* float add, mul, fma, min, max */
	unsigned float_path; /* of the flops, the most on one path from a load, to a store or
			      * anywhere (PTX only; 0: none follows a load): fewer than
			      * flops where independent chains can overlap */
	unsigned other;      /* the rest: integer and address arithmetic, compares, branches */
	unsigned divisions, wide_divisions; /* of the rest, integer divisions and remainders
					     * by a register, up to 32 and 64 bits (PTX
					     * only): sequences on the GPU, not one
					     * instruction (lm_count_model) */
	unsigned load_bytes, store_bytes; /* a thread's, per iteration; AMD, Intel: 0 where the
					   * listing does not say every load's (store's) */
	unsigned again_bytes; /* of load_bytes, the loads' reading another's lines or
			       * array (no lines of their own) */
	unsigned same_bytes;  /* of again_bytes, the loads' into another's array */
	unsigned uniform_loads; /* independent loads whose lanes all read one address, not
				 * another's lines (a broadcast, gemv's x[k]): hits of a word
				 * every warp at that index reads, no lines of their own (PTX
				 * only) */
	unsigned const_bytes; /* of load_bytes, the constant loads' */
	double alpha;        /* float arithmetic on the longest path from a load to a
			      * load whose address depends on it; 0 if none does */
	double body_waits;   /* a body run once (loopless; PTX only): the loads' latencies a
			      * work-item's instructions take, each issued as soon as the
			      * registers it reads are ready (1: its loads in flight
			      * together); 0: not timed */
	double body_cycles;  /* and the cycles besides, an instruction's result ready
			      * LM_SASS_ALU_CYCLES after it issues (lm_count_model's alpha of
			      * such a body: its critical path, not every instruction's) */
	lm_count_args scalars; /* the scalar arguments' values the lanes were followed with */
	lm_count_uses args;     /* which arguments the kernel loads and stores, in its loop
			      * or outside it (PTX only) */
	unsigned loops;      /* loops with global memory in the kernel (1: the main
			      * loop alone) */
	unsigned calls;      /* calls in the loop (AMD's s_swappc): their callees not counted */
	bool loopless;       /* no loop over global memory: the whole body counted, what a
			      * work-item runs once (a kernel as written, one work-item an
			      * element) */
	unsigned once_loops; /* of a body counted whole, its loops (over registers and local
			      * memory: a reduction's tree), each counted once */
	unsigned group_stores; /* of a body counted whole reading x alone, its global stores
				* only the work-item of local id 0 runs (a reduction's store of
				* its group's sum, PTX only): once a group, not among stores */
	unsigned tree_insts, tree_mem, tree_waits; /* of a body counted whole reading x alone, its
						    * loop over local memory halving a span from
						    * half the group's size (a reduction's tree,
						    * PTX only): a turn's instructions, counted
						    * once among insts, of them its local memory
						    * accesses, and its waits for local loads one
						    * after another (a load after a local store
						    * waits anew: it may read what was stored);
						    * 0: none */
	unsigned unroll;     /* the source's iterations one counted iteration runs: the times
			      * the compiler unrolled the loop (PTX only; 1: not unrolled),
			      * ptxas's unrolling again included */
	unsigned ptxas_unroll; /* of unroll, the times ptxas unrolled the PTX's loop again, read
				* from its machine code (asm/sass.h; a loop inside a kernel,
				* where ptxas and nvdisasm are at hand): the model's iteration
				* is that many of the PTX's (lm_count_model); 0 or 1: not again */
	unsigned sass_loads;  /* the global loads of the SASS's busiest innermost loop; 0: not read */
	double ptxas_waits;   /* the times the machine code waits for a PTX iteration's loads
			       * (asm/sass.h, lm_sass_waits: 1 or more); 0: not read */
	double ptxas_alpha;   /* and the instructions an iteration waits for besides, in dependent
			       * adds, as that schedule issues them */
	char sass[320];       /* what read the SASS, or why it was not read (LM_COUNT_SASS_FAILED
			       * first where ptxas and nvdisasm are there but failed); "": not tried */
	lm_count_work work;   /* what its description says a work-item runs (measure --kernel);
			       * zeros: not known */
	bool nested;         /* the loop counted lies inside a grid-stride loop (gemv's row in
			      * its loop over rows): rest is what each turn of that loop runs
			      * around it (and the few instructions before it, once) */
	bool rest_counted;   /* rest holds the body around the loop (PTX only) */
	lm_kernel_mix rest;  /* what a work-item runs once around its loop (a kernel as
			      * written with a loop inside), in the model's terms */
	unsigned ptx_first, ptx_last; /* lines of the loop in the listing */
	lm_count_regs regs;   /* NVIDIA's registers a thread, where a device build says them */
	char limit[384];     /* what the build says of its own occupancy limit (registers,
			      * local memory, work-group size); "" where it says nothing */
} lm_count;





/* Where m's loop reads windows that slide less than their span a turn
 * (m->windows), a sentence saying the price is a floor there (true). */
bool lm_count_window_note(const lm_count *m, char *note, size_t size);

/* ptxas's registers a thread for kernel name in an NVIDIA build log (built
 * with -cl-nv-verbose: "Compiling entry function 'NAME'", then "N bytes
 * spill stores" and "Used N registers"), and its spill stores in bytes
 * into spill; 0 where the log does not say (a build from the driver's
 * cache logs nothing). */
unsigned lm_count_ptxas_registers(const char *log, const char *name, unsigned *spill);




/* Counts the main loop of kernel name in a PTX listing. LM_EPARSE, with
 * the reason, where the loop cannot be counted: no loop with global
 * memory, nested loops, calls in the loop. */
lm_status lm_count_count_ptx(const char *ptx, const char *name, lm_count *out);

/* The same, the scalar arguments args gives (NULL: none) taken as those
 * constants where the lanes are followed (PTX's ld.param of their position). */
lm_status lm_count_count_ptx_at(const char *ptx, const char *name, const lm_count_args *args, lm_count *out);

/* The counts of an AMD or Intel listing (lm_listing_parse's loop) of kernel
 * name: loads, stores (every other memory message), float adds, the rest;
 * every load taken as independent (dependences are traced in PTX only).
 * LM_EPARSE, with the reason, where the loop holds another loop. */
lm_status lm_count_from_isa(const lm_listing_counts *c, const char *name, lm_count *out);

/* m as counted for a work-group width under a warp's lanes (its rows'
 * figures in place of those along x) into out; false, out a copy of m,
 * where m has no rows of that width (a 1D kernel, a width that does not
 * divide 32, not PTX). */
bool lm_count_over_rows(const lm_count *m, unsigned width, lm_count *out);

/* k, m's lanes counted over a group's rows (lm_count_over_rows then
 * lm_count_model), finished from along_x (m's own, lm_count_model): its
 * alpha and instructions along_x's, but where m is a body run once whose
 * loads each have lines of their own (and no tree): its longest path for
 * alpha, and each line a load's lanes touch over the warp's rows past its
 * first a hit in flight (a copy on a 2D grid at 8x4 waited 185 cycles more
 * a work-item than at 32x1: studies/written-step). */
void lm_count_rows_finish(const lm_count *m, const lm_kernel_mix *along_x, lm_kernel_mix *k);

/* The width of the i-th of a count's rows (0 <= i < LM_COUNT_ROW_WIDTHS):
 * 16, 8, 4, 2, 1; and the model's view of the loop over rows that wide
 * (lm_count_over_rows' lanes, the rest of the count's own: its alpha and
 * instructions) into k; false where m has no such rows. */
unsigned lm_count_row_width(int i);
bool lm_count_model_over_rows(const lm_count *m, unsigned width, lm_kernel_mix *k);

/* The model's view of the loop (model.h): its independent loads, stores,
 * float arithmetic and instructions; alpha, what a warp's iteration waits
 * for besides the loads: the arithmetic between dependent loads where a
 * load feeds another, else every other instruction of the iteration
 * (in-order issue reaches the next iteration's loads after them). A
 * constant load is one instruction of those, not a load in flight: on
 * NVIDIA's OpenCL a constant buffer is at most 64 KB, which the cache
 * holds (lm_count_constant_note). */
void lm_count_model(const lm_count *m, lm_kernel_mix *k);


/* Where the loop's float arithmetic is long and half of it or more can
 * issue beside its longest chain from a load (PTX only), which the count's
 * alpha prices as dependent steps: writes what that means into note and
 * returns true. */
bool lm_count_overlap_note(const lm_count *m, char *note, size_t size);

/* Where the loop loads constant memory (PTX ld.const): writes how such
 * loads are priced and what was measured beside that price into note and
 * returns true. */
bool lm_count_constant_note(const lm_count *m, char *note, size_t size);

/* The most a kernel's figures may be for the model to price them: loads,
 * stores, hits, atomics and a lane's bytes an access; the L1 lines of
 * those loads; alpha, the instructions and the float arithmetic an
 * iteration. latmix predict's
 * options take the same (src/cli/options.c). */
#define LM_COUNT_MOST_ACCESSES 1024
#define LM_COUNT_MOST_INSTS 1e6
#define LM_COUNT_MOST_L1_LINES (32 * LM_COUNT_MOST_ACCESSES) /* a line a lane each */

/* Is k a loop the model can be asked to price: every figure a number from
 * 0 to its most above, the scattered loads and stores among the loads and
 * stores, the misaligned loads among the coalesced ones, the instructions
 * (0: not given) no fewer than the loads and stores? LM_EUSAGE otherwise,
 * naming where (an option's file, NULL: the command line), the figure as
 * its option and its value. latmix predict and report's count files both
 * go through it. */
lm_status lm_count_check(const lm_kernel_mix *k, const char *where);

/* The first of the n occupancies (warps per CU) where the model's rate
 * for k, whose peak is a positive number, comes out 0 or not a number:
 * where it underflows (the refined model's knee, past alpha 27,000 at 1
 * warp with the H200's file); 0 where none does. predict and report
 * refuse such a loop rather than print or draw zeros. */
unsigned lm_count_underflow(const lm_model_params *p, const lm_model_kinds *st, const lm_kernel_mix *k,
			   const unsigned *warps, size_t n);

/* The arguments latmix predict takes for k, as the "predict:" line of
 * lm_count_print has them ("--loads 2 --stores 1 ..."), without a newline. */
void lm_count_put_predict(FILE *f, const lm_kernel_mix *k);

/* The arguments of a "predict:" line (as lm_count_put_predict writes them,
 * up to the line's end) into k; false, the reason said (lm_error_message),
 * where they are not those, a value is not a number (number.h: no nan,
 * inf or hex) or the figures fail lm_count_check. */
bool lm_count_parse_predict(const char *args, lm_kernel_mix *k);

/* The table, and the arguments latmix predict takes. */
void lm_count_print(FILE *f, const lm_count *m);

/* The count file's format: mix-of/NAME.ini. */
#define LM_COUNT_FORMAT 1

/* What a loop's loads read, for the arrays the device's global-memory
 * cache holds (count_cache.c): its loads with lines of their own (or into
 * another's array), each pointer argument's of them, each argument's
 * array's bytes at the launch (0: not known) and those the user says the
 * cache holds (--arg NAME=cached), by position in the parameter list. */
typedef struct {
	unsigned own_loads;
	unsigned char loads[LM_COUNT_MAX_ARGS];
	double bytes[LM_COUNT_MAX_ARGS];
	unsigned long long cached;
	unsigned long long used; /* bit i: the kernel loads or stores argument i (0: not
				  * traced to its arguments) */
} lm_count_arrays;

/* m's (its own_loads, arg_loads and scalars' bytes and cached). */
lm_count_arrays lm_count_arrays_of(const lm_count *m);

/* The share of a's (coalesced) loads that read arrays the cache holds: those of a's
 * cached; where cache_bytes (the buffer its hits were measured on) is
 * known, every array the kernel loads where all it uses are sized and
 * together no larger (*whole true: launched again and again, as latmix
 * times a kernel, its whole working set stays in the cache); and where
 * items (the launch's work-items) are known too, each array no larger than
 * cache_bytes that the launch reads twice over or more (items x turns, the
 * loop's iterations a work-item as the PTX counts them (1: a body without
 * a loop), x its loads of it x lane, a lane's bytes a load); 0 where none
 * does. *args and *whole may be NULL; *args gets the arguments taken as
 * held. */
double lm_count_cache_share(const lm_count_arrays *a, double cache_bytes, double items, double turns,
			    double lane, unsigned long long *args, bool *whole);

/* The bytes of every array a's kernel uses, together; 0 where one of them
 * is not sized (or it uses none). */
double lm_count_working_set(const lm_count_arrays *a);

/* The PTX's own unrolling of a loop counted unroll times, ptxas's
 * ptxas_unroll of them (0 or 1: none): an iteration of the PTX runs that
 * many of the source's. */
unsigned lm_count_ptx_unroll(unsigned unroll, unsigned ptxas_unroll);

/* What a launch of a counted kernel runs: its work-items (0: not known),
 * its loop's trip count as the source counts it, the loop counted unroll
 * times (ptxas_unroll of them ptxas's), or a body without one. */
typedef struct {
	double items, trip;
	unsigned unroll, ptxas_unroll;
	bool loopless;
} lm_count_launch;

/* Of k's coalesced loads (loads less scattered_loads), those that read
 * arrays the cache holds: lm_count_cache_share's share of them, with the
 * loop's iterations as the PTX counts them (l) and a lane's bytes a load
 * k's (4 where not known). predict and report price with it. */
double lm_count_cache_loads(const lm_count_arrays *a, const lm_kernel_mix *k, double cache_bytes,
			    const lm_count_launch *l, unsigned long long *args, bool *whole);

/* a's keys in a count file (own_loads, arg_loads, arg_bytes, cached), where
 * it has loads by argument. */
void lm_count_put_arrays(FILE *f, const lm_count_arrays *a);

/* Reads key = value of a count file into a where it is one of those keys
 * (*taken true); LM_EPARSE naming path and line where its value is not
 * what the key holds. */
lm_status lm_count_read_arrays(const char *path, int line, const char *key, const char *value, lm_count_arrays *a,
			       bool *taken);

/* What a count file says (lm_count_read_ini). */
typedef struct {
	char path[4096];
	char kernel[64];
	bool counted;             /* else reason says why not */
	char reason[1024];
	lm_kernel_mix mix;        /* the model's view of the loop (lm_count_model) */
	unsigned misaligned_stores; /* of the coalesced stores, those off a line (report's mark) */
	bool loopless;            /* the whole body counted: a kernel as written, no loop */
	unsigned unroll;          /* the source's iterations a counted one runs (1: not unrolled) */
	unsigned ptxas_unroll;    /* of which ptxas's again (0: not read or not again) */
	unsigned dims;            /* the work-item dimensions the kernel reads (1: along x) */
	bool rows_counted[LM_COUNT_ROW_WIDTHS]; /* dims 2 or more: rows[i] holds the mix of */
	lm_kernel_mix rows[LM_COUNT_ROW_WIDTHS]; /* a warp over rows lm_count_row_width(i) wide */
	bool nested;              /* the loop lies inside a grid-stride loop, around once a
				   * turn of it */
	bool around_counted;      /* around holds the body around the loop */
	lm_kernel_mix around;     /* what a work-item runs once around its loop (a kernel as
				   * written with a loop inside) */
	lm_count_work work;       /* its description's, where measure wrote it (zeros: not) */
	lm_count_arrays arrays;   /* its loads by argument (zeros: not written) */
} lm_count_file;

/* Writes the count of kernel label's loop (m; NULL where it was not
 * counted, why saying why) as an INI file, a [count] section: what latmix
 * report and predict read back (lm_count_read_ini); the text for people
 * is lm_count_print's. */
void lm_count_write_ini(FILE *f, const char *label, const lm_count *m, const char *why);

/* Reads a count file through the one INI reader: LM_EPARSE naming the
 * line where it is not one, and figures outside what the model prices
 * refused as lm_count_check refuses them. */
lm_status lm_count_read_ini(const char *path, lm_count_file *out);

#endif
