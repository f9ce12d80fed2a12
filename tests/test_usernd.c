/* Kernels measured as written (src/bench/usernd.c, issue 49): one
 * work-item an element over the kernel's own NDRange, at each work-group
 * shape and each level of groups a CU, the residency counted and checked
 * against the claim; the levels and reserves for a GPU from its table
 * (pure, no device); a 2D convolution and a naive matmul (a loop inside)
 * measured, their outputs right; a global the local size does not divide
 * refused. On whatever OpenCL device is first (PoCL in CI). */
#include "testutil.h"
#include "testrun.h"
#include "fit/results.h"
#include "bench/userkernel.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char dir[] = "/tmp/latmix-usernd-XXXXXX";

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	fclose(f);
}

/* A fixture kernel's spec: tests/fixtures/kernels/FILE.cl:NAME. */
static const char *fixture(const char *file, const char *name)
{
	static char buf[2][4096];
	static int k;
	char path[3800];
	k = !k;
	snprintf(path, sizeof path, "tests/fixtures/kernels/%s.cl", file);
	lm_test_source_path(buf[k], sizeof buf[k] - 64, path);
	snprintf(buf[k] + strlen(buf[k]), 64, ":%s", name);
	return buf[k];
}

/* Measures the kernel of spec at every level of each shape of list, as the
 * sweep does; the points measured. */
static int measure_all(lm_user *k, const char *list)
{
	unsigned shapes[LM_USER_MAX_LOCALS][LM_USER_MAX_DIMS];
	int n, points = 0;
	ck_assert_msg(lm_user_nd_shapes(k, list, shapes, &n) == LM_OK, "%s", lm_error_message());
	for (int i = 0; i < n; i++) {
		lm_user_shape sh;
		ck_assert_msg(lm_user_nd_shape(k, shapes[i], &sh) == LM_OK, "%s", lm_error_message());
		for (unsigned level = sh.lo; level <= sh.hi; level++) {
			lm_row row;
			ck_assert_msg(lm_user_nd_point(k, &sh, level, &row) == LM_OK, "shape %u, level %u: %s",
				      shapes[i][0], level, lm_error_message());
			ck_assert_uint_eq(row.work_group_size, sh.wg);
			points++;
		}
	}
	return points;
}

static lm_user *alloc_fixture(const char *file, const char *name, double size, lm_device *dev)
{
	lm_user_desc d;
	ck_assert_int_eq(lm_device_select(NULL, 0, 0, dev), LM_OK);
	ck_assert_msg(lm_user_describe(fixture(file, name), NULL, size, &d) == LM_OK, "%s", lm_error_message());
	lm_user_config cfg = { .launch_ms = 1, .repeats = 3, .settle = 0.2, .seed = 1 };
	lm_user *k;
	ck_assert_msg(lm_user_alloc(dev, &d, &cfg, &k) == LM_OK, "%s", lm_error_message());
	return k;
}

/* y = 3 x, x[i] = i: every point of two local sizes checked against the
 * first (measure fails one that differs), the first's y exact. */
START_TEST(a_one_element_kernel_gives_the_same_outputs_at_two_local_sizes)
{
	lm_device dev;
	lm_user *k = alloc_fixture("nd-scale", "nd_scale", 0, &dev);
	ck_assert_int_ge(measure_all(k, "32,64"), 2);
	size_t bytes;
	const float *y = lm_user_output(k, "y", &bytes);
	ck_assert_ptr_nonnull(y);
	ck_assert_uint_eq(bytes, 262144 * sizeof(float));
	for (size_t i = 0; i < 262144; i++)
		ck_assert_msg(y[i] == 3.0f * (float)i, "y[%zu] = %g", i, y[i]);
	lm_user_free(k);
}
END_TEST

/* An output that depends on the local size is found (the comparison runs
 * between shapes), and taken when its description says per-local-size. */
