/* A kernel's description (src/bench/userkernel.c's reader, lm_user_parse): every malformed,
 * ambiguous or out-of-range description is refused with its line and
 * argument named, and nothing crashes. No device needed. */
#include "testutil.h"
#include "testrun.h"
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
};

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
	tcase_add_loop_test(tc, a_bad_description_is_refused_with_its_line, 0,
			    (int)(sizeof refused / sizeof refused[0]));
	suite_add_tcase(s, tc);
	return lm_test_run(s);
}
