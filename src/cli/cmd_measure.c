/* latmix measure: the sweep (bench/sweep.h) with the options the command
 * line gives, or several devices at once (fleet.h). */
#include "cli/command.h"
#include "bench/sweep.h"
#include "cli/fleet.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* measure's options as a sweep's config records them: every one, those
 * that define a point, those that select points (values in text). */
typedef struct {
	lm_sweep_option all[96], defines[32], selects[32];
	char text[16384];
} option_record;

/* The options of o with role into v (at most cap), their values in r's
 * text from *used on; the count. */
static size_t record_role(const lm_options *o, lm_option_role role, lm_sweep_option *v, size_t cap,
			  option_record *r, size_t *used)
{
	size_t n = 0;
	const char *name;
	while (n < cap && *used + 512 <= sizeof r->text &&
	       (name = lm_options_role_at(LM_CMD_MEASURE, role, n, o, r->text + *used, 512))) {
		v[n++] = (lm_sweep_option){ name, r->text + *used };
		*used += strlen(r->text + *used) + 1;
	}
	return n;
}

/* measure's options into a sweep's config (strings borrowed from o and r). */
static void sweep_config(const lm_options *o, option_record *r, lm_sweep_config *c)
{
	*c = (lm_sweep_config){
		.device = o->device, .kernel_dir = o->kernel_dir, .output = o->output, .mix = o->mix,
		.alpha = o->alpha, .chains = o->chains, .warps = o->warps, .kernel = o->kernel,
		.footprint = o->footprint, .timing = o->timing, .warmup = o->warmup, .size = o->size,
		.launch_ms = o->launch_ms, .settle = o->settle, .time_limit = o->time_limit,
		.repeats = o->repeats, .group_warps = o->group_warps, .simd = o->simd,
		.max_warps = o->max_warps, .build_jobs = o->build_jobs, .quick = o->quick,
		.resume = o->resume, .replace = o->replace,
		.options = r->all, .defines = r->defines, .selects = r->selects,
	};
	size_t used = 0;
	c->noptions = record_role(o, LM_OPTION_ANY, r->all, 96, r, &used);
	c->ndefines = record_role(o, LM_OPTION_DEFINES, r->defines, 32, r, &used);
	c->nselects = record_role(o, LM_OPTION_SELECTS, r->selects, 32, r, &used);
}

lm_status cmd_measure(const lm_options *o)
{
	if (lm_fleet_wanted(o->device))
		return lm_fleet_measure(o);
	option_record *r = malloc(sizeof *r);
	if (!r)
		return lm_fail(LM_ENOMEM, "out of memory");
	lm_sweep_config c;
	sweep_config(o, r, &c);
	lm_status s = lm_sweep_run(&c);
	free(r);
	return s;
}

const lm_command lm_cmd_measure = { "measure", LM_CMD_MEASURE, cmd_measure, "", 0, 0,
	  "measure throughput against occupancy for each alpha; writes a CSV row per point; "
	  "--kernel FILE.cl:NAME: your kernel's instead",
	  "The rows go into FILE.partial (FILE: -o), each flushed as it is measured, and FILE.partial\n"
	  "is renamed to FILE when the sweep is whole. A sweep that fails or is interrupted leaves\n"
	  "FILE as it was and what it measured in FILE.partial (nothing measured: no file); a sweep\n"
	  "without --resume does not start over a FILE.partial. A device or fifo (-o /dev/stdout) is\n"
	  "written directly.\n"
	  "\n"
	  "--resume continues FILE.partial, else FILE (its points kept, a last line cut short left\n"
	  "out and measured again). It refuses a file with other columns (an older latmix), of\n"
	  "another device or footprint, or measured with other values of the options marked\n"
	  "'--resume: as the file's' (it names the option and both values). Other --mix, --alpha,\n"
	  "--chains, --warps or --quick add their points, and a '# resumed' line in the file records\n"
	  "them (the header's option lines are the first run's)." };
