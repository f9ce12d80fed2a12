/* kcount_files: a kernel's count as measure --kernel keeps it beside its
 * results (DIR/BASE.txt: the count and the listing it was read from, or
 * why there is none; DIR/BASE.ini: what report and predict read back),
 * and kernels counted ahead of a sweep by other processes, into such
 * files in a directory of their own (each then built as the sweep will
 * build it, for the driver's cache). */
#include "bench/kcount.h"
#include "base/file.h"
#include "bench/kernels.h"
#include "bench/userkernel.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void lm_kcount_say(FILE *say, lm_status s, const lm_count *m, const char *why)
{
	if (s != LM_OK && s != LM_EPARSE) /* written all the same, so report says why */
		fprintf(say, "latmix: kernel %s: its loop not counted (latmix report will not predict it): "
			"%s\n", m->label, why);
	if (s == LM_OK && m->regs.spill)
		fprintf(say, "latmix: kernel %s: under the register cap latmix builds with, so that every "
			"occupancy fits (doc/measure.md), ptxas spills %u bytes a thread to local memory: "
			"measured so, it may run slower than built without the cap (%u registers a thread, "
			"room for %u warps a CU)\n", m->label, m->regs.spill, m->regs.own, m->regs.own_warps);
}

lm_status lm_kcount_write_files(const char *dir, const char *base, const lm_file_inputs *inputs, lm_status s,
				const lm_count *m, const char *why, const char *listing)
{
	char path[4400];
	lm_file_out *w;
	snprintf(path, sizeof path, "%s/%s.txt", dir, base);
	lm_status ws = lm_file_create(path, inputs, &w);
	if (ws == LM_OK) {
		FILE *f = lm_file_stream(w);
		if (s == LM_OK)
			lm_count_print(f, m);
		else
			fprintf(f, "latmix kernel: %s\n", why);
		fprintf(f, "\n%s", listing ? listing : "");
		ws = lm_file_commit(w);
	}
	snprintf(path, sizeof path, "%s/%s.ini", dir, base);
	if (ws == LM_OK && (ws = lm_file_create(path, inputs, &w)) == LM_OK) {
		lm_count_write_ini(lm_file_stream(w), m->label, s == LM_OK ? m : NULL, why);
		ws = lm_file_commit(w);
	}
	return ws;
}

lm_status lm_kcount_keep(lm_status read, const char *src, const char *name, const char *label,
			 const lm_count_args *args, const lm_device *d, cl_context ctx, lm_count *m, char **listing,
			 char *why, size_t why_size)
{
	size_t len = 0;
	memset(m, 0, sizeof *m);
	*listing = NULL;
	FILE *l = read == LM_OK ? open_memstream(listing, &len) : NULL;
	lm_status s = read != LM_OK ? read : l ? lm_kcount_count(src, name, args, NULL, d, ctx, l, m)
					      : lm_fail(LM_ENOMEM, "out of memory");
	if (s != LM_OK && s != LM_EPARSE && ctx && l) { /* ctx may be broken (a kernel's): its own */
		rewind(l);
		s = lm_kcount_count(src, name, args, NULL, d, NULL, l, m);
	}
	if (l)
		fclose(l);
	snprintf(why, why_size, "%s", s == LM_OK ? "" : lm_error_message());
	lm_error_clear();
	snprintf(m->label, sizeof m->label, "%s", label);
	return s;
}

/* Builds kernel BASE of dir (its source src) as the sweep will: its
 * description is DIR/BASE.desc, as the sweep wrote it (lm_kcount_put_desc);
 * a build that fails fails again in the sweep's own process, said there. */
