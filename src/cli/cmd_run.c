/* latmix run: the main job, in one process: the devices listed, the
 * default sweep measured (or --resume'd), every mix the mix table marks
 * fitted (base/mix.h: fit_alone, issue_cost, kernel_kind), the report
 * written and its answer printed. */
#include "cli/command.h"
#include "base/file.h"
#include "base/mix.h"
#include "bench/device.h"
#include "cli/fleet.h"
#include "fit/fit.h"
#include "fit/params.h"
#include "fit/results.h"
#include "report/report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Where the sweep writes: o's -o, else results/<device>/measurements.csv;
 * its directory into dir. */
static lm_status results_paths(const lm_options *o, char *csv, size_t size, char *dir, size_t dsize)
{
	if (o->output) {
		snprintf(csv, size, "%s", o->output);
	} else {
		lm_device d;
		lm_status s = lm_device_select(o->device, (unsigned)o->simd, (unsigned)o->max_warps, &d);
		if (s != LM_OK)
			return s;
		char slug[128];
		lm_device_slug(&d, slug, sizeof slug);
		snprintf(csv, size, "results/%s/measurements.csv", slug);
	}
	const char *slash = strrchr(csv, '/');
	snprintf(dir, dsize, "%.*s", slash ? (int)(slash - csv) : 1, slash ? csv : ".");
	return LM_OK;
}

/* One fit of csv, as latmix fit -m mix [--model model] [--issue-cost]
 * [-o out] would, its printout into text (NULL: none). A failure is said;
 * the run goes on. */
static void fit_one(const char *csv, const char *mix, const char *model, bool cost, const char *out,
		    const char *text)
{
	lm_options fo = lm_options_defaults(&lm_no_options);
	fo.args[0] = csv;
	fo.nargs = 1;
	fo.mix = mix;
	fo.model = model;
	fo.issue_cost = cost;
	fo.output = out;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	lm_status s = f ? lm_cli_fit(&fo, f) : lm_fail(LM_ENOMEM, "out of memory");
	if (f)
		fclose(f);
	lm_file_out *w;
	if (s == LM_OK && text && (s = lm_file_create(text, NULL, &w)) == LM_OK) {
		fputs(buf, lm_file_stream(w));
		s = lm_file_commit(w);
	}
	if (s != LM_OK)
		fprintf(stderr, "latmix run: the fit of %s (%s model) failed: %s; the report goes on without it\n",
			mix, model, lm_error_message());
	free(buf);
}

/* Whether res holds a point of mix. */
static bool holds(const lm_results *res, const char *mix)
{
	for (size_t i = 0; i < res->n; i++)
		if (strcmp(res->v[i].mix, mix) == 0)
			return true;
	return false;
}

/* Every fit the mix table marks, of the mixes res holds, beside csv in dir. */
static void fit_mixes(const char *csv, const char *dir, const lm_results *res)
{
	char out[4400], text[4400], kinds[256] = "";
	const lm_mix *m;
	for (int i = 0; (m = lm_mix_at(i)); i++) {
		if (!holds(res, m->name))
			continue;
		if (m->kernel_kind)
			snprintf(kinds + strlen(kinds), sizeof kinds - strlen(kinds), "%s%s", kinds[0] ? "," : "",
				 m->name);
		if (!m->fit_alone)
			continue;
		snprintf(text, sizeof text, "%s/fit-%s.txt", dir, m->name);
		fit_one(csv, m->name, "basic", m->issue_cost, NULL, text);
	}
	snprintf(out, sizeof out, "%s/params-refined.ini", dir);
	fit_one(csv, "gmem", "refined", false, out, NULL);
	if (!holds(res, "gmem-store"))
		return; /* what predict --kernel reads: needs the stores' kinds */
	snprintf(out, sizeof out, "%s/params-kernels.ini", dir);
	snprintf(text, sizeof text, "%s/fit-kernels.txt", dir);
	fit_one(csv, kinds, "refined", false, out, text);
}

/* Says which of dir's parameter files fit poorly. */
static void say_poor(const char *dir)
{
	static const char *const names[] = { "params.ini", "params-refined.ini", "params-kernels.ini",
					     "params-gmem-stride2.ini", "params-gmem-random.ini", "params-lmem.ini",
					     "params-sfu.ini" };
	char poor[8192] = "";
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		char path[4400];
		lm_params ps;
		snprintf(path, sizeof path, "%s/%s", dir, names[i]);
		if (lm_params_read(path, &ps) == LM_OK && strncmp(ps.fit_quality, "poor", 4) == 0)
			snprintf(poor + strlen(poor), sizeof poor - strlen(poor), " %s", path);
		lm_error_clear();
	}
	if (poor[0])
		printf("latmix: fits marked poor (RMS relative error above 10%%; the report's headline names "
		       "those of a mix's preferred model, its sections the rest):%s\n", poor);
	else
		printf("latmix: every fit describes its data (RMS relative error at most 10%%)\n");
}

static lm_status cmd_run(const lm_options *o)
{
	if (o->kernel)
		return lm_fail(LM_EUSAGE, "--kernel: run measures the mixes; latmix measure --kernel measures "
			       "kernels");
	if (lm_fleet_wanted(o->device))
		return lm_fail(LM_EUSAGE, "-d %s: run measures one device; latmix measure -d %s measures several",
			       o->device, o->device);
	char csv[4200], dir[4200];
	lm_status s;
	if (!o->refit && (s = lm_cmd_devices.run(o)) != LM_OK)
		return s;
	if ((s = results_paths(o, csv, sizeof csv, dir, sizeof dir)) != LM_OK)
		return s;
	if (!o->refit) {
		putchar('\n');
		fflush(stdout);
		if ((s = lm_cmd_measure.run(o)) != LM_OK)
			return s;
	}
	lm_results res;
	if ((s = lm_results_read(csv, &res)) != LM_OK)
		return s;
	const char *why = lm_fit_device_fits(res.device_type);
	if (why)
		printf("latmix: a %s: no model fitted (%s)\n", res.device_type, why);
	else
		fit_mixes(csv, dir, &res);
	lm_results_free(&res);
	if ((s = lm_cmd_report.run(&(lm_options){ .args = { dir }, .nargs = 1 })) != LM_OK)
		return s;
	if (!why)
		say_poor(dir);
	return LM_OK;
}

static const lm_opt options[] = {
	{ "refit", 0, LM_OPT_FLAG, NULL, 0, 0, LM_OPT_OFF(refit), NULL,
	  "measure nothing: fit and report the sweep already in the results file (-o, or the device's)",
	  .role = LM_OPTION_OTHER },
};

static const lm_opt_table table = { options, sizeof options / sizeof options[0], &lm_measure_options };

const lm_command lm_cmd_run = { "run", &table, cmd_run, "", 0, 0,
	"the main job: list the devices, measure the default device's default sweep (measure's "
	"options), fit every mix, write the report and print its answer",
	"The sweep goes into results/<device>/measurements.csv (-o FILE: FILE and its directory),\n"
	"as latmix measure writes it; --resume continues it. Each mix with a chain is fitted by\n"
	"the basic model (fit-MIX.txt, params-MIX.ini; params.ini for gmem), the local-memory and\n"
	"SFU mixes with an issue cost, gmem by the refined model (params-refined.ini), and, where\n"
	"the sweep holds the store mixes, the kinds latmix predict --kernel reads\n"
	"(params-kernels.ini); then report/. A CPU's sweep is not fitted (its cores hide latency\n"
	"by other means than switching warps). A fit that fails is said and the rest goes on." };