START_TEST(an_output_that_depends_on_the_local_size_is_found)
{
	write_file(lm_test_in(dir, "wg.cl"), "__kernel void wg(__global uint *y) { y[get_global_id(0)] = "
		   "(uint)get_local_size(0); }\n");
	const char *ini = "[kernel]\nsize = 262144\nglobal = N\nelements = N\nbytes = 4 * N\n"
			  "[y]\ntype = global uint*\nlength = N\nfill = zero\noutput = %s\n";
	char text[512];
	lm_device dev;
	ck_assert_int_eq(lm_device_select(NULL, 0, 0, &dev), LM_OK);
	for (int per_local = 0; per_local < 2; per_local++) {
		snprintf(text, sizeof text, ini, per_local ? "per-local-size" : "yes");
		write_file(lm_test_in(dir, "wg.ini"), text);
		lm_user_desc d;
		ck_assert_msg(lm_user_describe(lm_test_in(dir, "wg.cl"), NULL, 0, &d) == LM_OK, "%s", lm_error_message());
		lm_user_config cfg = { .launch_ms = 1, .repeats = 3, .settle = 0.2, .seed = 1 };
		lm_user *k;
		ck_assert_msg(lm_user_alloc(&dev, &d, &cfg, &k) == LM_OK, "%s", lm_error_message());
		lm_status s = LM_OK;
		const unsigned shapes[2][3] = { { 32, 1, 1 }, { 64, 1, 1 } };
		for (int i = 0; i < 2 && s == LM_OK; i++) {
			lm_user_shape sh;
			lm_row row;
			ck_assert_msg(lm_user_nd_shape(k, shapes[i], &sh) == LM_OK, "%s", lm_error_message());
			s = lm_user_nd_point(k, &sh, sh.lo, &row);
		}
		if (per_local)
			ck_assert_msg(s == LM_OK, "%s", lm_error_message());
		else
			ck_assert_msg(s == LM_ECHECK && strstr(lm_error_message(), "depends on the work-group size"),
				      "%d: %s", s, lm_error_message());
		lm_user_free(k);
	}
}
END_TEST

/* The verdict on the counts: the level on every CU, or CUs x level over
 * the device, or (a CPU's cores) one a CU at most; nothing else. */
START_TEST(the_verdict_takes_only_the_level_claimed)
{
	char spread[48];
	double g;
	lm_user_resident r = { .hi = 4, .lo = 4, .ncu = 132, .all = 528 };
	ck_assert(lm_user_nd_verdict(true, false, 132, 4, &r, &g, spread, sizeof spread));
	ck_assert_rel(g, 4, 0);
	ck_assert_str_eq(spread, "counted per CU: 4 on all 132");
	r.lo = 3;
	ck_assert(!lm_user_nd_verdict(true, false, 132, 4, &r, &g, spread, sizeof spread));
	r.lo = 4, r.hi = 5;
	ck_assert(!lm_user_nd_verdict(true, false, 132, 4, &r, &g, spread, sizeof spread));
	ck_assert_rel(g, 5, 0);
	r.hi = 4, r.ncu = 131;
	ck_assert(!lm_user_nd_verdict(true, false, 132, 4, &r, &g, spread, sizeof spread));
	lm_user_resident all = { .all = 264 };
	ck_assert(lm_user_nd_verdict(false, false, 132, 2, &all, &g, spread, sizeof spread));
	ck_assert_rel(g, 2, 0);
	all.all = 263;
	ck_assert(!lm_user_nd_verdict(false, false, 132, 2, &all, &g, spread, sizeof spread));
	lm_user_resident cpu = { .all = 2 };
	ck_assert(lm_user_nd_verdict(false, true, 2, 1, &cpu, &g, spread, sizeof spread));
	cpu.all = 3;
	ck_assert(!lm_user_nd_verdict(false, true, 2, 1, &cpu, &g, spread, sizeof spread));
	cpu.all = 0;
	ck_assert(!lm_user_nd_verdict(false, true, 2, 1, &cpu, &g, spread, sizeof spread));
}
END_TEST

/* NVIDIA's OpenCL says 256 work-items for every kernel and runs 1024
 * (studies/wg-limit): there latmix launches up to the device's own, where
 * its build caps a thread's registers (max_warps known); every other
 * driver's figure stands, and a figure over the device's is its own. */
