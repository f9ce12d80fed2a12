/* The measurement engine on whatever OpenCL device is first (PoCL in CI):
 * a tiny sweep whose every launch is checked against the host's walk. */
#include "testutil.h"
#include "testrun.h"
#include "bench/dispatch.h"
#include "bench/measure.h"
#include "fit/results.h"
#include "bench/kernels.h"
#include "bench/userfill.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static lm_device dev;
static lm_meas_config cfg;

/* Runs in each test's own process: an OpenCL runtime does not survive the
 * fork check uses to isolate tests. */
static void setup(void)
{
	if (lm_device_select(NULL, 0, 0, &dev) != LM_OK) {
		fprintf(stderr, "no OpenCL device: %s\n", lm_error_message());
		exit(1);
	}
	cfg = (lm_meas_config){ .mix = lm_mix_find("gmem"), .footprint = 4u << 20, .chains = 1,
				.launch_ms = 1, .repeats = 3, .seed = 7 };
}

static const lm_alpha alphas[] = { { 0, 1 }, { 1, 4 }, { 2, 1 }, { 1, 0 } };
static const unsigned warps[] = { 1, 2, 4 };

START_TEST(small_sweep_checks_every_thread)
{
	lm_meas *m;
	ck_assert_msg(lm_meas_alloc(&dev, &cfg, &m) == LM_OK, "%s", lm_error_message());
	for (size_t i = 0; i < 4; i++) {
		double inf_at_1 = 0;
		for (size_t j = 0; j < 3; j++) {
			lm_row r;
			ck_assert_msg(lm_meas_point(m, alphas[i], 1, warps[j], &r) == LM_OK, "%s",
				      lm_error_message());
			ck_assert_uint_eq(r.checked, (unsigned long)warps[j] * dev.compute_units * dev.simd_width);
			ck_assert_uint_eq(r.groups_per_cu * r.warps_per_group, warps[j]);
			ck_assert(r.time_min <= r.time_med && r.time_med <= r.time_max && r.time_min > 0);
			ck_assert_int_eq(r.repeats, 3); /* settle 0: every repeat */
			ck_assert(r.cycles_per_group > 0 && isfinite(r.cycles_per_group));
			if (alphas[i].den) {
				ck_assert(r.mem_ipc > 0 && isfinite(r.mem_ipc));
				ck_assert(r.bytes_per_s > 0 && isfinite(r.bytes_per_s));
				ck_assert_rel(r.alu_ipc, lm_alpha_value(alphas[i]) * r.mem_ipc, 1e-12);
			} else {
				ck_assert(r.alu_ipc > 0 && isfinite(r.alu_ipc));
				ck_assert_rel(r.mem_ipc, 0, 0);
				/* more warps never costs throughput (a quarter allowed for
				 * noise: this is a sanity bound, not a timing test) */
				if (warps[j] == 1)
					inf_at_1 = r.alu_ipc;
				else
					ck_assert_msg(r.alu_ipc > 0.25 * inf_at_1, "%u warps: %g IPC, 1 warp: %g",
						      warps[j], r.alu_ipc, inf_at_1);
			}
		}
	}
	lm_meas_free(m);
}
END_TEST

/* The reference (issue 20): one warp per CU, one chain, built without the
 * stop flag (its build options say LM_NO_FLAG), every chain's end checked;
 * a point after it is built with the flag again. */
START_TEST(the_reference_runs_flag_free_and_checked)
{
	lm_meas *m;
	ck_assert_msg(lm_meas_alloc(&dev, &cfg, &m) == LM_OK, "%s", lm_error_message());
	for (size_t i = 0; i < 4; i++) {
		lm_row r;
		ck_assert_msg(lm_meas_reference(m, alphas[i], &r) == LM_OK, "%s", lm_error_message());
		ck_assert_str_eq(r.timing, "reference");
		ck_assert_uint_eq(r.warps, 1);
		ck_assert_uint_eq(r.chains, 1);
		ck_assert_uint_eq(r.checked, (unsigned long)dev.compute_units * dev.simd_width);
		ck_assert(r.cycles_per_group > 0 && isfinite(r.cycles_per_group));
	}
	lm_row p;
	ck_assert_msg(lm_meas_point(m, alphas[0], 1, 1, &p) == LM_OK, "%s", lm_error_message());
	ck_assert_str_ne(p.timing, "reference");
	lm_meas_free(m);
}
END_TEST

START_TEST(rows_round_trip_through_csv)
{
	lm_meas *m;
	ck_assert_int_eq(lm_meas_alloc(&dev, &cfg, &m), LM_OK);
	lm_row rows[2];
	ck_assert_int_eq(lm_meas_point(m, (lm_alpha){ 3, 4 }, 1, 2, &rows[0]), LM_OK);
	ck_assert_int_eq(lm_meas_point(m, (lm_alpha){ 1, 0 }, 1, 1, &rows[1]), LM_OK);
	lm_meas_free(m);
	char path[] = "/tmp/latmix-rows-XXXXXX";
	int fd = mkstemp(path);
	FILE *f = fdopen(fd, "w");
	fputs("# device = test\n", f);
	lm_results_header(f);
	ck_assert_int_eq(lm_results_row(f, "gmem", &rows[0]), LM_OK);
	ck_assert_int_eq(lm_results_row(f, "gmem", &rows[1]), LM_OK);
	fclose(f);
	lm_results res;
	ck_assert_msg(lm_results_read(path, &res) == LM_OK, "%s", lm_error_message());
	unlink(path);
	ck_assert_uint_eq(res.n, 2);
	ck_assert_str_eq(res.device, "test");
	for (int i = 0; i < 2; i++) {
		const lm_row *a = &rows[i], *b = &res.v[i].row;
		ck_assert_str_eq(res.v[i].mix, "gmem");
		ck_assert(a->alpha.num == b->alpha.num && a->alpha.den == b->alpha.den);
		ck_assert_uint_eq(a->warps, b->warps);
		ck_assert_uint_eq(a->iters, b->iters);
		ck_assert_uint_eq(a->mem_per_iter, b->mem_per_iter);
		ck_assert_rel(b->time_med, a->time_med, 1e-8);
		ck_assert_rel(b->mem_ipc, a->mem_ipc, 1e-8);
		ck_assert_rel(b->alu_ipc, a->alu_ipc, 1e-8);
		ck_assert_rel(b->cycles_per_group, a->cycles_per_group, 1e-8);
		ck_assert_str_eq(b->clock_source, a->clock_source);
		ck_assert_str_eq(b->coresident, a->coresident);
		ck_assert_uint_eq(a->checked, b->checked);
	}
	lm_results_free(&res);
}
END_TEST

