/* A kernel's description (src/bench/userkernel.c's reader, lm_user_parse): every malformed,
 * ambiguous or out-of-range description is refused with its line and
 * argument named, and nothing crashes. No device needed. */
#include "testutil.h"
#include "testrun.h"
#include "bench/kcount.h"
#include "bench/userkernel.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A valid description of s(global const float *x, global float *y,
 * float a, uint n): y = a x over n elements. */
static const char *base =
	"[kernel]\nsize = 1048576\nelements = N\nbytes = 8 * N\n"
	"[x]\ntype = global const float*\nlength = N\nfill = random\n"
	"[y]\ntype = global float*\nlength = N\nfill = zero\noutput = yes\n"
	"[a]\ntype = float\nvalue = 3\n"
	"[n]\ntype = uint\nvalue = N\n";

/* Parses text; the status, the message in msg. */
static lm_status parse(const char *text, lm_user_desc *d)
{
	memset(d, 0, sizeof *d);
	snprintf(d->path, sizeof d->path, "s.ini");
	snprintf(d->label, sizeof d->label, "s");
	snprintf(d->name, sizeof d->name, "s");
	snprintf(d->source, sizeof d->source, "s.cl");
	lm_error_clear();
	return lm_user_parse(text, 0, d);
}

/* base with its first `from` replaced by `to` (from "" : to put first). */
static char *base_with(const char *from, const char *to)
{
	char *text = malloc(strlen(base) + strlen(to) + 1);
	const char *at = *from ? strstr(base, from) : base;
	ck_assert_ptr_nonnull(at);
	sprintf(text, "%.*s%s%s", (int)(at - base), base, to, at + strlen(from));
	return text;
}

START_TEST(the_base_description_reads)
{
	lm_user_desc d;
	ck_assert_msg(parse(base, &d) == LM_OK, "%s", lm_error_message());
	ck_assert_int_eq(d.nargs, 4);
	ck_assert_rel(d.size, 1048576, 0);
	ck_assert_str_eq(d.trip, "");
	char *text = base_with("elements", "trip = N / 1024\nelements");
	ck_assert_msg(parse(text, &d) == LM_OK, "%s", lm_error_message());
	ck_assert_str_eq(d.trip, "N / 1024");
	free(text);
}
END_TEST

