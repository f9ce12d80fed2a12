/* Parameter files: lossless round trip, and every malformed file refused
 * with its file, line and key named. */
#include "testutil.h"
#include "fit/params.h"
#include "testrun.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char dir[] = "/tmp/latmix-params-XXXXXX";

static void setup(void)
{
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		exit(1);
	}
}

static const char *reference(void)
{
	static char buf[512];
	lm_test_source_path(buf, sizeof buf, "data/reference/maxwell-gtx980.ini");
	return buf;
}

static lm_params sample(void)
{
	lm_params ps = lm_params_empty();
	snprintf(ps.tool_version, sizeof ps.tool_version, "9.8.7");
	snprintf(ps.origin, sizeof ps.origin, "fit");
	snprintf(ps.source, sizeof ps.source, "data/measured/x/gmem.csv, 1234 points");
	snprintf(ps.created, sizeof ps.created, "2026-11-21T12:00:00Z");
	snprintf(ps.model, sizeof ps.model, "refined");
	snprintf(ps.device, sizeof ps.device, "NVIDIA H100 80GB HBM3 (\"SXM\")");
	snprintf(ps.vendor, sizeof ps.vendor, "NVIDIA Corporation");
	ps.driver[0] = '\0';
	ps.simd_width = 32;
	ps.compute_units = 132;
	ps.clock_mhz = 1980.0000000000002;
	snprintf(ps.clock_source, sizeof ps.clock_source, "%%clock64/%%globaltimer");
	const double v[LM_PARAM_COUNT] = { 4.0312, 812.25, 3.9999999999999996, 0.1 / 3, NAN, 1e-300, 1.25, 1.75,
					   0.65, 0.875, 0.0912, 38.5, 12.605982193372258, 198.4551991710286,
					   1.0053448066666666, 295.17091799999997, 0.17830671766666667, 17302144,
					   48.25, 0.0078125, 28.0232426, 0.1377, 0.0502, 0.131, 0.0 };
	for (int i = 0; i < LM_PARAM_COUNT; i++) {
		ps.p[i].value = v[i];
		ps.p[i].std_error = i == 2 ? NAN : v[i] / 7;
		ps.p[i].kind = isnan(v[i]) ? LM_PARAM_MISSING : (lm_param_kind)(i % 4 == 1 ? 2 : 0);
		snprintf(ps.p[i].note, sizeof ps.p[i].note, "note %d: a, b = c", i);
	}
	ps.fit_points = 741;
	ps.fit_rms = 0.0312;
	ps.fit_max = 1.0 / 3;
	ps.fit_aic = -4321.5;
	snprintf(ps.fit_preferred, sizeof ps.fit_preferred, "refined");
	snprintf(ps.fit_preference, sizeof ps.fit_preference, "AIC lower by 12.5");
	/* longer than a line inih reads (200 bytes): written over continuation lines */
	snprintf(ps.fit_flags, sizeof ps.fit_flags, "%s",
		 "gmem mem_thru 0.1224 is 9% below the highest memory throughput measured (0.135) | "
		 "gmem-stride2 mem_thru 0.05762 is 10% below the highest memory throughput measured (0.0641) | "
		 "gmem-random mem_thru 0.00511 is 5% below the highest memory throughput measured (0.005402) | "
		 "alu_lat 4.2 is 16% below the one-warp add latency measured (5.09 cycles), a flag of 200 "
		 "characters and more with no bar in it for a long while to be cut at a space instead");
	for (int i = 0; i < LM_DERIVED_COUNT; i++)
		ps.derived[i] = i == 3 ? NAN : 10.0 / (i + 1);
	/* two further memory kinds; sfu without chain_lat */
	snprintf(ps.default_kind, sizeof ps.default_kind, "gmem");
	ps.nkinds = 2;
	static const char *const names[2] = { "lmem", "sfu" };
	for (int k = 0; k < 2; k++) {
		lm_params_kind *kd = &ps.kinds[k];
		snprintf(kd->name, sizeof kd->name, "%s", names[k]);
		for (int i = 0; i < LM_PARAM_COUNT; i++) {
			if (!lm_param_per_kind(i) || (k == 1 && i == LM_PARAM_CHAIN_LAT))
				continue;
			kd->p[i].value = (k + 1) * 0.1 * (i + 1) + 1.0 / 3;
			kd->p[i].std_error = kd->p[i].value / 9;
			kd->p[i].kind = i == LM_PARAM_ISSUE_COST ? LM_PARAM_TIED : LM_PARAM_VALUE;
			snprintf(kd->p[i].note, sizeof kd->p[i].note, "kind %s, %d", names[k], i);
		}
	}
	ps.fit_rms_no_cost = 0.05;
	ps.fit_aic_no_cost = -1000.25;
	ps.fit_rms_cost = 0.04;
	ps.fit_aic_cost = -1100.5;
	snprintf(ps.fit_cost_preference, sizeof ps.fit_cost_preference, "AIC lower by 100.25");
	return ps;
}

