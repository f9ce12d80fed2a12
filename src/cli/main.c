/* latmix: how many warps does a kernel need to hide latency, and why.
 * The command line: one function per subcommand, options from options.c. */
#include "config.h"
#include "commit.h"

#include <gsl/gsl_errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <errno.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/alpha.h"
#include "report/compare.h"
#include "bench/device.h"
#include "fit/fit.h"
#include "asm/listing.h"
#include "bench/offline.h"
#include "bench/kernels.h"
#include "asm/count.h"
#include "bench/kcount.h"
#include "bench/userkernel.h"
#include "bench/measure.h"
#include "base/mix.h"
#include "base/number.h"
#include "cli/options.h"
#include "fit/params.h"
#include "report/report.h"
#include "fit/results.h"
#include "bench/sweep.h"
#include "cli/fleet.h"
#include "report/export.h"
#include "base/file.h"
#include "bench/guard.h"
#include "cli/supervise.h"

typedef lm_status (*command_fn)(const lm_options *o);

typedef struct {
	const char *name;
	unsigned bit;
	command_fn run;
	const char *args;  /* positional arguments, for usage */
	int min_args, max_args;
	const char *summary;
	const char *notes;  /* more for --help, or NULL */
} command;

static lm_status cmd_devices(const lm_options *o);
static lm_status cmd_predict(const lm_options *o);
static lm_status cmd_kernel(const lm_options *o);
static lm_status cmd_measure(const lm_options *o);
static lm_status cmd_fit(const lm_options *o);
static lm_status cmd_report(const lm_options *o);
static lm_status cmd_compare(const lm_options *o);
static lm_status cmd_export(const lm_options *o);
static lm_status count_kernel(const lm_options *o, const char *spec, bool listing_too, lm_count *m);

static const command commands[] = {
	{ "devices", LM_CMD_DEVICES, cmd_devices, "", 0, 0,
	  "list every OpenCL platform and device (--print-dir: the results directory of the selected one)", NULL },
	{ "predict", LM_CMD_PREDICT, cmd_predict, "PARAMS.ini", 1, 1,
	  "what the model says for a parameter file: bound, throughput, warps needed; with --kernel "
	  "FILE.cl:NAME (or --loads, --stores, --alpha) for your kernel's loop at every occupancy", NULL },
	{ "kernel", LM_CMD_KERNEL, cmd_kernel, "", 0, 0,
	  "show a mix's kernel as built for one alpha (and with --binary the device code); --isa TARGET: "
	  "its iteration loop as a GPU target's compiler builds it, counted per chain step; your "
	  "kernel: --describe FILE.cl:NAME writes the description measure needs, --mix-of FILE.cl:NAME "
	  "counts its loop for predict", NULL },
	{ "measure", LM_CMD_MEASURE, cmd_measure, "", 0, 0,
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
	  "them (the header's option lines are the first run's)." },
	{ "fit", LM_CMD_FIT, cmd_fit, "DATA.csv", 1, 1,
	  "fit both models to one mix's measured curves, or jointly to several (a memory kind "
	  "each); writes a parameter file (-o; default params.ini beside DATA, params-MIX.ini "
	  "for other mixes than gmem, params-all.ini for --mix all)", NULL },
	{ "report", LM_CMD_REPORT, cmd_report, "RESULTS_DIR", 1, 1,
	  "write RESULTS_DIR/report/report.md with gnuplot pictures (PNG, SVG, .gp, .dat)",
	  "RESULTS_DIR holds measurements.csv (or one other results .csv) and the parameter files\n"
	  "latmix fit wrote beside it (params.ini, params-refined.ini, params-MIX.ini); a mix\n"
	  "without one is fitted in process. gnuplot is $LATMIX_GNUPLOT, else 'gnuplot' on PATH.\n"
	  "\n"
	  "exit status: 0 when the report is written, also when gnuplot cannot be run: then a\n"
	  "warning says so, report.md says the plots were skipped, and the .gp and .dat files are\n"
	  "there to draw them later; 1 when a file cannot be read or written or gnuplot fails on\n"
	  "a script; 2 on a usage error." },
	{ "compare", LM_CMD_COMPARE, cmd_compare, "A.ini B.ini ...", 1, LM_MAX_ARGS,
	  "parameter files side by side, in cycles and in ns, bytes/s, lane operations/s per device",
	  "Every file is read first: one that cannot be read stops the command with its name and\n"
	  "nothing on stdout. With -o DIR, also draws DIR/warps-ratio.png and .svg (gnuplot, as for\n"
	  "report: if it cannot be run, a warning and exit status 0)." },
	{ "export", LM_CMD_EXPORT, cmd_export, "RESULTS_DIR", 1, 1,
	  "a results directory as one JSON document (-o FILE; default stdout): format version, the "
	  "measurement's metadata and options, every parameter file with standard errors and fit quality",
	  "RESULTS_DIR holds measurements.csv (or one other .csv) and the params*.ini files latmix\n"
	  "fit wrote beside it. Every file is read before anything is written; a file that cannot\n"
	  "be read stops the command with its name. Numbers are exact (17 significant digits);\n"
	  "a value that is not known is null." },
};
#define NCOMMANDS (sizeof commands / sizeof commands[0])

static void usage(FILE *f)
{
	fprintf(f, "usage: latmix COMMAND [OPTIONS] [ARGS]\n\ncommands:\n");
	for (size_t i = 0; i < NCOMMANDS; i++)
		fprintf(f, "  %-9s %s\n", commands[i].name, commands[i].summary);
	fprintf(f, "\n'latmix COMMAND --help' lists a command's options.\n");
}

static void command_help(FILE *f, const command *c)
{
	fprintf(f, "usage: latmix %s [OPTIONS]%s%s\n%s\n\noptions:\n", c->name,
		*c->args ? " " : "", c->args, c->summary);
	lm_options_help(f, c->bit);
	if (c->notes)
		fprintf(f, "\n%s\n", c->notes);
}

/* ---- devices ---- */

static lm_status cmd_devices(const lm_options *o)
{
	if (o->print_dir) {
		/* the directory measure writes to by default, for scripts */
		lm_device d;
		lm_status s = lm_device_select(o->device, (unsigned)o->simd, (unsigned)o->max_warps, &d);
		if (s != LM_OK)
			return s;
		char slug[128];
		lm_device_slug(&d, slug, sizeof slug);
		printf("results/%s\n", slug);
		return LM_OK;
	}
	lm_device *devs;
	size_t n;
	lm_status s = lm_device_list(&devs, &n, (unsigned)o->simd, (unsigned)o->max_warps);
	if (s != LM_OK)
		return s;
	if (o->csv)
		lm_device_csv_header(stdout);
	for (size_t i = 0; i < n; i++) {
		if (o->csv) {
			lm_device_csv_row(stdout, &devs[i]);
		} else {
			if (i)
				putchar('\n');
			lm_device_print(stdout, &devs[i]);
		}
	}
	free(devs);
	return LM_OK;
}

