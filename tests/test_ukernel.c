/* Users' kernels (src/bench/userkernel.c): the description read and checked against
 * the kernel, the suite measured with equal outputs at every occupancy, a
 * kernel whose result depends on the grid refused, the wrapper leaving the
 * kernel's result as it is. On whatever OpenCL device is first (PoCL in
 * CI). */
#include "base/expr.h"
#include "testutil.h"
#include "testrun.h"
#include "asm/count.h"
#include "fit/results.h"
#include "bench/userkernel.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char dir[] = "/tmp/latmix-ukernel-XXXXXX";

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	fclose(f);
}

/* latmix measure --kernel DIR/cl at 1 and 2 warps per CU into DIR/csv. */
static void measure_at_two(const char *cl, const char *csv, lm_test_result *r)
{
	char spec[4096], out[4096];
	snprintf(spec, sizeof spec, "%s", lm_test_in(dir, cl));
	snprintf(out, sizeof out, "%s", lm_test_in(dir, csv));
	const char *args[] = { "measure", "--kernel", spec, "--warps", "1,2", "--launch-ms", "1", "-o", out, NULL };
	lm_test_latmix(args, NULL, r);
}

/* Are clang and libclc's NVPTX library there (latmix counts a loop through
 * clang's NVPTX build on a device whose build is not text)? */
static bool have_nvptx(void)
{
	return system("command -v clang >/dev/null 2>&1 || ls /usr/bin/clang-[0-9]* >/dev/null 2>&1") == 0 &&
	       access("/usr/lib/clc/nvptx64--nvidiacl.bc", R_OK) == 0;
}

/* A user's triad outside the repository, its contents known: a = b + s c
 * with b[i] = i, c = 2, s = 3. */
static const char *triad_cl =
	"__kernel void mytriad(__global float *a, __global const float *b, __global const float *c,\n"
	"                      const float s, const uint n)\n"
	"{\n"
	"	for (size_t i = get_global_id(0); i < n; i += get_global_size(0))\n"
	"		a[i] = b[i] + s * c[i];\n"
	"}\n";

static const char *triad_ini =
	"[kernel]\nsize = 5000\nelements = N\nbytes = 12 * N\n\n"
	"[a]\ntype = global float*\nlength = N\nfill = zero\noutput = yes\n\n"
	"[b]\ntype = global const float*\nlength = N\nfill = index\n\n"
	"[c]\ntype = global const float*\nlength = N\nfill = const 2\n\n"
	"[s]\ntype = float\nvalue = 3\n\n"
	"[n]\ntype = uint\nvalue = N\n";

static void user_triad(void)
{
	write_file(lm_test_in(dir, "mytriad.cl"), triad_cl);
	write_file(lm_test_in(dir, "mytriad.ini"), triad_ini);
}

/* The description with line `from` replaced by `to`. */
static void user_triad_with(const char *from, const char *to)
{
	char text[4096];
	const char *at = strstr(triad_ini, from);
	ck_assert_ptr_nonnull(at);
	snprintf(text, sizeof text, "%.*s%s%s", (int)(at - triad_ini), triad_ini, to, at + strlen(from));
	write_file(lm_test_in(dir, "mytriad.cl"), triad_cl);
	write_file(lm_test_in(dir, "mytriad.ini"), text);
}

START_TEST(expressions_in_n)
{
	double v;
	ck_assert_int_eq(lm_expr_eval("4 * (N + 1) + 12 * 16 * N", 10, &v), LM_OK);
	ck_assert_double_eq(v, 4 * 11 + 12 * 16 * 10);
	ck_assert_int_eq(lm_expr_eval("N / 2 - 1e3", 4000, &v), LM_OK);
	ck_assert_double_eq(v, 1000);
	const char *bad[] = { "", "N +", "(N", "2 N", "0x10", "M", "1/0" };
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		ck_assert_msg(lm_expr_eval(bad[i], 1, &v) == LM_EUSAGE, "'%s' accepted", bad[i]);
}
END_TEST

/* Every suite kernel has a description latmix reads and a source. */
START_TEST(the_suite_is_described)
{
	char names[32][LM_USER_NAME];
	size_t n;
	ck_assert_int_eq(lm_user_suite(NULL, names, 32, &n), LM_OK);
	ck_assert_uint_ge(n, 14);
	const char *want[] = { "copy", "scale", "add", "triad", "sum", "dot", "fill", "stencil1d",
			       "stencil2d", "stencil3d", "spmv", "transpose", "gemv", "gather" };
	for (size_t w = 0; w < sizeof want / sizeof want[0]; w++) {
		bool found = false;
		for (size_t i = 0; i < n; i++)
			found |= !strcmp(names[i], want[w]);
		ck_assert_msg(found, "no %s in the suite", want[w]);
		lm_user_desc d;
		ck_assert_msg(lm_user_describe(want[w], NULL, 0, &d) == LM_OK, "%s", lm_error_message());
		ck_assert_str_eq(d.label, want[w]);
		ck_assert(d.size >= 2 && d.nargs > 0);
	}
}
END_TEST

/* Every suite kernel, measured at a few occupancies, gives the same
 * outputs at each (latmix checks; a difference fails the sweep), every
 * point co-resident where the device can be. */