static bool same_double(double a, double b)
{
	return (isnan(a) && isnan(b)) || memcmp(&a, &b, sizeof a) == 0;
}

START_TEST(round_trip_is_lossless)
{
	lm_params a = sample(), b;
	const char *p = lm_test_in(dir, "rt.ini");
	ck_assert_int_eq(lm_params_write(p, &a, NULL), LM_OK);
	ck_assert_msg(lm_params_read(p, &b) == LM_OK, "%s", lm_error_message());
	ck_assert_int_eq(b.format, LM_PARAMS_FORMAT);
	ck_assert_str_eq(b.tool_version, a.tool_version);
	ck_assert_str_eq(b.origin, a.origin);
	ck_assert_str_eq(b.source, a.source);
	ck_assert_str_eq(b.created, a.created);
	ck_assert_str_eq(b.model, a.model);
	ck_assert_str_eq(b.device, a.device);
	ck_assert_str_eq(b.vendor, a.vendor);
	ck_assert_str_eq(b.driver, a.driver);
	ck_assert_str_eq(b.clock_source, a.clock_source);
	ck_assert_int_eq(b.simd_width, a.simd_width);
	ck_assert_int_eq(b.compute_units, a.compute_units);
	ck_assert(same_double(b.clock_mhz, a.clock_mhz));
	for (int i = 0; i < LM_PARAM_COUNT; i++) {
		ck_assert_msg(same_double(b.p[i].value, a.p[i].value), "value %d", i);
		ck_assert_msg(same_double(b.p[i].std_error, a.p[i].std_error), "stderr %d", i);
		ck_assert_int_eq(b.p[i].kind, a.p[i].kind);
		ck_assert_str_eq(b.p[i].note, a.p[i].note);
	}
	ck_assert_int_eq(b.fit_points, a.fit_points);
	ck_assert(same_double(b.fit_rms, a.fit_rms));
	ck_assert(same_double(b.fit_max, a.fit_max));
	ck_assert(same_double(b.fit_aic, a.fit_aic));
	ck_assert_str_eq(b.fit_preferred, a.fit_preferred);
	ck_assert_str_eq(b.fit_preference, a.fit_preference);
	ck_assert_str_eq(b.fit_flags, a.fit_flags);
	for (int i = 0; i < LM_DERIVED_COUNT; i++)
		ck_assert_msg(same_double(b.derived[i], a.derived[i]), "%s", lm_derived_key(i));
	ck_assert_str_eq(b.default_kind, a.default_kind);
	ck_assert_int_eq(b.nkinds, a.nkinds);
	for (int k = 0; k < a.nkinds; k++) {
		ck_assert_str_eq(b.kinds[k].name, a.kinds[k].name);
		for (int i = 0; i < LM_PARAM_COUNT; i++) {
			const lm_param *x = &a.kinds[k].p[i], *y = &b.kinds[k].p[i];
			ck_assert_msg(same_double(y->value, x->value), "kind %d value %d", k, i);
			ck_assert_msg(same_double(y->std_error, x->std_error), "kind %d stderr %d", k, i);
			ck_assert_int_eq(y->kind, x->kind);
			ck_assert_str_eq(y->note, x->note);
		}
	}
	ck_assert(same_double(b.fit_rms_no_cost, a.fit_rms_no_cost));
	ck_assert(same_double(b.fit_aic_no_cost, a.fit_aic_no_cost));
	ck_assert(same_double(b.fit_rms_cost, a.fit_rms_cost));
	ck_assert(same_double(b.fit_aic_cost, a.fit_aic_cost));
	ck_assert_str_eq(b.fit_cost_preference, a.fit_cost_preference);
	/* each kind's model: shared parameters with its own memory ones */
	lm_model_params mq;
	ck_assert_int_eq(lm_params_model_kind(&b, p, "sfu", &mq), LM_OK);
	ck_assert(same_double(mq.mem_lat, a.kinds[1].p[LM_PARAM_MEM_LAT].value));
	ck_assert(same_double(mq.issue_cost, a.kinds[1].p[LM_PARAM_ISSUE_COST].value));
	ck_assert(same_double(mq.knee, a.kinds[1].p[LM_PARAM_KNEE].value));
	ck_assert(isnan(mq.chain_lat));
	ck_assert(same_double(mq.alu_lat, a.p[LM_PARAM_ALU_LAT].value));
	ck_assert_int_eq(lm_params_model_kind(&b, p, "gmem", &mq), LM_OK);
	ck_assert(same_double(mq.mem_lat, a.p[LM_PARAM_MEM_LAT].value));
	ck_assert_int_eq(lm_params_model_kind(&b, p, "gmem-random", &mq), LM_EUSAGE);
	ck_assert_msg(strstr(lm_error_message(), "it holds gmem, lmem, sfu"), "%s", lm_error_message());
	/* a second write of what was read gives the same bytes */
	const char *q = lm_test_in(dir, "rt2.ini");
	ck_assert_int_eq(lm_params_write(q, &b, NULL), LM_OK);
	char cmd[600];
	snprintf(cmd, sizeof cmd, "cmp -s %s %s", p, q);
	ck_assert_int_eq(system(cmd), 0);
}
END_TEST

