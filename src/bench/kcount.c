#include "bench/kcount.h"
#include "bench/kernels.h"
#include "bench/launch.h"
#include "bench/measure.h"
#include "bench/offline.h"
#include "asm/sass.h"
#include "bench/vendor.h"
#include "base/expr.h"
#include "base/number.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

lm_status lm_kcount_source(const char *spec, const char *kernel_dir, double size, char **source, char *name,
			 size_t name_size, char *label, size_t label_size, lm_count_args *args)
{
	*source = NULL;
	const char *colon = strrchr(spec, ':');
	bool file_name = colon && colon > spec && strstr(spec, ".cl") == colon - 3;
	lm_user_desc *d = calloc(1, sizeof *d);
	if (!d)
		return lm_fail(LM_ENOMEM, "out of memory");
	lm_status s = lm_user_describe(spec, kernel_dir, size, d);
	if (file_name) {
		/* FILE.cl:NAME: the file alone, no description needed; one
		 * beside it that reads gives the scalars' values */
		char path[4096];
		snprintf(path, sizeof path, "%.*s", (int)(colon - spec), spec);
		snprintf(name, name_size, "%s", colon + 1);
		snprintf(label, label_size, "%s", colon + 1);
		bool described = s == LM_OK;
		s = lm_read_text(path, source);
		if (s == LM_OK && described && args)
			lm_kcount_args_of(d, *source, args);
		if (!described)
			lm_error_clear();
	} else if (s == LM_OK) {
		snprintf(name, name_size, "%s", d->name);
		snprintf(label, label_size, "%s", d->label);
		s = lm_kcount_desc_source(d, kernel_dir, source);
		if (s == LM_OK && args)
			lm_kcount_args_of(d, *source, args);
	}
	free(d);
	return s;
}

/* v, a scalar argument's value, as a whole number a 32-bit register holds
 * as written (signed where its type is, else 0 or more)? */
static bool register_value(double v, bool is_signed)
{
	return v == floor(v) && v < 0x1p31 && v >= (is_signed ? -0x1p31 : 0);
}

/* Whether d launches as written and its global size along x is v at N
 * and w at N / 2. */
static bool grid_at(const lm_user_desc *d, double n, double v, double w)
{
	size_t gn, gh;
	return d->dims && lm_user_global_at(d, 0, n, &gn) == LM_OK &&
	       lm_user_global_at(d, 0, floor(n / 2), &gh) == LM_OK && (double)gn == v && (double)gh == w;
}

void lm_kcount_args_of(const lm_user_desc *d, const char *src, lm_count_args *out)
{
	memset(out, 0, sizeof *out);
	double n = d->size, h = floor(n / 2), v, w;
	for (int i = 0; i < d->nargs; i++) {
		const lm_user_arg *a = &d->arg[i];
		if (a->space == LM_USER_GLOBAL || a->space == LM_USER_CONSTANT) {
			int at = lm_user_param_index(src, d->name, a->name);
			if (at >= 0 && at < LM_COUNT_MAX_ARGS && lm_expr_eval(a->length, n, &v) == LM_OK && v > 0)
				out->bytes[at] = v * a->elem_size;
			continue;
		}
		if (a->space != LM_USER_SCALAR || a->is_float || a->lanes != 1 ||
		    lm_expr_eval(a->value, n, &v) != LM_OK || lm_expr_eval(a->value, h, &w) != LM_OK)
			continue;
		bool known = v == w && register_value(v, a->is_signed), grid = !known && grid_at(d, n, v, w);
		int at = known || grid ? lm_user_param_index(src, d->name, a->name) : -1;
		if (at < 0 || at >= LM_COUNT_MAX_ARGS)
			continue;
		*(known ? &out->known : &out->grid) |= 1ull << at;
		out->value[at] = known ? (long)v : 0;
	}
	lm_error_clear(); /* a value that does not evaluate is not known, no error */
}

lm_count_work lm_kcount_work_of(const lm_user_desc *d)
{
	lm_count_work w = { 0 };
	double v;
	if (d->trip[0] && lm_expr_eval(d->trip, d->size, &v) == LM_OK && v >= 1)
		w.trip = v;
	if (!lm_user_launch_work(d, &w.items, &w.per_item)) /* a grid-stride kernel: no launch */
		w.items = w.per_item = 0;
	lm_error_clear(); /* a trip count that does not evaluate is not known, no error */
	return w;
}

