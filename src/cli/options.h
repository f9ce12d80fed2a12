/* options: the command-line options, declared once in a table that drives
 * parsing, --help, and the echo of options into output metadata. */
#ifndef LM_OPTIONS_H
#define LM_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include "base/error.h"

/* The subcommands, as bits so an option can say which ones take it. */
enum {
	LM_CMD_DEVICES = 1 << 0,
	LM_CMD_PREDICT = 1 << 1,
	LM_CMD_KERNEL = 1 << 2,
	LM_CMD_MEASURE = 1 << 3,
	LM_CMD_FIT = 1 << 4,
	LM_CMD_REPORT = 1 << 5,
	LM_CMD_COMPARE = 1 << 6,
	LM_CMD_EXPORT = 1 << 7,
	LM_CMD_ALL = 0xff
};

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
	double load_bytes, store_bytes; /* a lane's bytes per load and per store */
	double hits; /* loads of lines other iterations load: in flight, no traffic of their own */
	double misaligned_loads; /* of the coalesced loads, those starting off a line */
	double atomics; /* global atomics an iteration: the loop is not priced */
	/* measure and kernel */
	const char *mix;        /* kernel: one mix; measure: a list, or "all" */
	const char *kernel;     /* measure: users' kernels (a list, or "all": the suite) */
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
	bool binary;
	const char *isa;        /* kernel: an offline target (gfx90a, dg2-g10, ...) */
	const char *mix_of;     /* kernel: a user's kernel whose loop to count */
	const char *describe;   /* kernel: a user's kernel whose description to start */
	const char *save_binary; /* kernel: a directory for the device binaries */
	int build_jobs;         /* measure: processes building kernels; 0: auto */
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

/* Defaults from the table. */
lm_options lm_options_defaults(void);

/* Parses argv[first..argc) for command cmd (an LM_CMD_ bit) into *o, which
 * must hold the defaults. Errors are LM_EUSAGE with a message. */
lm_status lm_options_parse(lm_options *o, unsigned cmd, int argc, char **argv, int first);

/* Prints the options command cmd accepts, one per line, with defaults. */
void lm_options_help(FILE *f, unsigned cmd);

/* Writes every option cmd accepts as "<prefix>name = value" lines. */
void lm_options_echo(FILE *f, const char *prefix, unsigned cmd, const lm_options *o);

/* The name of the k-th option (from 0) of command cmd with role (any
 * role: LM_OPTION_ANY; --help never), and its value in o as
 * lm_options_echo writes it, into value; NULL after the last. */
const char *lm_options_role_at(unsigned cmd, lm_option_role role, size_t k, const lm_options *o,
			       char *value, size_t size);

/* The options of o that command cmd accepts, as arguments that give them
 * again ("--name", "value"; a flag only if set; a string only if given),
 * but those named in skip (NULL-terminated, may be NULL): into argv
 * (NULL-terminated, cap entries), the text in buf. The count. */
size_t lm_options_argv(unsigned cmd, const lm_options *o, const char *const *skip, char *buf,
		       size_t size, char **argv, size_t cap);


#endif
