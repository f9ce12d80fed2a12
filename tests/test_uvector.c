/* Users' kernels on OpenCL's vector types (src/bench/userdesc.c's types,
 * userfill.c's lanes, usercheck.c's comparison): a float4 kernel
 * described, measured and read back; a vector buffer filled lane by lane
 * as doc/measure.md says; a difference in one lane caught and named, a
 * 3-vector's padding lane not compared; a list of five kernels with one
 * bad description measuring the other four.
 * On whatever OpenCL device is first (PoCL in CI). */
#include "testutil.h"
#include "testrun.h"
#include "fit/results.h"
#include "bench/userkernel.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char dir[] = "/tmp/latmix-uvector-XXXXXX";

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	fclose(f);
}

/* latmix measure --kernel spec at 1 and 2 warps per CU into DIR/csv. */
static void measure(const char *spec, const char *csv, lm_test_result *r)
{
	char out[4096];
	snprintf(out, sizeof out, "%s", lm_test_in(dir, csv));
	const char *args[] = { "measure", "--kernel", spec, "--warps", "1,2", "--launch-ms", "1", "-o", out, NULL };
	lm_test_latmix(args, NULL, r);
}

/* y = x a over float4s, grid-stride, its bound a scalar not named like a size. */
static const char *vscale_cl =
	"__kernel void vscale(__global const float4 *x, __global float4 *y, const float a, const int count)\n"
	"{\n"
	"	for (int i = get_global_id(0); i < count; i += get_global_size(0))\n"
	"		y[i] = x[i] * a;\n"
	"}\n";

/* Issue 49's float4 kernel: describe writes its vector types and ties
 * count to N (the loop's bound); measure takes that description as
 * written (the size made small), compares y between occupancies, and the
 * results file reads back with a row at each. */
START_TEST(a_float4_kernel_round_trips_describe_measure_and_results)
{
	write_file(lm_test_in(dir, "vscale.cl"), vscale_cl);
	char spec[4096];
	snprintf(spec, sizeof spec, "%s", lm_test_in(dir, "vscale.cl"));
	lm_test_result *r = malloc(sizeof *r);
	const char *describe[] = { "kernel", "--describe", spec, NULL };
	lm_test_latmix(describe, NULL, r);
	ck_assert_msg(r->status == 0, "exit %d: %s", r->status, r->err);
	ck_assert_msg(strstr(r->out, "\n[x]\ntype = global const float4*\nlength = N") &&
		      strstr(r->out, "\n[y]\ntype = global float4*\nlength = N") && strstr(r->out, "\noutput = yes") &&
		      strstr(r->out, "\n[count]\ntype = int\nvalue = N ") && !strstr(r->out, "will not take"),
		      "%s", r->out);
	static char text[sizeof r->out];
	char *size = strstr(r->out, "\nsize = 16777216");
	ck_assert_ptr_nonnull(size);
	snprintf(text, sizeof text, "%.*s\nsize = 65536%s", (int)(size - r->out), r->out, size + 16);
	write_file(lm_test_in(dir, "vscale.ini"), text);
	measure(spec, "vscale.csv", r);
	ck_assert_msg(r->status == 0, "exit %d: %s\n%s", r->status, r->err, text);
	lm_results res;
	ck_assert_msg(lm_results_read(lm_test_in(dir, "vscale.csv"), &res) == LM_OK, "%s", lm_error_message());
	ck_assert_uint_eq(res.n, 2);
	for (size_t i = 0; i < res.n; i++) {
		ck_assert_str_eq(res.v[i].mix, "vscale");
		ck_assert_uint_eq(res.v[i].row.warps, i + 1);
		ck_assert_uint_eq(res.v[i].row.checked, 65536); /* y's elements, compared at each */
		ck_assert(res.v[i].row.bytes_per_s > 0);
	}
	lm_results_free(&res);
	free(r);
}
END_TEST

/* Copies each input to an output of its type; z's lane 2 also adds the
 * grid's size when asked (a result that depends on the grid). */