lm_status lm_kcount_parse_args(const char *list, const char *src, const char *name, lm_count_args *out)
{
	const char *p = list;
	for (bool more = *p; more;) { /* each entry, none empty (a trailing comma is one) */
		size_t len = strcspn(p, ","), eq = strcspn(p, "=");
		char key[LM_USER_NAME], num[32];
		unsigned long long at;
		double v;
		if (eq >= len || eq == 0 || eq >= sizeof key || len - eq - 1 >= sizeof num)
			return lm_fail(LM_EUSAGE, "--arg %.*s: not NAME=VALUE (a parameter's name or position, "
				       "a whole number)", (int)(len < 64 ? len : 64), p);
		snprintf(key, sizeof key, "%.*s", (int)eq, p);
		snprintf(num, sizeof num, "%.*s", (int)(len - eq - 1), p + eq + 1);
		bool digits = strspn(key, "0123456789") == eq;
		int pos = !digits ? (src ? lm_user_param_index(src, name, key) : -1)
			  : lm_number_parse_uint(key, LM_COUNT_MAX_ARGS - 1, &at) ? (int)at : -1;
		if (pos < 0)
			return lm_fail(LM_EUSAGE, "--arg %s: %s", key, digits ? "a position from 0 to 63"
					: src ? "no parameter of that name in the kernel"
					: "a PTX listing names its parameters by position (0, 1, ...)");
		bool grid = !strcmp(num, "grid");
		unsigned long long bit = 1ull << pos;
		double bytes = 0;
		if (!strcmp(num, "cached") || (!strncmp(num, "bytes:", 6) && lm_number_parse(num + 6, &bytes) &&
					       bytes > 0 && bytes <= 0x1p50)) {
			/* a pointer's array: the cache holds it, or its bytes */
			out->cached |= bytes > 0 ? 0 : bit;
			out->bytes[pos] = bytes > 0 ? bytes : out->bytes[pos];
			more = p[len] != '\0';
			p += len + more;
			continue;
		}
		if (!grid && (!lm_number_parse(num, &v) || !register_value(v, true)))
			return lm_fail(LM_EUSAGE, "--arg %s=%s: not a whole number a 32-bit integer holds, nor grid "
				       "(the launch's size along x), nor cached (a pointer's array the cache "
				       "holds) or bytes:N (its array's bytes, up to 2^50)", key, num);
		out->known = grid ? out->known & ~bit : out->known | bit;
		out->grid = grid ? out->grid | bit : out->grid & ~bit;
		out->value[pos] = grid ? 0 : (long)v;
		more = p[len] != '\0';
		p += len + more;
	}
	return LM_OK;
}

void lm_kcount_put_args(FILE *f, const lm_count_args *args)
{
	const char *sep = "";
	for (int i = 0; i < LM_COUNT_MAX_ARGS; i++) {
		if ((args->known | args->grid | args->cached) >> i & 1) {
			if (args->known >> i & 1)
				fprintf(f, "%s%d=%ld", sep, i, args->value[i]);
			else if (args->grid >> i & 1)
				fprintf(f, "%s%d=grid", sep, i);
			else
				fprintf(f, "%s%d=cached", sep, i);
			sep = ",";
		}
		if (args->bytes[i] > 0) {
			fprintf(f, "%s%d=bytes:%.17g", sep, i, args->bytes[i]);
			sep = ",";
		}
	}
}

/* text and end on listing (may be NULL), whole and flushed before any
 * error of the count is said (stderr is not buffered, the listing is) */
static void put_listing(FILE *listing, const char *text, const char *end)
{
	if (listing) {
		fprintf(listing, "%s%s", text, end);
		fflush(listing);
	}
}

/* ptxas unrolls a loop with a run-time trip count again as it builds the
 * PTX (NVIDIA's OpenCL shows only the PTX): where its tools are at hand,
 * a loop counted from PTX (not a body without one) is read from the
 * machine code too, and m counts ptxas's unrolling (asm/sass.h). The
 * grid-stride loops of the suite it leaves as they are. */