static const struct {
	const char *from, *to, *message;
} refused[] = {
	/* Regression (issue 47, item 1): a key in no section dereferenced
	 * NULL (exit 139): before any section, after a broken header, in []. */
	{ "", "length = N\n", "s.ini:1: 'length': a key in no section" },
	{ "", "[kernel\ntype = uint\n", "s.ini:1: '[kernel': a section header with no ']'" },
	{ "", "[]\ntype = uint\n", "s.ini:1: '[]': a section with no name" },
	{ "[x]\n", "[]\n", "s.ini:5: '[]': a section with no name" },
	/* a loop's trip count: an expression in N from 1 to 10^9 */
	{ "elements", "trip = 0\nelements", "[kernel] trip '0': the iterations of the loop inside" },
	{ "elements", "trip = N * N\nelements", "[kernel] trip 'N * N': " },
	{ "elements", "trip = rows\nelements", "[kernel] trip 'rows': " },
	{ "[x]\n", "[a_name_of_fifty_letters_is_longer_than_any_argument]\n", "a section's name is 1 to 47" },
	{ "fill = random\n", "fill = random\n  length = 2\n", "s.ini:9: a line that begins with a space" },
	/* Regression (issue 47, item 13): duplicates won silently. */
	{ "[x]\n", "[kernel]\nsize = 2048\n[x]\n", "s.ini:5: [kernel]: a second section of that name" },
	{ "[n]\n", "[x]\n", "[x]: a second section of that name" },
	{ "[y]\n", "[y]\n[y]\n", "[y]: a second section of that name" },
	{ "size = 1048576\n", "size = 1048576\nsize = 2048\n", "s.ini:3: [kernel] size: given twice" },
	{ "value = 3\n", "value = 3\nvalue = 4\n", "[a] value: given twice" },
	{ "fill = zero\n", "fill = zero\nfill = index\n", "[y] fill: given twice" },
	/* a line longer than the reader's limit was cut and its rest read as another line */
	{ "value = 3\n",
	  "value = 3                                                                                     "
	  "                                                                                              "
	  "                                                                                 \n",
	  "a line of more than 198 characters: too long" },
	/* Regression (issue 47, messages): an expression's error was formatted
	 * into the buffer it was read from ("s.ini:6: argument [x]: s.ini:6:
	 * argument [x]: ssion of ..."). */
	{ "length = N\nfill = random", "length = -N\nfill = random",
	  "s.ini:5: argument [x]: length '-N' at N = 1048576: expected a whole number of elements from 1 to "
	  "2^48: '-N': expected an expression" },
	{ "length = N\nfill = random", "length = N/0\nfill = random", "argument [x]: length 'N/0'" },
	{ "length = N\nfill = random", "length = ((N)\nfill = random", "argument [x]: length '((N)'" },
	/* Regression (issue 47, item 11): values were not checked against
	 * their type: truncated, wrapped, or undefined behaviour. */
	{ "size = 1048576", "size = 1e300", "[kernel] size '1e300': expected a whole number from 2 to 2^48" },
	{ "[n]\ntype = uint\nvalue = N", "[n]\ntype = uint\nvalue = N/3",
	  "argument [n]: value 'N/3' is 349525.33333333331 at N = 1048576: a uint holds whole numbers from 0 "
	  "to 4294967295" },
	{ "[n]\ntype = uint\nvalue = N", "[n]\ntype = uint\nvalue = 4294967296 + N",
	  "argument [n]: value '4294967296 + N' is 4296015872 at N = 1048576" },
	{ "[n]\ntype = uint\nvalue = N", "[n]\ntype = uint\nvalue = 1e30", "value '1e30' is 1e+30" },
	{ "[n]\ntype = uint\nvalue = N", "[n]\ntype = int\nvalue = 0 - 2147483649", "a int holds whole numbers from -2147483648 to 2147483647" },
	{ "[n]\ntype = uint\nvalue = N", "[n]\ntype = ulong\nvalue = 1e17", "a ulong holds whole numbers from 0 to 9007199254740992" },
	{ "[a]\ntype = float\nvalue = 3", "[a]\ntype = float\nvalue = 1e300", "a float holds numbers from" },
	{ "[y]\ntype = global float*\nlength = N\nfill = zero",
	  "[y]\ntype = global uint*\nlength = N\nfill = random-below 1e300", "random-below '1e300' is 1.0000000000000001e+300" },
	{ "[y]\ntype = global float*\nlength = N\nfill = zero",
	  "[y]\ntype = global uint*\nlength = N\nfill = const 1e300", "fill const '1e300'" },
	{ "[y]\ntype = global float*\nlength = N\nfill = zero",
	  "[y]\ntype = global uint*\nlength = N\nfill = const 4294967296", "fill const '4294967296' is 4294967296" },
	{ "[y]\ntype = global float*\nlength = N\nfill = zero",
	  "[y]\ntype = global uint*\nlength = N\nfill = step 1e300", "fill step '1e300'" },
	{ "[y]\ntype = global float*\nlength = N\nfill = zero",
	  "[y]\ntype = global uint*\nlength = N\nfill = step 8192", "fill step's last element '8192' is 8589926400" },
	{ "[y]\ntype = global float*\nlength = N\nfill = zero",
	  "[y]\ntype = global uint*\nlength = N\nfill = const 2.5", "fill const '2.5' is 2.5 at N = 1048576: a uint" },
	/* vectors: the lanes' type holds the values; OpenCL's widths only */
	{ "[n]\ntype = uint\nvalue = N", "[n]\ntype = uchar4\nvalue = 256",
	  "argument [n]: value '256' is 256 at N = 1048576: a uchar4 holds whole numbers from 0 to 255" },
	{ "[y]\ntype = global float*\nlength = N\nfill = zero",
	  "[y]\ntype = global short8*\nlength = N\nfill = step 1", "fill step's last element '1' is 1048575" },
	{ "[a]\ntype = float\n", "[a]\ntype = float5\n", "[a] type 'float5': expected a scalar type" },
	{ "[a]\ntype = float\n", "[a]\ntype = float1\n", "[a] type 'float1'" },
	{ "[a]\ntype = float\n", "[a]\ntype = float32\n", "[a] type 'float32'" },
	{ "[a]\ntype = float\n", "[a]\ntype = half4\n", "[a] type 'half4'" },
	{ "[a]\ntype = float\n", "[a]\ntype = 4\n", "[a] type '4'" },
	{ "[a]\ntype = float\nvalue = 3", "[a]\ntype = float4\nvalue = 1e300", "a float4 holds numbers from" },
};

