/* The model against the numbers in the thesis text (DESIGN.md §3). */
#include "testutil.h"
#include "fit/model.h"
#include "base/mix.h"

static const lm_model_params maxwell = {
	.alu_lat = 6, .mem_lat = 368, .alu_thru = 4, .mem_thru = 0.081,
	.issue_thru = 4, .chain_lat = NAN,
};

START_TEST(maxwell_memory_only_needs_30_warps)
{
	ck_assert_int_eq((int)lround(lm_model_warps_needed(&maxwell, 0, 1.0)), 30);
}
END_TEST

START_TEST(maxwell_arithmetic_only_needs_24_warps)
{
	ck_assert_rel(lm_model_warps_needed(&maxwell, INFINITY, 1.0), 24, 1e-12);
}
END_TEST

START_TEST(maxwell_cusp_near_alpha_49_needs_about_54_warps)
{
	double a, n;
	ck_assert(lm_model_cusp(&maxwell, &a, &n));
	/* With the issue bound the cusp comes one alpha earlier (48.4). */
	ck_assert_msg(a > 48 && a < 50, "cusp alpha %g", a);
	ck_assert_msg(n > 53 && n < 55, "cusp warps %g", n);
	/* The thesis's own sum, without the issue bound: 24 + 29.8. */
	lm_model_params no_issue = maxwell;
	no_issue.issue_thru = NAN;
	ck_assert(lm_model_cusp(&no_issue, &a, &n));
	ck_assert_rel(a, 4 / 0.081, 1e-12);
	ck_assert_rel(n, 6 * 4 + 368 * 0.081, 1e-12);
	ck_assert_int_eq((int)lround(n), 54);
	ck_assert_int_eq((int)lround(lm_model_warps_needed(&maxwell, 49, 1.0)), 53);
}
END_TEST

START_TEST(warps_needed_rises_then_falls_around_the_cusp)
{
	double a, n;
	lm_model_cusp(&maxwell, &a, &n);
	ck_assert(lm_model_warps_needed(&maxwell, a / 2, 1) < n);
	ck_assert(lm_model_warps_needed(&maxwell, a * 2, 1) < n);
	/* small alpha: mem_lat*mem_thru + alpha*alu_lat*mem_thru */
	ck_assert_rel(lm_model_warps_needed(&maxwell, 10, 1), 368 * 0.081 + 10 * 6 * 0.081, 1e-12);
}
END_TEST

START_TEST(in_flight_example_of_section_4_6)
{
	lm_model_params p = { .alu_lat = 3, .mem_lat = 12, .alu_thru = 1,
			      .mem_thru = NAN, .issue_thru = NAN, .chain_lat = NAN };
	double alu, mem;
	lm_model_in_flight(&p, 6, 4, 1, &alu, &mem);
	ck_assert_rel(alu, 3, 1e-12);
	ck_assert_rel(mem, 3, 1e-12);
	ck_assert_rel(lm_model_warps_needed(&p, 4, 1), 6, 1e-12);
	ck_assert_int_eq(lm_model_eval(&p, 6, 4).bound, LM_BOUND_ALU);
}
END_TEST

START_TEST(guide_example_of_section_4_8)
{
	double refined;
	double est = lm_model_guide_estimate(600, 4, 30, &refined);
	ck_assert_rel(est, 5, 1e-12);
	ck_assert_int_eq((int)lround(refined), 6);
}
END_TEST

START_TEST(limit_cases_and_bounds)
{
	lm_model_point r = lm_model_eval(&maxwell, 10, 0);
	ck_assert_rel(r.mem_ipc, 10.0 / 368, 1e-12);
	ck_assert_int_eq(r.bound, LM_BOUND_LATENCY);
	r = lm_model_eval(&maxwell, 64, 0);
	ck_assert_rel(r.mem_ipc, 0.081, 1e-12);
	ck_assert_int_eq(r.bound, LM_BOUND_MEM);
	r = lm_model_eval(&maxwell, 12, INFINITY);
	ck_assert_rel(r.alu_ipc, 2, 1e-12);
	ck_assert_rel(r.mem_ipc, 0, 0);
	r = lm_model_eval(&maxwell, 64, 1.0 / 4);
	ck_assert_rel(r.alu_ipc, 0.081 / 4, 1e-12);
	/* any subset of bounds: none at all leaves latency only */
	lm_model_params lat_only = { 6, 368, NAN, NAN, NAN, NAN, NAN, NAN };
	r = lm_model_eval(&lat_only, 1000, 1);
	ck_assert_rel(r.mem_ipc, 1000.0 / 374, 1e-12);
	ck_assert(isinf(lm_model_warps_needed(&lat_only, 1, 0.9)));
	double a, n;
	ck_assert(!lm_model_cusp(&lat_only, &a, &n));
}
END_TEST

START_TEST(fraction_scales_warps_needed)
{
	ck_assert_rel(lm_model_warps_needed(&maxwell, 0, 0.9), 0.9 * 368 * 0.081, 1e-12);
}
END_TEST

START_TEST(refined_model_saturates_gradually)
{
	lm_model_params p = maxwell;
	p.chain_lat = 1e-12; /* the knee alone (0 is the basic model) */
	const double knee = 368 * 0.081; /* the basic model's */
	double prev = 0;
	for (int n = 1; n <= 200; n++) {
		double x = lm_model_eval(&p, n, 0).mem_ipc;
		ck_assert(n <= 2 * knee ? x > prev : x >= prev);
		ck_assert(x <= p.mem_thru);
		/* never above the basic model */
		ck_assert(x <= lm_model_eval(&maxwell, n, 0).mem_ipc * (1 + 1e-12));
		prev = x;
	}
	/* at the basic knee, (1 - 1/e)^(1/1.75) of the peak (memory is the whole
	 * step at alpha 0); well below it, n / Latency */
	ck_assert_rel(lm_model_eval(&p, knee, 0).mem_ipc, pow(1 - exp(-1.0), 1 / 1.75) * p.mem_thru, 1e-12);
	ck_assert_rel(lm_model_eval(&p, 0.01 * knee, 0).mem_ipc, 0.01 * knee / 368, 1e-4);
	/* warps needed is the inverse of eval */
	double n90 = lm_model_warps_needed(&p, 0, 0.9);
	ck_assert_rel(lm_model_eval(&p, n90, 0).mem_ipc, 0.9 * p.mem_thru, 1e-9);
	ck_assert(n90 > lm_model_warps_needed(&maxwell, 0, 0.9));
	ck_assert(isinf(lm_model_warps_needed(&p, 0, 1.0)));
	/* the issue bound is approached gradually too, the knee sharper by the
	 * step over its memory part: alpha 64 is issue-bound (4 / 65 < 4 / 64 <
	 * 0.081) with a step of 368 + 64 x 6 = 752 cycles */
	const double step = 368 + 64 * 6, s64 = 1.75 * step / 368, peak64 = 4.0 / 65;
	ck_assert_rel(lm_model_eval(&p, step * peak64, 64).mem_ipc, pow(1 - exp(-1.0), 1 / s64) * peak64, 1e-12);
	ck_assert_int_eq(lm_model_eval(&p, 2 * step * peak64, 64).bound, LM_BOUND_ISSUE);
	ck_assert_int_eq(lm_model_eval(&p, 0.5 * step * peak64, 64).bound, LM_BOUND_LATENCY);
	ck_assert(lm_model_eval(&p, 10 * step * peak64, 64).mem_ipc <= peak64);
	double n64 = lm_model_warps_needed(&p, 64, 0.9);
	ck_assert_rel(lm_model_eval(&p, n64, 64).mem_ipc, 0.9 * peak64, 1e-9);
	/* sharper than memory's: 90% of the peak nearer the basic knee */
	ck_assert(n64 / (step * peak64) < n90 / knee);
	/* chains lengthen a step by chain_lat per doubling: 8 chains at 8 x 2
	 * warps are as one chain at 16 warps with a latency 3 chain_lat longer */
	p.chain_lat = 40;
	lm_model_params longer = p;
	longer.mem_lat += 3 * 40;
	longer.chain_lat = 1e-12;
	ck_assert_rel(lm_model_eval_chains(&p, 16, 0, 8).mem_ipc, lm_model_eval(&longer, 16, 0).mem_ipc, 1e-12);
	ck_assert_rel(lm_model_eval_chains(&p, 16, 0, 1).mem_ipc, lm_model_eval(&p, 16, 0).mem_ipc, 1e-15);
	/* with chains: warps needed is the inverse of eval at that chains count,
	 * and more chains need fewer warps but more occupancy */
	double n4 = lm_model_warps_needed_chains(&p, 16, 0.9, 4);
	ck_assert_rel(lm_model_eval_chains(&p, n4, 16, 4).mem_ipc, 0.9 * p.mem_thru, 1e-9);
	ck_assert(n4 > lm_model_warps_needed(&p, 16, 0.9) && n4 / 4 < lm_model_warps_needed(&p, 16, 0.9));
	ck_assert_rel(lm_model_step(&p, 16, 4), 368 + 2 * 40 + 16 * 6, 1e-12);
	ck_assert_rel(lm_model_step(&maxwell, 16, 4), 368 + 16 * 6, 1e-12);
	/* arithmetic-only curves have no chain term */
	ck_assert_rel(lm_model_eval_chains(&p, 4, INFINITY, 8).alu_ipc, lm_model_eval(&maxwell, 4, INFINITY).alu_ipc,
		      1e-15);
	/* the basic model (chain_lat absent) ignores chains */
	ck_assert_rel(lm_model_eval_chains(&maxwell, 16, 0, 8).mem_ipc, 16.0 / 368, 1e-12);
}
END_TEST

