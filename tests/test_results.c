/* The results CSV (results.c, and csv.c beneath it): what is written reads
 * back, and a damaged file is refused with its file, line, column and
 * value named, never misread. No device needed. */
#include "testutil.h"
#include "testrun.h"
#include "base/csv.h"
#include "fit/results.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char dir[] = "/tmp/latmix-results-XXXXXX";

/* A plausible row: gmem at alpha 1/4, 8 warps per CU on an H200. */
static lm_row sample_row(void)
{
	lm_row r = { .alpha = { 1, 4 }, .warps = 8, .groups_per_cu = 1, .warps_per_group = 8,
			  .work_group_size = 256, .compute_units = 132, .simd_width = 32, .chains = 1,
			  .mem_per_iter = 32, .alu_per_iter = 8, .iters = 4000, .repeats = 3,
			  .time_med = 0.005, .time_min = 0.00499, .time_max = 0.00502, .overhead_s = 1.5e-5,
			  .clock_mhz = 1980, .clock_source = "%clock64/%globaltimer", .mem_ipc = 0.0123,
			  .alu_ipc = 0.003075, .bytes_per_s = 1.2e12, .cycles_per_group = 735.5,
			  .started_at_first_end = 132, .checked = 33792 };
	snprintf(r.timer, sizeof r.timer, "events");
	snprintf(r.timing, sizeof r.timing, "stop-flag");
	snprintf(r.coresident, sizeof r.coresident, "yes");
	snprintf(r.spread, sizeof r.spread, "even");
	return r;
}

/* The text of a results file: metadata, header and two rows. */
static char *good_text(void)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	ck_assert_ptr_nonnull(f);
	fputs("# latmix measurements\n# device = test\n", f);
	lm_results_header(f);
	lm_row r = sample_row();
	ck_assert_int_eq(lm_results_row(f, "gmem", &r), LM_OK);
	r.warps = 16;
	r.checked = 64;
	r.elements_per_s = 64;
	snprintf(r.shape, sizeof r.shape, "16x16"); /* the last field of the last row */
	ck_assert_int_eq(lm_results_row(f, "gmem", &r), LM_OK);
	fclose(f);
	return text;
}

/* The line number of the last row of good_text(). */
static int last_line(const char *text)
{
	int n = 0;
	for (const char *c = text; *c; c++)
		n += *c == '\n';
	return n;
}

/* good_text() with the last row's field of column replaced by value (or,
 * column NULL, value appended to the row), written to name; its path. */
static const char *file_with(const char *name, const char *column, const char *value)
{
	char *text = good_text();
	*strrchr(text, '\n') = '\0';
	const char *row = strrchr(text, '\n') + 1;
	/* the column's field number, from the header */
	int k = -1, i = 0;
	for (const char *h = strstr(text, "\nmix,") + 1; column && *h != '\n'; i++) {
		size_t len = strcspn(h, ",\n");
		if (len == strlen(column) && strncmp(h, column, len) == 0)
			k = i;
		h += len + (h[len] == ',');
	}
	ck_assert_msg(!column || k >= 0, "no column %s", column);
	const char *p = lm_test_in(dir, name);
	FILE *f = fopen(p, "w");
	ck_assert_ptr_nonnull(f);
	fwrite(text, 1, (size_t)(row - text), f);
	for (int field = 0;; field++) {
		size_t len = strcspn(row, ",");
		if (field == k)
			fputs(value, f);
		else
			fwrite(row, 1, len, f);
		if (!row[len])
			break;
		fputc(',', f);
		row += len + 1;
	}
	if (!column)
		fputs(value, f);
	fputc('\n', f);
	fclose(f);
	free(text);
	return p;
}

/* Reading p fails with LM_EPARSE and a message that starts with p:line:
 * and holds want. */
static void refused(const char *p, int line, const char *want)
{
	lm_results res;
	lm_error_clear();
	ck_assert_int_eq(lm_results_read(p, &res), LM_EPARSE);
	char where[300];
	snprintf(where, sizeof where, "%s:%d: ", p, line);
	const char *msg = lm_error_message();
	ck_assert_msg(strncmp(msg, where, strlen(where)) == 0, "'%s' does not start with '%s'", msg, where);
	ck_assert_msg(strstr(msg, want) != NULL, "'%s' lacks '%s'", msg, want);
}

