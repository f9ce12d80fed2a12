/* latmix report on kernels measured as written (work-group sizes a
 * launch's, resident groups counted): a kernel run at several sizes is a
 * series and a table row a size; a grid-stride kernel beside it is one.
 * (test_report.c holds the rest of the report suite: it is at the
 * project's 800 lines a file.) The fixture is cut from the H100's
 * committed kernels.csv: copy (grid-stride) and nd-copy at 32 and 64
 * work-items and their counts, beside the strided lease's stream rows. */
#include "testutil.h"
#include "testrun.h"
#include "asm/count.h"
#include "bench/kernels.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* How many times needle occurs in hay. */
static unsigned count_of(const char *hay, const char *needle)
{
	unsigned n = 0;
	for (const char *q = hay; (q = strstr(q, needle)); q++)
		n++;
	return n;
}

/* The file dir/report/NAME into buf. */
static void slurp_out(const char *dir, const char *name, char *buf, size_t size)
{
	char path[4400];
	snprintf(path, sizeof path, "%s/report/%s", dir, name);
	lm_test_slurp(path, buf, size);
}

/* Reports dir (no gnuplot: no pictures) and reads its report.md into md. */
static void report_md(const char *dir, char *md, size_t size)
{
	lm_test_result r;
	lm_test_latmix((const char *const[]){ "report", dir, NULL }, "/nonexistent/gnuplot", &r);
	ck_assert_msg(r.status == 0, "status %d: %s", r.status, r.err);
	slurp_out(dir, "report.md", md, size);
}

/* latmix report, without gnuplot, in a new directory dir (a mkdtemp
 * template) of the strided-h100 fixture's sweep and parameters, the rows of
 * the H100's committed kernels.csv that the awk condition rows keeps, and
 * the count files its mix-of/ names (a glob). */
static void h100_report(char *dir, const char *rows, const char *counts)
{
	char cmd[8800];
	ck_assert(mkdtemp(dir));
	const char *root = getenv("LATMIX_SOURCE_ROOT");
	snprintf(cmd, sizeof cmd, "cp '%s/tests/fixtures/strided-h100/'measurements.csv '%s/tests/fixtures/"
		 "strided-h100/'params-kernels.ini '%s' && awk -F, '/^#/ || $1 == \"mix\" || %s' "
		 "'%s/data/measured/nvidia-h100/kernels.csv' > '%s/kernels.csv' && mkdir '%s/mix-of' && "
		 "cp '%s/data/measured/nvidia-h100/mix-of/'%s '%s/mix-of'",
		 root, root, dir, rows, root, dir, dir, root, counts, dir);
	ck_assert_int_eq(system(cmd), 0);
	lm_test_result r;
	lm_test_latmix((const char *const[]){ "report", dir, NULL }, "/nonexistent/gnuplot", &r);
	ck_assert_msg(r.status == 0, "status %d: %s", r.status, r.err);
}

/* Before: nd-copy's sizes were one cloud of points with one 90% mark
 * computed over all of them, and one table row. */
START_TEST(a_kernel_as_written_at_two_sizes_is_two_series)
{
	char dir[] = "/tmp/latmix-written-XXXXXX";
	h100_report(dir, "$1 == \"copy\" || ($1 == \"nd-copy\" && ($7 == 32 || $7 == 64))", "*copy.*");
	static char md[1 << 20], gp[1 << 16], dat[1 << 16];
	slurp_out(dir, "report.md", md, sizeof md);
	ck_assert_msg(count_of(md, "\n| nd-copy (32) | ") == 2 && count_of(md, "\n| nd-copy (64) | ") == 2 &&
			      !strstr(md, "\n| nd-copy | "), "nd-copy's rows: not one a size (plateau, predicted)");
	ck_assert_msg(count_of(md, "\n| copy | ") == 2 && !strstr(md, "\n| copy ("), "copy's rows");
	slurp_out(dir, "kernel-nd-copy.gp", gp, sizeof gp);
	ck_assert_msg(count_of(gp, " using 1:2 ") == 2 && strstr(gp, "index 0 using 1:2") && strstr(gp, "index 1 using 1:2"),
		      "%s", gp);
	ck_assert_msg(strstr(gp, "title '32 work-items: 90% at ") && strstr(gp, "title '64 work-items: 90% at ") &&
			      count_of(gp, "with points pt 9") == 2 && !strstr(gp, "90% of its plateau"), "%s", gp);
	slurp_out(dir, "kernel-nd-copy.dat", dat, sizeof dat);
	ck_assert_msg(strstr(dat, "# 32 work-items\n") && strstr(dat, "\n\n\n# 64 work-items\n"), "%s", dat);
	slurp_out(dir, "kernel-copy.gp", gp, sizeof gp);
	ck_assert_msg(count_of(gp, " using 1:2 ") == 1 && !strstr(gp, " index ") && strstr(gp, "title 'measured'") &&
			      count_of(gp, "with points pt 9") == 1 && strstr(gp, "title '90% of its plateau: "), "%s", gp);
	ck_assert_int_eq(lm_test_remove_dir(dir), 0);
}
END_TEST