START_TEST(reference_files_read_with_missing_values_missing)
{
	lm_params ps;
	ck_assert_msg(lm_params_read(reference(), &ps) == LM_OK, "%s", lm_error_message());
	ck_assert_str_eq(ps.origin, "reference");
	ck_assert_rel(ps.p[LM_PARAM_MEM_LAT].value, 368, 0);
	ck_assert(isnan(ps.p[LM_PARAM_MEM_LAT].std_error));
	ck_assert(isnan(ps.clock_mhz));
	ck_assert_int_eq(ps.p[LM_PARAM_CHAIN_LAT].kind, LM_PARAM_MISSING);
	ck_assert_int_eq(ps.fit_points, 0);
	for (int i = 0; i < LM_DERIVED_COUNT; i++)
		ck_assert(isnan(ps.derived[i]));
}
END_TEST

/* Writes the sample to file name, appends text and reads it back: the
 * read's status (the message is lm_error_message()'s). */
static lm_status read_with_appended(const char *name, const char *text)
{
	lm_params a = sample(), b;
	const char *p = lm_test_in(dir, name);
	ck_assert_int_eq(lm_params_write(p, &a, NULL), LM_OK);
	FILE *f = fopen(p, "a");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	fclose(f);
	return lm_params_read(p, &b);
}

START_TEST(unknown_derived_key_is_refused)
{
	ck_assert_int_eq(read_with_appended("derived.ini", "[derived]\nmem_warps_99_model = 3\n"), LM_EPARSE);
	ck_assert_msg(strstr(lm_error_message(), "[derived] mem_warps_99_model: unknown key"),
		      "%s", lm_error_message());
}
END_TEST

/* A refined model of latmix 0.1 (Kingman's contention) is refused by name:
 * read as today's refined model it would draw wrong curves. */
START_TEST(old_contention_is_refused_with_what_to_do)
{
	ck_assert_int_eq(read_with_appended("contention.ini", "[contention]\nvalue = 10.7\n"), LM_EPARSE);
	ck_assert_msg(strstr(lm_error_message(), "Kingman's contention") &&
			      strstr(lm_error_message(), "fit the data again"),
		      "%s", lm_error_message());
}
END_TEST

