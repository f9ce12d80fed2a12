/* launch: how a point is timed, for every kernel latmix runs at an exact
 * occupancy (a mix's chase, a user's kernel). A workload says how to run
 * one launch of a given length; the point timer sizes the length to the
 * target duration, warms up, times repeats (each long launch beside a
 * short one where their difference cancels start-up and end), ends early
 * when two agree, and summarises: rate, times, co-residency, the per-warp
 * clock record. What a launch does (its arguments, its checks) stays with
 * the workload. */
#ifndef LM_LAUNCH_H
#define LM_LAUNCH_H

#include <stdbool.h>
#include <stdint.h>
#include "base/alpha.h"
#include "bench/device.h"
#include "bench/sysclock.h"
#include "fit/results.h"


/* Where a measurement's time went: seconds of the host's clock. */
typedef struct {
	double setup;      /* context, queue, buffers, the chase written on the device */
	double fills;      /* of setup, a kernel's buffers' contents made and written */
	double programs;   /* kernels built */
	double timed;      /* timed launches, enqueue to completion */
	double trials;     /* launches that size a length or warm up */
	double readback;   /* counters and records read back after each launch */
	double checks;     /* start values written, final positions and outputs checked */
	unsigned long ntimed, ntrials;
} lm_launch_cost;

/* What a launch is for; LM_LAUNCH_SHORT: the short launch of a pair. */
enum { LM_LAUNCH_TIMED = 0, LM_LAUNCH_TRIAL = 1, LM_LAUNCH_NO_RECORD = 2, LM_LAUNCH_SHORT = 4 };

/* ulongs per warp in the in-kernel clock's record: CU id, start ns, end ns,
 * cycles (0: no cycle counter), iterations (cl/occupancy.h, LM_REC) */
#define LM_LAUNCH_REC 5

/* What one warp-record says about a launch. */
typedef struct {
	bool have;            /* a record was read */
	double iter_rate;     /* per CU: each warp's iterations over its own cycles, summed
			       * (its time at the reported clock where no cycle counter) */
	double cycles, ns;    /* summed over warps; cycles 0 without a counter */
	double iters;         /* summed over warps */
	double lo_cpi, hi_cpi; /* cycles per iteration of the fastest and the slowest warp (0: none) */
	unsigned lo, hi, ncu; /* fewest and most warps on one CU; CUs used */
} lm_launch_record;

/* What one launch did. */
typedef struct {
	double seconds;          /* kernel time: profiling events, else the host's clock */
	double host_s;           /* the host's time from enqueue to completion */
	double fastest;          /* seconds of its fastest kernel, where it ran several (0: not known) */
	double work;             /* work done (the workload's unit: warp iterations, elements) */
	unsigned groups;         /* work-groups launched */
	unsigned started_at_end; /* fewest groups started when a group ended */
	lm_launch_record rec;    /* the per-warp record, where read */
} lm_launch_out;

/* Where kernels cannot read a clock: the running clock a GPU's driver
 * shows in sysfs, opened into *clock (left NULL, and said once here, where
 * there is none; nothing for a CPU or one already open). */
lm_status lm_launch_sysclock(const lm_device *d, lm_sysclock **clock);

/* Builds source (what: its name in messages) for d in ctx with options;
 * LM_ECL with the compiler's log if it does not build. */
lm_status lm_launch_build(cl_context ctx, const lm_device *d, const char *source, const char *what,
			  const char *options, cl_program *out);

/* The device binary of a built program in a new buffer (free() it),
 * NUL-terminated, *size bytes (0 and NULL: none). *text_len: its length as
 * text where it is text (NVIDIA's PTX: no control character before its
 * trailing NULs), else 0, the first control byte at *first_bad. */
char *lm_launch_binary(cl_program prog, size_t *size, size_t *text_len, size_t *first_bad);

/* Enqueues kernel over threads work-items in groups of wg on queue and waits
 * for it; *seconds from its profiling events, or from the host's clock
 * where the events are plainly broken (*events_broken, set here once found
 * and said once a run). flags: LM_LAUNCH_TRIAL counts it as a trial. */
lm_status lm_launch_kernel(cl_command_queue queue, cl_kernel kernel, size_t threads, size_t wg,
			   const char *device, bool *events_broken, int flags, lm_launch_cost *cost,
			   double *seconds, double *host_s);

/* The same over an NDRange of dims dimensions, global and local work-items
 * in each. */
lm_status lm_launch_kernel_nd(cl_command_queue queue, cl_kernel kernel, cl_uint dims, const size_t *global,
			      const size_t *local, const char *device, bool *events_broken, int flags,
			      lm_launch_cost *cost, double *seconds, double *host_s);

