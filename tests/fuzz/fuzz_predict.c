/* Fuzzes the reader of a count file's "predict:" line
 * (lm_count_parse_predict: mix-of/NAME.txt beside a kernels.csv, which
 * latmix report reads; its static reader in report.c finds the line and
 * hands it here, and is not reached cheaply through lm_report_write, so
 * the harness finds the line as it does: after "\npredict: ", else the
 * whole input). Beyond "no crash": arguments it takes are those
 * lm_count_put_predict writes: every figure finite and not negative, and
 * written again, read again, they write the same text. */
#include "fuzz.h"
#include "asm/count.h"

#include <math.h>

static char *put(const lm_kernel_mix *k)
{
	char *text = NULL;
	size_t len;
	FILE *f = open_memstream(&text, &len);
	FUZZ_CHECK(f != NULL, "out of memory");
	lm_count_put_predict(f, k);
	fclose(f);
	return text;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_string(data, size);
	const char *p = strstr(text, "\npredict: ");
	lm_kernel_mix k, back;
	if (lm_count_parse_predict(p ? p + 10 : text, &k)) {
		const double v[] = { k.loads, k.stores, k.flops, k.insts, k.alpha, k.scattered_loads,
				     k.scattered_stores, k.hits, k.load_bytes, k.store_bytes, k.misaligned_loads,
				     k.atomics, k.waits, k.waits_alpha, k.group_stores, k.tree_insts, k.tree_waits };
		for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
			/* pending: sscanf's %lf takes nan, inf, hex and negative figures */
			FUZZ_CHECK(isfinite(v[i]) && v[i] >= 0, "field %zu read as %g", i, v[i]);
		char *once = put(&k);
		FUZZ_CHECK(lm_count_parse_predict(once, &back), "'%s' does not read back", once);
		char *twice = put(&back);
		FUZZ_CHECK(strcmp(once, twice) == 0, "'%s' reads back as '%s'", once, twice);
		free(twice);
		free(once);
	}
	free(text);
	return 0;
}
