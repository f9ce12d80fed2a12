/* Files written whole or not at all, and never over an input (file.c). */
#include "testutil.h"
#include "testrun.h"
#include "base/file.h"
#include "base/inifile.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/number.h"
#include "base/text.h"

#include <limits.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static char dir[] = "/tmp/latmix-file-XXXXXX";

static void put(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	fclose(f);
}

static void has(const char *path, const char *want)
{
	char text[256];
	lm_test_slurp(path, text, sizeof text);
	ck_assert_str_eq(text, want);
}

/* How many names dir holds, . and .. aside. */
static int entries(void)
{
	DIR *d = opendir(dir);
	int n = 0;
	struct dirent *e;
	while ((e = readdir(d)))
		n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
	closedir(d);
	return n;
}

START_TEST(commit_replaces_the_file_whole_keeping_its_mode_and_links)
{
	const char *p = lm_test_in(dir, "a.txt"), *link = lm_test_in(dir, "link.txt");
	put(p, "old\n");
	chmod(p, 0640);
	ck_assert_int_eq(symlink("a.txt", link), 0);
	lm_file_out *o;
	ck_assert_int_eq(lm_file_create(link, NULL, &o), LM_OK);
	fputs("new\n", lm_file_stream(o));
	has(p, "old\n"); /* not yet */
	ck_assert_int_eq(lm_file_commit(o), LM_OK);
	has(p, "new\n");
	struct stat st;
	ck_assert_int_eq(lstat(link, &st), 0);
	ck_assert(S_ISLNK(st.st_mode));
	ck_assert_int_eq(stat(p, &st), 0);
	ck_assert_int_eq(st.st_mode & 0777, 0640);
	ck_assert_int_eq(entries(), 2);
	unlink(link);
	unlink(p);
}
END_TEST

START_TEST(discard_leaves_the_file_as_it_was_and_nothing_else)
{
	const char *p = lm_test_in(dir, "b.txt");
	put(p, "old\n");
	lm_file_out *o;
	ck_assert_int_eq(lm_file_create(p, NULL, &o), LM_OK);
	fputs("half of", lm_file_stream(o));
	lm_file_discard(o);
	lm_file_discard(NULL);
	has(p, "old\n");
	ck_assert_int_eq(entries(), 1);
	unlink(p);
}
END_TEST

/* Regression (issue 20): export -o /dev/full, as root, replaced the device
 * node with a regular file and said nothing of the full disk. A device
 * (here through a link, so a regression replaces the link, not /dev/full)
 * is written directly, and its error reported. */
START_TEST(a_full_device_is_written_directly_and_its_error_reported)
{
	const char *full = lm_test_in(dir, "full"), *null = lm_test_in(dir, "null");
	ck_assert_int_eq(symlink("/dev/full", full), 0);
	ck_assert_int_eq(symlink("/dev/null", null), 0);
	lm_file_out *o;
	ck_assert_int_eq(lm_file_create(full, NULL, &o), LM_OK);
	fputs("{}\n", lm_file_stream(o));
	ck_assert_int_eq(lm_file_commit(o), LM_EIO);
	ck_assert_msg(strstr(lm_error_message(), "No space left on device"), "%s", lm_error_message());
	struct stat st;
	ck_assert_int_eq(lstat(full, &st), 0);
	ck_assert(S_ISLNK(st.st_mode));
	ck_assert_int_eq(stat(full, &st), 0);
	ck_assert(S_ISCHR(st.st_mode));
	bool direct = false;
	ck_assert_int_eq(lm_file_target(full, NULL, &direct, NULL, 0), LM_OK);
	ck_assert(direct);
	ck_assert_int_eq(lm_file_create(null, NULL, &o), LM_OK);
	fputs("{}\n", lm_file_stream(o));
	ck_assert_int_eq(lm_file_commit(o), LM_OK);
	ck_assert_int_eq(entries(), 2);
	unlink(full);
	unlink(null);
}
END_TEST

