/* Fuzzes the results CSV reader (lm_results_read_stream, through
 * fmemopen; lm_csv_split under it). Beyond "no crash": a file it takes
 * has every row's numbers in their columns' ranges (results.c's table),
 * its texts ended within their fields and its alphas as lm_alpha_parse
 * gives them; every row it takes, the writer writes (lm_results_row reads
 * a row back before writing it); a refused file leaves a message naming
 * the file. The dispatch fit of what it takes gives a finite positive
 * number, or a missing one, never 0, nan or inf passed off as a value. */
#include "fuzz.h"
#include "fit/dispatch.h"
#include "fit/results.h"

#include <math.h>

#define NAME "fuzz.csv"

static bool in(double x, double lo, double hi)
{
	return x >= lo && x <= hi;
}

static void check_row(const lm_result *r)
{
	const lm_row *w = &r->row;
	FUZZ_CHECK(FUZZ_TERMINATED(r->mix) && r->mix[0], "line %d: mix empty or unterminated", r->line);
	FUZZ_CHECK(FUZZ_TERMINATED(r->clock_source) && w->clock_source == r->clock_source,
		   "line %d: clock_source", r->line);
	FUZZ_CHECK(FUZZ_TERMINATED(w->timer) && FUZZ_TERMINATED(w->timing) && FUZZ_TERMINATED(w->coresident) &&
			   FUZZ_TERMINATED(w->spread),
		   "line %d: a text column unterminated", r->line);
	FUZZ_CHECK(w->alpha.den >= 0 && w->alpha.den <= LM_ALPHA_MAX_DEN && w->alpha.num >= 0 &&
			   w->alpha.num <= LM_ALPHA_MAX_NUM && (w->alpha.den || w->alpha.num == 1),
		   "line %d: alpha %ld/%ld", r->line, w->alpha.num, w->alpha.den);
	FUZZ_CHECK(w->warps >= 1 && w->warps <= 4096 && w->groups_per_cu >= 1 && w->groups_per_cu <= 4096 &&
			   w->warps_per_group >= 1 && w->warps_per_group <= 1024 && w->work_group_size >= 1 &&
			   w->work_group_size <= 1048576 && w->compute_units >= 1 &&
			   w->compute_units <= 1048576 && w->simd_width >= 1 && w->simd_width <= 1024 &&
			   w->chains >= 1 && w->chains <= 16 && w->repeats >= 1 && w->repeats <= 1000,
		   "line %d: an integer column out of range", r->line);
	FUZZ_CHECK(w->time_med > 0 && w->time_med <= 3600 && w->time_min > 0 && w->time_min <= 3600 &&
			   w->time_max > 0 && w->time_max <= 3600 && w->clock_mhz > 0 && w->clock_mhz <= 100000 &&
			   in(w->mem_ipc, 0, 1024) && in(w->alu_ipc, 0, 1024) && in(w->bytes_per_s, 0, 1e17) &&
			   w->cycles_per_group > 0 && w->cycles_per_group <= 1e12 &&
			   (isnan(w->overhead_s) || in(w->overhead_s, -3600, 3600)) &&
			   (isnan(w->elements_per_s) || in(w->elements_per_s, 0, 1e17)),
		   "line %d: a number column out of range", r->line);
}

static void check_dispatch(const lm_results *r)
{
	lm_param p[2];
	lm_fit_dispatch(r, &p[0], &p[1]);
	for (int i = 0; i < 2; i++) {
		bool missing = p[i].kind == LM_PARAM_MISSING;
		FUZZ_CHECK(missing ? isnan(p[i].value) : isfinite(p[i].value) && p[i].value > 0,
			   "dispatch parameter %d: %g, kind %d", i, p[i].value, (int)p[i].kind);
		FUZZ_CHECK(isnan(p[i].std_error) || (isfinite(p[i].std_error) && p[i].std_error >= 0),
			   "dispatch parameter %d: standard error %g", i, p[i].std_error);
		FUZZ_CHECK(FUZZ_TERMINATED(p[i].note), "dispatch parameter %d: note unterminated", i);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	FILE *f = fmemopen((void *)data, size, "r");
	if (!f)
		return 0; /* an empty input: glibc refuses a stream of size 0 */
	lm_results r;
	lm_error_clear();
	lm_status s = lm_results_read_stream(f, NAME, &r);
	fclose(f);
	if (s != LM_OK) {
		fuzz_failed(s, NAME);
		return 0;
	}
	FUZZ_CHECK(FUZZ_TERMINATED(r.device) && FUZZ_TERMINATED(r.vendor) && FUZZ_TERMINATED(r.device_type) &&
			   FUZZ_TERMINATED(r.driver) && FUZZ_TERMINATED(r.tool_version) && FUZZ_TERMINATED(r.date) &&
			   FUZZ_TERMINATED(r.footprint) && FUZZ_TERMINATED(r.columns_note),
		   "a metadata field unterminated");
	for (size_t i = 0; i < r.nmeta; i++) {
		FUZZ_CHECK(r.meta[i].key && r.meta[i].value, "metadata %zu", i);
		/* pending: a key holding '\r' ("# a\r = b") cuts the copy there
		 * and leaves the value its '\n' */
		FUZZ_CHECK(!strpbrk(r.meta[i].value, "\r\n"), "metadata %zu: a line break in its value", i);
	}
	for (size_t i = 0; i < r.n; i++) {
		check_row(&r.v[i]);
		FUZZ_CHECK(i == 0 || r.v[i].line > r.v[i - 1].line, "rows out of line order");
		lm_error_clear();
		lm_status w = lm_results_row(fuzz_null(), r.v[i].mix, &r.v[i].row);
		FUZZ_CHECK(w == LM_OK, "line %d was read but is not written: %s", r.v[i].line, lm_error_message());
	}
	for (size_t i = 0; i < r.nref; i++)
		check_row(&r.ref[i]);
	check_dispatch(&r);
	lm_results_free(&r);
	return 0;
}
