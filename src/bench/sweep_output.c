/* sweep_output: where a sweep's rows go, what --resume continues and
 * whether it may, and the results file made whole at the end. */
#include "bench/sweep_parts.h"
#include "config.h"
#include "commit.h"
#include "base/alpha.h"
#include "bench/guard.h"
#include "bench/kernels.h"
#include "base/text.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void write_metadata(FILE *f, const lm_sweep_config *o, const lm_device *d,
			   unsigned long long footprint)
{
	char date[32];
	lm_text_iso_now(date, sizeof date);
	fprintf(f, "# latmix measurements\n# format = %d\n# tool_version = %s\n# commit = %s\n# date = %s\n",
		LM_RESULTS_FORMAT, LATMIX_VERSION, LATMIX_COMMIT, date);
	fprintf(f, "# device = %s\n# vendor = %s\n# platform = %s\n# device_type = %s\n"
		   "# driver = %s\n# opencl = %s\n", d->name, d->vendor, d->platform_name,
		lm_device_type_name(d->type), d->driver, d->version);
	if (d->nv_cc_major)
		fprintf(f, "# compute_capability = %d.%d\n", d->nv_cc_major, d->nv_cc_minor);
	fprintf(f, "# compute_units = %u\n# reported_clock_mhz = %u\n# simd_width = %u (%s)\n"
		   "# max_warps_per_cu = %u, max_groups_per_cu = %u (%s)\n# cache_bytes = %llu\n"
		   "# local_mem_bytes = %llu\n# footprint_bytes = %llu\n",
		d->compute_units, d->max_clock_mhz, d->simd_width, d->simd_source, d->max_warps,
		d->max_groups, d->max_warps_source, d->cache_size, d->local_mem, footprint);
	if (footprint) /* the mixes' sweep (a kernels' has no chase) */
		fprintf(f, "# sink_bytes = %llu\n", lm_meas_sink_bytes(d, footprint));
	fprintf(f, "# note = a global load's address is base + 4 * value: its integer address "
		   "arithmetic (one multiply-add on NVIDIA) is part of the measured memory latency\n");
	fprintf(f, "# note = cycles use each row's clock_mhz: measured where clock_source says so, "
		   "else the device's reported maximum\n");
	fprintf(f, "# note = with k chains a thread runs k independent chains: the model's "
		   "occupancy is warps_per_cu x chains\n");
	for (size_t i = 0; i < o->noptions; i++)
		fprintf(f, "# option.%s = %s\n", o->options[i].name, o->options[i].value);
}

/* The occupancies the sweep may measure: a curve measured at fewer
 * (refine.h) is fitted with each point weighing those it stands for. */
static void write_occupancies(FILE *f, const plan *p)
{
	fputs("# occupancies = ", f);
	for (size_t i = 0; i < p->nwarps; i++)
		fprintf(f, "%s%u", i ? "," : "", p->warps[i]);
	fputc('\n', f);
}

static lm_status read_resumed(const char *src, resumed *r)
{
	lm_status s = lm_read_text(src, &r->text);
	if (s != LM_OK)
		return s;
	size_t n = strlen(r->text);
	r->len = n;
	while (r->len && r->text[r->len - 1] != '\n')
		r->len--;
	if (r->len < n)
		snprintf(r->dropped, sizeof r->dropped, "%.40s%s", r->text + r->len, n - r->len > 40 ? "..." : "");
	if (!r->len)
		return lm_fail(LM_EPARSE, "%s: not one whole line: not a latmix results file", src);
	FILE *m = fmemopen(r->text, r->len, "r");
	if (!m)
		return lm_fail(LM_ENOMEM, "out of memory");
	s = lm_results_read_stream(m, src, &r->prev);
	fclose(m);
	return s;
}

static bool plans_stores(const plan *p)
{
	for (size_t i = 0; i < p->nmixes; i++)
		if (p->mixes[i].mix->store_bytes)
			return true;
	return false;
}

static bool holds_stores(const lm_results *r)
{
	for (size_t i = 0; i < r->n; i++) {
		const lm_mix *m = lm_mix_find(r->v[i].mix);
		if (m && m->store_bytes)
			return true;
	}
	return false;
}

/* May this sweep add its points to prev, read from src? Only with the
 * same columns, device and footprint, and every option that changes what
 * a point measures (LM_OPTION_DEFINES) as src's '# option.' lines say;
 * which points (LM_OPTION_SELECTS) may differ. LM_EUSAGE saying what
 * differs and what to do. */
/* Each kernel of the sweep the file holds was measured as it is described
 * now: its '# kernel' lines (function, source, N, elements, bytes, and the
 * hash of its description and source) are this sweep's. */
