/* sweep_nd: the points of a kernel measured as written: each work-group
 * shape (--local-size, else the description's local, else the defaults)
 * at each level of groups per CU the device allows for it, one row each;
 * what cannot be reached, and points whose counted residency is not the
 * level claimed, said. */
#include "bench/sweep_parts.h"
#include "bench/guard.h"
#include "bench/refine.h"
#include "bench/userkernel.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The row prev (--resume) holds of the point of label at wg work-items and
 * level groups a CU. */
static const lm_row *done_before(const lm_results *prev, const char *label, size_t wg, unsigned level)
{
	for (size_t i = 0; prev && i < prev->n; i++)
		if (!strcmp(prev->v[i].mix, label) && prev->v[i].row.work_group_size == wg &&
		    prev->v[i].row.groups_per_cu == level)
			return &prev->v[i].row;
	return NULL;
}

/* The work-group shape a row of prev (--resume) says label ran at at wg
 * work-items; NULL where none says one (or files before the column). */
static const char *shape_before(const lm_results *prev, const char *label, size_t wg)
{
	for (size_t i = 0; prev && i < prev->n; i++)
		if (!strcmp(prev->v[i].mix, label) && prev->v[i].row.work_group_size == wg && prev->v[i].row.shape[0])
			return prev->v[i].row.shape;
	return NULL;
}

/* Says, and records in f, the levels sh can be held at, and why none
 * below. */
static void say_levels(const sweep *sw, const lm_user_shape *sh, const char *text, FILE *f)
{
	char below[256] = "";
	if (sh->lo > 1)
		snprintf(below, sizeof below, "; below %u not reachable (a group reserves at most %llu bytes of "
			 "local memory, and a CU holds %u such)", sh->lo, sw->d.local_mem, sh->lo);
	fprintf(f, "# levels = work-group %s (%zu work-items, %u warps): %u to %u groups a CU (at most: %s)%s\n",
		text, sh->wg, sh->per_group, sh->lo, sh->hi, sh->limit, below);
	fprintf(stderr, "latmix: work-group %s (%zu work-items, %u warps): %u to %u groups a CU (at most: %s)%s\n",
		text, sh->wg, sh->per_group, sh->lo, sh->hi, sh->limit, below);
}

/* One point of sh at level groups a CU into rows (slot j); *rate its
 * bytes a second (NAN where skipped). LM_ECHECK where the kernel failed
 * (said and listed), another status where the sweep must stop. */
static lm_status shape_point(sweep *sw, lm_user *k, const lm_user_desc *desc, const lm_user_shape *sh,
			     const char *text, unsigned level, size_t j, sweep_rows *rows, FILE *f,
			     size_t *measured, unsigned *unheld, double *rate)
{
	lm_status s = sweep_stopped();
	if (s != LM_OK)
		return s;
	lm_row row;
	s = lm_user_nd_point(k, sh, level, &row);
	lm_guard_say("point");
	if (s == LM_EDEVICE) {
		fprintf(stderr, "latmix: kernel %s, work-group %s, %u groups a CU: skipped: %s\n", desc->label,
			text, level, lm_error_message());
		return LM_OK;
	}
	if (s != LM_OK) {
		fprintf(f, "# failed = %s at work-group %s, %u groups a CU: %s\n", desc->label, text, level,
			lm_error_message());
		sweep_kernel_failed(sw, desc->label, s);
		return LM_ECHECK;
	}
	sweep_rows_put(rows, j, &row);
	*rate = row.bytes_per_s;
	(*measured)++;
	if (strcmp(row.coresident, "yes") != 0) {
		(*unheld)++;
		fprintf(stderr, "latmix: kernel %s, work-group %s: %u groups a CU claimed, not held (%s): the row "
			"is marked coresident = no\n", desc->label, text, level, row.spread);
	}
	fprintf(stderr, "%-12s work-group %-8s %2u groups (%3u warps) a CU: %.4g GB/s, %s\n", desc->label, text,
		level, row.warps, row.bytes_per_s * 1e-9, row.spread);
	return LM_OK;
}

