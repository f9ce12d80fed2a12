/* report: the whole of latmix report: every input read and checked before
 * anything is written, the report drawn in a directory of its own beside
 * DIR/report, gnuplot run on it, and that directory swapped in. */
#include "report/report.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/file.h"
#include "fit/params.h"
#include "fit/results.h"
#include "report/gnuplot.h"
#include "report/report_parts.h"
#include "base/mix.h"
#include "base/text.h"

/* DIR/measurements.csv, else the only *.csv in DIR. */
static lm_status find_csv(report *rp)
{
	snprintf(rp->csv, sizeof rp->csv, "%s/measurements.csv", rp->dir);
	if (access(rp->csv, F_OK) == 0)
		return LM_OK;
	DIR *dp = opendir(rp->dir);
	if (!dp)
		return lm_fail(LM_EIO, "%s: %s", rp->dir, strerror(errno));
	int found = 0;
	char first[256] = "", second[256] = "";
	struct dirent *e;
	while ((e = readdir(dp))) {
		if (!lm_text_ends(e->d_name, ".csv") || strcmp(e->d_name, "kernels.csv") == 0)
			continue;
		snprintf(found ? second : first, sizeof first, "%s", e->d_name);
		found++;
	}
	closedir(dp);
	char kpath[4200];
	snprintf(kpath, sizeof kpath, "%s/kernels.csv", rp->dir);
	if (found == 0 && access(kpath, F_OK) == 0)
		return lm_fail(LM_EUSAGE, "%s: kernels.csv without the sweep it is read beside: a report draws "
			       "users' kernels with the device's measurements.csv (make run, latmix measure) and "
			       "predicts them from params-kernels.ini there; measure the kernel into that "
			       "directory, latmix measure --kernel's default (results/<device>/)", rp->dir);
	if (found == 0)
		return lm_fail(LM_EUSAGE, "%s: no measurements.csv and no other .csv results file", rp->dir);
	if (found > 1)
		return lm_fail(LM_EUSAGE, "%s: no measurements.csv, and %d .csv files (%s, %s, ...): "
					  "which one is meant?", rp->dir, found, first, second);
	snprintf(rp->csv, sizeof rp->csv, "%s/%s", rp->dir, first);
	return LM_OK;
}

/* Every file the report is drawn from, read and checked (rp->dir's
 * measurements, parameter files, users' kernels and their parameters),
 * and buf, room for a curve's points. */
static lm_status read_inputs(report *rp, point **buf)
{
	lm_status s = find_csv(rp);
	if (s != LM_OK)
		return s;
	if ((s = lm_results_read(rp->csv, &rp->res)) != LM_OK || (s = lm_file_input(&rp->inputs, rp->csv)) != LM_OK)
		return s;
	if (!rp->res.n)
		return lm_fail(LM_EPARSE, "%s: no measured rows", rp->csv);
	if (!(*buf = malloc(rp->res.n * sizeof **buf)))
		return lm_fail(LM_ENOMEM, "out of memory");
	for (size_t i = 0; i < rp->res.n; i++) {
		const char *mix = rp->res.v[i].mix;
		const lm_mix *known = lm_mix_find(mix);
		if (known && known->step == LM_STEP_DISPATCH)
			continue; /* no curve: its parameters are a row of the peaks measured directly */
		size_t m = 0;
		while (m < rp->nmix && strcmp(rp->mix[m].name, mix) != 0)
			m++;
		if (m == rp->nmix && m < MAX_MIXES)
			snprintf(rp->mix[rp->nmix++].name, sizeof rp->mix[0].name, "%s", mix);
	}
	for (size_t m = 0; m < rp->nmix; m++)
		if ((s = lm_rp_load_models(rp, &rp->mix[m])) != LM_OK)
			return s;
	char kpath[4200];
	snprintf(kpath, sizeof kpath, "%s/kernels.csv", rp->dir);
	if (access(kpath, F_OK) == 0 &&
	    ((s = lm_results_read(kpath, &rp->kres)) != LM_OK || (s = lm_file_input(&rp->inputs, kpath)) != LM_OK))
		return s;
	snprintf(kpath, sizeof kpath, "%s/params-kernels.ini", rp->dir);
	if (rp->kres.n && access(kpath, F_OK) == 0) {
		lm_params ps;
		if ((s = lm_params_read(kpath, &ps)) != LM_OK || (s = lm_file_input(&rp->inputs, kpath)) != LM_OK ||
		    (s = lm_params_model_kind(&ps, kpath, "gmem", &rp->kload)) != LM_OK)
			return s;
		rp->has_kparams = true;
		rp->kkinds = lm_params_kernel_kinds(&ps);
		rp->k_rate = ps.clock_mhz * 1e6 * ps.compute_units * ps.simd_width;
		rp->k_dispatch = ps.p[LM_PARAM_DISPATCH_THRU].value / ps.clock_mhz;
		rp->k_cache_bytes = ps.p[LM_PARAM_CACHE_BYTES].value;
		rp->k_group = ps.p[LM_PARAM_GROUP_COST].value * ps.clock_mhz * 1e-3;
		rp->k_simd = ps.simd_width;
		rp->k_cus = ps.compute_units;
	}
	return LM_OK;
}

