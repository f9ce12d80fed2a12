/* measure: runs a mix at one (alpha, occupancy) point on a device and
 * returns the sustained throughput, with every launch's final positions
 * checked against the host's walk of the chase buffer. */
#ifndef LM_MEASURE_H
#define LM_MEASURE_H

#include <stdbool.h>
#include <stdint.h>
#include "base/alpha.h"
#include "bench/device.h"
#include "bench/launch.h"
#include "base/mix.h"

/* How a launch's length is set, and so what its throughput means. */
typedef enum {
	LM_TIMING_AUTO = 0,    /* fixed-time where kernels can read a clock, stop-flag on
				* other GPUs, fixed-work on CPUs */
	LM_TIMING_FIXED_TIME,  /* every warp runs for the same time of its in-kernel clock */
	LM_TIMING_STOP_FLAG,   /* the first warp to finish a quota stops all: no clock needed */
	LM_TIMING_FIXED_WORK   /* every warp runs the same number of iterations */
} lm_timing;

/* "fixed-time", ...; "auto" for LM_TIMING_AUTO. */
const char *lm_timing_name(lm_timing t);

/* Parses a --timing value; LM_EUSAGE with a message if unknown. */
lm_status lm_timing_parse(const char *s, lm_timing *out);

/* The mode t means on d: auto resolved; LM_EUSAGE if d cannot do t
 * (fixed-time without an in-kernel clock). */
lm_status lm_timing_resolve(const lm_device *d, lm_timing t, lm_timing *out);

/* The chase buffer one mix of a sweep leaves to the next (lm_meas_config's
 * keep): the next takes it where it would write the same there (the same
 * context and bytes, and the same chase, or on a CPU both streams' pattern:
 * gmem, gmem-store and gmem-store-half's one chase; the stream mixes' one
 * pattern), else it is released before the next one's is made, so that a
 * sweep holds one such buffer at most. buf NULL: none. */
typedef struct {
	cl_mem buf;
	cl_context ctx;
	size_t bytes;    /* with the pad before the chase */
	bool touched;    /* a stream's pattern on a CPU, not a chase */
	size_t lines;
	unsigned width, scale;
	uint64_t seed;
} lm_meas_buffer;

/* Releases k's buffer (none: nothing) and empties it. */
void lm_meas_buffer_release(lm_meas_buffer *k);

typedef struct {
	const lm_mix *mix;
	lm_timing timing;             /* as asked; resolved for the device by alloc */
	unsigned long long footprint; /* chase buffer bytes */
	double launch_ms;             /* target duration of a timed launch */
	int repeats;                  /* timed launches per point, at most */
	double settle;                /* percent: two timed launches that agree
				       * within it end a point early; 0: never */
	unsigned chains;              /* most chains per thread a point will ask for */
	unsigned group_warps;         /* warps per work-group; 0: as few as fit */
	const char *kernel_dir;       /* NULL: embedded kernels */
	const char *binary_dir;       /* kernels other processes built
				       * (lm_meas_save_binary); NULL: none */
	cl_context context;           /* one to share (retained); NULL: its own */
	bool warmup_every;            /* a warm-up launch before every point; else
				       * before the first point of each program only */
	uint64_t seed;                /* of the chase buffer's shuffle */
	lm_meas_buffer *keep;         /* the buffer the mix before left, taken or
				       * replaced by this one's; NULL: its own */
} lm_meas_config;


typedef struct lm_meas lm_meas;

/* Rows of the local-memory chase: its words are rows x SIMD width. */
#define LM_MEAS_LMEM_ROWS 32

/* The chains a mix's threads spread over the footprint as: chains, or for
 * a stream mix at least LM_MEAS_STREAM_SPREAD (a shorter buffer let it read
 * above the memory's rate). */
#define LM_MEAS_STREAM_SPREAD 4
unsigned lm_meas_spread_chains(const lm_mix *mix, unsigned chains);

/* The footprint latmix uses by default on d: the largest of 1 GiB, 8 x the
 * reported cache and 1024 lines per chain at full occupancy with chains per
 * thread, within the device's largest allocation (less a 32 MiB pad) and
 * the chase's index range; quick: at most 256 MiB. A CPU's within 512 MiB
 * (quick 256), its host's memory. */
unsigned long long lm_meas_default_footprint(const lm_device *d, bool quick, unsigned chains);

/* Where footprint is under 8 times the cache d reports, a sentence saying
 * what that does to the latency and how to measure past it (true); false
 * where the chase outruns the cache, or either is not known. */
bool lm_meas_footprint_note(const lm_device *d, unsigned long long footprint, char *buf, size_t size);