static lm_status check_kernels_resumable(const sweep *sw, const char *src, const lm_results *prev,
					 const char *instead)
{
	for (size_t i = 0; i < sw->nkern; i++) {
		const lm_user_desc *d = &sw->kern[i];
		size_t len = strlen(d->label);
		for (size_t m = 0; m < prev->nmeta; m++) {
			const char *v = prev->meta[m].value;
			if (strcmp(prev->meta[m].key, "kernel") != 0 || strncmp(v, d->label, len) != 0 || v[len] != ':')
				continue;
			if (lm_user_line_matches(d, v))
				continue;
			char now[1024];
			lm_user_line(d, now, sizeof now);
			return lm_fail(LM_EUSAGE, "--resume: %s measured kernel %s as '%s'; it is now '%s' (its "
				       "description, source or N changed): its points would not be those of the "
				       "file; %s", src, d->label, v, now, instead);
		}
	}
	return LM_OK;
}

static lm_status check_resumable(const sweep *sw, const char *src, const lm_results *prev)
{
	static const char *const instead = "measure into another file (-o), or without --resume: "
					   "the file is replaced when the new sweep is whole";
	if (!prev->columns_current)
		return lm_fail(LM_EUSAGE, "--resume: %s has the columns of another latmix (%s%s%s), not those "
			       "this one writes: its rows and this sweep's cannot share the file; %s", src,
			       prev->columns_note, prev->tool_version[0] ? ", latmix " : "", prev->tool_version,
			       instead);
	if (strcmp(prev->device, sw->d.name) != 0)
		return lm_fail(LM_EUSAGE, "--resume: %s holds measurements of '%s', not of '%s'", src,
			       prev->device, sw->d.name);
	char mine[64];
	snprintf(mine, sizeof mine, "%llu", sw->base.footprint);
	if (strcmp(prev->footprint, mine) != 0)
		return lm_fail(LM_EUSAGE, "--resume: %s was measured over a footprint of %s bytes, this sweep's "
			       "is %s (--footprint, --quick): its points would not be those of the file; %s",
			       src, prev->footprint[0] ? prev->footprint : "unknown", mine, instead);
	/* a file written before the sink was recorded: its store mix wrote
	 * into 4 x the reported cache (32 MiB on an H100), held in L2 */
	snprintf(mine, sizeof mine, "%llu", lm_meas_sink_bytes(&sw->d, sw->base.footprint));
	const char *sink = lm_results_meta_value(prev, "sink_bytes");
	if ((!sink || strcmp(sink, mine) != 0) && (plans_stores(&sw->p) || holds_stores(prev)))
		return lm_fail(LM_EUSAGE, "--resume: %s's store mix wrote into a buffer of %s bytes, this "
			       "sweep's would write into %s: its store points would not be those of the file; %s",
			       src, sink ? sink : "unrecorded", mine, instead);
	for (size_t k = 0; k < sw->o->ndefines; k++) {
		const char *name = sw->o->defines[k].name, *value = sw->o->defines[k].value;
		char key[64];
		snprintf(key, sizeof key, "option.%s", name);
		const char *theirs = lm_results_meta_value(prev, key);
		if (!theirs)
			return lm_fail(LM_EUSAGE, "--resume: %s has no '# %s' line, so whether its points were "
				       "measured with --%s '%s' is not known; %s", src, key, name, value, instead);
		if (strcmp(theirs, value) != 0)
			return lm_fail(LM_EUSAGE, "--resume: %s was measured with --%s '%s', this sweep asks for "
				       "'%s': give --%s '%s' to continue it, or %s", src, name, theirs, value, name,
				       theirs, instead);
	}
	return check_kernels_resumable(sw, src, prev, instead);
}

/* The '# resumed = ' line: when, what was there, and which points this
 * run asks for (the header's option lines are the first run's). */
static void write_resumed(FILE *f, const sweep *sw, const char *src, const resumed *r)
{
	char date[32];
	lm_text_iso_now(date, sizeof date);
	fprintf(f, "# resumed = %s, %zu points already in %s%s%s%s; this run's points:", date, r->prev.n,
		src, r->dropped[0] ? " (its last line, cut short, left out: '" : "", r->dropped,
		r->dropped[0] ? "')" : "");
	bool any = false;
	for (size_t k = 0; k < sw->o->nselects; k++) {
		const char *name = sw->o->selects[k].name, *value = sw->o->selects[k].value;
		if (!value[0] || strcmp(value, "no") == 0)
			continue;
		fprintf(f, strcmp(value, "yes") == 0 ? " --%s" : " --%s %s", name, value);
		any = true;
	}
	fputs(any ? "\n" : " the default sweep\n", f);
}