static char *slurp(const char *path, long *len)
{
	FILE *f = fopen(path, "rb");
	ck_assert_ptr_nonnull(f);
	fseek(f, 0, SEEK_END);
	*len = ftell(f);
	rewind(f);
	char *buf = calloc(1, (size_t)*len + 1);
	ck_assert_int_eq(fread(buf, 1, (size_t)*len, f), (size_t)*len);
	fclose(f);
	return buf;
}

/* Every parameter file in the tree, old ones included, still reads. */
START_TEST(committed_files_read)
{
	static const char *const files[] = {
		"data/reference/maxwell-gtx980.ini", "data/reference/kepler-gtx680.ini",
		"data/measured/nvidia-h200/params.ini", "data/measured/nvidia-h200/params-lmem.ini",
		"data/measured/nvidia-h200/params-sfu.ini", "data/measured/nvidia-h200/params-refined.ini",
	};
	for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
		char path[600];
		lm_params ps;
		lm_test_source_path(path, sizeof path, files[i]);
		ck_assert_msg(lm_params_read(path, &ps) == LM_OK, "%s", lm_error_message());
	}
}
END_TEST

/* Per-kind sections appended to (or edited in) a good file: each bad one
 * is refused with the file, the line and the section and key. */
static const struct {
	const char *what;
	const char *find, *replace; /* in the written sample; NULL: append only */
	const char *append;
	const char *at;             /* in replace or append: the line named; NULL: any */
	const char *message;
} bad_kinds[] = {
	{ "unknown kind name", NULL, NULL, "[mem_lat.texture]\nvalue = 5\n", "value",
	  "[mem_lat.texture] value: unknown memory kind 'texture'" },
	{ "stream is no kind", NULL, NULL, "\n[mem_thru.stream]\nvalue = 5\n", "value",
	  "[mem_thru.stream] value: unknown memory kind 'stream'" },
	{ "bad unit", "[mem_lat.lmem]\nvalue = 0.53333333333333333\nunit = cycles",
	  "[mem_lat.lmem]\nvalue = 0.53333333333333333\nunit = ns", NULL, "unit",
	  "[mem_lat.lmem] unit: unknown unit 'ns'" },
	{ "unknown key", NULL, NULL, "[issue_cost.sfu]\nslots = 2\n", "slots",
	  "[issue_cost.sfu] slots: unknown key" },
	{ "shared parameter per kind", NULL, NULL, "[alu_lat.lmem]\nvalue = 2\n", "value",
	  "[alu_lat.lmem] value: not a per-kind parameter" },
	{ "unknown parameter", NULL, NULL, "[mem_bw.lmem]\nvalue = 2\n", "value",
	  "[mem_bw.lmem] value: unknown key" },
	{ "the default kind again", NULL, NULL,
	  "[mem_lat.gmem]\nvalue = 2\nunit = cycles\nstderr = missing\nkind = value\nnote = x\n", "value",
	  "[mem_lat.gmem]: 'gmem' is the default kind" },
	{ "kind without mem_thru", NULL, NULL,
	  "[mem_lat.gmem-random]\nvalue = 2\nunit = cycles\nstderr = missing\nkind = value\nnote = x\n",
	  "value", "[mem_thru.gmem-random]: missing section" },
	{ "kind without default", "default = gmem\n", "", NULL, NULL,
	  "[kinds] default: missing key" },
	{ "unknown default", "default = gmem\n", "default = dram\n", NULL, "default",
	  "[kinds] default: unknown memory kind 'dram'" },
};