/* The line of md that starts with start (past its newline where start
 * begins with one) into out; fails the test where there is none. */
static void line_at(const char *md, const char *start, char *out, size_t size)
{
	const char *at = strstr(md, start);
	ck_assert_msg(at, "no line starts '%s' in %.3000s", start, md);
	at += *at == '\n';
	snprintf(out, size, "%.*s", (int)strcspn(at, "\n"), at);
}

/* The H100 report of the rows awk's condition rows keeps and the count
 * files counts names (h100_report): the line of its report.md that starts
 * with each of first and second into a and b (size bytes each). */
static void two_lines(const char *rows, const char *counts, const char *first, const char *second, char *a,
		      char *b, size_t size)
{
	char dir[] = "/tmp/latmix-written-XXXXXX";
	h100_report(dir, rows, counts);
	static char md[1 << 20];
	slurp_out(dir, "report.md", md, sizeof md);
	line_at(md, first, a, size);
	line_at(md, second, b, size);
	ck_assert_int_eq(lm_test_remove_dir(dir), 0);
}

/* spmv as written runs twice as fast at its most occupancy (no local
 * memory reserved) as just below it (L1 shrunk by the reserve): the report
 * says its points below the most are no occupancy curve; nd-copy, whose
 * rate the reserve does not touch, is not so marked (the H100's committed
 * rows at 128 work-items). */
START_TEST(a_kernel_whose_most_occupancy_jumps_is_said_to_be_no_occupancy_curve)
{
	static char spmv[4096], copy[4096];
	two_lines("($1 == \"nd-spmv\" || $1 == \"nd-copy\") && $7 == 128", "nd-*", "\n| nd-spmv | ",
		  "\n| nd-copy | ", spmv, copy, sizeof spmv);
	ck_assert_msg(strstr(spmv, "faster at 64 warps than at 60, far more than the warps add") &&
			      strstr(spmv, "are not an occupancy curve"), "%s", spmv);
	ck_assert_msg(!strstr(copy, "not an occupancy curve"), "%s", copy);
}
END_TEST

/* latmix's own H200 sweep with the local memory each point held
 * (studies/ndrange-probe/latmix-local-h200): spmv's jump is said with the
 * bytes a group held either side and the L1 that left an SM there, from
 * the vendor table's carve-outs for compute capability 9.0 (28 KiB at 31
 * groups of 6276 bytes; at 32 groups of 8, the driver's 1 KiB each, too
 * little for the table to know: more, not a figure);
 * its picture rings the points of 28 KiB. */
START_TEST(a_jump_says_the_local_memory_held_and_the_l1_left)
{
	char dir[] = "/tmp/latmix-written-XXXXXX", cmd[8800];
	ck_assert(mkdtemp(dir));
	const char *root = getenv("LATMIX_SOURCE_ROOT");
	snprintf(cmd, sizeof cmd, "cp '%s/data/measured/nvidia-h200/'measurements.csv '%s/data/measured/nvidia-h200/'"
		 "params-kernels.ini '%s/studies/ndrange-probe/latmix-local-h200/kernels.csv' '%s'", root, root, root, dir);
	ck_assert_int_eq(system(cmd), 0);
	static char md[1 << 20];
	report_md(dir, md, sizeof md);
	char line[4096];
	line_at(md, "\n| nd-spmv (32) | ", line, sizeof line);
	ck_assert_msg(strstr(line, "a group held 6276 bytes of local memory at 31 warps, 8 at 32, leaving an SM 28 KiB "
			      "of L1, and more)"), "%s", line);
	/* its picture rings the points with 28 KiB of L1 (31 warps of 32
	 * work-items), not its most occupancy (32, none reserved), and says so */
	static char dat[1 << 16], gp[1 << 16];
	slurp_out(dir, "kernel-nd-spmv.dat", dat, sizeof dat);
	slurp_out(dir, "kernel-nd-spmv.gp", gp, sizeof gp);
	ck_assert_msg(strstr(dat, "\n31 674.308 3.37154 nan 674.308\n") && strstr(dat, "\n32 1463.48 7.3174 nan ?\n"),
		      "%.2000s", dat);
	ck_assert_msg(strstr(gp, "using 1:5 with points pt 6") &&
			      strstr(gp, "title 'ringed: 28 KiB of L1 left an SM by the reserve holding the warps down'"),
		      "%.4000s", gp);
	ck_assert_msg(strstr(md, "Ringed: the points where the local memory reserved to hold the warps down left an "
				 "SM 28 KiB of L1"), "no caption of the rings");
	ck_assert_int_eq(lm_test_remove_dir(dir), 0);
}
END_TEST

