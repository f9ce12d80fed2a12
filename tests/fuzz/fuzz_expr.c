/* Fuzzes the expressions in N of kernel descriptions (lm_expr_eval: sizes,
 * lengths, values and fill arguments). Beyond "no crash": what it takes
 * is finite, and an expression without N gives the same value at every
 * N; what it refuses leaves a message. */
#include "fuzz.h"
#include "base/expr.h"

#include <math.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_string(data, size);
	double a, b = NAN;
	lm_error_clear();
	lm_status s = lm_expr_eval(text, 1048576, &a);
	if (s != LM_OK) {
		fuzz_failed(s, NULL);
	} else {
		FUZZ_CHECK(isfinite(a), "'%s' gave %g", text, a);
		if (!strchr(text, 'N'))
			FUZZ_CHECK(lm_expr_eval(text, 3, &b) == LM_OK && a == b, "'%s': %g at N = 1048576, %g at 3",
				   text, a, b);
	}
	free(text);
	return 0;
}
