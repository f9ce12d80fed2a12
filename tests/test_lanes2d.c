/* A 2D kernel as written, its lanes followed through its work-group's
 * shape (lanes.c, lm_count's rows) and predicted at it (predict_written.c),
 * and an index clamped at a border followed. (test_isa.c, where the other
 * PTX counts are tested, is past the project's 800 lines a file.) The
 * fixtures are the PTX NVIDIA's driver built on the H200 for the suite's
 * nd-transpose and nd-conv2d (data/measured/nvidia-h200/mix-of/). */
#include "testutil.h"
#include "testrun.h"
#include "asm/count.h"
#include "bench/kernels.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* out[c * rows + r] = in[r * cols + c], c along x: along x alone a warp's
 * store lies a row of out apart from lane to lane (scattered). In a group
 * 8 wide a warp is 4 rows of 8: 8 runs of 4 lanes, 16 bytes each in a
 * sector of its own, 8 sectors where a scattered store touches 32; 16
 * wide, 16 runs of 2 (16 sectors); 1 wide, 32 rows of one column: the
 * store is one run (coalesced) and the load a row of in apart (scattered).
 * The load at 8 and 16 wide fills whole sectors (4 and 2 rows of 32 and
 * 64 bytes). */
START_TEST(a_2d_kernels_store_is_counted_by_its_shape)
{
	lm_count m, c;
	lm_kernel_mix k;
	lm_test_count_fixture("tests/fixtures/ptx/h200-nd-transpose.ptx", "nd_transpose", &m);
	ck_assert_msg(m.loopless && m.dims == 2 && m.scattered_stores == 1 && !m.scattered_loads, "dims %u", m.dims);
	static const struct {
		unsigned width, scattered_loads, split_stores;
		double sectors;
	} want[] = { { 16, 0, 1, 0.5 }, { 8, 0, 1, 0.25 }, { 1, 1, 0, 0 } };
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		ck_assert(lm_count_over_rows(&m, want[i].width, &c));
		ck_assert_msg(c.scattered_stores == 0 && c.scattered_loads == want[i].scattered_loads &&
				      c.split_stores == want[i].split_stores && !c.split_loads &&
				      c.split_store_sectors == want[i].sectors && !c.unfollowed,
			      "width %u: %u scattered loads, %u stores, %u split stores of %g", want[i].width,
			      c.scattered_loads, c.scattered_stores, c.split_stores, c.split_store_sectors);
		lm_count_model(&c, &k);
		ck_assert_msg(k.scattered_stores == want[i].sectors && k.scattered_loads == want[i].scattered_loads,
			      "width %u: the mix's %g scattered stores", want[i].width, k.scattered_stores);
		/* the store's rows lie a word apart: the group's rows complete its sectors */
		ck_assert_msg(k.merged_stores == want[i].sectors, "width %u: %g merged", want[i].width, k.merged_stores);
	}
	/* along x (a group 32 wide or more, a warp a row): the scattered store is
	 * merged by the group's other rows; the load is not a store */
	lm_count_model(&m, &k);
	ck_assert_msg(k.merged_stores == 1 && k.scattered_stores == 1, "%g", k.merged_stores);
	/* no rows of a width that does not divide a warp, nor of a 1D kernel */
	ck_assert(!lm_count_over_rows(&m, 12, &c) && c.scattered_stores == 1);
	lm_test_count_fixture("tests/fixtures/ptx/h100-nd-copy.ptx", "nd_copy", &m);
	ck_assert(m.dims == 1 && !lm_count_over_rows(&m, 8, &c));
	/* a 1D kernel's scattered store (the suite's grid-stride transpose,
	 * lanes a row apart) has no rows of a group to complete its sectors */
	lm_test_count_fixture("data/measured/nvidia-h200/mix-of/transpose.txt", "transpose", &m);
	lm_count_model(&m, &k);
	ck_assert_msg(m.dims == 1 && k.scattered_stores == 1 && !k.merged_stores, "%u, %g, %g", m.dims,
		      k.scattered_stores, k.merged_stores);
}
END_TEST

/* conv2d's nine loads of the image index it at clamp(x + dx, 0, width - 1)
 * (max, then min in PTX): the lanes keep their spacing, so they are the
 * first load's array at offsets the same for every lane (stencil rows:
 * 8 hits), along x and over a group's rows alike. Before, all nine were
 * "not followed". */
