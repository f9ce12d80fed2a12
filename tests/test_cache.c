/* Loads of an array the device's global-memory cache holds: which of a
 * loop's loads read each pointer argument (lanes.c, lm_count's arg_loads),
 * and predict pricing those of the arrays the cache holds (--arg
 * NAME=cached, or an array of the description's no larger than the file's
 * cache_bytes that the launch reads twice over) at the file's cache_lat
 * and cache_thru (predict_written.c, fit/model.c). The fixtures: the PTX
 * NVIDIA's driver built for the suite's nd-matmul on an H200, and that
 * H200's parameter file with the cache's figures (studies/cache-hit/). */
#include "testutil.h"
#include "testrun.h"
#include "asm/count.h"
#include "bench/kernels.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void count_fixture(const char *file, const char *name, lm_count *m)
{
	char path[600], *text = NULL;
	lm_test_source_path(path, sizeof path, file);
	ck_assert_msg(lm_read_text(path, &text) == LM_OK, "%s", lm_error_message());
	ck_assert_msg(lm_count_count_ptx(text, name, m) == LM_OK, "%s: %s", file, lm_error_message());
	free(text);
}

/* nd_matmul(C, A, B, ...): its loop, unrolled four times, loads B four
 * times with lines of their own and A four times at one address for the
 * warp (hits, none of their own) */
START_TEST(a_loops_loads_are_counted_by_the_argument_they_read)
{
	lm_count m;
	count_fixture("tests/fixtures/ptx/h200-nd-matmul.ptx", "nd_matmul", &m);
	ck_assert_uint_eq(m.own_loads, 4);
	ck_assert_uint_eq(m.arg_loads[2], 4);
	ck_assert_uint_eq(m.arg_loads[1], 0);
	ck_assert_uint_eq(m.arg_loads[0], 0);
	ck_assert_double_eq(lm_count_cache_share(&m, 1ull << 2), 1);
	ck_assert_double_eq(lm_count_cache_share(&m, 1ull << 1), 0);
	ck_assert_double_eq(lm_count_cache_share(&m, 0), 0);
}
END_TEST

/* The rate predict gives nd-matmul at 128 work-items and 16 warps a CU,
 * with the parameter file params and --arg cached (NULL: none). */
static double matmul_rate(const char *params, const char *cached, lm_test_result *r)
{
	char spec[700], path[600];
	lm_test_source_path(spec, sizeof spec - 16, "tests/fixtures/ptx/h200-nd-matmul.ptx");
	strcat(spec, ":nd_matmul");
	lm_test_source_path(path, sizeof path, params);
	const char *args[16] = { "predict", path, "--kernel", spec, "--trip", "1024", "--local-size", "128",
				 "--warps", "16", "--csv", cached ? "--arg" : NULL, cached, NULL };
	lm_test_latmix(args, NULL, r);
	const char *row = strchr(r->out, '\n');
	double rate = 0;
	ck_assert_msg(r->status == 0 && row && sscanf(row + 1, "16,128,4,%lf,", &rate) == 1 && rate > 0,
		      "%.300s %.600s", r->out, r->err);
	return rate;
}

/* --arg 2=cached: B's loads priced at the file's cache_lat (295 cycles
 * where DRAM's mem_lat is 701), so the latency-bound rate rises by about
 * their ratio, and it is said; a file without the cache's figures prices
 * them as DRAM's, saying so; no argument cached, no word of it */
