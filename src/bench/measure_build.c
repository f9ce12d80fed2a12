/* measure_build: a mix's kernel built as a measurement needs it: its body's
 * shape, its build options on a device, built here or loaded from the
 * binaries other processes built ahead, and saved for them. */
#include "bench/measure.h"
#include "bench/measure_parts.h"
#include "base/number.h"
#include "bench/chase.h"
#include "bench/kernels.h"
#include "bench/sysclock.h"
#include "base/text.h"

#include <ctype.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <errno.h>
#include <string.h>
#include <time.h>
#include <unistd.h>


void lm_meas_body_shape(const lm_mix *mix, lm_alpha a, unsigned *mem_n, unsigned *alu_n,
			unsigned *bodies)
{
	if (mix->step == LM_STEP_STREAM) {
		*mem_n = 1;
		*alu_n = 0;
		/* stores alone, a loop pass each: 64 keep the stop flag's read (about
		 * 70 cycles a read on the H200) to a few percent of an iteration */
		*bodies = lm_mix_inner_loop(mix) ? 64 : 16;
		return;
	}
	*mem_n = a.den ? (unsigned)a.den : 0;
	*alu_n = a.den ? (unsigned)a.num : 1;
	unsigned per = *mem_n + *alu_n;
	*bodies = per >= BODY_TARGET ? 1 : (BODY_TARGET + per - 1) / per;
	/* global loads take hundreds of cycles: fewer per iteration keep an
	 * iteration short against a launch, so the launch's end (a deadline
	 * or the stop flag, tested once an iteration) is sharp */
	if (mix->step == LM_STEP_GLOBAL && *bodies * *mem_n > GLOBAL_STEPS_TARGET)
		*bodies = *mem_n >= GLOBAL_STEPS_TARGET ? 1 : GLOBAL_STEPS_TARGET / *mem_n;
	/* a mix storing every k-th step stores on the same steps of every
	 * iteration: an iteration's steps a multiple of k (bodies are whole) */
	unsigned every = lm_mix_store_every(mix);
	while (every > 1 && *bodies * *mem_n % every)
		++*bodies;
}

unsigned lm_meas_poll(const lm_mix *mix, lm_alpha a, unsigned chains)
{
	unsigned mem_n, alu_n, bodies;
	lm_meas_body_shape(mix, a, &mem_n, &alu_n, &bodies);
	if (mix->step == LM_STEP_STREAM)
		return 1;
	unsigned per = bodies * (mem_n + alu_n) * chains;
	unsigned k = per >= POLL_TARGET ? 1 : (POLL_TARGET + per - 1) / per;
	/* a global step takes hundreds of cycles: GLOBAL_STEPS_TARGET of them
	 * hide a read of the flag already (0.3% of one warp's time on the
	 * H200), and a longer block would only lengthen a launch's end */
	unsigned steps = bodies * mem_n;
	if (mix->step == LM_STEP_GLOBAL && steps) {
		unsigned cap = GLOBAL_STEPS_TARGET / steps;
		k = cap < 1 ? 1 : cap < k ? cap : k;
	}
	return k;
}

/* "-DNAME=n -DDIGITS=d,d,d,d,d": the kernel repeats code by decimal digit */
static int count_option(char *buf, size_t size, const char *name, const char *digits, unsigned n)
{
	return snprintf(buf, size, " -D%s=%u -D%s=%u,%u,%u,%u,%u", name, n, digits, n / 10000 % 10,
			n / 1000 % 10, n / 100 % 10, n / 10 % 10, n % 10);
}

/* The AMD generation a "gfxNNN" architecture name gives (gfx90a: 9,
 * gfx1100: 11); 9 if it does not say. */
static unsigned amd_gfx(const char *arch)
{
	if (strncmp(arch, "gfx", 3) != 0)
		return 9;
	size_t n = strspn(arch + 3, "0123456789abcdef");
	unsigned major = 0;
	for (size_t i = 0; i + 2 < n; i++)
		major = major * 10 + (unsigned)(arch[3 + i] - '0');
	return major ? major : 9;
}