START_TEST(a_clamped_index_is_followed)
{
	lm_count m, c;
	lm_test_count_fixture("tests/fixtures/ptx/h200-nd-conv2d.ptx", "nd_conv2d", &m);
	ck_assert_msg(!m.unfollowed && m.same_array == 8 && !m.scattered_loads && !m.scattered_stores,
		      "%u not followed, %u into another's array", m.unfollowed, m.same_array);
	ck_assert(m.dims == 2 && lm_count_over_rows(&m, 8, &c));
	ck_assert_msg(!c.unfollowed && c.same_array == 8 && !c.split_loads && !c.split_stores && !c.scattered_loads,
		      "8 wide: %u not followed, %u into another's array, %u split", c.unfollowed, c.same_array,
		      c.split_loads);
	/* a clamp of a lane's index is followed; min of two lanes' indices is not */
	static const char clamp[] = ".entry k(\n\t.param .u64 k_param_0,\n\t.param .u32 k_param_1\n)\n{\n"
				    "\tld.param.u64 \t%rd1, [k_param_0];\n"
				    "\tld.param.u32 \t%r1, [k_param_1];\n"
				    "\tmov.u32 \t%r2, %tid.x;\n"
				    "\tadd.s32 \t%r3, %r2, 1;\n"
				    "\tmin.s32 \t%r4, %r3, %r1;\n"
				    "\tmul.wide.s32 \t%rd2, %r4, 4;\n"
				    "\tadd.s64 \t%rd3, %rd1, %rd2;\n"
				    "\tld.global.f32 \t%f1, [%rd3];\n"
				    "\tmin.s32 \t%r5, %r3, %r2;\n"
				    "\tmul.wide.s32 \t%rd4, %r5, 4;\n"
				    "\tadd.s64 \t%rd5, %rd1, %rd4;\n"
				    "\tst.global.f32 \t[%rd5], %f1;\n"
				    "\tret;\n}\n";
	ck_assert_msg(lm_count_count_ptx(clamp, "k", &m) == LM_OK, "%s", lm_error_message());
	ck_assert_msg(m.unfollowed == 1 && !m.scattered_loads && !m.strided, "%u not followed", m.unfollowed);
}
END_TEST

/* matmul's A[row * inner + k] is one address for a warp along x: a word
 * every warp at that k reads, a hit. Over 4 rows of a group 8 wide it is
 * one word a row, each the same: still a hit, not lines of its own. */
START_TEST(a_word_a_row_is_a_hit_over_rows)
{
	lm_count m, c;
	lm_test_count_fixture("tests/fixtures/ptx/h200-nd-matmul.ptx", "nd_matmul", &m);
	ck_assert_msg(m.dims == 2 && m.uniform_loads == 1, "dims %u, %u loads of one address", m.dims, m.uniform_loads);
	ck_assert(lm_count_over_rows(&m, 8, &c));
	ck_assert_msg(c.uniform_loads == 1 && !c.split_loads && !c.scattered_loads && !c.unfollowed,
		      "8 wide: %u loads of one address a row, %u split", c.uniform_loads, c.split_loads);
}
END_TEST

/* nd_matmul's loop, unrolled four times: each step a load of B (a row,
 * the same columns for every row of the group) and of A (a word a row,
 * one line each). Along x alone a warp asks L1 for a line a load, 8 an
 * iteration. 16 wide: B's 64 bytes one line, A's two rows two, 12; and B's
 * two sectors are half a coalesced load's four (2 bytes a lane moved).
 * 8 wide: 1 + 4 lines, 20; B one sector, a quarter (1 byte a lane). The
 * transpose's load fills its sectors at every shape: a lane moves its 4
 * bytes. */
START_TEST(a_narrow_groups_rows_ask_l1_for_lines_and_share_sectors)
{
	lm_count m, c;
	lm_kernel_mix k;
	lm_test_count_fixture("tests/fixtures/ptx/h200-nd-matmul.ptx", "nd_matmul", &m);
	ck_assert_int_eq(m.unroll, 4);
	ck_assert_int_eq(m.l1_lines, 8);
	static const struct {
		unsigned width, lines;
		double bytes;
	} want[] = { { 16, 12, 2 }, { 8, 20, 1 }, { 4, 36, 1 } };
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		ck_assert(lm_count_model_over_rows(&m, want[i].width, &k));
		ck_assert_msg(k.l1_lines == want[i].lines && k.load_bytes == want[i].bytes && k.loads == 4,
			      "width %u: %g lines, %g bytes a lane, %g loads", want[i].width, k.l1_lines, k.load_bytes,
			      k.loads);
	}
	lm_test_count_fixture("tests/fixtures/ptx/h200-nd-transpose.ptx", "nd_transpose", &m);
	for (unsigned w = 16; w >= 8; w /= 2) {
		ck_assert(lm_count_over_rows(&m, w, &c));
		lm_count_model(&c, &k);
		ck_assert_msg(c.narrow_bytes == 0 && k.load_bytes == 4 && c.l1_lines == 32 / w,
			      "width %u: %u narrow bytes, %g a lane, %u lines", w, c.narrow_bytes, k.load_bytes,
			      c.l1_lines);
	}
}
END_TEST