static const char *lanes_cl =
	"kernel void lanes(global const int4 *i4, global int4 *o4, global const float3 *f3, global float3 *g3,\n"
	"                  global const double2 *d2, global double2 *e2, global const short8 *u, global short8 *v,\n"
	"                  float4 z, global float4 *zs, int grid, uint n) {\n"
	"  for (uint i = get_global_id(0); i < n; i += get_global_size(0)) {\n"
	"    o4[i] = i4[i]; g3[i] = f3[i]; e2[i] = d2[i]; v[i] = u[i];\n"
	"    zs[i] = z + (float4)(0, 0, grid ? (float)get_global_size(0) : 0.0f, 0); } }\n";

static const char *lanes_ini =
	"[kernel]\nsize = 4096\nelements = N\nbytes = 112 * N\n"
	"[i4]\ntype = global const int4*\nlength = N\nfill = index\n"
	"[o4]\ntype = global int4*\nlength = N\nfill = zero\noutput = yes\n"
	"[f3]\ntype = global const float3*\nlength = N\nfill = random\n"
	"[g3]\ntype = global float3*\nlength = N\nfill = zero\noutput = yes\n"
	"[d2]\ntype = global const double2*\nlength = N\nfill = random-below 10\n"
	"[e2]\ntype = global double2*\nlength = N\nfill = zero\noutput = yes\n"
	"[u]\ntype = global const short8*\nlength = N\nfill = step 3\n"
	"[v]\ntype = global short8*\nlength = N\nfill = zero\noutput = yes\n"
	"[z]\ntype = float4\nvalue = N / 2\n"
	"[zs]\ntype = global float4*\nlength = N\nfill = zero\noutput = yes\n"
	"[grid]\ntype = int\nvalue = 0\n[n]\ntype = uint\nvalue = N\n";

/* The outputs of kernel lanes's first point, as its description fills
 * the inputs: index and step give an element's value to its every lane,
 * random and random-below a value to each lane, a vector scalar its value
 * to every lane. */
START_TEST(a_vector_buffer_is_filled_lane_by_lane)
{
	write_file(lm_test_in(dir, "lanes.cl"), lanes_cl);
	write_file(lm_test_in(dir, "lanes.ini"), lanes_ini);
	lm_device dev;
	ck_assert_int_eq(lm_device_select(NULL, 0, 0, &dev), LM_OK);
	lm_user_desc d;
	ck_assert_msg(lm_user_describe(lm_test_in(dir, "lanes.cl"), NULL, 0, &d) == LM_OK, "%s", lm_error_message());
	lm_user_config cfg = { .launch_ms = 1, .repeats = 3, .settle = 0.2, .seed = 1 };
	lm_user *k;
	ck_assert_msg(lm_user_alloc(&dev, &d, &cfg, &k) == LM_OK, "%s", lm_error_message());
	lm_row row;
	ck_assert_msg(lm_user_point(k, 1, &row) == LM_OK, "%s", lm_error_message());
	size_t bytes;
	const int *o4 = lm_user_output(k, "o4", &bytes);
	ck_assert_uint_eq(bytes, 4096 * 16);
	const float *g3 = lm_user_output(k, "g3", &bytes);
	ck_assert_uint_eq(bytes, 4096 * 16); /* a float3 takes a float4's room */
	const double *e2 = lm_user_output(k, "e2", &bytes);
	const short *v = lm_user_output(k, "v", &bytes);
	ck_assert_uint_eq(bytes, 4096 * 16);
	const float *zs = lm_user_output(k, "zs", &bytes);
	size_t distinct = 0;
	for (size_t i = 0; i < 4096; i++) {
		for (int l = 0; l < 4; l++) {
			ck_assert_msg(o4[4 * i + l] == (int)i, "o4[%zu].%d = %d", i, l, o4[4 * i + l]);
			ck_assert_msg(zs[4 * i + l] == 2048.0f, "zs[%zu].%d = %g", i, l, zs[4 * i + l]);
		}
		for (int l = 0; l < 8; l++)
			ck_assert_msg(v[8 * i + l] == (short)(3 * i), "v[%zu].%d = %d", i, l, v[8 * i + l]);
		for (int l = 0; l < 3; l++)
			ck_assert(g3[4 * i + l] >= 0 && g3[4 * i + l] < 1);
		ck_assert(e2[2 * i] >= 0 && e2[2 * i] < 10 && e2[2 * i + 1] >= 0 && e2[2 * i + 1] < 10);
		distinct += g3[4 * i] != g3[4 * i + 1] && e2[2 * i] != e2[2 * i + 1];
	}
	ck_assert_uint_gt(distinct, 4000); /* each lane drawn on its own */
	ck_assert_msg(lm_user_point(k, 2, &row) == LM_OK, "%s", lm_error_message());
	lm_user_free(k);
}
END_TEST