/* A fifo is written, not replaced: what is written comes out of it. */
START_TEST(a_fifo_is_written_not_replaced)
{
	const char *fifo = lm_test_in(dir, "fifo"), *got = lm_test_in(dir, "got");
	ck_assert_int_eq(mkfifo(fifo, 0600), 0);
	pid_t pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		char cmd[600];
		snprintf(cmd, sizeof cmd, "cat '%s' > '%s'", fifo, got);
		_exit(system(cmd) == 0 ? 0 : 1);
	}
	lm_file_out *o;
	ck_assert_int_eq(lm_file_create(fifo, NULL, &o), LM_OK);
	fputs("through\n", lm_file_stream(o));
	ck_assert_int_eq(lm_file_commit(o), LM_OK);
	int ws;
	ck_assert_int_eq(waitpid(pid, &ws, 0), pid);
	has(got, "through\n");
	struct stat st;
	ck_assert_int_eq(stat(fifo, &st), 0);
	ck_assert(S_ISFIFO(st.st_mode));
	unlink(fifo);
	unlink(got);
}
END_TEST

/* Regression (issue 20): fit m.csv -o m.csv and export DIR -o
 * DIR/measurements.csv wrote over what they had read. An input is refused
 * by device and inode, under any name. */
START_TEST(an_input_under_any_name_is_not_written)
{
	const char *p = lm_test_in(dir, "m.csv"), *hard = lm_test_in(dir, "hard.csv"), *other = lm_test_in(dir, "other.csv");
	put(p, "data\n");
	ck_assert_int_eq(link(p, hard), 0);
	lm_file_inputs in = { 0 };
	ck_assert_int_eq(lm_file_input(&in, p), LM_OK);
	ck_assert_int_eq(lm_file_input(&in, p), LM_OK); /* once is enough */
	ck_assert_uint_eq(in.n, 1);
	lm_file_out *o = NULL;
	ck_assert_int_eq(lm_file_create(p, &in, &o), LM_EUSAGE);
	ck_assert_msg(strstr(lm_error_message(), "refusing to write over a file this command reads"), "%s",
		      lm_error_message());
	ck_assert_int_eq(lm_file_create(hard, &in, &o), LM_EUSAGE);
	ck_assert_msg(strstr(lm_error_message(), "(the same file by another name)"), "%s", lm_error_message());
	char dotted[300];
	snprintf(dotted, sizeof dotted, "%s/./m.csv", dir);
	ck_assert_int_eq(lm_file_not_input(&in, dotted), LM_EUSAGE);
	ck_assert_int_eq(lm_file_not_input(&in, other), LM_OK); /* not there */
	ck_assert_ptr_null(o);
	has(p, "data\n");
	ck_assert_int_eq(lm_file_create(dir, NULL, &o), LM_EIO); /* a directory */
	lm_file_inputs_free(&in);
	ck_assert_int_eq(entries(), 2);
	unlink(p);
	unlink(hard);
}
END_TEST

/* Regression (issue 47, item 7): inputs were read without limit (a .cl
 * linked to /dev/zero reached 5 GB in 8 s) and a FIFO blocked forever.
 * What is not a regular file is refused at once, and so is a file
 * larger than its kind's limit or a text file holding a NUL byte. The
 * test is itself under check's timeout: a FIFO that blocked would fail it. */
START_TEST(inputs_are_regular_files_within_their_kinds_limit)
{
	char *text = NULL;
	const char *zero = lm_test_in(dir, "zero.cl"), *fifo = lm_test_in(dir, "fifo.cl");
	ck_assert_int_eq(symlink("/dev/zero", zero), 0);
	ck_assert_int_eq(mkfifo(fifo, 0600), 0);
	ck_assert_int_eq(lm_file_read_text(zero, LM_FILE_MAX_TEXT, &text), LM_EIO);
	ck_assert_msg(strstr(lm_error_message(), "not a regular file"), "%s", lm_error_message());
	ck_assert_int_eq(lm_file_read_text(fifo, LM_FILE_MAX_TEXT, &text), LM_EIO);
	ck_assert_msg(strstr(lm_error_message(), "not a regular file"), "%s", lm_error_message());
	ck_assert_int_eq(lm_file_read_text(dir, LM_FILE_MAX_TEXT, &text), LM_EIO);
	ck_assert_msg(strstr(lm_error_message(), "a directory"), "%s", lm_error_message());
	FILE *f;
	ck_assert_int_eq(lm_file_open_read(fifo, LM_FILE_MAX_CSV, &f), LM_EIO);
	unlink(zero);
	unlink(fifo);

	const char *big = lm_test_in(dir, "big.ini");
	put(big, "0123456789");
	ck_assert_int_eq(lm_file_read_text(big, 9, &text), LM_EIO);
	ck_assert_msg(strstr(lm_error_message(), "larger than latmix reads"), "%s", lm_error_message());
	ck_assert_int_eq(lm_file_read_text(big, 10, &text), LM_OK);
	ck_assert_str_eq(text, "0123456789");
	free(text);

	FILE *w = fopen(big, "wb");
	fwrite("ab\0cd", 1, 5, w);
	fclose(w);
	ck_assert_int_eq(lm_file_read_text(big, 100, &text), LM_EPARSE);
	ck_assert_msg(strstr(lm_error_message(), "NUL byte at byte 2"), "%s", lm_error_message());
	unlink(big);
}
END_TEST