/* A point whose chains would lie fewer than LM_MEAS_MIN_LINES lines apart
 * is refused, not measured in cache; with room enough it runs. */
/* A stream's warps drift apart: its threads spread over the footprint as 4
 * chains at least (one chain's 1.1 GB let an H200 read 5.1 TB/s), so its
 * default footprint is a 4-chain chase's; chases keep their own count */
START_TEST(a_stream_spreads_as_four_chains)
{
	const lm_mix *stream = lm_mix_find("stream-store-shift"), *gmem = lm_mix_find("gmem");
	ck_assert_uint_eq(lm_meas_spread_chains(stream, 1), LM_MEAS_STREAM_SPREAD);
	ck_assert_uint_eq(lm_meas_spread_chains(stream, 8), 8);
	ck_assert_uint_eq(lm_meas_spread_chains(gmem, 1), 1);
	ck_assert_uint_eq(lm_meas_spread_chains(gmem, 8), 8);
	lm_device d = { .type = CL_DEVICE_TYPE_GPU, .max_warps = 64, .compute_units = 132, .simd_width = 32,
			.cache_size = 50u << 20, .max_alloc = 64ull << 30 };
	ck_assert_uint_eq(lm_meas_default_footprint(&d, false, lm_meas_spread_chains(stream, 1)),
			  4 * lm_meas_default_footprint(&d, false, 1));
}
END_TEST

/* A sweep's mixes pass their chase buffer on (lm_meas_config keep): gmem,
 * gmem-store and gmem-store-half write one chase, which the second and
 * third take as the first wrote it; gmem-stride2's lines are twice as
 * wide, so it writes its own, and the one kept is released first; the
 * stream mixes (on a CPU a pattern, on a GPU the chase) the same. Every
 * buffer holds, word for word, what the host says it holds. */
START_TEST(mixes_of_one_chase_take_the_buffer_the_mix_before_left)
{
	static const char *const order[] = { "gmem", "gmem-store", "gmem-store-half", "gmem-stride2", "stream",
					     "stream-store" };
	static const bool kept[] = { false, true, true, false, false, true };
	lm_meas_buffer keep = { 0 };
	cl_int err;
	cl_context ctx = clCreateContext(NULL, 1, &dev.id, NULL, NULL, &err); /* a sweep's, shared */
	ck_assert_int_eq(err, CL_SUCCESS);
	for (size_t i = 0; i < sizeof order / sizeof order[0]; i++) {
		lm_meas_config c = cfg;
		c.mix = lm_mix_find(order[i]);
		c.keep = &keep;
		c.context = ctx;
		lm_meas *m;
		ck_assert_msg(lm_meas_alloc(&dev, &c, &m) == LM_OK, "%s: %s", order[i], lm_error_message());
		ck_assert_msg(lm_meas_buffer_kept(m) == kept[i], "%s: kept %d", order[i], lm_meas_buffer_kept(m));
		ck_assert_msg(lm_meas_check_chase(m) == LM_OK, "%s: %s", order[i], lm_error_message());
		ck_assert_ptr_nonnull(keep.buf);
		lm_meas_free(m);
	}
	lm_meas_buffer_release(&keep);
	ck_assert_ptr_null(keep.buf);
	clReleaseContext(ctx);
}
END_TEST

/* A CPU's footprint is 8 times its cache, or the power of two of bytes
 * under it where that keeps 6.4 times (its chase then takes one step of the
 * bijection a line, not two), within 512 MiB (quick 256) and a sink of 256
 * MiB: the host's memory, which a run keeps within 1 GiB whatever cache
 * PoCL reports (260 and 480 MiB on two-core cloud machines); under 8 caches
 * the chase says what that does to the latency. */