static void warm_build(const lm_device *d, cl_context ctx, const char *dir, const char *base, const char *src)
{
	char path[4400];
	snprintf(path, sizeof path, "%s/%s.desc", dir, base);
	FILE *f = fopen(path, "rb");
	lm_user_desc *desc = malloc(sizeof *desc);
	bool whole = f && desc && fread(desc, sizeof *desc, 1, f) == 1 && fgetc(f) == EOF;
	if (f)
		fclose(f);
	/* its counts in range (the file is the sweep's, in a directory of its own) */
	whole = whole && desc->nargs >= 0 && desc->nargs <= LM_USER_MAX_ARGS && desc->dims >= 0 &&
		desc->dims <= LM_USER_MAX_DIMS && desc->local_dims >= 0 && desc->local_dims <= LM_USER_MAX_DIMS;
	if (whole && ctx && src) {
		/* its texts ended, as the sweep's are */
		desc->label[sizeof desc->label - 1] = desc->name[sizeof desc->name - 1] = '\0';
		desc->source[sizeof desc->source - 1] = desc->path[sizeof desc->path - 1] = '\0';
		lm_user_warm_build(d, ctx, desc, src);
	}
	lm_error_clear();
	free(desc);
}

lm_status lm_kcount_put_desc(const char *dir, const char *base, const lm_user_desc *desc)
{
	char path[4400];
	snprintf(path, sizeof path, "%s/%s.desc", dir, base);
	FILE *f = fopen(path, "wb");
	bool ok = f && fwrite(desc, sizeof *desc, 1, f) == 1;
	if (f && fclose(f) != 0)
		ok = false;
	return ok ? LM_OK : lm_fail(LM_EIO, "%s: cannot be written", path);
}

/* One record of the queue: BASE, NAME and LABEL, tab-separated. */
static lm_status count_one(const lm_device *d, cl_context ctx, const char *dir, char *rec)
{
	char *name = strchr(rec, '\t'), *label = name ? strchr(name + 1, '\t') : NULL;
	if (!label)
		return lm_fail(LM_EPARSE, "a count queue record without three fields");
	*name++ = '\0';
	*label++ = '\0';
	char path[4400], *src = NULL, *listing = NULL, *list = NULL, why[1024];
	snprintf(path, sizeof path, "%s/%s.cl", dir, rec);
	lm_count m;
	lm_status read = lm_read_text(path, &src);
	lm_count_args args = { 0 };
	snprintf(path, sizeof path, "%s/%s.args", dir, rec);
	if (read == LM_OK && lm_read_text(path, &list) == LM_OK)
		read = lm_kcount_parse_args(list, NULL, name, &args);
	lm_error_clear(); /* no values: none known */
	free(list);
	lm_status s = lm_kcount_keep(read, src, name, label, &args, d, ctx, &m, &listing, why, sizeof why);
	snprintf(path, sizeof path, "%s/%s.say", dir, rec);
	FILE *say = fopen(path, "w");
	if (say) {
		lm_kcount_say(say, s, &m, why);
		fclose(say);
	}
	/* the .ini last: the one whose presence says the kernel is done */
	lm_status ws = say ? lm_kcount_write_files(dir, rec, NULL, s, &m, why, listing)
			   : lm_fail(LM_EIO, "%s: cannot be written", path);
	free(listing);
	if (read == LM_OK)
		warm_build(d, ctx, dir, rec, src);
	free(src);
	return ws;
}

lm_status lm_kcount_queue(const lm_device *d, int fd, const char *dir)
{
	cl_int err;
	cl_context ctx = clCreateContext(NULL, 1, &d->id, NULL, NULL, &err);
	if (err != CL_SUCCESS)
		ctx = NULL; /* each count makes its own */
	char rec[LM_KCOUNT_RECORD + 1];
	lm_status s = LM_OK;
	while (s == LM_OK && read(fd, rec, LM_KCOUNT_RECORD) == LM_KCOUNT_RECORD) {
		rec[LM_KCOUNT_RECORD] = '\0';
		s = count_one(d, ctx, dir, rec);
	}
	if (ctx)
		clReleaseContext(ctx);
	return s;
}