/* A float4 output that differs in one lane between occupancies is
 * caught, the element and the lane named. */
START_TEST(a_float4_output_that_differs_in_a_lane_is_caught)
{
	write_file(lm_test_in(dir, "lanes.cl"), lanes_cl);
	char text[2048];
	const char *at = strstr(lanes_ini, "value = 0");
	snprintf(text, sizeof text, "%.*svalue = 1%s", (int)(at - lanes_ini), lanes_ini, at + 9);
	write_file(lm_test_in(dir, "lanes.ini"), text);
	lm_test_result *r = malloc(sizeof *r);
	measure(lm_test_in(dir, "lanes.cl"), "lanes.csv", r);
	ck_assert_msg(r->status != 0 && strstr(r->err, "output zs differs at element 0 (its lane 2 of 4) with 2 "
						   "warps per CU from 1 warps per CU"),
		      "exit %d: %s", r->status, r->err);
	free(r);
}
END_TEST

/* A 3-vector output's padding lane (a float3's fourth float, a double3's
 * fourth double) is not compared: here it holds the grid's size, which
 * differs between occupancies, while the three lanes agree. The device
 * finds no word that differs, so the host reads nothing back. */
START_TEST(a_3_vectors_padding_is_not_compared)
{
	write_file(lm_test_in(dir, "pad.cl"),
		   "kernel void pad(global float3 *g, global double3 *h, uint n) {\n"
		   "  global float *f = (global float *)g; global double *e = (global double *)h;\n"
		   "  for (uint i = get_global_id(0); i < n; i += get_global_size(0)) {\n"
		   "    f[4 * i] = i; f[4 * i + 1] = 2 * i; f[4 * i + 2] = 3 * i; f[4 * i + 3] = get_global_size(0);\n"
		   "    e[4 * i] = i; e[4 * i + 1] = 2 * i; e[4 * i + 2] = 3 * i; e[4 * i + 3] = get_global_size(0); } }\n");
	write_file(lm_test_in(dir, "pad.ini"), "[kernel]\nsize = 65536\nelements = N\nbytes = 48 * N\n"
				     "[g]\ntype = global float3*\nlength = N\nfill = zero\noutput = yes\n"
				     "[h]\ntype = global double3*\nlength = N\nfill = zero\noutput = yes\n"
				     "[n]\ntype = uint\nvalue = N\n");
	lm_device dev;
	ck_assert_int_eq(lm_device_select(NULL, 0, 0, &dev), LM_OK);
	lm_user_desc d;
	ck_assert_msg(lm_user_describe(lm_test_in(dir, "pad.cl"), NULL, 0, &d) == LM_OK, "%s", lm_error_message());
	lm_user_config cfg = { .launch_ms = 1, .repeats = 3, .settle = 0.2, .seed = 1 };
	lm_user *k;
	ck_assert_msg(lm_user_alloc(&dev, &d, &cfg, &k) == LM_OK, "%s", lm_error_message());
	lm_row row;
	ck_assert_msg(lm_user_point(k, 1, &row) == LM_OK, "%s", lm_error_message());
	size_t bytes, from = 0;
	const float *g = lm_user_output(k, "g", &bytes);
	const double *h = lm_user_output(k, "h", &bytes);
	ck_assert(g && h);
	/* the padding held the grid's size at 1 warp per CU: another at 2 */
	ck_assert(g[4 * 5 + 2] == 15 && g[4 * 5 + 3] == (float)(dev.compute_units * dev.simd_width));
	ck_assert(h[4 * 5 + 2] == 15 && h[4 * 5 + 3] == (double)(dev.compute_units * dev.simd_width));
	ck_assert_msg(lm_user_point(k, 2, &row) == LM_OK, "%s", lm_error_message());
	ck_assert(lm_user_checked_on_device(k, "g", &from));
	ck_assert_uint_eq(from, SIZE_MAX);
	ck_assert(lm_user_checked_on_device(k, "h", &from));
	ck_assert_uint_eq(from, SIZE_MAX);
	lm_user_free(k);
}
END_TEST