/* The work-groups' start and end counters (sync: 1 + groups uints as the
 * kernel left them, cl/occupancy.h) into out; LM_ECHECK if not every group
 * counted itself in. */
lm_status lm_launch_sync(const uint32_t *sync, unsigned groups, const char *what, lm_launch_out *out);

/* The per-warp record of nwarps warps (rec: LM_LAUNCH_REC ulongs each);
 * hz: the clock for warps without a cycle count; cus: the device's CUs.
 * per_cu: scratch of per_cu_len counters. */
lm_launch_record lm_launch_read_record(const cl_ulong *rec, size_t nwarps, double hz, unsigned cus,
				       unsigned *per_cu, size_t per_cu_len);

/* One launch of a workload: length in the workload's unit (a chase's
 * quota of iterations, a user kernel's launches), flags as above. */
typedef lm_status (*lm_launch_fn)(void *ctx, unsigned long length, int flags, lm_launch_out *out);

/* How a point is to be timed. */
typedef struct {
	lm_launch_fn launch;
	void *ctx;
	double target;           /* seconds a timed launch should last */
	int repeats;             /* timed launches (or pairs), at most */
	double settle;           /* percent: two timed launches that agree end the point; 0: never */
	bool sized;              /* the length is sized to the target (else the kernel times itself:
				  * fixed-time, length max_length) */
	bool pair;               /* a short launch (LM_LAUNCH_SHORT) beside each long one */
	unsigned long min_pair;  /* the shortest length a pair is timed at (else single launches) */
	bool per_warp;           /* the rate from each warp's record (else work over time) */
	bool warm;               /* warm-up launches before timing, until the rate settles */
	unsigned long carried;   /* a length to start from (0: size from trial launches) */
	unsigned long max_length;
	double floor_s;          /* a trial shorter than this says nothing (timer resolution) */
	lm_launch_cost *cost;
} lm_point_plan;

/* The points of a curve measured last (a ring of LM_CARRY_POINTS): a
 * point's launches are sized from the one nearest in warps, as refine
 * measures a curve's occupancies out of order. */
#define LM_CARRY_POINTS 64
typedef struct {
	struct {
		unsigned warps;
		unsigned long length;
		double seconds;
	} p[LM_CARRY_POINTS];
	unsigned n;
} lm_carry;

void lm_carry_add(lm_carry *c, unsigned warps, unsigned long length, double seconds);

/* The length of the point nearest warps (the latest of equals), scaled by
 * target over its seconds and by scale(its warps / warps); 0 if none. */
unsigned long lm_carry_length(const lm_carry *c, unsigned warps, double target, double (*scale)(double));

/* What the timed launches of a point gave. */
typedef struct {
	unsigned long length;    /* of the timed (long) launches */
	int repeats;
	double time_med, time_min, time_max; /* seconds of the long launches */
	double rate;             /* work per second: the long launch beyond the short one (pair), or
				  * work over time; median over repeats */
	double rec_rate;         /* per_warp: median of the records' iter_rate */
	double overhead_s;       /* pair: time beyond the steady rate (median); else NAN */
	double grown;            /* pair: the share of the long launch's time the short one's
				  * lacks, (long - short) / long, of their fastest kernels where
				  * the launches say them (an outlier only slows a kernel: the
				  * fastest is the steadiest), else of their medians; else NAN */
	double fastest;          /* seconds of the long launches' fastest kernel (0: not known) */
	double work;             /* work of the long launches, summed */
	bool paired;             /* the short launches were timed */
	unsigned started;        /* fewest groups started when the first ended, over launches */
	unsigned groups;
	double cycles, ns;       /* the records, summed over the timed launches */
	double lo_cpi, hi_cpi;   /* fastest and slowest warp's cycles per iteration (0: none) */
	unsigned lo_cu, hi_cu, ncu;
	bool recorded;           /* some launch read a record */
} lm_point_timing;

/* Times a point as plan says. */
lm_status lm_point_time(const lm_point_plan *plan, lm_point_timing *out);

/* The row's fields every point has, from its timing: geometry, times,
 * timing and timer, co-residency, clock (the record's cycles over its ns,
 * else the sysfs clock read before and after, else the reported maximum)
 * and spread; the rest of row zeroed (warp_fastest, warp_slowest NAN). */
void lm_point_row(const lm_device *d, unsigned warps, unsigned groups, unsigned per_group, size_t wg,
		  const lm_point_timing *t, const char *timing, bool events_broken,
		  const lm_sysclock *sysclock, double sys_before, double sys_after, lm_row *row);

double lm_launch_median(double *v, int n);

/* Seconds of the host's monotonic clock. */
double lm_launch_now(void);

#endif
