/* userdesc: a user's kernel's description, the INI file beside it that
 * says what latmix cannot know (the problem size N, each argument's
 * contents), read through the one INI reader and checked whole: its
 * values against their types at N and N / 2, the source's launch (one
 * dimension) and names (none of latmix's own), and a hash of both files
 * that --resume compares. No OpenCL. */
#ifndef LM_USERDESC_H
#define LM_USERDESC_H

#include <stdbool.h>
#include <stddef.h>
#include "base/error.h"

#define LM_USER_MAX_ARGS 32
#define LM_USER_NAME 48 /* longest kernel or argument name, with its NUL */
#define LM_USER_SUITE_MAX 64 /* the most kernels a suite (cl/kernels/, --kernel-dir) holds */
#define LM_USER_MAX_ELEM 128 /* bytes of the largest element: a double16 */

#define LM_USER_MAX_DIMS 3 /* an NDRange's dimensions at most */
#define LM_USER_MAX_LOCALS 16 /* local sizes one kernel is swept over at most */

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
	char elem[16];         /* the element's (or scalar's) type: float, uint4, ... */
	unsigned elem_size;    /* bytes of an element: lane_size x lanes (a 3-vector takes 4 lanes' room) */
	unsigned lanes;        /* 1 for a scalar type; 2, 3, 4, 8 or 16 for a vector (float4) */
	unsigned lane_size;    /* bytes of a lane: its scalar type's */
	bool is_float, is_signed; /* of a lane */
	char length[128];      /* buffers: elements, an expression in N; local: "group" */
	char value[128];       /* scalars: an expression in N */
	lm_user_fill fill;
	char fill_arg[128];    /* const V, step K, random-below M: an expression in N */
	bool output;           /* compared between occupancies */
	bool per_local;        /* output = per-local-size: compared only between the points of
				* one local size (a reduction by work-groups) */
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
	char trip[128];         /* a kernel as written with a loop inside: the loop's iterations
				 * a work-item runs, an expression in N; "" where not given */
	/* as written (global = ...): the NDRange launched as it is, one dimension a
	 * global expression; dims 0: grid-stride (latmix chooses the grid) */
	int dims;
	char global[LM_USER_MAX_DIMS][128];
	unsigned local[LM_USER_MAX_DIMS]; /* local = ...: the work-group's shape */
	int local_dims;                  /* its dimensions; 0: not given */
	lm_user_arg arg[LM_USER_MAX_ARGS];
	int nargs;
	unsigned long long hash; /* of the description's text and the kernel's source (FNV-1a) */
} lm_user_desc;


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


/* Splits spec, a user's FILE.cl[:NAME], into the file and the kernel's name
 * (NAME, else the file's stem); false if spec is not one (no .cl file, or
 * a path or name too long). */
bool lm_user_user_spec(const char *spec, char *file, size_t file_size, char name[LM_USER_NAME]);

/* A count the expression text (what: its name in messages) gives at N =
 * n: a whole number from 0 to 2^48. */
lm_status lm_user_eval_count(const lm_user_desc *d, const char *what, const char *text, double n, size_t *out);

/* "global const float*", "global float4*" or "uint" into a's space,
 * constness and element type (its lanes and their type); false if it is
 * none latmix fills: a scalar type of lm_user_elem_names() or a vector of
 * 2, 3, 4, 8 or 16 of one. */
bool lm_user_parse_type(const char *text, lm_user_arg *a);

/* Whether scalar argument arg of kernel name in src, its source, sizes
 * its work: it appears in the condition of a for, while or if in the
 * kernel's body, a loop's bound or an index's guard (latmix kernel
 * --describe ties it to N). */
bool lm_user_sizes_the_work(const char *src, const char *name, const char *arg);

/* The position of argument arg in kernel name's parameter list in src
 * (0: the first), its name the last word of a parameter outside brackets;
 * -1 where src defines no such kernel or it has no such parameter. */
int lm_user_param_index(const char *src, const char *name, const char *arg);

/* The dimension of the grid scalar arg of kernel name in src bounds: it
 * stands in a clause of an if, while or for condition beside the index of
 * that dimension alone (x >= width, x set from get_global_id(0): 0);
 * -1 where it bounds none or more than one. */
int lm_user_bounded_dimension(const char *src, const char *name, const char *arg);

/* Why measure refuses src, a kernel's source (user: a user's, not the
 * suite's) launched over dims dimensions (0: a grid-stride kernel, one),
 * as a phrase after its file's name ("calls get_global_id(1): ..."), into
 * why: a call of a work-item function on a dimension past the launch's, a
 * name of latmix's own; "" if it takes it. */
void lm_user_source_refusal(const char *src, bool user, int dims, char *why, size_t size);

/* Reads one work-group shape, its sizes separated by sep ("16, 16" in a
 * description, "16x16" on the command line), into shape (the dimensions
 * not given: 1): its dimensions, or 0 with why set if it is not 1 to 3
 * whole numbers from 1 to 65536. */
int lm_user_parse_shape(const char *text, char sep, unsigned shape[LM_USER_MAX_DIMS], char *why, size_t why_size);

/* The default work-group shapes of a kernel of dims dimensions (1 to 3),
 * the i-th of LM_USER_DEFAULT_SHAPES: 32 to 512 work-items, square-ish in
 * 2D and 3D (8x4, 8x8, 16x8, 16x16, 32x16), what latmix measures a kernel as
 * written at and predicts it at. */
#define LM_USER_DEFAULT_SHAPES 5
const unsigned *lm_user_default_shape(int dims, int i);

/* The default shape of size work-items for a kernel of dims dimensions;
 * NULL where none has that size. */
const unsigned *lm_user_default_shape_of(int dims, unsigned size);

/* A kernel as written's launch at its description's N: its work-items
 * (the global sizes' product) into *items and its elements a work-item
 * (elements at N over them) into *per_item; false, both left, where d gives
 * no launch (grid-stride) or either is not a positive number. */
bool lm_user_launch_work(const lm_user_desc *d, double *items, double *per_item);

/* Reads --local-size's list (comma separated, each a shape "32" or
 * "16x16") for a kernel of dims dimensions into shapes (at most
 * LM_USER_MAX_LOCALS), *n of them; LM_EUSAGE saying which entry is wrong. */
lm_status lm_user_parse_locals(const char *list, int dims, unsigned (*shapes)[LM_USER_MAX_DIMS], int *n);

/* The global size of dimension dim at N = n (a whole number from 1 to
 * 2^32); LM_EUSAGE naming the description where it is not one. */
lm_status lm_user_global_at(const lm_user_desc *d, int dim, double n, size_t *out);

/* The launch as written: its global sizes whole at N and N / 2 (the two a
 * point launches), the local shape (if given) of as many dimensions and
 * dividing both (OpenCL 1.2 launches only whole work-groups: refused, not
 * rounded up); per-local-size outputs only there. LM_EUSAGE saying why. */
lm_status lm_user_check_launch(const lm_user_desc *d);

/* The dimensions src's work-item calls name (get_global_id(2): 3), and
 * whether it reads the grid's size (get_global_size, get_num_groups: a
 * grid-stride loop) into *grid_stride. */
int lm_user_source_dims(const char *src, bool *grid_stride);

/* The element types latmix fills, "char uchar ... double". */
const char *lm_user_elem_names(void);


#endif
