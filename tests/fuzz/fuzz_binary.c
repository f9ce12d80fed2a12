/* Fuzzes the check of a binary kept in latmix's kernel cache
 * (lm_meas_binary_saved, which the sweep asks before it loads one): the
 * input is the NAME.opt file (the options it was built with, a line, then
 * its size and checksum), a NUL byte, and the binary; the options a sweep
 * would ask for are the input's first line. Beyond "no crash": a binary is
 * taken only where its .opt's first line is those options exactly and its
 * size and FNV-1a checksum are the binary's own. */
#include "fuzz.h"
#include "base/mix.h"
#include "base/number.h"
#include "bench/measure.h"

#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char dir[] = "/tmp/latmix-fuzz-binary-XXXXXX";
	static bool made;
	if (!made)
		FUZZ_CHECK((made = mkdtemp(dir) != NULL), "mkdtemp failed");
	const uint8_t *nul = memchr(data, 0, size);
	size_t opt_n = nul ? (size_t)(nul - data) : size;
	const uint8_t *bin = nul ? nul + 1 : data + size;
	size_t bin_n = nul ? size - opt_n - 1 : 0;
	const lm_mix *mix = lm_mix_find("gmem");
	FUZZ_CHECK(mix != NULL, "no gmem mix");
	char name[128], path[256];
	lm_alpha a = { 0, 1 };
	lm_meas_binary_name(mix, 1, a, false, name, sizeof name);
	snprintf(path, sizeof path, "%s/%s.opt", dir, name);
	FILE *f = fopen(path, "wb");
	FUZZ_CHECK(f && fwrite(data, 1, opt_n, f) == opt_n && fclose(f) == 0, "cannot write %s", path);
	snprintf(path, sizeof path, "%s/%s", dir, name);
	f = fopen(path, "wb");
	FUZZ_CHECK(f && fwrite(bin, 1, bin_n, f) == bin_n && fclose(f) == 0, "cannot write %s", path);
	char *opt = fuzz_string(data, opt_n);
	char *nl = strchr(opt, '\n');
	char *opts = strndup(opt, nl ? (size_t)(nl - opt) : strlen(opt));
	bool taken = lm_meas_binary_saved(dir, mix, 1, a, false, opts);
	if (taken) {
		size_t n;
		unsigned long long sum;
		FUZZ_CHECK(nl && strlen(opt) == opt_n && sscanf(nl + 1, "%zu bytes, fnv %llx", &n, &sum) == 2 &&
				   n == bin_n && sum == lm_number_fnv(LM_NUMBER_FNV_START, bin, bin_n),
			   "a binary of %zu bytes taken for its .opt of %zu", bin_n, opt_n);
	}
	/* the same files asked for other options: never taken */
	FUZZ_CHECK(!strcmp(opts, "-D LM_OTHER") || !lm_meas_binary_saved(dir, mix, 1, a, false, "-D LM_OTHER"),
		   "taken for other options");
	free(opts);
	free(opt);
	return 0;
}
