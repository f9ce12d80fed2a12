#include "bench/userfill.h"
#include "base/parallel.h"
#include "base/expr.h"
#include "bench/clerror.h"
#include "bench/kernels.h"
#include "bench/launch.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* A counter-based random stream: the i-th 64-bit word of stream key
 * (splitmix64's finaliser). */
static uint64_t rnd(uint64_t key, uint64_t i)
{
	uint64_t z = key + (i + 1) * 0x9e3779b97f4a7c15ull;
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* The draw's number uniform in [0, 1): its top 53 bits over 2^53. */
static double unit(uint64_t key, uint64_t draw)
{
	return (double)(rnd(key, draw) >> 11) * 0x1p-53;
}

static uint64_t name_key(uint64_t seed, const char *name)
{
	uint64_t h = seed ^ 0xcbf29ce484222325ull;
	for (const char *c = name; *c; c++)
		h = (h ^ (unsigned char)*c) * 0x100000001b3ull;
	return h;
}

/* Lane l of element i of a's contents, as a double (integers exactly up
 * to 2^53) or, for random integers, the raw bits in *bits (raw set). An
 * element's lanes share its value (zero, const, index, step), or are
 * drawn each on its own (random, random-below: draw i x lanes + l, the
 * lanes a 3-vector stores being 4). */
static double element(const lm_user_arg *a, uint64_t key, size_t i, unsigned l, double arg, bool *raw,
		      uint64_t *bits)
{
	uint64_t draw = (uint64_t)i * (a->lanes == 3 ? 4 : a->lanes) + l;
	*raw = false;
	switch (a->fill) {
	case LM_USER_ZERO: return 0;
	case LM_USER_CONST: return arg;
	case LM_USER_INDEX: return (double)i;
	case LM_USER_STEP: return (double)i * arg;
	case LM_USER_RANDOM:
		if (a->is_float)
			return unit(key, draw);
		*raw = true;
		*bits = rnd(key, draw);
		return 0;
	case LM_USER_RANDOM_BELOW:
		if (a->is_float)
			return arg * unit(key, draw);
		return (double)(rnd(key, draw) % (uint64_t)arg);
	case LM_USER_PERMUTATION: break; /* filled whole, below */
	}
	return 0;
}

/* Stores x (or raw bits) as a lane of a's type at p. */
static void store_lane(const lm_user_arg *a, void *p, double x, bool raw, uint64_t bits)
{
	if (a->is_float) {
		if (a->lane_size == 4) {
			float f = (float)x;
			memcpy(p, &f, 4);
		} else {
			memcpy(p, &x, 8);
		}
		return;
	}
	uint64_t v = raw ? bits : a->is_signed ? (uint64_t)(int64_t)x : (uint64_t)x;
	memcpy(p, &v, a->lane_size); /* little-endian: the low bytes */
}

/* Stores x in every lane of an element of a's type at p (a 3-vector's
 * fourth, its padding, too). */
static void store_all(const lm_user_arg *a, unsigned char *p, double x)
{
	for (unsigned l = 0; l < a->elem_size / a->lane_size; l++)
		store_lane(a, p + l * a->lane_size, x, false, 0);
}

/* Writes elements j0 .. j0 + m - 1 of a's contents (not a permutation) into out. */
static void fill_block(const lm_user_arg *a, uint64_t key, size_t j0, size_t m, double arg, unsigned char *out)
{
	/* the suites' big arrays, random floats, as element() and store_lane()
	 * make them, without their choices an element (most of the fill's time) */
	if (a->fill == LM_USER_RANDOM && a->is_float && a->lane_size == 4 && a->lanes == 1) {
		for (size_t j = 0; j < m; j++) {
			float f = (float)unit(key, j0 + j);
			memcpy(out + 4 * j, &f, 4);
		}
		return;
	}
	unsigned stored = a->elem_size / a->lane_size;
	for (size_t j = 0; j < m; j++)
		for (unsigned l = 0; l < stored; l++) {
			bool raw;
			uint64_t bits = 0;
			double x = element(a, key, j0 + j, l, arg, &raw, &bits);
			store_lane(a, out + j * a->elem_size + l * a->lane_size, x, raw, bits);
		}
}

/* A block of a's contents written by parts on the host's cores: each
 * element's value depends on its index alone. */
typedef struct {
	const lm_user_arg *a;
	uint64_t key;
	size_t j0;
	double arg;
	unsigned char *out;
} fill_part;

static size_t fill_some(void *ctx, size_t lo, size_t hi)
{
	const fill_part *f = ctx;
	fill_block(f->a, f->key, f->j0 + lo, hi - lo, f->arg, f->out + lo * f->a->elem_size);
	return SIZE_MAX;
}

/* Writes a's contents into its buffer, 32 MiB at a time, each block filled
 * on the host's cores. */
cl_kernel lm_user_random_kernel(cl_context ctx, const lm_device *d)
{
	char *src;
	cl_program prog;
	if (lm_kernel_source(NULL, "random.cl", &src, NULL) != LM_OK)
		return NULL;
	lm_status s = lm_launch_build(ctx, d, src, "random.cl", "", &prog);
	free(src);
	if (s != LM_OK)
		return NULL;
	cl_int err;
	cl_kernel k = clCreateKernel(prog, "lm_random_floats", &err);
	clReleaseProgram(prog); /* the kernel holds it */
	return err == CL_SUCCESS ? k : NULL;
}

/* Work-items a launch of the device's fill at most */
#define FILL_LAUNCH ((size_t)1 << 24)

/* a's random floats (n) written by cl/random.cl's kernel into buf, in
 * launches of at most FILL_LAUNCH work-items, waited for. */
static cl_int fill_on_device(cl_command_queue queue, cl_kernel random, cl_mem buf, size_t n, uint64_t key)
{
	cl_ulong k = key;
	cl_int err = clSetKernelArg(random, 0, sizeof buf, &buf);
	if (err == CL_SUCCESS)
		err = clSetKernelArg(random, 1, sizeof k, &k);
	for (size_t first = 0; first < n && err == CL_SUCCESS; first += FILL_LAUNCH) {
		cl_ulong f = first;
		size_t items = n - first < FILL_LAUNCH ? n - first : FILL_LAUNCH;
		err = clSetKernelArg(random, 2, sizeof f, &f);
		if (err == CL_SUCCESS)
			err = clEnqueueNDRangeKernel(queue, random, 1, NULL, &items, NULL, 0, NULL, NULL);
	}
	return err == CL_SUCCESS ? clFinish(queue) : err;
}

lm_status lm_user_fill_buffer(cl_command_queue queue, cl_mem buf, size_t n, const lm_user_arg *a, double size,
		      uint64_t seed, const char *path, cl_kernel random)
{
	double arg = 0;
	if (a->fill_arg[0])
		lm_expr_eval(a->fill_arg, size, &arg);
	uint64_t key = name_key(seed, a->name);
	size_t es = a->elem_size;
	if (a->fill == LM_USER_RANDOM_BELOW && !a->is_float && !(arg >= 1))
		return lm_fail(LM_EUSAGE, "%s: argument [%s]: random-below needs a bound of 1 or more",
			       path, a->name);
	cl_int err = CL_SUCCESS;
	/* the suites' big arrays: their words made where they are, not sent
	 * (where that fails, sent as the rest are) */
	if (random && a->fill == LM_USER_RANDOM && a->is_float && a->lane_size == 4 && a->lanes == 1 &&
	    fill_on_device(queue, random, buf, n, key) == CL_SUCCESS)
		return LM_OK;
	if (a->fill == LM_USER_PERMUTATION) {
		/* Fisher-Yates over the whole buffer */
		uint64_t *v = malloc(n * sizeof *v);
		unsigned char *out = malloc(n * es + 1);
		if (!v || !out) {
			free(v);
			free(out);
			return lm_fail(LM_ENOMEM, "argument %s: out of memory for a permutation of %zu", a->name, n);
		}
		for (size_t j = 0; j < n; j++)
			v[j] = j;
		for (size_t j = n; j > 1; j--) {
			size_t r = (size_t)(rnd(key, j) % j);
			uint64_t t = v[j - 1];
			v[j - 1] = v[r];
			v[r] = t;
		}
		for (size_t j = 0; j < n; j++)
			store_all(a, out + j * es, (double)v[j]);
		err = clEnqueueWriteBuffer(queue, buf, CL_TRUE, 0, n * es, out, 0, NULL, NULL);
		free(v);
		free(out);
	} else if (a->fill == LM_USER_ZERO || a->fill == LM_USER_CONST) {
		unsigned char pattern[LM_USER_MAX_ELEM];
		store_all(a, pattern, arg);
		err = clEnqueueFillBuffer(queue, buf, pattern, es, 0, n * es, 0, NULL, NULL);
		if (err == CL_SUCCESS)
			err = clFinish(queue);
	} else {
		const size_t block = ((size_t)32 << 20) / es; /* elements: 32 MiB */
		unsigned char *out = malloc(block * es);
		if (!out)
			return lm_fail(LM_ENOMEM, "out of memory");
		for (size_t j0 = 0; j0 < n && err == CL_SUCCESS; j0 += block) {
			size_t m = n - j0 < block ? n - j0 : block;
			fill_part part = { a, key, j0, arg, out };
			lm_parallel_for(m, fill_some, &part);
			err = clEnqueueWriteBuffer(queue, buf, CL_TRUE, j0 * es, m * es, out, 0, NULL,
						   NULL);
		}
		free(out);
	}
	return err == CL_SUCCESS ? LM_OK : lm_fail_cl(err, "writing the contents of argument", a->name);
}
void lm_user_store(const lm_user_arg *a, void *p, double x)
{
	store_all(a, p, x);
}
