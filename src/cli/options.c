#include "cli/options.h"
#include "base/number.h"

#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

typedef enum { OPT_FLAG, OPT_INT, OPT_NUM, OPT_STR } opt_type;

typedef struct {
	const char *name;
	char short_name;
	opt_type type;
	const char *def;  /* default as text; NULL: none */
	double min, max;  /* bounds for OPT_INT and OPT_NUM */
	unsigned cmds;
	size_t offset;
	const char *metavar;
	const char *help;
	lm_option_role role; /* measure: what --resume compares */
} opt;

#define OFF(m) offsetof(lm_options, m)
#define MEAS (LM_CMD_MEASURE)
#define CLDEV (LM_CMD_DEVICES | LM_CMD_KERNEL | LM_CMD_MEASURE)
static const opt table[] = {
	{ "help", 'h', OPT_FLAG, NULL, 0, 0, LM_CMD_ALL, OFF(help), NULL,
	  "show this help", .role = LM_OPTION_OTHER },
	{ "device", 'd', OPT_STR, NULL, 0, 0, LM_CMD_KERNEL | MEAS | LM_CMD_DEVICES | LM_CMD_PREDICT,
	  OFF(device), "DEV",
	  "device: platform:device index (0:1) or part of its name; default: the first GPU, else the "
	  "first device; measure also takes several at once: all (every device), gpus (every GPU) or a "
	  "comma list, each into DIR/<device>/ (DIR: -o, default results); predict: --kernel's loop "
	  "counted from this device's build (NVIDIA: its driver's PTX) and its occupancy limit said, "
	  "where without -d clang's NVPTX build is counted",
	  .role = LM_OPTION_OTHER },
	{ "csv", 0, OPT_FLAG, NULL, 0, 0, LM_CMD_DEVICES | LM_CMD_PREDICT | LM_CMD_FIT | LM_CMD_COMPARE,
	  OFF(csv), NULL, "machine-readable CSV output", .role = LM_OPTION_OTHER },
	{ "alpha", 'a', OPT_STR, NULL, 0, 0, LM_CMD_PREDICT | LM_CMD_KERNEL | MEAS,
	  OFF(alpha), "LIST",
	  "arithmetic instructions per memory instruction: comma list of integers, p/q fractions, inf",
	  .role = LM_OPTION_SELECTS },
	{ "warps", 'n', OPT_STR, NULL, 0, 0, LM_CMD_PREDICT | MEAS, OFF(warps),
	  "N", "predict: warps per CU (with --chains K, occupancy N x K); measure: comma list or 'max' (all)",
	  .role = LM_OPTION_SELECTS },
	{ "fraction", 'f', OPT_NUM, "0.9", 1e-6, 1, LM_CMD_PREDICT, OFF(fraction),
	  "F", "fraction of the attainable peak for 'warps needed'", .role = LM_OPTION_OTHER },
	{ "mix", 'm', OPT_STR, NULL, 0, 0, LM_CMD_KERNEL | MEAS | LM_CMD_FIT | LM_CMD_PREDICT, OFF(mix), "MIX",
	  "kernel: one mix; measure: comma list or 'all' (gmem, gmem-store, gmem-store-half, "
	  "gmem-stride2, gmem-random, lmem, sfu, stream, stream-shift, stream-store, stream-store-shift, stream-fill); fit: one mix, or a comma list or 'all' (stream excluded) for one joint fit "
	  "with a memory kind per mix; predict: the memory kind to evaluate; default kernel, fit: "
	  "gmem; measure: all; predict: the file's default kind",
	  .role = LM_OPTION_SELECTS },
	{ "loads", 0, OPT_NUM, "0", 0, 1024, LM_CMD_PREDICT, OFF(loads), "K",
	  "predict a kernel's loop: K independent global loads an iteration (in flight together); "
	  "with --stores, --insts and --alpha (then the instructions a warp's iteration waits for "
	  "besides the loads)", .role = LM_OPTION_OTHER },
	{ "stores", 0, OPT_NUM, "0", 0, 1024, LM_CMD_PREDICT, OFF(stores), "S",
	  "--loads: global stores an iteration", .role = LM_OPTION_OTHER },
	{ "scattered-loads", 0, OPT_NUM, "0", 0, 1024, LM_CMD_PREDICT, OFF(scattered_loads), "K",
	  "--loads: of the loads, those whose lanes lie over 64 bytes apart or a run-time row "
	  "apart (each its own sector), priced as the file's gmem-random kind measures them",
	  .role = LM_OPTION_OTHER },
	{ "scattered-stores", 0, OPT_NUM, "0", 0, 1024, LM_CMD_PREDICT, OFF(scattered_stores), "S",
	  "--loads: of the stores, the scattered ones (a transpose's, a row apart)",
	  .role = LM_OPTION_OTHER },
	{ "load-bytes", 0, OPT_NUM, "4", 1, 1024, LM_CMD_PREDICT, OFF(load_bytes), "B",
	  "--loads, or --kernel where its listing does not say every load's width (a count gives "
	  "its own): a lane's bytes per load (8: a double, 16: a float4); a coalesced load moves "
	  "B / 4 times the lines of the mixes' 4-byte load", .role = LM_OPTION_OTHER },
	{ "store-bytes", 0, OPT_NUM, "4", 1, 1024, LM_CMD_PREDICT, OFF(store_bytes), "B",
	  "as --load-bytes, a lane's bytes per store", .role = LM_OPTION_OTHER },
	{ "misaligned-loads", 0, OPT_NUM, "0", 0, 1024, LM_CMD_PREDICT, OFF(misaligned_loads), "M",
	  "--loads: of the coalesced loads, those whose warp's access starts off a line, so it "
	  "straddles two (a[i + 1] beside a[i]), priced at the misaligned share the file's stream "
	  "mixes measured", .role = LM_OPTION_OTHER },
	{ "hits", 0, OPT_NUM, "0", 0, 1024, LM_CMD_PREDICT, OFF(hits), "H",
	  "--loads: loads besides the K into other lines that the loop's other iterations load anyway "
	  "(a stencil's rows above and below): in flight with the K, so the step waits for them, "
	  "but no memory traffic of their own", .role = LM_OPTION_OTHER },
	{ "atomics", 0, OPT_NUM, "0", 0, 1024, LM_CMD_PREDICT, OFF(atomics), "A",
	  "--loads: global atomics an iteration (as a count prints them): no mix measures an atomic, "
	  "so a loop with one is refused, with that reason", .role = LM_OPTION_OTHER },
	{ "insts", 0, OPT_NUM, "0", 0, 1e6, LM_CMD_PREDICT, OFF(insts), "N",
	  "--loads: instructions an iteration, all kinds (issue bound); 0: loads + stores + alpha",
	  .role = LM_OPTION_OTHER },
	{ "kernel", 0, OPT_STR, NULL, 0, 0, MEAS | LM_CMD_PREDICT, OFF(kernel), "SPEC",
	  "measure grid-stride kernels instead of the mixes, at every occupancy: a suite kernel's name "
	  "(copy, scale, add, triad, sum, dot, fill, stencil1d, stencil2d, stencil3d, spmv, transpose, gather, gemv; "
	  "all: every one) or FILE.cl[:NAME], described by NAME.ini or FILE.ini beside it; a comma list for "
	  "several; rows into results/<device>/kernels.csv unless -o; predict: one kernel, its loop "
	  "counted as latmix kernel --mix-of counts it (--isa TARGET, else clang's NVPTX build)",
	  .role = LM_OPTION_SELECTS },
	{ "size", 0, OPT_NUM, "0", 0, 281474976710656.0, MEAS, OFF(size), "N",
	  "--kernel: the problem size N instead of each description's; 0: the description's",
	  .role = LM_OPTION_DEFINES },
	{ "chains", 'k', OPT_STR, NULL, 0, 0, LM_CMD_KERNEL | MEAS | LM_CMD_PREDICT, OFF(chains), "K",
	  "independent chains per thread: kernel, predict: one count; measure: comma list; default 1 "
	  "(measure: 1,2,4,8 for gmem)",
	  .role = LM_OPTION_SELECTS },
	{ "group-warps", 0, OPT_INT, "0", 0, 1024, MEAS, OFF(group_warps), "W",
	  "warps per work-group; 0: as few as let the device hold the occupancy",
	  .role = LM_OPTION_DEFINES },
	{ "footprint", 0, OPT_STR, NULL, 0, 0, MEAS, OFF(footprint), "SIZE",
	  "chase buffer size (K, M, G suffixes); default: the largest of 1 GiB (GPUs), 8 x the cache and 1024 lines per chain at full occupancy (a stream mix: 4 chains), within the device's limits",
	  .role = LM_OPTION_OTHER },
	{ "simd", 0, OPT_INT, "0", 0, 1024, CLDEV, OFF(simd), "W",
	  "SIMD width (lanes per warp) instead of the detected one; 0: detect",
	  .role = LM_OPTION_DEFINES },
	{ "max-warps", 0, OPT_INT, "0", 0, 4096, CLDEV, OFF(max_warps), "N",
	  "resident warps per CU the device allows, instead of the detected limit; 0: detect",
	  .role = LM_OPTION_DEFINES },
	{ "timing", 0, OPT_STR, "auto", 0, 0, MEAS, OFF(timing), "MODE",
	  "how a launch's length is set: fixed-time (each warp runs the same time of an in-kernel "
	  "clock; NVIDIA, AMD), stop-flag (the first warp to finish a quota stops all; any GPU), "
	  "fixed-work (each warp runs the same iterations; CPUs), or auto (stop-flag on GPUs, "
	  "fixed-work on CPUs)",
	  .role = LM_OPTION_DEFINES },
	{ "launch-ms", 0, OPT_NUM, "5", 0.05, 1000, MEAS, OFF(launch_ms), "MS",
	  "target duration of one timed launch",
	  .role = LM_OPTION_DEFINES },
	{ "repeats", 0, OPT_INT, "3", 3, 1000, MEAS, OFF(repeats), "R",
	  "timed launches per point, at most (see --settle); median, min and max kept",
	  .role = LM_OPTION_DEFINES },
	{ "settle", 0, OPT_NUM, "0.2", 0, 100, MEAS, OFF(settle), "PCT",
	  "end a point after two timed launches that agree within PCT percent (their mean kept); 0: "
	  "always --repeats",
	  .role = LM_OPTION_DEFINES },
	{ "warmup", 0, OPT_STR, "program", 0, 0, MEAS, OFF(warmup), "WHEN",
	  "an untimed launch before the timed ones: program (the first point of each kernel "
	  "program, whose quota is sized then; later points carry it over) or point (every point)",
	  .role = LM_OPTION_DEFINES },
	{ "quick", 0, OPT_FLAG, NULL, 0, 0, MEAS, OFF(quick), NULL,
	  "a short sweep: fewer occupancies, a small footprint, short launches",
	  .role = LM_OPTION_SELECTS },
	{ "resume", 0, OPT_FLAG, NULL, 0, 0, MEAS, OFF(resume), NULL,
	  "continue the sweep of -o FILE: FILE.partial if a sweep there stopped, else FILE, skipping "
	  "the points it holds; only with the options FILE was measured with (see below)",
	  .role = LM_OPTION_OTHER },
	{ "binary", 0, OPT_FLAG, NULL, 0, 0, LM_CMD_KERNEL, OFF(binary), NULL,
	  "also print the device binary where the driver returns text (NVIDIA: PTX)",
	  .role = LM_OPTION_OTHER },
	{ "isa", 0, OPT_STR, NULL, 0, 0, LM_CMD_KERNEL | LM_CMD_PREDICT, OFF(isa), "TARGET",
	  "build for an offline GPU target with its vendor's compiler instead of on a device (AMD: "
	  "gfx90a, gfx1100, ... with clang; Intel: dg2-g10, pvc, tgllp with ocloc and iga64) and print "
	  "the iteration loop's instructions with counts per chain step (--binary: the whole listing)",
	  .role = LM_OPTION_OTHER },
	{ "mix-of", 0, OPT_STR, NULL, 0, 0, LM_CMD_KERNEL, OFF(mix_of), "SPEC",
	  "count a kernel's main loop in the model's terms (loads in flight, stores, alpha, ...) as "
	  "the device's compiler builds it (-d; NVIDIA: its PTX; a device whose binary is not text: "
	  "clang's NVPTX build) or --isa TARGET (nvptx, gfx90a, dg2-g10, ...); SPEC as for measure "
	  "--kernel, or FILE.ptx:NAME, a PTX listing (nvcc's, a driver's) counted as it is; a loop "
	  "that branches is counted along its path with the most memory accesses",
	  .role = LM_OPTION_OTHER },
	{ "describe", 0, OPT_STR, NULL, 0, 0, LM_CMD_KERNEL, OFF(describe), "FILE.cl[:NAME]",
	  "print a description of a kernel of yours to start from (save it as NAME.ini beside the file): "
	  "a section per argument from the kernel's own names and types as the device's compiler "
	  "reports them (-d), its bytes from its loop as --mix-of counts it, every guess marked 'check'",
	  .role = LM_OPTION_OTHER },
	{ "save-binary", 0, OPT_STR, NULL, 0, 0, LM_CMD_KERNEL, OFF(save_binary), "DIR",
	  "build the kernel for each alpha of --alpha (a comma list here) and write each device "
	  "binary to DIR/MIX-kK-aALPHA.bin, its build options beside it in .opt (measure loads such "
	  "files to build a sweep's kernels in several processes at once); --alpha -: the kernels "
	  "named by 64-byte records 'MIX CHAINS ALPHA' on standard input, --mix and --chains ignored "
	  "(a queue several processes share)", .role = LM_OPTION_OTHER },
	{ "build-jobs", 0, OPT_INT, "0", 0, 64, MEAS, OFF(build_jobs), "N",
	  "processes that build the sweep's kernels at once before it starts (latmix kernel "
	  "--save-binary); 1: each kernel built in process when first needed; 0: the host's cores "
	  "(up to 16) on NVIDIA's, AMD's and Intel's GPU drivers, 1 elsewhere",
	  .role = LM_OPTION_OTHER },
	{ "replace", 0, OPT_FLAG, NULL, 0, 0, MEAS, OFF(replace), NULL,
	  "replace the results file (-o) even where it holds points this sweep does not measure (of "
	  "other mixes, alphas, occupancies or kernels); without it such a file is kept and the sweep "
	  "refused", .role = LM_OPTION_OTHER },
	{ "time-limit", 0, OPT_NUM, "300", 1, 86400, MEAS | LM_CMD_KERNEL | LM_CMD_PREDICT, OFF(time_limit),
	  "S", "seconds a user's kernel may go without progress (its build, its count, a point) before "
	  "latmix abandons it; a user's kernel is built and run in a worker process, so that a crash or "
	  "a hang in it or in the driver costs that kernel only; a launch is also abandoned after 20 times "
	  "the time the one before it took (at least 5 s)", .role = LM_OPTION_OTHER },
	{ "output", 'o', OPT_STR, NULL, 0, 0, MEAS | LM_CMD_FIT | LM_CMD_COMPARE | LM_CMD_EXPORT, OFF(output), "PATH",
	  "output file, written whole or not at all and never over a file the command reads; measure: "
	  "the CSV, default results/<device>/measurements.csv; fit: the parameter file, default "
	  "params.ini beside the CSV; compare: a directory for the warps-ratio chart (gnuplot PNG and "
	  "SVG, with its .gp and .dat)", .role = LM_OPTION_OTHER },
	{ "print-dir", 0, OPT_FLAG, NULL, 0, 0, LM_CMD_DEVICES, OFF(print_dir), NULL,
	  "print only the directory latmix measure writes to for the selected device (results/<name>)",
	  .role = LM_OPTION_OTHER },
	{ "ratios", 0, OPT_STR, NULL, 0, 0, LM_CMD_COMPARE, OFF(ratios), "FILE",
	  "the thesis's ratios by GPU generation for the chart (CSV: generation,ratio,source); default: "
	  "the thesis's, installed with latmix (DATADIR/latmix/ratios.csv), or, not installed, its "
	  "source tree's data/reference/ratios.csv", .role = LM_OPTION_OTHER },
	{ "model", 0, OPT_STR, "basic", 0, 0, LM_CMD_FIT, OFF(model), "MODEL",
	  "model whose parameters fit writes: basic (thesis 4.1) or refined (a gradual knee, and chains that lengthen a step); both are fitted and shown",
	  .role = LM_OPTION_OTHER },
	{ "issue-cost", 0, OPT_FLAG, NULL, 0, 0, LM_CMD_FIT, OFF(issue_cost), NULL,
	  "also fit an issue cost per memory kind (issue bound issue_thru / (alpha + cost)); "
	  "fits without and with are compared by AIC, the one with cost is written",
	  .role = LM_OPTION_OTHER },
	{ "kernel-dir", 0, OPT_STR, NULL, 0, 0, CLDEV, OFF(kernel_dir), "DIR",
	  "read kernels from DIR instead of the copies built into latmix",
	  .role = LM_OPTION_DEFINES },
};
#define NOPTS (sizeof table / sizeof table[0])

