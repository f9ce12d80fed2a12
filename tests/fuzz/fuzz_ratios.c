/* Fuzzes compare's thesis ratios CSV reader (static in compare.c, reached
 * through lm_compare_chart with no parameter files and a chart directory
 * that cannot be made, so nothing is written and gnuplot never runs; the
 * file a memfd). Beyond "no crash": the chart never succeeds here; where
 * the ratios file is refused the message names it and says it is
 * malformed or unreadable; where it is taken, the failure is the
 * directory's. */
#include "fuzz.h"
#include "report/compare.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *path = fuzz_file(data, size);
	char dir[64], reason[256];
	bool skipped;
	snprintf(dir, sizeof dir, "%s/chart", path); /* under a file: ENOTDIR */
	lm_error_clear();
	lm_status s = lm_compare_chart(dir, NULL, 0, path, &skipped, reason, sizeof reason);
	fuzz_failed(s, NULL);
	const char *msg = lm_error_message();
	if (strncmp(msg, dir, strlen(dir)) == 0)
		FUZZ_CHECK(s == LM_EIO, "the directory's failure is %s", lm_status_name(s));
	else
		FUZZ_CHECK(strncmp(msg, path, strlen(path)) == 0 && (s == LM_EPARSE || s == LM_EIO),
			   "%s: '%s'", lm_status_name(s), msg);
	return 0;
}
