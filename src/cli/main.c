/* latmix: how many warps does a kernel need to hide latency, and why.
 * The command line: finds the subcommand (a file of its own, cli/cmd_*.c),
 * parses its options (options.c), runs it, in a worker where it builds a
 * user's kernel (bench/guard.h), and says how it ended. */
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

#include "bench/guard.h"
#include "cli/command.h"
#include "cli/fleet.h"
#include "cli/supervise.h"

static const lm_command *const commands[] = {
	&lm_cmd_run, &lm_cmd_devices, &lm_cmd_predict, &lm_cmd_kernel, &lm_cmd_measure, &lm_cmd_fit,
	&lm_cmd_report, &lm_cmd_compare, &lm_cmd_export,
};
const lm_opt_table lm_no_options = { NULL, 0, NULL };

#define NCOMMANDS (sizeof commands / sizeof commands[0])

static void usage(FILE *f)
{
	fprintf(f, "usage: latmix COMMAND [OPTIONS] [ARGS]\n\ncommands:\n");
	for (size_t i = 0; i < NCOMMANDS; i++)
		fprintf(f, "  %-9s %s\n", commands[i]->name, commands[i]->summary);
	fprintf(f, "\n'latmix COMMAND --help' (or 'latmix help COMMAND') lists a command's options; "
		"'latmix --version' (-V) says which latmix this is.\n");
}

static void command_help(FILE *f, const lm_command *c)
{
	fprintf(f, "usage: latmix %s [OPTIONS]%s%s\n%s\n\noptions:\n", c->name,
		*c->args ? " " : "", c->args, c->summary);
	lm_options_help(f, c->options);
	if (c->notes)
		fprintf(f, "\n%s\n", c->notes);
}

/* text for troff: hyphens and backslashes escaped, a line's leading dot
 * or quote guarded. */
static void troff(FILE *f, const char *text)
{
	bool start = true;
	for (const char *c = text; *c; c++) {
		if (start && (*c == '.' || *c == '\''))
			fputs("\\&", f);
		if (*c == '-' || *c == '\\')
			fputc('\\', f);
		fputc(*c, f);
		start = *c == '\n';
	}
}

/* latmix's man page, made from the commands and their option tables (meson
 * installs it as latmix.1). */
static void man_page(FILE *f)
{
	fprintf(f, ".TH LATMIX 1 \"\" \"latmix %s\" \"User Commands\"\n.SH NAME\nlatmix \\- how many warps a "
		"kernel needs to hide latency on an OpenCL device, and why\n.SH SYNOPSIS\n.B latmix\n"
		".I COMMAND\n[\\fIOPTIONS\\fR] [\\fIARGS\\fR]\n.SH DESCRIPTION\n", LATMIX_VERSION);
	troff(f, "latmix measures the instruction-mix experiments of V. Volkov's thesis \"Understanding Latency "
		 "Hiding on GPUs\" (2016, ch. 4) at every occupancy of an OpenCL device, fits the thesis's model "
		 "to them, and predicts a kernel of yours from the parameters it fitted. `latmix run' is the main "
		 "job: measure, fit, report.\n");
	fputs(".SH COMMANDS\n", f);
	for (size_t i = 0; i < NCOMMANDS; i++) {
		const lm_command *c = commands[i];
		fprintf(f, ".SS \"%s%s", c->name, *c->args ? " " : "");
		troff(f, c->args);
		fputs("\"\n", f);
		troff(f, c->summary);
		fputs(".\n", f);
		lm_options_man(f, c->options);
		if (c->notes) {
			fputs(".PP\n.nf\n", f);
			troff(f, c->notes);
			fputs("\n.fi\n", f);
		}
	}
	fputs(".SH EXIT STATUS\n0 done; 1 a failure (a file, a device, a kernel refused); 2 a usage error; 130 "
	      "stopped by Ctrl\\-C.\n.SH SEE ALSO\nREADME.md and doc/ in latmix's source.\n", f);
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
static const char *users_kernel(const lm_command *c, const lm_options *o)
{
	if (c == &lm_cmd_kernel)
		return o->describe ? o->describe : o->mix_of;
	if (c == &lm_cmd_predict)
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
	if (strcmp(argv[1], "--man") == 0) {
		man_page(stdout);
		return lm_status_exit_code(flush_stdout());
	}
	if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "-V") == 0) {
		printf("latmix %s (commit %s)\n", LATMIX_VERSION, LATMIX_COMMIT);
		return 0;
	}
	bool help = strcmp(argv[1], "help") == 0 && argc <= 3; /* latmix help [COMMAND] */
	if (help && argc == 2) {
		usage(stdout);
		return 0;
	}
	const char *name = help ? argv[2] : argv[1];
	const lm_command *c = NULL;
	for (size_t i = 0; i < NCOMMANDS; i++)
		if (strcmp(name, commands[i]->name) == 0)
			c = commands[i];
	if (help && c) {
		command_help(stdout, c);
		return 0;
	}
	if (!c) {
		fprintf(stderr, "latmix: unknown command '%s'\n", name);
		usage(stderr);
		return 2;
	}
	lm_options o = lm_options_defaults(c->options);
	lm_status s = lm_options_parse(&o, c->options, argc, argv, 2);
	if (s == LM_OK && o.help) {
		command_help(stdout, c);
		return 0;
	}
	if (s == LM_OK && (o.nargs < c->min_args || o.nargs > c->max_args))
		s = lm_fail(LM_EUSAGE, "%s takes %s%s", c->name,
			    *c->args ? "the argument " : "no argument", c->args);
	if (s == LM_OK && c == &lm_cmd_measure && o.kernel && !lm_guard_is_worker() &&
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