/* The loads' kind (mem_lat 400, mem_thru 0.2, issue_thru as given) and one
 * store kind at a store a load (mem_lat 500, mem_thru 0.1): the kinds the
 * kernel tests below price loops by. */
static lm_model_kinds one_store_kind(double issue_thru, lm_model_params *p)
{
	*p = (lm_model_params){ .alu_lat = 4, .mem_lat = 400, .alu_thru = 4, .mem_thru = 0.2,
				.issue_thru = issue_thru, .chain_lat = NAN, .issue_cost = NAN };
	lm_model_params full = *p;
	full.mem_lat = 500;
	full.mem_thru = 0.1;
	lm_model_kinds st = { 0 };
	ck_assert(!lm_model_kinds_scatter(&st));
	ck_assert(lm_model_kinds_add_store(&st, 1, &full));
	return st;
}

/* Local memory's accesses are requests of the unit that answers L1's
 * lines: a tiled product's 34 a tile beside its global loads' 2 lines
 * bound it at l1_thru over the 36, where alone its lines would not; a
 * tree's accesses are the group's (lm_count_model leaves them out). */
START_TEST(local_accesses_are_l1_requests)
{
	lm_model_params p;
	lm_model_kinds st = one_store_kind(4, &p);
	st.l1_thru = 1;
	lm_kernel_mix tile = { .loads = 2, .stores = 0, .insts = 65, .alpha = 29, .l1_lines = 2, .local = 34 };
	lm_bound b;
	ck_assert_rel(lm_model_kernel_peak(&p, &st, &tile, &b), 2.0 / 36, 1e-12);
	ck_assert_int_eq(b, LM_BOUND_L1);
	tile.local = 0;
	ck_assert_rel(lm_model_kernel_peak(&p, &st, &tile, &b), 4 * 2.0 / 65, 1e-12);
	ck_assert_int_eq(b, LM_BOUND_ISSUE);
	/* no lines counted, local accesses alone: still bound there */
	tile.l1_lines = 0;
	tile.local = 64;
	ck_assert_rel(lm_model_kernel_peak(&p, &st, &tile, &b), 2.0 / 64, 1e-12);
	ck_assert_int_eq(b, LM_BOUND_L1);
	/* without the file's l1_thru, no such bound */
	st.l1_thru = NAN;
	ck_assert_int_ne((lm_model_kernel_peak(&p, &st, &tile, &b), b), LM_BOUND_L1);
}
END_TEST

/* a kernel's loop with known parameters: the basic model's min of latency
 * and bounds, the store kind reached at one store a load, linear between */
START_TEST(kernel_mix_gives_known_predictions)
{
	lm_model_params p;
	lm_model_kinds st = one_store_kind(4, &p);
	lm_kernel_mix sum = { .loads = 1, .stores = 0, .flops = 0, .insts = 6, .alpha = 5 };
	/* step 400 + 5 x 4 = 420 cycles: 10 warps, 10 / 420 loads a cycle */
	ck_assert_rel(lm_model_kernel_step(&p, &st, &sum), 420, 1e-12);
	ck_assert_rel(lm_model_eval_kernel(&p, &st, &sum, 10, NULL), 10.0 / 420, 1e-12);
	lm_bound b;
	ck_assert_rel(lm_model_eval_kernel(&p, &st, &sum, 200, &b), 0.2, 1e-12);
	ck_assert_int_eq(b, LM_BOUND_MEM);
	ck_assert_rel(lm_model_kernel_warps(&p, &st, &sum, 0.9), 0.9 * 0.2 * 420, 1e-6);
	/* a rate given: where n / 420 reaches it; past the peak, never */
	ck_assert_rel(lm_model_kernel_warps_to(&p, &st, &sum, 0.05), 0.05 * 420, 1e-6);
	ck_assert(isinf(lm_model_kernel_warps_to(&p, &st, &sum, 0.21)));
	/* one store a load: the store kind's latency and bound */
	lm_kernel_mix copy = { .loads = 1, .stores = 1, .flops = 0, .insts = 8, .alpha = 6 };
	ck_assert_rel(lm_model_kernel_step(&p, &st, &copy), 524, 1e-12);
	ck_assert_rel(lm_model_kernel_peak(&p, &st, &copy, NULL), 0.1, 1e-12);
	/* half a store a load: half way in latency and in a load's memory time */
	lm_kernel_mix triad = { .loads = 2, .stores = 1, .flops = 1, .insts = 11, .alpha = 8 };
	ck_assert_rel(lm_model_kernel_step(&p, &st, &triad), 450 + 32, 1e-12);
	ck_assert_rel(lm_model_kernel_peak(&p, &st, &triad, NULL), 1 / (0.5 / 0.2 + 0.5 / 0.1), 1e-12);
	/* two loads in flight: twice the loads per step */
	ck_assert_rel(lm_model_eval_kernel(&p, &st, &triad, 10, NULL), 20.0 / 482, 1e-12);
	/* without a store kind, stores cost issue only */
	ck_assert_rel(lm_model_kernel_peak(&p, NULL, &copy, NULL), 0.2, 1e-12);
	/* lanes of 8 bytes (doubles): twice the lines, half the loads a cycle;
	 * 16-byte loads under 4-byte stores: the store share of the bytes, 1/4 */
	lm_kernel_mix dcopy = copy;
	dcopy.load_bytes = dcopy.store_bytes = 8;
	ck_assert_rel(lm_model_kernel_peak(&p, &st, &dcopy, NULL), 0.05, 1e-12);
	ck_assert_rel(lm_model_kernel_step(&p, &st, &dcopy), 524, 1e-12);
	lm_kernel_mix mixed = { .loads = 1, .stores = 1, .insts = 8, .alpha = 6, .load_bytes = 16, .store_bytes = 4 };
	ck_assert_rel(lm_model_kernel_peak(&p, &st, &mixed, NULL), 1 / (3 / 0.2 + 1 / 0.1), 1e-12);
	/* a lane of 4 bytes given or left 0 is the same */
	dcopy.load_bytes = dcopy.store_bytes = 4;
	ck_assert_rel(lm_model_kernel_peak(&p, &st, &dcopy, NULL), 0.1, 1e-12);
	/* the issue bound: the iteration's instructions shared by its loads */
	lm_kernel_mix busy = { .loads = 1, .stores = 0, .flops = 0, .insts = 40, .alpha = 39 };
	ck_assert_rel(lm_model_kernel_peak(&p, &st, &busy, &b), 0.1, 1e-12);
	ck_assert_int_eq(b, LM_BOUND_ISSUE);
	/* the refined model: a loop that stores bends with the store kind's
	 * knee, one that only loads with the loads' */
	p.chain_lat = st.kind[0].chain_lat = 50;
	st.kind[0].knee = 1.2;
	double r = 60 / (524 * 0.1), want = 0.1 * pow(-expm1(-pow(r, 1.2 * 524 / 500)), 1 / (1.2 * 524 / 500));
	ck_assert_rel(lm_model_eval_kernel(&p, &st, &copy, 60, NULL), want, 1e-12);
	r = 60 / (420 * 0.2);
	want = 0.2 * pow(-expm1(-pow(r, LM_MODEL_KNEE * 420 / 400)), 1 / (LM_MODEL_KNEE * 420 / 400));
	ck_assert_rel(lm_model_eval_kernel(&p, &st, &sum, 60, NULL), want, 1e-12);
	/* two cache hits beside the load (a stencil's rows): three lines in
	 * flight lengthen the step by chain_lat log2(3), as three chains
	 * would; the memory bound stays the one load's */
	lm_kernel_mix rows = sum;
	rows.hits = 2;
	ck_assert_rel(lm_model_kernel_step(&p, &st, &rows), 420 + 50 * log2(3), 1e-12);
	ck_assert_rel(lm_model_kernel_peak(&p, &st, &rows, NULL), 0.2, 1e-12);
	ck_assert(lm_model_eval_kernel(&p, &st, &rows, 10, NULL) < lm_model_eval_kernel(&p, &st, &sum, 10, NULL));
	/* with two loads, four lines: two doublings */
	lm_kernel_mix two = { .loads = 2, .stores = 0, .insts = 6, .alpha = 5, .hits = 2 };
	ck_assert_rel(lm_model_kernel_step(&p, &st, &two), 420 + 50 * 2, 1e-12);
	ck_assert_rel(lm_model_kernel_peak(&p, &st, &two, NULL), 0.2, 1e-12);
}
END_TEST