START_TEST(malformed_kind_section_names_file_line_and_key)
{
	lm_params a = sample(), b;
	const char *p = lm_test_in(dir, "kinds.ini");
	ck_assert_int_eq(lm_params_write(p, &a, NULL), LM_OK);
	long len;
	char *text = slurp(p, &len);
	FILE *f = fopen(p, "wb");
	ck_assert_ptr_nonnull(f);
	int line = 1;
	const char *ins = bad_kinds[_i].find ? bad_kinds[_i].replace : bad_kinds[_i].append;
	char *at = bad_kinds[_i].find ? strstr(text, bad_kinds[_i].find) : text + len;
	ck_assert_msg(at != NULL, "%s: pattern not in the sample", bad_kinds[_i].what);
	for (char *c = text; c < at; c++)
		line += *c == '\n';
	if (bad_kinds[_i].at)
		for (const char *c = ins; c < strstr(ins, bad_kinds[_i].at); c++)
			line += *c == '\n';
	fwrite(text, 1, (size_t)(at - text), f);
	fputs(ins, f);
	if (bad_kinds[_i].find)
		fputs(at + strlen(bad_kinds[_i].find), f);
	fclose(f);
	free(text);
	ck_assert_int_eq(lm_params_read(p, &b), LM_EPARSE);
	const char *msg = lm_error_message();
	ck_assert_msg(strstr(msg, bad_kinds[_i].message) != NULL, "%s: message '%s' lacks '%s'",
		      bad_kinds[_i].what, msg, bad_kinds[_i].message);
	char where[300];
	snprintf(where, sizeof where, "%s:%d: ", p, line);
	ck_assert_msg(!bad_kinds[_i].at ? strncmp(msg, p, strlen(p)) == 0 && msg[strlen(p)] == ':'
					: strncmp(msg, where, strlen(where)) == 0,
		      "%s: message '%s' does not start with '%s'", bad_kinds[_i].what, msg, where);
}
END_TEST

START_TEST(unwritable_string_is_refused_and_nothing_written)
{
	lm_params a = sample();
	snprintf(a.device, sizeof a.device, "name; with a comment");
	const char *p = lm_test_in(dir, "bad.ini");
	ck_assert_int_ne(lm_params_write(p, &a, NULL), LM_OK);
	ck_assert_int_ne(access(p, F_OK), 0);
}
END_TEST

/* Each malformed file: how to make it from the reference, and what the
 * message must say (after the file name). */
static const struct {
	const char *what;
	const char *find, *replace; /* first occurrence; NULL find: truncate */
	long truncate_at;           /* bytes kept when find is NULL */
	const char *message;
} malformed[] = {
	{ "missing key", "value = 368\n", "", 0, ":32: [mem_lat] value: missing key" },
	{ "unknown unit", "unit = cycles\nstderr = missing\nkind = value\nnote = thesis text: coalesced",
	  "unit = ns\nstderr = missing\nkind = value\nnote = thesis text: coalesced", 0,
	  ":33: [mem_lat] unit: unknown unit 'ns'" },
	{ "non-number", "value = 368", "value = 3x8", 0, ":32: [mem_lat] value: not a number '3x8'" },
	{ "negative latency", "value = 368", "value = -368", 0,
	  ":32: [mem_lat] value: must be positive '-368'" },
	{ "unknown key", "model = basic", "modle = basic", 0, ":11: [latmix] modle: unknown key" },
	{ "bad kind", "kind = value\nnote = thesis text: Maxwell", "kind = guess\nnote = thesis text: Maxwell",
	  0, ":27: [alu_lat] kind: unknown kind 'guess'" },
	{ "not ini", "[device]", "device]", 0, ":13: not a 'key = value'" },
	{ "truncated at a line end", NULL, NULL, 1006, ":40: [alu_thru] unit: missing key" },
	{ "truncated mid-file", NULL, NULL, 700, ":25: truncated" },
	{ "truncated mid-line", NULL, NULL, 1370, ":60: truncated" },
	/* regressions (issue 20): read as 16, and accepted and shown as unknown */
	{ "hex value read as 16", "value = 368", "value = 0x10", 0, ":32: [mem_lat] value: not a number '0x10'" },
	{ "negative clock_mhz shown as unknown", "clock_mhz = missing", "clock_mhz = -5", 0,
	  ":19: [device] clock_mhz: must be positive (or missing) '-5'" },
	{ "infinite clock_mhz", "clock_mhz = missing", "clock_mhz = inf", 0,
	  ":19: [device] clock_mhz: not a number 'inf'" },
};