/* add (two loads and a store an iteration) reached 90% of its top at 13%
 * more warps than predicted on the H100: its caption says the predicted
 * 90% is a floor; copy (a load and a store) is not so marked. */
START_TEST(a_loop_of_three_accesses_with_a_store_has_its_90_percent_as_a_floor)
{
	static char add[4096], copy[4096];
	two_lines("$1 == \"add\" || $1 == \"copy\"", "[ac][do][dp]*.*", "The bytes a second kernel add's",
		  "The bytes a second kernel copy's", add, copy, sizeof add);
	ck_assert_msg(strstr(add, "(2 loads, 1 stores") && strstr(add, "its 90% is a floor"), "%s", add);
	ck_assert_msg(strstr(copy, "(1 loads, 1 stores") && !strstr(copy, "is a floor"), "%s", copy);
}
END_TEST

/* gemv and spmv, a loop inside a grid-stride loop (the H100's committed
 * counts, nested = yes, and parameters): priced a turn at a time from the
 * body around the loop and the suite's trip counts (256 and 16), their
 * captions saying so; no longer "not predicted". */
START_TEST(a_loop_inside_a_grid_stride_loop_is_priced_a_turn_at_a_time)
{
	char dir[] = "/tmp/latmix-written-XXXXXX", cmd[8800];
	h100_report(dir, "$1 == \"gemv\" || $1 == \"spmv\"", "[gs][ep]mv.*");
	static char md[1 << 20];
	slurp_out(dir, "report.md", md, sizeof md);
	ck_assert_msg(strstr(md, "The file has no l1_thru (a fit before it)"), "the fixture's file: no word of l1_thru");
	/* the H100's own parameters: gemv's top is L1's lines, which the
	 * fixture's file (before l1_thru) does not price */
	snprintf(cmd, sizeof cmd, "cp '%s/data/measured/nvidia-h100/params-kernels.ini' '%s'",
		 getenv("LATMIX_SOURCE_ROOT"), dir);
	ck_assert_int_eq(system(cmd), 0);
	report_md(dir, md, sizeof md);
	static const char *const rows[] = { "\n| gemv | 4 + 1, 0, 14 | ", "\n| spmv | 12 (s), 0, 0 | " };
	for (int i = 0; i < 2; i++) {
		const char *at = strstr(md, rows[i]);
		ck_assert_msg(at, "no predicted row %s", rows[i] + 1);
		double rms = atof(at + strlen(rows[i]));
		ck_assert_msg(rms > 0 && rms < 25, "%s: RMS %g%%", rows[i] + 1, rms);
	}
	ck_assert_msg(!strstr(md, "not predicted") && !strstr(md, "has no l1_thru") &&
			      strstr(md, "run 64 times a turn of the grid-stride loop around it") &&
			      strstr(md, "run 4 times a turn of the grid-stride loop around it"), "captions");
	ck_assert_int_eq(lm_test_remove_dir(dir), 0);
}
END_TEST

/* A curve measured only from where it is at its plateau: its 90% is at
 * its first occupancy or fewer, not a figure interpolated from the origin
 * (a CPU's saxpy was marked at 0.9 warps, left of every point). nd-copy
 * at 64 work-items from 48 warps on (the H100's reaches 90% near 15). */