void lm_meas_build_options(const lm_device *d, const lm_mix *mix, unsigned chains, lm_alpha a,
			   bool clocked, char *buf, size_t size)
{
	unsigned mem_n, alu_n, bodies;
	lm_meas_body_shape(mix, a, &mem_n, &alu_n, &bodies);
	int k = snprintf(buf, size, "-DCHAINS=%u -DLMEM_WORDS=%u", chains,
			 LM_MEAS_LMEM_ROWS * d->simd_width * mix->stride);
	k += count_option(buf + k, size - (size_t)k, "MEM_N", "MEM_D", mem_n);
	k += count_option(buf + k, size - (size_t)k, "ALU_N", "ALU_D", alu_n);
	k += count_option(buf + k, size - (size_t)k, "BODIES", "BODIES_D", bodies);
	unsigned poll = lm_meas_poll(mix, a, chains);
	if (poll > 1)
		k += snprintf(buf + k, size - (size_t)k, " -DLM_POLL=%u", poll);
	if (d->no_unroll_pragma) /* an inner loop: LM_POLL > 1, or stream-fill's */
		k += snprintf(buf + k, size - (size_t)k, " -DLM_NO_UNROLL_PRAGMA");
	if (*mix->define)
		k += snprintf(buf + k, size - (size_t)k, " %s", mix->define);
	/* the mix's kernel alone in the program (lm_chase: LM_ONLY_CHASE): the
	 * other one is not built */
	if (lm_text_starts(mix->kernel, "lm_")) {
		char only[32];
		size_t j = 0;
		for (const char *c = mix->kernel + 3; *c && j + 1 < sizeof only; c++)
			only[j++] = (char)toupper((unsigned char)*c);
		only[j] = '\0';
		k += snprintf(buf + k, size - (size_t)k, " -DLM_ONLY_%s", only);
	}
	if (lm_mix_store_every(mix) > 1)
		k += snprintf(buf + k, size - (size_t)k, " -DLM_STORE_EVERY=%u", lm_mix_store_every(mix));
	if (mix->shift)
		k += snprintf(buf + k, size - (size_t)k, " -DLM_SHIFT=%u", mix->shift);
	lm_meas_device_options(d, clocked, buf + k, size - (size_t)k);
}

void lm_meas_device_options(const lm_device *d, bool clocked, char *buf, size_t size)
{
	int k = snprintf(buf, size, " -DLM_SIMD=%u", d->simd_width);
	if (d->reqd_subgroup)
		k += snprintf(buf + k, size - (size_t)k, " -DLM_REQD_SG=%u", d->reqd_subgroup);
	/* registers decide how many warps a CU holds, and a compiler left to
	 * itself spends them on speed: 8 chains took 40 to 56 registers per
	 * thread on the H200, so 48 of 64 warps fitted. Hold it to what full
	 * occupancy leaves: 64K registers per SM on every NVIDIA generation
	 * latmix knows (CUDA C Programming Guide, technical specifications),
	 * allocated in 8s; AMD: the waves per SIMD the table allows. */
	if (d->vendor_kind == LM_VENDOR_NVIDIA && d->max_warps) {
		unsigned regs = 65536 / (d->max_warps * 32) / 8 * 8;
		k += snprintf(buf + k, size - (size_t)k, " -cl-nv-maxrregcount=%u", regs > 255 ? 255 : regs);
	}
	if (d->vendor_kind == LM_VENDOR_AMD && d->max_warps >= 4)
		k += snprintf(buf + k, size - (size_t)k, " -DLM_WAVES_PER_EU=%u", d->max_warps / 4);
	if (clocked && d->kclock == LM_KCLOCK_NV)
		snprintf(buf + k, size - (size_t)k, " -DLM_NV_TIMING");
	else if (clocked && d->kclock == LM_KCLOCK_AMD)
		/* s_memrealtime: a constant counter, "typically 100 MHz" (LLVM's
		 * intrinsic docs, as in Rust's core::arch::amdgpu::s_memrealtime);
		 * AMD's OpenCL has no query for it, so 100 MHz is assumed */
		snprintf(buf + k, size - (size_t)k, " -DLM_AMD_TIMING -DLM_AMD_GFX=%u -DLM_NS_PER_TICK=10",
			 amd_gfx(d->arch));
}

/* Builds the files of cl/ named (one program, in that order) for d. */
static lm_status build(cl_context ctx, const lm_device *d, const char *kernel_dir,
		       const char *options, cl_program *out)
{
	char *src;
	lm_status s = lm_kernel_program_text(kernel_dir, LM_MIX_KERNEL_FILE, &src, NULL);
	if (s != LM_OK)
		return s;
	s = lm_launch_build(ctx, d, src, LM_MIX_KERNEL_FILE, options, out);
	free(src);
	return s;
}

