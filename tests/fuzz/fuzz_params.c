/* Fuzzes the parameter file reader (lm_params_read, the file a memfd).
 * Beyond "no crash": a file it takes has format 1, its texts ended within
 * their fields, every parameter's kind one of lm_param_kind's and missing
 * exactly where its value is NAN, values positive (chain_lat not
 * negative), standard errors not negative, at most LM_PARAMS_MAX_KINDS
 * further kinds, each a known one; a refused file leaves the output as it
 * was and a message naming the file. */
#include "fuzz.h"
#include "fit/params.h"

#include <math.h>

static void check_param(const lm_param *p, lm_param_id id, const char *where)
{
	FUZZ_CHECK(p->kind >= LM_PARAM_VALUE && p->kind <= LM_PARAM_TIED, "%s %s: kind %d", where,
		   lm_param_key(id), (int)p->kind);
	FUZZ_CHECK((p->kind == LM_PARAM_MISSING) == isnan(p->value), "%s %s: kind %s, value %g", where,
		   lm_param_key(id), lm_param_kind_name(p->kind), p->value);
	FUZZ_CHECK(isnan(p->value) || (id == LM_PARAM_CHAIN_LAT ? p->value >= 0 : p->value > 0),
		   "%s %s: value %g", where, lm_param_key(id), p->value);
	FUZZ_CHECK(isnan(p->std_error) || p->std_error >= 0, "%s %s: stderr %g", where, lm_param_key(id),
		   p->std_error);
	FUZZ_CHECK(FUZZ_TERMINATED(p->note), "%s %s: note unterminated", where, lm_param_key(id));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *path = fuzz_file(data, size);
	static lm_params ps, before;
	memset(&ps, 0xa5, sizeof ps);
	before = ps;
	lm_error_clear();
	lm_status s = lm_params_read(path, &ps);
	if (s != LM_OK) {
		fuzz_failed(s, path);
		FUZZ_CHECK(memcmp(&ps, &before, sizeof ps) == 0, "a refused file changed the output");
		return 0;
	}
	FUZZ_CHECK(ps.format == LM_PARAMS_FORMAT, "format %d", ps.format);
	FUZZ_CHECK(FUZZ_TERMINATED(ps.tool_version) && FUZZ_TERMINATED(ps.origin) && FUZZ_TERMINATED(ps.source) &&
			   FUZZ_TERMINATED(ps.created) && FUZZ_TERMINATED(ps.model) && FUZZ_TERMINATED(ps.device) &&
			   FUZZ_TERMINATED(ps.vendor) && FUZZ_TERMINATED(ps.driver) &&
			   FUZZ_TERMINATED(ps.clock_source) && FUZZ_TERMINATED(ps.default_kind) &&
			   FUZZ_TERMINATED(ps.fit_quality) && FUZZ_TERMINATED(ps.fit_loss) &&
			   FUZZ_TERMINATED(ps.fit_flags) && FUZZ_TERMINATED(ps.fit_preferred) &&
			   FUZZ_TERMINATED(ps.fit_preference) && FUZZ_TERMINATED(ps.fit_cost_preference),
		   "a text field unterminated");
	FUZZ_CHECK(ps.simd_width >= 0 && ps.compute_units >= 0 && ps.fit_points >= 0, "a negative count");
	FUZZ_CHECK(isnan(ps.clock_mhz) || ps.clock_mhz > 0, "clock_mhz %g", ps.clock_mhz);
	for (int id = 0; id < LM_PARAM_COUNT; id++)
		check_param(&ps.p[id], (lm_param_id)id, "");
	FUZZ_CHECK(ps.nkinds >= 0 && ps.nkinds <= LM_PARAMS_MAX_KINDS, "%d kinds", ps.nkinds);
	FUZZ_CHECK(!ps.nkinds || lm_params_kind_known(ps.default_kind), "default kind '%s'", ps.default_kind);
	for (int k = 0; k < ps.nkinds; k++) {
		const lm_params_kind *kd = &ps.kinds[k];
		FUZZ_CHECK(FUZZ_TERMINATED(kd->name) && lm_params_kind_known(kd->name) &&
				   strcmp(kd->name, ps.default_kind) != 0,
			   "kind %d", k);
		for (int id = 0; id < LM_PARAM_COUNT; id++)
			if (lm_param_per_kind((lm_param_id)id))
				check_param(&kd->p[id], (lm_param_id)id, kd->name);
	}
	return 0;
}