static void *field_of(lm_options *o, const opt *t)
{
	return (char *)o + t->offset;
}

static lm_status set(lm_options *o, const opt *t, const char *v)
{
	void *dst = field_of(o, t);
	switch (t->type) {
	case OPT_FLAG:
		*(bool *)dst = true;
		return LM_OK;
	case OPT_STR:
		*(const char **)dst = v;
		return LM_OK;
	case OPT_INT: {
		/* digits only (every integer option is >= 0): no sign, no blanks */
		unsigned long long x;
		if (!lm_number_parse_uint(v, (unsigned long long)t->max, &x) || (double)x < t->min)
			return lm_fail(LM_EUSAGE, "--%s '%s': expected an integer from %g to %g",
				       t->name, v, t->min, t->max);
		*(int *)dst = (int)x;
		return LM_OK;
	}
	case OPT_NUM: {
		double x;
		if (!lm_number_parse(v, &x) || !(x >= t->min && x <= t->max))
			return lm_fail(LM_EUSAGE, "--%s '%s': expected a number from %g to %g",
				       t->name, v, t->min, t->max);
		*(double *)dst = x;
		return LM_OK;
	}
	}
	return LM_OK;
}

lm_options lm_options_defaults(void)
{
	lm_options o;
	memset(&o, 0, sizeof o);
	for (size_t i = 0; i < NOPTS; i++)
		if (table[i].def)
			set(&o, &table[i], table[i].def);
	return o;
}