/* The text and number helpers every layer shares, at their edges. */
START_TEST(text_and_number_helpers_at_their_edges)
{
	ck_assert(lm_text_starts("clang-18", "clang-") && !lm_text_starts("clang", "clang-"));
	ck_assert(lm_text_starts("x", ""));
	ck_assert(lm_text_ends("a.cl", ".cl") && !lm_text_ends("cl", ".cl") && !lm_text_ends("a.cl.bak", ".cl"));
	ck_assert(lm_text_has_nocase("NVIDIA H200", "h200") && !lm_text_has_nocase("H20", "h200"));
	ck_assert_int_eq(lm_number_gcd(12, 18), 6);
	ck_assert_int_eq(lm_number_gcd(-12, 18), 6);
	ck_assert_int_eq(lm_number_gcd(0, 7), 7);
	ck_assert_int_eq(lm_number_gcd(0, 0), 0);
	ck_assert_int_eq(lm_number_gcd(LONG_MIN, 1L << 24), 1L << 24);
	double v[] = { 3, -1, 2.5, 0 };
	qsort(v, 4, sizeof *v, lm_number_cmp);
	ck_assert(v[0] == -1 && v[1] == 0 && v[2] == 2.5 && v[3] == 3);
	char buf[16], *item[3];
	size_t n = 9;
	ck_assert(lm_text_list("--x", "a,bc,d", buf, sizeof buf, item, 3, &n) == LM_OK);
	ck_assert(n == 3 && !strcmp(item[0], "a") && !strcmp(item[1], "bc") && !strcmp(item[2], "d"));
	ck_assert(lm_text_list("--x", "a", buf, sizeof buf, item, 3, &n) == LM_OK && n == 1);
	const char *bad[] = { "", ",", "a,", ",a", "a,,b", "a,b,c,d", "0123456789abcdef" };
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
		ck_assert_msg(lm_text_list("--x", bad[i], buf, sizeof buf, item, 3, &n) == LM_EUSAGE &&
			      strstr(lm_error_message(), "--x"), "'%s' taken", bad[i]);
	char now[32];
	lm_text_iso_now(now, sizeof now);
	ck_assert_int_eq(strlen(now), 20);
	ck_assert(now[4] == '-' && now[10] == 'T' && now[19] == 'Z');
}
END_TEST

/* What the INI reader's callback was handed, as "[section] key=value@line;". */
static char ini_seen[512];

static lm_status ini_key(void *ctx, const char *section, const char *key, const char *value, int line)
{
	(void)ctx;
	size_t n = strlen(ini_seen);
	snprintf(ini_seen + n, sizeof ini_seen - n, "[%s] %s=%s@%d;", section, key, value, line);
	return strcmp(value, "bad") ? LM_OK : lm_fail(LM_EPARSE, "s.ini:%d: bad", line);
}

static lm_status ini(const char *text)
{
	ini_seen[0] = '\0';
	lm_error_clear();
	return lm_ini_parse(text, "s.ini", NULL, ini_key, NULL);
}

static lm_status ini_file(const char *path, lm_ini_allow allow)
{
	ini_seen[0] = '\0';
	lm_error_clear();
	return lm_ini_read_allowing(path, LM_FILE_MAX_INI, allow, NULL, ini_key, NULL);
}

#define SAYS(what) ck_assert_msg(strstr(lm_error_message(), what), "'%s' lacks '%s'", lm_error_message(), what)

