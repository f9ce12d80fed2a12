/* Fuzzes the count file reader (lm_count_read_ini: mix-of/NAME.ini, the
 * file a memfd). Beyond "no crash": a count it takes says counted yes or
 * no; a counted one passes lm_count_check (every figure finite, in its
 * range: what predict would price), a body around its loop too, and a
 * body counted whole has no loop unrolled or gone around; its loads by
 * argument no more than its loads, their share held by the cache from 0
 * to 1; its merged stores among its scattered ones; a refused file
 * leaves a message naming it. */
#include "fuzz.h"
#include "asm/count.h"

#include <math.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *path = fuzz_file(data, size);
	static lm_count_file cf;
	lm_error_clear();
	lm_status s = lm_count_read_ini(path, &cf);
	if (s != LM_OK) {
		fuzz_failed(s, path);
		return 0;
	}
	FUZZ_CHECK(FUZZ_TERMINATED(cf.kernel) && FUZZ_TERMINATED(cf.reason), "a text unterminated");
	if (!cf.counted)
		return 0;
	FUZZ_CHECK(lm_count_check(&cf.mix, NULL) == LM_OK, "a counted figure out of range: %s", lm_error_message());
	FUZZ_CHECK(isfinite(cf.mix.loads) && isfinite(cf.mix.alpha) && cf.mix.loads >= 0 && cf.mix.alpha >= 0,
		   "loads %g, alpha %g", cf.mix.loads, cf.mix.alpha);
	/* a loop's unrolling and the body around it: a body counted whole has
	 * neither, and the body around reads as the model prices it */
	FUZZ_CHECK(cf.unroll >= 1 && (!cf.loopless || (cf.unroll == 1 && !cf.around_counted)),
		   "unroll %u, around %d, loopless %d", cf.unroll, cf.around_counted, cf.loopless);
	FUZZ_CHECK(!cf.around_counted || lm_count_check(&cf.around, NULL) == LM_OK, "the body around out of range: %s",
		   lm_error_message());
	/* loads by argument among its loads, bytes in range, a share of loads */
	unsigned by_arg = 0;
	for (int i = 0; i < LM_COUNT_MAX_ARGS; i++) {
		by_arg += cf.arrays.loads[i];
		FUZZ_CHECK(cf.arrays.bytes[i] >= 0 && cf.arrays.bytes[i] <= 0x1p50, "bytes %g", cf.arrays.bytes[i]);
	}
	FUZZ_CHECK(by_arg <= cf.arrays.own_loads, "%u loads by argument of %u", by_arg, cf.arrays.own_loads);
	double share = lm_count_cache_share(&cf.arrays, 17e6, 4e6, 256, 4, NULL, NULL);
	FUZZ_CHECK(share >= 0 && share <= 1, "cache share %g", share);
	/* the stores a group's rows merge are among its scattered ones */
	FUZZ_CHECK(cf.mix.merged_stores <= cf.mix.scattered_stores, "%g merged of %g scattered", cf.mix.merged_stores,
		   cf.mix.scattered_stores);
	/* rows of a width only for a kernel of 2 or 3 dimensions, each in range */
	for (int i = 0; i < LM_COUNT_ROW_WIDTHS; i++)
		FUZZ_CHECK(!cf.rows_counted[i] || (cf.dims >= 2 && cf.dims <= 3 && lm_count_check(&cf.rows[i], NULL) == LM_OK),
			   "rows %u wide: dims %u, %s", lm_count_row_width(i), cf.dims, lm_error_message());
	return 0;
}