START_TEST(every_suite_kernel_gives_the_same_outputs_at_every_occupancy)
{
	lm_test_result *r = malloc(sizeof *r);
	const char *out = lm_test_in(dir, "suite.csv");
	/* the grid-stride suite; the suite as written has its own test below */
	const char *args[] = { "measure", "--kernel", "copy,scale,add,triad,sum,dot,fill,stencil1d,stencil2d,"
			       "stencil3d,spmv,transpose,gemv,gather", "--quick", "--warps", "1,2,3", "--launch-ms",
			       "1", "-o", out, NULL };
	lm_test_latmix(args, NULL, r);
	ck_assert_msg(r->status == 0, "exit %d: %s", r->status, r->err);
	lm_results res;
	ck_assert_msg(lm_results_read(out, &res) == LM_OK, "%s", lm_error_message());
	ck_assert_uint_eq(res.n, 14 * 3);
	for (size_t i = 0; i < res.n; i++) {
		const lm_row *row = &res.v[i].row;
		ck_assert_msg(row->elements_per_s > 0 && row->bytes_per_s > 0, "%s", res.v[i].mix);
		ck_assert_uint_gt(row->checked, 0);
	}
	lm_results_free(&res);
	/* each kernel's loop counted beside the rows (what latmix report
	 * predicts it from), or the reason it is not; clang's NVPTX build on
	 * a device whose build is not text, where clang and libclc are */
	if (have_nvptx()) {
		static char text[1 << 16];
		lm_test_slurp(lm_test_in(dir, "mix-of/triad.txt"), text, sizeof text);
		ck_assert_msg(strstr(text, "\npredict: --loads 2 --stores 1 "), "%s", text);
		lm_test_slurp(lm_test_in(dir, "mix-of/gemv.txt"), text, sizeof text);
		ck_assert_msg(strstr(text, "around the loop, once a turn of the grid-stride loop around it: --loads 0 "
				     "--stores 1 "), "%s", text);
		lm_test_slurp(lm_test_in(dir, "mix-of/spmv.txt"), text, sizeof text);
		ck_assert_msg(strstr(text, "around the loop, once a turn of the grid-stride loop around it: --loads 1 "
				     "--stores 1 "), "%s", text);
		/* a 3D stencil's rows and planes: one load's traffic, four hits in
		 * flight; nine lines asked of L1 (a[i - 1] and a[i + 1] two each) */
		lm_test_slurp(lm_test_in(dir, "mix-of/stencil3d.txt"), text, sizeof text);
		ck_assert_msg(strstr(text, "\npredict: --loads 1 --stores 1 ") && strstr(text, " --hits 4 --misaligned-loads 1 --l1-lines 9\n"), "%s",
			      text);
	}
	free(r);
}
END_TEST

/* The suite as written (cl/kernels/nd-*), each kernel at one local size
 * and every level the device allows for it: measured, its outputs checked
 * at each (latmix compares them; a difference fails the kernel), and each
 * row's work-group size the one asked for. 1D kernels at 64 work-items,
 * 2D ones at 8x8. */
START_TEST(every_written_suite_kernel_is_measured_as_written)
{
	static const char *const lists[2][2] = {
		{ "nd-copy,nd-mul,nd-add,nd-triad,nd-nstream,nd-dot,nd-spmv", "64" },
		{ "nd-conv2d,nd-matmul,nd-transpose", "8x8" },
	};
	lm_test_result *r = malloc(sizeof *r);
	for (int l = 0; l < 2; l++) {
		const char *out = lm_test_in(dir, l ? "written2d.csv" : "written1d.csv");
		const char *args[] = { "measure", "--kernel", lists[l][0], "--local-size", lists[l][1], "--quick",
				       "--launch-ms", "1", "-o", out, NULL };
		lm_test_latmix(args, NULL, r);
		ck_assert_msg(r->status == 0, "%s: exit %d: %s", lists[l][0], r->status, r->err);
		lm_results res;
		ck_assert_msg(lm_results_read(out, &res) == LM_OK, "%s", lm_error_message());
		size_t kernels = 0;
		for (size_t i = 0; i < res.n; i++) {
			const lm_row *row = &res.v[i].row;
			ck_assert_msg(row->elements_per_s > 0 && row->work_group_size == 64, "%s: %g elements/s, "
				      "work-group %u", res.v[i].mix, row->elements_per_s, row->work_group_size);
			ck_assert_uint_gt(row->checked, 0);
			kernels += i == 0 || strcmp(res.v[i].mix, res.v[i - 1].mix) != 0;
		}
		ck_assert_uint_eq(kernels, l ? 3 : 7);
		lm_results_free(&res);
	}
	free(r);
}
END_TEST

/* The line measure prints after a kernel's points gives the cycles an
 * element at the first occupancy it measured, and says which: 2 where the
 * list starts there, never a number it did not measure. */
START_TEST(a_kernels_summary_names_the_warps_of_its_cycles)
{
	lm_test_result *r = malloc(sizeof *r);
	const char *args[] = { "measure", "--kernel", "copy", "--quick", "--warps", "2,3", "--launch-ms", "1",
			       "-o", lm_test_in(dir, "copy23.csv"), NULL };
	lm_test_latmix(args, NULL, r);
	ck_assert_msg(r->status == 0, "exit %d: %s", r->status, r->err);
	const char *line = strstr(r->err, "copy           2 points: ");
	ck_assert_msg(line && strstr(line, " cycles per element a lane at 2 warps\n"), "%s", r->err);
	ck_assert_msg(!strstr(r->err, "nan"), "%s", r->err);
	free(r);
}
END_TEST

/* A kernel whose result depends on the grid is refused, saying why. */
START_TEST(a_kernel_that_is_not_grid_stride_is_refused)
{
	write_file(lm_test_in(dir, "grid.cl"), "__kernel void grid(__global uint *out, const uint n)\n"
				      "{\n"
				      "	if (get_global_id(0) < n)\n"
				      "		out[get_global_id(0)] = (uint)get_global_size(0);\n"
				      "}\n");
	write_file(lm_test_in(dir, "grid.ini"), "[kernel]\nsize = 4096\nelements = N\nbytes = 4 * N\n\n"
				       "[out]\ntype = global uint*\nlength = N\nfill = zero\noutput = yes\n\n"
				       "[n]\ntype = uint\nvalue = N\n");
	lm_test_result *r = malloc(sizeof *r);
	measure_at_two("grid.cl", "grid.csv", r);
	/* its result depends on the grid, and its work on the grid, not N: either refusal names it */
	ck_assert_msg(r->status != 0 && ((strstr(r->err, "output out differs") &&
					  strstr(r->err, "its result depends on the grid")) ||
					 (strstr(r->err, "the time does not follow N") &&
					  strstr(r->err, "or it is not grid-stride"))),
		      "exit %d: %s", r->status, r->err);
	free(r);
}
END_TEST

