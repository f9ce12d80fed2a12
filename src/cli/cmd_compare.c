/* latmix compare: parameter files side by side, and the warps-ratio chart. */
#include "config.h"
#include "cli/command.h"
#include "report/compare.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The thesis's ratios compare's chart draws by default: the copy installed
 * with latmix (meson install: DATADIR/latmix/ratios.csv), else, for a build
 * run where it was built, its source tree's; neither there: the installed
 * path, which the chart's error then names. */
static const char *default_ratios(void)
{
	static const char installed[] = LATMIX_DATA_DIR "/ratios.csv";
	static const char source[] = LATMIX_SOURCE_ROOT "/data/reference/ratios.csv";
	if (access(installed, R_OK) != 0 && access(source, R_OK) == 0)
		return source;
	return installed;
}

lm_status cmd_compare(const lm_options *o)
{
	const char *const *paths = o->args;
	size_t n = (size_t)o->nargs;
	/* the chart first, so an error in it leaves stdout empty too */
	bool skipped = false;
	char reason[512] = "";
	lm_status s;
	if (o->output) {
		const char *ratios = o->ratios ? o->ratios : default_ratios();
		if ((s = lm_compare_chart(o->output, paths, n, ratios, &skipped, reason, sizeof reason)) != LM_OK)
			return s;
	}
	if ((s = lm_compare_print(stdout, paths, n, o->csv)) != LM_OK)
		return s;
	if (skipped)
		fprintf(stderr, "latmix compare: warning: chart skipped: %s\n"
				"latmix compare: %s/warps-ratio.gp and .dat are written\n", reason, o->output);
	else if (o->output)
		fprintf(stderr, "latmix compare: chart in %s/warps-ratio.png and .svg\n", o->output);
	return LM_OK;
}

static const lm_opt options[] = {
	{ "csv", 0, LM_OPT_FLAG, NULL, 0, 0, LM_OPT_OFF(csv), NULL,
	  "the comparison as CSV",
	  .role = LM_OPTION_OTHER },
	{ "output", 'o', LM_OPT_STR, NULL, 0, 0, LM_OPT_OFF(output), "PATH",
	  "a directory for the warps-ratio chart (gnuplot PNG and SVG, with its .gp and .dat)",
	  .role = LM_OPTION_OTHER },
	{ "ratios", 0, LM_OPT_STR, NULL, 0, 0, LM_OPT_OFF(ratios), "FILE",
	  "the thesis's ratios by GPU generation for the chart (CSV: generation,ratio,source); default: "
	  "the thesis's, installed with latmix (DATADIR/latmix/ratios.csv), or, not installed, its "
	  "source tree's data/reference/ratios.csv",
	  .role = LM_OPTION_OTHER },
};

static const lm_opt_table table = LM_OPT_TABLE(options);

const lm_command lm_cmd_compare = { "compare", &table, cmd_compare, "A.ini B.ini ...", 1, LM_MAX_ARGS,
	  "parameter files side by side, in cycles and in ns, bytes/s, lane operations/s per device",
	  "Every file is read first: one that cannot be read stops the command with its name and\n"
	  "nothing on stdout. With -o DIR, also draws DIR/warps-ratio.png and .svg (gnuplot, as for\n"
	  "report: if it cannot be run, a warning and exit status 0)." };
