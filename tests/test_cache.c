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
#include "fit/params.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* nd_matmul(C, A, B, ...): its loop, unrolled four times, loads B four
 * times with lines of their own and A four times at one address for the
 * warp (hits, none of their own) */
START_TEST(a_loops_loads_are_counted_by_the_argument_they_read)
{
	lm_count m;
	lm_test_count_fixture("tests/fixtures/ptx/h200-nd-matmul.ptx", "nd_matmul", &m);
	ck_assert_uint_eq(m.own_loads, 4);
	ck_assert_uint_eq(m.arg_loads[2], 4);
	ck_assert_uint_eq(m.arg_loads[1], 0);
	ck_assert_uint_eq(m.arg_loads[0], 0);
	lm_count_arrays a = lm_count_arrays_of(&m);
	unsigned long long held;
	/* none said, no description's bytes: none held */
	ck_assert_double_eq(lm_count_cache_share(&a, 17e6, 4e6, 256, 4, &held, NULL), 0);
	ck_assert_uint_eq(held, 0);
	a.cached = 1ull << 2;
	ck_assert_double_eq(lm_count_cache_share(&a, 17e6, 4e6, 256, 4, &held, NULL), 1);
	a.cached = 1ull << 1;
	ck_assert_double_eq(lm_count_cache_share(&a, 17e6, 4e6, 256, 4, &held, NULL), 0);
	/* B's 4 MiB, read 4M x 256 x 4 loads x 4 bytes: held under 17 MB, not
	 * under 4 MB; not without the launch's work-items or a file's bytes;
	 * an array read once over is not held */
	a.cached = 0;
	a.bytes[2] = 4 << 20;
	ck_assert_double_eq(lm_count_cache_share(&a, 17e6, 4e6, 256, 4, &held, NULL), 1);
	ck_assert_uint_eq(held, 1ull << 2);
	ck_assert_double_eq(lm_count_cache_share(&a, 4e6, 4e6, 256, 4, NULL, NULL), 0);
	ck_assert_double_eq(lm_count_cache_share(&a, 17e6, 0, 256, 4, NULL, NULL), 0);
	ck_assert_double_eq(lm_count_cache_share(&a, NAN, 4e6, 256, 4, NULL, NULL), 0);
	ck_assert_double_eq(lm_count_cache_share(&a, 17e6, (4 << 20) / 16, 1, 4, NULL, NULL), 0);
	ck_assert_double_eq(lm_count_cache_share(&a, 17e6, (4 << 20) / 8, 1, 4, NULL, NULL), 1);
}
END_TEST

/* nd_spmv(y, row_ptr, col, val, x, rows): its loop's col and val loads
 * (each lane's own run, priced as coalesced) are counted by argument; its
 * gathers of x, scattered, are not (the scattered kind prices them), so x
 * held moves no coalesced load to the cache's price */
START_TEST(a_gathered_load_is_not_among_the_loads_by_argument)
{
	lm_count m;
	lm_test_count_fixture("tests/fixtures/ptx/h200-nd-spmv.ptx", "nd_spmv", &m);
	ck_assert_uint_eq(m.arg_loads[4], 0);
	ck_assert_uint_eq(m.arg_loads[2], 4);
	ck_assert_uint_eq(m.arg_loads[3], 4);
	ck_assert_uint_eq(m.own_loads, 8);
	lm_count_arrays a = lm_count_arrays_of(&m);
	a.cached = 1ull << 4;
	ck_assert_double_eq(lm_count_cache_share(&a, 17e6, 4e6, 4, 4, NULL, NULL), 0);
}
END_TEST

/* A whole working set the cache's buffer holds (nd_copy(c, a, n): c
 * stored, a loaded): every array the kernel uses sized and together no
 * larger than cache_bytes, launched again and again as latmix times it,
 * so every array it loads is held, said whole; the sum too large, or an
 * array it uses unsized, and none is */
START_TEST(a_working_set_the_cache_holds_is_held_whole)
{
	lm_count m;
	lm_test_count_fixture("tests/fixtures/ptx/h100-nd-copy.ptx", "nd_copy", &m);
	lm_count_arrays a = lm_count_arrays_of(&m);
	ck_assert_uint_eq(a.used, 3);
	a.bytes[0] = a.bytes[1] = 4 << 20;
	unsigned long long held;
	bool whole;
	ck_assert_double_eq(lm_count_cache_share(&a, 17e6, 0, 1, 4, &held, &whole), 1);
	ck_assert(whole);
	ck_assert_uint_eq(held, 3);
	a.bytes[0] = 16 << 20;
	ck_assert_double_eq(lm_count_cache_share(&a, 17e6, 0, 1, 4, &held, &whole), 0);
	ck_assert(!whole);
	a.bytes[0] = 0;
	ck_assert_double_eq(lm_count_cache_share(&a, 17e6, 0, 1, 4, &held, &whole), 0);
	ck_assert(!whole);
	a.bytes[0] = 4 << 20;
	ck_assert_double_eq(lm_count_cache_share(&a, NAN, 0, 1, 4, &held, &whole), 0);
}
END_TEST