/* An output larger than a chunk of the check (16 MiB, 4 Mi elements here)
 * that depends on the grid in one element past the first chunk (and within
 * the short launches' N / 2) is refused naming that element. */
START_TEST(a_difference_past_the_first_chunk_is_found)
{
	write_file(lm_test_in(dir, "last.cl"), "__kernel void last(__global uint *out, const uint n)\n"
				      "{\n"
				      "	for (size_t i = get_global_id(0); i < n; i += get_global_size(0))\n"
				      "		out[i] = i == 6000000 ? (uint)get_global_size(0) : (uint)i;\n"
				      "}\n");
	write_file(lm_test_in(dir, "last.ini"), "[kernel]\nsize = 16777216\nelements = N\nbytes = 4 * N\n\n"
				       "[out]\ntype = global uint*\nlength = N\nfill = zero\noutput = yes\n\n"
				       "[n]\ntype = uint\nvalue = N\n");
	lm_test_result *r = malloc(sizeof *r);
	measure_at_two("last.cl", "last.csv", r);
	ck_assert_msg(r->status != 0 && strstr(r->err, "output out differs at element 6000000 with 2 warps"),
		      "exit %d: %s", r->status, r->err);
	free(r);
}
END_TEST

/* from.cl (written in dir) described, allocated on the first device and
 * measured at 1 warp per CU: the kernel, its device in *dev, the row. */
static lm_user *first_point_of_from(lm_device *dev, lm_row *row)
{
	ck_assert_int_eq(lm_device_select(NULL, 0, 0, dev), LM_OK);
	lm_user_desc d;
	ck_assert_msg(lm_user_describe(lm_test_in(dir, "from.cl"), NULL, 0, &d) == LM_OK, "%s", lm_error_message());
	lm_user_config cfg = { .launch_ms = 1, .repeats = 3, .settle = 0.2, .seed = 1 };
	lm_user *k;
	ck_assert_msg(lm_user_alloc(dev, &d, &cfg, &k) == LM_OK, "%s", lm_error_message());
	ck_assert_msg(lm_user_point(k, 1, row) == LM_OK, "%s", lm_error_message());
	return k;
}

/* Kernel "from" on output out of type T2, T3 or T4 (a vector of 2, 3
 * or 4 lanes of type T): every element i from 4097 on differs between
 * occupancies in its lane 1, the rest of the output as its index. Refused
 * at 2 warps per CU naming element 4097; compared on the device (on,
 * where the host then compared from element 4097) or on the host. */
static void refused_at_4097(const char *t, unsigned lanes, bool on)
{
	char text[1024];
	snprintf(text, sizeof text, "__kernel void from(__global %s%u *out, const uint n)\n"
		 "{\n"
		 "	for (size_t i = get_global_id(0); i < n; i += get_global_size(0))\n"
		 "		out[i] = (%s%u)((%s)i, i >= 4097 ? (%s)get_global_size(0) : (%s)i%s);\n"
		 "}\n", t, lanes, t, lanes, t, t, t, lanes == 2 ? "" : lanes == 3 ? ", 0" : ", 0, 0");
	write_file(lm_test_in(dir, "from.cl"), text);
	snprintf(text, sizeof text, "[kernel]\nsize = 65536\nelements = N\nbytes = 8 * N\n\n"
		 "[out]\ntype = global %s%u*\nlength = N\nfill = zero\noutput = yes\n\n"
		 "[n]\ntype = uint\nvalue = N\n", t, lanes);
	write_file(lm_test_in(dir, "from.ini"), text);
	lm_device dev;
	lm_row row;
	lm_user *k = first_point_of_from(&dev, &row);
	ck_assert_int_eq(lm_user_point(k, 2, &row), LM_ECHECK);
	char want[160];
	snprintf(want, sizeof want, "output out differs at element 4097 (its lane 1 of %u) with 2 warps per CU "
		 "from 1 warps per CU", lanes);
	ck_assert_msg(strstr(lm_error_message(), want), "%s%u: %s", t, lanes, lm_error_message());
	size_t from = 0;
	ck_assert_int_eq(lm_user_checked_on_device(k, "out", &from), on);
	if (on)
		ck_assert_uint_eq(from, 4097);
	lm_user_free(k);
}

/* Outputs are compared on the device, which finds the first 32-bit word
 * that differs (of many: in a uint2, every element from 4097 on differs in
 * its lane 1, word 8195 the first), and the host compares from that word's
 * element and names it. Where a word holds a lane and a 3-vector's
 * padding (a ushort3) the host compares all: the same element named. The
 * first point's output, kept on the device, is read back when asked for. */
START_TEST(the_device_finds_the_first_element_that_differs)
{
	refused_at_4097("ushort", 3, false);
	refused_at_4097("float", 3, true);
	refused_at_4097("uint", 2, true);
	/* the last kernel's first point */
	lm_device dev;
	lm_row row;
	lm_user *k = first_point_of_from(&dev, &row);
	size_t bytes;
	const unsigned *out = lm_user_output(k, "out", &bytes);
	ck_assert_ptr_nonnull(out);
	ck_assert_uint_eq(bytes, 65536 * 8);
	ck_assert_uint_eq(out[2 * 4096 + 1], 4096);
	ck_assert_uint_eq(out[2 * 4097], 4097);
	ck_assert_uint_eq(out[2 * 4097 + 1], dev.compute_units * dev.simd_width); /* 1 warp per CU */
	lm_user_free(k);
}
END_TEST

/* A kernel that reads the output it writes (an in-place update) changes it
 * at every launch: refused without reset, with the fix named; measured with
 * it, the output refilled before each launch. */