/* Scattered accesses (each lane its own sector) at the scattered kind's
 * memory time beside the coalesced ones; a scattered load waits the
 * scattered kind's latency; without the kind they count as coalesced */
/* A kernel as written, one element a work-item: its warps cycle between
 * memory (420 cycles here, under the bound) and a group's start and end
 * (group_cycles), so half wait on memory where the two are equal; the
 * groups a CU starts bound it. */
START_TEST(a_kernel_as_written_waits_on_memory_and_on_its_groups)
{
	lm_model_params p;
	lm_model_kinds st = one_store_kind(4, &p);
	lm_kernel_mix sum = { .loads = 1, .stores = 0, .flops = 0, .insts = 6, .alpha = 5 };
	double busy;
	lm_bound b;
	/* no start or end cost: the grid-stride loop's rate at the level's warps */
	ck_assert_rel(lm_model_eval_written(&p, &st, &sum, 2, 10, 1, 0, &busy, &b), 20.0 / 420, 1e-12);
	ck_assert_rel(busy, 20, 1e-12);
	/* 420 cycles idle a group: 10 of the 20 warps on memory, 10 / 420 loads a cycle */
	ck_assert_rel(lm_model_eval_written(&p, &st, &sum, 2, 10, 1, 420, &busy, &b), 10.0 / 420, 1e-9);
	ck_assert_rel(busy, 10, 1e-9);
	ck_assert_int_eq(b, LM_BOUND_LATENCY);
	/* 0.01 groups a cycle of 2 warps, a load each: at most 0.02 loads a cycle */
	ck_assert_rel(lm_model_eval_written(&p, &st, &sum, 2, 10, 0.01, 420, NULL, &b), 0.02, 1e-12);
	ck_assert_int_eq(b, LM_BOUND_DISPATCH);
	ck_assert_str_eq(lm_bound_name(b), "dispatch_thru");
	/* never above the loop's own bound, and never falling with the level */
	double last = 0;
	for (double level = 1; level <= 200; level++) {
		double r = lm_model_eval_written(&p, &st, &sum, 2, level, 1, 420, NULL, NULL);
		ck_assert_msg(r >= last - 1e-15 && r <= 0.2 + 1e-15, "level %g: %g after %g", level, r, last);
		last = r;
	}
	/* what it cannot price */
	ck_assert(isnan(lm_model_eval_written(&p, &st, &sum, 0, 10, 1, 420, &busy, &b)) && isnan(busy) &&
		  b == LM_BOUND_NONE);
	ck_assert(isnan(lm_model_eval_written(&p, &st, &sum, 2, 10, 0, 420, NULL, NULL)));
	ck_assert(isnan(lm_model_eval_written(&p, &st, &sum, 2, 10, 1, -1, NULL, NULL)));
	ck_assert(isnan(lm_model_eval_written(&p, &st, &sum, 2, 10, 1, INFINITY, NULL, NULL)));
}
END_TEST

/* A warp of a group of 4 or 8 warps waits, once ended, a share of its
 * time for its group's last (group_wait): the warps a level keeps on
 * memory fall by that share, as far as the memory is not full without it
 * (here 420 cycles a load, at most 0.2 loads a cycle), none at 2 warps a
 * group or fewer, none with a loop inside; between and past the sizes
 * measured, along log2 of the warps */
