/* The gnuplot scripts latmix report writes, read as a hostile file's
 * reader would: a device's name from a results file must not run anything
 * when gnuplot reads the script (gnuplot runs what backquotes hold inside a
 * double-quoted string), and every line of every picture's title must fit
 * the picture. Runs gnuplot where it is installed; the scripts are checked
 * either way. */
#include "testutil.h"
#include "testrun.h"
#include "report/gnuplot.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* A new temporary directory, its path in dir. */
static void temp_dir(char *dir, size_t size)
{
	char tmpl[] = "/tmp/latmix-scripts-XXXXXX";
	ck_assert(mkdtemp(tmpl));
	snprintf(dir, size, "%s", tmpl);
}

/* dir/measurements.csv: the pocl fixture's sweep, its device's name
 * replaced by name. */
static void cpu_results(const char *dir, const char *name)
{
	char src[4096], path[4200];
	lm_test_source_path(src, sizeof src, "tests/fixtures/pocl-most-points-short-of-the-model.csv");
	static char csv[1 << 22];
	lm_test_slurp(src, csv, sizeof csv);
	char *dev = strstr(csv, "\n# device = ");
	ck_assert(dev);
	dev += strlen("\n# device = ");
	snprintf(path, sizeof path, "%s/measurements.csv", dir);
	FILE *f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fprintf(f, "%.*s%s%s", (int)(dev - csv), csv, name, strchr(dev, '\n'));
	fclose(f);
}

/* latmix report on dir (gnuplot: LATMIX_GNUPLOT, NULL: unset), which
 * must succeed. */
static void report_of(const char *dir, const char *gnuplot)
{
	lm_test_result r;
	lm_test_latmix((const char *const[]){ "report", dir, NULL }, gnuplot, &r);
	ck_assert_msg(r.status == 0, "status %d: %s", r.status, r.err);
}

/* dir/report/name into buf. */
static void slurp_report(const char *dir, const char *name, char *buf, size_t size)
{
	char path[4400];
	snprintf(path, sizeof path, "%s/report/%s", dir, name);
	lm_test_slurp(path, buf, size);
}

static void remove_dir(const char *dir)
{
	char cmd[4400];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	ck_assert_int_eq(system(cmd), 0);
}

/* Every `set title` line of the .gp scripts in dir/report: each line of
 * the title (the pieces joined by ."\n".) at most the columns a picture's
 * title holds; the number of scripts. */
static unsigned check_titles(const char *dir)
{
	char path[4400];
	snprintf(path, sizeof path, "%s/report", dir);
	DIR *d = opendir(path);
	ck_assert_ptr_nonnull(d);
	unsigned scripts = 0;
	for (struct dirent *e; (e = readdir(d));) {
		size_t n = strlen(e->d_name);
		if (n < 3 || strcmp(e->d_name + n - 3, ".gp") != 0)
			continue;
		static char gp[1 << 18];
		slurp_report(dir, e->d_name, gp, sizeof gp);
		const char *t = strstr(gp, "\nset title ");
		ck_assert_msg(t, "%s: no title", e->d_name);
		t += strlen("\nset title ");
		ck_assert_msg(*t == '\'', "%s: a title not in single quotes: %.60s", e->d_name, t);
		for (;;) {
			/* one single-quoted piece: '' is a quote */
			size_t chars = 0;
			for (t++; !(t[0] == '\'' && t[1] != '\''); t++) {
				ck_assert_msg(*t && *t != '\n', "%s: a title's quote not closed", e->d_name);
				t += t[0] == '\'';
				chars += ((unsigned char)*t & 0xc0) != 0x80;
			}
			ck_assert_msg(chars <= LM_GNUPLOT_TITLE_COLUMNS, "%s: a title line of %zu characters",
				      e->d_name, chars);
			if (strncmp(t + 1, ".\"\\n\".'", 7) != 0)
				break;
			t += 7;
		}
		scripts++;
	}
	closedir(d);
	return scripts;
}

START_TEST(a_device_name_runs_nothing_in_gnuplot)
{
	char dir[256], name[2048], ran[300];
	temp_dir(dir, sizeof dir);
	snprintf(ran, sizeof ran, "%s/ran", dir);
	snprintf(name, sizeof name, "CPU `touch %s` \"q\" it's \\n $(touch %s) @x", ran, ran);
	cpu_results(dir, name);
	report_of(dir, NULL);
	struct stat st;
	ck_assert_msg(stat(ran, &st) != 0, "gnuplot ran the command in the device's name");
	ck_assert_uint_ge(check_titles(dir), 5);
	remove_dir(dir);
}
END_TEST