/* predict --kernel of a 2D kernel as written: --local-size takes its
 * shapes (8x4), a size alone is the shape latmix measures it at (32:
 * 8x4), work_group_size in the CSV their work-items; the store priced
 * split at 8x4 runs at the dispatch's ceiling where the scattered price
 * (along x alone) ran at a third of it, and a 16-wide group's store says
 * that its price is a floor. A 1D kernel refuses a 2D shape. */
START_TEST(predict_takes_a_2d_kernels_shapes)
{
	char params[600], spec[700];
	lm_test_source_path(params, sizeof params, "tests/fixtures/h100-2026-11-28/params-kernels.ini");
	lm_test_fixture_spec(spec, sizeof spec, "tests/fixtures/ptx/h200-nd-transpose.ptx", "nd_transpose");
	lm_test_result *r = malloc(sizeof *r), *q = malloc(sizeof *q);
	lm_test_latmix((const char *const[]){ "predict", params, "--kernel", spec, "--csv", "--local-size",
					      "8x4,16x16", "--warps", "32", NULL }, NULL, r);
	ck_assert_msg(r->status == 0, "%.300s", r->err);
	ck_assert_msg(!strncmp(r->out, "warps_per_cu,work_group_size,groups_per_cu,elements_per_s,bytes_per_s,"
				       "busy_warps_per_cu,bound\n32,32,32,", 100), "%.200s", r->out);
	ck_assert_msg(strstr(r->out, "\n32,256,4,"), "%.300s", r->out);
	ck_assert_msg(strstr(r->err, "nd_transpose at 8x4: a warp's lanes over 4 rows of the group") &&
			      strstr(r->err, "nd_transpose at 16x16: 0 loads and 1 stores whose warp touches a sector") &&
			      strstr(r->err, "a floor"), "%.2000s", r->err);
	lm_test_latmix((const char *const[]){ "predict", params, "--kernel", spec, "--csv", "--local-size", "32",
					      "--warps", "32", NULL }, NULL, q);
	double e8x4 = atof(strstr(r->out, "\n32,32,32,") + 10);
	double e32 = atof(strstr(q->out, "\n32,32,32,") + 10);
	ck_assert_msg(e8x4 > 0 && e8x4 == e32, "8x4 %g, 32 %g", e8x4, e32);
	ck_assert_msg(strstr(q->out, ",dispatch_thru\n"), "%.300s", q->out);
	lm_test_fixture_spec(spec, sizeof spec, "tests/fixtures/ptx/h100-nd-copy.ptx", "nd_copy");
	lm_test_latmix((const char *const[]){ "predict", params, "--kernel", spec, "--local-size", "8x4", NULL }, NULL, q);
	ck_assert_msg(q->status == 2 && strstr(q->err, "has 2 dimensions, the kernel's NDRange 1"), "%d: %.300s",
		      q->status, q->err);
	free(r);
	free(q);
}
END_TEST

/* The H200's committed file measures stream-scatter: nd-transpose's store,
 * whose sectors the group's other rows complete, is priced at its rate at
 * 16x8 (half a scattered store) and 32x8 (a warp a row: a whole one), and
 * said so; at 256x1, a group of one row, the same as at 32x8: its sectors'
 * other words come from the groups launched beside it (the probe's 32x1
 * ran at the dispatch's ceiling, 1.4 times gmem-random's price:
 * studies/scatter-store/heldout/); a file without scatter_store_thru
 * prices them at gmem-random's, well under that */