START_TEST(a_cpus_footprint_is_near_eight_caches_within_a_budget)
{
	lm_device d = { .type = CL_DEVICE_TYPE_CPU, .max_warps = 16, .compute_units = 2, .simd_width = 8,
			.cache_size = 32ull << 20, .max_alloc = 4ull << 30, .name = "pthread" };
	char note[384];
	ck_assert_uint_eq(lm_meas_default_footprint(&d, false, 1), 256ull << 20);
	ck_assert(!lm_meas_footprint_note(&d, 256ull << 20, note, sizeof note));
	d.cache_size = 40ull << 20; /* 256 MiB would be 6.4 caches: kept */
	ck_assert_uint_eq(lm_meas_default_footprint(&d, false, 1), 256ull << 20);
	d.cache_size = 50ull << 20; /* 5.1 caches: 400 MiB */
	ck_assert_uint_eq(lm_meas_default_footprint(&d, false, 1), 400ull << 20);
	d.cache_size = 266240ull << 10;
	ck_assert_uint_eq(lm_meas_default_footprint(&d, false, 1), 512ull << 20);
	ck_assert_uint_eq(lm_meas_default_footprint(&d, true, 1), 256ull << 20);
	ck_assert_uint_eq(lm_meas_sink_bytes(&d, 512ull << 20), 256ull << 20);
	ck_assert(lm_meas_footprint_note(&d, 512ull << 20, note, sizeof note));
	ck_assert_msg(strstr(note, "512 MiB is 2.0 times the 260 MiB cache pthread reports") &&
		      strstr(note, "--footprint 2080M"), "%s", note);
	ck_assert(!lm_meas_footprint_note(&d, 2080ull << 20, note, sizeof note));
	d.cache_size = 1ull << 20;
	ck_assert_uint_eq(lm_meas_default_footprint(&d, true, 1), 8ull << 20);
	d.cache_size = 0; /* not reported: nothing to say */
	ck_assert(!lm_meas_footprint_note(&d, 8ull << 20, note, sizeof note));
	/* a GPU keeps its 1 GiB floor and sink of up to 1 GiB */
	d = (lm_device){ .type = CL_DEVICE_TYPE_GPU, .max_warps = 64, .compute_units = 1, .simd_width = 32,
			 .cache_size = 4ull << 20, .max_alloc = 32ull << 30 };
	ck_assert_uint_eq(lm_meas_default_footprint(&d, false, 1), 1ull << 30);
	ck_assert_uint_eq(lm_meas_sink_bytes(&d, 1ull << 30), 1ull << 30);
}
END_TEST

/* The cache mixes' buffer: a prime number of lines, half the cache the
 * device reports where that is larger than 16 lines a resident warp, else
 * the next prime above those (the H200's reported 4.1 MiB: 16.5 MiB);
 * refused past the largest allocation */
static bool prime(unsigned long long n)
{
	for (unsigned long long f = 2; f * f <= n; f++)
		if (n % f == 0)
			return false;
	return n > 1;
}

START_TEST(the_caches_buffer_is_a_prime_number_of_lines_half_the_cache)
{
	lm_device d = { .type = CL_DEVICE_TYPE_GPU, .max_warps = 64, .compute_units = 132, .simd_width = 32,
			.cache_size = 4325376, .max_alloc = 32ull << 30 };
	unsigned long long b = lm_meas_cache_footprint(&d), lines = b / 128, least = 16ull * 64 * 132;
	ck_assert_uint_eq(b % 128, 0);
	ck_assert(prime(lines));
	ck_assert_uint_ge(lines, least);
	for (unsigned long long n = least; n < lines; n++)
		ck_assert(!prime(n));
	ck_assert_ptr_null(lm_meas_cache_refusal(&d));
	d.cache_size = 256ull << 20; /* half of it, rounded down to a line, then up to a prime */
	lines = lm_meas_cache_footprint(&d) / 128;
	ck_assert(prime(lines));
	ck_assert_uint_ge(lines, (128ull << 20) / 128);
	ck_assert_uint_lt(lines, (128ull << 20) / 128 + 1000);
	d = (lm_device){ .type = CL_DEVICE_TYPE_CPU, .max_warps = 16, .compute_units = 2, .simd_width = 8,
			 .cache_size = 32ull << 20, .max_alloc = 4ull << 30 };
	lines = lm_meas_cache_footprint(&d) / 32;
	ck_assert(prime(lines) && lines >= (16ull << 20) / 32);
	d.max_alloc = 1ull << 20;
	ck_assert_uint_eq(lm_meas_cache_footprint(&d), 0);
	ck_assert_ptr_nonnull(lm_meas_cache_refusal(&d));
	ck_assert(lm_meas_cache_chase_holds(1, 1) && lm_meas_cache_chase_holds(1, 8) &&
		  !lm_meas_cache_chase_holds(2, 1) && !lm_meas_cache_chase_holds(1, 9) &&
		  !lm_meas_cache_chase_holds(1, 0));
}
END_TEST

START_TEST(a_point_too_large_for_the_footprint_is_refused)
{
	lm_meas_config small = cfg;
	size_t line = 4u * dev.simd_width;
	small.footprint = (unsigned long long)line * LM_MEAS_MIN_LINES * dev.compute_units * 2;
	lm_meas *m;
	ck_assert_msg(lm_meas_alloc(&dev, &small, &m) == LM_OK, "%s", lm_error_message());
	lm_row r;
	ck_assert_msg(lm_meas_point(m, (lm_alpha){ 1, 1 }, 1, 2, &r) == LM_OK, "%s", lm_error_message());
	ck_assert_int_eq(lm_meas_point(m, (lm_alpha){ 1, 1 }, 1, 4, &r), LM_EDEVICE);
	ck_assert_ptr_nonnull(strstr(lm_error_message(), "lines per chain"));
	lm_meas_free(m);
}
END_TEST

/* Writes a copy of cl/chase.cl in which work-item 5 takes one load too
 * many in its first iteration, into a new directory (dir). */