START_TEST(a_group_of_more_warps_waits_longer_for_its_last)
{
	lm_model_params p;
	lm_model_kinds st = one_store_kind(4, &p);
	lm_kernel_mix sum = { .loads = 1, .stores = 0, .flops = 0, .insts = 6, .alpha = 5 };
	ck_assert_rel(lm_model_eval_written(&p, &st, &sum, 8, 2, 1, 0, NULL, NULL), 16.0 / 420, 1e-12);
	st.group_wait[0] = 0.1;
	st.group_wait[1] = 0.2;
	ck_assert(lm_model_group_wait(&st, 1) == 0 && lm_model_group_wait(&st, 2) == 0);
	ck_assert_rel(lm_model_group_wait(&st, 3), 0.1 * log2(1.5), 1e-12);
	ck_assert_rel(lm_model_group_wait(&st, 4), 0.1, 1e-12);
	ck_assert_rel(lm_model_group_wait(&st, 6), 0.1 + 0.1 * log2(1.5), 1e-12);
	ck_assert_rel(lm_model_group_wait(&st, 8), 0.2, 1e-12);
	ck_assert_rel(lm_model_group_wait(&st, 32), 0.2, 1e-12);
	/* 16 warps in 2 groups of 8: without the wait 16 / 420 loads a cycle,
	 * 0.19 of the most; so 16 / (1 + 0.2 x 0.81) of them on memory; in 8
	 * groups of 2, all 16 */
	double busy, s = 0.2 * (1 - 16.0 / 420 / 0.2);
	ck_assert_rel(lm_model_eval_written(&p, &st, &sum, 8, 2, 1, 0, &busy, NULL), 16.0 / (1 + s) / 420, 1e-9);
	ck_assert_rel(busy, 16.0 / (1 + s), 1e-9);
	ck_assert_rel(lm_model_eval_written(&p, &st, &sum, 2, 8, 1, 0, NULL, NULL), 16.0 / 420, 1e-12);
	/* beside a group's start and end (420 cycles): 8 on memory without the
	 * wait, then n t / ((1 + s) t + 420) */
	s = 0.2 * (1 - 8.0 / 420 / 0.2);
	ck_assert_rel(lm_model_eval_written(&p, &st, &sum, 8, 2, 1, 420, NULL, NULL), 16.0 / (2 + s) / 420, 1e-9);
	/* the memory full without it (88 warps): the most, as the mix's own peak */
	ck_assert_rel(lm_model_eval_written(&p, &st, &sum, 8, 11, 1, 0, NULL, NULL), 0.2, 1e-9);
	/* a loop inside: no wait (its turns even its warps' ends out) */
	lm_kernel_mix none = { .insts = 1 };
	st.group_wait[0] = st.group_wait[1] = 0;
	double plain = lm_model_eval_written_loop(&p, &st, &none, &sum, 64, 8, 2, 1, 420, NULL, NULL);
	st.group_wait[0] = 0.1;
	st.group_wait[1] = 0.2;
	ck_assert_rel(lm_model_eval_written_loop(&p, &st, &none, &sum, 64, 8, 2, 1, 420, NULL, NULL), plain, 1e-12);
	/* one of the two known: its side taken along */
	st.group_wait[0] = NAN;
	ck_assert_rel(lm_model_group_wait(&st, 4), 0.1, 1e-12);
	st.group_wait[0] = 0.1;
	st.group_wait[1] = 0;
	ck_assert_rel(lm_model_group_wait(&st, 8), 0.1, 1e-12);
	st.group_wait[0] = NAN;
	ck_assert(lm_model_group_wait(&st, 8) == 0 && lm_model_group_wait(NULL, 8) == 0);
	/* 16 and 32 warps known: between along log2, 32's past 32; a group of
	 * 16 takes 8's share as far as the memory is from full and the rest
	 * of its own whole: 16 warps in 1 group, 0.19 of the most without it */
	st.group_wait[0] = 0.1;
	st.group_wait[1] = 0.2;
	st.group_wait[2] = 0.3;
	st.group_wait[3] = 0.4;
	ck_assert_rel(lm_model_group_wait(&st, 16), 0.3, 1e-12);
	ck_assert_rel(lm_model_group_wait(&st, 24), 0.3 + 0.1 * log2(1.5), 1e-12);
	ck_assert_rel(lm_model_group_wait(&st, 64), 0.4, 1e-12);
	s = 0.2 * (1 - 16.0 / 420 / 0.2) + 0.1;
	ck_assert_rel(lm_model_eval_written(&p, &st, &sum, 16, 1, 1, 0, NULL, NULL), 16.0 / (1 + s) / 420, 1e-9);
	/* the memory full without it: 8's share none, the rest whole */
	double full = lm_model_eval_written(&p, &st, &sum, 16, 6, 1, 0, &busy, NULL);
	ck_assert_rel(busy, 96 / 1.1, 1e-6);
	ck_assert_rel(full, 0.2, 1e-9);
	/* 16 alone known (an older file's 4 and 8 missing): from 2 along it */
	st.group_wait[0] = st.group_wait[1] = NAN;
	st.group_wait[3] = 0;
	ck_assert_rel(lm_model_group_wait(&st, 8), 0.3 * 2 / 3, 1e-12);
	ck_assert_rel(lm_model_group_wait(&st, 32), 0.3, 1e-12);
}
END_TEST

/* L1's lines: a loop whose loads ask for l1_lines lines a warp's
 * iteration runs at most l1_thru / l1_lines iterations a cycle (loads
 * times that), named l1_thru where it binds; absent where either figure
 * is not known, and never raising the rate of a loop bound elsewhere */
START_TEST(a_loop_of_many_lines_a_warp_is_bound_by_l1)
{
	lm_model_params p;
	lm_model_kinds st = one_store_kind(40, &p);
	lm_kernel_mix mm = { .loads = 4, .insts = 27, .alpha = 19, .hits = 1, .load_bytes = 1, .l1_lines = 20 };
	lm_bound b;
	/* memory: 4 loads a quarter's lines each, one load's time: 0.8 loads a cycle */
	ck_assert_rel(lm_model_kernel_peak(&p, &st, &mm, &b), 0.2 * 4, 1e-12);
	ck_assert_int_eq(b, LM_BOUND_MEM);
	st.l1_thru = 1;
	ck_assert_rel(lm_model_kernel_peak(&p, &st, &mm, &b), 4.0 / 20, 1e-12);
	ck_assert_int_eq(b, LM_BOUND_L1);
	ck_assert_str_eq(lm_bound_name(b), "l1_thru");
	ck_assert_rel(lm_model_eval_kernel(&p, &st, &mm, 1e4, &b), 0.2, 1e-12);
	ck_assert_int_eq(b, LM_BOUND_L1);
	/* a line a load: memory binds first, the L1 bound changes nothing */
	lm_kernel_mix one = { .loads = 1, .insts = 6, .alpha = 5, .l1_lines = 1 };
	ck_assert_rel(lm_model_kernel_peak(&p, &st, &one, &b), 0.2, 1e-12);
	ck_assert_int_eq(b, LM_BOUND_MEM);
	mm.l1_lines = 0;
	ck_assert_int_ne((lm_model_kernel_peak(&p, &st, &mm, &b), b), LM_BOUND_L1);
	mm.l1_lines = 20;
	st.l1_thru = NAN;
	ck_assert_int_ne((lm_model_kernel_peak(&p, &st, &mm, &b), b), LM_BOUND_L1);
	ck_assert_int_ne((lm_model_kernel_peak(&p, NULL, &mm, &b), b), LM_BOUND_L1);
}
END_TEST

/* Loads of an array the cache holds: a loop whose every load hits waits
 * cache_lat, not mem_lat, and is bound by cache_thru over all its loads
 * (named cache_thru); half of them hits: the step waits for DRAM's, and
 * DRAM's time is the other half's; without the cache's figures, priced as
 * DRAM's */
START_TEST(loads_the_cache_holds_are_priced_at_its_latency_and_bandwidth)
{
	lm_model_params p;
	lm_model_kinds st = one_store_kind(40, &p);
	lm_kernel_mix k = { .loads = 2, .insts = 10, .alpha = 5 };
	lm_bound b;
	double dram_step = lm_model_kernel_step(&p, &st, &k), dram_peak = lm_model_kernel_peak(&p, &st, &k, &b);
	ck_assert_rel(dram_step, 400 + 5 * 4, 1e-12);
	ck_assert_rel(dram_peak, 0.2, 1e-12);
	k.cache_loads = 2;
	/* no figures: as DRAM's */
	ck_assert_rel(lm_model_kernel_step(&p, &st, &k), dram_step, 1e-12);
	ck_assert_rel(lm_model_kernel_peak(&p, &st, &k, &b), dram_peak, 1e-12);
	st.cache_lat = 150;
	st.cache_thru = 0.5;
	ck_assert(lm_model_kinds_cache(&st));
	ck_assert_rel(lm_model_kernel_step(&p, &st, &k), 150 + 5 * 4, 1e-12);
	ck_assert_rel(lm_model_kernel_peak(&p, &st, &k, &b), 0.5, 1e-12);
	ck_assert_str_eq(lm_bound_name(b), "cache_thru");
	/* at 10 warps: 20 loads every 170 cycles, under the bound */
	ck_assert_rel(lm_model_eval_kernel(&p, &st, &k, 10, &b), 20.0 / 170, 1e-12);
	ck_assert_int_eq(b, LM_BOUND_LATENCY);
	/* with chains: DRAM's chain_lat for a step of two lines; the cache's
	 * where every load hits and the file measured it */
	p.chain_lat = 100;
	ck_assert_rel(lm_model_kernel_step(&p, &st, &k), 150 + 100 + 5 * 4, 1e-12);
	st.cache_chain_lat = 30;
	ck_assert_rel(lm_model_kernel_step(&p, &st, &k), 150 + 30 + 5 * 4, 1e-12);
	k.cache_loads = 0;
	ck_assert_rel(lm_model_kernel_step(&p, &st, &k), 400 + 100 + 5 * 4, 1e-12);
	k.cache_loads = 2;
	p.chain_lat = NAN;
	st.cache_chain_lat = NAN;
	/* half of them: DRAM's step, DRAM's time for one load of two (0.4 loads
	 * a cycle), the cache's for both (0.5): DRAM binds */
	k.cache_loads = 1;
	ck_assert_rel(lm_model_kernel_step(&p, &st, &k), dram_step, 1e-12);
	ck_assert_rel(lm_model_kernel_peak(&p, &st, &k, &b), 0.4, 1e-12);
	ck_assert_int_eq(b, LM_BOUND_MEM);
	/* more than its loads: held to them */
	k.cache_loads = 9;
	ck_assert_rel(lm_model_kernel_peak(&p, &st, &k, &b), 0.5, 1e-12);
}
END_TEST