START_TEST(a_transposes_merged_store_is_priced_at_stream_scatters_rate)
{
	char params[600], spec[700];
	lm_test_source_path(params, sizeof params, "data/measured/nvidia-h200/params-kernels.ini");
	lm_test_fixture_spec(spec, sizeof spec, "tests/fixtures/ptx/h200-nd-transpose.ptx", "nd_transpose");
	lm_test_result *r = malloc(sizeof *r);
	lm_test_latmix((const char *const[]){ "predict", params, "--kernel", spec, "--csv", "--local-size",
					      "16x8,32x8,256x1", "--warps", "64", NULL }, NULL, r);
	ck_assert_msg(r->status == 0, "%.300s", r->err);
	ck_assert_msg(strstr(r->err, "nd_transpose at 16x8: 0.5 of its scattered stores write sectors that the warps "
				     "of the group's other rows complete") &&
			      strstr(r->err, "priced at stream-scatter's rate"), "%.3000s", r->err);
	const char *a = strstr(r->out, "\n64,128,"), *b = strstr(r->out, "\n64,256,");
	const char *c = b ? strstr(b + 1, "\n64,256,") : NULL;
	ck_assert_msg(a && b && c, "%.400s", r->out);
	double e16x8 = atof(strchr(a + 8, ',') + 1), e32x8 = atof(strchr(b + 8, ',') + 1),
	       e256 = atof(strchr(c + 8, ',') + 1);
	/* 16x8's half store and 32x8's whole one at the same rate, the load beside each */
	ck_assert_msg(e16x8 > 1.6 * e32x8 && e16x8 < 2 * e32x8, "16x8 %g, 32x8 %g", e16x8, e32x8);
	ck_assert_msg(e256 == e32x8, "32x8 %g, 256x1 %g", e32x8, e256);
	char dir[] = "/tmp/latmix-merged-XXXXXX", path[64], cmd[800];
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/p.ini", dir);
	snprintf(cmd, sizeof cmd, "awk '/^\\[/ { skip = $0 == \"[scatter_store_thru]\" } !skip' '%s' > '%s'", params, path);
	ck_assert_int_eq(system(cmd), 0);
	lm_test_latmix((const char *const[]){ "predict", path, "--kernel", spec, "--csv", "--local-size", "32x8",
					      "--warps", "64", NULL }, NULL, r);
	ck_assert_msg(r->status == 0 && strstr(r->err, "the file has no scatter_store_thru"), "%.3000s", r->err);
	const char *d = strstr(r->out, "\n64,256,");
	ck_assert_msg(d && e32x8 > 1.5 * atof(strchr(d + 8, ',') + 1), "%.400s", r->out);
	unlink(path);
	rmdir(dir);
	free(r);
}
END_TEST

/* The count file keeps a 2D kernel's mix over rows of each width (what
 * latmix report prices a kernel as written with at its shape: the H200's
 * nd-transpose's store a quarter of a scattered one at 8 wide, its alpha
 * and hits over rows as lm_count_model_over_rows gives them); a file
 * whose rows say a kernel along x, or a width's mix out of range, is
 * refused. */
START_TEST(a_count_file_keeps_a_2d_kernels_rows)
{
	lm_count m;
	lm_test_count_fixture("tests/fixtures/ptx/h200-nd-transpose.ptx", "nd_transpose", &m);
	char path[] = "/tmp/latmix-rows-XXXXXX";
	int fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	FILE *f = fdopen(fd, "w");
	lm_count_write_ini(f, "nd-transpose", &m, NULL);
	fclose(f);
	lm_count_file cf;
	ck_assert_msg(lm_count_read_ini(path, &cf) == LM_OK, "%s", lm_error_message());
	ck_assert_int_eq(cf.dims, 2);
	for (int i = 0; i < LM_COUNT_ROW_WIDTHS; i++) {
		ck_assert_msg(cf.rows_counted[i], "no rows %u wide", lm_count_row_width(i));
		lm_kernel_mix k;
		ck_assert(lm_count_model_over_rows(&m, lm_count_row_width(i), &k));
		ck_assert_msg(cf.rows[i].scattered_stores == k.scattered_stores &&
				      cf.rows[i].scattered_loads == k.scattered_loads && cf.rows[i].alpha == k.alpha &&
				      cf.rows[i].hits == k.hits && k.alpha <= cf.mix.alpha,
			      "rows %u wide: %g scattered stores read, %g counted; alpha %g, %g, along x %g",
			      lm_count_row_width(i), cf.rows[i].scattered_stores, k.scattered_stores, cf.rows[i].alpha,
			      k.alpha, cf.mix.alpha);
	}
	ck_assert(cf.rows[1].scattered_stores == 0.25 && lm_count_row_width(1) == 8);
	ck_assert_msg(cf.rows[1].merged_stores == 0.25 && cf.mix.merged_stores == 1, "%g, %g", cf.rows[1].merged_stores,
		      cf.mix.merged_stores);
	static const char *const bad[] = { "dims = 1\nrows_8 = --loads 1 --stores 1 --alpha 3 --insts 5\n",
					  "dims = 2\nrows_8 = --loads 1 --stores 1 --alpha 3 --insts 5 --scattered-stores 9\n",
					  "dims = 4\n",
					  "dims = 2\nrows_8 = --loads 1 --stores 1 --alpha 3 --insts 5 --scattered-stores 0.25 "
					  "--merged-stores 0.5\n" };
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		f = fopen(path, "w");
		ck_assert_ptr_nonnull(f);
		fprintf(f, "[count]\nformat = 1\nkernel = k\ncounted = yes\nloads = 1\nstores = 1\nalpha = 3\n"
			   "insts = 5\n%s", bad[i]);
		fclose(f);
		ck_assert_msg(lm_count_read_ini(path, &cf) == LM_EPARSE, "taken: %s", bad[i]);
	}
	unlink(path);
}
END_TEST