static void write_wrong_chain(char *dir, char *path, size_t size)
{
	char *src;
	ck_assert_int_eq(lm_kernel_source(NULL, "chase.cl", &src, NULL), LM_OK);
	const char *needle = "#define STEP(c) a[c] = chain[a[c]];";
	char *at = strstr(src, needle);
	ck_assert_ptr_nonnull(at);
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, size, "%s/chase.cl", dir);
	FILE *f = fopen(path, "w");
	fwrite(src, 1, (size_t)(at - src), f);
	fputs("#define STEP(c) a[c] = (it == 0 && get_global_id(0) == 5) ? chain[chain[a[c]]] : chain[a[c]];", f);
	fputs(at + strlen(needle), f);
	fclose(f);
	free(src);
}

static void write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	fclose(f);
}

/* A kernel that takes one load too many on one work-item must be caught. */
START_TEST(a_wrong_chain_is_caught)
{
	char dir[] = "/tmp/latmix-kdir-XXXXXX", path[256];
	write_wrong_chain(dir, path, sizeof path);
	lm_meas_config bad = cfg;
	bad.kernel_dir = dir;
	lm_meas *m;
	ck_assert_int_eq(lm_meas_alloc(&dev, &bad, &m), LM_OK);
	lm_row r;
	ck_assert_int_eq(lm_meas_point(m, (lm_alpha){ 1, 1 }, 1, 1, &r), LM_ECHECK);
	ck_assert_msg(strstr(lm_error_message(), "work-item 5,") != NULL, "%s", lm_error_message());
	lm_meas_free(m);
	unlink(path);
	rmdir(dir);
}
END_TEST

/* A binary another process built is what a measurement runs when its
 * build options are the measurement's own, and only then; a binary that
 * does not load is built again from source. The wrong chain's binary
 * shows which ran. */
START_TEST(a_binary_built_ahead_is_used_only_with_its_options)
{
	char kdir[] = "/tmp/latmix-kdir-XXXXXX", bdir[] = "/tmp/latmix-bdir-XXXXXX";
	char kpath[256], name[128], bin[256], opt[300];
	write_wrong_chain(kdir, kpath, sizeof kpath);
	ck_assert_ptr_nonnull(mkdtemp(bdir));
	const lm_alpha a = { 1, 1 };
	lm_meas_binary_name(cfg.mix, 1, a, false, name, sizeof name);
	snprintf(bin, sizeof bin, "%s/%s", bdir, name);
	snprintf(opt, sizeof opt, "%s.opt", bin);
	ck_assert_msg(lm_meas_save_binaries(&dev, cfg.mix, 1, kdir, &a, 1, bdir) == LM_OK, "%s",
		      lm_error_message());
	lm_meas_config c = cfg;
	c.binary_dir = bdir;
	lm_meas *m;
	lm_row r;
	/* the options match: the wrong chain's binary runs, and is caught */
	ck_assert_int_eq(lm_meas_alloc(&dev, &c, &m), LM_OK);
	ck_assert_int_eq(lm_meas_point(m, a, 1, 1, &r), LM_ECHECK);
	ck_assert_msg(strstr(lm_error_message(), "work-item 5,") != NULL, "%s", lm_error_message());
	lm_meas_free(m);
	/* other options: built from latmix's own source, which is right */
	write_text(opt, "-DMEM_N=2");
	ck_assert_int_eq(lm_meas_alloc(&dev, &c, &m), LM_OK);
	ck_assert_msg(lm_meas_point(m, a, 1, 1, &r) == LM_OK, "%s", lm_error_message());
	lm_meas_free(m);
	/* the right options, a binary that is not one: built from source */
	char opts[512];
	lm_meas_build_options(&dev, cfg.mix, 1, a, dev.kclock != LM_KCLOCK_NONE, opts, sizeof opts);
	write_text(opt, opts);
	write_text(bin, "not a device binary");
	ck_assert_int_eq(lm_meas_alloc(&dev, &c, &m), LM_OK);
	ck_assert_msg(lm_meas_point(m, a, 1, 1, &r) == LM_OK, "%s", lm_error_message());
	lm_meas_free(m);
	unlink(bin);
	unlink(opt);
	rmdir(bdir);
	unlink(kpath);
	rmdir(kdir);
}
END_TEST

/* A build queue's records (what sweep_build_ahead writes): a reference's
 * flag-free kernel ("nf") is built ahead under a name of its own, which
 * lm_meas_reference runs (the wrong chain's binary shows it ran) while the
 * flagged point beside it builds its own; a record with another word
 * after the alpha is refused. */