START_TEST(nvidias_kernel_limit_of_256_is_not_taken)
{
	lm_device d = { .vendor_kind = LM_VENDOR_NVIDIA, .max_warps = 64, .max_wg_size = 1024 };
	snprintf(d.platform_name, sizeof d.platform_name, "NVIDIA CUDA");
	ck_assert_uint_eq(lm_device_wg_limit(&d, 256), 1024);
	ck_assert_uint_eq(lm_device_wg_limit(&d, 0), 1024);
	d.max_warps = 0; /* no register cap in the build */
	ck_assert_uint_eq(lm_device_wg_limit(&d, 256), 256);
	d.max_warps = 64;
	snprintf(d.platform_name, sizeof d.platform_name, "Portable Computing Language");
	ck_assert_uint_eq(lm_device_wg_limit(&d, 256), 256);
	d.vendor_kind = LM_VENDOR_AMD;
	snprintf(d.platform_name, sizeof d.platform_name, "NVIDIA CUDA");
	ck_assert_uint_eq(lm_device_wg_limit(&d, 256), 256);
}
END_TEST

/* On an H100 as the vendor table has it (228 KiB of shared memory an SM,
 * 1 KiB reserved a block, 48 KiB a block at most, 64 warps and 32 blocks),
 * every reserve holds exactly its level, allocated in 128-byte units. */
START_TEST(each_reserve_holds_its_level_on_an_h100)
{
	lm_device d = { .local_per_cu = 228 * 1024, .local_reserved = 1024, .local_mem = 49152, .max_warps = 64,
			.max_groups = 32, .simd_width = 32 };
	snprintf(d.max_warps_source, sizeof d.max_warps_source, "table: Hopper");
	const struct { size_t wg, user; unsigned lo, hi; } want[] = {
		{ 32, 0, 4, 32 }, { 256, 0, 4, 8 }, { 1024, 0, 2, 2 }, { 32, 8192, 4, 25 }, { 128, 40000, 4, 5 },
	};
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		lm_user_shape sh = { .wg = want[i].wg, .per_group = (unsigned)(want[i].wg / 32),
				     .user_local = want[i].user };
		lm_user_nd_levels(&d, &sh);
		ck_assert_msg(sh.lo == want[i].lo && sh.hi == want[i].hi, "%zu work-items, %zu bytes: levels %u to %u",
			      want[i].wg, want[i].user, sh.lo, sh.hi);
		for (unsigned level = sh.lo; level <= sh.hi; level++) {
			size_t pad = lm_user_nd_pad(&d, &sh, level);
			ck_assert_msg(pad != SIZE_MAX, "%zu work-items: no reserve for level %u", sh.wg, level);
			size_t used = (sh.user_local + pad + 127) / 128 * 128 + d.local_reserved;
			size_t fit = d.local_per_cu / used;
			fit = fit < sh.hi ? fit : sh.hi;
			ck_assert_msg(fit == level && sh.user_local + pad <= d.local_mem,
				      "%zu work-items, level %u: %zu bytes reserved hold %zu", sh.wg, level, pad, fit);
		}
	}
}
END_TEST

/* Every row of a sweep of two local sizes: the residency the wrapper
 * counted is the level the row claims (a CPU: one a CU at most, counted
 * over the device), its warps the groups' warps. */
