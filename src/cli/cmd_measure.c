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
	       (name = lm_options_role_at(&lm_measure_options, role, n, o, r->text + *used, 512))) {
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
		.local_size = o->local_size,
		.footprint = o->footprint, .timing = o->timing, .warmup = o->warmup, .size = o->size,
		.launch_ms = o->launch_ms, .settle = o->settle, .time_limit = o->time_limit,
		.repeats = o->repeats, .group_warps = o->group_warps, .simd = o->simd,
		.max_warps = o->max_warps, .build_jobs = o->build_jobs,
		.shared_binaries = o->shared_binaries, .quick = o->quick,
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

static const lm_opt options[] = {
	{ "device", 'd', LM_OPT_STR, NULL, 0, 0, LM_OPT_OFF(device), "DEV",
	  "the device to measure: platform:device index (0:1) or part of its name; default: the first GPU, else the first device; also several at once: all (every device), gpus (every GPU) or a comma list, each into DIR/<device>/ (DIR: -o, default results)",
	  .role = LM_OPTION_OTHER },
	{ "alpha", 'a', LM_OPT_STR, NULL, 0, 0, LM_OPT_OFF(alpha), "LIST",
	  "arithmetic instructions per memory instruction to measure: comma list of integers, p/q fractions, inf; default: each mix's own list",
	  .role = LM_OPTION_SELECTS },
	{ "warps", 'n', LM_OPT_STR, NULL, 0, 0, LM_OPT_OFF(warps), "N",
	  "occupancies: comma list of warps per CU, or 'max' (every one the device holds); default: those where each curve bends, chosen as it is measured (doc/measure.md; --quick: powers of two and the most)",
	  .role = LM_OPTION_SELECTS },
	{ "mix", 'm', LM_OPT_STR, NULL, 0, 0, LM_OPT_OFF(mix), "MIX",
	  "mixes to measure: comma list or 'all' ({MIXES}); default: all",
	  .role = LM_OPTION_SELECTS },
	{ "kernel", 0, LM_OPT_STR, NULL, 0, 0, LM_OPT_OFF(kernel), "SPEC",
	  "measure users' kernels instead of the mixes, at every occupancy: grid-stride ones, or as written where the description gives global (every --local-size); a suite kernel's name ({KERNELS}; all: every one) or FILE.cl[:NAME], described by NAME.ini or FILE.ini beside it; a comma list for several, where a kernel refused (its description, its build, its outputs, a crash) is said and the others measured, the exit status then 1; rows into results/<device>/kernels.csv unless -o",
	  .role = LM_OPTION_SELECTS },
	{ "local-size", 0, LM_OPT_STR, NULL, 0, 0, LM_OPT_OFF(local_size), "LIST",
	  "--kernel, a kernel measured as written (its description's global): the work-group sizes to sweep, a comma list; 2D and 3D shapes as 16x16, 32x8x1; default: the description's local, else 32,64,128,256,512 work-items (2D 8x4 to 32x16, 3D 4x4x2 to 8x8x8) as far as the device and the kernel allow",
	  .role = LM_OPTION_SELECTS },
	{ "size", 0, LM_OPT_NUM, "0", 0, 281474976710656.0, LM_OPT_OFF(size), "N",
	  "--kernel: the problem size N instead of each description's; 0: the description's",
	  .role = LM_OPTION_DEFINES },
	{ "chains", 'k', LM_OPT_STR, NULL, 0, 0, LM_OPT_OFF(chains), "K",
	  "independent chains per thread: comma list; default 1 (1,2,4,8 for gmem)",
	  .role = LM_OPTION_SELECTS },
	{ "group-warps", 0, LM_OPT_INT, "0", 0, 1024, LM_OPT_OFF(group_warps), "W",
	  "warps per work-group; 0: as few as let the device hold the occupancy",
	  .role = LM_OPTION_DEFINES },
	{ "footprint", 0, LM_OPT_STR, NULL, 0, 0, LM_OPT_OFF(footprint), "SIZE",
	  "chase buffer size (K, M, G suffixes); default: the largest of 1 GiB (GPUs), 8 x the cache and 1024 lines per chain at full occupancy (a stream mix: 4 chains), within the device's limits (a CPU's within 512 MiB, --quick 256, its host's memory; measure says where that is under 8 caches)",
	  .role = LM_OPTION_OTHER },
	{ "simd", 0, LM_OPT_INT, "0", 0, 1024, LM_OPT_OFF(simd), "W",
	  "SIMD width (lanes per warp) instead of the detected one; 0: detect",
	  .role = LM_OPTION_DEFINES },
	{ "max-warps", 0, LM_OPT_INT, "0", 0, 4096, LM_OPT_OFF(max_warps), "N",
	  "resident warps per CU the device allows, instead of the detected limit; 0: detect",
	  .role = LM_OPTION_DEFINES },
	{ "timing", 0, LM_OPT_STR, "auto", 0, 0, LM_OPT_OFF(timing), "MODE",
	  "how a launch's length is set: fixed-time (each warp runs the same time of an in-kernel "
	  "clock; NVIDIA, AMD), stop-flag (the first warp to finish a quota stops all; any GPU), "
	  "fixed-work (each warp runs the same iterations; CPUs), or auto (stop-flag on GPUs, "
	  "fixed-work on CPUs)",
	  .role = LM_OPTION_DEFINES },
	{ "launch-ms", 0, LM_OPT_NUM, "5", 0.05, 1000, LM_OPT_OFF(launch_ms), "MS",
	  "target duration of one timed launch",
	  .role = LM_OPTION_DEFINES },
	{ "repeats", 0, LM_OPT_INT, "3", 3, 1000, LM_OPT_OFF(repeats), "R",
	  "timed launches per point, at most (see --settle); median, min and max kept",
	  .role = LM_OPTION_DEFINES },
	{ "settle", 0, LM_OPT_NUM, "0.2", 0, 100, LM_OPT_OFF(settle), "PCT",
	  "end a point after two timed launches that agree within PCT percent (their mean kept); 0: "
	  "always --repeats",
	  .role = LM_OPTION_DEFINES },
	{ "warmup", 0, LM_OPT_STR, "program", 0, 0, LM_OPT_OFF(warmup), "WHEN",
	  "an untimed launch before the timed ones: program (the first point of each kernel "
	  "program, whose quota is sized then; later points carry it over) or point (every point)",
	  .role = LM_OPTION_DEFINES },
	{ "quick", 0, LM_OPT_FLAG, NULL, 0, 0, LM_OPT_OFF(quick), NULL,
	  "a short sweep: fewer occupancies, alphas and chains, a small footprint (launches as long as the default sweep's: --launch-ms)",
	  .role = LM_OPTION_SELECTS },
	{ "resume", 0, LM_OPT_FLAG, NULL, 0, 0, LM_OPT_OFF(resume), NULL,
	  "continue the sweep of -o FILE: FILE.partial if a sweep there stopped, else FILE, skipping "
	  "the points it holds; only with the options FILE was measured with (see below)",
	  .role = LM_OPTION_OTHER },
	{ "build-jobs", 0, LM_OPT_INT, "0", 0, 64, LM_OPT_OFF(build_jobs), "N",
	  "processes that build the sweep's kernels at once before it starts (latmix kernel "
	  "--save-binary); 1: each kernel built in process when first needed; 0: the host's cores "
	  "(up to 16) on NVIDIA's, AMD's and Intel's GPU drivers, 1 elsewhere",
	  .role = LM_OPTION_OTHER },
	{ "shared-binaries", 0, LM_OPT_STR, NULL, 0, 0, LM_OPT_OFF(shared_binaries), "DIR",
	  "build the sweep's kernels ahead into DIR once for every sweep given the same DIR, the first "
	  "to lock it building, the others waiting and loading them (measure -d gpus gives one to the "
	  "GPUs of one name and driver); DIR is left for the one who made it to remove",
	  .role = LM_OPTION_OTHER },
	{ "replace", 0, LM_OPT_FLAG, NULL, 0, 0, LM_OPT_OFF(replace), NULL,
	  "replace the results file (-o) even where it holds points this sweep does not measure (of "
	  "other mixes, alphas, occupancies or kernels); without it such a file is kept and the sweep "
	  "refused",
	  .role = LM_OPTION_OTHER },
	{ "time-limit", 0, LM_OPT_NUM, "300", 1, 86400, LM_OPT_OFF(time_limit), "S",
	  "seconds a user's kernel may go without progress (its build, its count, a point) before "
	  "latmix abandons it; a user's kernel is built and run in a worker process, so that a crash or "
	  "a hang in it or in the driver costs that kernel only; a launch is also abandoned after 20 times "
	  "the time the one before it took (at least 5 s)",
	  .role = LM_OPTION_OTHER },
	{ "output", 'o', LM_OPT_STR, NULL, 0, 0, LM_OPT_OFF(output), "PATH",
	  "the CSV: rows into FILE.partial as they are measured, renamed to FILE when the sweep is whole, never over a file the command reads; default results/<device>/measurements.csv (kernels.csv with --kernel)",
	  .role = LM_OPTION_OTHER },
	{ "kernel-dir", 0, LM_OPT_STR, NULL, 0, 0, LM_OPT_OFF(kernel_dir), "DIR",
	  "read kernels from DIR instead of the copies built into latmix",
	  .role = LM_OPTION_DEFINES },
};

const lm_opt_table lm_measure_options = LM_OPT_TABLE(options);

const lm_command lm_cmd_measure = { "measure", &lm_measure_options, cmd_measure, "", 0, 0,
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