START_TEST(a_references_flag_free_kernel_is_built_ahead_under_its_own_name)
{
	char kdir[] = "/tmp/latmix-kdir-XXXXXX", bdir[] = "/tmp/latmix-bdir-XXXXXX";
	char kpath[256], name[128], bin[256];
	write_wrong_chain(kdir, kpath, sizeof kpath);
	ck_assert_ptr_nonnull(mkdtemp(bdir));
	const lm_alpha a = { 0, 1 };
	char rec[2][LM_MEAS_QUEUE_RECORD];
	lm_meas_queue_record(cfg.mix, 1, a, true, rec[0]);
	ck_assert_msg(strstr(rec[0], " nf") != NULL, "%.*s", LM_MEAS_QUEUE_RECORD, rec[0]);
	int fds[2];
	ck_assert_int_eq(pipe(fds), 0);
	ck_assert(write(fds[1], rec[0], sizeof rec[0]) == (ssize_t)sizeof rec[0]);
	close(fds[1]);
	unsigned built = 0;
	ck_assert_msg(lm_meas_save_queue(&dev, NULL, kdir, fds[0], bdir, &built) == LM_OK, "%s", lm_error_message());
	close(fds[0]);
	ck_assert_uint_eq(built, 1);
	lm_meas_binary_name(cfg.mix, 1, a, true, name, sizeof name);
	ck_assert_msg(strstr(name, "-nf.bin") != NULL, "%s", name);
	snprintf(bin, sizeof bin, "%s/%s", bdir, name);
	ck_assert_int_eq(access(bin, R_OK), 0);
	lm_meas_config c = cfg;
	c.binary_dir = bdir;
	lm_meas *m;
	lm_row r;
	ck_assert_int_eq(lm_meas_alloc(&dev, &c, &m), LM_OK);
	ck_assert_int_eq(lm_meas_reference(m, a, &r), LM_ECHECK);
	ck_assert_msg(strstr(lm_error_message(), "work-item 5,") != NULL, "%s", lm_error_message());
	lm_meas_free(m);
	/* a flagged point finds no binary of its own: built from latmix's source */
	c.kernel_dir = NULL;
	ck_assert_int_eq(lm_meas_alloc(&dev, &c, &m), LM_OK);
	ck_assert_msg(lm_meas_point(m, a, 1, 1, &r) == LM_OK, "%s", lm_error_message());
	lm_meas_free(m);
	memcpy(rec[1], rec[0], sizeof rec[1]);
	memcpy(strstr(rec[1], " nf"), " xx", 3);
	ck_assert_int_eq(pipe(fds), 0);
	ck_assert(write(fds[1], rec[1], sizeof rec[1]) == (ssize_t)sizeof rec[1]);
	close(fds[1]);
	ck_assert_int_eq(lm_meas_save_queue(&dev, NULL, kdir, fds[0], bdir, &built), LM_EUSAGE);
	ck_assert_msg(strstr(lm_error_message(), "bad record") != NULL, "%s", lm_error_message());
	close(fds[0]);
	unlink(bin);
	snprintf(bin, sizeof bin, "%s/%s.opt", bdir, name);
	unlink(bin);
	rmdir(bdir);
	unlink(kpath);
	rmdir(kdir);
}
END_TEST

/* A mix's program holds its own kernel alone (the other one is not
 * built), and the measurement still runs it: a chase and a stream. */
START_TEST(a_mixs_program_holds_its_kernel_alone)
{
	static const char *const mixes[] = { "gmem", "stream" };
	for (int i = 0; i < 2; i++) {
		const lm_mix *mix = lm_mix_find(mixes[i]);
		char opts[512];
		lm_meas_build_options(&dev, mix, 1, (lm_alpha){ 0, 1 }, false, opts, sizeof opts);
		ck_assert_msg(strstr(opts, i ? " -DLM_ONLY_STREAM" : " -DLM_ONLY_CHASE") &&
				      !strstr(opts, i ? "LM_ONLY_CHASE" : "LM_ONLY_STREAM"), "%s: %s", mixes[i], opts);
		lm_meas_config c = cfg;
		c.mix = mix;
		lm_meas *m;
		lm_row r;
		ck_assert_int_eq(lm_meas_alloc(&dev, &c, &m), LM_OK);
		ck_assert_msg(lm_meas_point(m, (lm_alpha){ 0, 1 }, 1, 1, &r) == LM_OK, "%s: %s", mixes[i],
			      lm_error_message());
		lm_meas_free(m);
	}
}
END_TEST

/* A kernel's buffer filled over more blocks than one of the 32 MiB the
 * host makes at a time: every element in its place
 * (index: element i holds i), a random fill's first elements the same
 * whatever the buffer's length, and its floats the stream's. */