START_TEST(a_curve_at_its_plateau_from_its_first_point_says_or_fewer)
{
	char dir[] = "/tmp/latmix-written-XXXXXX";
	h100_report(dir, "$1 == \"nd-copy\" && $7 == 64 && $4 >= 48", "nd-copy.*");
	static char gp[1 << 16];
	slurp_out(dir, "kernel-nd-copy.gp", gp, sizeof gp);
	ck_assert_msg(strstr(gp, "title '90% of its plateau: 48.0 warps or fewer'") && strstr(gp, "'+' using (48):"),
		      "%s", gp);
	ck_assert_int_eq(lm_test_remove_dir(dir), 0);
}
END_TEST

/* Writes m as kernel name's count in dir's mix-of/, reports dir and reads
 * its report.md into md. */
static void report_with(const char *dir, const char *name, const lm_count *m, char *md, size_t size)
{
	char path[4200];
	snprintf(path, sizeof path, "%s/mix-of/%s.ini", dir, name);
	FILE *out = fopen(path, "w");
	ck_assert_ptr_nonnull(out);
	lm_count_write_ini(out, name, m, NULL);
	fclose(out);
	report_md(dir, md, size);
}

/* nd-copy's count from the H100 driver's PTX (tests/fixtures/ptx/
 * h100-nd-copy.ptx, a body without a loop) into dir/mix-of/nd-copy.ini. */
static void write_nd_copy_count(const char *dir)
{
	char path[4200], *text = NULL;
	lm_test_source_path(path, sizeof path, "tests/fixtures/ptx/h100-nd-copy.ptx");
	ck_assert_int_eq(lm_read_text(path, &text), LM_OK);
	lm_count m;
	ck_assert_msg(lm_count_count_ptx(text, "nd_copy", &m) == LM_OK && m.loopless, "%s", lm_error_message());
	free(text);
	snprintf(path, sizeof path, "%s/mix-of/nd-copy.ini", dir);
	FILE *out = fopen(path, "w");
	ck_assert_ptr_nonnull(out);
	lm_count_write_ini(out, "nd-copy", &m, NULL);
	fclose(out);
}

/* Kernels as written in the report, predicted as they ran: nd-copy, a
 * body without a loop, by the grid-stride model and the dispatch
 * (fit/written.c), within 10% at each size; nd-matmul, a loop inside a
 * kernel as written, not priced as a grid-stride loop (it was, at 13098%
 * RMS): said not predicted from a count without the body around its loop,
 * priced by its trip count from one with it. Counts written here from the
 * driver's PTX (tests/fixtures/ptx/h100-nd-copy.ptx, h200-nd-matmul.ptx). */
