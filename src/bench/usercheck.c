#include "bench/userkernel_parts.h"
#include "base/expr.h"
#include "bench/kernels.h"
#include "bench/launch.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A user's outputs checked at every point against the first point's. The
 * first point's are copied on the device and later ones compared there
 * (cl/check.cl), word by word: only the first word that differs is read
 * back, and from its element the host compares as before, lane by lane
 * within an output's tolerance. An output the device cannot compare (the
 * comparison does not build, no room for the copy, more words than a uint
 * counts) is compared on the host: the first point's kept whole, later
 * ones read back a chunk at a time. Either way the same outputs pass. */

/* Bytes of an output read back and compared at a time after the first
 * point: a multiple of every element's size. */
#define CHECK_CHUNK ((size_t)16 << 20)

/* cl/check.cl's "no word differs" */
#define NO_WORD 0xffffffffu

/* Work-items a compute unit of the comparison, in groups of CHECK_WG:
 * enough to keep a GPU's memory busy, each looping over the rest. */
#define CHECK_WG 64
#define CHECK_GROUPS_A_CU 32

/* Whether lane p of output a differs from lane q beyond its tolerance
 * (bit for bit without one). */
static bool lane_differs(const lm_user_arg *a, const unsigned char *p, const unsigned char *q)
{
	if (!memcmp(p, q, a->lane_size))
		return false;
	if (!a->is_float || !(a->tolerance > 0))
		return true;
	double x, y;
	if (a->lane_size == 4) {
		float f, g;
		memcpy(&f, p, 4);
		memcpy(&g, q, 4);
		x = f, y = g;
	} else {
		memcpy(&x, p, 8);
		memcpy(&y, q, 8);
	}
	return !(fabs(x - y) <= a->tolerance * fmax(fabs(x), fabs(y)));
}

/* The first of n elements of output a where got differs from want, lane
 * by lane (a 3-vector's padding lane not compared), or SIZE_MAX; its lane
 * in *lane. */
static size_t first_difference(const lm_user_arg *a, const unsigned char *got, const unsigned char *want, size_t n,
			       unsigned *lane)
{
	if (a->lanes != 3 && !memcmp(got, want, n * a->elem_size))
		return SIZE_MAX;
	for (size_t j = 0; j < n; j++)
		for (unsigned l = 0; l < a->lanes; l++) {
			size_t at = j * a->elem_size + l * a->lane_size;
			if (lane_differs(a, got + at, want + at)) {
				*lane = l;
				return j;
			}
		}
	return SIZE_MAX;
}

/* Where an integer scalar's value exceeds a buffer's length (the kernel
 * then reads or writes past it, and on a GPU gets what lies there): a
 * sentence naming both, into buf; "" if none. */
static void past_a_buffer(const lm_user *k, char *buf, size_t size)
{
	buf[0] = '\0';
	double most = 0, v;
	const char *by = NULL;
	for (int i = 0; i < k->desc.nargs; i++) {
		const lm_user_arg *a = &k->desc.arg[i];
		if (a->space == LM_USER_SCALAR && !a->is_float && a->lanes == 1 &&
		    lm_expr_eval(a->value, k->desc.size, &v) == LM_OK && v > most)
			most = v, by = a->name;
	}
	for (int i = 0; by && i < k->desc.nargs; i++)
		if (k->buf[i] && (double)k->len[i] < most) {
			snprintf(buf, size, "[%s] = %.0f while [%s] holds %zu elements: the kernel may read or write "
				 "past that buffer (its length in the description); or ", by, most,
				 k->desc.arg[i].name, k->len[i]);
			return;
		}
}

/* How the device compares output a of bytes bytes as 32-bit words: the
 * words of an element and how many of them hold its lanes (a float3's
 * three of four); false where it cannot: a word holding a 3-vector's
 * padding with a lane (char3, short3), an output not a whole number of
 * words, or more words than a uint below NO_WORD counts. */
static bool word_shape(const lm_user_arg *a, size_t bytes, cl_uint *elem_words, cl_uint *cmp_words)
{
	if (bytes % 4 || bytes / 4 > NO_WORD || (a->lanes == 3 && a->lane_size < 4))
		return false;
	*elem_words = a->elem_size < 4 ? 1 : a->elem_size / 4; /* a word of several small elements */
	*cmp_words = a->lanes == 3 ? 3 * a->lane_size / 4 : *elem_words;
	return true;
}