START_TEST(an_in_place_update_needs_reset)
{
	write_file(lm_test_in(dir, "axpy.cl"), "__kernel void axpy(__global const float *x, __global float *y, "
				      "const uint n)\n"
				      "{\n"
				      "	for (size_t i = get_global_id(0); i < n; i += get_global_size(0))\n"
				      "		y[i] = 2.0f * x[i] + y[i];\n"
				      "}\n");
	const char *desc = "[kernel]\nsize = 262144\nelements = N\nbytes = 12 * N\n\n"
			   "[x]\ntype = global const float*\nlength = N\nfill = index\n\n"
			   "[y]\ntype = global float*\nlength = N\nfill = const 1\noutput = yes\n%s\n"
			   "[n]\ntype = uint\nvalue = N\n";
	char text[512];
	lm_test_result *r = malloc(sizeof *r);
	for (int reset = 0; reset < 2; reset++) {
		snprintf(text, sizeof text, desc, reset ? "reset = yes\n" : "");
		write_file(lm_test_in(dir, "axpy.ini"), text);
		const char *csv = reset ? "axpy-reset.csv" : "axpy.csv";
		measure_at_two("axpy.cl", csv, r);
		if (reset)
			ck_assert_msg(r->status == 0 && access(lm_test_in(dir, csv), F_OK) == 0, "exit %d: %s", r->status,
				      r->err);
		else
			ck_assert_msg(r->status != 0 && strstr(r->err, "output y differs") &&
				      strstr(r->err, "'reset = yes' in [y]"), "exit %d: %s", r->status, r->err);
		/* the points before the refusal are kept, the refusal said in the file, and no
		 * partial file is left to block the next run (issue 47, item 16) */
		if (!reset)
			ck_assert_msg(access(lm_test_in(dir, "axpy.csv.partial"), F_OK) != 0 &&
				      lm_test_file_has(lm_test_in(dir, "axpy.csv"), "# failed = axpy at 2 warps/CU: "),
				      "%s", r->err);
	}
	free(r);
}
END_TEST

/* A kernel with no description: measure names kernel --describe, whose
 * description (each argument from the kernel's own, its bytes from its
 * counted loop) measures the kernel: where the loop was counted (clang's
 * NVPTX build), as written, its in-place output reset before every launch
 * because the loop loads and stores it; else once that reset is added. */
START_TEST(a_kernel_described_by_latmix_is_measured)
{
	write_file(lm_test_in(dir, "upd.cl"), "__kernel void upd(__global const float *x, __global float *y, "
				     "const float a, const uint n)\n"
				     "{\n"
				     "	for (size_t i = get_global_id(0); i < n; i += get_global_size(0))\n"
				     "		y[i] = a * x[i] + y[i];\n"
				     "}\n");
	char spec[4096];
	snprintf(spec, sizeof spec, "%s", lm_test_in(dir, "upd.cl"));
	lm_test_result *r = malloc(sizeof *r);
	measure_at_two("upd.cl", "upd.csv", r);
	ck_assert_msg(r->status == 2 && strstr(r->err, "no description") && strstr(r->err, "latmix kernel --describe"),
		      "exit %d: %s", r->status, r->err);
	const char *describe[] = { "kernel", "--describe", spec, NULL };
	lm_test_latmix(describe, NULL, r);
	ck_assert_msg(r->status == 0, "exit %d: %s", r->status, r->err);
	ck_assert_msg(strstr(r->out, "\n[x]\ntype = global const float*\nlength = N") &&
		      strstr(r->out, "\n[y]\ntype = global float*\nlength = N") && strstr(r->out, "\noutput = yes") &&
		      strstr(r->out, "\n[a]\ntype = float\nvalue = 1 ") && strstr(r->out, "\n[n]\ntype = uint\nvalue = N "),
		      "%s", r->out);
	static char text[sizeof r->out], rest[sizeof r->out];
	snprintf(text, sizeof text, "%s", r->out);
	if (have_nvptx()) {
		/* the bytes and y's use from the loop counted through clang's NVPTX build */
		ck_assert_msg(strstr(r->out, "\nbytes = 12 * N ") &&
			      strstr(r->out, "\noutput = yes            ; compared between occupancies\nreset = yes "),
			      "%s", r->out);
	} else {
		ck_assert_msg(!strstr(r->out, "\nreset = yes"), "%s", r->out);
		char *o = strstr(text, "\noutput = yes");
		ck_assert_ptr_nonnull(o);
		o = strchr(o + 1, '\n');
		snprintf(rest, sizeof rest, "%s", o);
		snprintf(o, sizeof text - (size_t)(o - text), "\nreset = yes%s", rest);
	}
	write_file(lm_test_in(dir, "upd.ini"), text);
	measure_at_two("upd.cl", "upd.csv", r);
	ck_assert_msg(r->status == 0 && access(lm_test_in(dir, "upd.csv"), F_OK) == 0, "exit %d: %s\n%s", r->status,
		      r->err, text);
	free(r);
}
END_TEST

/* A buffer not declared const that the loop only loads is described as an
 * input (random, not compared), one it only stores to as an output with no
 * reset; the description measures as written. */