/* ---- predict ---- */

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static void put(FILE *f, double x, bool csv, int width, int prec)
{
	if (csv && isnan(x))
		fputc(',', f);
	else if (csv)
		fprintf(f, ",%.*g", isinf(x) ? 3 : 6, x);
	else if (isnan(x))
		fprintf(f, " %*s", width, "-");
	else
		fprintf(f, " %*.*f", width, prec, x);
}

/* --chains: a count from 1 to max; *out unchanged when s is NULL. */
static lm_status parse_chains(const char *s, unsigned long max, unsigned long *out)
{
	if (!s)
		return LM_OK;
	char *end;
	unsigned long k = strtoul(s, &end, 10);
	if (end == s || *end || k == 0 || k > max || *s == '-')
		return lm_fail(LM_EUSAGE, "--chains '%s': expected a positive integer up to %lu", s, max);
	*out = k;
	return LM_OK;
}

/* What the price of a scattered access stands for, and what the suite
 * measured beside it (doc/predict.md, the suite's gather and transpose). */
static void note_scattered(const char *label, const lm_kernel_mix *k)
{
	if (k->scattered_loads > 0)
		fprintf(stderr, "latmix: %s: its %g scattered loads are priced as gmem-random's, every lane's "
			"sector read once from DRAM: a floor. Lanes a constant 256 bytes apart ran at this price, "
			"128 bytes apart 1.3-1.4 times it, and a run-time row apart with no sector read twice 1.2-1.5 "
			"times it from 31 warps per SM, after a peak of 2.2 times it near 19. Where the warps beside "
			"it read the rest of each sector while L2 holds it, as a transpose reading across rows does, "
			"the loop runs faster, up to its coalesced rate: the suite's gather ran within 8%% of copy's "
			"rate up to 6 warps per SM, 1.5-2.2 times this price, and 2.9-4.2 times it from 16 to 64 "
			"warps (doc/predict.md)\n", label, k->scattered_loads);
	if (k->scattered_stores > 0)
		fprintf(stderr, "latmix: %s: its %g scattered stores are priced as gmem-random's loads: the "
			"suite's transpose ran up to 21-35%% over this price at 5-8 warps per SM, then fell back "
			"to 80-101%% of it from 10 warps on, a peak the model does not draw (doc/predict.md)\n", label,
			k->scattered_stores);
}

/* What the price of a misaligned access stands for (PTX: a warp's access
 * starting off a line): the file's stream pairs, or nothing; stores from
 * the hits leases. */
static void note_misaligned(const lm_count *m, const lm_model_kinds *st, double shown)
{
	if (m->misaligned_loads && !(st->misaligned[0] > 0 && st->misaligned[1] > 0))
		fprintf(stderr, "latmix: %s: its %u misaligned loads (a warp's access starting off a 128-byte "
			"line) are priced as aligned ones: the parameter file has no misaligned share (its sweep "
			"had no stream-shift and stream-store-shift); such a load cost a copy 12-14%% of its rate "
			"at 64 warps per SM on H100s and H200s (doc/predict.md)\n",
			m->label, m->misaligned_loads);
	else if (m->misaligned_loads)
		fprintf(stderr, "latmix: %s: its %u misaligned loads (a warp's access starting off a 128-byte "
			"line) make %g of its streams of lines straddle: each priced at the throughput the file's "
			"stream pairs kept misaligned, %.3g with no store and %.3g with a store a load (linear "
			"between); more loads of the same lines cost nothing more\n", m->label,
			m->misaligned_loads, shown, st->misaligned[0], st->misaligned[1]);
	if (m->misaligned_stores)
		fprintf(stderr, "latmix: %s: its %u misaligned stores (%u of them writing part of a 32-byte "
			"sector) are priced as aligned ones: a copy whose store was 4 bytes off a line ran 31-34%% "
			"under an aligned copy at 64 warps per SM on H100s and H200s, one 32 bytes off (whole "
			"sectors) 3-4%% (doc/predict.md)\n", m->label,
			m->misaligned_stores, m->partial_stores);
}

/* Says that the listing gives no width for every one of a loop's accesses
 * of kind what ("load", "store"), priced at bytes (its option's): bytes. */
static double note_unsized(const char *label, const char *what, double bytes)
{
	fprintf(stderr, "latmix: %s: its listing does not say a lane's bytes for every %s (a block or an "
		"older scattered message): priced at %g bytes a %s (--%s-bytes)\n", label, what, bytes, what,
		what);
	return bytes;
}

/* A figure of predict's table in decimals places, or three digits where
 * those would print a figure that is not 0 as 0 (a rate of an iteration of
 * a hundred thousand instructions). */
static const char *table_text(double x, int decimals, char *buf, size_t size)
{
	if (x > 0 && x < 0.5 * pow(10, -decimals))
		snprintf(buf, size, "%.3g", x);
	else
		snprintf(buf, size, "%.*f", decimals, x);
	return buf;
}

/* The loop of --kernel counted (m) and in the model's terms (k; an Intel
 * listing that does not say every access's bytes: the options'). */
static lm_status count_mix(const lm_options *o, lm_count *m, lm_kernel_mix *k)
{
	lm_status s = count_kernel(o, o->kernel, false, m);
	if (s != LM_OK)
		return s;
	lm_count_model(m, k);
	if (m->loads > m->const_loads && !m->load_bytes)
		k->load_bytes = note_unsized(m->label, "load", o->load_bytes);
	if (m->stores && !m->store_bytes)
		k->store_bytes = note_unsized(m->label, "store", o->store_bytes);
	return LM_OK;
}

/* What predict says of a counted loop beside its rates: the count's line
 * (stdout) and what its price stands for (stderr). */