void lm_kcount_sass(const char *ptx, const char *name, lm_count *m)
{
	if (!m->rest_counted || m->loopless)
		return;
	char *sass = NULL, tools[2200];
	lm_sass_loops l;
	/* ptxas takes the PTX from its .version on (a count's listing, as
	 * latmix kernel --mix-of prints it, has the count before it) */
	const char *version = strncmp(ptx, ".version", 8) ? strstr(ptx, "\n.version") : NULL;
	lm_status s = lm_offline_sass(version ? version + 1 : ptx, name, &sass, tools, sizeof tools);
	if (s == LM_OK && (s = lm_sass_read(sass, &l)) == LM_OK) {
		m->sass_loads = l.most_loads;
		m->ptxas_unroll = lm_sass_unroll(&l, m->loads - m->const_loads);
		m->unroll *= m->ptxas_unroll > 1 ? m->ptxas_unroll : 1;
		double alpha = 0, w = m->ptxas_unroll > 1 ? 0 : lm_sass_waits(&l, m->loads - m->const_loads, &alpha);
		m->ptxas_waits = w;
		m->ptxas_alpha = alpha; /* 0 where w is (lm_sass_waits) */
		const char *said = m->ptxas_unroll > 1 ? "" : w > 0 ? "read by " : "none, read by ";
		snprintf(m->sass, sizeof m->sass, "%s%.300s", said, tools);
	} else {
		/* tools at hand that fail (a ptxas older than the PTX, say) are
		 * said apart from tools not there (LM_COUNT_SASS_FAILED) */
		bool there = s != LM_ETOOL || strcmp(tools, "none") != 0;
		snprintf(m->sass, sizeof m->sass, "%s (%.200s), so a loop it unrolls again runs more loads at once "
			 "than priced", there ? LM_COUNT_SASS_FAILED : "not read", lm_error_message());
		for (char *c = m->sass; *c; c++) /* a tool's message over lines, on one */
			*c = *c == '\n' || *c == '\t' ? ' ' : *c;
	}
	free(sass);
}

bool lm_kcount_is_listing(const char *spec)
{
	const char *colon = strrchr(spec, ':');
	return colon && colon - spec > 4 && strncmp(colon - 4, ".ptx", 4) == 0 && colon[1];
}

lm_status lm_kcount_listing(const char *spec, FILE *listing, const lm_count_args *args, lm_count *m)
{
	memset(m, 0, sizeof *m);
	const char *colon = strrchr(spec, ':');
	char path[4096], *text = NULL;
	snprintf(path, sizeof path, "%.*s", (int)(colon - spec), spec);
	lm_status s = lm_read_text(path, &text);
	if (s == LM_OK) {
		put_listing(listing, text, "");
		s = lm_count_count_ptx_at(text, colon + 1, args, m);
		if (s == LM_OK)
			lm_kcount_sass(text, colon + 1, m);
		if (s != LM_OK) {
			char why[512];
			snprintf(why, sizeof why, "%s", lm_error_message());
			s = lm_fail(s, "%s: %s", path, why);
		}
	}
	snprintf(m->label, sizeof m->label, "%s", colon + 1);
	snprintf(m->from, sizeof m->from, "the compiler that wrote %.200s", path);
	free(text);
	return s;
}

lm_status lm_kcount_desc_source(const lm_user_desc *d, const char *kernel_dir, char **source)
{
	*source = NULL;
	return d->in_cl ? lm_kernel_source(kernel_dir, d->source, source, NULL) : lm_read_text(d->source, source);
}

static bool said_no_text;