static const opt *find(const char *name, size_t len, char short_name)
{
	for (size_t i = 0; i < NOPTS; i++) {
		if (short_name ? table[i].short_name == short_name
			       : strlen(table[i].name) == len &&
					 strncmp(table[i].name, name, len) == 0)
			return &table[i];
	}
	return NULL;
}

lm_status lm_options_parse(lm_options *o, unsigned cmd, int argc, char **argv, int first)
{
	bool only_args = false;
	for (int i = first; i < argc; i++) {
		const char *a = argv[i];
		if (only_args || a[0] != '-' || a[1] == '\0') {
			if (o->nargs == LM_MAX_ARGS)
				return lm_fail(LM_EUSAGE, "too many arguments");
			o->args[o->nargs++] = a;
			continue;
		}
		if (strcmp(a, "--") == 0) {
			only_args = true;
			continue;
		}
		const opt *t;
		const char *value = NULL;
		if (a[1] == '-') {
			const char *eq = strchr(a + 2, '=');
			size_t len = eq ? (size_t)(eq - a - 2) : strlen(a + 2);
			t = find(a + 2, len, 0);
			value = eq ? eq + 1 : NULL;
		} else {
			t = a[2] ? NULL : find(NULL, 0, a[1]);
		}
		if (!t || !(t->cmds & cmd))
			return lm_fail(LM_EUSAGE, "unknown option '%s' (see --help)", a);
		if (t->type == OPT_FLAG) {
			if (value)
				return lm_fail(LM_EUSAGE, "option --%s takes no value", t->name);
		} else if (!value) {
			if (i + 1 >= argc)
				return lm_fail(LM_EUSAGE, "option --%s needs a value", t->name);
			value = argv[++i];
		}
		lm_status s = set(o, t, value);
		if (s != LM_OK)
			return s;
	}
	return LM_OK;
}