START_TEST(the_counted_residency_agrees_with_every_row)
{
	lm_device dev;
	ck_assert_int_eq(lm_device_select(NULL, 0, 0, &dev), LM_OK);
	const char *out = lm_test_in(dir, "scale.csv");
	const char *args[] = { "measure", "--kernel", fixture("nd-scale", "nd_scale"), "--local-size", "32,64",
			       "--launch-ms", "1", "-o", out, NULL };
	lm_test_result *r = malloc(sizeof *r);
	lm_test_latmix(args, NULL, r);
	ck_assert_msg(r->status == 0, "exit %d: %s", r->status, r->err);
	lm_results res;
	ck_assert_msg(lm_results_read(out, &res) == LM_OK, "%s", lm_error_message());
	unsigned seen[2] = { 0, 0 };
	for (size_t i = 0; i < res.n; i++) {
		const lm_row *row = &res.v[i].row;
		ck_assert_str_eq(res.v[i].mix, "nd_scale");
		ck_assert_str_eq(row->coresident, "yes");
		ck_assert_str_eq(row->timing, "as-written");
		ck_assert_uint_eq(row->warps, row->groups_per_cu * row->warps_per_group);
		ck_assert_rel(row->resident_warps, row->resident_groups * row->warps_per_group, 1e-12);
		/* the local memory a group held: the wrapper's reserve for the level (a
		 * word at least where it reserves nothing) */
		ck_assert_msg(row->local_bytes >= 4 && row->local_bytes <= (double)dev.local_mem, "%g bytes",
			      row->local_bytes);
		if (dev.groups_in_turn)
			ck_assert_msg(row->groups_per_cu == 1 && row->resident_groups > 0 && row->resident_groups <= 1,
				      "%u claimed, %g counted", row->groups_per_cu, row->resident_groups);
		else
			ck_assert_rel(row->resident_groups, row->groups_per_cu, 0);
		ck_assert_uint_eq(row->checked, 262144);
		seen[row->work_group_size == 64] += row->work_group_size == 32 || row->work_group_size == 64;
	}
	ck_assert_msg(seen[0] && seen[1], "rows of 32: %u, of 64: %u", seen[0], seen[1]);
	lm_results_free(&res);
	free(r);
}
END_TEST

/* The 2D convolution (in = 1, weights 0..8: every pixel 36, the edge
 * clamped; 1024 x 1024) and the naive matmul (A = 1, B[k][x] = 256 k + x: C[y][x] =
 * 516096 + 64 x), each at two 2D shapes. */
START_TEST(a_2d_convolution_and_a_naive_matmul_are_measured_as_written)
{
	lm_device dev;
	/* PoCL takes about a millisecond to start a launch of small groups:
	 * N large enough that N / 2 takes clearly less than N */
	lm_user *k = alloc_fixture("nd-conv3x3", "nd_conv3x3", 1048576, &dev);
	ck_assert_int_ge(measure_all(k, "8x4,16x16"), 2);
	size_t bytes;
	const float *out = lm_user_output(k, "out", &bytes);
	ck_assert_uint_eq(bytes, 1048576 * sizeof(float));
	for (size_t i = 0; i < 1048576; i++)
		ck_assert_msg(out[i] == 36.0f, "out[%zu] = %g", i, out[i]);
	lm_user_free(k);
	k = alloc_fixture("nd-matmul", "nd_matmul", 0, &dev);
	ck_assert_int_ge(measure_all(k, "8x4,16x16"), 2);
	const float *c = lm_user_output(k, "c", &bytes);
	ck_assert_uint_eq(bytes, 65536 * sizeof(float));
	for (size_t i = 0; i < 65536; i++)
		ck_assert_msg(c[i] == 516096.0f + 64.0f * (float)(i % 256), "c[%zu] = %g", i, c[i]);
	lm_user_free(k);
}
END_TEST

/* A description whose local size does not divide its global at N or N / 2
 * is refused (not rounded up); a --local-size entry that does not is
 * skipped, said, the others measured; a 2D shape for a 1D kernel refused,
 * and two shapes of one size in one list (the rows would not tell them
 * apart), nothing written. */