START_TEST(a_described_loop_tells_inputs_from_outputs)
{
	if (!have_nvptx())
		return; /* the loop is counted through clang's NVPTX build */
	write_file(lm_test_in(dir, "cp.cl"), "__kernel void cp(__global float *dst, __global float *src, "
				    "const uint n)\n"
				    "{\n"
				    "	for (size_t i = get_global_id(0); i < n; i += get_global_size(0))\n"
				    "		dst[i] = 2.0f * src[i];\n"
				    "}\n");
	char spec[4096];
	snprintf(spec, sizeof spec, "%s", lm_test_in(dir, "cp.cl"));
	lm_test_result *r = malloc(sizeof *r);
	const char *describe[] = { "kernel", "--describe", spec, NULL };
	lm_test_latmix(describe, NULL, r);
	ck_assert_msg(r->status == 0, "exit %d: %s", r->status, r->err);
	const char *src = strstr(r->out, "\n[src]\n"), *dst = strstr(r->out, "\n[dst]\n");
	ck_assert_msg(src && dst && src > dst, "%s", r->out);
	ck_assert_msg(strstr(dst, "\nfill = zero\noutput = yes ") && !strstr(dst, "reset = yes") &&
		      strstr(src, "\nfill = random ") && !strstr(src, "output = yes"), "%s", r->out);
	write_file(lm_test_in(dir, "cp.ini"), r->out);
	measure_at_two("cp.cl", "cp.csv", r);
	ck_assert_msg(r->status == 0 && access(lm_test_in(dir, "cp.csv"), F_OK) == 0, "exit %d: %s", r->status,
		      r->err);
	/* a loop with stores and no load: its bytes are its stores' */
	write_file(lm_test_in(dir, "set2.cl"), "__kernel void set2(__global uint *a, __global uint *b, const uint n)\n"
				      "{\n"
				      "	for (size_t i = get_global_id(0); i < n; i += get_global_size(0)) {\n"
				      "		a[i] = 1;\n"
				      "		b[i] = 2;\n"
				      "	}\n"
				      "}\n");
	snprintf(spec, sizeof spec, "%s", lm_test_in(dir, "set2.cl"));
	lm_test_latmix(describe, NULL, r);
	ck_assert_msg(r->status == 0 && strstr(r->out, "\nbytes = 8 * N ") && !strstr(r->out, "reset = yes"), "%s",
		      r->out);
	free(r);
}
END_TEST

/* Bad descriptions are refused naming the argument. */
static const struct {
	const char *from, *to, *message;
} bad_descriptions[] = {
	{ "[s]\ntype = float\nvalue = 3\n\n", "", "argument 4, 's' (float), has no section [s]" },
	{ "[s]\n", "[scale]\n", "has no section [s]; sections of no argument of the kernel: [scale]" },
	{ "[c]\ntype = global const float*", "[c]\ntype = global const uint*",
	  "argument [c] is 'global const uint*' there, 'global const float*' in kernel mytriad" },
	{ "fill = const 2", "fill = constant 2", "[c] fill 'constant 2'" },
	{ "length = N\nfill = index", "lenght = N\nfill = index", "[b] 'lenght': unknown" },
	{ "[n]\ntype = uint\nvalue = N\n", "[n]\ntype = uint\n", "argument [n]: a scalar needs a value" },
	{ "bytes = 12 * N\n", "", "[kernel] needs size (N, the problem size), elements and bytes" },
};

START_TEST(a_bad_description_is_refused_naming_the_argument)
{
	user_triad_with(bad_descriptions[_i].from, bad_descriptions[_i].to);
	lm_test_result *r = malloc(sizeof *r);
	const char *spec = lm_test_in(dir, "mytriad.cl");
	const char *args[] = { "measure", "--kernel", spec, "--warps", "1", "--launch-ms", "1", "-o",
			       lm_test_in(dir, "bad.csv"), NULL };
	lm_test_latmix(args, NULL, r);
	ck_assert_msg(r->status == 2 && strstr(r->err, bad_descriptions[_i].message), "exit %d: %s", r->status,
		      r->err);
	ck_assert_msg(access(lm_test_in(dir, "bad.csv"), F_OK) != 0, "a results file was written");
	free(r);
}
END_TEST

/* A user's kernel outside the repository is measured; the wrapper that
 * counts its groups leaves its result as the kernel computes it. At N =
 * 2^18 (not the description's 5000, whose launches of 60 us a loaded host
 * timed alike at N and N / 2, so that the point was refused) a launch's
 * work outweighs its overhead. */
START_TEST(a_users_kernel_runs_and_the_wrapper_keeps_its_result)
{
	enum { N = 1 << 18 };
	user_triad();
	lm_device dev;
	ck_assert_int_eq(lm_device_select(NULL, 0, 0, &dev), LM_OK);
	lm_user_desc d;
	ck_assert_msg(lm_user_describe(lm_test_in(dir, "mytriad.cl"), NULL, N, &d) == LM_OK, "%s", lm_error_message());
	ck_assert_str_eq(d.name, "mytriad");
	lm_user_config cfg = { .launch_ms = 1, .repeats = 3, .settle = 0.2, .seed = 1 };
	lm_user *k;
	ck_assert_msg(lm_user_alloc(&dev, &d, &cfg, &k) == LM_OK, "%s", lm_error_message());
	lm_row row;
	ck_assert_msg(lm_user_point(k, 2, &row) == LM_OK, "%s", lm_error_message());
	ck_assert_uint_eq(row.checked, N);
	ck_assert_str_eq(row.timing, "fixed-work");
	size_t bytes;
	const float *a = lm_user_output(k, "a", &bytes);
	ck_assert_ptr_nonnull(a);
	ck_assert_uint_eq(bytes, N * sizeof(float));
	size_t wrong = 0;
	for (size_t i = 0; i < N; i++)
		wrong += a[i] != (float)i + 6.0f;
	ck_assert_msg(wrong == 0, "%zu of %d elements not i + 3 x 2 (a[1] = %g)", wrong, N, a[1]);
	ck_assert_msg(lm_user_point(k, 3, &row) == LM_OK, "%s", lm_error_message());
	lm_user_free(k);
}
END_TEST

/* Four kernels in one file (y = a x over n elements), and descriptions. */
static const char *four_cl =
	"kernel void good(global const float *x, global float *y, float a, uint n) {\n"
	"  for (uint i = get_global_id(0); i < n; i += get_global_size(0)) y[i] = a * x[i]; }\n"
	"kernel void crash(global const float *x, global float *y, float a, uint n) {\n"
	"  global float *null = (global float *)(size_t)64;\n"
	"  for (uint i = get_global_id(0); i < n; i += get_global_size(0)) null[i] = a * x[i]; }\n"
	"kernel void hang(global const float *x, global float *y, float a, uint n) {\n"
	"  for (uint i = get_global_id(0); i < n; i += get_global_size(0)) while (y[i] >= 0) y[i] += 1; }\n"
	"kernel void good2(global const float *x, global float *y, float a, uint n) {\n"
	"  for (uint i = get_global_id(0); i < n; i += get_global_size(0)) y[i] = a + x[i]; }\n"
	"kernel void baddesc(global const float *x, global float *y, float a, uint n) {\n"
	"  for (uint i = get_global_id(0); i < n; i += get_global_size(0)) y[i] = x[i]; }\n";