/* The one INI reader's rules, for every file (issue 48, item 2, from the
 * parameter file's reader): a last line with no end is a file cut short;
 * a line of LM_INI_LINE characters is read ended by "\r\n" as by "\n";
 * the first mistake in the file is the one named; a NUL byte is named by
 * its line; a parameter file's long values go on over indented lines and
 * its sections may be given again, its keys still once. */
START_TEST(ini_reader_refuses_a_cut_file_and_names_the_first_mistake)
{
	ck_assert_int_eq(ini("[a]\nx = 1\ny = 2"), LM_EPARSE);
	SAYS("s.ini:3: truncated: the last line has no end");
	ck_assert_int_eq(ini("[a]\nx = 1\n"), LM_OK);
	ck_assert_str_eq(ini_seen, "[a] x=1@2;");

	char text[512] = "[a]\nx = ";
	size_t n = strlen(text);
	memset(text + n, 'v', LM_INI_LINE - 4);
	strcpy(text + n + LM_INI_LINE - 4, "\r\ny = 2\r\n");
	ck_assert_msg(ini(text) == LM_OK, "%s", lm_error_message());
	strcpy(text + n + LM_INI_LINE - 4, "v\ny = 2\n");
	ck_assert_int_eq(ini(text), LM_EPARSE);
	SAYS("s.ini:2: a line of more than 198 characters: too long");

	ck_assert_int_eq(ini("[a]\nnot ini\nx = bad\n"), LM_EPARSE);
	SAYS("s.ini:2: not a 'key = value'");
	ck_assert_int_eq(ini("[a]\nx = bad\nnot ini\n"), LM_EPARSE);
	SAYS("s.ini:2: bad");

	const char *p = lm_test_in(dir, "s.ini");
	FILE *w = fopen(p, "wb");
	fwrite("[a]\nx = 1\ny = 2\0\n", 1, 17, w);
	fclose(w);
	ck_assert_int_eq(ini_file(p, (lm_ini_allow){ 0 }), LM_EPARSE);
	SAYS("s.ini:3: a NUL byte");

	put(p, "[a]\nx = one\n    two\n; a comment\n\tthree\n[b]\ny = 1\n[a]\nz = 2\n");
	lm_ini_allow all = { .joined = true, .reopened = true };
	ck_assert_msg(ini_file(p, all) == LM_OK, "%s", lm_error_message());
	ck_assert_str_eq(ini_seen, "[a] x=one two three@2;[b] y=1@7;[a] z=2@9;");
	ck_assert_int_eq(ini_file(p, (lm_ini_allow){ 0 }), LM_EPARSE);
	SAYS("s.ini:3: a line that begins with a space");
	ck_assert_int_eq(ini_file(p, (lm_ini_allow){ .joined = true }), LM_EPARSE);
	SAYS("s.ini:8: [a]: a second section of that name");
	put(p, "[a]\nx = 1\n[b]\n  y = 2\n");
	ck_assert_int_eq(ini_file(p, all), LM_EPARSE);
	SAYS("s.ini:4: a line that begins with a space, after no key");
	put(p, "[a]\nx = 1\n[b]\ny = 2\n[a]\nx = 3\n");
	ck_assert_int_eq(ini_file(p, all), LM_EPARSE);
	SAYS("s.ini:6: [a] x: given twice");
	unlink(p);
}
END_TEST

int main(void)
{
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	Suite *s = suite_create("file");
	TCase *tc = tcase_create("whole");
	tcase_add_test(tc, commit_replaces_the_file_whole_keeping_its_mode_and_links);
	tcase_add_test(tc, discard_leaves_the_file_as_it_was_and_nothing_else);
	tcase_add_test(tc, a_full_device_is_written_directly_and_its_error_reported);
	tcase_add_test(tc, a_fifo_is_written_not_replaced);
	tcase_add_test(tc, an_input_under_any_name_is_not_written);
	tcase_add_test(tc, inputs_are_regular_files_within_their_kinds_limit);
	tcase_add_test(tc, text_and_number_helpers_at_their_edges);
	tcase_add_test(tc, ini_reader_refuses_a_cut_file_and_names_the_first_mistake);
	suite_add_tcase(s, tc);
	return lm_test_run_in(s, dir);
}
