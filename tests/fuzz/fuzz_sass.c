/* Fuzzes the reader of ptxas's machine code as nvdisasm prints it
 * (lm_sass_read). Beyond "no crash": a listing read has instructions, its
 * busiest loop's lines in order and its waits no more than its loads; the
 * times read as unrolled again are 1 or a whole number of the PTX's
 * loads within the bound; what it refuses leaves a message. */
#include "fuzz.h"
#include "asm/sass.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_string(data, size);
	lm_sass_loops l;
	lm_error_clear();
	lm_status s = lm_sass_read(text, &l);
	if (s != LM_OK) {
		fuzz_failed(s, NULL);
	} else {
		FUZZ_CHECK(l.insts > 0, "read with no instruction");
		FUZZ_CHECK(l.loops || !l.most_loads, "loads %u in no loop", l.most_loads);
		FUZZ_CHECK(!l.most_loads || (l.first <= l.last && l.waits >= 1 && l.waits <= l.most_loads),
			   "lines %u-%u, %u waits for %u loads", l.first, l.last, l.waits, l.most_loads);
		for (unsigned ptx = 0; ptx < 6; ptx++) {
			unsigned f = lm_sass_unroll(&l, ptx);
			FUZZ_CHECK(f == 1 || (f >= 2 && f <= LM_SASS_MOST_UNROLL && f * ptx * l.waits <= l.most_loads),
				   "unrolled %u times for %u PTX loads, %u loads in %u waits", f, ptx, l.most_loads,
				   l.waits);
		}
	}
	free(text);
	return 0;
}
