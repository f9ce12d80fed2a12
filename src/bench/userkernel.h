/* ukernel: a user's OpenCL kernel measured at every occupancy the way the
 * mixes are. The kernel is grid-stride (what it computes does not depend
 * on the grid); a description beside it (an INI file) gives its arguments'
 * contents and the problem size. latmix builds it with a wrapper kernel
 * that counts its work-groups in and out around a call of it (every group
 * resident at once, checked), launches exactly n warps per CU, times the
 * launches through the point timer (launch.h: a problem of size N beside
 * one of N/2, so start-up and end cancel) and checks that the outputs are
 * the same at every occupancy. */
#ifndef LM_USERKERNEL_H
#define LM_USERKERNEL_H

#include <stdbool.h>
#include "bench/device.h"
#include "bench/launch.h"
#include "asm/count.h"

#define LM_USER_MAX_ARGS 32
#define LM_USER_NAME 48 /* longest kernel or argument name, with its NUL */

typedef enum { LM_USER_SCALAR, LM_USER_GLOBAL, LM_USER_CONSTANT, LM_USER_LOCAL } lm_user_space;

typedef enum {
	LM_USER_ZERO,        /* zero */
	LM_USER_CONST,       /* const V */
	LM_USER_INDEX,       /* element i holds i */
	LM_USER_STEP,        /* step K: element i holds i K (a CSR matrix's row pointers) */
	LM_USER_RANDOM,      /* floats uniform in [0, 1); integers uniform over their range */
	LM_USER_RANDOM_BELOW, /* random-below M: uniform in [0, M) (random columns) */
	LM_USER_PERMUTATION  /* a random permutation of 0 .. length - 1 */
} lm_user_fill;

/* One argument of the kernel, as its section of the description says. */
typedef struct {
	char name[LM_USER_NAME];
	char type[64];         /* as written: "global const float*", "uint" */
	lm_user_space space;
	bool is_const;
	char elem[16];         /* the element's (or scalar's) type: float, uint, ... */
	unsigned elem_size;
	bool is_float, is_signed;
	char length[128];      /* buffers: elements, an expression in N; local: "group" */
	char value[128];       /* scalars: an expression in N */
	lm_user_fill fill;
	char fill_arg[128];    /* const V, step K, random-below M: an expression in N */
	bool output;           /* compared between occupancies */
	bool reset;            /* filled again before every launch (an accumulator) */
	double tolerance;      /* relative, for float outputs; 0: bit for bit */
	int line;              /* of its section in the description */
} lm_user_arg;

/* A kernel's description. */
typedef struct {
	char label[LM_USER_NAME]; /* what rows call it: the suite's name or the function's */
	char name[LM_USER_NAME];  /* the __kernel function */
	char source[4096];      /* where its source is ("kernels/triad.cl" in cl/, or a path) */
	bool in_cl;             /* source is a file of cl/ (lm_kernel_source) */
	char path[4096];        /* the description's file, for messages */
	double size;            /* N, the problem size */
	char elements[128];     /* elements a launch of size N processes: expression in N */
	char bytes[128];        /* bytes its loads and stores request: expression in N */
	lm_user_arg arg[LM_USER_MAX_ARGS];
	int nargs;
	unsigned long long hash; /* of the description's text and the kernel's source (FNV-1a) */
} lm_user_desc;

/* Evaluates text, an expression of decimal numbers, N, + - * / and
 * parentheses, at N = n. LM_EUSAGE if it is not one or is not finite. */
lm_status lm_user_eval(const char *text, double n, double *out);

/* The suite's kernel names (cl/kernels/NAME.ini, from kernel_dir or the
 * embedded copies), sorted; *n of them, at most cap. */
lm_status lm_user_suite(const char *kernel_dir, char (*names)[LM_USER_NAME], size_t cap, size_t *n);

/* Reads the description of spec: a suite name ("triad"), or FILE.cl:NAME
 * or FILE.cl (NAME: the file's stem), a user's kernel whose description is
 * NAME.ini beside the file, else FILE.ini. size > 0 replaces the
 * description's problem size. Anything missing, misspelled or malformed is
 * LM_EUSAGE naming the file, line and key. */
lm_status lm_user_describe(const char *spec, const char *kernel_dir, double size, lm_user_desc *out);

/* The line a results file gives the kernel measured as d describes it
 * ("# kernel = " and this): its label, function, source, N, elements,
 * bytes and hash; --resume continues a kernel only with the same line. */
void lm_user_line(const lm_user_desc *d, char *buf, size_t size);

/* Whether line, a results file's, is that of a kernel measured as d
 * describes it: equal, or for a line written before lines had a hash,
 * equal up to the hash. */
bool lm_user_line_matches(const lm_user_desc *d, const char *line);

/* Reads a description's text into d, whose label, name, source and path
 * (for messages) the caller has set and whose other fields are zero;
 * size > 0 replaces the description's problem size. As lm_user_describe. */
lm_status lm_user_parse(const char *text, double size, lm_user_desc *d);

/* Writes to out a description of kernel name in source (file: its path)
 * to start from: each argument's section from the kernel's own argument
 * names and types as d's compiler reports them, with contents that run and
 * every guess marked "check"; bytes_an_iteration: what the kernel's loop
 * loads and stores an iteration (latmix kernel --mix-of), 0 if not known;
 * uses (may be NULL): which arguments the kernel reads and writes, so that
 * a buffer it only reads is filled as an input, one it writes is compared,
 * and one it reads and writes is refilled before every launch. */
lm_status lm_user_skeleton(const lm_device *d, const char *source, const char *file, const char *name,
			 double bytes_an_iteration, const lm_count_uses *uses, FILE *out);

/* Splits spec, a user's FILE.cl[:NAME], into the file and the kernel's name
 * (NAME, else the file's stem); false if spec is not one (no .cl file, or
 * a path or name too long). */
bool lm_user_user_spec(const char *spec, char *file, size_t file_size, char name[LM_USER_NAME]);

typedef struct lm_user lm_user;

/* How a kernel's points are timed (the mixes' options). */
typedef struct {
	double launch_ms;  /* target duration of a timed launch sequence */
	int repeats;
	double settle;     /* percent */
	unsigned group_warps; /* 0: as few as fit */
	bool warmup_every;
	uint64_t seed;     /* of the random contents */
	double time_limit; /* seconds a launch may run at most (guard.h; a worker's only) */
	const char *kernel_dir; /* the suite's files from here; NULL: embedded */
} lm_user_config;

/* Builds the kernel with its wrapper on d (checking the description
 * against the kernel's arguments, each wrong one named), creates and fills
 * its buffers. */
lm_status lm_user_alloc(const lm_device *d, const lm_user_desc *desc, const lm_user_config *cfg,
		      lm_user **out);
void lm_user_free(lm_user *k);

/* Measures the kernel at warps per CU: its rate of elements and bytes a
 * second (bytes_per_s, elements_per_s), the row's other columns as a
 * mix's (alpha 0, no chain counts). The outputs are read back and compared
 * with those of the kernel's first point: LM_ECHECK, naming the argument
 * and the element, if they differ (a kernel whose result depends on the
 * grid). LM_EDEVICE where the point cannot be run as it must be. */
lm_status lm_user_point(lm_user *k, unsigned warps, lm_row *row);

lm_launch_cost lm_user_costs(const lm_user *k);

/* The output argument name as the kernel's first point left it (its
 * elements, *bytes of them), or NULL if there is none yet. */
const void *lm_user_output(const lm_user *k, const char *name, size_t *bytes);

#endif