void lm_options_help(FILE *f, unsigned cmd)
{
	for (size_t i = 0; i < NOPTS; i++) {
		const opt *t = &table[i];
		if (!(t->cmds & cmd))
			continue;
		char head[64];
		if (t->short_name)
			snprintf(head, sizeof head, "-%c, --%s%s%s", t->short_name, t->name,
				 t->metavar ? " " : "", t->metavar ? t->metavar : "");
		else
			snprintf(head, sizeof head, "    --%s%s%s", t->name,
				 t->metavar ? " " : "", t->metavar ? t->metavar : "");
		fprintf(f, "  %-26s %s", head, t->help);
		if (t->def && t->type != OPT_FLAG)
			fprintf(f, " [%s]", t->def);
		if ((cmd & LM_CMD_MEASURE) && t->role == LM_OPTION_DEFINES)
			fputs(" (--resume: as the file's)", f);
		fputc('\n', f);
	}
}

/* The value of t in o as text: a number in the fewest digits that read
 * back as it ("5", "0.2"), a flag yes or no, a string as given ("" if
 * not). */
static const char *value_text(const opt *t, const lm_options *o, char *buf, size_t size)
{
	const void *v = (const char *)o + t->offset;
	switch (t->type) {
	case OPT_FLAG: return *(const bool *)v ? "yes" : "no";
	case OPT_INT: snprintf(buf, size, "%d", *(const int *)v); return buf;
	case OPT_NUM: {
		double x = *(const double *)v;
		for (int digits = 6; digits <= 17; digits++) {
			snprintf(buf, size, "%.*g", digits, x);
			if (strtod(buf, NULL) == x)
				break;
		}
		return buf;
	}
	case OPT_STR: return *(const char *const *)v ? *(const char *const *)v : "";
	}
	return "";
}