/* Is name (a mix's or a kernel's) one the report can name files after
 * ("throughput-NAME.gp", "kernel-NAME.dat") and find its count by
 * ("mix-of/NAME.txt")? Refused, not changed into one: two names made alike
 * would draw into one file, and a changed one would miss its count. The
 * results reader refuses such names too (results.c); this holds for
 * whatever hands the report its rows. */
static lm_status file_name_ok(const char *name, const char *file)
{
	if (!name[0] || name[0] == '.' || strchr(name, '/') || strlen(name) >= 48)
		return lm_fail(LM_EPARSE, "%s: '%s' cannot name a file of the report (empty, a '/', a leading '.', or "
			       "47 characters past): nothing written", file, name);
	return LM_OK;
}

static lm_status check_names(const report *rp)
{
	lm_status s = LM_OK;
	for (size_t i = 0; i < rp->res.n && s == LM_OK; i++)
		s = file_name_ok(rp->res.v[i].mix, rp->csv);
	for (size_t i = 0; i < rp->kres.n && s == LM_OK; i++)
		s = file_name_ok(rp->kres.v[i].mix, "kernels.csv");
	return s;
}

/* Every picture's data and script into rp->out. */
static lm_status draw_pictures(report *rp, point *buf)
{
	lm_status s = LM_OK;
	for (size_t m = 0; m < rp->nmix && s == LM_OK; m++) {
		unsigned chains[MAX_CHAINS];
		s = lm_rp_throughput_picture(rp, &rp->mix[m], false, buf);
		if (s == LM_OK && lm_rp_chains_of(&rp->res, rp->mix[m].name, chains) > 1)
			s = lm_rp_throughput_picture(rp, &rp->mix[m], true, buf);
	}
	/* the alpha pictures follow the main mix, gmem (else the first fitted) */
	const mix_model *main_mix = NULL;
	for (size_t m = 0; m < rp->nmix; m++)
		if (rp->mix[m].has[BASIC] && (!main_mix || strcmp(rp->mix[m].name, "gmem") == 0))
			main_mix = &rp->mix[m];
	if (s == LM_OK && main_mix)
		s = lm_rp_warps_picture(rp, main_mix, false, buf);
	if (s == LM_OK && main_mix)
		s = lm_rp_warps_picture(rp, main_mix, true, buf);
	if (s == LM_OK && main_mix)
		s = lm_rp_guide_picture(rp, main_mix, buf);
	if (s == LM_OK)
		s = lm_rp_latency_picture(rp, buf);
	if (s == LM_OK)
		s = lm_rp_kernel_pictures(rp);
	return s;
}

/* gnuplot draws each picture in rp->out; one that cannot be started skips
 * them all (info says why), one that fails on a script is an error. */
static lm_status run_gnuplot(const report *rp, lm_report_info *info)
{
	info->pictures = rp->npic;
	for (size_t i = 0; i < rp->npic && !info->skipped; i++) {
		char script[128];
		bool missing;
		snprintf(script, sizeof script, "%s.gp", rp->pic[i].name);
		lm_status g = lm_gnuplot_run(rp->out, script, &missing);
		if (g == LM_OK) {
			info->drawn++;
		} else if (missing) {
			info->skipped = true;
			snprintf(info->skip_reason, sizeof info->skip_reason, "%s", lm_error_message());
			lm_error_clear();
		} else {
			return g;
		}
	}
	return LM_OK;
}