lm_status lm_kcount_count(const char *src, const char *name, const lm_count_args *args, const char *isa,
			const lm_device *d, cl_context ctx, FILE *listing, lm_count *m)
{
	memset(m, 0, sizeof *m);
	char from[sizeof m->from], limit[sizeof m->limit] = "";
	char *text = NULL;
	lm_count_regs regs = { 0 };
	lm_status s;
	if (isa) {
		lm_listing *built = NULL;
		snprintf(from, sizeof from, "%s's offline compiler (dependences and lanes not traced)", isa);
		if ((s = lm_offline_build_source(isa, src, name, &built)) == LM_OK) {
			const char *loop = lm_listing_loop_text(built);
			put_listing(listing, loop, "\n");
			const lm_listing_counts *c = lm_listing_get_counts(built);
			s = lm_count_from_isa(c, name, m);
			/* the listing written is the loop's text alone */
			m->ptx_first = 1;
			for (const char *q = loop; *q; q++)
				m->ptx_last += *q == '\n';
			if (c->waves_per_simd)
				snprintf(limit, sizeof limit, "%u waves per SIMD, clang's figure from its %u "
					 "vector registers", c->waves_per_simd, c->vgprs);
		}
		lm_listing_free(built);
		goto done;
	}
	snprintf(from, sizeof from, "clang's NVPTX backend");
	if (d && (s = lm_kcount_device_listing(d, ctx, src, name, &text, limit, sizeof limit, &regs)) != LM_OK)
		goto done;
	if (text)
		snprintf(from, sizeof from, "%s, driver %s (PTX)", d->name, d->driver);
	else if (d && !said_no_text) {
		fprintf(stderr, "latmix: %s returns no text of its build; counting clang's NVPTX build of "
			"the same source\n", d->name);
		said_no_text = true; /* once a run, for a sweep of the suite */
	}
	if (!text && (s = lm_offline_nvptx(src, &text)) != LM_OK)
		goto done;
	put_listing(listing, text, "");
	s = lm_count_count_ptx_at(text, name, args, m);
	if (s == LM_OK)
		lm_kcount_sass(text, name, m);
done:
	free(text);
	snprintf(m->from, sizeof m->from, "%s", from);
	snprintf(m->label, sizeof m->label, "%s", name);
	snprintf(m->limit, sizeof m->limit, "%s", limit);
	m->regs = regs;
	return s;
}


/* ptxas's registers a thread for kernel name and its spill stores, from
 * NVIDIA's build log of source (-cl-nv-verbose); 0 where it does not say.
 * A build the driver finds in its compute cache logs nothing, so this one
 * adds an empty kernel of a name no build had (the cache keys a whole
 * program): one build more, where disabling the cache (CUDA_CACHE_DISABLE)
 * cost measure --kernel all 20-45 s on an H100. */
static unsigned nv_registers(cl_context ctx, const lm_device *d, const char *source, const char *opts,
			     bool uncapped, const char *name, unsigned *spill)
{
	static unsigned builds;
	*spill = 0;
	struct timespec t;
	clock_gettime(CLOCK_REALTIME, &t);
	size_t n = strlen(source) + 128;
	char *src = malloc(n), options[600];
	if (!src)
		return 0;
	snprintf(src, n, "%s\n__kernel void lm_uncached_%ld_%ld_%ld_%u(void) {}\n", source, (long)getpid(),
		 (long)t.tv_sec, (long)t.tv_nsec, builds++);
	snprintf(options, sizeof options, "%s -cl-nv-verbose", opts);
	char *cap = uncapped ? strstr(options, " -cl-nv-maxrregcount=") : NULL;
	if (cap) { /* the option out, up to the next */
		const char *rest = cap + 1 + strcspn(cap + 1, " ");
		memmove(cap, rest, strlen(rest) + 1);
	}
	unsigned regs = 0;
	cl_program prog;
	if (lm_launch_build(ctx, d, src, "the kernel", options, &prog) == LM_OK) {
		size_t size = 0;
		char *log = NULL;
		if (clGetProgramBuildInfo(prog, d->id, CL_PROGRAM_BUILD_LOG, 0, NULL, &size) == CL_SUCCESS &&
		    size && (log = malloc(size + 1)) &&
		    clGetProgramBuildInfo(prog, d->id, CL_PROGRAM_BUILD_LOG, size, log, NULL) == CL_SUCCESS) {
			log[size] = '\0';
			regs = lm_count_ptxas_registers(log, name, spill);
		}
		free(log);
		clReleaseProgram(prog);
	} else {
		lm_error_clear(); /* no figure, not a failure: the count goes on without it */
	}
	free(src);
	return regs;
}