/* A count file keeps the loads by argument, their arrays' bytes and those
 * said cached, read back as written; lists that are not those refused,
 * naming the key */
START_TEST(a_count_file_keeps_the_loads_by_argument)
{
	lm_count m;
	lm_test_count_fixture("tests/fixtures/ptx/h200-nd-matmul.ptx", "nd_matmul", &m);
	m.scalars.bytes[1] = 16 << 20;
	m.scalars.bytes[2] = 4 << 20;
	m.scalars.cached = 1ull << 2;
	char dir[] = "/tmp/latmix-cache-XXXXXX", path[64];
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/c.ini", dir);
	FILE *f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	lm_count_write_ini(f, "nd-matmul", &m, NULL);
	fclose(f);
	lm_count_file cf;
	ck_assert_msg(lm_count_read_ini(path, &cf) == LM_OK, "%s", lm_error_message());
	lm_count_arrays a = lm_count_arrays_of(&m);
	ck_assert_mem_eq(&cf.arrays, &a, sizeof a);
	static const char *const bad[][2] = { { "arg_loads = 2:4:1", "arg_loads" }, { "arg_loads = 64:1", "arg_loads" },
					      { "arg_loads = 2:300", "arg_loads" }, { "arg_bytes = 2:-1", "arg_bytes" },
					      { "cached = 2:1", "cached" }, { "arg_loads = 2:5", "more than own_loads" },
					      { "own_loads = x", "own_loads" }, { "arg_bytes = 1:1e99", "arg_bytes" } };
	char good[8192], line[256];
	f = fopen(path, "r");
	ck_assert_ptr_nonnull(f);
	good[fread(good, 1, sizeof good - 1, f)] = '\0';
	fclose(f);
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		/* the good file with the bad key's line in place of its own */
		size_t key = strcspn(bad[i][0], " ");
		f = fopen(path, "w");
		ck_assert_ptr_nonnull(f);
		for (const char *p = good; *p; p += strlen(line)) {
			snprintf(line, sizeof line, "%.*s", (int)(strcspn(p, "\n") + 1), p);
			fputs(strncmp(line, bad[i][0], key + 1) == 0 ? "" : line, f);
		}
		fprintf(f, "%s\n", bad[i][0]);
		fclose(f);
		ck_assert_int_eq(lm_count_read_ini(path, &cf), LM_EPARSE);
		ck_assert_msg(strstr(lm_error_message(), bad[i][1]), "%s: %s", bad[i][0], lm_error_message());
	}
	lm_test_remove_dir(dir);
}
END_TEST

/* The rate predict gives nd-matmul at 128 work-items and 16 warps a CU,
 * with the parameter file params and --arg cached (NULL: none). */
static double matmul_rate(const char *params, const char *cached, lm_test_result *r)
{
	char spec[700], path[600];
	lm_test_fixture_spec(spec, sizeof spec, "tests/fixtures/ptx/h200-nd-matmul.ptx", "nd_matmul");
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
	/* nd-copy at its description's N, 512 MiB a launch: not held; at N =
	 * 1M, 8 MiB together: held whole, said */
	lm_test_source_path(src, sizeof src, "cl/kernels/nd-copy");
	snprintf(cmd, sizeof cmd, "cp '%s.cl' '%s.ini' '%s/' && sed 's/^size = .*/size = 1048576/' '%s.ini' > "
		 "'%s/small.ini' && cp '%s.cl' '%s/small.cl'", src, src, dir, src, dir, src, dir);
	ck_assert_int_eq(system(cmd), 0);
	for (int i = 0; i < 2; i++) {
		snprintf(spec, sizeof spec, "%s/%s.cl:nd_copy", dir, i ? "small" : "nd-copy");
		lm_test_latmix(args, NULL, r);
		ck_assert_msg(r->status == 0 && !strstr(r->err, "its arrays together are no larger") == !i,
			      "%s: %.300s %.900s", spec, r->out, r->err);
	}
	/* its own description at --size 1048576, as measure --size ran it: held */
	snprintf(spec, sizeof spec, "%s/nd-copy.cl:nd_copy", dir);
	const char *sized[] = { "predict", params, "--kernel", spec, "--size", "1048576", "--local-size", "128", "--warps",
				"16", "--csv", NULL };
	lm_test_latmix(sized, NULL, r);
	ck_assert_msg(r->status == 0 && strstr(r->err, "its arrays together are no larger"), "%.300s %.900s", r->out,
		      r->err);
	free(r);
	lm_test_remove_dir(dir);
}
END_TEST

/* A working set over the buffer the cache figures were measured on, but
 * within six times it, is priced at DRAM's rates and said so (an H200 ran
 * a copy of 48-80 MiB 14-30% under that price): nd-copy's PTX with its two
 * arrays sized by --arg, 32 MiB each (64 MiB together, 3.9 times the
 * fixture's 16.5 MiB) said; 8 MiB each (held whole) and 512 MiB each not. */