/* Removes path and all under it, links not followed; best effort. */
static void remove_tree(const char *path)
{
	struct stat st;
	DIR *dp = lstat(path, &st) == 0 && S_ISDIR(st.st_mode) ? opendir(path) : NULL;
	for (struct dirent *e; dp && (e = readdir(dp));) {
		char sub[4400];
		if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0 &&
		    (size_t)snprintf(sub, sizeof sub, "%s/%s", path, e->d_name) < sizeof sub)
			remove_tree(sub);
	}
	if (dp)
		closedir(dp);
	remove(path);
}

/* The directory the report is drawn in, rp->out: DIR/report.tmpXXXXXX,
 * beside DIR/report (final) and so on its file system, with the old
 * report's permissions where there is one (else as mkdir would make it). */
static lm_status make_temporary(report *rp, const char *final)
{
	snprintf(rp->out, sizeof rp->out, "%s/report.tmpXXXXXX", rp->dir);
	if (!mkdtemp(rp->out)) {
		int e = errno;
		rp->out[0] = '\0';
		return lm_fail(LM_EIO, "%s: cannot make a directory to draw the report in: %s", rp->dir, strerror(e));
	}
	struct stat st;
	mode_t mask = umask(0);
	umask(mask);
	chmod(rp->out, stat(final, &st) == 0 && S_ISDIR(st.st_mode) ? st.st_mode & 07777 : 0777 & ~mask);
	return LM_OK;
}

/* The report drawn in rp->out put in place of final (DIR/report): the
 * old one, where there is one, renamed aside into an empty directory made
 * for it, the new one renamed in, the old one removed. Where the new one
 * cannot go in, the old one goes back: final is one run's or the other's,
 * never a mix of two. */
static lm_status publish(const report *rp, const char *final)
{
	struct stat st;
	bool old = lstat(final, &st) == 0;
	if (old && !S_ISDIR(st.st_mode))
		return lm_fail(LM_EIO, "%s: not a directory (a link or a file): the report is a directory of its own "
			       "there", final);
	char aside[4200];
	snprintf(aside, sizeof aside, "%s/report.oldXXXXXX", rp->dir);
	if (old && !mkdtemp(aside))
		return lm_fail(LM_EIO, "%s: cannot make a directory to move the old report into: %s", rp->dir,
			       strerror(errno));
	if (old && rename(final, aside) != 0) {
		int e = errno;
		rmdir(aside);
		return lm_fail(LM_EIO, "%s: cannot move it aside: %s", final, strerror(e));
	}
	if (rename(rp->out, final) != 0) {
		int e = errno;
		if (old)
			rename(aside, final);
		return lm_fail(LM_EIO, "%s: cannot put the new report in place: %s", final, strerror(e));
	}
	if (old)
		remove_tree(aside);
	return LM_OK;
}

lm_status lm_report_write(const char *dir, lm_report_info *info)
{
	memset(info, 0, sizeof *info);
	report *rp = calloc(1, sizeof *rp);
	point *buf = NULL;
	if (!rp)
		return lm_fail(LM_ENOMEM, "out of memory");
	rp->dir = dir;
	char final[4000];
	snprintf(final, sizeof final, "%s/report", dir);
	/* every file read and every name checked before anything is written;
	 * then the report is drawn whole beside the old one, and swapped in */
	lm_status s = read_inputs(rp, &buf);
	if (s == LM_OK)
		s = check_names(rp);
	if (s == LM_OK)
		s = make_temporary(rp, final);
	if (s == LM_OK)
		s = draw_pictures(rp, buf);
	if (s == LM_OK)
		s = run_gnuplot(rp, info);
	if (s == LM_OK)
		s = lm_rp_write_markdown(rp, info, buf);
	if (s == LM_OK)
		s = publish(rp, final);
	if (s != LM_OK && rp->out[0]) {
		char why[1024];
		snprintf(why, sizeof why, "%s", lm_error_message());
		s = lm_fail(s, "%s not written (one there before is as it was): %s", final, why);
		remove_tree(rp->out);
	}
	if (s == LM_OK) {
		FILE *sum = fmemopen(info->summary, sizeof info->summary, "w");
		if (sum) {
			lm_rp_md_summary(sum, rp, false, buf);
			fclose(sum);
		}
		snprintf(info->path, sizeof info->path, "%s/report.md", final);
	}
	free(buf);
	lm_results_free(&rp->res);
	lm_results_free(&rp->kres);
	lm_file_inputs_free(&rp->inputs);
	free(rp);
	return s;
}