START_TEST(the_file_written_reads_back)
{
	const char *p = file_with("good.csv", "checked_threads", "64");
	lm_results res;
	ck_assert_msg(lm_results_read(p, &res) == LM_OK, "%s", lm_error_message());
	ck_assert_uint_eq(res.n, 2);
	ck_assert_uint_eq(res.v[1].row.checked, 64);
	ck_assert_str_eq(res.device, "test");
	ck_assert_str_eq(lm_results_meta_value(&res, "device"), "test");
	ck_assert(res.columns_current);
	lm_results_free(&res);
}
END_TEST

/* The local memory a group of a kernel as written held (its own and the
 * reserve that held its occupancy down) reads back; a mix's row says nan;
 * beyond any device's local memory is a damaged file. */
START_TEST(the_local_memory_a_group_held_reads_back)
{
	lm_results res;
	const char *p = file_with("local.csv", "local_bytes_per_group", "33280");
	ck_assert_msg(lm_results_read(p, &res) == LM_OK, "%s", lm_error_message());
	ck_assert_double_eq(res.v[1].row.local_bytes, 33280);
	lm_results_free(&res);
	p = file_with("local-nan.csv", "local_bytes_per_group", "nan");
	ck_assert_msg(lm_results_read(p, &res) == LM_OK, "%s", lm_error_message());
	ck_assert(isnan(res.v[1].row.local_bytes));
	lm_results_free(&res);
	char *text = good_text();
	refused(file_with("local-big.csv", "local_bytes_per_group", "2e9"), last_line(text), "local_bytes_per_group");
	free(text);
}
END_TEST

/* A reference (the flag-free chain, lm_results_reference) is a '#' line:
 * read apart from the points, found by mix and alpha; a reader that skips
 * '#' lines never takes it for a point. */
START_TEST(reference_rows_are_read_apart_from_the_points)
{
	char *text = good_text();
	const char *p = lm_test_in(dir, "ref.csv");
	FILE *f = fopen(p, "w");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	lm_row r = sample_row();
	r.alpha = (lm_alpha){ 1, 0 };
	r.warps = 1;
	r.cycles_per_group = 4.05;
	snprintf(r.timing, sizeof r.timing, "reference");
	ck_assert_int_eq(lm_results_reference(f, "gmem", &r), LM_OK);
	fclose(f);
	free(text);
	lm_results res;
	ck_assert_msg(lm_results_read(p, &res) == LM_OK, "%s", lm_error_message());
	ck_assert_uint_eq(res.n, 2);
	ck_assert_uint_eq(res.nref, 1);
	const lm_result *ref = lm_results_find_reference(&res, "gmem", (lm_alpha){ 1, 0 });
	ck_assert_ptr_nonnull(ref);
	ck_assert_double_eq(ref->row.cycles_per_group, 4.05);
	ck_assert_str_eq(ref->row.timing, "reference");
	ck_assert_ptr_null(lm_results_find_reference(&res, "gmem", (lm_alpha){ 0, 1 }));
	ck_assert_ptr_null(lm_results_find_reference(&res, "lmem", (lm_alpha){ 1, 0 }));
	lm_results_free(&res);
}
END_TEST

/* Regression (issue 20): a last row cut inside its last field, with no
 * final newline, read checked_threads 64 as 6 (the last column then; now
 * work_group_shape is). */
START_TEST(last_row_cut_in_its_last_field_is_refused_not_read_short)
{
	char *text = good_text();
	size_t len = strlen(text);
	ck_assert(len > 6 && strcmp(text + len - 6, "16x16\n") == 0);
	const char *p = lm_test_in(dir, "cut.csv");
	FILE *f = fopen(p, "w");
	fwrite(text, 1, len - 2, f); /* "...,16x1" */
	fclose(f);
	refused(p, last_line(text), "the last line has no end: cut short");
	free(text);
}
END_TEST

/* Regression (issue 20): a row with more fields than the header was read,
 * the extra ones ignored. */
START_TEST(fields_beyond_the_header_are_refused)
{
	char *text = good_text();
	refused(file_with("extra.csv", NULL, ",7,8"), last_line(text), "the row has 38 fields, the header 36");
	free(text);
}
END_TEST

/* Regression (issue 47, item 2): a metadata line with no key ("# = x")
 * wrote a byte before its copy (heap-buffer-overflow under ASan). It is
 * no metadata: the file reads, with no key of that kind. */
