#include "report/export.h"
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "base/file.h"
#include "fit/params.h"
#include "fit/results.h"

#define MAX_FILES 64

/* A JSON string: quotes, backslashes and control characters escaped. */
static void jstr(FILE *f, const char *s)
{
	fputc('"', f);
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if (*p == '"' || *p == '\\')
			fprintf(f, "\\%c", *p);
		else if (*p < 0x20)
			fprintf(f, "\\u%04x", *p);
		else
			fputc(*p, f);
	}
	fputc('"', f);
}

/* A JSON number, exact to the last bit; null where not finite. */
static void jnum(FILE *f, double x)
{
	if (isfinite(x))
		fprintf(f, "%.17g", x);
	else
		fputs("null", f);
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The '# key = value' lines of the results as an object; the options
 * (option.KEY) apart. */
static void metadata(FILE *f, const lm_results *res, bool options)
{
	bool first = true;
	fputc('{', f);
	for (size_t i = 0; i < res->nmeta; i++) {
		const char *key = res->meta[i].key;
		bool is_option = strncmp(key, "option.", 7) == 0;
		if (is_option != options || strcmp(key, "format") == 0)
			continue;
		fputs(first ? "\n    " : ",\n    ", f);
		first = false;
		jstr(f, is_option ? key + 7 : key);
		fputs(": ", f);
		jstr(f, res->meta[i].value);
	}
	fputs(first ? "}" : "\n  }", f);
}

static void param_json(FILE *f, const lm_param *p, lm_param_id id)
{
	fprintf(f, "{\"value\": ");
	jnum(f, p->kind == LM_PARAM_MISSING ? NAN : p->value);
	fputs(", \"stderr\": ", f);
	jnum(f, p->std_error);
	fputs(", \"unit\": ", f);
	jstr(f, lm_param_unit(id));
	fputs(", \"kind\": ", f);
	jstr(f, lm_param_kind_name(p->kind));
	fputs(", \"note\": ", f);
	jstr(f, p->note);
	fputc('}', f);
}

/* The members of the parameters object: each parameter, then each memory
 * kind's as KEY.KIND; missing ones left out. */
static void parameters_json(FILE *f, const lm_params *ps)
{
	bool first = true;
	for (int i = 0; i < LM_PARAM_COUNT; i++) {
		if (ps->p[i].kind == LM_PARAM_MISSING)
			continue;
		fprintf(f, "%s\n       ", first ? "" : ",");
		first = false;
		jstr(f, lm_param_key((lm_param_id)i));
		fputs(": ", f);
		param_json(f, &ps->p[i], (lm_param_id)i);
	}
	for (int k = 0; k < ps->nkinds; k++)
		for (int i = 0; i < LM_PARAM_COUNT; i++) {
			if (ps->kinds[k].p[i].kind == LM_PARAM_MISSING)
				continue;
			char key[64];
			snprintf(key, sizeof key, "%s.%s", lm_param_key((lm_param_id)i), ps->kinds[k].name);
			fprintf(f, "%s\n       ", first ? "" : ",");
			first = false;
			jstr(f, key);
			fputs(": ", f);
			param_json(f, &ps->kinds[k].p[i], (lm_param_id)i);
		}
}

/* The fit's figures as an object; null for a file not fitted. */
static void fit_json(FILE *f, const lm_params *ps)
{
	if (!ps->fit_points) {
		fputs("null", f);
	} else {
		fprintf(f, "{\"points\": %d, \"rms_rel_error\": ", ps->fit_points);
		jnum(f, ps->fit_rms);
		fputs(", \"max_rel_error\": ", f);
		jnum(f, ps->fit_max);
		fputs(", \"aic\": ", f);
		jnum(f, ps->fit_aic);
		fputs(", \"quality\": ", f);
		jstr(f, ps->fit_quality);
		fputs(", \"loss\": ", f);
		jstr(f, ps->fit_loss);
		fputs(", \"direct_check\": ", f);
		jstr(f, ps->fit_flags);
		fputs(", \"preferred_model\": ", f);
		jstr(f, ps->fit_preferred);
		fputc('}', f);
	}
}

/* One parameter file as an element of parameter_files: where it comes
 * from, its device, parameters, fit and derived figures. */
static void params_json(FILE *f, const char *file, const lm_params *ps)
{
	fputs("    {\"file\": ", f);
	jstr(f, file);
	fputs(", \"model\": ", f);
	jstr(f, ps->model);
	fputs(", \"origin\": ", f);
	jstr(f, ps->origin);
	fputs(", \"source\": ", f);
	jstr(f, ps->source);
	fputs(", \"created\": ", f);
	jstr(f, ps->created);
	fputs(",\n     \"device\": {\"name\": ", f);
	jstr(f, ps->device);
	fputs(", \"vendor\": ", f);
	jstr(f, ps->vendor);
	fputs(", \"driver\": ", f);
	jstr(f, ps->driver);
	fprintf(f, ", \"simd_width\": %d, \"compute_units\": %d, \"clock_mhz\": ", ps->simd_width,
		ps->compute_units);
	jnum(f, ps->clock_mhz);
	fputs(", \"clock_source\": ", f);
	jstr(f, ps->clock_source);
	fputs("},\n     \"memory_kind\": ", f);
	jstr(f, ps->default_kind);
	fputs(",\n     \"parameters\": {", f);
	parameters_json(f, ps);
	fputs("},\n     \"fit\": ", f);
	fit_json(f, ps);
	fputs(",\n     \"derived\": {", f);
	for (int i = 0; i < LM_DERIVED_COUNT; i++) {
		fputs(i ? ", " : "", f);
		jstr(f, lm_derived_key((lm_derived_id)i));
		fputs(": ", f);
		jnum(f, ps->derived[i]);
	}
	fputs("}}", f);
}

/* The document, from what was read. */
static void write_json(FILE *f, const char *csv, const lm_results *res, char *const *ini,
		       const lm_params *ps, size_t nini)
{
	fprintf(f, "{\n  \"format\": \"latmix-results\",\n  \"format_version\": %d,\n  \"tool_version\": ",
		LM_EXPORT_FORMAT);
	jstr(f, LATMIX_VERSION);
	fputs(",\n  \"measurements\": ", f);
	if (csv[0]) {
		const char *slash = strrchr(csv, '/');
		fputs("{\"file\": ", f);
		jstr(f, slash ? slash + 1 : csv);
		fprintf(f, ", \"points\": %zu},\n  \"metadata\": ", res->n);
		metadata(f, res, false);
		fputs(",\n  \"options\": ", f);
		metadata(f, res, true);
	} else {
		fputs("null,\n  \"metadata\": {},\n  \"options\": {}", f);
	}
	fputs(",\n  \"parameter_files\": [", f);
	for (size_t i = 0; i < nini; i++) {
		fputs(i ? ",\n" : "\n", f);
		params_json(f, ini[i], &ps[i]);
	}
	fputs(nini ? "\n  ]\n}\n" : "]\n}\n", f);
}

lm_status lm_export_write(const char *dir, const char *out)
{
	DIR *d = opendir(dir);
	if (!d)
		return lm_fail(LM_EIO, "%s: cannot open the results directory", dir);
	char *ini[MAX_FILES], *csvs[MAX_FILES];
	size_t nini = 0, ncsv = 0;
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		size_t len = strlen(e->d_name);
		if (strncmp(e->d_name, "params", 6) == 0 && len > 4 && strcmp(e->d_name + len - 4, ".ini") == 0 &&
		    nini < MAX_FILES)
			ini[nini++] = strdup(e->d_name);
		else if (len > 4 && strcmp(e->d_name + len - 4, ".csv") == 0 && ncsv < MAX_FILES)
			csvs[ncsv++] = strdup(e->d_name);
	}
	closedir(d);
	qsort(ini, nini, sizeof *ini, by_name);
	lm_status s = LM_OK;
	char csv[4200] = "";
	for (size_t i = 0; i < ncsv; i++)
		if (strcmp(csvs[i], "measurements.csv") == 0 || ncsv == 1)
			snprintf(csv, sizeof csv, "%s/%s", dir, csvs[i]);
	lm_params *ps = calloc(nini ? nini : 1, sizeof *ps);
	lm_results res = { 0 };
	lm_file_inputs inputs = { 0 };
	if (!ps)
		s = lm_fail(LM_ENOMEM, "out of memory");
	if (s == LM_OK && !csv[0] && !nini)
		s = lm_fail(LM_EIO, "%s: no measurements.csv and no params*.ini", dir);
	if (s == LM_OK && csv[0] && (s = lm_results_read(csv, &res)) == LM_OK)
		s = lm_file_input(&inputs, csv);
	/* every file read before anything is written */
	for (size_t i = 0; i < nini && s == LM_OK; i++) {
		char path[4200];
		snprintf(path, sizeof path, "%s/%s", dir, ini[i]);
		if ((s = lm_params_read(path, &ps[i])) == LM_OK)
			s = lm_file_input(&inputs, path);
	}
	lm_file_out *o = NULL;
	if (s == LM_OK && out && (s = lm_file_create(out, &inputs, &o)) == LM_OK) {
		write_json(lm_file_stream(o), csv, &res, ini, ps, nini);
		s = lm_file_commit(o);
	} else if (s == LM_OK) {
		errno = 0;
		write_json(stdout, csv, &res, ini, ps, nini);
		if (fflush(stdout) != 0 || ferror(stdout))
			s = lm_fail(LM_EIO, "standard output: %s", strerror(errno ? errno : EIO));
	}
	lm_file_inputs_free(&inputs);
	lm_results_free(&res);
	free(ps);
	for (size_t i = 0; i < nini; i++)
		free(ini[i]);
	for (size_t i = 0; i < ncsv; i++)
		free(csvs[i]);
	return s;
}