/* What the build allows kernel name (limit: "" if it cannot say). */
static void device_limit(const lm_device *d, cl_program prog, const char *name, const lm_count_regs *r,
			 char *limit, size_t size)
{
	cl_int err;
	cl_kernel k = clCreateKernel(prog, name, &err);
	if (err != CL_SUCCESS)
		return;
	size_t wg = 0;
	cl_ulong local = 0;
	if (clGetKernelWorkGroupInfo(k, d->id, CL_KERNEL_WORK_GROUP_SIZE, sizeof wg, &wg, NULL) == CL_SUCCESS &&
	    clGetKernelWorkGroupInfo(k, d->id, CL_KERNEL_LOCAL_MEM_SIZE, sizeof local, &local, NULL) == CL_SUCCESS) {
		/* the driver's figures, with no cause guessed: NVIDIA's says 256
		 * work-items and 1 byte for every suite kernel, copy's loop of
		 * 8 instructions included */
		char dev[160] = "";
		if (lm_device_wg_limit(d, wg) > wg)
			snprintf(dev, sizeof dev, " (the device's: %zu, which latmix launches up to: NVIDIA's OpenCL "
				 "says 256 for every kernel and runs 1024)", d->max_wg_size);
		else if (wg < d->max_wg_size)
			snprintf(dev, sizeof dev, " (the device's: %zu)", d->max_wg_size);
		int n = snprintf(limit, size, "work-groups of up to %zu work-items%s and %llu bytes of local "
				 "memory a group, as the driver reports them", wg, dev, (unsigned long long)local);
		char spilled[64] = "";
		if (r->spill)
			snprintf(spilled, sizeof spilled, ", spilling %u bytes a thread to local memory", r->spill);
		char own[64] = "";
		if (r->own && r->own != r->capped)
			snprintf(own, sizeof own, ", %u without it", r->own);
		if (r->capped && n > 0 && (size_t)n < size)
			n += snprintf(limit + n, size - (size_t)n, "; ptxas, in its build log: %u registers a thread%s%s%s",
				      r->capped, *own ? " under latmix's register cap" : "", spilled, own);
		if (r->own_warps && r->own_warps < d->max_warps && n > 0 && (size_t)n < size)
			snprintf(limit + n, size - (size_t)n, ", room for %u warps a CU of the %u it holds",
				 r->own_warps, d->max_warps);
		else if (r->own_warps && n > 0 && (size_t)n < size)
			snprintf(limit + n, size - (size_t)n, ", room for all %u warps a CU holds", d->max_warps);
	}
	clReleaseKernel(k);
}

lm_status lm_kcount_device_listing(const lm_device *d, cl_context shared, const char *source, const char *name,
				 char **text, char *limit, size_t limit_size, lm_count_regs *regs)
{
	cl_int err = CL_SUCCESS;
	*text = NULL;
	cl_context ctx = shared ? shared : clCreateContext(NULL, 1, &d->id, NULL, NULL, &err);
	if (err != CL_SUCCESS)
		return lm_fail_cl(err, "clCreateContext", d->name);
	char opts[512];
	lm_meas_device_options(d, false, opts, sizeof opts);
	cl_program prog;
	lm_status s = lm_launch_build(ctx, d, source, "the kernel", opts, &prog);
	if (s == LM_OK) {
		size_t size, len, bad;
		char *bin = lm_launch_binary(prog, &size, &len, &bad);
		if (bin && len && strstr(bin, ".entry"))
			*text = bin;
		else
			free(bin);
		/* NVIDIA's compiler logs ptxas's registers (cl_nv_compiler_options:
		 * -cl-nv-verbose; other platforms on NVIDIA GPUs refuse it) */
		lm_count_regs r = { 0 };
		unsigned own_spill;
		if (limit && limit_size && strcmp(d->platform_name, "NVIDIA CUDA") == 0 &&
		    (r.capped = nv_registers(ctx, d, source, opts, false, name, &r.spill))) {
			r.own = strstr(opts, "-cl-nv-maxrregcount=") ?
					nv_registers(ctx, d, source, opts, true, name, &own_spill) : r.capped;
			r.own_warps = lm_vendor_nv_warps_by_registers(d->nv_cc_major, d->nv_cc_minor, r.own);
			if (r.own_warps > d->max_warps)
				r.own_warps = d->max_warps;
		}
		if (regs)
			*regs = r;
		if (limit && limit_size)
			device_limit(d, prog, name, &r, limit, limit_size);
	}
	if (s == LM_OK)
		clReleaseProgram(prog);
	if (!shared)
		clReleaseContext(ctx);
	return s;
}