START_TEST(kernels_as_written_are_priced_as_they_ran)
{
	char dir[] = "/tmp/latmix-written-XXXXXX", cmd[8800];
	ck_assert(mkdtemp(dir));
	const char *root = getenv("LATMIX_SOURCE_ROOT");
	const char *f = "tests/fixtures/h100-2026-11-28";
	snprintf(cmd, sizeof cmd, "cp '%s/tests/fixtures/strided-h100/'measurements.csv '%s/%s/'params-kernels.ini '%s' "
		 "&& cp '%s/%s/kernels-written.csv' '%s/kernels.csv' && mkdir '%s/mix-of' && cp '%s/%s/nd-matmul-count.ini' "
		 "'%s/mix-of/nd-matmul.ini'", root, root, f, dir, root, f, dir, dir, root, f, dir);
	ck_assert_int_eq(system(cmd), 0);
	write_nd_copy_count(dir);
	char path[4200], *text = NULL;
	lm_count m;
	static char md[1 << 20];
	report_md(dir, md, sizeof md);
	for (int i = 0; i < 2; i++) {
		char row[64];
		snprintf(row, sizeof row, "\n| nd-copy (%d) | 1, 1, ", i ? 64 : 32);
		const char *at = strstr(md, row);
		ck_assert_msg(at, "no predicted row %s", row + 1);
		double rms = atof(strchr(at + strlen(row), '|') + 1);
		ck_assert_msg(rms > 0 && rms < 10, "nd-copy (%d): RMS %g%%", i ? 64 : 32, rms);
	}
	ck_assert_msg(strstr(md, "\n| nd-matmul | not predicted: measured as written with a loop inside: its count "
			      "(mix-of) does not say the body around it"), "nd-matmul");
	/* counted again with the body around its loop: priced by its
	 * description's trip count (1024, unrolled four times) */
	lm_test_source_path(path, sizeof path, "tests/fixtures/ptx/h200-nd-matmul.ptx");
	ck_assert_int_eq(lm_read_text(path, &text), LM_OK);
	ck_assert_msg(lm_count_count_ptx(text, "nd_matmul", &m) == LM_OK && m.rest_counted, "%s", lm_error_message());
	free(text);
	report_with(dir, "nd-matmul", &m, md, sizeof md);
	static const char mm_row[] = "\n| nd-matmul | 4 + 1, 0, 19 | ";
	const char *mm = strstr(md, mm_row);
	ck_assert_msg(mm && atof(mm + sizeof mm_row - 1) > 0 && !strstr(md, "nd-matmul | not predicted"),
		      "nd-matmul not priced");
	/* its B (argument 2, 4 MiB) said in its count, with the launch's work:
	 * the H100's file measured no cache, so none is taken as held; said
	 * cached, those loads are priced as DRAM's, said so; with an H200's
	 * file (cache_bytes 16.5 MiB), B is held, priced at cache_lat */
	m.scalars.bytes[2] = 4 << 20;
	m.work = (lm_count_work){ .trip = 1024, .items = 1024.0 * 4096, .per_item = 1 };
	report_with(dir, "nd-matmul", &m, md, sizeof md);
	ck_assert_msg(!strstr(md, "read arrays the cache holds"), "held by a file that measured no cache");
	m.scalars.cached = 1ull << 2; /* --arg 2=cached when counted */
	report_with(dir, "nd-matmul", &m, md, sizeof md);
	ck_assert_msg(strstr(md, "4 of its loads an iteration read arrays the cache holds: priced as DRAM's"), "DRAM's");
	m.scalars.cached = 0;
	snprintf(cmd, sizeof cmd, "cp '%s/tests/fixtures/cache/h200-params-kernels.ini' '%s/params-kernels.ini'", root, dir);
	ck_assert_int_eq(system(cmd), 0);
	report_with(dir, "nd-matmul", &m, md, sizeof md);
	ck_assert_msg(strstr(md, "4 of its loads an iteration read arrays the cache holds: priced at the file's "
			     "cache_lat and cache_thru"), "cache_lat");
	/* what holds nd-copy at 32 work-items a group: the groups the CU starts */
	const char *bound = strstr(md, "\n| nd-copy (32) | 4");
	ck_assert_msg(bound && strstr(bound, "work-group dispatch: 53.") < strchr(bound + 1, '\n') &&
			      strstr(bound, "work-group dispatch: 53."), "nd-copy (32)'s bound");
	ck_assert_int_eq(lm_test_remove_dir(dir), 0);
}
END_TEST

/* A size measured at one occupancy (groups of 1024 on an H200 reach only
 * 2 a CU) has its prediction drawn as a square, where a dashed line of
 * one point draws nothing; the other size keeps its line (the fixture of
 * kernels_as_written_are_priced_as_they_ran, nd-copy at 64 work-items cut
 * to its top level). */
START_TEST(a_size_of_one_level_has_its_prediction_drawn)
{
	char dir[] = "/tmp/latmix-written-XXXXXX", cmd[8800];
	ck_assert(mkdtemp(dir));
	const char *root = getenv("LATMIX_SOURCE_ROOT");
	const char *f = "tests/fixtures/h100-2026-11-28";
	snprintf(cmd, sizeof cmd, "cp '%s/tests/fixtures/strided-h100/'measurements.csv '%s/%s/'params-kernels.ini '%s' "
		 "&& awk -F, '/^#/ || $1 == \"mix\" || ($1 == \"nd-copy\" && ($7 == 32 || $4 == 64))' "
		 "'%s/%s/kernels-written.csv' > '%s/kernels.csv' && mkdir '%s/mix-of'", root, root, f, dir, root, f,
		 dir, dir);
	ck_assert_int_eq(system(cmd), 0);
	write_nd_copy_count(dir);
	lm_test_result r;
	lm_test_latmix((const char *const[]){ "report", dir, NULL }, "/nonexistent/gnuplot", &r);
	ck_assert_msg(r.status == 0, "status %d: %s", r.status, r.err);
	static char gp[1 << 16];
	slurp_out(dir, "kernel-nd-copy.gp", gp, sizeof gp);
	ck_assert_msg(strstr(gp, "index 0 using 1:4 with lines lw 2 dt 2") &&
			      strstr(gp, "index 1 using 1:4 with points pt 4") &&
			      strstr(gp, "a square at a size of one level"), "%s", gp);
	ck_assert_int_eq(lm_test_remove_dir(dir), 0);
}
END_TEST