START_TEST(a_global_the_local_size_does_not_divide_is_refused)
{
	write_file(lm_test_in(dir, "odd.cl"), "__kernel void odd(__global float *y) { y[get_global_id(0)] = 1.0f; }\n");
	write_file(lm_test_in(dir, "odd.ini"), "[kernel]\nsize = 4096\nglobal = N\nlocal = 48\nelements = N\n"
		   "bytes = 4 * N\n[y]\ntype = global float*\nlength = N\nfill = zero\noutput = yes\n");
	lm_user_desc d;
	ck_assert_int_eq(lm_user_describe(lm_test_in(dir, "odd.cl"), NULL, 0, &d), LM_EUSAGE);
	ck_assert_msg(strstr(lm_error_message(), "is 4096 at N = 4096, not a multiple of local 48"), "%s",
		      lm_error_message());
	write_file(lm_test_in(dir, "odd.ini"), "[kernel]\nsize = 262144\nglobal = N\nelements = N\n"
		   "bytes = 4 * N\n[y]\ntype = global float*\nlength = N\nfill = zero\noutput = yes\n");
	const char *out = lm_test_in(dir, "odd.csv");
	const char *args[] = { "measure", "--kernel", lm_test_in(dir, "odd.cl"), "--local-size", "48,64",
			       "--launch-ms", "1", "-o", out, NULL };
	lm_test_result *r = malloc(sizeof *r);
	lm_test_latmix(args, NULL, r);
	ck_assert_msg(r->status == 0 && strstr(r->err, "work-group 48: global 'N' is 262144 at N = 262144, "
					      "not a multiple of 48"), "exit %d: %s", r->status, r->err);
	lm_results res;
	ck_assert_msg(lm_results_read(out, &res) == LM_OK, "%s", lm_error_message());
	ck_assert_uint_ge(res.n, 1);
	for (size_t i = 0; i < res.n; i++)
		ck_assert_uint_eq(res.v[i].row.work_group_size, 64);
	lm_results_free(&res);
	const char *two[] = { "measure", "--kernel", lm_test_in(dir, "odd.cl"), "--local-size", "16x16", "-o", out,
			      NULL };
	lm_test_latmix(two, NULL, r);
	ck_assert_msg(r->status == 2 && strstr(r->err, "entry '16x16' has 2 dimensions, the kernel's NDRange 1"),
		      "exit %d: %s", r->status, r->err);
	/* two shapes of one size: rows that say the size alone would mix them */
	const char *same[] = { "measure", "--kernel", "nd-transpose", "--local-size", "16x8,32x4", "--quick", "-o",
			       lm_test_in(dir, "same.csv"), NULL };
	lm_test_latmix(same, NULL, r);
	ck_assert_msg(r->status == 2 && strstr(r->err, "16x8 and 32x4 are both 128 work-items") &&
		      access(lm_test_in(dir, "same.csv"), F_OK) != 0, "exit %d: %s", r->status, r->err);
	free(r);
}
END_TEST

/* describe writes a 2D global for a kernel that names get_global_id(1)
 * and reads no grid size, and measure takes it as written. */
START_TEST(describe_writes_a_2d_global_that_measure_takes)
{
	write_file(lm_test_in(dir, "copy2d.cl"), "__kernel void copy2d(__global float *out, __global const float *in,"
		   " const uint w) {\n  size_t x = get_global_id(0), y = get_global_id( 1 );\n"
		   "  out[y * w + x] = in[y * w + x]; }\n");
	const char *args[] = { "kernel", "--describe", lm_test_in(dir, "copy2d.cl"), NULL };
	lm_test_result *r = malloc(sizeof *r);
	lm_test_latmix(args, NULL, r);
	ck_assert_msg(r->status == 0 && strstr(r->out, "\nglobal = 1024, N / 1024"), "exit %d: %s\n%s", r->status,
		      r->out, r->err);
	/* the guesses filled in: bytes, and w the width */
	char ini[8192];
	ck_assert_uint_lt(strlen(r->out), sizeof ini);
	memcpy(ini, r->out, strlen(r->out) + 1);
	char *bytes = strstr(ini, "\nbytes =");
	ck_assert_ptr_nonnull(bytes);
	char *end = strchr(bytes + 1, '\n');
	char fixed[8192];
	snprintf(fixed, sizeof fixed, "%.*s\nbytes = 8 * N%s", (int)(bytes - ini), ini, end);
	char *w = strstr(fixed, "[w]");
	ck_assert_ptr_nonnull(w);
	snprintf(w, sizeof fixed - (size_t)(w - fixed), "[w]\ntype = uint\nvalue = 1024\n");
	write_file(lm_test_in(dir, "copy2d.ini"), fixed);
	const char *m[] = { "measure", "--kernel", lm_test_in(dir, "copy2d.cl"), "--size", "65536", "--local-size",
			    "16x16", "--launch-ms", "1", "-o", lm_test_in(dir, "copy2d.csv"), NULL };
	lm_test_latmix(m, NULL, r);
	ck_assert_msg(r->status == 0 && strstr(r->err, "work-group 16x16"), "exit %d: %s\n%s", r->status, r->err,
		      fixed);
	free(r);
}
END_TEST