/* Issue 49: describe says first, atop the description and on stderr,
 * what measure will not take: a struct it does not fill; a 2D launch it
 * takes, described as written (global with two sizes). */
START_TEST(describe_says_first_what_measure_will_not_take)
{
	write_file(lm_test_in(dir, "grid2.cl"),
		   "typedef struct { float v; int k; } pair;\n"
		   "kernel void grid2(global pair *p, global float2 *m, int cols, int rows) {\n"
		   "  int x = get_global_id(0), y = get_global_id(1);\n"
		   "  if (x < cols && y < rows) m[y * cols + x] = p[x].v; }\n");
	char spec[4096];
	snprintf(spec, sizeof spec, "%s", lm_test_in(dir, "grid2.cl"));
	const char *describe[] = { "kernel", "--describe", spec, NULL };
	lm_test_result *r = malloc(sizeof *r);
	lm_test_latmix(describe, NULL, r);
	ck_assert_msg(r->status == 0, "exit %d: %s", r->status, r->err);
	const char *type = strstr(r->out, "; latmix measure will not take this kernel as it is: it fills scalars "
				  "and buffers of char to double and their vectors only, not p (");
	const char *global = strstr(r->out, "\nglobal = 1024, N / 1024 ");
	const char *kernel = strstr(r->out, "[kernel]");
	/* a 2D kernel is described with its launch, so its dimension is no refusal */
	ck_assert_msg(type && kernel && type < kernel && global && !strstr(r->out, "calls get_global_id(1)"), "%s",
		      r->out);
	ck_assert_msg(strstr(r->err, "kernel grid2: latmix measure will not take it as it is: it fills") &&
		      !strstr(r->err, "calls get_global_id(1)"), "%s", r->err);
	/* each bound tied to the dimension whose index it guards: cols the first, rows the second */
	ck_assert_msg(strstr(r->out, "\n[m]\ntype = global float2*\n") &&
		      strstr(r->out, "\n[cols]\ntype = int\nvalue = 1024 ") &&
		      strstr(r->out, "\n[rows]\ntype = int\nvalue = N / 1024 "), "%s", r->out);
	free(r);
}
END_TEST

/* Five kernels of vector types in one file, y from x over n. */
static const char *five_cl =
	"kernel void f4(global const float4 *x, global float4 *y, uint n) {\n"
	"  for (uint i = get_global_id(0); i < n; i += get_global_size(0)) y[i] = 2 * x[i]; }\n"
	"kernel void f2(global const float2 *x, global float2 *y, uint n) {\n"
	"  for (uint i = get_global_id(0); i < n; i += get_global_size(0)) y[i] = x[i] + 1; }\n"
	"kernel void i4(global const int4 *x, global int4 *y, uint n) {\n"
	"  for (uint i = get_global_id(0); i < n; i += get_global_size(0)) y[i] = x[i] * 3; }\n"
	"kernel void bad(global const uint2 *x, global uint2 *y, uint n) {\n"
	"  for (uint i = get_global_id(0); i < n; i += get_global_size(0)) y[i] = x[i]; }\n"
	"kernel void d2(global const double2 *x, global double2 *y, uint n) {\n"
	"  for (uint i = get_global_id(0); i < n; i += get_global_size(0)) y[i] = x[i] - 1; }\n";

/* A description of kernel of five_cl on type. */
static void five_ini(const char *kernel, const char *type)
{
	char text[1024], name[64];
	snprintf(text, sizeof text,
		 "[kernel]\nsize = 16384\nelements = N\nbytes = 32 * N\n"
		 "[x]\ntype = global const %s*\nlength = N\nfill = random\n"
		 "[y]\ntype = global %s*\nlength = N\nfill = zero\noutput = yes\n[n]\ntype = uint\nvalue = N\n",
		 type, type);
	snprintf(name, sizeof name, "%s.ini", kernel);
	write_file(lm_test_in(dir, name), text);
}

/* Issue 49: one refused description stopped a measure of five kernels.
 * bad's says uint4 where the kernel has uint2: it is named, the four
 * others measured, the exit status 1. */
