/* dispatch: the dispatch parameters from the dispatch mix's rows
 * (bench/dispatch.h). The model: a CU takes in at most dispatch_thru
 * work-groups a microsecond, and a group holds its slot for group_cost ns
 * from its start to its end, so with R groups of a size resident at once
 * (the device's table: the row's groups_per_cu) it takes in
 *
 *     X(R) = min(dispatch_thru, 1000 R / group_cost)   work-groups/us/CU
 *
 * Sizes whose rate stays within LM_DISPATCH_FLAT of the highest-residency
 * sizes' are dispatch-bound and fix dispatch_thru; the rest fix group_cost
 * (none is dispatch-bound where the rate falls from the most-resident level
 * to the next as the groups resident do). Both are fitted with GSL's
 * weighted least squares on relative errors. Units: a rate of time, not of
 * cycles (no in-kernel clock reads a dispatch). */
#ifndef LM_FIT_DISPATCH_H
#define LM_FIT_DISPATCH_H

#include "fit/params.h"
#include "fit/results.h"

/* A size whose time a group is within this share of the dispatch-bound
 * sizes' counts as dispatch-bound (rows repeat within 0.3% on a GPU). */
#define LM_DISPATCH_FLAT 0.03

/* The model's rate, work-groups a microsecond a CU, of groups of which a
 * CU holds resident at once; a NAN parameter bounds nothing. */
double lm_fit_dispatch_rate(double thru, double cost_ns, unsigned resident);

/* dispatch_thru and group_cost from res's dispatch rows, each with its
 * standard error (from the fit's residuals with two or more rows, else
 * the row's own launches' spread). Missing where res has no dispatch row;
 * a bound with a note where the rows do not determine one: group_cost at
 * most what the least-resident size allows where every size ran at the
 * dispatch rate, dispatch_thru at least the highest rate where none did. */
void lm_fit_dispatch(const lm_results *res, lm_param *thru, lm_param *cost);

#endif