START_TEST(malformed_file_names_file_line_and_key)
{
	long len;
	char *text = slurp(reference(), &len);
	const char *p = lm_test_in(dir, "malformed.ini");
	FILE *f = fopen(p, "wb");
	ck_assert_ptr_nonnull(f);
	if (malformed[_i].find) {
		char *at = strstr(text, malformed[_i].find);
		ck_assert_msg(at != NULL, "%s: pattern not in reference", malformed[_i].what);
		fwrite(text, 1, (size_t)(at - text), f);
		fputs(malformed[_i].replace, f);
		fputs(at + strlen(malformed[_i].find), f);
	} else {
		ck_assert(malformed[_i].truncate_at < len);
		fwrite(text, 1, (size_t)malformed[_i].truncate_at, f);
	}
	fclose(f);
	lm_params ps = sample(), before = ps;
	lm_error_clear();
	ck_assert_int_eq(lm_params_read(p, &ps), LM_EPARSE);
	const char *msg = lm_error_message();
	ck_assert_msg(strncmp(msg, p, strlen(p)) == 0, "%s: message '%s' does not start with the file",
		      malformed[_i].what, msg);
	ck_assert_msg(strstr(msg, malformed[_i].message) != NULL, "%s: message '%s' lacks '%s'",
		      malformed[_i].what, msg, malformed[_i].message);
	ck_assert_msg(memcmp(&ps, &before, sizeof ps) == 0, "output changed on error");
	free(text);
}
END_TEST

/* Reads the reference with the first find replaced by replace (len bytes,
 * NUL bytes and all): the read's status, its message in lm_error_message. */
static lm_status read_reference_with(const char *find, const char *replace, size_t len)
{
	long n;
	char *text = slurp(reference(), &n);
	char *at = strstr(text, find);
	ck_assert_msg(at != NULL, "'%s' not in the reference", find);
	const char *p = lm_test_in(dir, "replaced.ini");
	FILE *f = fopen(p, "wb");
	ck_assert_ptr_nonnull(f);
	fwrite(text, 1, (size_t)(at - text), f);
	fwrite(replace, 1, len, f);
	fputs(at + strlen(find), f);
	fclose(f);
	free(text);
	lm_params ps;
	lm_error_clear();
	return lm_params_read(p, &ps);
}

/* The reference's comment on line 22, n characters long, ended by end. */
static lm_status read_with_comment_of(size_t n, const char *end)
{
	char line[512] = "; ";
	memset(line + 2, 'x', n - 2);
	strcpy(line + n, end);
	return read_reference_with("; latency of a dependent arithmetic (float add) instruction\n", line,
				   strlen(line));
}

/* Regression (issue 47, fuzz_params): a line over inih's 200-byte buffer
 * was handed on in pieces, its rest as lines of their own, numbered one
 * on: a long value was said to be "truncated: the last line has no end",
 * a long comment to be the next line, "not a 'key = value'" there. */
START_TEST(a_line_too_long_is_said_so_at_its_number)
{
	char note[300] = "note = ";
	memset(note + 7, 'x', 250);
	note[257] = '\0';
	ck_assert_int_eq(read_reference_with("note = thesis text: Maxwell FADD latency", note, strlen(note)),
			 LM_EPARSE);
	ck_assert_msg(strstr(lm_error_message(), "replaced.ini:28: a line of more than 198 characters: too long"),
		      "%s", lm_error_message());
	ck_assert_int_eq(read_with_comment_of(250, "\n"), LM_EPARSE);
	ck_assert_msg(strstr(lm_error_message(), "replaced.ini:22: a line of more than 198"), "%s",
		      lm_error_message());
	/* at the limit (the one INI reader's, and the most the writer
	 * writes), and a newline after '\r' */
	ck_assert_msg(read_with_comment_of(198, "\n") == LM_OK, "%s", lm_error_message());
	ck_assert_msg(read_with_comment_of(198, "\r\n") == LM_OK, "%s", lm_error_message());
	ck_assert_int_eq(read_with_comment_of(199, "\n"), LM_EPARSE);
	ck_assert_int_eq(read_with_comment_of(200, "\n"), LM_EPARSE);
	ck_assert_msg(strstr(lm_error_message(), "replaced.ini:22: a line of more than 198"), "%s",
		      lm_error_message());
}
END_TEST