/* A CPU's name (PoCL's: "pthread-skylake-avx512-Intel(R) Xeon(R)
 * Processor", 50 characters) before each picture's words ran past the
 * picture's edges: "hread-skylake..." */
START_TEST(every_title_line_fits_its_picture)
{
	char dir[256];
	temp_dir(dir, sizeof dir);
	cpu_results(dir, "pthread-skylake-avx512-Intel(R) Xeon(R) Processor of a long name that goes "
				     "on-and-on-and-on-without-any-space-at-all-for-a-hundred-and-more-characters-"
				     "so-that-it-must-be-broken-mid-word");
	report_of(dir, "/nonexistent/gnuplot");
	ck_assert_uint_ge(check_titles(dir), 5);
	remove_dir(dir);
}
END_TEST

/* A CPU's report said its chains picture showed "the refined model's"
 * line, which it does not draw, and "points above 64 warps" of a device
 * swept to 16. */
START_TEST(a_cpu_chains_caption_says_its_own_warps_and_no_model)
{
	char dir[256];
	temp_dir(dir, sizeof dir);
	cpu_results(dir, "pthread-skylake-avx512-Intel(R) Xeon(R) Processor");
	report_of(dir, "/nonexistent/gnuplot");
	static char md[1 << 20];
	slurp_report(dir, "report.md", md, sizeof md);
	const char *c = strstr(md, "The gmem curves measured with k = 1, 2, 4, 8");
	ck_assert_msg(c, "no chains caption");
	const char *end = strchr(c, '\n');
	ck_assert_msg(strstr(c, "Points above 16 warps") < end && strstr(c, "Points above 16 warps"), "%.400s", c);
	ck_assert_msg(strstr(c, "no model is drawn, a CPU") < end && strstr(c, "no model is drawn, a CPU"), "%.400s", c);
	ck_assert_msg(!strstr(md, "refined model's"), "a CPU's report speaks of a refined model");
	/* its key named a "basic model" whose line was not drawn */
	static char gp[1 << 18];
	slurp_report(dir, "throughput-gmem-chains.gp", gp, sizeof gp);
	ck_assert_msg(strstr(gp, "title 'k = 8'") && !strstr(gp, "model'") && !strstr(gp, "-model.dat"), "%s", gp);
	remove_dir(dir);
}
END_TEST

/* The stream mixes, measured at alpha 0 alone, were drawn on the latency
 * picture as points at alpha 0 whose names covered each other and gmem's
 * points; and a CPU's picture, every point measured and no line drawn,
 * had a key box over its highest point; a stream mix's own picture had a
 * colour scale of its one alpha. */
START_TEST(the_latency_picture_draws_no_stream_and_no_empty_key)
{
	char dir[200], cmd[700];
	temp_dir(dir, sizeof dir);
	cpu_results(dir, "pthread-skylake-avx512-Intel(R) Xeon(R) Processor");
	/* the fixture's stream rows again as stream-store's */
	snprintf(cmd, sizeof cmd, "grep '^stream,' '%s/measurements.csv' | sed 's/^stream,/stream-store,/' >> "
				  "'%s/measurements.csv'", dir, dir);
	ck_assert_int_eq(system(cmd), 0);
	report_of(dir, "/nonexistent/gnuplot");
	static char gp[1 << 18];
	slurp_report(dir, "latency.gp", gp, sizeof gp);
	ck_assert_msg(strstr(gp, "set label 'gmem'") && !strstr(gp, "set label 'stream"), "%s", gp);
	ck_assert_msg(strstr(gp, "\nunset key\nplot ") && !strstr(gp, "keyentry"), "%s", gp);
	/* a mix of one alpha had a colour scale of one value: its alpha is in the key */
	slurp_report(dir, "throughput-stream-store.gp", gp, sizeof gp);
	ck_assert_msg(strstr(gp, "\nunset colorbox\n") && strstr(gp, "title 'measured, alpha = 0'"), "%s", gp);
	remove_dir(dir);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("report-scripts");
	TCase *tc = tcase_create("report-scripts");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, a_device_name_runs_nothing_in_gnuplot);
	tcase_add_test(tc, every_title_line_fits_its_picture);
	tcase_add_test(tc, a_cpu_chains_caption_says_its_own_warps_and_no_model);
	tcase_add_test(tc, the_latency_picture_draws_no_stream_and_no_empty_key);
	suite_add_tcase(s, tc);
	return lm_test_run(s);
}
