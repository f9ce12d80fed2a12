/* sweep_parts: what the files of a sweep share (sweep.c measures, sweep_plan.c
 * plans, sweep_build.c builds ahead, sweep_output.c names, starts and
 * finishes the results file). Not for other modules: bench/sweep.h is. */
#ifndef LM_SWEEP_PARTS_H
#define LM_SWEEP_PARTS_H

#include <stdio.h>
#include <time.h>
#include "base/file.h"
#include "bench/dispatch.h"
#include "bench/measure.h"
#include "bench/sweep.h"
#include "bench/userdesc.h"
#include "fit/results.h"

#define MAX_MIXES 32
#define MAX_CHAINS 16

/* Default alphas: the full span for the main mix, fewer elsewhere. */
#define ALPHAS_FULL "0,1/4,1,2,4,8,16,32,64,128,256,512,inf"
#define ALPHAS_OTHER "0,1,4,16,64,256"
#define ALPHAS_CHAINS "0,4,16,64,inf"
#define ALPHAS_STORE "0,1/4,1,2,4,8,16,32,64,128,256,512"
#define ALPHAS_STORE_CHAINS "0,4,16,64"
#define QUICK_FULL "0,4,inf"
#define QUICK_OTHER "0,4"
/* A CPU's, where latmix fits no model (its alphas draw the report's curves,
 * not a fit's): each one a kernel PoCL compiles, about 0.6 s on a core */
#define CPU_FULL "0,1,4,16,64,inf"
#define CPU_OTHER "0,4,16,64"

typedef struct {
	const lm_mix *mix;
	unsigned chains[MAX_CHAINS];
	size_t nchains;
} plan_mix;

typedef struct {
	plan_mix mixes[MAX_MIXES];
	size_t nmixes;
	unsigned *warps;
	size_t nwarps;
} plan;

#define MAX_FAILED 64
#define MAX_KERNELS LM_SWEEP_MAX_KERNELS

/* Everything the sweep needs, checked before a file is touched. */
typedef struct {
	const lm_sweep_config *o;
	lm_device d;
	plan p;
	lm_alpha *alphas[MAX_MIXES][MAX_CHAINS];
	size_t nalphas[MAX_MIXES][MAX_CHAINS];
	lm_meas_config base;
	cl_kernel random;    /* --kernel: base.context's random fill (userfill.h); NULL: none */
	lm_meas_buffer keep; /* the chase buffer the last mix left (lm_meas_config's keep) */
	size_t total;
	lm_meas_cost cost; /* summed over the mixes measured */
	char binary_dir[256]; /* kernels built ahead by other processes; "" if none */
	bool binary_shared;   /* binary_dir is --shared-binaries': not this sweep's to remove */
	char count_dir[256];  /* --kernel: kernels counted ahead by other processes; "" if none */
	lm_file_inputs inputs; /* the kernel files read (none if embedded) */
	lm_user_desc *kern;     /* --kernel: the users' kernels, measured instead of the mixes */
	size_t nkern;
	char mix_dir[4200];   /* --kernel: where each kernel's counted loop goes (beside the
			       * results: DIR/mix-of); empty for results written to a device */
	/* --kernel: the kernels not measured, or not whole, and why the first was not */
	char failed[MAX_FAILED][LM_USER_NAME];
	size_t nfailed, nasked;
	lm_status first_failure;
	char first_why[1024];
	/* warnings said once, then counted: said again at the end */
	unsigned apart_curves, apart_points; /* curves with points not co-resident */
	unsigned falls;                      /* one-warp latencies falling with alpha */
} sweep;

/* What --resume continues: the whole lines of a file (the sweep's partial
 * file, else its finished one) and the points they hold. */
typedef struct {
	char *text;       /* the file's whole lines: the new partial file starts with them */
	size_t len;
	char dropped[48]; /* the start of a last line cut short (no newline), left out */
	lm_results prev;
} resumed;

/* Where a sweep's rows go. */
typedef struct {
	char path[4096];    /* the results file, as named */
	char target[4096];  /* the file replaced: path, or the file its link points to */
	char partial[4200]; /* the rows until the sweep is whole: target.partial (a device: path) */
	bool direct;        /* path is a device or fifo: written directly */
	bool had_partial;   /* a partial file was there before this run */
	const char *src;    /* what --resume continues (partial, or path); NULL: a new sweep */
	resumed res;
} output;

double sweep_since(const struct timespec *t0);

void sweep_add_cost(lm_meas_cost *sum, const lm_meas_cost *c);

bool sweep_done_before(const lm_results *prev, const char *mix, unsigned chains, lm_alpha a,
			unsigned warps);