static const char *four_ini =
	"[kernel]\nsize = 65536\nelements = N\nbytes = 8 * N\n"
	"[x]\ntype = global const float*\nlength = N\nfill = random\n"
	"[y]\ntype = global float*\nlength = N\nfill = zero\noutput = yes\n"
	"[a]\ntype = float\nvalue = 3\n[n]\ntype = uint\nvalue = N\n";

/* Regression (issue 47, items 3 and 6; issue 49's five kernels): a
 * kernel that touched memory it has no right to killed latmix (exit 139
 * on PoCL, which runs kernels in latmix's process), one that never ends
 * ran until killed, and one refused description stopped the others. Each
 * costs that kernel: said, noted in the results, the others measured,
 * the exit status 1, no partial file left. */
START_TEST(a_crash_a_hang_and_a_bad_description_cost_their_kernels_only)
{
	write_file(lm_test_in(dir, "four.cl"), four_cl);
	const char *names[] = { "good", "crash", "hang", "good2" };
	for (size_t i = 0; i < 4; i++) {
		char ini[64];
		snprintf(ini, sizeof ini, "%s.ini", names[i]);
		write_file(lm_test_in(dir, ini), four_ini);
	}
	write_file(lm_test_in(dir, "baddesc.ini"), "[kernel]\nsize = 65536\n");
	char spec[8192], out[4096];
	const char *cl = lm_test_in(dir, "four.cl");
	snprintf(spec, sizeof spec, "%s:good,%s:crash,%s:baddesc,%s:hang,%s:good2", cl, cl, cl, cl, cl);
	snprintf(out, sizeof out, "%s", lm_test_in(dir, "four.csv"));
	const char *args[] = { "measure", "--kernel", spec, "--warps", "1,2", "--launch-ms", "1", "--time-limit", "4",
			       "-o", out, NULL };
	lm_test_result *r = malloc(sizeof *r);
	lm_test_latmix(args, NULL, r);
	ck_assert_msg(r->status == 1, "exit %d: %s", r->status, r->err);
	ck_assert_msg(strstr(r->err, "kernel crash: the worker process measuring it died of signal") &&
		      strstr(r->err, "kernel hang, 1 warps/CU: a launch of N = 65536") &&
		      strstr(r->err, "still running after") && strstr(r->err, "kernel baddesc: not measured:") &&
		      strstr(r->err, "2 of 5 kernels cost their worker process: crash, hang"), "%s", r->err);
	lm_results res;
	ck_assert_msg(lm_results_read(out, &res) == LM_OK, "%s", lm_error_message());
	size_t good = 0, good2 = 0;
	for (size_t i = 0; i < res.n; i++) {
		good += strcmp(res.v[i].mix, "good") == 0;
		good2 += strcmp(res.v[i].mix, "good2") == 0;
		ck_assert_msg(!strcmp(res.v[i].mix, "good") || !strcmp(res.v[i].mix, "good2"), "%s", res.v[i].mix);
	}
	ck_assert_uint_eq(good, 2);
	ck_assert_uint_eq(good2, 2);
	lm_results_free(&res);
	ck_assert(lm_test_file_has(out, "# failed = crash: the worker measuring it died of signal"));
	ck_assert(lm_test_file_has(out, "# failed = hang: the worker measuring it abandoned"));
	char partial[4200];
	snprintf(partial, sizeof partial, "%s.partial", out);
	ck_assert_msg(access(partial, F_OK) != 0, "%s left", partial);
	free(r);
}
END_TEST

/* Regression (issue 47, item 4): a recursive function crashed PoCL's
 * compiler inside latmix kernel --describe and --mix-of (exit 139): the
 * build runs in a worker, whose death is said. */
START_TEST(a_compiler_that_crashes_costs_the_command_not_latmix)
{
	write_file(lm_test_in(dir, "rec.cl"), "int g(int x);\n"
		   "int f(int x) { return x <= 0 ? 0 : g(x - 1) + 1; }\n"
		   "int g(int x) { return x <= 0 ? 1 : f(x / 2) * 2; }\n"
		   "kernel void rec(global int *y, uint n) {\n"
		   "  for (uint i = get_global_id(0); i < n; i += get_global_size(0)) y[i] = f(y[i]); }\n");
	char spec[4200];
	snprintf(spec, sizeof spec, "%s:rec", lm_test_in(dir, "rec.cl"));
	lm_test_result *r = malloc(sizeof *r);
	const char *describe[] = { "kernel", "--describe", spec, NULL };
	lm_test_latmix(describe, NULL, r);
	/* a compiler that does not crash refuses or builds it: never a crash of latmix */
	ck_assert_msg(r->status == 0 || r->status == 1 || r->status == 2, "exit %d: %s", r->status, r->err);
	if (r->status == 1 && strstr(r->err, "signal"))
		ck_assert_msg(strstr(r->err, "the worker process latmix built and ran it in died of signal") &&
			      strstr(r->err, "crashed; nothing of it was written") && !r->out[0], "%s", r->err);
	free(r);
}
END_TEST

/* Regression (issue 47, item 10): --resume of a kernel sweep accepted a
 * changed description (bytes 12 N became 1200 N, or N 5000 became 20000)
 * and one curve held points of both. */