START_TEST(a_buffer_filled_in_blocks_holds_every_element_in_its_place)
{
	cl_int err;
	cl_context ctx = clCreateContext(NULL, 1, &dev.id, NULL, NULL, &err);
	ck_assert_int_eq(err, CL_SUCCESS);
	cl_command_queue q = clCreateCommandQueue(ctx, dev.id, 0, &err);
	ck_assert_int_eq(err, CL_SUCCESS);
	const size_t n = 3 * ((size_t)8 << 20) + 5, few = 1000; /* three blocks of 32 MiB, and 5 */
	cl_mem big = clCreateBuffer(ctx, CL_MEM_READ_WRITE, n * 4, NULL, &err);
	ck_assert_int_eq(err, CL_SUCCESS);
	cl_mem small = clCreateBuffer(ctx, CL_MEM_READ_WRITE, few * 4, NULL, &err);
	ck_assert_int_eq(err, CL_SUCCESS);
	lm_user_arg a = { .name = "x", .elem = "uint", .elem_size = 4, .lanes = 1, .lane_size = 4,
			  .fill = LM_USER_INDEX };
	cl_uint *v = malloc(n * 4), w[1000];
	ck_assert_ptr_nonnull(v);
	ck_assert_int_eq(lm_user_fill_buffer(q, big, n, &a, 1, 7, "t.ini", NULL), LM_OK);
	ck_assert_int_eq(clEnqueueReadBuffer(q, big, CL_TRUE, 0, n * 4, v, 0, NULL, NULL), CL_SUCCESS);
	for (size_t i = 0; i < n; i++)
		if (v[i] != (cl_uint)i)
			ck_abort_msg("element %zu holds %u", i, v[i]);
	a.fill = LM_USER_RANDOM;
	ck_assert_int_eq(lm_user_fill_buffer(q, big, n, &a, 1, 7, "t.ini", NULL), LM_OK);
	ck_assert_int_eq(lm_user_fill_buffer(q, small, few, &a, 1, 7, "t.ini", NULL), LM_OK);
	ck_assert_int_eq(clEnqueueReadBuffer(q, big, CL_TRUE, 0, few * 4, v, 0, NULL, NULL), CL_SUCCESS);
	ck_assert_int_eq(clEnqueueReadBuffer(q, small, CL_TRUE, 0, few * 4, w, 0, NULL, NULL), CL_SUCCESS);
	ck_assert_mem_eq(v, w, few * 4);
	ck_assert_uint_ne(v[0], v[1]);
	/* the stream as written out here: splitmix64's finaliser over the
	 * draws of a key from the seed and the name (FNV-1a); a float the
	 * top 53 bits over 2^53. Floats one a lane (the fast path) and two a
	 * lane (draw i x 2 + lane) alike */
	uint64_t key = 7 ^ 0xcbf29ce484222325ull;
	key = (key ^ (unsigned char)'x') * 0x100000001b3ull;
	cl_kernel random = lm_user_random_kernel(ctx, &dev);
	ck_assert_ptr_nonnull(random);
	for (unsigned lanes = 0; lanes <= 2; lanes++) { /* 0: one a lane, made on the device */
		unsigned l = lanes ? lanes : 1;
		lm_user_arg f = { .name = "x", .elem = "float", .elem_size = 4 * l, .lanes = l, .lane_size = 4,
				  .is_float = true, .fill = LM_USER_RANDOM };
		ck_assert_int_eq(lm_user_fill_buffer(q, small, few / l, &f, 1, 7, "t.ini", lanes ? NULL : random), LM_OK);
		float got[1000];
		ck_assert_int_eq(clEnqueueReadBuffer(q, small, CL_TRUE, 0, few * 4, got, 0, NULL, NULL), CL_SUCCESS);
		for (uint64_t d = 0; d < few; d++) {
			uint64_t z = key + (d + 1) * 0x9e3779b97f4a7c15ull;
			z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
			z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
			z ^= z >> 31;
			float want = (float)((double)(z >> 11) * 0x1p-53);
			ck_assert_msg(memcmp(&got[d], &want, 4) == 0, "%u a lane, draw %llu: %a, not %a", lanes,
				      (unsigned long long)d, got[d], want);
		}
	}
	/* the device's words are the host's over launches of their own (16 Mi
	 * work-items each: two here) */
	lm_user_arg f = { .name = "x", .elem = "float", .elem_size = 4, .lanes = 1, .lane_size = 4, .is_float = true,
			  .fill = LM_USER_RANDOM };
	cl_uint *host = malloc(n * 4);
	ck_assert_ptr_nonnull(host);
	ck_assert_int_eq(lm_user_fill_buffer(q, big, n, &f, 1, 7, "t.ini", NULL), LM_OK);
	ck_assert_int_eq(clEnqueueReadBuffer(q, big, CL_TRUE, 0, n * 4, host, 0, NULL, NULL), CL_SUCCESS);
	ck_assert_int_eq(lm_user_fill_buffer(q, big, n, &f, 1, 7, "t.ini", random), LM_OK);
	ck_assert_int_eq(clEnqueueReadBuffer(q, big, CL_TRUE, 0, n * 4, v, 0, NULL, NULL), CL_SUCCESS);
	for (size_t i = 0; i < n; i++)
		if (v[i] != host[i])
			ck_abort_msg("element %zu: the device wrote %08x, the host %08x", i, v[i], host[i]);
	free(host);
	clReleaseKernel(random);
	free(v);
	clReleaseMemObject(big);
	clReleaseMemObject(small);
	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
}
END_TEST

/* Every mix, a tiny sweep: every launch's chains checked (inside
 * lm_meas_point), two chains per thread where the mix allows. */
/* The dispatch mix: not a chase (lm_meas refuses it), measured by
 * bench/dispatch.c at two work-group sizes, every launch's groups checked
 * (inside lm_dispatch_point), each row a rate of work-groups. */
static void dispatch_runs_and_checks(const lm_mix *mix)
{
	lm_meas_config c = cfg;
	c.mix = mix;
	lm_meas *m;
	ck_assert_int_eq(lm_meas_alloc(&dev, &c, &m), LM_EUSAGE);
	lm_dispatch_config dc = { .launch_ms = 1, .repeats = 2, .max_groups = 4096 };
	lm_dispatch *x;
	ck_assert_msg(lm_dispatch_alloc(&dev, &dc, &x) == LM_OK, "%s", lm_error_message());
	unsigned sizes[LM_DISPATCH_MAX_SIZES];
	size_t n = lm_dispatch_sizes(&dev, true, sizes);
	ck_assert_uint_ge(n, 1);
	for (size_t i = 0; i < n && i < 2; i++) {
		lm_row r;
		ck_assert_msg(lm_dispatch_point(x, sizes[i], &r) == LM_OK, "groups of %u: %s", sizes[i],
			      lm_error_message());
		ck_assert_uint_eq(r.work_group_size, sizes[i]);
		ck_assert_uint_eq(r.groups_per_cu, lm_dispatch_resident(&dev, sizes[i]));
		ck_assert_msg(r.elements_per_s > 0 && isfinite(r.elements_per_s), "%g", r.elements_per_s);
		ck_assert_msg(r.iters >= 1 && r.iters <= 4096 && r.checked == r.iters, "%lu groups", r.iters);
		ck_assert_str_eq(r.coresident, "not asked");
	}
	ck_assert_int_eq(lm_dispatch_point(x, (unsigned)dev.max_wg_size + 1, &(lm_row){ 0 }), LM_EDEVICE);
	lm_dispatch_free(x);
}

