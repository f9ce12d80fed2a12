/* latmix: how many warps does a kernel need to hide latency, and why.
 * The command line: one function per subcommand, options from options.c. */
#include "config.h"

#include <gsl/gsl_errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "alpha.h"
#include "device.h"
#include "options.h"
#include "params.h"

typedef lm_status (*command_fn)(const lm_options *o);

typedef struct {
	const char *name;
	unsigned bit;
	command_fn run;
	const char *args;  /* positional arguments, for usage */
	int min_args, max_args;
	const char *summary;
} command;

static lm_status cmd_devices(const lm_options *o);
static lm_status cmd_predict(const lm_options *o);

static const command commands[] = {
	{ "devices", LM_CMD_DEVICES, cmd_devices, "", 0, 0,
	  "list every OpenCL platform and device" },
	{ "predict", LM_CMD_PREDICT, cmd_predict, "PARAMS.ini", 1, 1,
	  "what the model says for a parameter file: bound, throughput, warps needed" },
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
}

/* ---- devices ---- */

static lm_status cmd_devices(const lm_options *o)
{
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

static lm_status cmd_predict(const lm_options *o)
{
	const char *path = o->args[0];
	lm_params ps;
	lm_status s = lm_params_read(path, &ps);
	if (s != LM_OK)
		return s;
	lm_model_params mp = lm_params_model(&ps);
	if (isnan(mp.mem_lat) || isnan(mp.alu_lat))
		return lm_fail(LM_EUSAGE, "%s: the model needs alu_lat and mem_lat", path);

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
		       "warps,mem_ipc,alu_ipc,bound,alu_in_flight,mem_in_flight,guide_warps,guide_refined_warps\n");
	} else {
		printf("%s: %s (%s)\n", path, ps.device[0] ? ps.device : "unnamed device",
		       ps.source[0] ? ps.source : ps.origin);
		printf("throughputs in warp instructions per cycle per CU; latencies in cycles\n");
		printf("%s", isnan(n_given) ? "at each alpha's knee (--warps N to choose)\n" : "");
		printf("%8s %8s %8s %-10s %7s %7s | %6s %8s %8s %-10s %6s %6s | %6s %7s\n", "alpha",
		       "latency", "peak", "bound", "n_peak", "n_frac", "warps", "mem_ipc", "alu_ipc",
		       "bound", "alu_if", "mem_if", "guide", "refined");
	}
	for (size_t i = 0; i < na; i++) {
		double a = alphas[i];
		lm_bound pb;
		double peak = lm_model_peak(&mp, a, &pb);
		double lat = lm_model_latency(&mp, a);
		double npeak = lm_model_warps_needed(&mp, a, 1.0);
		double nfrac = lm_model_warps_needed(&mp, a, o->fraction);
		double n = isnan(n_given) ? npeak : n_given;
		lm_model_point pt = lm_model_eval(&mp, n, a);
		double aif, mif, guide = NAN, refined = NAN;
		lm_model_in_flight(&mp, n, a, &aif, &mif);
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
		       "instructions in flight (thesis 4.6); guide, refined: the CUDA guide's estimate (4.8).\n",
		       o->fraction);
		if (has_cusp)
			printf("cusp: alpha = %.2f, %.1f warps for the peak\n", cusp_alpha, cusp_warps);
	}
	free(alphas);
	return LM_OK;
}

int main(int argc, char **argv)
{
	gsl_set_error_handler_off();
	if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
		usage(argc < 2 ? stderr : stdout);
		return argc < 2 ? 2 : 0;
	}
	if (strcmp(argv[1], "--version") == 0) {
		printf("latmix %s\n", LATMIX_VERSION);
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
	if (s == LM_OK)
		s = c->run(&o);
	if (s != LM_OK) {
		fprintf(stderr, "latmix %s: %s\n", c->name, lm_error_message());
		if (s == LM_EUSAGE)
			fprintf(stderr, "see 'latmix %s --help'\n", c->name);
	}
	return lm_status_exit_code(s);
}
