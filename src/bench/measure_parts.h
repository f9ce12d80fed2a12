/* measure_parts: what the files of a mix's measurement share: the
 * measurement's state (measure.c measures, measure_build.c builds its
 * kernels). Not for other modules: bench/measure.h is. */
#ifndef LM_MEASURE_PARTS_H
#define LM_MEASURE_PARTS_H

#include "bench/chase.h"
#include "bench/measure.h"
#include "bench/sysclock.h"

#define GIB (1024ull * 1024 * 1024)
#define MIB (1024ull * 1024)
/* chain instructions per loop iteration the unrolled body aims at, so the
 * loop's own counter and branch cost about 1% of issue slots */
#define BODY_TARGET 256
/* at most this many global-memory steps per loop iteration */
#define GLOBAL_STEPS_TARGET 32
/* chain instructions between two reads of the stop flag, at least: a read
 * costs one H200 warp about 70 cycles, under 0.5% of 4096 adds */
#define POLL_TARGET 4096
/* ulongs per warp in the in-kernel clock's record: CU id, start ns, end ns,
 * cycles (0: no cycle counter), iterations (cl/chase.cl, REC) */
#define LM_REC 5
/* copies of the stop flag and uints between them (cl/chase.cl, LM_FLAGS) */
#define LM_FLAGS 64
#define LM_FLAG_STRIDE 64
/* a stop-flag point times a short launch of 1/SHORT_PART the quota beside
 * each long one: the difference cancels what both share (start-up, the
 * ramp while work-groups are dispatched, the tail of the last iteration) */
#define SHORT_PART 8
/* iterations a work-item's other loops may take from a driver's loop
 * limit: the local chain's copy and the flag's raise */
#define LOOP_RESERVE 256
/* bytes before a global chase: its values are the indices there */
#define PAD_BYTES (4ull * LM_CHASE_OFFSET)

struct lm_meas {
	lm_device dev;
	lm_meas_config cfg;
	lm_timing timing;         /* resolved */
	bool clocked;             /* kernels record per warp from an in-kernel clock */
	bool events_broken;       /* profiling events report no real time: the host times */
	cl_context ctx;
	cl_command_queue queue;
	cl_mem chain, pos, record, stop, count, sync;
	cl_mem sink;        /* what a store mix writes; one word for the rest */
	cl_uint sink_mask;  /* its words - 1 */
	lm_chase *chase;
	size_t max_threads, max_warps_total;
	uint32_t *start, *expect, *got; /* per chain value */
	uint32_t *counts;                /* per work-item: iterations completed */
	uint64_t *done;                  /* per work-item: iterations of this point so far */
	unsigned launches;               /* launches of this point so far */
	lm_meas_cost cost;
	/* the points of this program: their quotas and long launches' seconds */
	lm_carry seen;
	uint32_t *synced;                /* groups started; per group: started at its end */
	cl_ulong *rec;                   /* per warp: CU id, t0, t1, cycles, iterations */
	unsigned *per_cu;                /* warps counted per CU id */
	size_t per_cu_len;
	double build_s;                 /* writing the chase buffer on the device */
	bool kept;                      /* the buffer the mix before left (cfg keep) */
	size_t cursor;                   /* cycle position the next point starts at */
	/* the program of the last alpha */
	lm_alpha prog_alpha;
	unsigned prog_chains;
	bool prog_flag_free;
	bool flag_free;                  /* the reference: a kernel without the stop
					  * flag, fixed work (lm_meas_reference) */
	cl_program prog;
	cl_kernel kernel;
	unsigned mem_n, alu_n, bodies;
	lm_sysclock *sysclock;           /* the GPU's running clock in sysfs, where
					  * no kernel clock exists; NULL if none */
};


/* Makes the program of (a, chains) the current one of m: built ahead by
 * another process (cfg.binary_dir), else built here. */
lm_status lm_meas_use_program(lm_meas *m, lm_alpha a, unsigned chains);

/* Every chain's start for a point of threads work-items in nwarps warps,
 * spread over the cycle from where the last point stopped, written to the
 * device (measure_chains.c); the launch count and iterations cleared. */
lm_status lm_meas_start_chains(lm_meas *m, size_t threads, size_t nwarps, unsigned chains);

/* Reads every chain's end after the point's launches and checks it against
 * the host's walk of the steps its work-item took (measure_chains.c). */
lm_status lm_meas_check_chains(lm_meas *m, size_t threads);

#endif