static void count_notes(const lm_options *o, const lm_params *ps, const lm_model_kinds *st, const lm_count *m,
			const lm_kernel_mix *k)
{
	if (o->device && ps->device[0] && strncmp(m->from, ps->device, strlen(ps->device)) != 0)
		fprintf(stderr, "latmix: %s: counted from %s, priced by the parameters of %s\n", m->label, m->from,
			ps->device);
	printf("# %s, counted from %s: ", m->label, m->from);
	lm_count_put_predict(stdout, k);
	putchar('\n');
	if (m->strided || m->unfollowed)
		fprintf(stderr, "latmix: %s: %u of its loop's accesses priced as coalesced: %u strided "
			"(lanes up to 64 bytes apart, a store's under a sector: at the bytes from lane to "
			"lane), %u whose lanes' addresses latmix does not follow\n",
			m->label, m->strided + m->unfollowed, m->strided, m->unfollowed);
	if (m->body_insts > m->insts)
		fprintf(stderr, "latmix: %s: its loop branches: priced along the path with the most "
			"memory accesses (%u of its %u instructions), as if every iteration took it\n",
			m->label, m->insts, m->body_insts);
	if (m->gap_store_bytes)
		fprintf(stderr, "latmix: %s: its strided stores leave %u bytes a thread unwritten between "
			"lanes, so they write part of each sector they span: priced at the whole sectors, "
			"a ceiling; a store of every second float (doc/predict.md) ran "
			"at 75%% (H200) and 65%% (H100) of that price at 64 warps\n", m->label,
			m->gap_store_bytes);
	note_misaligned(m, st, k->misaligned_loads);
	char note[1024];
	if (lm_count_overlap_note(m, note, sizeof note))
		fprintf(stderr, "latmix: %s: %s\n", m->label, note);
	if (lm_count_constant_note(m, note, sizeof note))
		fprintf(stderr, "latmix: %s: %s\n", m->label, note);
	if (m->limit[0])
		printf("# occupancy: its build allows %s\n", m->limit);
	if (m->regs.spill)
		fprintf(stderr, "latmix: %s: under the register cap latmix builds with, so that every "
			"occupancy fits (doc/measure.md), ptxas spills %u bytes a thread to local memory; "
			"the count is of the PTX, which holds no spills, so the prediction leaves their "
			"traffic out\n", m->label, m->regs.spill);
	if (m->regs.own_warps && m->regs.own > m->regs.capped)
		fprintf(stderr, "latmix: %s: built without that cap it takes %u registers a thread, room "
			"for %u warps a CU: predicted occupancies above that are latmix's build's\n",
			m->label, m->regs.own, m->regs.own_warps);
	if (k->hits > 0 && !m->divisions && !m->wide_divisions)
		fprintf(stderr, "latmix: %s: its %g hits in flight are priced as chains of the step, the rule "
			"the suite's stencils fit, which all divide; measured stencils with no integer division "
			"in their loop ran as if their hits cost nothing (doc/predict.md): --hits 0 predicted "
			"three of four closer\n", m->label, k->hits);
}

/* What the file prices the loop k by, where it lacks a kind the loop needs
 * or the price stands for less than the loop may do (stderr); cached: its
 * loads of constant memory. */
static void price_notes(const char *path, const char *label, const lm_model_params *mp,
			const lm_model_kinds *st, const lm_kernel_mix *k, unsigned cached)
{
	if (!(k->loads > 0))
		fprintf(stderr, "latmix: %s: no load%s: priced by stores alone, its step the longer of "
			"stream-fill's %.1f cycles a pass and its instructions' latency (alpha %g x %.3g "
			"cycles), its bound stream-fill's %.4g stores a cycle per CU; rates in stores\n", label,
			cached ? " with lines of its own (its loads of constant memory are cache hits)" : "",
			st->store_step, k->alpha, mp->alu_lat, st->store_thru);
	if (k->stores > k->scattered_stores && !st->n)
		fprintf(stderr, "latmix: %s has no store kind (latmix fit -m gmem,gmem-store,gmem-store-half): "
			"the loop's stores count as instructions only\n", path);
	if (k->scattered_loads + k->scattered_stores > 0 && !lm_model_kinds_scatter(st))
		fprintf(stderr, "latmix: %s has no scattered kind (latmix fit -m gmem,...,gmem-random): the "
			"loop's scattered accesses are priced as coalesced ones\n", path);
	else
		note_scattered(label, k);
}

/* The loop k's rate at each occupancy (--warps, else 1 to 64) and what it
 * reaches: a table, or --csv rows. */
static lm_status print_kernel_rates(const lm_options *o, const char *path, const lm_params *ps,
				    const lm_model_params *mp, const lm_model_kinds *st, const lm_kernel_mix *k,
				    const char *label)
{
	double hz = ps->clock_mhz * 1e6, cus = ps->compute_units, simd = ps->simd_width;
	bool rates = isfinite(hz) && cus > 0 && simd > 0, stores_only = !(k->loads > 0);
	/* the rates count loads, or a store-only loop's stores */
	double per = lm_model_kernel_accesses(k);
	double bytes_per_load = stores_only ? k->store_bytes : k->load_bytes + k->stores / k->loads * k->store_bytes;
	const char *what = stores_only ? "stores" : "loads";
	unsigned list[1024];
	size_t n = 0;
	lm_status s = LM_OK;
	if (o->warps)
		s = lm_number_uint_list("--warps", o->warps, 65536, list, 1024, &n);
	for (unsigned w = 1; !o->warps && w <= 64; w++)
		list[n++] = w;
	if (s != LM_OK)
		return s;
	unsigned under = lm_count_underflow(mp, st, k, list, n);
	if (under)
		return lm_fail(LM_EUSAGE, "%s: at %u warps per CU the model's rate underflows: a step of %.3g cycles "
			       "(alpha %g) lies under the refined model's knee by more than a double holds, so its rate "
			       "would print as 0; price it with a basic parameter file (params.ini), or fewer "
			       "instructions an iteration", label, under, lm_model_kernel_step(mp, st, k), k->alpha);
	bool scatter = lm_model_kinds_scatter(st);
	if (o->csv)
		printf("warps_per_cu,%s_per_cycle_per_cu,bytes_per_s,iterations_per_s,bound\n", what);
	else
		printf("%s, %s model of %s%s%s: %g loads, %g stores (%g and %g scattered, %g loads "
		       "misaligned; %g and %g bytes a lane), %g cache hits in flight, alpha %g, %g instructions "
		       "an iteration\n%6s %12s %10s %14s  %s\n", label, lm_model_is_refined(mp) ? "refined" : "basic",
		       path, !st->n ? "" : st->n > 1 ? " with its store kinds" : " with its store kind",
		       scatter ? (st->n ? " and scattered kind" : " with its scattered kind") : "", k->loads,
		       k->stores, k->scattered_loads, k->scattered_stores, k->misaligned_loads, k->load_bytes,
		       k->stores > 0 ? k->store_bytes : 0, k->hits, k->alpha, k->insts, "warps",
		       stores_only ? "stores/cyc/CU" : "loads/cyc/CU", "GB/s", "iterations/s", "bound");
	double best = 0;
	unsigned best_at = 0;
	char r1[32], r2[32];
	for (size_t i = 0; i < n; i++) {
		lm_bound b;
		double ipc = lm_model_eval_kernel(mp, st, k, list[i], &b);
		if (ipc > best) {
			best = ipc;
			best_at = list[i];
		}
		double loads_s = ipc * hz * cus;
		double bps = rates ? loads_s * simd * bytes_per_load : NAN, its = rates ? loads_s * simd / per : NAN;
		if (o->csv)
			printf("%u,%.9g,%.9g,%.9g,%s\n", list[i], ipc, bps, its, lm_bound_name(b));
		else
			printf("%6u %12s %10s %14.4g  %s\n", list[i], table_text(ipc, 5, r1, sizeof r1),
			       table_text(bps / 1e9, 1, r2, sizeof r2), its, lm_bound_name(b));
	}
	if (o->csv)
		return LM_OK;
	lm_bound peak_bound;
	double peak = lm_model_kernel_peak(mp, st, k, &peak_bound);
	printf("peak %s %s/cycle/CU (%s); warps per CU for 90%%: %.1f, for 95%%: %.1f\n",
	       table_text(peak, 5, r1, sizeof r1), what, lm_bound_name(peak_bound), lm_model_kernel_warps(mp, st, k, 0.90),
	       lm_model_kernel_warps(mp, st, k, 0.95));
	if (best > 0)
		printf("best of the warps listed %s %s/cycle/CU, at %u; 90%% of it at %.1f warps per CU "
		       "(the figure latmix report compares with the measured curve's)\n", table_text(best, 5, r2, sizeof r2),
		       what, best_at, lm_model_kernel_warps_to(mp, st, k, 0.9 * best));
	return LM_OK;
}

