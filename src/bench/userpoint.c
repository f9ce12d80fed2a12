#include "bench/userkernel_parts.h"
#include "base/expr.h"
#include "bench/launch.h"
#include "bench/measure.h"
#include "bench/sysclock.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* The steps of one point common to both forms of a user's kernel
 * (grid-stride, userkernel.c, and as written, usernd.c): how it is timed,
 * the checks its launches pass before a row is written, the row's rates. */

/* How the point at warps per CU is timed: launches of N and N / 2 in
 * pairs, their count carried over from the point measured nearest in
 * warps (scaled to this occupancy), else sized from short trials. */
static double linear(double x)
{
	return x;
}

lm_point_plan lm_user_plan_point(lm_user *k, unsigned warps, lm_launch_fn launch)
{
	double target = k->cfg.launch_ms * 1e-3;
	lm_point_plan plan = {
		.launch = launch, .ctx = k, .target = target, .repeats = k->cfg.repeats,
		.settle = k->cfg.settle, .sized = true, .pair = true, .min_pair = 1,
		.max_length = 1000000, .cost = &k->cost,
		.floor_s = fmax(1e-4, 1000e-9 * (double)k->dev.timer_resolution_ns),
	};
	plan.carried = lm_carry_length(&k->seen, warps, target, linear);
	plan.warm = !plan.carried || k->cfg.warmup_every;
	return plan;
}

/* The row's rates from the point's timing: elements a second, bytes a
 * second and a warp's cycles per element. */
void lm_user_point_rates(const lm_user *k, const lm_point_timing *t, lm_row *row)
{
	/* bytes per element of the difference between the two sizes */
	double n = k->desc.size, h = floor(n / 2), e1, e0, b1, b0;
	lm_expr_eval(k->desc.elements, n, &e1);
	lm_expr_eval(k->desc.elements, h, &e0);
	lm_expr_eval(k->desc.bytes, n, &b1);
	lm_expr_eval(k->desc.bytes, h, &b0);
	row->elements_per_s = t->rate;
	row->bytes_per_s = e1 > e0 ? t->rate * (b1 - b0) / (e1 - e0) : t->rate * b1 / e1;
	/* a warp's cycles per element of each of its lanes: one pass of a
	 * grid-stride loop that takes an element a work-item */
	double hz = row->clock_mhz * 1e6;
	row->cycles_per_group = hz * (double)k->threads / t->rate;
}

/* Of a point's long launch, the least share its short one (half the
 * problem) may lack: below it the time does not follow N. A launch that
 * does twice the work of the other with no start-up lacks half. */
#define MIN_GROWN 0.1

/* The point's long launch took measurably longer than its short one, as
 * a kernel whose work follows N does: else its rate would be the
 * difference of two equal times (a size argument left at 1, a problem
 * too small to time). LM_ECHECK naming the scalars that do not follow N. */
lm_status lm_user_check_grows(const lm_user *k, unsigned warps, const lm_point_timing *t)
{
	if (!t->paired || !(t->grown < MIN_GROWN))
		return LM_OK;
	char fixed[512] = "";
	double n = k->desc.size, h = floor(n / 2), a, b;
	for (int i = 0; i < k->desc.nargs; i++) {
		const lm_user_arg *x = &k->desc.arg[i];
		if (x->space == LM_USER_SCALAR && lm_expr_eval(x->value, n, &a) == LM_OK &&
		    lm_expr_eval(x->value, h, &b) == LM_OK && a == b)
			snprintf(fixed + strlen(fixed), sizeof fixed - strlen(fixed), "%s[%s] value = %s",
				 fixed[0] ? ", " : "", x->name, x->value);
	}
	char took[160];
	if (t->fastest > 0)
		snprintf(took, sizeof took, "its fastest launch of N = %.0f took %.3g s, of N = %.0f %.3g s", n,
			 t->fastest, h, t->fastest * (1 - t->grown));
	else
		snprintf(took, sizeof took, "its launches of N = %.0f took %.3g s, of N = %.0f %.3g s", n,
			 t->time_med, h, t->time_med * (1 - t->grown));
	return lm_fail(LM_ECHECK, "kernel %s, %u warps/CU: %s: the time does not follow N, so no rate can come "
		       "from it; either the kernel's work does not grow with N as %s says (elements %s, bytes %s)%s%s, "
		       "or it is not grid-stride (the grid, not N, sets its work), or N is too small to time "
		       "(--size)", k->desc.label, warps, took, k->desc.path, k->desc.elements, k->desc.bytes,
		       fixed[0] ? ": check the scalars that do not change with N, " : "", fixed);
}

/* Times the point as plan says, reading the system clock before and
 * after (sys[0], sys[1]); a host busy with other work can hide the
 * growth from N / 2 to N once, so a point whose long launch did not grow
 * is timed again, at most twice, before lm_user_check_point judges it. */
lm_status lm_user_time_point(lm_user *k, const lm_point_plan *plan, lm_point_timing *t, double sys[2])
{
	sys[0] = lm_sysclock_read(k->sysclock);
	lm_status s = lm_point_time(plan, t);
	for (int again = 0; s == LM_OK && t->paired && t->grown < MIN_GROWN && again < 2; again++)
		s = lm_point_time(plan, t);
	sys[1] = lm_sysclock_read(k->sysclock);
	return s;
}

/* The checks of a timed point: its outputs as the reference's, its time
 * following N; their seconds go to the checks' cost (but the build of the
 * outputs' comparison, at the first point, to the programs'). */
lm_status lm_user_check_point(lm_user *k, unsigned warps, const lm_point_timing *t, unsigned long *checked)
{
	double c0 = lm_launch_now(), p0 = k->cost.programs;
	lm_status s = lm_user_check_outputs(k, warps, checked);
	if (s == LM_OK)
		s = lm_user_check_grows(k, warps, t);
	k->cost.checks += lm_launch_now() - c0 - (k->cost.programs - p0);
	return s;
}

/* The row's columns from a checked point, and the point kept among those
 * the next point's launches are sized from. */
void lm_user_finish_row(lm_user *k, unsigned warps, const lm_point_timing *t, unsigned long checked, lm_row *row)
{
	row->alpha = (lm_alpha){ 0, 1 };
	row->chains = 1;
	row->iters = t->length;
	lm_user_point_rates(k, t, row);
	row->checked = checked;
	lm_carry_add(&k->seen, warps, t->length, t->time_med);
}
