/* latmix report: a results directory's report (report/report.h). */
#include "cli/command.h"
#include "report/report.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

lm_status cmd_report(const lm_options *o)
{
	lm_report_info info;
	lm_status s = lm_report_write(o->args[0], &info);
	if (s != LM_OK)
		return s;
	if (info.skipped)
		fprintf(stderr, "latmix report: warning: plots skipped: %s\n"
				"latmix report: the Markdown, .gp and .dat files are written\n",
			info.skip_reason);
	printf("%s (%zu of %zu pictures drawn)\n\n%s", info.path, info.drawn, info.pictures, info.summary);
	return LM_OK;
}

const lm_command lm_cmd_report = { "report", &lm_no_options, cmd_report, "RESULTS_DIR", 1, 1,
	  "write RESULTS_DIR/report/report.md with gnuplot pictures (PNG, SVG, .gp, .dat)",
	  "RESULTS_DIR holds measurements.csv (or one other results .csv) and the parameter files\n"
	  "latmix fit wrote beside it (params.ini, params-refined.ini, params-MIX.ini); a mix\n"
	  "without one is fitted in process. gnuplot is $LATMIX_GNUPLOT, else 'gnuplot' on PATH.\n"
	  "\n"
	  "exit status: 0 when the report is written, also when gnuplot cannot be run: then a\n"
	  "warning says so, report.md says the plots were skipped, and the .gp and .dat files are\n"
	  "there to draw them later; 1 when a file cannot be read or written or gnuplot fails on\n"
	  "a script; 2 on a usage error." };