START_TEST(metadata_line_with_no_key_is_not_metadata)
{
	static const char *const lines[] = { "# = x\n", "#  = x\n", "# =\n", "#\n", "# \n" };
	for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
		char *text = good_text(), *all = malloc(strlen(text) + 16);
		sprintf(all, "%s%s", lines[i], text);
		FILE *f = fmemopen(all, strlen(all), "r");
		lm_results r;
		ck_assert_msg(lm_results_read_stream(f, "nokey.csv", &r) == LM_OK, "%s", lm_error_message());
		fclose(f);
		ck_assert_uint_eq(r.n, 2);
		for (size_t m = 0; m < r.nmeta; m++)
			ck_assert_msg(r.meta[m].key[0] != '\0', "an empty key kept from '%s'", lines[i]);
		lm_results_free(&r);
		free(all);
		free(text);
	}
}
END_TEST

/* Regression (issue 47, found by fuzz_results): a '\r' in a metadata
 * line's key cut the line there, leaving the value's newline in it. */
START_TEST(a_carriage_return_in_a_metadata_key_leaves_the_value_whole)
{
	char *text = good_text(), *all = malloc(strlen(text) + 16);
	sprintf(all, "# a\r = b\n%s", text);
	FILE *f = fmemopen(all, strlen(all), "r");
	lm_results r;
	ck_assert_msg(lm_results_read_stream(f, "cr.csv", &r) == LM_OK, "%s", lm_error_message());
	fclose(f);
	ck_assert_str_eq(r.meta[0].value, "b");
	lm_results_free(&r);
	free(all);
	free(text);
}
END_TEST

/* Regression (issue 47, items 13 and 16): duplicate rows were read (a
 * curve held a point twice; report printed "2006172% of stream" for a
 * bytes_per_s of 9e16), and a kernel's name with '/' made report fail
 * midway. Each is refused naming its line. */
START_TEST(twin_points_absurd_rates_and_names_no_file_can_have_are_refused)
{
	char *text = good_text();
	int last = last_line(text);
	/* the last row again */
	char *nl = text + strlen(text) - 1, *start = nl;
	while (start > text && start[-1] != '\n')
		start--;
	char *twice = malloc(2 * strlen(text) + 1);
	sprintf(twice, "%s%.*s", text, (int)(nl - start + 1), start);
	FILE *f = fmemopen(twice, strlen(twice), "r");
	lm_results r;
	ck_assert_int_eq(lm_results_read_stream(f, "twin.csv", &r), LM_EPARSE);
	fclose(f);
	char want[128];
	snprintf(want, sizeof want, "twin.csv:%d: the point of line %d again (gmem, 1 chains, 16 warps/CU, groups of "
		 "256)", last + 1, last);
	ck_assert_msg(strstr(lm_error_message(), want), "%s", lm_error_message());
	free(twice);
	refused(file_with("fast.csv", "bytes_per_s", "9e16"), last, "column 'bytes_per_s': bad value '9e16'");
	refused(file_with("slash.csv", "mix", "a/b"), last, "column 'mix': bad value 'a/b'");
	refused(file_with("dot.csv", "mix", "..x"), last, "column 'mix': bad value '..x'");
	/* a fastest launch slower than the median: the dispatch fit read a standard error of -3.2e7 from it */
	refused(file_with("order.csv", "time_min_s", "505"), last, "time_min_s 505, time_median_s ");
	refused(file_with("order2.csv", "time_max_s", "1e-9"), last, "not in order (min <= median <= max)");
	free(text);
}
END_TEST

/* Regression (issue 20): repeats = 4294967295 was read as -1. */
START_TEST(repeats_of_4294967295_is_refused_not_read_as_minus_one)
{
	char *text = good_text();
	refused(file_with("repeats.csv", "repeats", "4294967295"), last_line(text),
		"column 'repeats': bad value '4294967295': expected an integer from 1 to 1000");
	free(text);
}
END_TEST

/* Regression (issue 20): absurd numbers passed (mem_ipc 1e300 became
 * mem_thru 1e300; a clock_mhz of nan turned the fit's clock into
 * missing; times nan, inf or negative were not checked). Each numeric
 * column has a range, and a value outside it is refused by name. */