START_TEST(resume_refuses_a_changed_description)
{
	user_triad();
	char spec[4200], out[4200];
	snprintf(spec, sizeof spec, "%s", lm_test_in(dir, "mytriad.cl"));
	snprintf(out, sizeof out, "%s", lm_test_in(dir, "resumed.csv"));
	lm_test_result *r = malloc(sizeof *r);
	const char *first[] = { "measure", "--kernel", spec, "--warps", "1", "--launch-ms", "1", "-o", out, NULL };
	lm_test_latmix(first, NULL, r);
	ck_assert_msg(r->status == 0, "exit %d: %s", r->status, r->err);
	const char *again[] = { "measure", "--kernel", spec, "--warps", "2", "--launch-ms", "1", "-o", out, "--resume",
				NULL };
	static const char *const changes[][2] = { { "bytes = 12 * N", "bytes = 1200 * N" },
						  { "size = 5000", "size = 20000" },
						  { "fill = const 2", "fill = const 3" } };
	for (size_t i = 0; i < 3; i++) {
		user_triad_with(changes[i][0], changes[i][1]);
		lm_test_latmix(again, NULL, r);
		ck_assert_msg(r->status == 2 && strstr(r->err, "--resume: ") &&
			      strstr(r->err, "measured kernel mytriad as 'mytriad: function mytriad of ") &&
			      strstr(r->err, "(its description, source or N changed)"), "%s -> %s: exit %d: %s",
			      changes[i][0], changes[i][1], r->status, r->err);
	}
	user_triad(); /* as it was: continued */
	lm_test_latmix(again, NULL, r);
	ck_assert_msg(r->status == 0, "exit %d: %s", r->status, r->err);
	free(r);
}
END_TEST

/* Regression (issue 47, item 8): a size argument the description left at
 * 1 ran the loop once while the bytes counted N: BabelStream's dot gave
 * 55 TB/s on a two-core CPU. Refused, naming the argument. */
START_TEST(a_size_left_at_one_is_refused_not_measured)
{
	write_file(lm_test_in(dir, "dot1.cl"),
		   "kernel void dot1(global const float *a, global const float *b, global float *sum, long count) {\n"
		   "  float s = 0; size_t i = get_global_id(0);\n"
		   "  for (; i < count; i += get_global_size(0)) s += a[i] * b[i];\n"
		   "  sum[get_global_id(0)] = s; }\n");
	write_file(lm_test_in(dir, "dot1.ini"), "[kernel]\nsize = 1048576\nelements = N\nbytes = 8 * N\n"
		   "[a]\ntype = global const float*\nlength = N\nfill = random\n"
		   "[b]\ntype = global const float*\nlength = N\nfill = random\n"
		   "[sum]\ntype = global float*\nlength = N\nfill = zero\noutput = yes\n"
		   "[count]\ntype = long\nvalue = 1\n");
	lm_test_result *r = malloc(sizeof *r);
	/* refused from the description and the source, before any launch:
	 * count bounds the loop and is 1 at N and at N / 2 */
	char spec[4200], out[4200];
	snprintf(spec, sizeof spec, "%s", lm_test_in(dir, "dot1.cl"));
	snprintf(out, sizeof out, "%s", lm_test_in(dir, "dot1.csv"));
	const char *args[] = { "measure", "--kernel", spec, "--warps", "1,2", "-o", out, NULL };
	lm_test_latmix(args, NULL, r);
	ck_assert_msg(r->status == 1 && strstr(r->err, "do not change with N ([count] value = 1)") &&
		      strstr(r->err, "its work does not follow N"), "exit %d: %s", r->status, r->err);
	ck_assert_msg(access(lm_test_in(dir, "dot1.csv"), F_OK) != 0, "a results file was written");
	free(r);
}
END_TEST

/* Regression (issue 47, item 9): a 3x3 convolution one pixel a work-item
 * (get_global_id(1)) was launched as 1D and reported a rate for one row's
 * work. Refused before anything runs. */
START_TEST(a_2d_kernel_is_refused_not_launched_as_1d)
{
	write_file(lm_test_in(dir, "conv.cl"),
		   "kernel void conv(global const float *in, global float *out, uint w) {\n"
		   "  /* get_global_id(0) alone would be fine */\n"
		   "  size_t x = get_global_id(0), y = get_global_id( 1 );\n"
		   "  out[y * w + x] = in[y * w + x]; }\n");
	write_file(lm_test_in(dir, "conv.ini"), "[kernel]\nsize = 65536\nelements = N\nbytes = 8 * N\n"
		   "[in]\ntype = global const float*\nlength = N\nfill = random\n"
		   "[out]\ntype = global float*\nlength = N\nfill = zero\noutput = yes\n"
		   "[w]\ntype = uint\nvalue = 256\n");
	lm_test_result *r = malloc(sizeof *r);
	measure_at_two("conv.cl", "conv.csv", r);
	ck_assert_msg(r->status == 2 && strstr(r->err, "calls get_global_id(1): it is written for a 2D or 3D launch"),
		      "exit %d: %s", r->status, r->err);
	ck_assert_msg(access(lm_test_in(dir, "conv.csv"), F_OK) != 0, "a results file was written");
	free(r);
}
END_TEST

/* Regressions (issue 47, messages that misled): a build error pointed at
 * PoCL's temporary file; #include "common.h" beside the .cl was found
 * only from the kernel's directory; an argument named lm_sync (or SIMD,
 * a macro latmix defined) failed with cryptic build errors; describe
 * without :NAME did not list the file's kernels; describe wrote 35
 * sections for a kernel measure refuses, and an image as 'global
 * image2d_t'. */