START_TEST(every_mix_runs_and_checks)
{
	const lm_mix *mix = lm_mix_at(_i);
	if (mix->step == LM_STEP_DISPATCH) {
		dispatch_runs_and_checks(mix);
		return;
	}
	lm_meas_config c = cfg;
	c.mix = mix;
	/* the cache's chase: one warp a CU (more refused), chains as the rest */
	bool cache_chase = mix->cache && mix->step == LM_STEP_GLOBAL;
	unsigned nwarp = cache_chase ? 1 : 2;
	c.chains = mix->step == LM_STEP_STREAM ? 1 : 2;
	if (mix->cache)
		c.footprint = lm_meas_cache_footprint(&dev);
	lm_meas *m;
	ck_assert_msg(lm_meas_alloc(&dev, &c, &m) == LM_OK, "%s: %s", mix->name, lm_error_message());
	/* the buffer the device wrote is the one the host predicts, word for word */
	ck_assert_msg(lm_meas_check_chase(m) == LM_OK, "%s: %s", mix->name, lm_error_message());
	static const lm_alpha as[] = { { 0, 1 }, { 3, 1 } };
	for (int a = 0; a < (mix->step == LM_STEP_STREAM ? 1 : 2); a++)
		for (unsigned k = 1; k <= c.chains; k++) {
			lm_row r;
			ck_assert_msg(lm_meas_point(m, as[a], k, nwarp, &r) == LM_OK, "%s: %s", mix->name,
				      lm_error_message());
			ck_assert(r.mem_ipc > 0 && isfinite(r.mem_ipc));
			ck_assert_uint_eq(r.chains, k);
			ck_assert_uint_eq(r.checked, mix->step == LM_STEP_STREAM
							     ? 0 : nwarp * dev.compute_units * dev.simd_width * k);
		}
	if (cache_chase)
		ck_assert_int_eq(lm_meas_point(m, as[0], 1, 2, &(lm_row){ 0 }), LM_EDEVICE);
	lm_meas_free(m);
}
END_TEST

/* stream-scatter runs in work-groups of 8 warps, whose warps complete
 * each other's sectors: a sweep measures it at whole groups of 8 only, and
 * a device that cannot hold such groups, or whose warp is no power of two
 * lanes (its rows are a warp's lanes), refuses it by name */
START_TEST(stream_scatter_runs_in_groups_of_eight_warps)
{
	const lm_mix *mix = lm_mix_find("stream-scatter");
	ck_assert_ptr_nonnull(mix);
	ck_assert_uint_eq(mix->group_warps, 8);
	ck_assert_ptr_null(lm_meas_mix_refusal(&dev, mix));
	ck_assert_ptr_null(lm_meas_mix_refusal(&dev, lm_mix_find("stream-fill")));
	lm_device small = dev;
	small.max_warps = 4;
	ck_assert_ptr_nonnull(lm_meas_mix_refusal(&small, mix));
	small = dev;
	small.max_wg_size = 7 * small.simd_width;
	ck_assert_ptr_nonnull(lm_meas_mix_refusal(&small, mix));
	small = dev;
	small.simd_width = 512; /* 512 rows of 64 KiB: 32 MiB, more than the least sink */
	small.max_wg_size = 8 * 512;
	ck_assert_msg(lm_meas_mix_refusal(&small, mix) && strstr(lm_meas_mix_refusal(&small, mix), "sink"), "%s",
		      lm_meas_mix_refusal(&small, mix));
	/* the build's rows are the ones the refusal counts */
	ck_assert(strstr(mix->define, "LM_SCATTER=14") && LM_MEAS_SCATTER_ROW_WORDS == 1u << 14);
	small = dev;
	small.simd_width = 48;
	ck_assert_msg(lm_meas_mix_refusal(&small, mix) && strstr(lm_meas_mix_refusal(&small, mix), "power of two"),
		      "%s", lm_meas_mix_refusal(&small, mix));
	char csv[] = "/tmp/latmix-scatter-XXXXXX";
	int fd = mkstemp(csv);
	ck_assert_int_ge(fd, 0);
	close(fd);
	lm_test_result *r = malloc(sizeof *r);
	lm_test_latmix((const char *const[]){ "measure", "-m", "stream-scatter", "--warps", "1,4,8,16", "-o", csv,
					      "--replace", NULL }, NULL, r);
	ck_assert_msg(r->status == 0, "%.600s", r->err);
	lm_results res;
	ck_assert_msg(lm_results_read(csv, &res) == LM_OK, "%s", lm_error_message());
	ck_assert_uint_eq(res.n, 2);
	for (size_t i = 0; i < res.n; i++) {
		ck_assert_uint_eq(res.v[i].row.warps % 8, 0);
		ck_assert_uint_eq(res.v[i].row.warps_per_group, 8);
		ck_assert(res.v[i].row.mem_ipc > 0);
	}
	lm_results_free(&res);
	lm_test_latmix((const char *const[]){ "measure", "-m", "stream-scatter", "--max-warps", "4", "-o", csv,
					      "--replace", NULL }, NULL, r);
	ck_assert_msg(r->status != 0 && strstr(r->err, "--mix stream-scatter: not on") &&
			      strstr(r->err, "groups of 8 warps"), "%.600s", r->err);
	free(r);
	unlink(csv);
}
END_TEST

