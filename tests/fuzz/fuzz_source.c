/* Fuzzes what latmix reads from a kernel's OpenCL C source as text
 * (src/bench/usersource.c: the scalars that bound its loops, the dimension
 * a scalar bounds, the dimensions its work-item calls name, what measure
 * refuses in it, an argument's position, predict's --arg list read
 * against it; ARG after a '.': the list as for a listing, no source),
 * before any compiler sees it. The input's first line is
 * "KERNEL ARG", the rest the source. Beyond "no crash": the dimensions
 * named are 1 to 3, a scalar bounds dimension -1 to 2 (and one below
 * the dimensions named, where it bounds one), a refusal's text ends
 * within its buffer, a scalar that bounds a dimension sizes the work, and
 * an argument found in the parameter list is a word of the source, and
 * --arg's values are those a 32-bit integer holds. */
#include "fuzz.h"
#include "bench/kcount.h"
#include "bench/userdesc.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_string(data, size);
	char *src = strchr(text, '\n');
	src = src ? src + 1 : text + strlen(text);
	char name[64] = "", arg[64] = "";
	if (sscanf(text, "%63s %63s", name, arg) < 2)
		arg[0] = '\0';
	bool grid_stride;
	int dims = lm_user_source_dims(src, &grid_stride);
	FUZZ_CHECK(dims >= 1 && dims <= 3, "%d dimensions", dims);
	int dim = lm_user_bounded_dimension(src, name, arg);
	FUZZ_CHECK(dim >= -1 && dim < dims, "[%s] bounds dimension %d of %d", arg, dim, dims);
	bool sizes = lm_user_sizes_the_work(src, name, arg);
	FUZZ_CHECK(dim < 0 || sizes, "[%s] bounds dimension %d but does not size the work", arg, dim);
	int at = lm_user_param_index(src, name, arg);
	FUZZ_CHECK(at >= -1 && (at < 0 || strstr(src, arg)), "[%s] at position %d", arg, at);
	lm_count_args args = { 0 };
	bool listing = arg[0] == '.';
	if (lm_kcount_parse_args(arg + listing, listing ? NULL : src, name, &args) == LM_OK)
		for (int i = 0; i < LM_COUNT_MAX_ARGS; i++) {
			FUZZ_CHECK(!(args.known >> i & 1) || (args.value[i] >= -(1L << 31) && args.value[i] < (1L << 31)),
				   "--arg %s: [%d] = %ld", arg, i, args.value[i]);
			/* an array's bytes: none, or a positive number up to 2^50 */
			FUZZ_CHECK(args.bytes[i] == 0 || (args.bytes[i] > 0 && args.bytes[i] <= 0x1p50), "--arg %s: [%d] "
				   "bytes %g", arg, i, args.bytes[i]);
		}
	lm_error_clear();
	char why[512];
	memset(why, 'x', sizeof why);
	for (int d = 0; d <= 3; d++) {
		lm_user_source_refusal(src, d & 1, d, why, sizeof why);
		FUZZ_CHECK(memchr(why, '\0', sizeof why) != NULL, "a refusal unterminated");
	}
	free(text);
	return 0;
}
