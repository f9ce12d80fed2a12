/* options: the command line's options. Each command declares its own in a
 * table (cli/cmd_*.c: name, type, default, bounds, help as that command
 * means it), which drives parsing, its --help, and the record of its
 * options in a results file; --help, which every command takes, is the
 * common table's. The values land in one struct. */
#ifndef LM_OPTIONS_H
#define LM_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include "base/error.h"

#define LM_MAX_ARGS 4096 /* compare takes a glob of a results tree */

typedef struct {
	/* common */
	bool help;
	bool csv;
	const char *device;     /* "P:D" index or name substring */
	const char *kernel_dir; /* load cl/ files from here */
	/* predict, measure, kernel */
	const char *alpha;      /* list */
	const char *warps;      /* predict: a number; measure: list or "max" */
	double fraction;
	double loads, stores, insts; /* predict: a kernel's loop, per iteration */
	double scattered_loads, scattered_stores; /* of them, each lane on a sector of its own */
	double merged_stores; /* of the scattered stores, those whose sectors the group's rows complete */
	double waits, waits_alpha; /* the machine code's waits an iteration, and its alpha */
	double group_stores; /* as written: stores a group's first work-item alone makes */
	double tree_insts, tree_waits; /* as written: a reduction tree's turn's instructions and waits */
	double load_bytes, store_bytes; /* a lane's bytes per load and per store */
	double hits; /* loads of lines other iterations load: in flight, no traffic of their own */
	double misaligned_loads; /* of the coalesced loads, those starting off a line */
	double atomics; /* global atomics an iteration: the loop is not priced */
	double l1_lines; /* lines a warp's loads of an iteration ask L1 for (0: not bounded there) */
	double local;    /* local memory accesses a warp's iteration, L1's requests too */
	double trip;    /* predict --kernel as written: its loop's iterations a work-item; 0: the description's */
	/* measure and kernel */
	const char *mix;        /* kernel: one mix; measure: a list, or "all" */
	const char *kernel;     /* measure: users' kernels (a list, or "all": the suite) */
	const char *local_size; /* measure: work-group shapes for kernels as written */
	const char *arg_values; /* predict, kernel --mix-of: scalar arguments' values, NAME=V,... */
	double size;            /* measure --kernel: the problem size; 0: the description's */
	const char *chains;     /* kernel: one count; measure: a list */
	int group_warps;        /* warps per work-group; 0: as few as fit */
	const char *footprint;  /* bytes, with K/M/G suffix */
	int simd;               /* override of the detected SIMD width */
	int max_warps;          /* override of the resident-warp limit */
	const char *timing;     /* auto, fixed-time, stop-flag, fixed-work */
	double launch_ms;
	int repeats;
	double settle;          /* percent */
	const char *warmup;     /* "program" or "point" */
	bool quick;
	bool resume;
	bool replace;           /* measure: replace a results file of another sweep */
	bool refit;             /* run: fit and report what is there, measure nothing */
	bool binary;
	const char *isa;        /* kernel: an offline target (gfx90a, dg2-g10, ...) */
	const char *mix_of;     /* kernel: a user's kernel whose loop to count */
	const char *describe;   /* kernel: a user's kernel whose description to start */
	const char *save_binary; /* kernel: a directory for the device binaries */
	const char *count_ahead; /* kernel: a directory of sources to count (a queue on stdin) */
	const char *save_count;  /* kernel --mix-of: the count as report reads it (NAME.ini) */
	int build_jobs;         /* measure: processes building kernels; 0: auto */
	const char *shared_binaries; /* measure: a directory the sweeps of GPUs of one kind
				      * build their kernels into once (latmix measure -d gpus) */
	double time_limit;      /* seconds a user's kernel may go without progress */
	const char *output;
	/* fit */
	const char *model;      /* "basic" or "refined" */
	bool issue_cost;        /* also fit an issue cost per memory kind */
	/* devices */
	bool print_dir;         /* only the results directory of the selected device */
	/* compare */
	const char *ratios;     /* the thesis ratios CSV; NULL: the installed one */
	/* positional arguments */
	const char *args[LM_MAX_ARGS];
	int nargs;
} lm_options;

/* What an option is to a measurement (measure's options): one whose value
 * changes what a point measures (LM_OPTION_DEFINES: --resume continues a
 * file only with the values it was measured with), one that selects which
 * points are measured (LM_OPTION_SELECTS: may differ between the runs of
 * one file), or neither. */
typedef enum { LM_OPTION_OTHER, LM_OPTION_DEFINES, LM_OPTION_SELECTS, LM_OPTION_ANY } lm_option_role;

typedef enum { LM_OPT_FLAG, LM_OPT_INT, LM_OPT_NUM, LM_OPT_STR } lm_opt_type;

/* An option as a command takes it. */
typedef struct {
	const char *name;
	char short_name;
	lm_opt_type type;
	const char *def;     /* default as text; NULL: none */
	double min, max;     /* bounds for LM_OPT_INT and LM_OPT_NUM */
	size_t offset;       /* of its field in lm_options (LM_OPT_OFF) */
	const char *metavar;
	const char *help;    /* "{MIXES}" and "{KERNELS}" name the mixes and the suite's kernels */
	lm_option_role role; /* measure: what --resume compares */
} lm_opt;

#define LM_OPT_OFF(m) offsetof(lm_options, m)

/* A command's options: its own, then those of next (may be NULL). */
typedef struct lm_opt_table {
	const lm_opt *v;
	size_t n;
	const struct lm_opt_table *next;
} lm_opt_table;

#define LM_OPT_TABLE(a) { a, sizeof a / sizeof a[0], NULL }

/* Defaults from the table (and --help's). */
lm_options lm_options_defaults(const lm_opt_table *t);

/* Parses argv[first..argc) by the table (and --help) into *o, which must
 * hold the defaults. Errors are LM_EUSAGE with a message. */
lm_status lm_options_parse(lm_options *o, const lm_opt_table *t, int argc, char **argv, int first);

/* Prints the table's options, --help first, one per line, with defaults. */
void lm_options_help(FILE *f, const lm_opt_table *t);

/* The same as troff for a man page: a .TP paragraph an option. */
void lm_options_man(FILE *f, const lm_opt_table *t);

/* The name of the k-th option (from 0) of the table with role (any role:
 * LM_OPTION_ANY), and its value in o as text, into value; NULL after the
 * last. */
const char *lm_options_role_at(const lm_opt_table *t, lm_option_role role, size_t k, const lm_options *o,
			       char *value, size_t size);

/* The table's options in o as arguments that give them again ("--name",
 * "value"; a flag only if set; a string only if given), but those named in
 * skip (NULL-terminated, may be NULL): into argv (NULL-terminated, cap
 * entries), the text in buf. The count. */
size_t lm_options_argv(const lm_opt_table *t, const lm_options *o, const char *const *skip, char *buf,
		       size_t size, char **argv, size_t cap);

#endif