/* Whether the plan measures the point of r (the warps list holds its
 * occupancy; its mix, chains and alpha are the plan's, or its kernel; a
 * row of a mix of step dispatch: the plan has the mix and its sizes hold
 * the row's work-group size). */
static bool plan_has(const sweep *sw, const lm_result *r)
{
	const lm_mix *m = lm_mix_find(r->mix);
	if (m && m->step == LM_STEP_DISPATCH) {
		bool planned = false;
		for (size_t i = 0; i < sw->p.nmixes; i++)
			planned |= sw->p.mixes[i].mix == m;
		unsigned sizes[LM_DISPATCH_MAX_SIZES];
		size_t n = planned ? lm_dispatch_mix_sizes(&sw->d, m, sw->o->quick, sizes) : 0;
		for (size_t j = 0; j < n; j++)
			if (sizes[j] == r->row.work_group_size)
				return true;
		return false;
	}
	bool warps = false;
	for (size_t j = 0; j < sw->p.nwarps && !warps; j++)
		warps = sw->p.warps[j] == r->row.warps;
	if (!warps)
		return false;
	for (size_t i = 0; i < sw->nkern; i++)
		if (strcmp(sw->kern[i].label, r->mix) == 0)
			return true;
	for (size_t i = 0; i < sw->p.nmixes; i++) {
		const plan_mix *pm = &sw->p.mixes[i];
		if (strcmp(pm->mix->name, r->mix) != 0)
			continue;
		for (size_t c = 0; c < pm->nchains; c++)
			for (size_t a = 0; pm->chains[c] == r->row.chains && a < sw->nalphas[i][c]; a++)
				if (sw->alphas[i][c][a].num == r->row.alpha.num && sw->alphas[i][c][a].den == r->row.alpha.den)
					return true;
	}
	return false;
}

/* A results file a new sweep would replace holds no point it does not
 * measure again (make run's sweep is not replaced by a quick one), or
 * --replace says to replace it anyway. */
static lm_status check_replace(const sweep *sw, const output *out)
{
	struct stat st;
	if (sw->o->replace || out->direct || stat(out->target, &st) != 0)
		return LM_OK;
	static const char *const ways = "--resume adds this sweep's points to it, -o names another file, "
					"--replace replaces it";
	lm_results prev;
	if (lm_results_read(out->target, &prev) != LM_OK) {
		char why[1024];
		snprintf(why, sizeof why, "%s", lm_error_message());
		return lm_fail(LM_EUSAGE, "%s: not results this latmix reads (%s): not replaced; %s", out->path, why,
			       ways);
	}
	size_t other = 0;
	char eg[256] = "";
	for (size_t i = 0; i < prev.n; i++) {
		const lm_result *r = &prev.v[i];
		if (plan_has(sw, r))
			continue;
		if (!other++) {
			char a[32];
			snprintf(eg, sizeof eg, "%s, %u chains, alpha %s, %u warps/CU", r->mix, r->row.chains,
				 lm_alpha_format(r->row.alpha, a, sizeof a), r->row.warps);
		}
	}
	size_t n = prev.n;
	lm_results_free(&prev);
	if (!other)
		return LM_OK;
	return lm_fail(LM_EUSAGE, "%s holds %zu points, %zu of them of another sweep than this one (%s, say): "
		       "replacing it would lose them; %s", out->path, n, other, eg, ways);
}

/* Whether a partial results file holds no point (and can go). */
static bool holds_no_point(const char *path)
{
	lm_results r;
	if (lm_results_read(path, &r) != LM_OK) {
		lm_error_clear();
		return false;
	}
	bool none = r.n == 0 && r.nref == 0;
	lm_results_free(&r);
	return none;
}

/* Names the sweep's files, and reads and checks what --resume continues:
 * all before anything is written. */
