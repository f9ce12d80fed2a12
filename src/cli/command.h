/* command: latmix's subcommands, each in a file of its own (cli/cmd_*.c),
 * and the few helpers two of them share. main.c dispatches. */
#ifndef LM_COMMAND_H
#define LM_COMMAND_H

#include <stdbool.h>
#include <stdio.h>
#include "asm/count.h"
#include "cli/options.h"

typedef struct {
	const char *name;
	const lm_opt_table *options;           /* what it takes besides --help */
	lm_status (*run)(const lm_options *o);
	const char *args;                      /* positional arguments, for usage */
	int min_args, max_args;
	const char *summary;
	const char *notes;                     /* more for --help, or NULL */
} lm_command;

/* measure's options (run takes them too); none. */
extern const lm_opt_table lm_measure_options, lm_no_options;

extern const lm_command lm_cmd_devices, lm_cmd_predict, lm_cmd_kernel, lm_cmd_measure, lm_cmd_fit,
	lm_cmd_report, lm_cmd_compare, lm_cmd_export, lm_cmd_run;

/* Counts the loop of spec (a suite kernel, FILE.cl[:NAME] or FILE.ptx:NAME)
 * as o says (--isa, -d; else clang's NVPTX build); listing_too: the
 * listing on standard output. (kernel --mix-of, predict --kernel) */
lm_status lm_cli_count_kernel(const lm_options *o, const char *spec, bool listing_too, lm_count *m);

/* latmix fit as o asks (its data o->args[0]), the fit printed on f. */
lm_status lm_cli_fit(const lm_options *o, FILE *f);

/* --chains: one count from 1 to max (1 where not given). */
lm_status lm_cli_parse_chains(const char *s, unsigned long max, unsigned long *out);

#endif