/* A 2D kernel with its width and height as arguments, each compared with
 * its index: describe ties the width to the first global size and the
 * height to the second (each of them N would read past the buffers of N),
 * and the description, its bytes filled in, measures as it is. */
START_TEST(describe_ties_width_and_height_to_their_dimensions)
{
	write_file(lm_test_in(dir, "scale2d.cl"), "__kernel void scale2d(__global float *out, __global const float *in,"
		   " const uint width, const uint height) {\n  const int x = get_global_id(0), y = get_global_id(1);\n"
		   "  if (x >= (int)width || y >= (int)height)\n    return;\n"
		   "  out[(size_t)y * width + x] = 2.0f * in[(size_t)y * width + x]; }\n");
	const char *args[] = { "kernel", "--describe", lm_test_in(dir, "scale2d.cl"), NULL };
	lm_test_result *r = malloc(sizeof *r);
	lm_test_latmix(args, NULL, r);
	ck_assert_msg(r->status == 0 && strstr(r->out, "\nglobal = 1024, N / 1024"), "exit %d: %s\n%s", r->status,
		      r->out, r->err);
	const char *w = strstr(r->out, "[width]"), *h = strstr(r->out, "[height]");
	ck_assert_msg(w && h && !strncmp(strstr(w, "value = "), "value = 1024 ", 13) &&
		      !strncmp(strstr(h, "value = "), "value = N / 1024 ", 17), "%s", r->out);
	char ini[8192];
	ck_assert_uint_lt(strlen(r->out), sizeof ini);
	memcpy(ini, r->out, strlen(r->out) + 1);
	char *bytes = strstr(ini, "\nbytes =");
	ck_assert_ptr_nonnull(bytes);
	char fixed[8192];
	snprintf(fixed, sizeof fixed, "%.*s\nbytes = 8 * N%s", (int)(bytes - ini), ini, strchr(bytes + 1, '\n'));
	write_file(lm_test_in(dir, "scale2d.ini"), fixed);
	const char *m[] = { "measure", "--kernel", lm_test_in(dir, "scale2d.cl"), "--size", "65536", "--local-size",
			    "16x16", "--launch-ms", "1", "-o", lm_test_in(dir, "scale2d.csv"), NULL };
	lm_test_latmix(m, NULL, r);
	ck_assert_msg(r->status == 0 && strstr(r->err, "work-group 16x16"), "exit %d: %s\n%s", r->status, r->err,
		      fixed);
	free(r);
}
END_TEST

/* --quick over a kernel as written whose N counts rows (the suite's
 * nd-conv2d: 4096 x N pixels): N halved, but its short launch still runs
 * the work-items of the device's most warps twice over, and every global
 * size stays whole for the work-group sizes tried. */
START_TEST(quick_halves_a_2d_kernels_rows_while_they_fill_the_device)
{
	lm_device dev;
	ck_assert_int_eq(lm_device_select(NULL, 0, 0, &dev), LM_OK);
	double most = 2.0 * dev.max_warps * dev.compute_units * dev.simd_width;
	const char *args[] = { "measure", "--kernel", "nd-conv2d", "--quick", "--local-size", "8x8", "--launch-ms",
			       "1", "-o", lm_test_in(dir, "quick.csv"), NULL };
	lm_test_result *r = malloc(sizeof *r);
	lm_test_latmix(args, NULL, r);
	const char *at = strstr(r->err, "(N = ");
	ck_assert_msg(r->status == 0 && at, "exit %d: %s", r->status, r->err);
	double n = atof(at + 5);
	/* the suite describes 8192 rows: 8 halvings at most, each keeping the short launch full */
	ck_assert_msg(n >= 8192 / 256 && n <= 8192 && 4096 * floor(n / 2) >= most, "N = %g, most %g", n, most);
	/* halved once more, its short launch would be too few, or a size 64 does not divide */
	double next_short = floor(n / 4);
	ck_assert_msg(n == 8192 / 256 || 4096 * next_short < most || fmod(next_short, 64) != 0, "N = %g, most %g: "
		      "not halved as far as it could be", n, most);
	free(r);
}
END_TEST