/* Vector types: their lanes, their lanes' type and an element's bytes. */
START_TEST(vector_types_are_read_with_their_lanes)
{
	static const struct {
		const char *type;
		lm_user_space space;
		unsigned lanes, lane_size, elem_size;
		bool is_float;
	} types[] = {
		{ "global const float4*", LM_USER_GLOBAL, 4, 4, 16, true },
		{ "global float3*", LM_USER_GLOBAL, 3, 4, 16, true }, /* a 3-vector takes a 4-vector's room */
		{ "float2", LM_USER_SCALAR, 2, 4, 8, true },
		{ "global double2*", LM_USER_GLOBAL, 2, 8, 16, true },
		{ "constant int4*", LM_USER_CONSTANT, 4, 4, 16, false },
		{ "uint2", LM_USER_SCALAR, 2, 4, 8, false },
		{ "local uchar16*", LM_USER_LOCAL, 16, 1, 16, false },
		{ "global ulong8*", LM_USER_GLOBAL, 8, 8, 64, false },
		{ "double16", LM_USER_SCALAR, 16, 8, LM_USER_MAX_ELEM, true },
		{ "char3", LM_USER_SCALAR, 3, 1, 4, false },
		{ "global float*", LM_USER_GLOBAL, 1, 4, 4, true },
	};
	for (size_t i = 0; i < sizeof types / sizeof types[0]; i++) {
		lm_user_arg a = { 0 };
		ck_assert_msg(lm_user_parse_type(types[i].type, &a), "%s refused", types[i].type);
		ck_assert_msg(a.space == types[i].space && a.lanes == types[i].lanes &&
			      a.lane_size == types[i].lane_size && a.elem_size == types[i].elem_size &&
			      a.is_float == types[i].is_float, "%s: space %d, %u lanes of %u bytes, %u bytes",
			      types[i].type, (int)a.space, a.lanes, a.lane_size, a.elem_size);
	}
	const char *refused_types[] = { "float5", "float0", "int32", "half2", "global float4", "bool4", "float4*" };
	for (size_t i = 0; i < sizeof refused_types / sizeof refused_types[0]; i++) {
		lm_user_arg a = { 0 };
		ck_assert_msg(!lm_user_parse_type(refused_types[i], &a), "%s taken", refused_types[i]);
	}
}
END_TEST

/* Which scalars describe ties to N: one in a loop's condition or an
 * index's guard, whatever its name; not one used elsewhere, in another
 * kernel, in a comment or a string, or only as an index's offset. */
START_TEST(a_scalar_that_bounds_a_loop_sizes_the_work)
{
	const char *src =
		"/* count: not this one */\n"
		"void helper(int width) { for (int i = 0; i < width; i++) ; }\n"
		"kernel void k(global float4 *x, float a, int count, ulong rows, uint off, uint stride, int m,\n"
		"	       int width)\n"
		"{\n"
		"	// m < 3 in a comment\n"
		"	const char *s = \"while (m)\";\n"
		"	if (get_global_id(0) >= rows) return;\n"
		"	for (int i = get_global_id(0); i < min(count, 7); i += get_global_size(0) * stride)\n"
		"		x[i + off] = a * x[i] * width;\n"
		"}\n";
	ck_assert(lm_user_sizes_the_work(src, "k", "count"));
	ck_assert(lm_user_sizes_the_work(src, "k", "rows"));
	ck_assert(!lm_user_sizes_the_work(src, "k", "stride")); /* the for's step, not its condition */
	ck_assert(!lm_user_sizes_the_work(src, "k", "width")); /* the helper's bound */
	ck_assert(lm_user_sizes_the_work(src, "helper", "width"));
	ck_assert(!lm_user_sizes_the_work(src, "k", "a"));
	ck_assert(!lm_user_sizes_the_work(src, "k", "off"));
	ck_assert(!lm_user_sizes_the_work(src, "k", "m"));
	ck_assert(!lm_user_sizes_the_work(src, "helper2", "count"));
	ck_assert(!lm_user_sizes_the_work("kernel void k(int n);", "k", "n")); /* no body */
	ck_assert(lm_user_sizes_the_work("kernel void k(uint n) { while (get_global_id(0) < n) break; }", "k", "n"));
}
END_TEST