void lm_meas_binary_name(const lm_mix *mix, unsigned chains, lm_alpha a, bool flag_free, char *buf, size_t size)
{
	const char *nf = flag_free ? "-nf" : "";
	if (a.den)
		snprintf(buf, size, "%s-k%u-a%ld_%ld%s.bin", mix->name, chains, (long)a.num, (long)a.den, nf);
	else
		snprintf(buf, size, "%s-k%u-ainf%s.bin", mix->name, chains, nf);
}

/* Reads a whole file into a new buffer; NULL if it cannot. */
static unsigned char *slurp(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	unsigned char *buf = NULL;
	long n = fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
	if (n > 0 && fseek(f, 0, SEEK_SET) == 0 && (buf = malloc((size_t)n + 1)) != NULL &&
	    fread(buf, 1, (size_t)n, f) != (size_t)n) {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	if (buf) {
		buf[n] = '\0';
		*size = (size_t)n;
	}
	return buf;
}

/* A binary's NAME.opt: the options it was built with, a line, then its
 * size and checksum ("%zu bytes, fnv %016llx"), so that a binary kept from
 * run to run (latmix's kernel cache) reaches the driver only as it was
 * written: one cut short or damaged since is built again from source. */
static void opt_text(const char *opts, const char *bin, size_t size, char *out, size_t cap)
{
	snprintf(out, cap, "%s\n%zu bytes, fnv %016llx\n", opts, size, lm_number_fnv(LM_NUMBER_FNV_START, bin, size));
}

/* Whether the .opt file at path names opts; its size and checksum in
 * *size and *sum. */
static bool opt_matches(const char *path, const char *opts, size_t *size, unsigned long long *sum)
{
	size_t n = 0;
	char *saved = (char *)slurp(path, &n);
	char *nl = saved ? strchr(saved, '\n') : NULL;
	bool same = nl && (size_t)(nl - saved) == strlen(opts) && strncmp(saved, opts, strlen(opts)) == 0 &&
		    sscanf(nl + 1, "%zu bytes, fnv %llx", size, sum) == 2;
	free(saved);
	return same;
}

/* The binary of (mix, chains, a, flag_free) in dir (*n bytes; free it),
 * where its .opt names opts and its size and checksum are its own; NULL
 * otherwise. */
static unsigned char *whole_binary(const char *dir, const lm_mix *mix, unsigned chains, lm_alpha a,
				   bool flag_free, const char *opts, size_t *n)
{
	char name[128], path[4096];
	size_t size;
	unsigned long long sum;
	lm_meas_binary_name(mix, chains, a, flag_free, name, sizeof name);
	snprintf(path, sizeof path, "%s/%s.opt", dir, name);
	if (!opt_matches(path, opts, &size, &sum))
		return NULL;
	snprintf(path, sizeof path, "%s/%s", dir, name);
	*n = 0;
	unsigned char *bin = slurp(path, n);
	if (bin && (*n != size || lm_number_fnv(LM_NUMBER_FNV_START, bin, *n) != sum)) {
		free(bin);
		bin = NULL;
	}
	return bin;
}

bool lm_meas_binary_saved(const char *dir, const lm_mix *mix, unsigned chains, lm_alpha a, bool flag_free,
			  const char *opts)
{
	size_t n;
	unsigned char *bin = whole_binary(dir, mix, chains, a, flag_free, opts, &n);
	free(bin);
	return bin != NULL;
}

/* The program of (a, chains) from the binary another process built into
 * cfg.binary_dir (lm_meas_save_binary), if it is there, whole, and was
 * built with opts; NULL otherwise: then it is built from source. */
static cl_program load_binary(lm_meas *m, lm_alpha a, unsigned chains, const char *opts)
{
	size_t n;
	unsigned char *bin = whole_binary(m->cfg.binary_dir, m->cfg.mix, chains, a, m->flag_free, opts, &n);
	if (!bin)
		return NULL;
	cl_int err, status;
	const unsigned char *bins[1] = { bin };
	cl_program p = clCreateProgramWithBinary(m->ctx, 1, &m->dev.id, &n, bins, &status, &err);
	free(bin);
	if (err == CL_SUCCESS && status == CL_SUCCESS &&
	    clBuildProgram(p, 1, &m->dev.id, opts, NULL, NULL) == CL_SUCCESS)
		return p;
	if (err == CL_SUCCESS)
		clReleaseProgram(p);
	return NULL;
}

lm_status lm_meas_use_program(lm_meas *m, lm_alpha a, unsigned chains)
{
	if (m->kernel && m->prog_alpha.num == a.num && m->prog_alpha.den == a.den &&
	    m->prog_chains == chains && m->prog_flag_free == m->flag_free)
		return LM_OK;
	if (m->kernel)
		clReleaseKernel(m->kernel);
	if (m->prog)
		clReleaseProgram(m->prog);
	m->kernel = NULL;
	m->prog = NULL;
	char opts[512];
	const lm_mix *mix = m->cfg.mix;
	double t0 = lm_launch_now();
	m->seen.n = 0; /* a new program: no quota to carry over */
	lm_meas_build_options(&m->dev, mix, chains, a, m->clocked, opts, sizeof opts);
	if (m->flag_free)
		strncat(opts, " -DLM_NO_FLAG", sizeof opts - strlen(opts) - 1);
	lm_status s = LM_OK;
	if (m->cfg.binary_dir)
		m->prog = load_binary(m, a, chains, opts);
	if (!m->prog)
		s = build(m->ctx, &m->dev, m->cfg.kernel_dir, opts, &m->prog);
	if (s != LM_OK && m->clocked) {
		/* the clock's inline assembly or builtins do not build here:
		 * measure without the per-warp record, and say so */
		fprintf(stderr, "latmix: kernels reading the in-kernel clock do not build on %s (%s); "
			"measuring without it%s\n", m->dev.name, lm_error_message(),
			m->timing == LM_TIMING_FIXED_TIME ? ", timing stop-flag" : "");
		m->clocked = false;
		if ((s = lm_launch_sysclock(&m->dev, &m->sysclock)) != LM_OK)
			return s;
		if (m->timing == LM_TIMING_FIXED_TIME)
			m->timing = LM_TIMING_STOP_FLAG;
		lm_meas_build_options(&m->dev, mix, chains, a, false, opts, sizeof opts);
		if (m->flag_free)
			strncat(opts, " -DLM_NO_FLAG", sizeof opts - strlen(opts) - 1);
		s = build(m->ctx, &m->dev, m->cfg.kernel_dir, opts, &m->prog);
	}
	if (s != LM_OK)
		return s;
	cl_int err;
	m->kernel = clCreateKernel(m->prog, m->cfg.mix->kernel, &err);
	if (err != CL_SUCCESS)
		return lm_fail_cl(err, "clCreateKernel", m->cfg.mix->kernel);
	m->prog_alpha = a;
	m->prog_chains = chains;
	m->prog_flag_free = m->flag_free;
	lm_meas_body_shape(mix, a, &m->mem_n, &m->alu_n, &m->bodies);
	m->cost.programs += lm_launch_now() - t0;
	return LM_OK;
}

/* Builds mix's kernel for chains and alpha on d in ctx, as lm_meas_point
 * would (without the clock's record where that does not build); opts
 * receives the build options used. */
static lm_status build_in(cl_context ctx, const lm_device *d, const lm_mix *mix, unsigned chains,
			  const char *kernel_dir, lm_alpha alpha, bool flag_free, char *opts, size_t size,
			  cl_program *prog)
{
	bool clocked = d->kclock != LM_KCLOCK_NONE;
	*prog = NULL;
	lm_meas_build_options(d, mix, chains, alpha, clocked, opts, size);
	if (flag_free)
		strncat(opts, " -DLM_NO_FLAG", size - strlen(opts) - 1);
	lm_status s = build(ctx, d, kernel_dir, opts, prog);
	if (s != LM_OK && clocked) {
		lm_meas_build_options(d, mix, chains, alpha, false, opts, size);
		if (flag_free)
			strncat(opts, " -DLM_NO_FLAG", size - strlen(opts) - 1);
		s = build(ctx, d, kernel_dir, opts, prog);
	}
	return s;
}

/* build_in, in a context of its own (*ctx: release it). */
static lm_status build_alone(const lm_device *d, const lm_mix *mix, unsigned chains,
			     const char *kernel_dir, lm_alpha alpha, char *opts, size_t size,
			     cl_context *ctx, cl_program *prog)
{
	cl_int err;
	*prog = NULL;
	*ctx = clCreateContext(NULL, 1, &d->id, NULL, NULL, &err);
	if (err != CL_SUCCESS)
		return lm_fail_cl(err, "clCreateContext", d->name);
	return build_in(*ctx, d, mix, chains, kernel_dir, alpha, false, opts, size, prog);
}

/* NVIDIA's binaries are PTX, which the process that loads one compiles
 * again for the GPU (0.1 to 0.3 s a kernel on an H200), unless the
 * driver's compute cache (~/.nv/ComputeCache) holds it: loading it here
 * once puts it there, from the builders running side by side, so the
 * sweep's own process finds it. Best effort: nothing here fails a build. */
static void warm_cache(cl_context ctx, const lm_device *d, const char *bin, size_t size, const char *opts)
{
	if (d->vendor_kind != LM_VENDOR_NVIDIA)
		return;
	cl_int err, status;
	const unsigned char *bins[1] = { (const unsigned char *)bin };
	cl_program p = clCreateProgramWithBinary(ctx, 1, &d->id, &size, bins, &status, &err);
	if (err != CL_SUCCESS)
		return;
	clBuildProgram(p, 1, &d->id, opts, NULL, NULL);
	clReleaseProgram(p);
}

/* Builds one kernel in ctx and writes its binary and build options to dir. */
static lm_status save_one(cl_context ctx, const lm_device *d, const lm_mix *mix, unsigned chains,
			  const char *kernel_dir, lm_alpha alpha, bool flag_free, const char *dir)
{
	char opts[512], name[128], path[4096], opt_path[4200];
	cl_program prog;
	lm_status s = build_in(ctx, d, mix, chains, kernel_dir, alpha, flag_free, opts, sizeof opts, &prog);
	size_t size = 0;
	size_t text_len, first_bad;
	char *bin = s == LM_OK ? lm_launch_binary(prog, &size, &text_len, &first_bad) : NULL;
	if (s == LM_OK && !bin)
		s = lm_fail(LM_ECL, "%s returned no device binary", d->name);
	if (s == LM_OK) {
		lm_meas_binary_name(mix, chains, alpha, flag_free, name, sizeof name);
		snprintf(path, sizeof path, "%s/%s", dir, name);
		snprintf(opt_path, sizeof opt_path, "%s.opt", path);
		/* the binary first: the options make it usable */
		FILE *f = fopen(path, "wb");
		bool ok = f && fwrite(bin, 1, size, f) == size;
		ok = (f ? fclose(f) == 0 : false) && ok;
		char opt[700];
		opt_text(opts, bin, size, opt, sizeof opt);
		FILE *g = ok ? fopen(opt_path, "w") : NULL;
		ok = g && fputs(opt, g) >= 0 && ok;
		ok = (g ? fclose(g) == 0 : false) && ok;
		if (!ok)
			s = lm_fail(LM_EIO, "%s: cannot write the binary or its options", path);
		else
			warm_cache(ctx, d, bin, size, opts);
	}
	free(bin);
	if (prog)
		clReleaseProgram(prog);
	return s;
}

lm_status lm_meas_save_binaries(const lm_device *d, const lm_mix *mix, unsigned chains,
				const char *kernel_dir, const lm_alpha *alphas, size_t n, const char *dir)
{
	cl_int err;
	cl_context ctx = clCreateContext(NULL, 1, &d->id, NULL, NULL, &err);
	if (err != CL_SUCCESS)
		return lm_fail_cl(err, "clCreateContext", d->name);
	lm_status s = LM_OK;
	for (size_t i = 0; i < n && s == LM_OK; i++)
		s = save_one(ctx, d, mix, chains, kernel_dir, alphas[i], false, dir);
	clReleaseContext(ctx);
	return s;
}

void lm_meas_queue_record(const lm_mix *mix, unsigned chains, lm_alpha a, bool flag_free,
			  char rec[LM_MEAS_QUEUE_RECORD])
{
	char at[32];
	lm_alpha_format(a, at, sizeof at);
	memset(rec, ' ', LM_MEAS_QUEUE_RECORD);
	int k = snprintf(rec, LM_MEAS_QUEUE_RECORD, "%s %u %s%s", mix->name, chains, at, flag_free ? " nf" : "");
	if (k >= 0 && k < LM_MEAS_QUEUE_RECORD)
		rec[k] = ' '; /* snprintf's NUL: the padding goes on */
	rec[LM_MEAS_QUEUE_RECORD - 1] = '\n';
}

/* Reads one whole record; false at the end of the queue. Every record is
 * written whole before any reader starts and every read asks for exactly
 * one, so readers sharing the pipe never split one. */
static bool read_queued(int fd, char *rec)
{
	size_t got = 0;
	while (got < LM_MEAS_QUEUE_RECORD) {
		ssize_t r = read(fd, rec + got, LM_MEAS_QUEUE_RECORD - got);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return false;
		got += (size_t)r;
	}
	return true;
}

lm_status lm_meas_save_queue(const lm_device *d, cl_context ctx, const char *kernel_dir, int fd,
			     const char *dir, unsigned *built)
{
	cl_int err;
	cl_context own = NULL;
	if (!ctx) {
		own = ctx = clCreateContext(NULL, 1, &d->id, NULL, NULL, &err);
		if (err != CL_SUCCESS)
			return lm_fail_cl(err, "clCreateContext", d->name);
	}
	lm_status s = LM_OK;
	char rec[LM_MEAS_QUEUE_RECORD + 1];
	unsigned n = 0;
	while (s == LM_OK && read_queued(fd, rec)) {
		rec[LM_MEAS_QUEUE_RECORD] = '\0';
		char name[64], at[32], nf[4] = "";
		unsigned chains;
		lm_alpha a;
		const lm_mix *mix = NULL;
		int got = sscanf(rec, "%63s %u %31s %3s", name, &chains, at, nf);
		if (got < 3 || (got == 4 && strcmp(nf, "nf") != 0) || !(mix = lm_mix_find(name)) || chains < 1 ||
		    chains > 16 || lm_alpha_parse(at, &a) != LM_OK)
			s = lm_fail(LM_EUSAGE, "build queue: bad record '%.*s'", LM_MEAS_QUEUE_RECORD - 1, rec);
		else if ((s = save_one(ctx, d, mix, chains, kernel_dir, a, got == 4, dir)) == LM_OK)
			n++;
	}
	if (own)
		clReleaseContext(own);
	if (built)
		*built = n;
	return s;
}

lm_status lm_meas_kernel_text(const lm_device *d, const lm_mix *mix, unsigned chains,
			      const char *kernel_dir, lm_alpha alpha, bool binary, char **text)
{
	char opts[512];
	char *src;
	const char *from;
	lm_status s = lm_kernel_program_text(kernel_dir, LM_MIX_KERNEL_FILE, &src, &from);
	if (s != LM_OK)
		return s;
	cl_context ctx = NULL;
	cl_program prog = NULL;
	char *bin = NULL;
	size_t bin_size = 0;
	if ((s = build_alone(d, mix, chains, kernel_dir, alpha, opts, sizeof opts, &ctx, &prog)) != LM_OK)
		goto done;
	size_t text_len = 0, first_bad = 0;
	if (binary)
		bin = lm_launch_binary(prog, &bin_size, &text_len, &first_bad);
	bool text_binary = text_len > 0;
	size_t len = strlen(src) + (text_binary ? bin_size : 0) + 1024;
	char *out = malloc(len);
	if (!out) {
		s = lm_fail(LM_ENOMEM, "out of memory");
		goto done;
	}
	int k = snprintf(out, len, "// latmix kernel: mix %s, kernel %s, source %s/%s\n"
			 "// build options: %s\n%s", mix->name, mix->kernel, from,
			 LM_MIX_KERNEL_FILE, opts, src);
	if (binary) {
		if (text_binary) {
			snprintf(out + k, len - (size_t)k, "\n// ---- device binary (%zu bytes) ----\n%s\n",
				 bin_size, bin);
		} else {
			snprintf(out + k, len - (size_t)k,
				 "\n// ---- device binary: %zu bytes, not text (first control byte at %zu); not shown ----\n",
				 bin_size, first_bad);
		}
	}
	*text = out;
done:
	free(bin);
	free(src);
	if (prog)
		clReleaseProgram(prog);
	if (ctx)
		clReleaseContext(ctx);
	return s;
}