/* Bytes of the cache mixes' buffer (mix.h cache): a prime number of lines,
 * half the global-memory cache d reports and at least 16 for every warp
 * the device holds at once (measure_plan.c says why); 0 where that is more
 * than d allocates at once (lm_meas_cache_refusal). */
unsigned long long lm_meas_cache_footprint(const lm_device *d);

/* Does the cache mixes' chase (gmem-cache) measure warps per CU with
 * chains? One warp a CU only: a second would walk lines its CU's L1 just
 * took in, the lines apart the warps are (the footprint is small). Its
 * chains, 1 to LM_MEAS_CACHE_CHAINS, start a chain's share of the whole
 * cycle apart (measure_chains.c), so a CU comes back to a line only after
 * every line of the buffer: they hit L2, not L1. */
#define LM_MEAS_CACHE_CHAINS 8u
bool lm_meas_cache_chase_holds(unsigned warps, unsigned chains);

/* Why the cache mixes cannot be measured on d (a sentence), or NULL where
 * they can. */
const char *lm_meas_cache_refusal(const lm_device *d);

/* stream-scatter's rows (its build's -DLM_SCATTER=14, mix.c): a warp's
 * lanes store this many words apart, a block of a warp's rows at a time,
 * which the store mixes' sink (at least LM_MEAS_SINK_MIN bytes) must hold */
#define LM_MEAS_SCATTER_ROW_WORDS 16384u
#define LM_MEAS_SINK_MIN (16ull << 20)

/* Why mix m cannot be measured on d (a sentence: the cache mixes' buffer,
 * a mix of work-groups of its own size that d does not hold, or whose rows
 * need a warp of a power of two lanes whose block of rows the sink holds),
 * or NULL where it can. */
const char *lm_meas_mix_refusal(const lm_device *d, const lm_mix *m);

/* Bytes of the buffer a store mix writes into (mix.h store_bytes): the
 * largest power of two within the chase's footprint (which outruns the
 * cache: so the stores reach memory), at least 16 MiB, at most 1 GiB (a
 * CPU's 256 MiB) and a quarter of the device's largest allocation. */
unsigned long long lm_meas_sink_bytes(const lm_device *d, unsigned long long footprint);

/* Checks a footprint against d; LM_EUSAGE with a message if it cannot be. */
lm_status lm_meas_check_footprint(const lm_device *d, unsigned long long bytes);

/* Splits warps per CU into groups per CU x warps per group that d holds at
 * once, with group_warps warps per group if nonzero, else as few as fit;
 * LM_EUSAGE if none (a prime count beyond one work-group, say). */
lm_status lm_meas_geometry(const lm_device *d, unsigned warps, unsigned group_warps,
			   unsigned *groups, unsigned *per_group);

/* Can d run cfg? LM_EUSAGE with a message if not (footprint, local memory,
 * chains). Allocates nothing. */
lm_status lm_meas_check_config(const lm_device *d, const lm_meas_config *cfg);

/* Creates the context, builds the mix's chase buffer and uploads it.
 * LM_EUSAGE where the device cannot run the mix as configured. */
lm_status lm_meas_alloc(const lm_device *d, const lm_meas_config *cfg, lm_meas **out);
void lm_meas_free(lm_meas *m);

/* Reads the chase buffer back from the device and compares every word with
 * what the host's bijection says it must hold (a stream mix's on a CPU: the
 * pattern that touched its pages): LM_ECHECK at the first difference. A
 * whole buffer's traffic: for tests, not for every sweep. */
lm_status lm_meas_check_chase(lm_meas *m);

/* Where a measurement's time went (launch.h). */
typedef lm_launch_cost lm_meas_cost;

/* The costs so far of everything m did. */
lm_meas_cost lm_meas_costs(const lm_meas *m);

/* Seconds spent writing the chase buffer on the device. */
double lm_meas_build_time(const lm_meas *m);

/* Did m take the chase buffer the mix before it left (cfg keep)? */
bool lm_meas_buffer_kept(const lm_meas *m);
size_t lm_meas_lines(const lm_meas *m);

/* Fewest chase lines per chain of a warp a global point is measured
 * with. */
#define LM_MEAS_MIN_LINES 512u

/* Measures one point: alpha, chains per thread (1 to cfg.chains), warps
 * per CU. LM_ECHECK if any thread's final position differs from
 * the host's walk: the number would not be true. LM_EDEVICE (nothing
 * measured) where the device cannot run the point as it must be run: too
 * few chase lines per chain, too large a work-group. */