/* A 3D kernel as written: described with three global sizes, measured
 * at a 3D shape, its output (its own coordinates) right. */
START_TEST(a_3d_kernel_is_described_and_measured_as_written)
{
	write_file(lm_test_in(dir, "at3d.cl"), "__kernel void at3d(__global uint *out) {\n"
		   "  size_t x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);\n"
		   "  out[(z * get_global_size(1) + y) * get_global_size(0) + x] = (uint)(x + 100 * y + 10000 * z); }\n");
	const char *args[] = { "kernel", "--describe", lm_test_in(dir, "at3d.cl"), NULL };
	lm_test_result *r = malloc(sizeof *r);
	lm_test_latmix(args, NULL, r);
	ck_assert_msg(r->status == 0 && strstr(r->out, "\nglobal = 64, 64, N / 4096"), "exit %d: %s\n%s", r->status,
		      r->out, r->err);
	free(r);
	write_file(lm_test_in(dir, "at3d.ini"), "[kernel]\nsize = 262144\nglobal = 64, 64, N / 4096\nelements = N\n"
		   "bytes = 4 * N\n[out]\ntype = global uint*\nlength = N\nfill = zero\noutput = yes\n");
	lm_device dev;
	ck_assert_int_eq(lm_device_select(NULL, 0, 0, &dev), LM_OK);
	lm_user_desc d;
	ck_assert_msg(lm_user_describe(lm_test_in(dir, "at3d.cl"), NULL, 0, &d) == LM_OK, "%s", lm_error_message());
	ck_assert_int_eq(d.dims, 3);
	lm_user_config cfg = { .launch_ms = 1, .repeats = 3, .settle = 0.2, .seed = 1 };
	lm_user *k;
	ck_assert_msg(lm_user_alloc(&dev, &d, &cfg, &k) == LM_OK, "%s", lm_error_message());
	ck_assert_int_ge(measure_all(k, "4x4x4,8x8x4"), 2);
	size_t bytes;
	const unsigned *out = lm_user_output(k, "out", &bytes);
	for (size_t i = 0; i < 262144; i++)
		ck_assert_msg(out[i] == i % 64 + 100 * (i / 64 % 64) + 10000 * (i / 4096), "out[%zu] = %u", i, out[i]);
	lm_user_free(k);
}
END_TEST

/* Issue 50: a row did not say its work-group's shape, so --resume with
 * another shape of a size the file held took its points for done, and
 * the report priced them at one shape. Each row says its shape now
 * (work_group_shape), and --resume skips another shape of a size the file
 * holds, saying so. */
START_TEST(a_row_says_its_shape_and_resume_keeps_one_shape_a_size)
{
	const char *out = lm_test_in(dir, "shapes.csv");
	const char *first[] = { "measure", "--kernel", "nd-transpose", "--local-size", "16x8", "--quick", "--launch-ms",
				"1", "-o", out, NULL };
	const char *other[] = { "measure", "--kernel", "nd-transpose", "--local-size", "32x4", "--quick", "--launch-ms",
				"1", "-o", out, "--resume", NULL };
	lm_test_result *r = malloc(sizeof *r);
	lm_test_latmix(first, NULL, r);
	ck_assert_msg(r->status == 0, "exit %d: %s", r->status, r->err);
	lm_test_latmix(other, NULL, r);
	ck_assert_msg(r->status == 0 && strstr(r->err, "work-group 32x4 skipped: the file resumed holds its 128 "
						       "work-items at 16x8"), "exit %d: %s", r->status, r->err);
	lm_results res;
	ck_assert_msg(lm_results_read(out, &res) == LM_OK, "%s", lm_error_message());
	ck_assert(res.n >= 1);
	for (size_t i = 0; i < res.n; i++)
		ck_assert_str_eq(res.v[i].row.shape, "16x8");
	lm_results_free(&res);
	free(r);
}
END_TEST

/* --resume with one local size more measures only its points: a point is
 * its kernel, work-group size and level. */