/* An argument's position in its kernel's parameter list, by its name: the
 * last word of each parameter (qualifiers, pointers and a comment between
 * them aside), in the kernel defined, not a declaration or another kernel. */
START_TEST(an_arguments_position_is_read_from_its_parameter_list)
{
	const char *src =
		"kernel void k(int cols);\n"
		"void helper(int cols, int rows) { }\n"
		"kernel void k(global float *restrict y, /* cols, */ __global const float4* A,\n"
		"	       const uint cols, ulong rows __attribute__((unused)), float x[4])\n"
		"{ helper(cols, rows); }\n";
	ck_assert_int_eq(lm_user_param_index(src, "k", "y"), 0);
	ck_assert_int_eq(lm_user_param_index(src, "k", "A"), 1);
	ck_assert_int_eq(lm_user_param_index(src, "k", "cols"), 2);
	ck_assert_int_eq(lm_user_param_index(src, "k", "rows"), 3);
	ck_assert_int_eq(lm_user_param_index(src, "k", "x"), 4);
	ck_assert_int_eq(lm_user_param_index(src, "helper", "rows"), 1);
	ck_assert_int_eq(lm_user_param_index(src, "k", "float"), -1);
	ck_assert_int_eq(lm_user_param_index(src, "k", "restrict"), -1);
	ck_assert_int_eq(lm_user_param_index(src, "k", ""), -1);
	ck_assert_int_eq(lm_user_param_index(src, "other", "cols"), -1);
	ck_assert_int_eq(lm_user_param_index("kernel void k(int n) {", "k", "n"), 0);
	ck_assert_int_eq(lm_user_param_index("kernel void k(int n", "k", "n"), -1);
}
END_TEST

/* The scalars a count follows the lanes with: a description's integer
 * values the same at N and N / 2, at their positions in the source's
 * parameter list (written in another order than the description's); not
 * a value that follows N, a float, one the source
 * does not name. --arg's list by name or position over them, refused
 * whole where an entry is wrong. */
START_TEST(a_counts_scalars_are_the_descriptions_constant_integers)
{
	const char *src = "kernel void s(global const float *x, float a, uint n, global float *y, int off,\n"
			  "	       uint cols, uint neg, uint gone) { }\n";
	lm_user_desc d;
	char *text = base_with("[n]", "[cols]\ntype = uint\nvalue = 4 * 4\n[off]\ntype = int\nvalue = 0 - 3\n"
				     "[half]\ntype = uint\nvalue = 2\n[n]");
	ck_assert_msg(parse(text, &d) == LM_OK, "%s", lm_error_message());
	free(text);
	lm_count_args args;
	lm_kcount_args_of(&d, src, &args);
	ck_assert_msg(args.known == ((1ull << 4) | (1ull << 5)), "known %llx", args.known);
	ck_assert_int_eq(args.value[5], 16);
	ck_assert_int_eq(args.value[4], -3);

	ck_assert_msg(lm_kcount_parse_args("cols=32,7=2", src, "s", &args) == LM_OK, "%s", lm_error_message());
	ck_assert(args.known == ((1ull << 4) | (1ull << 5) | (1ull << 7)));
	ck_assert_int_eq(args.value[5], 32);
	ck_assert_int_eq(args.value[7], 2);
	static const char *const wrong[] = { "cols", "=3", "cols=", "cols=1.5", "cols=1e12", "nosuch=1", "64=1",
					     "cols=16,", "cols=16,,n=1", "cols=0x10", "-1=4" };
	for (size_t i = 0; i < sizeof wrong / sizeof *wrong; i++) {
		lm_count_args none = { 0 };
		lm_status st = lm_kcount_parse_args(wrong[i], src, "s", &none);
		ck_assert_msg(st == LM_EUSAGE && strstr(lm_error_message(), "--arg"), "%s: %d %s", wrong[i], st,
			      lm_error_message());
	}
	ck_assert(lm_kcount_parse_args("n=grid,cols=grid", src, "s", &args) == LM_OK);
	ck_assert(args.grid == ((1ull << 2) | (1ull << 5)) && !(args.known & (1ull << 5)));
	/* as written, a scalar whose value is the launch's global size along x
	 * at both launches: the grid's size, not a number */
	char *written = base_with("[x]", "global = N\n\n[x]");
	ck_assert_msg(parse(written, &d) == LM_OK, "%s", lm_error_message());
	free(written);
	lm_kcount_args_of(&d, src, &args);
	ck_assert_msg(args.grid == 1ull << 2 && !args.known, "grid %llx, known %llx", args.grid, args.known);
	lm_count_args listing = { 0 };
	ck_assert_int_eq(lm_kcount_parse_args("cols=16", NULL, "s", &listing), LM_EUSAGE);
	ck_assert_msg(strstr(lm_error_message(), "by position"), "%s", lm_error_message());
	ck_assert(lm_kcount_parse_args("2=16", NULL, "s", &listing) == LM_OK && listing.value[2] == 16);
}
END_TEST