lm_status sweep_choose_output(sweep *sw, output *out)
{
	const lm_sweep_config *o = sw->o;
	if (o->output) {
		snprintf(out->path, sizeof out->path, "%s", o->output);
	} else {
		char slug[128];
		lm_device_slug(&sw->d, slug, sizeof slug);
		snprintf(out->path, sizeof out->path, "results/%s/%s", slug,
			 sw->nkern ? "kernels.csv" : "measurements.csv");
	}
	lm_status s = lm_file_target(out->path, &sw->inputs, &out->direct, out->target, sizeof out->target);
	if (s != LM_OK)
		return s;
	snprintf(out->partial, sizeof out->partial, "%s%s", out->direct ? out->path : out->target,
		 out->direct ? "" : ".partial");
	if (sw->nkern && !out->direct) {
		const char *slash = strrchr(out->path, '/');
		snprintf(sw->mix_dir, sizeof sw->mix_dir, "%.*smix-of",
			 slash ? (int)(slash - out->path + 1) : 0, out->path);
	}
	out->had_partial = !out->direct && access(out->partial, F_OK) == 0;
	if (out->had_partial && holds_no_point(out->partial)) {
		/* a sweep stopped before its first point: nothing to continue */
		if (remove(out->partial) == 0) {
			fprintf(stderr, "latmix: %s held no point (a sweep stopped before its first): removed\n",
				out->partial);
			out->had_partial = false;
		}
	}
	if (!o->resume && (s = check_replace(sw, out)) != LM_OK)
		return s;
	if (o->resume && out->direct)
		return lm_fail(LM_EUSAGE, "--resume: %s is not a regular file: there is nothing to continue",
			       out->path);
	if (!o->resume && out->had_partial)
		return lm_fail(LM_EUSAGE, "%s holds the points of a sweep that did not finish: --resume "
			       "continues it (and then replaces %s); remove it to start afresh", out->partial,
			       out->path);
	out->src = !o->resume ? NULL : out->had_partial ? out->partial
			      : access(out->path, F_OK) == 0 ? out->path : NULL;
	if (!out->src)
		return LM_OK;
	if ((s = read_resumed(out->src, &out->res)) != LM_OK ||
	    (s = check_resumable(sw, out->src, &out->res.prev)) != LM_OK)
		return s;
	if (out->res.dropped[0])
		fprintf(stderr, "latmix: %s: its last line was cut short (no newline): left out: '%s'\n",
			out->src, out->res.dropped);
	return LM_OK;
}

/* The partial file, in place whole with its head (what --resume continues
 * and a '# resumed' line, or the metadata and the header), then open for
 * rows. */
lm_status sweep_start_output(const sweep *sw, const output *out, FILE **f)
{
	lm_file_out *w;
	lm_status s = lm_sweep_parent_dirs(out->path);
	if (s != LM_OK || (s = lm_file_create(out->partial, &sw->inputs, &w)) != LM_OK)
		return s;
	if (out->src) {
		fwrite(out->res.text, 1, out->res.len, lm_file_stream(w));
		write_resumed(lm_file_stream(w), sw, out->src, &out->res);
	} else {
		write_metadata(lm_file_stream(w), sw->o, &sw->d, sw->base.footprint);
		write_occupancies(lm_file_stream(w), &sw->p);
		lm_results_header(lm_file_stream(w));
	}
	s = lm_file_publish(w, f);
	lm_guard_say("output %s\t%s", out->partial, out->direct ? "" : out->target);
	return s;
}

/* Closes the partial file f, renamed over the results file if the sweep
 * (status s) is whole, and says where the points are; the status. */
lm_status sweep_finish_output(const output *out, FILE *f, lm_status s, size_t measured)
{
	lm_status closed = lm_file_close(f, out->partial);
	if (s == LM_OK)
		s = closed;
	if (s == LM_OK && !out->direct)
		s = lm_file_rename(out->partial, out->target);
	if (s == LM_OK)
		return s;
	size_t before = out->src ? out->res.prev.n : 0;
	bool was = access(out->path, F_OK) == 0;
	if (out->direct) {
		fprintf(stderr, "latmix: the %zu points measured were written to %s\n", measured, out->path);
	} else if (!measured && !out->had_partial) {
		/* nothing new: the partial file would only repeat what is known */
		remove(out->partial);
		fprintf(stderr, "latmix: nothing measured, nothing written%s%s%s\n", was ? "; " : "",
			was ? out->path : "", was ? " is as it was" : "");
	} else {
		fprintf(stderr, "latmix: %s %s; the %zu points measured %sare in %s: --resume "
			"continues them\n", out->path, was ? "is as it was" : "was not written", measured + before,
			before ? "before and now " : "", out->partial);
	}
	return s;
}

lm_status sweep_rows_init(sweep_rows *b, size_t n)
{
	b->n = n;
	b->row = calloc(n ? n : 1, sizeof *b->row);
	b->have = calloc(n ? n : 1, sizeof *b->have);
	if (b->row && b->have)
		return LM_OK;
	free(b->row);
	free(b->have);
	*b = (sweep_rows){ 0 };
	return lm_fail(LM_ENOMEM, "out of memory");
}

void sweep_rows_put(sweep_rows *b, size_t j, const lm_row *row)
{
	if (j < b->n) {
		b->row[j] = *row;
		b->have[j] = true;
	}
}

lm_status sweep_rows_flush(sweep_rows *b, FILE *f, const char *name)
{
	lm_status s = LM_OK;
	for (size_t j = 0; j < b->n && s == LM_OK; j++)
		if (b->have[j])
			s = lm_results_row(f, name, &b->row[j]);
	free(b->row);
	free(b->have);
	*b = (sweep_rows){ 0 };
	return s;
}