void lm_options_echo(FILE *f, const char *prefix, unsigned cmd, const lm_options *o)
{
	char buf[64];
	for (size_t i = 0; i < NOPTS; i++) {
		const opt *t = &table[i];
		if ((t->cmds & cmd) && t->offset != OFF(help))
			fprintf(f, "%s%s = %s\n", prefix, t->name, value_text(t, o, buf, sizeof buf));
	}
}

const char *lm_options_role_at(unsigned cmd, lm_option_role role, size_t k, const lm_options *o,
			       char *value, size_t size)
{
	for (size_t i = 0; i < NOPTS; i++) {
		const opt *t = &table[i];
		if (!(t->cmds & cmd) || t->offset == OFF(help) || (role != LM_OPTION_ANY && t->role != role) ||
		    k--)
			continue;
		const char *v = value_text(t, o, value, size);
		if (v != value)
			snprintf(value, size, "%s", v);
		return t->name;
	}
	return NULL;
}

size_t lm_options_argv(unsigned cmd, const lm_options *o, const char *const *skip, char *buf,
		       size_t size, char **argv, size_t cap)
{
	size_t n = 0, used = 0;
	for (size_t i = 0; i < NOPTS; i++) {
		const opt *t = &table[i];
		bool skipped = !(t->cmds & cmd) || t->offset == OFF(help);
		for (size_t k = 0; skip && skip[k] && !skipped; k++)
			skipped = strcmp(skip[k], t->name) == 0;
		if (skipped)
			continue;
		const void *v = (const char *)o + t->offset;
		if ((t->type == OPT_FLAG && !*(const bool *)v) ||
		    (t->type == OPT_STR && !*(const char *const *)v))
			continue;
		char val[64];
		const char *text = t->type == OPT_FLAG ? NULL : value_text(t, o, val, sizeof val);
		size_t need = strlen(t->name) + 3 + (text ? strlen(text) + 1 : 0);
		if (n + 2 >= cap || used + need > size)
			break;
		argv[n++] = buf + used;
		used += (size_t)snprintf(buf + used, size - used, "--%s", t->name) + 1;
		if (text) {
			argv[n++] = buf + used;
			used += (size_t)snprintf(buf + used, size - used, "%s", text) + 1;
		}
	}
	argv[n] = NULL;
	return n;
}