START_TEST(loads_of_a_cached_argument_are_priced_at_the_caches_figures)
{
	lm_test_result *r = malloc(sizeof *r);
	double dram = matmul_rate("tests/fixtures/cache/h200-params-kernels.ini", NULL, r);
	ck_assert_msg(!strstr(r->err, "the cache holds"), "%.600s", r->err);
	double hit = matmul_rate("tests/fixtures/cache/h200-params-kernels.ini", "2=cached", r);
	ck_assert_msg(strstr(r->err, "4 of its 4 loads an iteration read arrays the cache holds (arguments 2") &&
			      strstr(r->err, "cache_lat 295 cycles"), "%.600s", r->err);
	ck_assert_msg(hit / dram > 1.6 && hit / dram < 2.4, "%g against %g", hit, dram);
	double old = matmul_rate("tests/fixtures/h100-2026-11-28/params-kernels.ini", "2=cached", r);
	ck_assert_msg(strstr(r->err, "priced as DRAM's, as the file has no cache_lat"), "%.600s", r->err);
	double old_dram = matmul_rate("tests/fixtures/h100-2026-11-28/params-kernels.ini", NULL, r);
	ck_assert_double_eq_tol(old, old_dram, old_dram * 1e-9);
	char path[600];
	lm_test_source_path(path, sizeof path, "tests/fixtures/cache/h200-params-kernels.ini");
	const char *bad[] = { "predict", path, "--kernel", "y.ptx:k", "--arg", "2=cache", NULL };
	lm_test_latmix(bad, NULL, r);
	ck_assert_msg(r->status == 2 && strstr(r->err, "nor cached"), "%.300s", r->err);
	free(r);
}
END_TEST

/* From its description: nd-matmul's B (4 MiB, under the file's 16.5 MiB
 * cache_bytes, read by every row) is taken as held; made 64 MiB, it is
 * not. Counted by clang's NVPTX build (skipped without clang and libclc). */
START_TEST(an_array_the_description_sizes_under_the_cache_and_reads_again_is_held)
{
	if (system("command -v clang >/dev/null 2>&1 || ls /usr/bin/clang-[0-9]* >/dev/null 2>&1") != 0 ||
	    system("ls /usr/lib/clc/nvptx64--nvidiacl.bc >/dev/null 2>&1") != 0) {
		printf("skipped: no clang or libclc for nvptx\n");
		return;
	}
	char dir[] = "/tmp/latmix-cache-XXXXXX", cmd[4096], params[600], src[600], spec[700];
	ck_assert_ptr_nonnull(mkdtemp(dir));
	lm_test_source_path(params, sizeof params, "tests/fixtures/cache/h200-params-kernels.ini");
	lm_test_source_path(src, sizeof src, "cl/kernels/nd-matmul");
	snprintf(cmd, sizeof cmd, "cp '%s.cl' '%s.ini' '%s/' && sed 's/^length = 1024 \\* 1024$/length = 4096 * 4096/' "
		 "'%s.ini' > '%s/big.ini' && cp '%s.cl' '%s/big.cl'", src, src, dir, src, dir, src, dir);
	ck_assert_int_eq(system(cmd), 0);
	lm_test_result *r = malloc(sizeof *r);
	snprintf(spec, sizeof spec, "%s/nd-matmul.cl:nd_matmul", dir);
	const char *args[] = { "predict", params, "--kernel", spec, "--local-size", "128", "--warps", "16", "--csv", NULL };
	lm_test_latmix(args, NULL, r);
	ck_assert_msg(r->status == 0 && strstr(r->err, "read arrays the cache holds (arguments 2,"), "%.300s %.900s",
		      r->out, r->err);
	snprintf(spec, sizeof spec, "%s/big.cl:nd_matmul", dir);
	lm_test_latmix(args, NULL, r);
	ck_assert_msg(r->status == 0 && !strstr(r->err, "the cache holds"), "%.300s %.900s", r->out, r->err);
	free(r);
	lm_test_remove_dir(dir);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("cache");
	TCase *tc = tcase_create("cache");
	tcase_add_test(tc, a_loops_loads_are_counted_by_the_argument_they_read);
	tcase_add_test(tc, loads_of_a_cached_argument_are_priced_at_the_caches_figures);
	tcase_add_test(tc, an_array_the_description_sizes_under_the_cache_and_reads_again_is_held);
	suite_add_tcase(s, tc);
	return lm_test_run(s);
}