/* Regression (issue 47): a line holding a NUL byte ended there for the
 * reader, which said "truncated: the last line has no end" of it. */
START_TEST(a_nul_byte_is_refused_not_read_as_the_lines_end)
{
	static const char value[] = "value = 6\0" "8";
	ck_assert_int_eq(read_reference_with("value = 6\n", value, sizeof value - 1), LM_EPARSE);
	ck_assert_msg(strstr(lm_error_message(), "replaced.ini:24: a NUL byte"), "%s", lm_error_message());
}
END_TEST

/* A deterministic generator (a 64-bit LCG, Knuth's MMIX constants): the
 * same values on every run. */
static uint64_t lcg_state;

static uint64_t lcg(void)
{
	lcg_state = lcg_state * 6364136223846793005ull + 1442695040888963407ull;
	return lcg_state >> 11;
}

/* A positive double anywhere from 1e-300 to 1e300, with every mantissa bit
 * random. */
static double any_positive(void)
{
	double m = 1 + (double)(lcg() & ((1ull << 52) - 1)) / 4503599627370496.0;
	return ldexp(m, (int)(lcg() % 1990) - 995);
}

/* Text of up to n - 1 characters the writer takes (no newline, ';', '#',
 * '[' or blanks at the ends; a space every few characters, where a long
 * value is broken over continuation lines), sometimes that long. */
static void any_text(char *buf, size_t n)
{
	static const char chars[] = "abcXYZ019 ,.=%/()|'\"-_:+    ";
	size_t len = lcg() % 3 == 0 ? n - 1 : lcg() % (n < 40 ? n : 40);
	for (size_t i = 0; i < len; i++)
		buf[i] = chars[lcg() % (sizeof chars - 1)];
	buf[len] = '\0';
	while (len && buf[len - 1] == ' ')
		buf[--len] = '\0';
	while (buf[0] == ' ')
		memmove(buf, buf + 1, len--);
}

/* Property: whatever the writer writes, the reader reads back exactly:
 * 200 generated parameter sets (fixed seed), every number bit for bit. */
START_TEST(params_write_then_read_round_trips_generated_values)
{
	lcg_state = 20261123;
	const char *p = lm_test_in(dir, "gen.ini");
	for (int round = 0; round < 200; round++) {
		lm_params a = sample(), b;
		any_text(a.source, sizeof a.source);
		any_text(a.device, sizeof a.device);
		any_text(a.fit_flags, sizeof a.fit_flags);
		a.clock_mhz = lcg() % 4 ? any_positive() : NAN;
		a.simd_width = (int)(lcg() % 1000001);
		a.compute_units = (int)(lcg() % 1000001);
		for (int i = 0; i < LM_PARAM_COUNT; i++) {
			lm_param *x = &a.p[i];
			x->kind = (lm_param_kind)(lcg() % 5);
			x->value = x->kind == LM_PARAM_MISSING ? NAN : any_positive();
			/* a value not known has no error (and an optional one
			 * with no note is left out of the file) */
			x->std_error = x->kind == LM_PARAM_MISSING ? NAN
				       : lcg() % 3 ? any_positive() : lcg() % 2 ? 0 : NAN;
			any_text(x->note, sizeof x->note);
		}
		a.fit_points = (int)(lcg() % 1000001);
		a.fit_rms = any_positive();
		a.fit_aic = (lcg() % 2 ? -1 : 1) * any_positive();
		for (int i = 0; i < LM_DERIVED_COUNT; i++)
			a.derived[i] = lcg() % 4 ? any_positive() : lcg() % 2 ? 0 : NAN;
		ck_assert_msg(lm_params_write(p, &a, NULL) == LM_OK, "round %d: %s", round, lm_error_message());
		ck_assert_msg(lm_params_read(p, &b) == LM_OK, "round %d: %s", round, lm_error_message());
		ck_assert_str_eq(b.source, a.source);
		ck_assert_str_eq(b.device, a.device);
		ck_assert_str_eq(b.fit_flags, a.fit_flags);
		ck_assert_msg(same_double(b.clock_mhz, a.clock_mhz), "round %d: clock %.17g", round, a.clock_mhz);
		ck_assert_int_eq(b.simd_width, a.simd_width);
		ck_assert_int_eq(b.compute_units, a.compute_units);
		for (int i = 0; i < LM_PARAM_COUNT; i++) {
			ck_assert_msg(same_double(b.p[i].value, a.p[i].value), "round %d: value %d", round, i);
			ck_assert_msg(same_double(b.p[i].std_error, a.p[i].std_error), "round %d: stderr %d", round, i);
			ck_assert_int_eq(b.p[i].kind, a.p[i].kind);
			ck_assert_str_eq(b.p[i].note, a.p[i].note);
		}
		ck_assert_int_eq(b.fit_points, a.fit_points);
		ck_assert(same_double(b.fit_rms, a.fit_rms));
		ck_assert(same_double(b.fit_aic, a.fit_aic));
		for (int i = 0; i < LM_DERIVED_COUNT; i++)
			ck_assert_msg(same_double(b.derived[i], a.derived[i]), "round %d: %s", round, lm_derived_key(i));
	}
}
END_TEST