static const struct {
	const char *column, *value, *message;
} absurd[] = {
	{ "mem_ipc", "1e300", "column 'mem_ipc': bad value '1e300': expected a number in [0, 1024]" },
	{ "clock_mhz", "nan", "column 'clock_mhz': bad value 'nan': expected a number in (0, 100000]" },
	{ "clock_mhz", "0", "column 'clock_mhz': bad value '0'" },
	{ "time_median_s", "nan", "column 'time_median_s': bad value 'nan'" },
	{ "time_median_s", "inf", "column 'time_median_s': bad value 'inf'" },
	{ "time_median_s", "-0.005", "column 'time_median_s': bad value '-0.005'" },
	{ "time_min_s", "0", "column 'time_min_s': bad value '0'" },
	{ "time_max_s", "1e9", "column 'time_max_s': bad value '1e9'" },
	{ "alu_ipc", "-1", "column 'alu_ipc': bad value '-1'" },
	{ "bytes_per_s", "0x10", "column 'bytes_per_s': bad value '0x10'" },
	{ "cycles_per_group", "0", "column 'cycles_per_group': bad value '0'" },
	{ "overhead_s", "inf", "column 'overhead_s': bad value 'inf': expected a number in [-3600, 3600], or nan" },
	{ "chains", "0", "column 'chains': bad value '0': expected an integer from 1 to 16" },
	{ "warps_per_cu", "-8", "column 'warps_per_cu': bad value '-8'" },
	{ "iters", "+4000", "column 'iters': bad value '+4000'" },
	{ "alpha_value", "0.5", "column 'alpha_value': bad value '0.5'" },
	{ "alpha", "6111101/500", "column 'alpha': bad value '6111101/500'" },
	/* a shape must be the row's work-group size (256 here) */
	{ "work_group_shape", "16x8", "column 'work_group_shape': bad value '16x8': expected none, or sizes "
				      "joined by 'x' (16x8) whose product is the row's work_group_size" },
	{ "work_group_shape", "16xx16", "column 'work_group_shape': bad value '16xx16'" },
	{ "work_group_shape", "0x256", "column 'work_group_shape': bad value '0x256'" },
	{ "work_group_shape", "256x1x1x1", "column 'work_group_shape': bad value '256x1x1x1'" },
	{ "work_group_shape", "16x16x", "column 'work_group_shape': bad value '16x16x'" },
	{ "work_group_shape", "x256", "column 'work_group_shape': bad value 'x256'" },
};

START_TEST(absurd_numbers_are_refused_naming_file_line_column_and_value)
{
	char *text = good_text();
	char name[64];
	snprintf(name, sizeof name, "absurd%d.csv", _i);
	refused(file_with(name, absurd[_i].column, absurd[_i].value), last_line(text), absurd[_i].message);
	free(text);
}
END_TEST

/* What the reader would refuse, the writer does not write: the row is
 * refused whole, nothing of it in the file. */
START_TEST(a_row_the_reader_would_refuse_is_not_written)
{
	const char *p = lm_test_in(dir, "unwritten.csv");
	FILE *f = fopen(p, "w");
	lm_row r = sample_row();
	r.clock_mhz = NAN;
	ck_assert_int_eq(lm_results_row(f, "gmem", &r), LM_ECHECK);
	ck_assert_msg(strstr(lm_error_message(), "gmem, alpha 1/4, 8 warps per CU: column 'clock_mhz': "
						 "bad value 'nan'"), "%s", lm_error_message());
	r = sample_row();
	snprintf(r.spread, sizeof r.spread, "two\nlines");
	ck_assert_int_eq(lm_results_row(f, "gmem", &r), LM_ECHECK);
	fclose(f);
	char text[64];
	lm_test_slurp(p, text, sizeof text);
	ck_assert_str_eq(text, "");
}
END_TEST

static uint64_t lcg_state;

static uint64_t lcg(void)
{
	lcg_state = lcg_state * 6364136223846793005ull + 1442695040888963407ull;
	return lcg_state >> 11;
}

/* Uniform in [lo, hi], log-uniform where the range spans decades. */
static double any_in(double lo, double hi)
{
	double u = (double)(lcg() & ((1ull << 52) - 1)) / 4503599627370496.0;
	if (lo > 0 && hi / lo > 100)
		return lo * pow(hi / lo, u);
	return lo + (hi - lo) * u;
}

/* Property: a generated row (every field random within its column's
 * range, fixed seed) written then read gives the row back: counts and
 * text exactly, numbers to the nine digits written. */