/* Builds the comparison (cl/check.cl) and its counters of first words,
 * once; false, said once, where it does not build: the outputs are then
 * compared on the host. */
static bool check_ready(lm_user *k)
{
	if (k->check_state)
		return k->check_state > 0;
	k->check_state = -1;
	char *src = NULL;
	double t0 = lm_launch_now();
	lm_status s = lm_kernel_source(NULL, "check.cl", &src, NULL);
	if (s == LM_OK)
		s = lm_launch_build(k->ctx, &k->dev, src, "check.cl", "", &k->check_prog);
	free(src);
	cl_int err = CL_SUCCESS;
	if (s == LM_OK && (k->check = clCreateKernel(k->check_prog, "lm_check", &err)) == NULL)
		s = lm_fail_cl(err, "clCreateKernel", "lm_check");
	size_t counters = LM_USER_MAX_ARGS * sizeof(cl_uint);
	if (s == LM_OK && (k->check_first = clCreateBuffer(k->ctx, CL_MEM_READ_WRITE, counters, NULL, &err)) == NULL)
		s = lm_fail_cl(err, "clCreateBuffer", "the outputs' first words that differ");
	size_t most = 0;
	if (s == LM_OK)
		clGetKernelWorkGroupInfo(k->check, k->dev.id, CL_KERNEL_WORK_GROUP_SIZE, sizeof most, &most, NULL);
	k->check_wg = most && most < CHECK_WG ? most : CHECK_WG;
	k->cost.programs += lm_launch_now() - t0;
	if (s != LM_OK) {
		fprintf(stderr, "latmix: kernel %s: the comparison of its outputs on %s does not run (%s); comparing "
			"them on the host\n", k->desc.label, k->dev.name, lm_error_message());
		return false;
	}
	k->check_state = 1;
	return true;
}

/* At the first point: output i kept as the reference, copied on the
 * device where it can be compared there, else read back whole. */
static lm_status keep_reference(lm_user *k, int i)
{
	const lm_user_arg *a = &k->desc.arg[i];
	size_t bytes = k->len[i] * a->elem_size;
	cl_uint ew, cw;
	cl_int err;
	if (word_shape(a, bytes, &ew, &cw) && check_ready(k)) {
		cl_mem copy = clCreateBuffer(k->ctx, CL_MEM_READ_WRITE, bytes, NULL, &err);
		if (err == CL_SUCCESS && (err = clEnqueueCopyBuffer(k->queue, k->buf[i], copy, 0, 0, bytes, 0, NULL,
								    NULL)) == CL_SUCCESS) {
			k->dref[i] = copy;
			if ((err = clFinish(k->queue)) != CL_SUCCESS)
				return lm_fail_cl(err, "clEnqueueCopyBuffer", a->name);
			return LM_OK;
		}
		/* no room on the device for a copy: the host keeps it, as it can */
		if (copy)
			clReleaseMemObject(copy);
	}
	if (!(k->ref[i] = malloc(bytes)))
		return lm_fail(LM_ENOMEM, "out of memory reading output %s", a->name);
	err = clEnqueueReadBuffer(k->queue, k->buf[i], CL_TRUE, 0, bytes, k->ref[i], 0, NULL, NULL);
	if (err != CL_SUCCESS)
		return lm_fail_cl(err, "clEnqueueReadBuffer", a->name);
	return LM_OK;
}

/* Compares every output with a reference on the device with it, all
 * launched before one read-back: first[i], the first word of output i
 * that differs, NO_WORD where none does (and for outputs compared on the
 * host). */
