/* latmix export: a results directory as one JSON document. */
#include "cli/command.h"
#include "report/export.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

lm_status cmd_export(const lm_options *o)
{
	return lm_export_write(o->args[0], o->output);
}

static const lm_opt options[] = {
	{ "output", 'o', LM_OPT_STR, NULL, 0, 0, LM_OPT_OFF(output), "PATH",
	  "the JSON file, written whole; default standard output",
	  .role = LM_OPTION_OTHER },
};

static const lm_opt_table table = LM_OPT_TABLE(options);

const lm_command lm_cmd_export = { "export", &table, cmd_export, "RESULTS_DIR", 1, 1,
	  "a results directory as one JSON document (-o FILE; default stdout): format version, the "
	  "measurement's metadata and options, every parameter file with standard errors and fit quality",
	  "RESULTS_DIR holds measurements.csv (or one other .csv) and the params*.ini files latmix\n"
	  "fit wrote beside it. Every file is read before anything is written; a file that cannot\n"
	  "be read stops the command with its name. Numbers are exact (17 significant digits);\n"
	  "a value that is not known is null." };