START_TEST(csv_row_write_then_read_round_trips_generated_rows)
{
	lcg_state = 31;
	enum { N = 2000 };
	static lm_row rows[N];
	static char mixes[N][16];
	const char *p = lm_test_in(dir, "generated.csv");
	FILE *f = fopen(p, "w");
	ck_assert_ptr_nonnull(f);
	lm_results_header(f);
	static const char *const texts[] = { "events", "host", "yes", "no", "a, \"quoted\" one", "" };
	for (int i = 0; i < N; i++) {
		lm_row *r = &rows[i];
		*r = sample_row();
		long den = lcg() % 5 == 0 ? 0 : (long)(1 + lcg() % 1024);
		r->alpha = den ? (lm_alpha){ (long)(lcg() % 65537), den } : (lm_alpha){ 1, 0 };
		char a[32];
		lm_alpha_parse(lm_alpha_format(r->alpha, a, sizeof a), &r->alpha); /* lowest terms */
		if (r->alpha.num > LM_ALPHA_MAX_NUM)
			r->alpha = (lm_alpha){ 3, 4 };
		r->warps = (unsigned)(1 + i + (int)(lcg() % 2) * 2000); /* each row a point of its own */
		r->groups_per_cu = (unsigned)(1 + lcg() % 4096);
		r->work_group_size = (unsigned)(1 + lcg() % 1048576);
		r->chains = (unsigned)(1 + lcg() % 16);
		r->mem_per_iter = (unsigned)lcg();
		r->iters = (unsigned long)(lcg() % 9007199254740992ull);
		r->repeats = (int)(1 + lcg() % 1000);
		r->time_med = any_in(1e-9, 3600);
		r->time_min = r->time_med * any_in(0.5, 1); /* in order: min <= median <= max */
		r->time_max = fmin(3600, r->time_med * any_in(1, 2));
		r->overhead_s = lcg() % 3 ? any_in(-3600, 3600) : NAN;
		r->clock_mhz = any_in(1e-3, 100000);
		r->mem_ipc = lcg() % 4 ? any_in(1e-9, 1024) : 0;
		r->bytes_per_s = any_in(1, 1e15);
		r->cycles_per_group = any_in(1e-6, 1e12);
		r->started_at_first_end = (unsigned long)(lcg() % 9007199254740992ull);
		snprintf(r->timer, sizeof r->timer, "%s", texts[lcg() % 6]);
		snprintf(r->spread, sizeof r->spread, "%s", texts[lcg() % 6]);
		unsigned kind = (unsigned)(lcg() % 3);
		snprintf(r->shape, sizeof r->shape, kind == 0 ? "" : kind == 1 ? "%u" : "1x%ux1", r->work_group_size);
		/* a name reports can name files after (quoting is the text columns') */
		snprintf(mixes[i], sizeof mixes[i], "%s", lcg() % 2 ? "gmem" : "gmem-odd_2.x");
		ck_assert_msg(lm_results_row(f, mixes[i], r) == LM_OK, "row %d: %s", i, lm_error_message());
	}
	fclose(f);
	lm_results res;
	ck_assert_msg(lm_results_read(p, &res) == LM_OK, "%s", lm_error_message());
	ck_assert_uint_eq(res.n, N);
	for (int i = 0; i < N; i++) {
		const lm_row *a = &rows[i], *b = &res.v[i].row;
		ck_assert_str_eq(res.v[i].mix, mixes[i]);
		ck_assert_msg(a->alpha.num == b->alpha.num && a->alpha.den == b->alpha.den, "row %d", i);
		ck_assert_uint_eq(b->warps, a->warps);
		ck_assert_uint_eq(b->groups_per_cu, a->groups_per_cu);
		ck_assert_uint_eq(b->work_group_size, a->work_group_size);
		ck_assert_uint_eq(b->chains, a->chains);
		ck_assert_uint_eq(b->mem_per_iter, a->mem_per_iter);
		ck_assert_uint_eq(b->iters, a->iters);
		ck_assert_int_eq(b->repeats, a->repeats);
		ck_assert_uint_eq(b->started_at_first_end, a->started_at_first_end);
		ck_assert_rel(b->time_med, a->time_med, 5e-9);
		ck_assert_rel(b->overhead_s, a->overhead_s, 5e-9);
		ck_assert_rel(b->clock_mhz, a->clock_mhz, 5e-9);
		ck_assert_rel(b->mem_ipc, a->mem_ipc, 5e-9);
		ck_assert_rel(b->bytes_per_s, a->bytes_per_s, 5e-9);
		ck_assert_rel(b->cycles_per_group, a->cycles_per_group, 5e-9);
		ck_assert_str_eq(b->timer, a->timer);
		ck_assert_str_eq(b->spread, a->spread);
		ck_assert_str_eq(b->shape, a->shape);
		ck_assert_str_eq(b->clock_source, a->clock_source);
	}
	lm_results_free(&res);
}
END_TEST