/* The report of the H100's committed nd-transpose rows at 128 work-items
 * (measured at 16x8) beside a work_group_shape column, each row's shape
 * shape(row) as awk writes it, priced by the H100's parameters of that
 * sweep (tests/fixtures/h100-2026-11-28); the transpose's table row. */
static void transpose_at(const char *shape, char *line, size_t size)
{
	char dir[] = "/tmp/latmix-shape-XXXXXX", cmd[9000];
	ck_assert(mkdtemp(dir));
	const char *root = getenv("LATMIX_SOURCE_ROOT");
	snprintf(cmd, sizeof cmd, "cp '%s/tests/fixtures/strided-h100/'measurements.csv '%s/tests/fixtures/"
		 "h100-2026-11-28/'params-kernels.ini '%s' && awk -F, 'BEGIN { OFS = \",\" } /^#/ { print; next } "
		 "$1 == \"mix\" { print $0, \"work_group_shape\"; next } $1 == \"nd-transpose\" && $7 == 128 "
		 "{ print $0, %s }' '%s/data/measured/nvidia-h100/kernels.csv' > '%s/kernels.csv' && mkdir "
		 "'%s/mix-of' && cp '%s/data/measured/nvidia-h100/mix-of/'nd-transpose.* '%s/mix-of'",
		 root, root, dir, shape, root, dir, dir, root, dir);
	ck_assert_int_eq(system(cmd), 0);
	static char md[1 << 20];
	report_md(dir, md, sizeof md);
	const char *at = strstr(md, "\n| nd-transpose | 1"); /* its load, "1, 1" or with hits "1 + 3, 1" */
	at = at ? at : strstr(md, "\n| nd-transpose | not predicted");
	ck_assert_msg(at, "no priced row for nd-transpose");
	snprintf(line, size, "%.*s", (int)strcspn(at + 1, "\n"), at + 1);
	ck_assert_int_eq(lm_test_remove_dir(dir), 0);
}

/* Issue 50: a results row did not say its work-group's shape, so the
 * report priced a 2D kernel's size at the shape latmix measures it at
 * (or the one the file's options name), whatever shape the row ran at.
 * The work_group_shape column says it: the same rows priced at 16x8 (as
 * they ran) and said to have run at 32x4 (a warp one row: the store a
 * row apart a lane) differ; rows of one size that say two shapes are
 * not priced as one curve. */
START_TEST(a_row_is_priced_at_the_shape_it_says)
{
	char at16[512], at32[512], mixed[512];
	transpose_at("\"16x8\"", at16, sizeof at16);
	transpose_at("\"32x4\"", at32, sizeof at32);
	transpose_at("($4 % 8 ? \"32x4\" : \"16x8\")", mixed, sizeof mixed);
	double rms16 = atof(strchr(strchr(at16 + 2, '|') + 1, '|') + 1);
	double rms32 = atof(strchr(strchr(at32 + 2, '|') + 1, '|') + 1);
	ck_assert_msg(rms16 > 0 && rms32 > 0 && fabs(rms32 - rms16) > 5, "16x8: %s; 32x4: %s", at16, at32);
	ck_assert_msg(strstr(mixed, "not predicted: its rows of 128 work-items ran at more than one work-group "
				    "shape"), "%s", mixed);
}
END_TEST

/* The H200's committed nd-transpose (its kernels.csv rows, count and
 * parameter file): its store, whose sectors the group's rows complete, is
 * priced at the file's scatter_store_thru, said in its caption, within 10%
 * RMS at 16x8 (128 work-items); a file without it prices the store as
 * gmem-random's loads, says the line is a floor, and misses by more than
 * a quarter there */
