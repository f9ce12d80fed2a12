/* lane_parts: a register's value across a warp's lanes (lane), followed
 * through a kernel's PTX instruction by instruction (lane.c), for the
 * sorting of its accesses into lines and sectors (lanes.c). Within src/asm. */
#ifndef LM_LANE_PARTS_H
#define LM_LANE_PARTS_H

#include "asm/ptx.h"

/* A register's value across the lanes of a warp: lane x stride plus what
 * every lane shares (LANE_AFFINE; stride 0: uniform, value known where
 * is_const), lane x a number the same for every lane but unknown until the
 * kernel runs (LANE_SCALED: c * rows, a row apart), or neither
 * (LANE_VARIES: read from memory, or a form latmix does not follow).
 * Where a work-group is narrower than a warp, its 32 lanes lie over rows
 * of the group: lane l at column l % width, row l / width (OpenCL numbers
 * a group's work-items x first, and NVIDIA's warps take them in that
 * order). stride is then a column's step, and ystride a row's (yscaled: a
 * row a number apart that is known only at run time, as width * y); both
 * 0 where the lanes run along x alone.
 * origin: the pointer argument the value is an address into (1 + the
 * index of the instruction that read it from the parameters; 0: none).
 * res, mod: what is known of the value at the warp's first lane, res
 * modulo mod (mod 0: exactly res; 1: nothing). A buffer's address is a
 * multiple of 128 bytes (OpenCL's least CL_DEVICE_MEM_BASE_ADDR_ALIGN), a
 * warp's first %tid.x and a work-group's %ntid.x of 32 (latmix launches
 * whole warps), and %envreg3, the global offset, is 0: so a[i] with i
 * the global id starts its warp on a line, and a[i + 1] does not. */
typedef enum { LANE_AFFINE, LANE_SCALED, LANE_VARIES } lane_form;

/* Where a varying value came from memory: not (DATA_NONE), read before the
 * loop (DATA_BEFORE: a base each lane holds through it, CSR's row_ptr[r])
 * or on the iteration's path (DATA_PATH: an index read anew each time,
 * x[col[k]]'s col[k]). A value worked out of several takes the latest. */
typedef enum { DATA_NONE, DATA_BEFORE, DATA_PATH } lane_data;

typedef struct {
	lane_form form;
	long stride;
	long ystride;
	bool yscaled;
	bool is_const;
	long value;
	size_t origin;
	long res, mod;
	bool grid; /* what every lane shares includes the grid's size (%nctaid, NVIDIA's
		    * %envreg6-8: get_global_size): an offset of whole grids */
	lane_data data; /* LANE_VARIES: whether memory gave it, and where */
	long step; /* what every lane's value gains each turn of the loop, where it is
		    * worked out of a register the loop adds a constant to (its
		    * induction: k++, p += 4); 0: none, or not known */
} lane;

typedef struct {
	char name[LM_PTX_NAME]; /* first: lm_ptx_name_slot */
	lane l;
} lane_reg;

/* The most registers a table follows, and its slots: a hash table
 * (lm_ptx_name_slot) kept under half full, so that a body of many
 * thousand instructions is followed in time linear in them; a name it
 * does not keep reads uniform. */
#define LANE_REGS 4096
#define LANE_SLOTS (2 * LANE_REGS)

static const lane UNIFORM = { .form = LANE_AFFINE, .mod = 1 }, VARIES = { .form = LANE_VARIES, .mod = 1 },
		  SCALED = { .form = LANE_SCALED, .mod = 1 };

/* Bytes a buffer's address is a multiple of; threads a warp's first
 * %tid.x and a work-group's size are */
#define BUFFER_ALIGN 128
#define WARP_LANES 32

/* an operand's lanes (a register in the table t, LANE_SLOTS of which n are
 * filled, a special register, an immediate) */
lane lm_lane_operand(const lane_reg *t, size_t n, const char *a);
/* instruction in (index i)'s result as arithmetic gives it (lm_lane_value
 * for loads) */
lane lm_lane_eval(const ptx_inst *in, size_t i, const lane_reg *t, size_t n);
/* in's result, a load's as read where (before the loop or on its path) */
lane lm_lane_value(const ptx_inst *in, size_t i, const lane_reg *t, size_t n, lane_data where);
/* r, what in gives, as the loop's induction where in adds a constant to its own register */
lane lm_lane_induction(const ptx_inst *in, lane r, const lane_reg *t, size_t n);
/* Sets what in writes (its register, or a vector load's list) to l */
void lm_lane_set(lane_reg *t, size_t *n, const ptx_inst *in, lane l);
/* The special registers of a work-group narrower than a warp, width wide */
void lm_lane_seed_shape(lane_reg *t, size_t *n, unsigned width);
/* The scalar arguments' values args knows (NULL: none), written into the
 * table as what ld.param of their position gives */
void lm_lane_seed_args(lane_reg *t, size_t *n, const lm_count_args *args);
long lm_lane_magnitude(long x);
long lm_lane_residue(long x, long m);
bool lm_lane_has_rows(lane a);

#endif