/* predict --kernel / --loads: a kernel's loop at each occupancy, from
 * the file's default kind and, where it has them, its store mixes' kinds.
 * Its figures, given or counted, go through lm_count_check first, as a
 * count file's do in latmix report. */
static lm_status predict_kernel(const lm_options *o, const char *path, const lm_params *ps,
				const lm_model_params *mp)
{
	lm_kernel_mix k = { o->loads, o->stores, 0, o->insts, 0, o->scattered_loads, o->scattered_stores, o->hits,
			    o->load_bytes, o->store_bytes, o->misaligned_loads, o->atomics };
	lm_model_kinds st = lm_params_kernel_kinds(ps);
	char label[64] = "the loop";
	if (o->alpha && !lm_number_parse(o->alpha, &k.alpha))
		return lm_fail(LM_EUSAGE, "--alpha '%s': with --loads or --kernel, a number of instructions "
			       "from 0 to %g", o->alpha, LM_COUNT_MOST_INSTS);
	lm_count m;
	memset(&m, 0, sizeof m);
	lm_status s = o->kernel ? count_mix(o, &m, &k) : LM_OK;
	if (s != LM_OK)
		return s;
	if (o->kernel)
		snprintf(label, sizeof label, "%s", m.label);
	/* a count's figures are its loop's, said so; the options' stand alone */
	if ((s = lm_count_check(&k, o->kernel ? label : NULL)) != LM_OK)
		return s;
	if (o->kernel)
		count_notes(o, ps, &st, &m, &k);
	char why[256];
	if (!lm_model_kernel_priced(&k, &st, why, sizeof why))
		return lm_fail(LM_EUSAGE, "%s, priced by %s: %s", label, path, why);
	if (!(k.insts > 0))
		k.insts = k.loads + k.stores + k.alpha;
	price_notes(path, label, mp, &st, &k, m.const_loads);
	return print_kernel_rates(o, path, ps, mp, &st, &k, label);
}

static lm_status cmd_predict(const lm_options *o)
{
	const char *path = o->args[0];
	lm_params ps;
	lm_status s = lm_params_read(path, &ps);
	if (s != LM_OK)
		return s;
	lm_model_params mp;
	if ((s = lm_params_model_kind(&ps, path, o->mix, &mp)) != LM_OK)
		return s;
	if (isnan(mp.mem_lat) || isnan(mp.alu_lat))
		return lm_fail(LM_EUSAGE, "%s: the model needs alu_lat and mem_lat", path);
	if (o->device && !o->kernel)
		return lm_fail(LM_EUSAGE, "-d/--device: predict counts --kernel's loop on the device; "
			       "without --kernel there is nothing to build");
	if (o->kernel || o->loads > 0 || o->stores > 0)
		return predict_kernel(o, path, &ps, &mp);

	unsigned long k = 1;
	if ((s = parse_chains(o->chains, 1024, &k)) != LM_OK)
		return s;
	double chains = (double)k;
	bool refined_file = lm_model_is_refined(&mp);
	double n_given = NAN;
	if (o->warps) {
		char *end;
		n_given = strtod(o->warps, &end);
		if (end == o->warps || *end || !(n_given > 0) || !isfinite(n_given))
			return lm_fail(LM_EUSAGE, "--warps '%s': expected a positive number", o->warps);
	}

	double cusp_alpha, cusp_warps;
	bool has_cusp = lm_model_cusp(&mp, &cusp_alpha, &cusp_warps);

	/* the alphas: given, or a default span from 0 to inf through the cusp */
	double *alphas;
	size_t na;
	if (o->alpha) {
		lm_alpha *list;
		if ((s = lm_alpha_parse_list(o->alpha, &list, &na)) != LM_OK)
			return s;
		alphas = malloc(na * sizeof *alphas);
		if (!alphas) {
			free(list);
			return lm_fail(LM_ENOMEM, "out of memory");
		}
		for (size_t i = 0; i < na; i++)
			alphas[i] = lm_alpha_value(list[i]);
		free(list);
	} else {
		static const double span[] = { 0, 0.25, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, INFINITY };
		na = sizeof span / sizeof span[0];
		alphas = malloc((na + 1) * sizeof *alphas);
		if (!alphas)
			return lm_fail(LM_ENOMEM, "out of memory");
		memcpy(alphas, span, sizeof span);
		if (has_cusp)
			alphas[na++] = round(cusp_alpha * 10) / 10;
		qsort(alphas, na, sizeof *alphas, cmp_double);
	}

	bool csv = o->csv;
	if (csv) {
		printf("alpha,latency_cycles,peak_ipc,peak_bound,warps_for_peak,fraction,warps_for_fraction,"
		       "warps,mem_ipc,alu_ipc,bound,alu_in_flight,mem_in_flight,guide_warps,guide_refined_warps,chains\n");
	} else {
		printf("%s: %s (%s)\n", path, ps.device[0] ? ps.device : "unnamed device",
		       ps.source[0] ? ps.source : ps.origin);
		if (o->mix || ps.nkinds)
			printf("memory kind %s: mem_lat %.4g cycles, mem_thru %.4g, issue cost %.3g\n",
			       o->mix ? o->mix : ps.default_kind, mp.mem_lat, mp.mem_thru,
			       lm_model_issue_cost(&mp));
		printf("throughputs in warp instructions per cycle per CU; latencies in cycles\n");
		if (chains > 1)
			printf("%g chains per warp: occupancy = warps x %g%s\n", chains, chains,
			       refined_file ? ", and a step chain_lat x log2(chains) longer" : "");
		printf("%s", !isnan(n_given) ? ""
			     : refined_file ? "at each alpha's knee, Latency x peak warps, where the refined model reaches "
					      "(1 - 1/e)^(1/s) of its peak (--warps N to choose)\n"
					    : "at each alpha's knee (--warps N to choose)\n");
		printf("%8s %8s %8s %-10s %7s %7s | %6s %8s %8s %-10s %6s %6s | %6s %7s\n", "alpha",
		       "latency", "peak", "bound", "n_peak", "n_frac", "warps", "mem_ipc", "alu_ipc",
		       "bound", "alu_if", "mem_if", "guide", "refined");
	}
	for (size_t i = 0; i < na; i++) {
		double a = alphas[i];
		lm_bound pb;
		double peak = lm_model_peak(&mp, a, &pb);
		double lat = lm_model_step(&mp, a, chains);
		/* warps per CU: occupancy over chains */
		double npeak = lm_model_warps_needed_chains(&mp, a, 1.0, chains) / chains;
		double nfrac = lm_model_warps_needed_chains(&mp, a, o->fraction, chains) / chains;
		double n = isnan(n_given) ? lat * peak / chains : n_given;
		lm_model_point pt = lm_model_eval_chains(&mp, n * chains, a, chains);
		double aif, mif, guide = NAN, refined = NAN;
		lm_model_in_flight(&mp, n * chains, a, chains, &aif, &mif);
		if (a > 0 && !isinf(a) && isfinite(mp.alu_thru))
			guide = lm_model_guide_estimate(mp.mem_lat, 1.0 / mp.alu_thru, a, &refined);
		if (csv) {
			printf("%g", a);
			put(stdout, lat, true, 0, 0);
			put(stdout, peak, true, 0, 0);
			printf(",%s", lm_bound_name(pb));
			put(stdout, npeak, true, 0, 0);
			put(stdout, o->fraction, true, 0, 0);
			put(stdout, nfrac, true, 0, 0);
			put(stdout, n, true, 0, 0);
			put(stdout, pt.mem_ipc, true, 0, 0);
			put(stdout, pt.alu_ipc, true, 0, 0);
			printf(",%s", lm_bound_name(pt.bound));
			put(stdout, aif, true, 0, 0);
			put(stdout, mif, true, 0, 0);
			put(stdout, guide, true, 0, 0);
			put(stdout, refined, true, 0, 0);
			put(stdout, chains, true, 0, 0);
			putchar('\n');
		} else {
			printf("%8g", a);
			put(stdout, lat, false, 8, 1);
			put(stdout, peak, false, 8, 4);
			printf(" %-10s", lm_bound_name(pb));
			put(stdout, npeak, false, 7, 1);
			put(stdout, nfrac, false, 7, 1);
			printf(" |");
			put(stdout, n, false, 6, 1);
			put(stdout, pt.mem_ipc, false, 8, 4);
			put(stdout, pt.alu_ipc, false, 8, 4);
			printf(" %-10s", lm_bound_name(pt.bound));
			put(stdout, aif, false, 6, 1);
			put(stdout, mif, false, 6, 1);
			printf(" |");
			put(stdout, guide, false, 6, 1);
			put(stdout, refined, false, 7, 1);
			putchar('\n');
		}
	}
	if (!csv) {
		printf("n_peak: warps for the full peak; n_frac: for %g of it; alu_if, mem_if:\n"
		       "instructions in flight (thesis 4.6); guide, refined: the CUDA guide's estimate (4.8)%s.\n",
		       o->fraction, chains > 1 ? ", for one chain" : "");
		if (has_cusp && isfinite(cusp_warps))
			printf("cusp: alpha = %.2f, %.1f warps for the peak\n", cusp_alpha, cusp_warps);
		else if (has_cusp) /* the refined model approaches its peak without reaching it */
			printf("cusp: alpha = %.2f, %.1f warps for %g of the peak (one chain)\n", cusp_alpha,
			       lm_model_warps_needed(&mp, cusp_alpha, o->fraction), o->fraction);
	}
	free(alphas);
	return LM_OK;
}