/* The machine code's schedule (waits, waits_alpha): a step of cache hits
 * waits that many times, each for its share of the lines in flight, and
 * the schedule's alpha besides; a step from DRAM, or one whose schedule was
 * not read, as the PTX says */
START_TEST(a_step_of_cache_hits_waits_as_its_machine_code_says)
{
	lm_model_params p;
	lm_model_kinds st = one_store_kind(40, &p);
	p.chain_lat = 100;
	st.cache_lat = 150;
	st.cache_thru = 0.5;
	st.cache_chain_lat = 30;
	lm_kernel_mix k = { .loads = 4, .insts = 10, .alpha = 5, .cache_loads = 4 };
	double once = lm_model_kernel_step(&p, &st, &k);
	ck_assert_rel(once, 150 + 30 * 2 + 5 * 4, 1e-12);
	k.waits = 2;
	k.waits_alpha = 1;
	ck_assert_rel(lm_model_kernel_step(&p, &st, &k), 2 * (150 + 30 * 1) + 1 * 4, 1e-12);
	k.waits = 1; /* read, and once: the schedule's alpha alone */
	ck_assert_rel(lm_model_kernel_step(&p, &st, &k), 150 + 30 * 2 + 1 * 4, 1e-12);
	k.waits = 0; /* not read */
	ck_assert_rel(lm_model_kernel_step(&p, &st, &k), once, 1e-12);
	/* from DRAM, or half of them: the PTX's step */
	k.waits = 2;
	k.cache_loads = 2;
	ck_assert_rel(lm_model_kernel_step(&p, &st, &k), 400 + 100 * 2 + 5 * 4, 1e-12);
	k.cache_loads = 4;
	st.cache_lat = NAN;
	ck_assert_rel(lm_model_kernel_step(&p, &st, &k), 400 + 100 * 2 + 5 * 4, 1e-12);
}
END_TEST

/* Beside a loop, the body's instructions issue while the other warps'
 * loops wait on memory: a body of many instructions adds its latency to a
 * work-item's time at every occupancy, not the issue all warps running it
 * would take (which, at 64 warps and 4 instructions a cycle, would be 16
 * times its 1000 instructions). */
START_TEST(a_body_beside_a_loop_adds_its_latency_not_its_issue)
{
	lm_model_params p;
	lm_model_kinds st = one_store_kind(4, &p);
	st.scatter = p;
	lm_kernel_mix loop = { .loads = 1, .insts = 6, .alpha = 5 };
	lm_kernel_mix light = { .loads = 0.01, .insts = 10, .alpha = 100 };
	lm_kernel_mix heavy = light;
	heavy.insts = 1000;
	for (double level = 1; level <= 64; level *= 4) {
		double busy_l, busy_h;
		double l = lm_model_eval_written_loop(&p, &st, &light, &loop, 64, 1, level, 1, 0, &busy_l, NULL);
		double h = lm_model_eval_written_loop(&p, &st, &heavy, &loop, 64, 1, level, 1, 0, &busy_h, NULL);
		ck_assert_msg(fabs(h / l - 1) < 1e-9, "at %g warps: %g with 1000 instructions, %g with 10", level, h, l);
	}
}
END_TEST

/* What a kernel as written runs once a group, priced at its size: its
 * first work-item's store 1 / L of a store a work-item (a sector,
 * scattered, where the file prices scattered stores); its tree's log2 L
 * turns in alpha, each lmem_lat and its instructions one after another
 * (its instructions alone without lmem_lat). So at the same warps, bigger
 * groups' work-items take longer. */
START_TEST(what_a_group_runs_once_is_priced_at_its_size)
{
	lm_model_params p;
	lm_model_kinds st = one_store_kind(40, &p);
	st.lmem_lat = 28;
	lm_kernel_mix k = { .loads = 8, .insts = 82, .alpha = 59, .group_stores = 1, .tree_insts = 12,
			    .tree_waits = 1 }, g;
	lm_model_written_in_groups(&k, &p, &st, 128, &g);
	ck_assert_rel(g.alpha, 59 + 7 * (12 + 28 / 4.0), 1e-12);
	k.tree_waits = 2; /* a load after the turn's first store waits again */
	lm_model_written_in_groups(&k, &p, &st, 128, &g);
	ck_assert_rel(g.alpha, 59 + 7 * (12 + 2 * 28 / 4.0), 1e-12);
	k.tree_waits = 1;
	ck_assert_rel(g.insts, 82 + 7 * 12, 1e-12);
	ck_assert_rel(g.stores, 1 / 128.0, 1e-12);
	ck_assert(g.group_stores == 0 && g.tree_insts == 0 && g.tree_waits == 0 && g.scattered_stores == 0);
	lm_model_written_in_groups(&k, &p, &st, 96, &g); /* not a power of two: 48, 24, ..., 1 */
	ck_assert_rel(g.alpha, 59 + 6 * (12 + 28 / 4.0), 1e-12);
	st.scatter = p; /* scattered stores priced: the group's is one */
	st.lmem_lat = NAN;
	lm_model_written_in_groups(&k, &p, &st, 128, &g);
	ck_assert_rel(g.alpha, 59 + 7 * 12, 1e-12);
	ck_assert_rel(g.scattered_stores, 1 / 128.0, 1e-12);
	lm_model_written_in_groups(&k, &p, &st, 0.5, &g);
	ck_assert(g.alpha == 59 && g.stores == 0 && g.group_stores == 1);
	st.lmem_lat = 28;
	lm_kernel_mix small, big;
	lm_model_written_in_groups(&k, &p, &st, 32, &small);
	lm_model_written_in_groups(&k, &p, &st, 256, &big);
	/* 8 warps a CU, latency bound: 8 groups of one warp, or one of eight */
	double at32 = lm_model_eval_written(&p, &st, &small, 1, 8, 1, 400, NULL, NULL);
	double at256 = lm_model_eval_written(&p, &st, &big, 8, 1, 1, 400, NULL, NULL);
	ck_assert_msg(at256 < 0.9 * at32, "%g loads a cycle in groups of 256, %g in groups of 32", at256, at32);
}
END_TEST

/* A loop inside a kernel as written: a work-item's time is its body's
 * once and its loop's trips times, each at the same warps, so a body that
 * touches no memory and a loop of trips iterations runs trips times fewer
 * work-items than one iteration as a body; a body and one iteration of the
 * same loop take twice one's time. Dispatch caps warps, not accesses. */