START_TEST(a_working_set_a_few_times_the_cache_is_said)
{
	char params[600], spec[700];
	lm_test_source_path(params, sizeof params, "tests/fixtures/cache/h200-params-kernels.ini");
	lm_test_fixture_spec(spec, sizeof spec, "tests/fixtures/ptx/h100-nd-copy.ptx", "nd_copy");
	const char *bytes[] = { "0=bytes:33554432,1=bytes:33554432", "0=bytes:8388608,1=bytes:8388608",
				"0=bytes:536870912,1=bytes:536870912" };
	lm_test_result *r = malloc(sizeof *r);
	for (int i = 0; i < 3; i++) {
		const char *args[] = { "predict", params, "--kernel", spec, "--arg", bytes[i], "--local-size", "256",
				       "--warps", "32", "--csv", NULL };
		lm_test_latmix(args, NULL, r);
		bool said = strstr(r->err, "its arrays together, 64.0 MiB, are 3.9 times the 16.5 MiB") != NULL;
		ck_assert_msg(r->status == 0 && said == (i == 0) && !strstr(r->out, "latmix"), "%s: %.300s %.900s",
			      bytes[i], r->out, r->err);
	}
	free(r);
}
END_TEST

/* The report's device table gives the cache's hit as the committed H200
 * sweep measured it (its latency, what a doubling of chains adds, its
 * bandwidth), and stream-scatter's stores, each as the committed
 * params-kernels.ini fitted from that sweep has them (pictures not drawn:
 * no gnuplot) */
START_TEST(the_report_says_the_caches_hit)
{
	char dir[] = "/tmp/latmix-cache-XXXXXX", src[600], cmd[2000];
	static char md[1 << 20];
	ck_assert_ptr_nonnull(mkdtemp(dir));
	lm_test_source_path(src, sizeof src, "data/measured/nvidia-h200/measurements.csv");
	snprintf(cmd, sizeof cmd, "cp '%s' '%s/'", src, dir);
	ck_assert_int_eq(system(cmd), 0);
	lm_test_result *r = malloc(sizeof *r);
	lm_test_latmix((const char *const[]){ "report", dir, NULL }, "/nonexistent/gnuplot", r);
	ck_assert_msg(r->status == 0, "%.600s", r->err);
	snprintf(cmd, sizeof cmd, "%s/report/report.md", dir);
	lm_test_slurp(cmd, md, sizeof md);
	/* the figures the committed params-kernels.ini holds, fitted from the same sweep */
	lm_params ps;
	lm_test_source_path(src, sizeof src, "data/measured/nvidia-h200/params-kernels.ini");
	ck_assert_msg(lm_params_read(src, &ps) == LM_OK, "%s", lm_error_message());
	const lm_param *lat = &ps.p[LM_PARAM_CACHE_LAT], *ch = &ps.p[LM_PARAM_CACHE_CHAIN_LAT],
		       *thru = &ps.p[LM_PARAM_CACHE_THRU], *sc = &ps.p[LM_PARAM_SCATTER_STORE_THRU];
	ck_assert(lat->kind == LM_PARAM_VALUE && ch->kind == LM_PARAM_VALUE && thru->kind == LM_PARAM_VALUE &&
		  sc->kind == LM_PARAM_VALUE);
	char want[400];
	snprintf(want, sizeof want, "| the global-memory cache's hit (`gmem-cache` at one warp, `stream-cache`'s plateau) | "
		 "%.1f cycles (%.1f ± %.1f more a doubling of a warp's chains), %.4g warp loads/cycle/CU", lat->value,
		 ch->value, ch->std_error, thru->value);
	ck_assert_msg(strstr(md, want), "%s\n%.400s", want, strstr(md, "cache's hit") ? strstr(md, "cache's hit") : "no cache row");
	snprintf(want, sizeof want, "(`stream-scatter`) | %.4g ± %.2g warp stores/cycle/CU", sc->value, sc->std_error);
	ck_assert_msg(strstr(md, want), "%s\n%.400s", want, strstr(md, "stream-scatter`)") ? strstr(md, "stream-scatter`)") : "no row");
	free(r);
	lm_test_remove_dir(dir);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("cache");
	TCase *tc = tcase_create("cache");
	tcase_add_test(tc, a_loops_loads_are_counted_by_the_argument_they_read);
	tcase_add_test(tc, a_count_file_keeps_the_loads_by_argument);
	tcase_add_test(tc, a_working_set_the_cache_holds_is_held_whole);
	tcase_add_test(tc, a_working_set_a_few_times_the_cache_is_said);
	tcase_add_test(tc, the_report_says_the_caches_hit);
	tcase_add_test(tc, a_gathered_load_is_not_among_the_loads_by_argument);
	tcase_add_test(tc, loads_of_a_cached_argument_are_priced_at_the_caches_figures);
	tcase_add_test(tc, an_array_the_description_sizes_under_the_cache_and_reads_again_is_held);
	suite_add_tcase(s, tc);
	return lm_test_run(s);
}