/* ---- kernel ---- */

/* The loop of a user's kernel (spec) counted: from --isa TARGET's build,
 * else the device's (-d, or kernel --mix-of's default device), else
 * clang's NVPTX build; listing_too: print what was counted. */
static lm_status count_kernel(const lm_options *o, const char *spec, bool listing_too, lm_count *m)
{
	memset(m, 0, sizeof *m);
	if (lm_kcount_is_listing(spec)) {
		if (o->isa || o->device)
			return lm_fail(LM_EUSAGE, "%s: a PTX listing is counted as it is: leave out --isa and --device", spec);
		return lm_kcount_listing(spec, listing_too ? stdout : NULL, m);
	}
	bool offline = o->isa && strcmp(o->isa, "nvptx") != 0;
	if (offline && o->device)
		return lm_fail(LM_EUSAGE, "--isa builds for a target, not on a device: leave out --device");
	lm_device d;
	bool on_device = !o->isa && (o->device || o->mix_of || o->describe);
	lm_status s = LM_OK;
	if (on_device && (s = lm_device_select(o->device, (unsigned)o->simd, (unsigned)o->max_warps, &d)) != LM_OK)
		return s;
	char name[LM_USER_NAME], label[64], *src = NULL;
	if ((s = lm_kcount_source(spec, o->kernel_dir, &src, name, sizeof name, label, sizeof label)) == LM_OK)
		s = lm_kcount_count(src, name, offline ? o->isa : NULL, on_device ? &d : NULL,
				  listing_too ? stdout : NULL, m);
	snprintf(m->label, sizeof m->label, "%s", label);
	free(src);
	return s;
}

/* kernel --describe FILE.cl[:NAME]: a description to start from, its bytes
 * from the loop as counted on the device (none where it cannot be). */
static lm_status describe_kernel(const lm_options *o)
{
	char file[4096], name[LM_USER_NAME], counted[4200];
	if (!lm_user_user_spec(o->describe, file, sizeof file, name))
		return lm_fail(LM_EUSAGE, "--describe '%s': expected FILE.cl or FILE.cl:NAME, a name under %d "
			       "characters", o->describe, LM_USER_NAME);
	snprintf(counted, sizeof counted, "%s:%s", file, name);
	lm_device d;
	char *src = NULL;
	lm_status s = lm_device_select(o->device, (unsigned)o->simd, (unsigned)o->max_warps, &d);
	if (s == LM_OK)
		s = lm_read_text(file, &src);
	if (s != LM_OK)
		return s;
	lm_count m;
	double bytes = 0;
	lm_count_uses uses = { 0 };
	if (count_kernel(o, counted, false, &m) == LM_OK) {
		uses = m.args;
		lm_kernel_mix k;
		lm_count_model(&m, &k);
		/* known where every access's bytes are (a store-only loop's loads none) */
		if ((k.load_bytes > 0 || !(k.loads > 0)) && (k.store_bytes > 0 || !(k.stores > 0)))
			bytes = k.loads * k.load_bytes + k.stores * k.store_bytes;
	} else {
		fprintf(stderr, "latmix: its loop not counted, so no bytes: %s\n", lm_error_message());
		lm_error_clear();
	}
	s = lm_user_skeleton(&d, src, file, name, bytes, &uses, stdout);
	free(src);
	return s;
}