/* Every results file of the product and the fixtures, of every latmix
 * version they hold (the studies' older ones are in studies/, gzipped),
 * reads: the ranges hold for all that was ever measured. */
START_TEST(committed_results_files_read)
{
	char cmd[600], path[1024];
	snprintf(cmd, sizeof cmd, "cd '%s' && grep -rl --include='*.csv' '^mix,alpha,' data tests/fixtures",
		 getenv("LATMIX_SOURCE_ROOT"));
	FILE *p = popen(cmd, "r");
	ck_assert_ptr_nonnull(p);
	int files = 0;
	char rel[900];
	while (fgets(rel, sizeof rel, p)) {
		rel[strcspn(rel, "\n")] = '\0';
		lm_test_source_path(path, sizeof path, rel);
		lm_results res;
		ck_assert_msg(lm_results_read(path, &res) == LM_OK, "%s", lm_error_message());
		lm_results_free(&res);
		files++;
	}
	pclose(p);
	ck_assert_int_gt(files, 10);
}
END_TEST

/* Regression (issue 20): csv.h promised "at most max fields" while the
 * count of all of them is returned (which callers rely on to refuse a
 * long row); the first max are stored, nothing beyond. */
START_TEST(csv_split_counts_fields_beyond_max)
{
	char line[] = "a,\"b,c\",d,e\n";
	char *fields[3] = { NULL, NULL, NULL };
	ck_assert_int_eq(lm_csv_split(line, fields, 2), 4);
	ck_assert_str_eq(fields[0], "a");
	ck_assert_str_eq(fields[1], "b,c");
	ck_assert_ptr_null(fields[2]);
	char bad[] = "a,\"b\"c\n";
	ck_assert_int_eq(lm_csv_split(bad, fields, 3), -1);
}
END_TEST

/* Regression (issue 47, fuzz_results): a carriage return inside a row
 * (the mix "\r", before names were restricted; a spread "ev\ren") was
 * read into its field, a row lm_results_row refuses to write ("a text
 * field holds a line break"). */
START_TEST(a_carriage_return_inside_a_row_is_refused_not_read_into_a_field)
{
	char *text = good_text();
	refused(file_with("cr.csv", "mix", "\r"), last_line(text), "malformed CSV line");
	refused(file_with("cr-quoted.csv", "mix", "\"gm\rem\""), last_line(text), "malformed CSV line");
	refused(file_with("cr-spread.csv", "spread", "ev\ren"), last_line(text), "malformed CSV line");
	free(text);
	char *fields[4];
	char end[] = "a,b\r\n";
	ck_assert_int_eq(lm_csv_split(end, fields, 4), 2);
	ck_assert_str_eq(fields[1], "b");
	char inside[] = "a,b\rc\n";
	ck_assert_int_eq(lm_csv_split(inside, fields, 4), -1);
}
END_TEST

int main(void)
{
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	Suite *s = suite_create("results");
	TCase *tc = tcase_create("csv");
	tcase_add_test(tc, the_file_written_reads_back);
	tcase_add_test(tc, the_local_memory_a_group_held_reads_back);
	tcase_add_test(tc, reference_rows_are_read_apart_from_the_points);
	tcase_add_test(tc, last_row_cut_in_its_last_field_is_refused_not_read_short);
	tcase_add_test(tc, fields_beyond_the_header_are_refused);
	tcase_add_test(tc, repeats_of_4294967295_is_refused_not_read_as_minus_one);
	tcase_add_test(tc, metadata_line_with_no_key_is_not_metadata);
	tcase_add_test(tc, a_carriage_return_in_a_metadata_key_leaves_the_value_whole);
	tcase_add_test(tc, twin_points_absurd_rates_and_names_no_file_can_have_are_refused);
	tcase_add_loop_test(tc, absurd_numbers_are_refused_naming_file_line_column_and_value, 0,
			    (int)(sizeof absurd / sizeof absurd[0]));
	tcase_add_test(tc, a_row_the_reader_would_refuse_is_not_written);
	tcase_add_test(tc, csv_row_write_then_read_round_trips_generated_rows);
	tcase_add_test(tc, committed_results_files_read);
	tcase_add_test(tc, csv_split_counts_fields_beyond_max);
	tcase_add_test(tc, a_carriage_return_inside_a_row_is_refused_not_read_into_a_field);
	suite_add_tcase(s, tc);
	return lm_test_run_in(s, dir);
}