START_TEST(a_loop_inside_a_kernel_as_written_adds_its_trips)
{
	lm_model_params p;
	lm_model_kinds st = one_store_kind(4, &p);
	lm_kernel_mix sum = { .loads = 1, .insts = 6, .alpha = 5 }, none = { .insts = 4 };
	double one = lm_model_eval_written(&p, &st, &sum, 2, 10, 1, 0, NULL, NULL);
	lm_bound b;
	double busy;
	ck_assert_rel(lm_model_eval_written_loop(&p, &st, &none, &sum, 8, 2, 10, 1, 0, &busy, &b), one / 8, 1e-12);
	ck_assert_int_eq(b, LM_BOUND_LATENCY);
	ck_assert_rel(lm_model_eval_written_loop(&p, &st, &sum, &sum, 1, 2, 10, 1, 0, NULL, NULL), one / 2, 1e-12);
	ck_assert_rel(lm_model_eval_written_loop(&p, &st, &sum, NULL, 0, 2, 10, 1, 420, NULL, NULL),
		      lm_model_eval_written(&p, &st, &sum, 2, 10, 1, 420, NULL, NULL), 1e-12);
	/* longer items hold their groups longer: the start and end weigh less */
	double short_items = lm_model_eval_written_loop(&p, &st, &none, &sum, 1, 2, 10, 1, 420, NULL, NULL);
	double long_items = lm_model_eval_written_loop(&p, &st, &none, &sum, 100, 2, 10, 1, 420, &busy, NULL);
	ck_assert_msg(long_items * 100 > short_items * 1.5 && busy > 19, "%g, %g, busy %g", long_items, short_items,
		      busy);
	ck_assert_rel(lm_model_eval_written_loop(&p, &st, &none, &sum, 1, 2, 10, 0.001, 420, NULL, &b), 0.002, 1e-12);
	ck_assert_int_eq(b, LM_BOUND_DISPATCH);
	ck_assert(isnan(lm_model_eval_written_loop(&p, &st, &none, &sum, 0, 2, 10, 1, 420, NULL, NULL)));
	ck_assert(isnan(lm_model_eval_written_loop(&p, &st, &none, NULL, 0, 2, 10, 1, 420, NULL, NULL)));
}
END_TEST

START_TEST(scattered_accesses_are_priced_by_their_kind)
{
	lm_model_params p;
	lm_model_kinds st = one_store_kind(40, &p);
	lm_kernel_mix transpose = { .loads = 1, .stores = 1, .insts = 10, .alpha = 5,
				    .scattered_stores = 1 };
	/* no scattered kind: the store is a coalesced one */
	ck_assert_rel(lm_model_kernel_peak(&p, &st, &transpose, NULL), 0.1, 1e-12);
	st.scatter = p;
	st.scatter.mem_lat = 1000;
	st.scatter.mem_thru = 0.01;
	ck_assert(lm_model_kinds_scatter(&st));
	/* a coalesced load alone (share 0) and a scattered store: 5 + 100 cycles */
	ck_assert_rel(lm_model_kernel_peak(&p, &st, &transpose, NULL), 1 / 105.0, 1e-12);
	ck_assert_rel(lm_model_kernel_step(&p, &st, &transpose), 400 + 5 * 4, 1e-12);
	/* a scattered load and a coalesced store: every load scattered, so the
	 * store costs what it adds at share 1 (10 - 5), the step the scattered
	 * kind's latency */
	lm_kernel_mix gather = { .loads = 1, .stores = 1, .insts = 10, .alpha = 5, .scattered_loads = 1 };
	ck_assert_rel(lm_model_kernel_peak(&p, &st, &gather, NULL), 1 / 105.0, 1e-12);
	ck_assert_rel(lm_model_kernel_step(&p, &st, &gather), 1000 + 5 * 4, 1e-12);
	/* two loads, one scattered, one coalesced store: share 1 for the
	 * coalesced pair (10) and 100 for the scattered load, per two loads */
	lm_kernel_mix both = { .loads = 2, .stores = 1, .insts = 10, .alpha = 5, .scattered_loads = 1 };
	ck_assert_rel(lm_model_kernel_peak(&p, &st, &both, NULL), 2 / 110.0, 1e-12);
	ck_assert_rel(lm_model_kernel_step(&p, &st, &both), 1000 + 5 * 4, 1e-12);
	/* the refined model bends a scattered loop with the knees weighted by
	 * memory time: 1.75 (the loads' default) for 5 cycles, 1.0 for 100 */
	p.chain_lat = 50;
	st.scatter.knee = 1.0;
	double step = 420, peak = 1 / 105.0, knee = (LM_MODEL_KNEE * 5 + 1.0 * 100) / 105;
	double sharp = knee * step / 400, r = 3 / step / peak;
	double want = peak * pow(-expm1(-pow(r, sharp)), 1 / sharp);
	ck_assert_rel(lm_model_eval_kernel(&p, &st, &transpose, 3, NULL), want, 1e-12);
}
END_TEST

/* A scattered store whose sectors its group's rows complete (merged) is
 * priced at scatter_store_thru, the rest of the scattered accesses at the
 * scattered kind's; a file without it prices them all at the kind's */
START_TEST(merged_stores_are_priced_at_scatter_store_thru)
{
	lm_model_params p;
	lm_model_kinds st = one_store_kind(40, &p);
	st.scatter = p;
	st.scatter.mem_lat = 1000;
	st.scatter.mem_thru = 0.01;
	lm_kernel_mix half = { .loads = 1, .stores = 1, .insts = 10, .alpha = 5, .scattered_stores = 0.5,
			       .merged_stores = 0.5 };
	/* no scatter_store_thru: half a scattered store at the kind's, 50
	 * cycles beside the load and the coalesced half store (t) */
	lm_kernel_mix rest = half;
	rest.stores = 0.5;
	rest.scattered_stores = rest.merged_stores = 0;
	double t = 1 / lm_model_kernel_peak(&p, &st, &rest, NULL);
	ck_assert(t > 5 && t < 10);
	ck_assert_rel(lm_model_kernel_peak(&p, &st, &half, NULL), 1 / (t + 50), 1e-12);
	st.scatter_store_thru = 0.02;
	/* 0.5 / 0.02 = 25 cycles for the merged half store */
	ck_assert_rel(lm_model_kernel_peak(&p, &st, &half, NULL), 1 / (t + 25), 1e-12);
	/* the step is the same, merged or not: a store is not waited for */
	double step = lm_model_kernel_step(&p, &st, &half);
	st.scatter_store_thru = NAN;
	ck_assert_rel(lm_model_kernel_step(&p, &st, &half), step, 1e-12);
	st.scatter_store_thru = 0.02;
	/* two scattered stores, one merged: 5 + 100 + 50 cycles */
	lm_kernel_mix two = { .loads = 1, .stores = 2, .insts = 10, .alpha = 5, .scattered_stores = 2,
			      .merged_stores = 1 };
	ck_assert_rel(lm_model_kernel_peak(&p, &st, &two, NULL), 1 / 155.0, 1e-12);
	/* more merged than scattered counts as all of them; a negative as none */
	two.merged_stores = 5;
	ck_assert_rel(lm_model_kernel_peak(&p, &st, &two, NULL), 1 / 105.0, 1e-12);
	two.merged_stores = -1;
	ck_assert_rel(lm_model_kernel_peak(&p, &st, &two, NULL), 1 / 205.0, 1e-12);
	/* stores alone: a store-only loop's merged store at the same rate */
	st.store_thru = 0.1;
	st.store_step = 40;
	lm_kernel_mix fill = { .stores = 1, .insts = 6, .alpha = 5, .scattered_stores = 1, .merged_stores = 1 };
	ck_assert_rel(lm_model_kernel_peak(&p, &st, &fill, NULL), 0.02, 1e-12);
}
END_TEST

/* A misaligned load's stream keeps the share the stream pairs measured at
 * the loop's store share (linear between 0 and 1, held past 1) of its
 * memory throughput; the latency is an aligned load's; without both shares
 * it is priced as aligned */