static lm_status compare_on_device(lm_user *k, cl_uint first[LM_USER_MAX_ARGS])
{
	for (int i = 0; i < LM_USER_MAX_ARGS; i++)
		first[i] = NO_WORD;
	if (k->check_state <= 0)
		return LM_OK;
	const cl_uint none = NO_WORD;
	const char *call = "clEnqueueFillBuffer";
	cl_int err = clEnqueueFillBuffer(k->queue, k->check_first, &none, sizeof none, 0,
					 LM_USER_MAX_ARGS * sizeof none, 0, NULL, NULL);
	for (int i = 0; i < k->desc.nargs && err == CL_SUCCESS; i++) {
		const lm_user_arg *a = &k->desc.arg[i];
		cl_uint n, ew, cw, slot = (cl_uint)i;
		if (!a->output || !k->dref[i] || !word_shape(a, k->len[i] * a->elem_size, &ew, &cw))
			continue;
		n = (cl_uint)(k->len[i] * a->elem_size / 4);
		size_t wg = k->check_wg, most = (size_t)k->dev.compute_units * CHECK_GROUPS_A_CU * wg;
		size_t threads = ((size_t)n + wg - 1) / wg * wg;
		threads = threads < most ? threads : most;
		err = clSetKernelArg(k->check, 0, sizeof(cl_mem), &k->buf[i]);
		err |= clSetKernelArg(k->check, 1, sizeof(cl_mem), &k->dref[i]);
		err |= clSetKernelArg(k->check, 2, sizeof n, &n);
		err |= clSetKernelArg(k->check, 3, sizeof ew, &ew);
		err |= clSetKernelArg(k->check, 4, sizeof cw, &cw);
		err |= clSetKernelArg(k->check, 5, sizeof(cl_mem), &k->check_first);
		err |= clSetKernelArg(k->check, 6, sizeof slot, &slot);
		if (err != CL_SUCCESS)
			return lm_fail_cl(CL_INVALID_KERNEL_ARGS, "clSetKernelArg", "the outputs' comparison");
		call = "clEnqueueNDRangeKernel";
		err = clEnqueueNDRangeKernel(k->queue, k->check, 1, NULL, &threads, &wg, 0, NULL, NULL);
	}
	if (err == CL_SUCCESS) {
		call = "clEnqueueReadBuffer";
		err = clEnqueueReadBuffer(k->queue, k->check_first, CL_TRUE, 0, LM_USER_MAX_ARGS * sizeof(cl_uint),
					  first, 0, NULL, NULL);
	}
	if (err != CL_SUCCESS)
		return lm_fail_cl(err, call, "the comparison of the outputs");
	return LM_OK;
}

/* The first element of output i from byte off on that differs beyond its
 * tolerance from the reference, in *bad (SIZE_MAX: none), its lane in
 * *lane: read back a chunk at a time, the reference's from the device
 * where it is there, else from the host's copy. */
static lm_status host_difference(lm_user *k, int i, size_t off, size_t *bad, unsigned *lane)
{
	const lm_user_arg *a = &k->desc.arg[i];
	size_t bytes = k->len[i] * a->elem_size, chunk = bytes < CHECK_CHUNK ? bytes : CHECK_CHUNK;
	*bad = SIZE_MAX;
	if (!k->got[i] && !(k->got[i] = malloc(chunk)))
		return lm_fail(LM_ENOMEM, "out of memory reading output %s", a->name);
	if (k->dref[i] && !k->want[i] && !(k->want[i] = malloc(chunk)))
		return lm_fail(LM_ENOMEM, "out of memory reading output %s", a->name);
	for (; off < bytes && *bad == SIZE_MAX; off += chunk) {
		size_t n = bytes - off < chunk ? bytes - off : chunk;
		const unsigned char *want = k->dref[i] ? k->want[i] : (const unsigned char *)k->ref[i] + off;
		cl_int err = CL_SUCCESS;
		if (k->dref[i])
			err = clEnqueueReadBuffer(k->queue, k->dref[i], CL_FALSE, off, n, k->want[i], 0, NULL, NULL);
		if (err == CL_SUCCESS)
			err = clEnqueueReadBuffer(k->queue, k->buf[i], CL_TRUE, off, n, k->got[i], 0, NULL, NULL);
		if (err != CL_SUCCESS)
			return lm_fail_cl(err, "clEnqueueReadBuffer", a->name);
		size_t j = first_difference(a, k->got[i], want, n / a->elem_size, lane);
		if (j != SIZE_MAX)
			*bad = off / a->elem_size + j;
	}
	return LM_OK;
}

/* LM_ECHECK: output i differs at element bad (its lane lane) with warps
 * per CU from the first point's, said with what may cause it. */