static lm_status cmd_kernel(const lm_options *o)
{
	if (o->describe)
		return describe_kernel(o);
	if (o->mix_of) {
		lm_count m;
		lm_status s = count_kernel(o, o->mix_of, o->binary, &m);
		if (s == LM_OK)
			lm_count_print(stdout, &m);
		return s;
	}
	const char *name = o->mix ? o->mix : "gmem";
	const lm_mix *mix = lm_mix_find(name);
	if (!mix)
		return lm_fail(LM_EUSAGE, "--mix '%s': unknown (known: %s)", name, lm_mix_names());
	lm_alpha a = { 1, 1 };
	lm_status s;
	if (o->alpha && !o->save_binary && (s = lm_alpha_parse(o->alpha, &a)) != LM_OK)
		return s;
	unsigned long chains = 1;
	if ((s = parse_chains(o->chains, 16, &chains)) != LM_OK)
		return s;
	if (o->isa) {
		/* an offline target: its compiler, no device */
		if (o->device)
			return lm_fail(LM_EUSAGE, "--isa builds for a target, not on a device: leave out --device");
		lm_listing *isa;
		if ((s = lm_offline_build(o->isa, mix, (unsigned)chains, a, o->kernel_dir, &isa)) != LM_OK)
			return s;
		lm_listing_print(stdout, isa, o->binary);
		lm_listing_free(isa);
		return LM_OK;
	}
	lm_device d;
	if ((s = lm_device_select(o->device, (unsigned)o->simd, (unsigned)o->max_warps, &d)) != LM_OK)
		return s;
	if (o->save_binary && o->alpha && strcmp(o->alpha, "-") == 0)
		return lm_meas_save_queue(&d, NULL, o->kernel_dir, 0, o->save_binary, NULL);
	if (o->save_binary) {
		lm_alpha *list;
		size_t n;
		if ((s = lm_alpha_parse_list(o->alpha ? o->alpha : "1", &list, &n)) != LM_OK)
			return s;
		s = lm_meas_save_binaries(&d, mix, (unsigned)chains, o->kernel_dir, list, n, o->save_binary);
		free(list);
		return s;
	}
	char *text;
	if ((s = lm_meas_kernel_text(&d, mix, (unsigned)chains, o->kernel_dir, a, o->binary, &text)) != LM_OK)
		return s;
	printf("// device %d:%d %s\n%s", d.platform_index, d.device_index, d.name, text);
	free(text);
	return LM_OK;
}

/* ---- measure ---- */

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

static lm_status cmd_measure(const lm_options *o)
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

/* ---- fit ---- */

static void iso_now(char *buf, size_t size)
{
	time_t t = time(NULL);
	strftime(buf, size, "%Y-%m-%dT%H:%M:%SZ", gmtime(&t));
}

/* "12.3" or "not reached" for a derived occupancy. */
static const char *warps_text(double w, char *buf, size_t size)
{
	if (isnan(w))
		snprintf(buf, size, "%s", "not reached");
	else
		snprintf(buf, size, "%.1f", w);
	return buf;
}

static void print_param(const char *key, const char *unit, const lm_param *p)
{
	char val[64];
	if (isnan(p->std_error))
		snprintf(val, sizeof val, "%s%.4g", p->kind == LM_PARAM_AT_LEAST ? ">= " : "", p->value);
	else
		snprintf(val, sizeof val, "%.4g +- %.2g", p->value, p->std_error);
	printf("  %-24s %-22s %-19s %-8s %s\n", key, val, unit, lm_param_kind_name(p->kind), p->note);
}

static void print_params(const lm_fit_result *r, const char *written)
{
	printf("\n%s model%s%s%s%s: %zu parameters, %zu iterations\n", lm_fit_model_name(r->model),
	       r->issue_cost ? " with issue cost" : "", written ? " (written to " : "",
	       written ? written : "", written ? ")" : "", r->nparams, r->iterations);
	if (!r->converged)
		printf("  warning: the solver had not converged after %zu iterations; these are its last "
		       "iterate (notes say so in the file)\n", r->iterations);
	char loss[256];
	lm_fit_loss_text(r, loss, sizeof loss);
	printf("  loss: %s\n", loss);
	if (r->poor)
		printf("  POOR FIT: RMS relative error %.1f%%, above %.0f%%: these parameters do not describe "
		       "the data\n", 100 * r->rms, 100 * LM_FIT_POOR_RMS);
	if (r->flags[0])
		printf("  against direct measurements: %s\n", r->flags);
	for (int i = 0; i < LM_PARAM_COUNT; i++)
		if (r->p[i].kind != LM_PARAM_MISSING && !(r->nkinds > 1 && lm_param_per_kind(i)))
			print_param(lm_param_key(i), lm_param_unit(i), &r->p[i]);
	for (size_t k = 0; k < r->nkinds && r->nkinds > 1; k++)
		for (int i = 0; i < LM_PARAM_COUNT; i++) {
			if (!lm_param_per_kind(i) || r->kp[k][i].kind == LM_PARAM_MISSING)
				continue;
			char key[64];
			snprintf(key, sizeof key, "%s.%s", lm_param_key(i), r->kind[k]);
			print_param(key, lm_param_unit(i), &r->kp[k][i]);
		}
}

/* "gmem 16", "inf": a curve's label. */
static const char *curve_label(const lm_fit_result *r, const lm_fit_curve *c, char *buf,
			       size_t size)
{
	if (isinf(c->alpha) || r->nkinds < 2)
		snprintf(buf, size, "%g", c->alpha);
	else
		snprintf(buf, size, "%s %g", r->kind[c->kind], c->alpha);
	return buf;
}