START_TEST(bad_combinations_refused)
{
	lm_meas_config c = cfg;
	c.mix = lm_mix_find("stream");
	c.chains = 2;
	ck_assert_int_eq(lm_meas_check_config(&dev, &c), LM_EUSAGE);
	c.mix = lm_mix_find("gmem");
	c.chains = 0;
	ck_assert_int_eq(lm_meas_check_config(&dev, &c), LM_EUSAGE);
	/* a local chase larger than the device's local memory */
	lm_device big = dev;
	big.simd_width = (unsigned)(dev.local_mem / 4 / LM_MEAS_LMEM_ROWS) + 1;
	c.mix = lm_mix_find("lmem");
	c.chains = 1;
	ck_assert_int_eq(lm_meas_check_config(&big, &c), LM_EUSAGE);
	ck_assert_msg(strstr(lm_error_message(), "local memory") != NULL, "%s", lm_error_message());
	lm_meas *m = NULL;
	ck_assert_int_eq(lm_meas_alloc(&big, &c, &m), LM_EUSAGE);
	ck_assert_ptr_null(m);
}
END_TEST

START_TEST(impossible_points_refused)
{
	unsigned g, w;
	ck_assert_int_eq(lm_meas_geometry(&dev, dev.max_warps + 1, 0, &g, &w), LM_EUSAGE);
	ck_assert_int_eq(lm_meas_geometry(&dev, 0, 0, &g, &w), LM_EUSAGE);
	ck_assert_int_eq(lm_meas_check_footprint(&dev, dev.max_alloc + 4096), LM_EUSAGE);
	ck_assert(strstr(lm_error_message(), "larger than") != NULL);
	lm_meas_config huge = cfg;
	huge.footprint = dev.max_alloc * 2;
	lm_meas *m = NULL;
	ck_assert_int_eq(lm_meas_alloc(&dev, &huge, &m), LM_EUSAGE);
	ck_assert_ptr_null(m);
}
END_TEST

/* Regression (issue 22): the store mix's sink was 4 x the reported cache,
 * 32 MiB on an H100 (whose driver reports 4 MiB for a 50 MB L2), which L2
 * held. It now follows the footprint, which outruns the cache. */
START_TEST(the_store_sink_outruns_the_cache_the_footprint_does)
{
	lm_device h100 = dev;
	h100.type = CL_DEVICE_TYPE_GPU; /* a CPU's sink is held to 256 MiB */
	h100.cache_size = 4325376;
	h100.max_alloc = 20ull << 30;
	ck_assert_uint_eq(lm_meas_sink_bytes(&h100, 8522825728ull), 1ull << 30);  /* the default sweep's */
	ck_assert_uint_eq(lm_meas_sink_bytes(&h100, 300ull << 20), 256ull << 20); /* a power of two within */
	ck_assert_uint_eq(lm_meas_sink_bytes(&h100, 4ull << 20), 16ull << 20);    /* 16 MiB at least */
	h100.max_alloc = 512ull << 20;
	ck_assert_uint_eq(lm_meas_sink_bytes(&h100, 8522825728ull), 128ull << 20); /* a quarter of an allocation */
}
END_TEST

/* A CPU writes its chase along the cycle, 256 positions a work-item
 * (lm_fill_cycle): a chase whose lines are no whole number of runs, nor of
 * 2 (its bijection's walk), is written whole all the same, word for word
 * as the host's bijection says (a GPU writes a word a work-item). */
START_TEST(a_chase_of_no_whole_number_of_runs_is_written_whole)
{
	lm_meas_config c = cfg;
	c.footprint = (4u << 20) + 3 * 4 * dev.simd_width; /* 3 lines past a power of two */
	lm_meas *m;
	ck_assert_msg(lm_meas_alloc(&dev, &c, &m) == LM_OK, "%s", lm_error_message());
	ck_assert_msg(lm_meas_check_chase(m) == LM_OK, "%s", lm_error_message());
	lm_meas_free(m);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("measure");
	TCase *tc = tcase_create("pocl");
	tcase_add_checked_fixture(tc, setup, NULL);
	tcase_set_timeout(tc, 240);
	tcase_add_test(tc, small_sweep_checks_every_thread);
	tcase_add_test(tc, the_reference_runs_flag_free_and_checked);
	tcase_add_test(tc, rows_round_trip_through_csv);
	tcase_add_test(tc, a_wrong_chain_is_caught);
	tcase_add_test(tc, a_binary_built_ahead_is_used_only_with_its_options);
	tcase_add_test(tc, a_references_flag_free_kernel_is_built_ahead_under_its_own_name);
	tcase_add_test(tc, a_buffer_filled_in_blocks_holds_every_element_in_its_place);
	tcase_add_test(tc, a_mixs_program_holds_its_kernel_alone);
	tcase_add_test(tc, a_point_too_large_for_the_footprint_is_refused);
	tcase_add_test(tc, a_stream_spreads_as_four_chains);
	tcase_add_test(tc, impossible_points_refused);
	tcase_add_test(tc, the_store_sink_outruns_the_cache_the_footprint_does);
	tcase_add_test(tc, stream_scatter_runs_in_groups_of_eight_warps);
	int nmix = 0;
	while (lm_mix_at(nmix))
		nmix++;
	tcase_add_loop_test(tc, every_mix_runs_and_checks, 0, nmix);
	tcase_add_test(tc, a_chase_of_no_whole_number_of_runs_is_written_whole);
	tcase_add_test(tc, a_cpus_footprint_is_near_eight_caches_within_a_budget);
	tcase_add_test(tc, the_caches_buffer_is_a_prime_number_of_lines_half_the_cache);
	tcase_add_test(tc, mixes_of_one_chase_take_the_buffer_the_mix_before_left);
	tcase_add_test(tc, bad_combinations_refused);
	suite_add_tcase(s, tc);
	return lm_test_run(s);
}