/* predict --kernel of a body without a loop that reads rows of an array
 * (the H200's nd-conv2d) says what it takes them for: a stencil's rows,
 * which other work-items read (a sum of rows no other reads is priced too
 * fast), costing the step nothing as its loop does not divide. */
START_TEST(predict_says_what_it_takes_a_stencils_rows_for)
{
	char params[600], spec[700];
	lm_test_source_path(params, sizeof params, "tests/fixtures/h100-2026-11-28/params-kernels.ini");
	lm_test_fixture_spec(spec, sizeof spec, "tests/fixtures/ptx/h200-nd-conv2d.ptx", "nd_conv2d");
	lm_test_result *r = malloc(sizeof *r);
	lm_test_latmix((const char *const[]){ "predict", params, "--kernel", spec, "--local-size", "8x8", "--warps",
					      "16", NULL }, NULL, r);
	ck_assert_msg(r->status == 0, "%.300s", r->err);
	ck_assert_msg(strstr(r->err, "its 8 loads into another's array at offsets the same for every lane are taken for "
				     "a stencil's rows") &&
			      strstr(r->err, "its 8 loads into another's array (a stencil's rows) are priced as costing "
					     "the step nothing"),
		      "%.2000s", r->err);
	free(r);
}
END_TEST

/* A filter's x[i + k], k the loop's induction: a warp's 32 words, moved
 * 16 bytes a turn (unrolled 4 times), a window sliding under its 128-byte
 * span: counted so, and predict says the price is a floor. rownorm's rows
 * (each lane its own run), colmax's and colsum2's columns (a row apart a
 * turn) are no windows. The fixture is the PTX NVIDIA's driver built on an
 * H200 for studies/written-predict/lease-2026-11-29b/loops2.cl. */
START_TEST(a_window_sliding_under_its_span_is_said)
{
	lm_count m;
	static const char *const none[] = { "rownorm", "rowdot", "colmax", "colsum2" };
	lm_test_count_fixture("tests/fixtures/ptx/h200-loops2.ptx", "fir", &m);
	ck_assert_uint_eq(m.windows, 1);
	char note[1024];
	ck_assert(lm_count_window_note(&m, note, sizeof note) && strstr(note, "a floor"));
	for (size_t i = 0; i < sizeof none / sizeof none[0]; i++) {
		lm_test_count_fixture("tests/fixtures/ptx/h200-loops2.ptx", none[i], &m);
		ck_assert_msg(m.windows == 0, "%s: %u windows", none[i], m.windows);
	}
	char params[600], spec[700];
	lm_test_source_path(params, sizeof params, "data/measured/nvidia-h200/params-kernels.ini");
	lm_test_fixture_spec(spec, sizeof spec, "tests/fixtures/ptx/h200-loops2.ptx", "fir");
	lm_test_result *r = malloc(sizeof *r);
	lm_test_latmix((const char *const[]){ "predict", params, "--kernel", spec, "--trip", "16", "--local-size",
					      "256", "--warps", "64", NULL }, NULL, r);
	ck_assert_msg(r->status == 0 && strstr(r->err, "1 of its loads read a window of adjacent words"), "%.2000s",
		      r->err);
	free(r);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("lanes");
	TCase *tc = tcase_create("lanes");
	tcase_add_test(tc, a_2d_kernels_store_is_counted_by_its_shape);
	tcase_add_test(tc, a_clamped_index_is_followed);
	tcase_add_test(tc, a_word_a_row_is_a_hit_over_rows);
	tcase_add_test(tc, a_narrow_groups_rows_ask_l1_for_lines_and_share_sectors);
	tcase_add_test(tc, predict_takes_a_2d_kernels_shapes);
	tcase_add_test(tc, a_transposes_merged_store_is_priced_at_stream_scatters_rate);
	tcase_add_test(tc, a_count_file_keeps_a_2d_kernels_rows);
	tcase_add_test(tc, predict_says_what_it_takes_a_stencils_rows_for);
	tcase_add_test(tc, a_window_sliding_under_its_span_is_said);
	suite_add_tcase(s, tc);
	return lm_test_run(s);
}