static void print_fit(const char *path, const lm_results *res, const lm_fit_result *fr,
		      size_t nfits, size_t want, const char *out, const char *why,
		      const char *cost_why)
{
	printf("%s: %s, %zu points, %zu curves, %zu memory kind%s\n", path,
	       res->device[0] ? res->device : "unnamed device", fr[0].points, fr[0].ncurves,
	       fr[0].nkinds, fr[0].nkinds == 1 ? "" : "s");
	printf("latencies in cycles, throughputs in warp instructions per cycle per CU; +- one standard error\n");
	for (size_t m = 0; m < nfits; m++)
		print_params(&fr[m], m == want ? out : NULL);
	printf("\nrelative error, (model - measured) / measured:\n%18s %6s", "alpha", "points");
	for (size_t m = 0; m < nfits; m++) {
		char name[32];
		snprintf(name, sizeof name, "%s%s", lm_fit_model_name(fr[m].model),
			 fr[m].issue_cost ? "+cost" : "");
		printf(" %12s rms %12s max", name, name);
	}
	putchar('\n');
	size_t nk = fr[0].nkinds > 1 ? fr[0].nkinds : 0, rows = fr[0].ncurves + nk;
	char label[64];
	for (size_t c = 0; c <= rows; c++) {
		bool all = c == rows, kind = !all && c >= fr[0].ncurves;
		size_t k = kind ? c - fr[0].ncurves : 0;
		if (all)
			printf("%18s %6zu", "all", fr[0].points);
		else if (kind)
			printf("%18s %6zu", fr[0].kind[k], fr[0].kind_points[k]);
		else
			printf("%18s %6zu", curve_label(&fr[0], &fr[0].curve[c], label, sizeof label),
			       fr[0].curve[c].points);
		for (size_t m = 0; m < nfits; m++)
			printf(" %15.2f%% %15.2f%%",
			       100 * (all ? fr[m].rms : kind ? fr[m].kind_rms[k] : fr[m].curve[c].rms),
			       100 * (all ? fr[m].max : kind ? fr[m].kind_max[k] : fr[m].curve[c].max));
		putchar('\n');
	}
	printf("%18s %6s", "AIC", "");
	for (size_t m = 0; m < nfits; m++)
		printf(" %16.1f %16s", fr[m].aic, "");
	putchar('\n');
	printf("preferred: %s\n", why);
	if (cost_why)
		printf("issue cost: %s\n", cost_why);

	const double *d = fr[want].derived;
	char a[32], b[32];
	printf("\nwarps per CU needed (%s model%s, kind %s; data: the measured curve, interpolated):\n"
	       "%-28s %12s %12s\n", lm_fit_model_name(fr[want].model),
	       fr[want].issue_cost ? " with issue cost" : "",
	       fr[want].kind[0][0] ? fr[want].kind[0] : "?", "", "90% of peak", "95% of peak");
	static const struct { const char *label; lm_derived_id id; } lines[] = {
		{ "memory, alpha = 0: model", LM_DERIVED_MEM_WARPS_90_MODEL },
		{ "                   data", LM_DERIVED_MEM_WARPS_90_DATA },
		{ "arithmetic, inf:   model", LM_DERIVED_ALU_WARPS_90_MODEL },
		{ "                   data", LM_DERIVED_ALU_WARPS_90_DATA },
	};
	for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++)
		printf("%-28s %12s %12s\n", lines[i].label, warps_text(d[lines[i].id], a, sizeof a),
		       warps_text(d[lines[i].id + 1], b, sizeof b));
	printf("cusp: model alpha = %.1f, %s warps for the peak; data alpha = %g, %s warps for 90%% of its own maximum\n",
	       d[LM_DERIVED_CUSP_ALPHA_MODEL], warps_text(d[LM_DERIVED_CUSP_WARPS_MODEL], a, sizeof a),
	       d[LM_DERIVED_CUSP_ALPHA_DATA], warps_text(d[LM_DERIVED_CUSP_WARPS_DATA], b, sizeof b));
	printf("memory / arithmetic warps for 90%%: model %.2f, data %.2f (nan: not reached)\n",
	       d[LM_DERIVED_RATIO_90_MODEL], d[LM_DERIVED_RATIO_90_DATA]);
	if (fr[want].p[LM_PARAM_MEM_THRU].kind == LM_PARAM_AT_LEAST)
		printf("mem_thru is a lower bound, so the memory figures are too\n");
}

/* Per-kind items are "mem_lat.lmem"; a model fitted with issue cost is
 * "basic+cost". */
static void csv_fit(const lm_fit_result *fr, size_t nfits)
{
	printf("model,item,alpha,value,std_error,kind,unit\n");
	for (size_t m = 0; m < nfits; m++) {
		char name[32];
		snprintf(name, sizeof name, "%s%s", lm_fit_model_name(fr[m].model),
			 fr[m].issue_cost ? "+cost" : "");
		for (int i = 0; i < LM_PARAM_COUNT; i++)
			if (fr[m].p[i].kind != LM_PARAM_MISSING)
				printf("%s,%s,,%.9g,%.3g,%s,%s\n", name, lm_param_key(i), fr[m].p[i].value,
				       fr[m].p[i].std_error, lm_param_kind_name(fr[m].p[i].kind), lm_param_unit(i));
		for (size_t k = 1; k < fr[m].nkinds; k++)
			for (int i = 0; i < LM_PARAM_COUNT; i++) {
				const lm_param *p = &fr[m].kp[k][i];
				if (lm_param_per_kind(i) && p->kind != LM_PARAM_MISSING)
					printf("%s,%s.%s,,%.9g,%.3g,%s,%s\n", name, lm_param_key(i), fr[m].kind[k],
					       p->value, p->std_error, lm_param_kind_name(p->kind), lm_param_unit(i));
			}
		for (size_t c = 0; c < fr[m].ncurves; c++) {
			const char *kn = fr[m].nkinds > 1 && !isinf(fr[m].curve[c].alpha) ? fr[m].kind[fr[m].curve[c].kind] : "";
			printf("%s,rms_rel_error%s%s,%g,%.6g,,,1\n%s,max_rel_error%s%s,%g,%.6g,,,1\n", name,
			       *kn ? "." : "", kn, fr[m].curve[c].alpha, fr[m].curve[c].rms, name,
			       *kn ? "." : "", kn, fr[m].curve[c].alpha, fr[m].curve[c].max);
		}
		printf("%s,rms_rel_error,,%.6g,,,1\n%s,max_rel_error,,%.6g,,,1\n%s,aic,,%.6g,,,1\n", name,
		       fr[m].rms, name, fr[m].max, name, fr[m].aic);
		for (int i = 0; i < LM_DERIVED_COUNT; i++)
			printf("%s,%s,,%.6g,,,\n", name, lm_derived_key(i), fr[m].derived[i]);
	}
}

/* Provenance and device fields of a fitted parameter file. */
static void fit_provenance(lm_params *ps, const char *path, const lm_results *res,
			   const char *mix, size_t npoints)
{
	snprintf(ps->tool_version, sizeof ps->tool_version, "%s", LATMIX_VERSION);
	snprintf(ps->origin, sizeof ps->origin, "fit");
	snprintf(ps->source, sizeof ps->source, "%.100s, mix %s, %zu points", path, mix, npoints);
	iso_now(ps->created, sizeof ps->created);
	snprintf(ps->device, sizeof ps->device, "%s", res->device);
	snprintf(ps->vendor, sizeof ps->vendor, "%s", res->vendor);
	snprintf(ps->driver, sizeof ps->driver, "%s", res->driver);
	const lm_row *r0 = &res->v[0].row;
	ps->simd_width = (int)r0->simd_width;
	ps->compute_units = (int)r0->compute_units;
	double clock = 0;
	for (size_t i = 0; i < res->n; i++)
		clock += res->v[i].row.clock_mhz / (double)res->n;
	ps->clock_mhz = clock;
	snprintf(ps->clock_source, sizeof ps->clock_source, "%s, mean over the points",
		 res->v[0].clock_source);
}

