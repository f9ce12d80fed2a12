#include "bench/userfill.h"
#include "base/expr.h"
#include "bench/clerror.h"

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

static uint64_t name_key(uint64_t seed, const char *name)
{
	uint64_t h = seed ^ 0xcbf29ce484222325ull;
	for (const char *c = name; *c; c++)
		h = (h ^ (unsigned char)*c) * 0x100000001b3ull;
	return h;
}

/* Element i of a's contents, as a double (integers exactly up to 2^53)
 * or, for random integers, the raw bits in *bits (raw set). */
static double element(const lm_user_arg *a, uint64_t key, size_t i, double arg, bool *raw, uint64_t *bits)
{
	*raw = false;
	switch (a->fill) {
	case LM_USER_ZERO: return 0;
	case LM_USER_CONST: return arg;
	case LM_USER_INDEX: return (double)i;
	case LM_USER_STEP: return (double)i * arg;
	case LM_USER_RANDOM:
		if (a->is_float)
			return (double)(rnd(key, i) >> 11) * 0x1p-53;
		*raw = true;
		*bits = rnd(key, i);
		return 0;
	case LM_USER_RANDOM_BELOW:
		if (a->is_float)
			return arg * (double)(rnd(key, i) >> 11) * 0x1p-53;
		return (double)(rnd(key, i) % (uint64_t)arg);
	case LM_USER_PERMUTATION: break; /* filled whole, below */
	}
	return 0;
}

/* Stores x (or raw bits) as a's element type at p. */
static void store_raw(const lm_user_arg *a, void *p, double x, bool raw, uint64_t bits)
{
	if (a->is_float) {
		if (a->elem_size == 4) {
			float f = (float)x;
			memcpy(p, &f, 4);
		} else {
			memcpy(p, &x, 8);
		}
		return;
	}
	uint64_t v = raw ? bits : a->is_signed ? (uint64_t)(int64_t)x : (uint64_t)x;
	memcpy(p, &v, a->elem_size); /* little-endian: the low bytes */
}

/* Writes a's contents into its buffer, a million elements at a time. */
lm_status lm_user_fill_buffer(cl_command_queue queue, cl_mem buf, size_t n, const lm_user_arg *a, double size,
		      uint64_t seed, const char *path)
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
			store_raw(a, out + j * es, (double)v[j], false, 0);
		err = clEnqueueWriteBuffer(queue, buf, CL_TRUE, 0, n * es, out, 0, NULL, NULL);
		free(v);
		free(out);
	} else if (a->fill == LM_USER_ZERO || a->fill == LM_USER_CONST) {
		unsigned char pattern[8];
		store_raw(a, pattern, arg, false, 0);
		err = clEnqueueFillBuffer(queue, buf, pattern, es, 0, n * es, 0, NULL, NULL);
		if (err == CL_SUCCESS)
			err = clFinish(queue);
	} else {
		const size_t block = 1u << 20;
		unsigned char *out = malloc(block * es);
		if (!out)
			return lm_fail(LM_ENOMEM, "out of memory");
		for (size_t j0 = 0; j0 < n && err == CL_SUCCESS; j0 += block) {
			size_t m = n - j0 < block ? n - j0 : block;
			for (size_t j = 0; j < m; j++) {
				bool raw;
				uint64_t bits = 0;
				double x = element(a, key, j0 + j, arg, &raw, &bits);
				store_raw(a, out + j * es, x, raw, bits);
			}
			err = clEnqueueWriteBuffer(queue, buf, CL_TRUE, j0 * es, m * es, out, 0, NULL,
						   NULL);
		}
		free(out);
	}
	return err == CL_SUCCESS ? LM_OK : lm_fail_cl(err, "writing the contents of argument", a->name);
}
void lm_user_store(const lm_user_arg *a, void *p, double x)
{
	store_raw(a, p, x, false, 0);
}