START_TEST(five_kernels_with_one_bad_description_measure_four)
{
	write_file(lm_test_in(dir, "five.cl"), five_cl);
	five_ini("f4", "float4");
	five_ini("f2", "float2");
	five_ini("i4", "int4");
	five_ini("bad", "uint4");
	five_ini("d2", "double2");
	char spec[8192];
	const char *cl = lm_test_in(dir, "five.cl");
	snprintf(spec, sizeof spec, "%s:f4,%s:f2,%s:bad,%s:i4,%s:d2", cl, cl, cl, cl, cl);
	lm_test_result *r = malloc(sizeof *r);
	measure(spec, "five.csv", r);
	ck_assert_msg(r->status == 1, "exit %d: %s", r->status, r->err);
	ck_assert_msg(strstr(r->err, "kernel bad: not measured:") && strstr(r->err, "argument [x] is 'global const "
		      "uint4*' there, 'global const uint2*' in kernel bad") && strstr(r->err, "1 of 5 kernels not "
		      "measured, or not whole: bad"), "%s", r->err);
	lm_results res;
	ck_assert_msg(lm_results_read(lm_test_in(dir, "five.csv"), &res) == LM_OK, "%s", lm_error_message());
	const char *good[] = { "f4", "f2", "i4", "d2" };
	for (size_t g = 0; g < 4; g++) {
		size_t rows = 0;
		for (size_t i = 0; i < res.n; i++)
			rows += strcmp(res.v[i].mix, good[g]) == 0;
		ck_assert_msg(rows == 2, "%zu rows of %s", rows, good[g]);
	}
	ck_assert_uint_eq(res.n, 8);
	lm_results_free(&res);
	free(r);
}
END_TEST

/* A kernel in a list that does not build (a syntax error in its file)
 * costs that kernel: named with the compiler's reason, the others
 * measured, the exit status 1. */
START_TEST(a_kernel_that_does_not_build_costs_that_kernel_only)
{
	write_file(lm_test_in(dir, "five.cl"), five_cl);
	five_ini("f4", "float4");
	five_ini("d2", "double2");
	write_file(lm_test_in(dir, "broken.cl"), "kernel void broken(global const float4 *x, global float4 *y, "
		   "uint n) {\n  y[0] = x[0] +; }\n");
	five_ini("broken", "float4");
	char spec[8192];
	const char *cl = lm_test_in(dir, "five.cl");
	snprintf(spec, sizeof spec, "%s:f4,%s,%s:d2", cl, lm_test_in(dir, "broken.cl"), cl);
	lm_test_result *r = malloc(sizeof *r);
	measure(spec, "built.csv", r);
	ck_assert_msg(r->status == 1 && strstr(r->err, "kernel broken: not measured:") && strstr(r->err, "broken.cl:2") &&
		      strstr(r->err, "1 of 3 kernels not measured, or not whole: broken"), "exit %d: %s", r->status,
		      r->err);
	lm_results res;
	ck_assert_msg(lm_results_read(lm_test_in(dir, "built.csv"), &res) == LM_OK, "%s", lm_error_message());
	ck_assert_uint_eq(res.n, 4);
	for (size_t i = 0; i < res.n; i++)
		ck_assert_msg(!strcmp(res.v[i].mix, "f4") || !strcmp(res.v[i].mix, "d2"), "%s", res.v[i].mix);
	lm_results_free(&res);
	free(r);
}
END_TEST

int main(void)
{
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	Suite *s = suite_create("uvector");
	TCase *tc = tcase_create("uvector");
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, a_float4_kernel_round_trips_describe_measure_and_results);
	tcase_add_test(tc, a_vector_buffer_is_filled_lane_by_lane);
	tcase_add_test(tc, a_float4_output_that_differs_in_a_lane_is_caught);
	tcase_add_test(tc, a_3_vectors_padding_is_not_compared);
	tcase_add_test(tc, describe_says_first_what_measure_will_not_take);
	tcase_add_test(tc, five_kernels_with_one_bad_description_measure_four);
	tcase_add_test(tc, a_kernel_that_does_not_build_costs_that_kernel_only);
	suite_add_tcase(s, tc);
	return lm_test_run_in(s, dir);
}
