/* userkernel_parts: what the files of userkernel share and nothing else
 * includes: the kernel on a device (its handle's fields) and the steps of
 * a point both forms of kernel take (grid-stride: userkernel.c; as
 * written: usernd.c). */
#ifndef LM_USERKERNEL_PARTS_H
#define LM_USERKERNEL_PARTS_H

#include "bench/userkernel.h"

/* cl/occupancy.h's counters of resident groups: per CU, then the device */
#define LM_ND_SLOTS 1024
#define LM_ND_STRIDE 32
#define LM_ND_COUNTERS (LM_ND_SLOTS * LM_ND_STRIDE)

/* A point of a kernel as written: its launch and what its counters said. */
typedef struct {
	unsigned shape[LM_USER_MAX_DIMS]; /* the group's work-items in each dimension */
	size_t pad;                       /* bytes of local memory reserved a group */
	lm_user_resident counted;         /* by the point's counting launch */
} lm_user_nd_launch;

struct lm_user {
	lm_device dev;
	lm_user_desc desc;
	lm_user_config cfg;
	cl_context ctx;
	cl_command_queue queue;
	cl_program prog;
	cl_kernel kernel;              /* the wrapper */
	cl_kernel bare;                /* as written: the wrapper that counts nothing, timed */
	bool clocked;                  /* the wrapper records each warp's clock */
	bool events_broken;
	int desc_of[LM_USER_MAX_ARGS];   /* the kernel's argument i: desc.arg[desc_of[i]] */
	cl_uint nargs;                 /* the kernel's (the wrapper has two more) */
	cl_mem buf[LM_USER_MAX_ARGS];    /* per description argument; NULL for scalars, local */
	size_t len[LM_USER_MAX_ARGS];    /* elements */
	/* the outputs of the first point (usercheck.c): copied on the device,
	 * or where they cannot be compared there, kept whole on the host */
	cl_mem dref[LM_USER_MAX_ARGS];
	void *ref[LM_USER_MAX_ARGS];     /* the host's: dref's read back only when asked for */
	void *got[LM_USER_MAX_ARGS];     /* a chunk of an output read back, up to CHECK_CHUNK
					* bytes (kept: 512 MiB allocated a point cost the
					* H200's host 0.5 s in page faults) */
	void *want[LM_USER_MAX_ARGS];    /* the same chunk of dref */
	size_t from[LM_USER_MAX_ARGS];   /* at the last point: the element of the first word the
					* device found differing, from which the host compared;
					* SIZE_MAX: none (lm_user_checked_on_device) */
	/* cl/check.cl: the comparison on the device, its first words that differ
	 * (one an output), its work-group's size; check_state 0: not built yet,
	 * 1: built, -1: does not build (the host compares) */
	cl_program check_prog;
	cl_kernel check;
	cl_mem check_first;
	size_t check_wg;
	int check_state;
	unsigned ref_warps;            /* its occupancy */
	cl_mem sync, record;
	uint32_t *synced;
	cl_ulong *rec;
	unsigned *per_cu;
	size_t per_cu_len, max_warps_total;
	lm_sysclock *sysclock;
	lm_launch_cost cost;
	/* the point being measured */
	size_t threads, wg;
	unsigned groups;
	/* the last launch waited for: its host seconds, at warps per CU (the watchdog's guess) */
	double launch_s;
	unsigned launch_warps;
	/* the points measured last: the next one's launches sized from them */
	lm_carry seen;
	/* as written (desc.dims): the counts of resident groups, the launch */
	cl_mem live;
	uint32_t *live_host;           /* LM_ND_COUNTERS counters read back */
	lm_user_nd_launch nd;
};

/* The steps of a point, userkernel.c's. */
lm_status lm_user_set_scalars(lm_user *k, double n);
double lm_user_size_of(const lm_user *k, int flags);
void lm_user_watch_launch(const lm_user *k, double n);
lm_status lm_user_reset_outputs(lm_user *k);

/* usercheck.c's: the outputs against the first point's (the first point
 * keeping them), and an output's reference dropped (the next point's is
 * the new one). */
lm_status lm_user_check_outputs(lm_user *k, unsigned warps, unsigned long *checked);
void lm_user_drop_reference(lm_user *k, int i);

/* userpoint.c's: the steps of a point both forms take, in their order. */
lm_point_plan lm_user_plan_point(lm_user *k, unsigned warps, lm_launch_fn launch);
lm_status lm_user_time_point(lm_user *k, const lm_point_plan *plan, lm_point_timing *t, double sys[2]);
lm_status lm_user_check_point(lm_user *k, unsigned warps, const lm_point_timing *t, unsigned long *checked);
lm_status lm_user_check_grows(const lm_user *k, unsigned warps, const lm_point_timing *t);
void lm_user_point_rates(const lm_user *k, const lm_point_timing *t, lm_row *row);
void lm_user_finish_row(lm_user *k, unsigned warps, const lm_point_timing *t, unsigned long checked, lm_row *row);

/* usernd.c's: the wrapper's end for a kernel as written (as end_wrapper,
 * params the kernel's parameters as the wrapper declares them, len
 * bytes), and a second wrapper, lm_wrap_bare, that reserves the same local
 * memory and counts nothing: the one timed. */
void lm_user_nd_end_wrapper(char *w, size_t size, unsigned n, const char *call, const char *params, int len);
lm_status lm_user_nd_alloc(lm_user *k);

#endif