lm_status lm_meas_point(lm_meas *m, lm_alpha alpha, unsigned chains, unsigned warps,
			lm_row *row);

/* The reference for one warp's latency: alpha's chain, one chain a thread,
 * one warp per CU, built without the stop flag (cl/chase.cl, LM_NO_FLAG)
 * and run a fixed number of iterations, timed by each warp's in-kernel
 * clock around its loop where the device has one (else by the difference
 * of a long and a short launch). Its cycles_per_group is what a sweep's
 * one-warp row of the same chain must read; row->timing is "reference".
 * Every chain's final position is checked as for lm_meas_point. */
lm_status lm_meas_reference(lm_meas *m, lm_alpha alpha, lm_row *row);

/* The loop body latmix builds for alpha: mem_n steps and alu_n adds per
 * body, bodies per iteration (stream: 16 loads). */
void lm_meas_body_shape(const lm_mix *mix, lm_alpha a, unsigned *mem_n, unsigned *alu_n,
			unsigned *bodies);

/* Iterations between two reads of the stop flag in mix's kernel for a and
 * chains (its LM_POLL): enough that a read is a small part of
 * one warp's time, 1 where global loads make every iteration long. */
unsigned lm_meas_poll(const lm_mix *mix, lm_alpha a, unsigned chains);

/* The build options of mix's kernel on d (clocked: with the in-kernel
 * clock's record, where d has one). */
void lm_meas_build_options(const lm_device *d, const lm_mix *mix, unsigned chains, lm_alpha a,
			   bool clocked, char *buf, size_t size);

/* The build options every kernel latmix times gets on d, whatever it
 * computes (a leading space): the SIMD width, the sub-group size to
 * require (Intel), the registers or waves full occupancy leaves (NVIDIA,
 * AMD), and (clocked) the in-kernel clock's record (cl/occupancy.h). */
void lm_meas_device_options(const lm_device *d, bool clocked, char *buf, size_t size);

/* Whether dir holds the binary of (mix, chains, a, flag_free) built with
 * opts, whole: its NAME.opt names them, and its size and checksum (checked
 * again as it is loaded). */
bool lm_meas_binary_saved(const char *dir, const lm_mix *mix, unsigned chains, lm_alpha a, bool flag_free,
			  const char *opts);

/* The file name, in a binary directory, of the kernel of mix for chains
 * and a: "gmem-k1-a1_4.bin", its build options beside it in ".opt" (and
 * its size and checksum); a reference's flag-free one (lm_meas_reference)
 * "gmem-k1-a0_1-nf.bin". */
void lm_meas_binary_name(const lm_mix *mix, unsigned chains, lm_alpha a, bool flag_free, char *buf, size_t size);

/* Builds the kernels of mix for chains and each of n alphas on d, in one
 * context, as lm_meas_point would, and writes each device binary to
 * dir/<lm_meas_binary_name> and the build options it was built with beside
 * it (".opt"): a measurement given the directory (cfg.binary_dir) loads
 * them instead of building again. Lets several processes build a sweep's
 * kernels at once, where a driver builds one at a time in a process
 * (NVIDIA). */
lm_status lm_meas_save_binaries(const lm_device *d, const lm_mix *mix, unsigned chains,
				const char *kernel_dir, const lm_alpha *alphas, size_t n, const char *dir);

/* A build queue: records of LM_MEAS_QUEUE_RECORD bytes, "MIX CHAINS ALPHA"
 * (and "nf" for a reference's flag-free kernel) padded with spaces and
 * ended by a newline, in a pipe that several processes read (latmix kernel
 * --save-binary DIR --alpha -): each takes the next kernel when it has
 * built the last, so the processes that got their context first build
 * more. */
#define LM_MEAS_QUEUE_RECORD 64
void lm_meas_queue_record(const lm_mix *mix, unsigned chains, lm_alpha a, bool flag_free,
			  char rec[LM_MEAS_QUEUE_RECORD]);

/* Builds the kernels the records read from fd name until its end, as
 * lm_meas_save_binaries does, in ctx (NULL: a context of its own); *built
 * (may be NULL): how many. */
lm_status lm_meas_save_queue(const lm_device *d, cl_context ctx, const char *kernel_dir, int fd,
			     const char *dir, unsigned *built);

/* The source as latmix builds it for alpha on d (build options first, as a
 * comment) and, if binary, the device binary where it is text (NVIDIA:
 * PTX), in a new string (free() it). */
lm_status lm_meas_kernel_text(const lm_device *d, const lm_mix *mix, unsigned chains,
			      const char *kernel_dir, lm_alpha alpha, bool binary, char **text);

#endif