static lm_status cmd_fit(const lm_options *o)
{
	const char *path = o->args[0];
	lm_fit_model want;
	lm_status s = lm_fit_model_parse(o->model, &want);
	if (s != LM_OK)
		return s;
	lm_results res = { 0 };
	lm_fit_data d = { 0 };
	lm_file_inputs inputs = { 0 };
	/* per model: without issue cost, then (--issue-cost) with */
	lm_fit_result fr[2 * LM_FIT_NMODELS];
	char out[4096];
	size_t per = o->issue_cost ? 2 : 1, nfits = per * LM_FIT_NMODELS;
	if ((s = lm_results_read(path, &res)) != LM_OK || (s = lm_file_input(&inputs, path)) != LM_OK)
		goto done;
	const char *mix = o->mix ? o->mix : "gmem";
	if (o->output) {
		snprintf(out, sizeof out, "%s", o->output);
	} else {
		/* params.ini for gmem, params-MIX.ini, params-A+B.ini for a list */
		char tag[128];
		snprintf(tag, sizeof tag, "%s", mix);
		for (char *c = tag; *c; c++)
			if (*c == ',')
				*c = '+';
		const char *slash = strrchr(path, '/');
		bool gmem = strcmp(tag, "gmem") == 0;
		snprintf(out, sizeof out, "%.*sparams%s%s.ini", slash ? (int)(slash - path + 1) : 0, path,
			 gmem ? "" : "-", gmem ? "" : tag);
	}
	/* not over the data, said before the fit's seconds are spent */
	if ((s = lm_file_not_input(&inputs, out)) != LM_OK)
		goto done;
	if ((s = lm_fit_data_from_results(&res, path, mix, &d)) != LM_OK)
		goto done;
	if (d.kept_not_coresident)
		fprintf(stderr, "latmix fit: %zu point(s) of %s kept although not co-resident: a CPU runs "
			"work-groups in turns, so its curves describe that, not resident warps\n",
			d.kept_not_coresident, path);
	if (d.not_coresident)
		fprintf(stderr, "latmix fit: %zu point(s) of %s left out: not co-resident (fewer warps ran at "
			"once than their occupancy says)\n", d.not_coresident, path);
	for (size_t m = 0; m < nfits; m++) {
		if ((s = lm_fit_run_with(&d, (lm_fit_model)(m / per), m % per == 1, &fr[m])) != LM_OK)
			goto done;
		lm_fit_check(&res, &fr[m]);
		lm_fit_measured(&res, &fr[m]);
	}
	size_t last = per - 1; /* the fits compared and written: with cost if asked */
	char why[LM_PARAMS_TEXT], cost_why[LM_PARAMS_TEXT] = "";
	lm_fit_model pref = lm_fit_prefer(&fr[last], &fr[per + last], why, sizeof why);
	size_t w = (size_t)want * per + last;
	if (o->issue_cost)
		lm_fit_cost_pays(&fr[w - 1], &fr[w], cost_why, sizeof cost_why);

	lm_params ps = lm_params_empty();
	fit_provenance(&ps, path, &res, mix, d.n);
	lm_fit_to_params(&fr[w], &ps);
	snprintf(ps.fit_preferred, sizeof ps.fit_preferred, "%s", lm_fit_model_name(pref));
	snprintf(ps.fit_preference, sizeof ps.fit_preference, "%s", why);
	if (o->issue_cost) {
		ps.fit_rms_no_cost = fr[w - 1].rms;
		ps.fit_aic_no_cost = fr[w - 1].aic;
		ps.fit_rms_cost = fr[w].rms;
		ps.fit_aic_cost = fr[w].aic;
		snprintf(ps.fit_cost_preference, sizeof ps.fit_cost_preference, "%s", cost_why);
	}
	if ((s = lm_params_write(out, &ps, &inputs)) != LM_OK)
		goto done;
	if (o->csv)
		csv_fit(fr, nfits);
	else
		print_fit(path, &res, fr, nfits, w, out, why, o->issue_cost ? cost_why : NULL);
	if (fr[w].robust_dropped)
		fprintf(stderr, "latmix fit: %s, mix %s: the robust loss down-weighted %zu of %zu points; "
			"fitted by least squares on each curve's upper envelope instead\n", path, mix,
			fr[w].downweighted, fr[w].points);
	if (fr[w].poor)
		fprintf(stderr, "latmix fit: warning: %s, mix %s: a poor fit (RMS relative error %.1f%%, "
			"above %.0f%%): its parameters do not describe the data\n", path, mix,
			100 * fr[w].rms, 100 * LM_FIT_POOR_RMS);
	if (fr[w].flags[0])
		fprintf(stderr, "latmix fit: warning: %s, mix %s: %s\n", path, mix, fr[w].flags);
done:
	lm_fit_data_free(&d);
	lm_results_free(&res);
	lm_file_inputs_free(&inputs);
	return s;
}

/* ---- report ---- */

static lm_status cmd_report(const lm_options *o)
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

/* ---- compare ---- */

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

static lm_status cmd_compare(const lm_options *o)
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

/* ---- export ---- */

static lm_status cmd_export(const lm_options *o)
{
	return lm_export_write(o->args[0], o->output);
}

/* Everything written to standard output reached it (a full disk, a
 * closed pipe, /dev/full): else LM_EIO, so the command fails rather than
 * leave an empty or cut file where `> FILE` was to be the result. */
static lm_status flush_stdout(void)
{
	errno = 0;
	bool lost = fflush(stdout) != 0;
	int e = errno;
	lost |= ferror(stdout) != 0;
	return lost ? lm_fail(LM_EIO, "standard output: %s", e ? strerror(e) : "a write failed") : LM_OK;
}

/* What of a user's kernel the command builds, counts or runs, which a
 * worker process does for it (guard.h); NULL if nothing. */
static const char *users_kernel(const command *c, const lm_options *o)
{
	if (c->bit == LM_CMD_KERNEL)
		return o->describe ? o->describe : o->mix_of;
	if (c->bit == LM_CMD_PREDICT)
		return o->kernel;
	return NULL;
}

int main(int argc, char **argv)
{
	lm_guard_init(argc, argv);
	gsl_set_error_handler_off();
	if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
		usage(argc < 2 ? stderr : stdout);
		return argc < 2 ? 2 : 0;
	}
	if (strcmp(argv[1], "--version") == 0) {
		printf("latmix %s (commit %s)\n", LATMIX_VERSION, LATMIX_COMMIT);
		return 0;
	}
	const command *c = NULL;
	for (size_t i = 0; i < NCOMMANDS; i++)
		if (strcmp(argv[1], commands[i].name) == 0)
			c = &commands[i];
	if (!c) {
		fprintf(stderr, "latmix: unknown command '%s'\n", argv[1]);
		usage(stderr);
		return 2;
	}
	lm_options o = lm_options_defaults();
	lm_status s = lm_options_parse(&o, c->bit, argc, argv, 2);
	if (s == LM_OK && o.help) {
		command_help(stdout, c);
		return 0;
	}
	if (s == LM_OK && (o.nargs < c->min_args || o.nargs > c->max_args))
		s = lm_fail(LM_EUSAGE, "%s takes %s%s", c->name,
			    *c->args ? "the argument " : "no argument", c->args);
	if (s == LM_OK && c->bit == LM_CMD_MEASURE && o.kernel && !lm_guard_is_worker() &&
	    !lm_fleet_wanted(o.device))
		return lm_supervise_kernels(&o);
	const char *users = s == LM_OK ? users_kernel(c, &o) : NULL;
	if (users && !lm_guard_is_worker()) {
		char what[4200];
		snprintf(what, sizeof what, "kernel %s", users);
		return lm_guard_rerun(what, o.time_limit);
	}
	if (s == LM_OK)
		s = c->run(&o);
	if (s == LM_OK)
		s = flush_stdout();
	if (s != LM_OK) {
		fprintf(stderr, "latmix %s: %s\n", c->name, lm_error_message());
		if (s == LM_EUSAGE)
			fprintf(stderr, "see 'latmix %s --help'\n", c->name);
	}
	return lm_status_exit_code(s);
}