/* The points of one shape, at the levels refine chooses (every one where
 * the sweep was given its occupancies), into f by level. */
static lm_status shape_points(sweep *sw, lm_user *k, const lm_user_desc *desc, const lm_user_shape *sh,
			      const char *text, FILE *f, const lm_results *prev, size_t *measured, unsigned *unheld)
{
	size_t n = sh->hi >= sh->lo ? sh->hi - sh->lo + 1 : 0, j;
	unsigned *levels = malloc((n ? n : 1) * sizeof *levels);
	lm_refine rf = { 0 };
	sweep_rows rows = { 0 };
	lm_status s = levels ? sweep_rows_init(&rows, n) : lm_fail(LM_ENOMEM, "out of memory");
	for (size_t i = 0; levels && i < n; i++)
		levels[i] = sh->lo + (unsigned)i;
	if (s == LM_OK && !lm_refine_init(&rf, levels, n, sweep_refine_tol(sw)))
		s = lm_fail(LM_ENOMEM, "out of memory");
	while (s == LM_OK && lm_refine_next(&rf, &j)) {
		double rate = NAN;
		const lm_row *before = done_before(prev, desc->label, sh->wg, levels[j]);
		if (before)
			rate = before->bytes_per_s;
		else
			s = shape_point(sw, k, desc, sh, text, levels[j], j, &rows, f, measured, unheld, &rate);
		lm_refine_set(&rf, j, rate);
	}
	lm_refine_free(&rf);
	lm_status w = sweep_rows_flush(&rows, f, desc->label);
	free(levels);
	return s != LM_OK ? s : w;
}

lm_status sweep_nd_points(sweep *sw, lm_user *k, const lm_user_desc *desc, FILE *f, const lm_results *prev,
			  size_t *measured)
{
	unsigned shapes[LM_USER_MAX_LOCALS][LM_USER_MAX_DIMS];
	int n = 0;
	unsigned unheld = 0;
	lm_status s = lm_user_nd_shapes(k, sw->o->local_size, shapes, &n);
	if (s != LM_OK) {
		sweep_kernel_failed(sw, desc->label, s);
		return LM_OK;
	}
	for (int i = 0; i < n; i++) {
		char text[64];
		lm_user_shape sh;
		lm_user_nd_shape_text(k, shapes[i], text, sizeof text);
		s = lm_user_nd_shape(k, shapes[i], &sh);
		if (s == LM_EDEVICE) {
			fprintf(stderr, "latmix: kernel %s: skipped: %s\n", desc->label, lm_error_message());
			fprintf(f, "# skipped = %s: %s\n", desc->label, lm_error_message());
			continue;
		}
		if (s != LM_OK) {
			sweep_kernel_failed(sw, desc->label, s);
			return LM_OK;
		}
		/* a point is its kernel, size and level: another shape of a size
		 * the file holds would be taken for the points it has */
		const char *before = shape_before(prev, desc->label, sh.wg);
		if (before && strcmp(before, text) != 0) {
			fprintf(stderr, "latmix: kernel %s: work-group %s skipped: the file resumed holds its %zu "
				"work-items at %s; measure %s into another file\n", desc->label, text, sh.wg, before,
				text);
			fprintf(f, "# skipped = %s: work-group %s: the file holds %zu work-items at %s\n", desc->label,
				text, sh.wg, before);
			continue;
		}
		say_levels(sw, &sh, text, f);
		s = shape_points(sw, k, desc, &sh, text, f, prev, measured, &unheld);
		if (s == LM_ECHECK)
			return LM_OK; /* the kernel's own failure, said */
		if (s != LM_OK)
			return s;
	}
	if (unheld)
		fprintf(stderr, "latmix: warning: kernel %s: %u points did not hold the groups a CU they claim "
			"(coresident = no)\n", desc->label, unheld);
	return LM_OK;
}