static lm_status refuse(const lm_user *k, int i, unsigned warps, size_t bad, unsigned lane)
{
	const lm_user_arg *a = &k->desc.arg[i];
	/* an output refilled before each launch cannot be one the kernel changes as it reads it */
	char in_place[256] = "";
	if (!a->reset)
		snprintf(in_place, sizeof in_place, "; or it reads the output it writes (y[i] = a * x[i] + "
			 "y[i]), which then changes at every launch: 'reset = yes' in [%s] refills it before "
			 "each", a->name);
	char past[256], at_lane[32] = "";
	past_a_buffer(k, past, sizeof past);
	if (a->lanes > 1)
		snprintf(at_lane, sizeof at_lane, " (its lane %u of %u)", lane, a->lanes);
	const char *why = k->desc.dims
		? "its result depends on the work-group size or the occupancy (a reduction by work-groups: "
		  "'output = per-local-size' compares it only within one local size)"
		: "its result depends on the grid, and latmix measures only grid-stride kernels (every grid "
		  "computes the same; a reduction's floats within a stated tolerance)";
	return lm_fail(LM_ECHECK, "kernel %s: output %s differs at element %zu%s with %u warps per CU from %u "
		       "warps per CU%s: %s%s%s", k->desc.label, a->name, bad, at_lane, warps, k->ref_warps,
		       a->tolerance > 0 ? " beyond its tolerance" : "", past, why, in_place);
}

/* The outputs against the first point's: the same bit for bit, or within
 * an output's tolerance. On the device where the reference is there, the
 * host reading back only from the first word that differs; else on the
 * host, a chunk at a time. */
lm_status lm_user_check_outputs(lm_user *k, unsigned warps, unsigned long *checked)
{
	*checked = 0;
	cl_uint first[LM_USER_MAX_ARGS];
	lm_status s = compare_on_device(k, first);
	for (int i = 0; i < k->desc.nargs && s == LM_OK; i++) {
		const lm_user_arg *a = &k->desc.arg[i];
		if (!a->output)
			continue;
		*checked += k->len[i];
		if (!k->ref[i] && !k->dref[i]) {
			k->ref_warps = warps;
			k->from[i] = SIZE_MAX;
			s = keep_reference(k, i);
			continue;
		}
		size_t bad = SIZE_MAX;
		unsigned lane = 0;
		/* on the device: from the element that holds the first word that differs */
		k->from[i] = first[i] == NO_WORD ? SIZE_MAX : (size_t)first[i] * 4 / a->elem_size;
		if (!k->dref[i])
			s = host_difference(k, i, 0, &bad, &lane);
		else if (k->from[i] != SIZE_MAX)
			s = host_difference(k, i, k->from[i] * a->elem_size, &bad, &lane);
		if (s == LM_OK && bad != SIZE_MAX)
			return refuse(k, i, warps, bad, lane);
	}
	return s;
}

/* Forgets output i's reference: the next point's is the new one. */
void lm_user_drop_reference(lm_user *k, int i)
{
	free(k->ref[i]);
	k->ref[i] = NULL;
	if (k->dref[i])
		clReleaseMemObject(k->dref[i]);
	k->dref[i] = NULL;
}

/* The first point's output, the host's copy read back from the device's
 * the first time it is asked for. */
const void *lm_user_output(lm_user *k, const char *name, size_t *bytes)
{
	for (int i = 0; i < k->desc.nargs; i++) {
		if (strcmp(k->desc.arg[i].name, name) != 0 || (!k->ref[i] && !k->dref[i]))
			continue;
		size_t n = k->len[i] * k->desc.arg[i].elem_size;
		if (!k->ref[i] && (k->ref[i] = malloc(n)) &&
		    clEnqueueReadBuffer(k->queue, k->dref[i], CL_TRUE, 0, n, k->ref[i], 0, NULL, NULL) != CL_SUCCESS) {
			free(k->ref[i]);
			k->ref[i] = NULL;
		}
		*bytes = n;
		return k->ref[i];
	}
	return NULL;
}

bool lm_user_checked_on_device(const lm_user *k, const char *name, size_t *from)
{
	for (int i = 0; i < k->desc.nargs; i++)
		if (!strcmp(k->desc.arg[i].name, name) && k->dref[i] && k->check_state > 0) {
			*from = k->from[i];
			return true;
		}
	return false;
}