START_TEST(misaligned_streams_take_the_measured_share)
{
	lm_model_params p;
	lm_model_kinds st = one_store_kind(40, &p);
	lm_kernel_mix copy = { .loads = 1, .stores = 1, .insts = 8, .alpha = 6, .misaligned_loads = 1 };
	/* no shares known: as aligned */
	ck_assert_rel(lm_model_kernel_peak(&p, &st, &copy, NULL), 0.1, 1e-12);
	st.misaligned[0] = 0.6;
	ck_assert_rel(lm_model_kernel_peak(&p, &st, &copy, NULL), 0.1, 1e-12);
	st.misaligned[1] = 0.8;
	/* one store a load: 0.8 of the store kind's bound; the step unchanged */
	ck_assert_rel(lm_model_kernel_peak(&p, &st, &copy, NULL), 0.08, 1e-12);
	ck_assert_rel(lm_model_kernel_step(&p, &st, &copy), 524, 1e-12);
	/* read-only: 0.6 of the loads' bound */
	lm_kernel_mix sum = { .loads = 1, .insts = 6, .alpha = 5, .misaligned_loads = 1 };
	ck_assert_rel(lm_model_kernel_peak(&p, &st, &sum, NULL), 0.12, 1e-12);
	/* two streams, one misaligned, half a store a load: share 0.7 on half
	 * of the memory time (0.5 / 0.2 + 0.5 / 0.1 cycles a load) */
	lm_kernel_mix add = { .loads = 2, .stores = 1, .insts = 11, .alpha = 8, .misaligned_loads = 1 };
	double t = 0.5 / 0.2 + 0.5 / 0.1;
	ck_assert_rel(lm_model_kernel_peak(&p, &st, &add, NULL), 1 / (t * (0.5 + 0.5 / 0.7)), 1e-12);
	/* two stores a load: held at the share of one */
	lm_kernel_mix two = { .loads = 1, .stores = 2, .insts = 8, .alpha = 6, .misaligned_loads = 1 };
	lm_kernel_mix two_aligned = two;
	two_aligned.misaligned_loads = 0;
	ck_assert_rel(lm_model_kernel_peak(&p, &st, &two, NULL),
		      0.8 * lm_model_kernel_peak(&p, &st, &two_aligned, NULL), 1e-12);
}
END_TEST

/* A loop that stores and does not load: by stores alone, its step the
 * longer of store_step and its instructions' latency, its bound store_thru
 * over its lines (a scattered store at the scattered kind's time), met
 * sharply even in a refined file; not priced without the two */
START_TEST(store_only_loops_are_priced_by_stores_alone)
{
	lm_model_params p;
	lm_model_kinds st = one_store_kind(4, &p);
	p.chain_lat = 50; /* a refined file: a loop with loads would bend */
	lm_kernel_mix fill = { .stores = 1, .insts = 6, .alpha = 5 };
	char why[256];
	ck_assert(!lm_model_kinds_store_only(&st));
	ck_assert(isnan(lm_model_kernel_peak(&p, &st, &fill, NULL)));
	ck_assert(!lm_model_kernel_priced(&fill, &st, why, sizeof why) && strstr(why, "no store_thru"));
	st.store_thru = 0.09;
	st.store_step = 38;
	ck_assert(lm_model_kinds_store_only(&st));
	ck_assert(lm_model_kernel_priced(&fill, &st, why, sizeof why));
	/* a store every other iteration, or half a load: refused, saying so */
	lm_kernel_mix half = { .stores = 0.5, .insts = 6, .alpha = 5 };
	ck_assert(!lm_model_kernel_priced(&half, &st, why, sizeof why) && strstr(why, "0.5 stores"));
	half.loads = 0.5;
	ck_assert(!lm_model_kernel_priced(&half, &st, why, sizeof why) && strstr(why, "0.5 loads"));
	half.loads = half.stores = 0;
	ck_assert(!lm_model_kernel_priced(&half, &st, why, sizeof why) && strstr(why, "no global load or store"));
	/* 5 x 4 = 20 cycles of instructions: the pass's 38 */
	ck_assert_rel(lm_model_kernel_step(&p, &st, &fill), 38, 1e-12);
	lm_bound b;
	ck_assert_rel(lm_model_kernel_peak(&p, &st, &fill, &b), 0.09, 1e-12);
	ck_assert_int_eq(b, LM_BOUND_MEM);
	ck_assert_rel(lm_model_eval_kernel(&p, &st, &fill, 2, &b), 2.0 / 38, 1e-12);
	ck_assert_int_eq(b, LM_BOUND_LATENCY);
	/* sharp: the bound itself at 0.09 x 38 = 3.42 warps and on */
	ck_assert_rel(lm_model_eval_kernel(&p, &st, &fill, 3.5, NULL), 0.09, 1e-12);
	ck_assert_rel(lm_model_kernel_warps(&p, &st, &fill, 0.9), 0.9 * 0.09 * 38, 1e-6);
	/* 32 adds on its chain: 37 x 4 = 148 cycles */
	lm_kernel_mix adds = { .stores = 1, .flops = 32, .insts = 38, .alpha = 37 };
	ck_assert_rel(lm_model_kernel_step(&p, &st, &adds), 148, 1e-12);
	/* four stores a pass: the bound in stores; the issue of 16
	 * instructions at 4 a cycle, 1 a cycle in stores, binds above it */
	lm_kernel_mix four = { .stores = 4, .insts = 16, .alpha = 12 };
	ck_assert_rel(lm_model_kernel_step(&p, &st, &four), 48, 1e-12);
	ck_assert_rel(lm_model_kernel_peak(&p, &st, &four, NULL), 0.09, 1e-12);
	ck_assert_rel(lm_model_eval_kernel(&p, &st, &four, 0.5, NULL), 0.5 * 4 / 48, 1e-12);
	/* 8 bytes a lane: twice the lines */
	lm_kernel_mix wide = { .stores = 1, .insts = 6, .alpha = 5, .store_bytes = 8 };
	ck_assert_rel(lm_model_kernel_peak(&p, &st, &wide, NULL), 0.045, 1e-12);
	/* a scattered store: the scattered kind's memory time */
	st.scatter = p;
	st.scatter.mem_thru = 0.004;
	lm_kernel_mix scattered = { .stores = 1, .scattered_stores = 1, .insts = 6, .alpha = 5 };
	ck_assert_rel(lm_model_kernel_peak(&p, &st, &scattered, NULL), 0.004, 1e-12);
}
END_TEST

/* One kind per measured share (0: the loads', 0.5 and 1 stores a load): a
 * kernel's share priced on the line between the two around it, the last
 * line continued past the largest; the knee the store kinds' alone */