START_TEST(resume_adds_only_the_new_local_size)
{
	const char *out = lm_test_in(dir, "resume.csv");
	const char *first[] = { "measure", "--kernel", fixture("nd-scale", "nd_scale"), "--local-size", "32",
				"--launch-ms", "1", "-o", out, NULL };
	const char *more[] = { "measure", "--kernel", fixture("nd-scale", "nd_scale"), "--local-size", "32,64",
			       "--launch-ms", "1", "-o", out, "--resume", NULL };
	lm_test_result *r = malloc(sizeof *r);
	lm_test_latmix(first, NULL, r);
	ck_assert_msg(r->status == 0, "exit %d: %s", r->status, r->err);
	lm_test_latmix(more, NULL, r);
	ck_assert_msg(r->status == 0, "exit %d: %s", r->status, r->err);
	lm_results res;
	ck_assert_msg(lm_results_read(out, &res) == LM_OK, "%s", lm_error_message());
	unsigned n32 = 0, n64 = 0;
	for (size_t i = 0; i < res.n; i++) {
		n32 += res.v[i].row.work_group_size == 32;
		n64 += res.v[i].row.work_group_size == 64;
	}
	ck_assert_msg(n32 >= 1 && n64 == n32 && n32 + n64 == res.n, "rows: %u of 32, %u of 64, %zu in all", n32, n64,
		      res.n);
	lm_results_free(&res);
	free(r);
}
END_TEST

/* One small case under oclgrind, which reports every access out of a
 * buffer's bounds: the wrappers and their counters touch none. */
START_TEST(a_kernel_as_written_is_clean_under_oclgrind)
{
	if (system("command -v oclgrind >/dev/null 2>&1") != 0) {
		printf("skipped: oclgrind not found\n");
		return;
	}
	if (getenv("LATMIX_SANITIZED")) {
		printf("skipped: a sanitized latmix cannot run under oclgrind (it preloads its runtime)\n");
		return;
	}
	const char *logf = lm_test_in(dir, "oclgrind.log");
	const char *argv[] = { "oclgrind", "--log", logf, "--check-api", getenv("LATMIX"), "measure", "-d",
			       "Oclgrind", "--kernel", fixture("nd-scale", "nd_scale"), "--size", "4096",
			       "--local-size", "32,64", "--launch-ms", "0.05", "-o", lm_test_in(dir, "og.csv"), NULL };
	lm_test_result *r = malloc(sizeof *r);
	lm_test_command(argv, NULL, r);
	ck_assert_msg(r->status == 0, "exit %d: %s", r->status, r->err);
	char log[4096];
	lm_test_slurp(logf, log, sizeof log);
	ck_assert_msg(log[0] == '\0', "oclgrind reports:\n%s", log);
	free(r);
}
END_TEST

int main(void)
{
	if (!mkdtemp(dir))
		return 1;
	Suite *s = suite_create("usernd");
	TCase *tc = tcase_create("usernd");
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, the_verdict_takes_only_the_level_claimed);
	tcase_add_test(tc, each_reserve_holds_its_level_on_an_h100);
	tcase_add_test(tc, nvidias_kernel_limit_of_256_is_not_taken);
	tcase_add_test(tc, a_one_element_kernel_gives_the_same_outputs_at_two_local_sizes);
	tcase_add_test(tc, an_output_that_depends_on_the_local_size_is_found);
	tcase_add_test(tc, the_counted_residency_agrees_with_every_row);
	tcase_add_test(tc, a_2d_convolution_and_a_naive_matmul_are_measured_as_written);
	tcase_add_test(tc, a_global_the_local_size_does_not_divide_is_refused);
	tcase_add_test(tc, describe_writes_a_2d_global_that_measure_takes);
	tcase_add_test(tc, describe_ties_width_and_height_to_their_dimensions);
	tcase_add_test(tc, quick_halves_a_2d_kernels_rows_while_they_fill_the_device);
	tcase_add_test(tc, a_3d_kernel_is_described_and_measured_as_written);
	tcase_add_test(tc, resume_adds_only_the_new_local_size);
	tcase_add_test(tc, a_row_says_its_shape_and_resume_keeps_one_shape_a_size);
	tcase_add_test(tc, a_kernel_as_written_is_clean_under_oclgrind);
	suite_add_tcase(s, tc);
	return lm_test_run_in(s, dir);
}