START_TEST(a_transposes_merged_store_is_priced_in_the_report)
{
	for (int with = 1; with >= 0; with--) {
		char dir[] = "/tmp/latmix-merged-XXXXXX", cmd[9000];
		ck_assert(mkdtemp(dir));
		const char *root = getenv("LATMIX_SOURCE_ROOT");
		snprintf(cmd, sizeof cmd, "d='%s/data/measured/nvidia-h200'; cp \"$d/measurements.csv\" '%s' && "
			 "awk -F, '/^#/ || $1 == \"mix\" || $1 == \"nd-transpose\"' \"$d/kernels.csv\" > '%s/kernels.csv' "
			 "&& mkdir '%s/mix-of' && cp \"$d\"/mix-of/nd-transpose.* '%s/mix-of' && %s \"$d/params-kernels.ini\" "
			 "> '%s/params-kernels.ini'", root, dir, dir, dir, dir,
			 with ? "cat" : "awk '/^\\[/ { skip = $0 == \"[scatter_store_thru]\" } !skip'", dir);
		ck_assert_int_eq(system(cmd), 0);
		static char md[1 << 20];
		report_md(dir, md, sizeof md);
		ck_assert_msg(strstr(md, with ? "Its stores whose sectors the group's other rows complete (a transpose's) "
						"are priced at the file's scatter_store_thru."
					      : "are priced as gmem-random's loads, as the file has no scatter_store_thru"),
			      "with %d: no caption", with);
		const char *at = strstr(md, "\n| nd-transpose (128) | 1"); /* "1 + 1, 1 (s), ...": a line a hit */
		ck_assert_msg(at, "no priced row at 128");
		double rms = atof(strchr(at + 25, '|') + 1);
		ck_assert_msg(with ? rms > 0 && rms < 10 : rms > 25, "with %d: RMS %g%% at 128", with, rms);
		ck_assert_int_eq(lm_test_remove_dir(dir), 0);
	}
}
END_TEST

/* A user's kernel as written with a loop inside (the later lease's rownorm,
 * tests/fixtures/loops2-h200: its stream rows, rownorm's rows, its count):
 * priced where its count file carries what measure took from its
 * description (trip, items, per_item); without them, no trip count known,
 * as before, when the report read the suite's descriptions alone. */
START_TEST(a_users_loop_inside_is_priced_from_its_count_files_work)
{
	for (int with = 1; with >= 0; with--) {
		char dir[] = "/tmp/latmix-written-XXXXXX", cmd[8800];
		ck_assert(mkdtemp(dir));
		const char *root = getenv("LATMIX_SOURCE_ROOT");
		if (with)
			snprintf(cmd, sizeof cmd, "cp -r '%s/tests/fixtures/loops2-h200/.' '%s'", root, dir);
		else /* the count file as measure wrote it before it kept the description's work */
			snprintf(cmd, sizeof cmd, "cp -r '%s/tests/fixtures/loops2-h200/.' '%s' && grep -v "
				 "'^trip = \\|^items = \\|^per_item = ' '%s/mix-of/rownorm.ini' > '%s/r' && mv '%s/r' "
				 "'%s/mix-of/rownorm.ini'", root, dir, dir, dir, dir, dir);
		ck_assert_int_eq(system(cmd), 0);
		static char md[262144];
		report_md(dir, md, sizeof md);
		const char *row = strstr(md, "| rownorm (32) | 16, 0, 48 | ");
		const char *refused = strstr(md, "| rownorm (32) | not predicted: measured as written with a loop inside: "
						 "no trip count known");
		ck_assert_msg(with ? row && !refused : refused && !row, "%s: %.300s", with ? "with" : "without",
			      row ? row : refused ? refused : "neither");
		ck_assert_int_eq(lm_test_remove_dir(dir), 0);
	}
}
END_TEST

int main(void)
{
	Suite *s = suite_create("report-written");
	TCase *tc = tcase_create("report-written");
	tcase_add_test(tc, a_kernel_as_written_at_two_sizes_is_two_series);
	tcase_add_test(tc, kernels_as_written_are_priced_as_they_ran);
	tcase_add_test(tc, a_size_of_one_level_has_its_prediction_drawn);
	tcase_add_test(tc, a_curve_at_its_plateau_from_its_first_point_says_or_fewer);
	tcase_add_test(tc, a_row_is_priced_at_the_shape_it_says);
	tcase_add_test(tc, a_transposes_merged_store_is_priced_in_the_report);
	tcase_add_test(tc, a_loop_inside_a_grid_stride_loop_is_priced_a_turn_at_a_time);
	tcase_add_test(tc, a_users_loop_inside_is_priced_from_its_count_files_work);
	tcase_add_test(tc, a_kernel_whose_most_occupancy_jumps_is_said_to_be_no_occupancy_curve);
	tcase_add_test(tc, a_loop_of_three_accesses_with_a_store_has_its_90_percent_as_a_floor);
	tcase_add_test(tc, a_jump_says_the_local_memory_held_and_the_l1_left);
	suite_add_tcase(s, tc);
	return lm_test_run(s);
}