/* And what it would not read back, it does not write: a clock of zero or
 * below, a negative RMS error, a line longer than the reader takes. */
START_TEST(values_the_reader_refuses_are_not_written)
{
	const char *p = lm_test_in(dir, "refused.ini");
	lm_params a = sample();
	a.clock_mhz = -5;
	ck_assert_int_eq(lm_params_write(p, &a, NULL), LM_EUSAGE);
	ck_assert_msg(strstr(lm_error_message(), "[device] clock_mhz: -5 cannot be written"), "%s",
		      lm_error_message());
	a = sample();
	a.fit_rms = -0.5;
	ck_assert_int_eq(lm_params_write(p, &a, NULL), LM_EUSAGE);
	/* a word too long for a line the reader takes, unbreakable */
	a = sample();
	memset(a.fit_flags, 'x', 300);
	a.fit_flags[300] = '\0';
	ck_assert_int_eq(lm_params_write(p, &a, NULL), LM_EUSAGE);
	ck_assert_int_ne(access(p, F_OK), 0);
}
END_TEST

START_TEST(missing_file_is_an_io_error)
{
	lm_params ps;
	ck_assert_int_eq(lm_params_read(lm_test_in(dir, "absent.ini"), &ps), LM_EIO);
	ck_assert(strstr(lm_error_message(), "absent.ini") != NULL);
}
END_TEST

int main(void)
{
	setup();
	Suite *s = suite_create("params");
	TCase *tc = tcase_create("ini");
	tcase_add_test(tc, round_trip_is_lossless);
	tcase_add_test(tc, reference_files_read_with_missing_values_missing);
	tcase_add_test(tc, unwritable_string_is_refused_and_nothing_written);
	tcase_add_test(tc, unknown_derived_key_is_refused);
	tcase_add_test(tc, old_contention_is_refused_with_what_to_do);
	tcase_add_loop_test(tc, malformed_file_names_file_line_and_key, 0,
			    (int)(sizeof malformed / sizeof malformed[0]));
	tcase_add_test(tc, missing_file_is_an_io_error);
	tcase_add_test(tc, a_line_too_long_is_said_so_at_its_number);
	tcase_add_test(tc, a_nul_byte_is_refused_not_read_as_the_lines_end);
	tcase_add_test(tc, params_write_then_read_round_trips_generated_values);
	tcase_add_test(tc, values_the_reader_refuses_are_not_written);
	tcase_add_test(tc, committed_files_read);
	tcase_add_loop_test(tc, malformed_kind_section_names_file_line_and_key, 0,
			    (int)(sizeof bad_kinds / sizeof bad_kinds[0]));
	suite_add_tcase(s, tc);
	return lm_test_run_in(s, dir);
}
