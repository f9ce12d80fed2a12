/* Fuzzes latmix's number syntax (lm_number_parse, lm_number_parse_uint)
 * and the option values built on it (lm_number_size: --footprint;
 * lm_number_uint_list: --warps, --chains; lm_options_parse's integers
 * and numbers: --repeats, --launch-ms). Beyond "no crash": a number taken
 * is finite and what strtod reads from the whole text; an unsigned one
 * within its maximum; a size at least a byte and at most 1e18; a list
 * digits and commas only, within its count and each item from 1 to its
 * maximum; an option's integer digits only and a number that
 * lm_number_parse takes, each within its bounds; whatever is refused
 * leaves a message. */
#include "fuzz.h"
#include "base/number.h"
#include "cli/command.h"
#include "cli/options.h"

#include <math.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_string(data, size);
	double x;
	if (lm_number_parse(text, &x)) {
		char *end;
		double y = strtod(text, &end);
		FUZZ_CHECK(isfinite(x) && x == y && *end == '\0', "'%s' read as %g", text, x);
	}
	unsigned long long u, max = 1000000;
	if (lm_number_parse_uint(text, max, &u))
		FUZZ_CHECK(u <= max && strtoull(text, NULL, 10) == u, "'%s' read as %llu", text, u);
	lm_error_clear();
	lm_status s = lm_number_size(text, &u);
	if (s == LM_OK)
		FUZZ_CHECK(u >= 1 && u <= 1000000000000000000ull, "size '%s' read as %llu bytes", text, u);
	else
		fuzz_failed(s, NULL);
	unsigned v[8];
	size_t n;
	lm_error_clear();
	s = lm_number_uint_list("--warps", text, 4096, v, sizeof v / sizeof v[0], &n);
	if (s == LM_OK) {
		FUZZ_CHECK(n >= 1 && n <= sizeof v / sizeof v[0] && strspn(text, "0123456789,") == strlen(text),
			   "'%s': %zu items", text, n);
		for (size_t i = 0; i < n; i++)
			FUZZ_CHECK(v[i] >= 1 && v[i] <= 4096, "'%s': item %zu is %u", text, i, v[i]);
	} else {
		fuzz_failed(s, "--warps");
	}
	lm_options o = lm_options_defaults(&lm_measure_options);
	char *argv[] = { "--repeats", text, "--launch-ms", text };
	lm_error_clear();
	s = lm_options_parse(&o, &lm_measure_options, 2, argv, 0);
	if (s == LM_OK)
		FUZZ_CHECK(o.repeats >= 3 && o.repeats <= 1000 && strspn(text, "0123456789") == strlen(text),
			   "--repeats '%s' read as %d", text, o.repeats);
	else
		fuzz_failed(s, "--repeats");
	lm_error_clear();
	s = lm_options_parse(&o, &lm_measure_options, 4, argv, 2);
	if (s == LM_OK)
		FUZZ_CHECK(o.launch_ms >= 0.05 && o.launch_ms <= 1000 && lm_number_parse(text, &x) &&
				   x == o.launch_ms,
			   "--launch-ms '%s' read as %g", text, o.launch_ms);
	else
		fuzz_failed(s, "--launch-ms");
	free(text);
	return 0;
}