START_TEST(a_users_mistakes_are_said_in_the_users_terms)
{
	write_file(lm_test_in(dir, "common.h"), "#define SCALE 3.0f\n");
	write_file(lm_test_in(dir, "inc.cl"),
		   "#include \"common.h\"\n"
		   "kernel void inc(global const float *x, global float *y, float a, uint n) {\n"
		   "  for (uint i = get_global_id(0); i < n; i += get_global_size(0)) y[i] = SCALE * x[i]; }\n"
		   "kernel void other(global float *y) { y[0] = 1; }\n");
	write_file(lm_test_in(dir, "inc.ini"), four_ini);
	write_file(lm_test_in(dir, "oops.cl"),
		   "kernel void oops(global const float *x, global float *y, float a, uint n) {\n"
		   "  for (uint i = get_global_id(0); i < n; i += get_global_size(0))\n"
		   "    y[i] = a * x[i] + undeclared; }\n");
	write_file(lm_test_in(dir, "oops.ini"), four_ini);
	write_file(lm_test_in(dir, "mine.cl"),
		   "kernel void mine(global const float *x, global float *lm_sync, float SIMD, uint n) {\n"
		   "  for (uint i = get_global_id(0); i < n; i += get_global_size(0)) lm_sync[i] = SIMD * x[i]; }\n");
	write_file(lm_test_in(dir, "img.cl"),
		   "kernel void img(read_only image2d_t im, global float *y, uint n) {\n"
		   "  for (uint i = get_global_id(0); i < n; i += get_global_size(0)) y[i] = 1; }\n");
	char spec[4200], out[4200];
	lm_test_result *r = malloc(sizeof *r);
	snprintf(out, sizeof out, "%s", lm_test_in(dir, "msg.csv"));
	/* from the root, not the kernel's directory: the include is found */
	snprintf(spec, sizeof spec, "%s:inc", lm_test_in(dir, "inc.cl"));
	const char *measure[] = { "measure", "--kernel", spec, "--warps", "1", "--launch-ms", "1", "-o", out, NULL };
	lm_test_latmix(measure, NULL, r);
	ck_assert_msg(r->status == 0, "exit %d: %s", r->status, r->err);
	/* its loop's count beside the rows, for report to read (issue 48, item 6) */
	lm_count_file cf;
	ck_assert_msg(lm_count_read_ini(lm_test_in(dir, "mix-of/inc.ini"), &cf) == LM_OK, "%s", lm_error_message());
	ck_assert_str_eq(cf.kernel, "inc");
	ck_assert_msg(cf.counted ? cf.mix.loads == 1 && cf.mix.stores == 1 : cf.reason[0] != '\0', "loads %g, stores %g",
		      cf.mix.loads, cf.mix.stores);
	unlink(out);
	snprintf(spec, sizeof spec, "%s:oops", lm_test_in(dir, "oops.cl"));
	lm_test_latmix(measure, NULL, r);
	char where[4200];
	snprintf(where, sizeof where, "%s:3:", lm_test_in(dir, "oops.cl"));
	ck_assert_msg(r->status != 0 && strstr(r->err, where) && strstr(r->err, "undeclared"), "exit %d: %s",
		      r->status, r->err);
	write_file(lm_test_in(dir, "mine.ini"), four_ini);
	snprintf(spec, sizeof spec, "%s:mine", lm_test_in(dir, "mine.cl"));
	lm_test_latmix(measure, NULL, r);
	ck_assert_msg(r->status == 2 && strstr(r->err, "names 'lm_sync': latmix keeps names beginning lm_ and LM_"),
		      "exit %d: %s", r->status, r->err);
	snprintf(spec, sizeof spec, "%s", lm_test_in(dir, "inc.cl"));
	const char *describe[] = { "kernel", "--describe", spec, NULL };
	snprintf(spec, sizeof spec, "%s:nope", lm_test_in(dir, "inc.cl"));
	lm_test_latmix(describe, NULL, r);
	ck_assert_msg(r->status != 0 && strstr(r->err, "no kernel nope") && strstr(r->err, "its kernels: inc,other"),
		      "exit %d: %s", r->status, r->err);
	snprintf(spec, sizeof spec, "%s", lm_test_in(dir, "img.cl"));
	lm_test_latmix(describe, NULL, r);
	ck_assert_msg(r->status == 0 && strstr(r->out, "; latmix measure will not take this kernel as it is") &&
		      strstr(r->out, "type = image2d_t") && !strstr(r->out, "global image2d_t"), "exit %d: %s\n%s",
		      r->status, r->err, r->out);
	free(r);
}
END_TEST

int main(void)
{
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	Suite *s = suite_create("ukernel");
	TCase *tc = tcase_create("ukernel");
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, expressions_in_n);
	tcase_add_test(tc, the_suite_is_described);
	tcase_add_test(tc, every_suite_kernel_gives_the_same_outputs_at_every_occupancy);
	tcase_add_test(tc, every_written_suite_kernel_is_measured_as_written);
	tcase_add_test(tc, a_kernel_that_is_not_grid_stride_is_refused);
	tcase_add_test(tc, a_kernels_summary_names_the_warps_of_its_cycles);
	tcase_add_test(tc, an_in_place_update_needs_reset);
	tcase_add_test(tc, a_difference_past_the_first_chunk_is_found);
	tcase_add_test(tc, the_device_finds_the_first_element_that_differs);
	tcase_add_test(tc, a_kernel_described_by_latmix_is_measured);
	tcase_add_test(tc, a_described_loop_tells_inputs_from_outputs);
	tcase_add_loop_test(tc, a_bad_description_is_refused_naming_the_argument, 0,
			    (int)(sizeof bad_descriptions / sizeof bad_descriptions[0]));
	tcase_add_test(tc, a_users_kernel_runs_and_the_wrapper_keeps_its_result);
	tcase_add_test(tc, a_crash_a_hang_and_a_bad_description_cost_their_kernels_only);
	tcase_add_test(tc, a_compiler_that_crashes_costs_the_command_not_latmix);
	tcase_add_test(tc, resume_refuses_a_changed_description);
	tcase_add_test(tc, a_size_left_at_one_is_refused_not_measured);
	tcase_add_test(tc, a_2d_kernel_is_refused_not_launched_as_1d);
	tcase_add_test(tc, a_users_mistakes_are_said_in_the_users_terms);
	suite_add_tcase(s, tc);
	return lm_test_run_in(s, dir);
}