/* Over a 2D or 3D grid, a scalar compared with one dimension's index
 * alone (in an if, while or for) is that dimension's size: describe ties
 * it to that global size, not to N (a width of N reads past a buffer of N). */
START_TEST(a_scalar_compared_with_one_index_bounds_that_dimension)
{
	const char *src =
		"/* if (z < depth) in a comment is no condition */\n"
		"kernel void k(global float *o, uint width, uint height, uint depth, uint n, uint pitch, uint inner)\n"
		"{\n"
		"	const int x = (int)get_global_id(0), y = (int)get_global_id( 1 );\n"
		"	size_t z;\n"
		"	z = get_global_id(2);\n"
		"	if (x >= (int)width || (y >= (int)height && n > 0))\n"
		"		return;\n"
		"	if (get_global_id(2) < depth && x + y < n) {\n"
		"		float s = 0;\n"
		"		for (uint i = 0; i < inner; i++)\n"
		"			s += o[y * pitch + x + i];\n"
		"		o[z * pitch + y * width + x] = s;\n"
		"	}\n"
		"}\n";
	ck_assert_int_eq(lm_user_bounded_dimension(src, "k", "width"), 0);
	ck_assert_int_eq(lm_user_bounded_dimension(src, "k", "height"), 1); /* a clause after ||, within ( ) */
	ck_assert_int_eq(lm_user_bounded_dimension(src, "k", "depth"), 2);  /* the call itself, before && */
	ck_assert_int_eq(lm_user_bounded_dimension(src, "k", "n"), -1);     /* beside two indices, and none */
	ck_assert_int_eq(lm_user_bounded_dimension(src, "k", "pitch"), -1); /* in an index's brackets only */
	ck_assert_int_eq(lm_user_bounded_dimension(src, "k", "inner"), -1); /* a loop's bound, no index */
	ck_assert_int_eq(lm_user_bounded_dimension(src, "nothere", "width"), -1);
	ck_assert_int_eq(lm_user_bounded_dimension(src, "k", ""), -1);
}
END_TEST

START_TEST(a_bad_description_is_refused_with_its_line)
{
	char *text = base_with(refused[_i].from, refused[_i].to);
	lm_user_desc d;
	lm_status s = parse(text, &d);
	ck_assert_msg(s == LM_EUSAGE && strstr(lm_error_message(), refused[_i].message),
		      "%s\nstatus %d: '%s', expected '%s'", text, s, lm_error_message(), refused[_i].message);
	ck_assert_msg(!strstr(lm_error_message(), "(null)"), "%s", lm_error_message());
	const char *arg = strstr(lm_error_message(), "argument [");
	ck_assert_msg(!arg || !strstr(arg + 1, "argument ["), "said twice: %s", lm_error_message());
	free(text);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("description");
	TCase *tc = tcase_create("description");
	tcase_add_test(tc, the_base_description_reads);
	tcase_add_test(tc, vector_types_are_read_with_their_lanes);
	tcase_add_test(tc, a_scalar_that_bounds_a_loop_sizes_the_work);
	tcase_add_test(tc, an_arguments_position_is_read_from_its_parameter_list);
	tcase_add_test(tc, a_counts_scalars_are_the_descriptions_constant_integers);
	tcase_add_test(tc, a_scalar_compared_with_one_index_bounds_that_dimension);
	tcase_add_loop_test(tc, a_bad_description_is_refused_with_its_line, 0,
			    (int)(sizeof refused / sizeof refused[0]));
	suite_add_tcase(s, tc);
	return lm_test_run(s);
}