START_TEST(store_shares_interpolate_between_their_neighbours)
{
	lm_model_params p = { .alu_lat = 4, .mem_lat = 400, .alu_thru = 4, .mem_thru = 0.2,
			      .issue_thru = 40, .chain_lat = NAN, .issue_cost = NAN };
	lm_model_params half = p, full = p;
	half.mem_lat = 430;
	half.mem_thru = 0.16;
	half.knee = 1.0;
	full.mem_lat = 500;
	full.mem_thru = 0.1;
	full.knee = 1.2;
	lm_model_kinds st = { 0 };
	ck_assert(lm_model_kinds_add_store(&st, 1, &full));
	ck_assert(lm_model_kinds_add_store(&st, 0.5, &half)); /* put before */
	ck_assert(!lm_model_kinds_add_store(&st, 0.5, &half));
	ck_assert(!lm_model_kinds_add_store(&st, 0, &half));
	ck_assert(st.n == 2 && st.share[0] == 0.5 && st.kind[0].mem_lat == 430 && st.share[1] == 1);
	const struct {
		double loads, stores, lat, inv_thru;
	} at[] = {
		{ 2, 1, 430, 1 / 0.16 },                         /* a measured share */
		{ 4, 1, 415, 0.5 / 0.2 + 0.5 / 0.16 },           /* between the loads' and half */
		{ 4, 3, 465, 0.5 / 0.16 + 0.5 / 0.1 },           /* between half and full */
		{ 1, 1, 500, 10 },                               /* the other */
		{ 1, 2, 430 + 3 * 70, 1 / 0.16 + 3 * (10 - 6.25) }, /* past: the last line */
	};
	for (size_t i = 0; i < sizeof at / sizeof at[0]; i++) {
		lm_kernel_mix k = { .loads = at[i].loads, .stores = at[i].stores, .insts = 1, .alpha = 0 };
		ck_assert_rel(lm_model_kernel_step(&p, &st, &k), at[i].lat, 1e-12);
		ck_assert_rel(lm_model_kernel_peak(&p, &st, &k, NULL), 1 / at[i].inv_thru, 1e-12);
	}
	/* the refined model's knee: 1.0 up to half a store a load, 1.1 at
	 * three quarters, 1.2 from one on; 1.75 for a loop without stores */
	p.chain_lat = half.chain_lat = full.chain_lat = 50;
	st = (lm_model_kinds){ 0 };
	lm_model_kinds_add_store(&st, 0.5, &half);
	lm_model_kinds_add_store(&st, 1, &full);
	const struct {
		double loads, stores, knee;
	} kn[] = { { 4, 0, LM_MODEL_KNEE }, { 4, 1, 1.0 }, { 2, 1, 1.0 }, { 4, 3, 1.1 }, { 1, 1, 1.2 }, { 1, 2, 1.2 } };
	for (size_t i = 0; i < sizeof kn / sizeof kn[0]; i++) {
		lm_kernel_mix k = { .loads = kn[i].loads, .stores = kn[i].stores, .insts = 1, .alpha = 2 };
		double step = lm_model_kernel_step(&p, &st, &k), mem = step - 2 * 4;
		double peak = lm_model_kernel_peak(&p, &st, &k, NULL), sharp = kn[i].knee * step / mem;
		double r = 30 * k.loads / step / peak, want = peak * pow(-expm1(-pow(r, sharp)), 1 / sharp);
		ck_assert_rel(lm_model_eval_kernel(&p, &st, &k, 30, NULL), want, 1e-12);
	}
}
END_TEST

/* a kernel as written reads at written-read's rate: the loads' kind scaled
 * by its gain over it, a store kind by that gain falling linearly to none
 * at one store a load; latencies and the scattered kind unchanged; not for
 * a body of more loads than the mix's work-items make, nor where the file
 * has no such figure */
START_TEST(a_kernel_as_written_reads_at_the_written_mixes_rates)
{
	lm_model_params p = { .alu_lat = 4, .mem_lat = 400, .alu_thru = 4, .mem_thru = 0.2,
			      .issue_thru = 40, .chain_lat = NAN, .issue_cost = NAN };
	lm_model_params half = p, full = p, pw;
	half.mem_thru = 0.16;
	full.mem_lat = 500;
	full.mem_thru = 0.1;
	lm_model_kinds st = { 0 }, sw;
	lm_model_kinds_add_store(&st, 0.5, &half);
	lm_model_kinds_add_store(&st, 1, &full);
	st.scatter = p;
	st.scatter.mem_thru = 0.05;
	lm_kernel_mix dot = { .loads = 8, .stores = 0, .insts = 12, .alpha = 1 };
	lm_kernel_mix copy = { .loads = 1, .stores = 1, .insts = 4, .alpha = 1 };
	lm_kernel_mix long_item = { .loads = LM_MIX_WRITTEN_LOADS + 1, .insts = 20, .alpha = 1 };
	/* nothing measured: the same figures */
	ck_assert(!lm_model_as_written(&p, &st, &dot, &pw, &sw));
	ck_assert(pw.mem_thru == 0.2 && sw.kind[0].mem_thru == 0.16 && sw.kind[1].mem_thru == 0.1);
	/* reads 10% faster: 5% at half a store a load, none at one */
	st.written_read_thru = 0.22;
	ck_assert(lm_model_as_written(&p, &st, &dot, &pw, &sw));
	ck_assert_rel(pw.mem_thru, 0.22, 1e-12);
	ck_assert_rel(sw.kind[0].mem_thru, 0.16 * 1.05, 1e-12);
	ck_assert_rel(sw.kind[1].mem_thru, 0.1, 1e-12);
	ck_assert(pw.mem_lat == 400 && sw.kind[1].mem_lat == 500 && sw.scatter.mem_thru == 0.05);
	/* a read-only body's bound moves with the reads' gain, a copy's not */
	ck_assert_rel(lm_model_kernel_peak(&pw, &sw, &dot, NULL), 0.22, 1e-12);
	ck_assert_rel(lm_model_kernel_peak(&p, &st, &dot, NULL), 0.2, 1e-12);
	ck_assert(lm_model_as_written(&p, &st, &copy, &pw, &sw));
	ck_assert_rel(lm_model_kernel_peak(&pw, &sw, &copy, NULL), lm_model_kernel_peak(&p, &st, &copy, NULL), 1e-12);
	/* work-items that load more run long: the persistent figures */
	ck_assert(!lm_model_as_written(&p, &st, &long_item, &pw, &sw));
	ck_assert(pw.mem_thru == 0.2 && sw.kind[0].mem_thru == 0.16);
	/* slower reads as written scale down alike */
	st.written_read_thru = 0.18;
	ck_assert(lm_model_as_written(&p, &st, &dot, &pw, &sw));
	ck_assert_rel(sw.kind[0].mem_thru, 0.16 * 0.95, 1e-12);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("model");
	TCase *tc = tcase_create("thesis");
	tcase_add_test(tc, local_accesses_are_l1_requests);
	tcase_add_test(tc, maxwell_memory_only_needs_30_warps);
	tcase_add_test(tc, maxwell_arithmetic_only_needs_24_warps);
	tcase_add_test(tc, maxwell_cusp_near_alpha_49_needs_about_54_warps);
	tcase_add_test(tc, warps_needed_rises_then_falls_around_the_cusp);
	tcase_add_test(tc, in_flight_example_of_section_4_6);
	tcase_add_test(tc, guide_example_of_section_4_8);
	tcase_add_test(tc, limit_cases_and_bounds);
	tcase_add_test(tc, fraction_scales_warps_needed);
	tcase_add_test(tc, refined_model_saturates_gradually);
	tcase_add_test(tc, kernel_mix_gives_known_predictions);
	tcase_add_test(tc, store_shares_interpolate_between_their_neighbours);
	tcase_add_test(tc, scattered_accesses_are_priced_by_their_kind);
	tcase_add_test(tc, merged_stores_are_priced_at_scatter_store_thru);
	tcase_add_test(tc, misaligned_streams_take_the_measured_share);
	tcase_add_test(tc, store_only_loops_are_priced_by_stores_alone);
	tcase_add_test(tc, a_kernel_as_written_waits_on_memory_and_on_its_groups);
	tcase_add_test(tc, a_group_of_more_warps_waits_longer_for_its_last);
	tcase_add_test(tc, a_loop_inside_a_kernel_as_written_adds_its_trips);
	tcase_add_test(tc, what_a_group_runs_once_is_priced_at_its_size);
	tcase_add_test(tc, a_body_beside_a_loop_adds_its_latency_not_its_issue);
	tcase_add_test(tc, a_loop_of_many_lines_a_warp_is_bound_by_l1);
	tcase_add_test(tc, loads_the_cache_holds_are_priced_at_its_latency_and_bandwidth);
	tcase_add_test(tc, a_step_of_cache_hits_waits_as_its_machine_code_says);
	tcase_add_test(tc, a_kernel_as_written_reads_at_the_written_mixes_rates);
	suite_add_tcase(s, tc);
	return lm_test_run(s);
}