/* The row of that point in prev, or NULL. */
const lm_row *sweep_prev_row(const lm_results *prev, const char *mix, unsigned chains, lm_alpha a,
			     unsigned warps);

/* The tolerance a curve's occupancies are refined to (refine.h): where
 * the sweep chose them (no --warps, not --quick), else 0: every level. */
double sweep_refine_tol(const sweep *sw);

/* A curve's rows, kept until it ends so that the file holds them in the
 * order of their occupancies, whatever order refine measured them in. */
typedef struct {
	lm_row *row;
	bool *have;
	size_t n;
} sweep_rows;

lm_status sweep_rows_init(sweep_rows *b, size_t n);
void sweep_rows_put(sweep_rows *b, size_t j, const lm_row *row);
/* Writes the rows kept, in order, as name's, and frees b. */
lm_status sweep_rows_flush(sweep_rows *b, FILE *f, const char *name);

lm_status sweep_prepare(sweep *sw);

/* Kernel label was not measured, or not whole (status s, the message
 * the last error's): said now, listed at the end; the others go on. */
void sweep_kernel_failed(sweep *sw, const char *label, lm_status s);

/* Builds every kernel the sweep will use (but those a resumed file has
 * all the points of) before it starts, into a temporary directory the
 * measurements load them from: the kernels go into a queue (a pipe) that
 * build_jobs() - 1 `latmix kernel` processes and this one (in the sweep's
 * context, made before the others start) take from, one kernel at a time.
 * NVIDIA's driver builds one kernel at a time in a process (0.2 to 0.5 s
 * each) and creates one context at a time on a GPU (about 0.3 s each), so
 * the processes that got their context first build more. Nothing here is
 * fatal: a kernel not built ahead is built when needed. */
void sweep_build_ahead(sweep *sw, const lm_results *prev);

/* Removes the kernels build_ahead left. */
void sweep_remove_binaries(sweep *sw);

/* sweep_cache.c: takes the directory the sweep's kernels are built ahead
 * into and kept in (--shared-binaries', else latmix's kernel cache for the
 * device, driver and kernel source) into sw->binary_dir, its lock held:
 * the lock's descriptor (close it to let the next sweep in), or -1 where
 * there is none (then a temporary directory is the sweep's). *waited: the
 * seconds another sweep building there held it. */
int sweep_binaries_take(sweep *sw, double *waited);

/* Whether dir holds the kernel (mix, chains, a, flag_free) built with the
 * options a builder would build it with for the sweep's device. */
bool sweep_binary_built(const sweep *sw, const char *dir, const lm_mix *mix, unsigned chains, lm_alpha a,
			bool flag_free);

/* --kernel: counts every kernel's loop (what write_kernel_mix keeps
 * beside the results) before the sweep starts, in several `latmix kernel
 * --count-ahead` processes at once where the driver builds one kernel at
 * a time in a process (as sweep_build_ahead), into sw->count_dir. Nothing
 * here is fatal: a kernel not counted ahead is counted after its points. */
void sweep_count_ahead(sweep *sw);

/* A kernel's label as a file name (its '/' and tabs as '_'). */
void sweep_count_base(const char *label, char *base, size_t size);

/* Removes what sweep_count_ahead left. */
void sweep_remove_counts(sweep *sw);

/* Names the sweep's files, and reads and checks what --resume continues:
 * all before anything is written. */
lm_status sweep_choose_output(sweep *sw, output *out);

/* The partial file, in place whole with its head (what --resume continues
 * and a '# resumed' line, or the metadata and the header), then open for
 * rows. */
lm_status sweep_start_output(const sweep *sw, const output *out, FILE **f);

/* Closes the partial file f, renamed over the results file if the sweep
 * (status s) is whole, and says where the points are; the status. */
lm_status sweep_finish_output(const output *out, FILE *f, lm_status s, size_t measured);

/* LM_ESTOP once Ctrl-C was pressed. */
lm_status sweep_stopped(void);

/* A kernel as written (desc->dims): its points at each work-group shape
 * and level into f (sweep_nd.c); a failure of the kernel's own is said and
 * listed (LM_OK), one of the sweep's returned. */
struct lm_user;
lm_status sweep_nd_points(sweep *sw, struct lm_user *k, const lm_user_desc *desc, FILE *f,
			  const lm_results *prev, size_t *measured);

/* The measurement of pm's mix as the sweep sets it up: its chains, and
 * the cache mixes' own footprint (lm_meas_cache_footprint). */
lm_meas_config sweep_mix_config(const sweep *sw, const plan_mix *pm);

/* The most chains any alpha of pm asks for. */
unsigned sweep_max_chains(const plan_mix *pm);

#endif
