#include "fit/params_parts.h"

#include "base/file.h"
#include "base/inifile.h"
#include "base/mix.h"
#include "base/number.h"
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define STRING_(x) #x
#define STRING(x) STRING_(x)

static const struct {
	const char *key, *unit, *meaning;
	bool optional; /* may be left out of a file (defaults to missing) */
} param_info[LM_PARAM_COUNT] = {
	[LM_PARAM_ALU_LAT] = { "alu_lat", "cycles",
		"latency of a dependent arithmetic (float add) instruction", false },
	[LM_PARAM_MEM_LAT] = { "mem_lat", "cycles",
		"latency of a dependent memory instruction, unloaded", false },
	[LM_PARAM_ALU_THRU] = { "alu_thru", "warp-inst/cycle/CU",
		"peak arithmetic throughput", false },
	[LM_PARAM_MEM_THRU] = { "mem_thru", "warp-inst/cycle/CU",
		"peak memory throughput", false },
	[LM_PARAM_ISSUE_THRU] = { "issue_thru", "warp-inst/cycle/CU",
		"peak instruction issue throughput, all kinds", false },
	[LM_PARAM_CHAIN_LAT] = { "chain_lat", "cycles",
		"refined model: latency a memory step gains per doubling of the chains a warp runs", true },
	[LM_PARAM_ISSUE_COST] = { "issue_cost", "issue-slots",
		"issue slots per memory instruction, an arithmetic one taking 1", true },
	[LM_PARAM_KNEE] = { "knee", "factor",
		"refined model: the knee's sharpness where memory latency is a whole step (absent: "
		STRING(LM_MODEL_KNEE) ")", true },
	[LM_PARAM_MISALIGNED] = { "misaligned", "share",
		"memory throughput left to loads whose warp's access starts off a line, a share of aligned "
		"ones' (measured: stream-shift's plateau over stream's)", true },
	[LM_PARAM_MISALIGNED_STORE] = { "misaligned_store", "share",
		"the same beside a store a load (measured: stream-store-shift's plateau over stream-store's)",
		true },
	[LM_PARAM_STORE_THRU] = { "store_thru", "warp-inst/cycle/CU",
		"peak throughput of stores alone, coalesced: a loop with no load (measured: stream-fill's "
		"plateau)", true },
	[LM_PARAM_STORE_STEP] = { "store_step", "cycles",
		"least time a warp's pass of a loop that stores and does not load takes (measured: "
		"stream-fill at one warp, a store a pass)", true },
	[LM_PARAM_DISPATCH_THRU] = { "dispatch_thru", "work-groups/us/CU",
		"most work-groups a CU takes in a microsecond, whatever their size (fitted to the dispatch "
		"mix: empty groups, many more than fit at once)", true },
	[LM_PARAM_GROUP_COST] = { "group_cost", "ns",
		"time a work-group holds its slot on a CU from its start to its end, doing nothing else "
		"(fitted to the dispatch mix's sizes too large for the dispatch rate)", true },
	[LM_PARAM_L1_THRU] = { "l1_thru", "lines/cycle/CU",
		"128-byte lines L1 answers a cycle, hits or not, for a loop's global loads (measured: lmem's "
		"plateau, where local memory and L1 are one unit)", true },
	[LM_PARAM_CACHE_LAT] = { "cache_lat", "cycles",
		"latency of a load that hits the global-memory cache the device reports (L2 on a GPU), "
		"unloaded (measured: gmem-cache, the chase on a buffer half that cache, at one warp)", true },
	[LM_PARAM_CACHE_THRU] = { "cache_thru", "warp-inst/cycle/CU",
		"peak throughput of coalesced loads that hit that cache (measured: stream-cache's plateau)",
		true },
	[LM_PARAM_CACHE_BYTES] = { "cache_bytes", "bytes",
		"the buffer those hits were measured on: predict takes an array no larger, which a launch "
		"reads twice over or more, as held by the cache", true },
	[LM_PARAM_CACHE_CHAIN_LAT] = { "cache_chain_lat", "cycles",
		"latency a hit gains per doubling of the loads a warp has in flight (measured: gmem-cache at "
		"one warp with 1 to 8 chains, the slope of its step over log2 chains)", true },
	[LM_PARAM_SCATTER_STORE_THRU] = { "scatter_store_thru", "warp-inst/cycle/CU",
		"peak throughput of stores of a 32-byte sector a lane, its other words stored by the warps beside "
		"them (a transpose's; measured: stream-scatter's plateau)", true },
	[LM_PARAM_LMEM_LAT] = { "lmem_lat", "cycles",
		"latency of a local (shared) memory load, unloaded: what a reduction's tree waits for a turn "
		"(measured: lmem at one warp, alpha 0)", true },
	[LM_PARAM_WRITTEN_READ_THRU] = { "written_read_thru", "warp-inst/cycle/CU",
		"peak throughput of coalesced loads in a kernel as written, one launch of many short groups "
		"whose loads stay in the window their dispatch order keeps (measured: written-read)", true },
	[LM_PARAM_WRITTEN_COPY_THRU] = { "written_copy_thru", "warp-inst/cycle/CU",
		"the same with a coalesced store a load, in loads (measured: written-copy; said, not used to "
		"price: a copy as written stays under the store kinds' bound)", true },
	[LM_PARAM_GROUP_WAIT_4] = { "group_wait_4", "share of a warp's time",
		"what a warp of a work-group of 4 waits, once ended, for its group's last, groups held to 4 a CU "
		"(measured: written-read at 4 warps a group, each warp's clock)", true },
	[LM_PARAM_GROUP_WAIT_8] = { "group_wait_8", "share of a warp's time",
		"the same in a work-group of 8 warps (measured: written-read at 8 warps a group)", true },
	[LM_PARAM_GROUP_WAIT_16] = { "group_wait_16", "share of a warp's time",
		"the same in a work-group of 16 warps, groups 4 a CU or as many as a CU holds where fewer "
		"(measured: written-read at 16 warps a group)", true },
	[LM_PARAM_GROUP_WAIT_32] = { "group_wait_32", "share of a warp's time",
		"the same in a work-group of 32 warps (measured: written-read at 32 warps a group)", true },
};

static const char *const kind_names[] = {
	[LM_PARAM_VALUE] = "value", [LM_PARAM_MISSING] = "missing",
	[LM_PARAM_AT_LEAST] = "at_least", [LM_PARAM_AT_MOST] = "at_most",
	[LM_PARAM_TIED] = "tied",
};

const char *lm_param_key(lm_param_id id) { return param_info[id].key; }
const char *lm_param_unit(lm_param_id id) { return param_info[id].unit; }
const char *lm_param_meaning(lm_param_id id) { return param_info[id].meaning; }
const char *lm_param_kind_name(lm_param_kind k) { return kind_names[k]; }

bool lm_param_per_kind(lm_param_id id)
{
	return id == LM_PARAM_MEM_LAT || id == LM_PARAM_MEM_THRU || id == LM_PARAM_CHAIN_LAT ||
	       id == LM_PARAM_ISSUE_COST || id == LM_PARAM_KNEE;
}

bool lm_param_measured(lm_param_id id)
{
	return id == LM_PARAM_MISALIGNED || id == LM_PARAM_MISALIGNED_STORE ||
	       id == LM_PARAM_STORE_THRU || id == LM_PARAM_STORE_STEP || id == LM_PARAM_DISPATCH_THRU ||
	       id == LM_PARAM_GROUP_COST || id == LM_PARAM_L1_THRU || id == LM_PARAM_CACHE_LAT ||
	       id == LM_PARAM_CACHE_THRU || id == LM_PARAM_CACHE_BYTES || id == LM_PARAM_CACHE_CHAIN_LAT ||
	       id == LM_PARAM_SCATTER_STORE_THRU || id == LM_PARAM_LMEM_LAT ||
	       id == LM_PARAM_WRITTEN_READ_THRU || id == LM_PARAM_WRITTEN_COPY_THRU || lm_param_group_wait(id);
}

bool lm_param_group_wait(lm_param_id id)
{
	return id >= LM_PARAM_GROUP_WAIT_4 && id <= LM_PARAM_GROUP_WAIT_32;
}

bool lm_params_kind_known(const char *name)
{
	const lm_mix *m = lm_mix_find(name);
	return m && m->step != LM_STEP_STREAM && m->step != LM_STEP_DISPATCH && !m->cache;
}

/* "gmem, gmem-stride2, ..." without stream, for messages. */
static const char *kinds_known(void)
{
	static char buf[128];
	size_t n = 0;
	buf[0] = '\0';
	for (int i = 0; lm_mix_at(i) && n < sizeof buf; i++)
		if (lm_params_kind_known(lm_mix_at(i)->name))
			n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%s", n ? ", " : "",
					      lm_mix_at(i)->name);
	return buf;
}

static void param_empty(lm_param *p)
{
	p->value = NAN;
	p->std_error = NAN;
	p->kind = LM_PARAM_MISSING;
	p->note[0] = '\0';
}

lm_params lm_params_empty(void)
{
	lm_params ps;
	memset(&ps, 0, sizeof ps);
	ps.format = LM_PARAMS_FORMAT;
	ps.clock_mhz = NAN;
	ps.fit_rms = ps.fit_max = ps.fit_aic = NAN;
	ps.fit_rms_no_cost = ps.fit_aic_no_cost = ps.fit_rms_cost = ps.fit_aic_cost = NAN;
	for (int i = 0; i < LM_DERIVED_COUNT; i++)
		ps.derived[i] = NAN;
	for (int i = 0; i < LM_PARAM_COUNT; i++)
		param_empty(&ps.p[i]);
	for (int k = 0; k < LM_PARAMS_MAX_KINDS; k++)
		for (int i = 0; i < LM_PARAM_COUNT; i++)
			param_empty(&ps.kinds[k].p[i]);
	return ps;
}

lm_model_params lm_params_model(const lm_params *ps)
{
	double v[LM_PARAM_COUNT];
	for (int i = 0; i < LM_PARAM_COUNT; i++)
		v[i] = ps->p[i].kind == LM_PARAM_MISSING ? NAN : ps->p[i].value;
	return (lm_model_params){
		.alu_lat = v[LM_PARAM_ALU_LAT], .mem_lat = v[LM_PARAM_MEM_LAT],
		.alu_thru = v[LM_PARAM_ALU_THRU], .mem_thru = v[LM_PARAM_MEM_THRU],
		.issue_thru = v[LM_PARAM_ISSUE_THRU],
		.chain_lat = v[LM_PARAM_CHAIN_LAT],
		.issue_cost = v[LM_PARAM_ISSUE_COST],
		.knee = v[LM_PARAM_KNEE],
	};
}

static double value_of(const lm_param *p)
{
	return p->kind == LM_PARAM_MISSING ? NAN : p->value;
}

lm_status lm_params_model_kind(const lm_params *ps, const char *path, const char *kind,
			       lm_model_params *out)
{
	lm_model_params q = lm_params_model(ps);
	if (!kind || strcmp(kind, ps->default_kind) == 0) {
		*out = q;
		return LM_OK;
	}
	for (int k = 0; k < ps->nkinds; k++) {
		const lm_param *p = ps->kinds[k].p;
		if (strcmp(ps->kinds[k].name, kind))
			continue;
		q.mem_lat = value_of(&p[LM_PARAM_MEM_LAT]);
		q.mem_thru = value_of(&p[LM_PARAM_MEM_THRU]);
		q.chain_lat = value_of(&p[LM_PARAM_CHAIN_LAT]);
		q.issue_cost = value_of(&p[LM_PARAM_ISSUE_COST]);
		q.knee = value_of(&p[LM_PARAM_KNEE]);
		*out = q;
		return LM_OK;
	}
	char have[LM_PARAMS_MAX_KINDS * (LM_PARAMS_KIND_NAME + 2) + 16] = "";
	size_t n = 0;
	if (ps->default_kind[0])
		n += (size_t)snprintf(have, sizeof have, "%s", ps->default_kind);
	for (int k = 0; k < ps->nkinds && n < sizeof have; k++)
		n += (size_t)snprintf(have + n, sizeof have - n, ", %s", ps->kinds[k].name);
	if (!have[0])
		return lm_fail(LM_EUSAGE, "%s: --mix '%s': the file holds one unnamed memory kind (no [kinds] section)",
			       path, kind);
	return lm_fail(LM_EUSAGE, "%s: --mix '%s': no such memory kind in the file (it holds %s)", path,
		       kind, have);
}

lm_model_kinds lm_params_kernel_kinds(const lm_params *ps)
{
	lm_model_kinds st = { 0 };
	for (int k = -1; k < ps->nkinds; k++) {
		const char *name = k < 0 ? ps->default_kind : ps->kinds[k].name;
		const lm_mix *m = lm_mix_find(name);
		lm_model_params q;
		if (!m || lm_params_model_kind(ps, "", name, &q) != LM_OK)
			continue;
		if (m->store_bytes)
			lm_model_kinds_add_store(&st, lm_mix_store_share(m), &q);
		else if (m->divergent && m->step == LM_STEP_GLOBAL)
			st.scatter = q;
	}
	st.misaligned[0] = value_of(&ps->p[LM_PARAM_MISALIGNED]);
	st.misaligned[1] = value_of(&ps->p[LM_PARAM_MISALIGNED_STORE]);
	st.store_thru = value_of(&ps->p[LM_PARAM_STORE_THRU]);
	st.store_step = value_of(&ps->p[LM_PARAM_STORE_STEP]);
	st.l1_thru = value_of(&ps->p[LM_PARAM_L1_THRU]);
	st.cache_lat = value_of(&ps->p[LM_PARAM_CACHE_LAT]);
	st.cache_thru = value_of(&ps->p[LM_PARAM_CACHE_THRU]);
	st.cache_chain_lat = value_of(&ps->p[LM_PARAM_CACHE_CHAIN_LAT]);
	st.scatter_store_thru = value_of(&ps->p[LM_PARAM_SCATTER_STORE_THRU]);
	st.lmem_lat = value_of(&ps->p[LM_PARAM_LMEM_LAT]);
	st.written_read_thru = value_of(&ps->p[LM_PARAM_WRITTEN_READ_THRU]);
	for (int i = 0; i < LM_GROUP_WAIT_SIZES; i++)
		st.group_wait[i] = value_of(&ps->p[LM_PARAM_GROUP_WAIT_4 + i]);
	return st;
}

/* ---- the fields of the file, described once for reading and writing ---- */

#define S(sec, k, m) { sec, k, F_STR, offsetof(lm_params, m), sizeof(((lm_params *)0)->m), false, NULL, V_ANY }
#define I(sec, k, m) { sec, k, F_INT, offsetof(lm_params, m), 0, false, NULL, V_ANY }
#define N(sec, k, m) { sec, k, F_NUM, offsetof(lm_params, m), 0, false, NULL, V_POSITIVE }
#define FS(k, m, doc) { "fit", k, F_STR, offsetof(lm_params, m), sizeof(((lm_params *)0)->m), true, doc, V_ANY }
#define FN(k, m, doc) { "fit", k, F_NUM, offsetof(lm_params, m), 0, true, doc, V_NONNEG }
#define FA(k, m, doc) { "fit", k, F_NUM, offsetof(lm_params, m), 0, true, doc, V_ANY }
#define D(id, k, doc) { "derived", k, F_NUM, offsetof(lm_params, derived) + (id) * sizeof(double), 0, true, doc, V_NONNEG }
static const field fields[] = {
	I("latmix", "format", format),
	S("latmix", "tool_version", tool_version),
	S("latmix", "origin", origin),
	S("latmix", "source", source),
	S("latmix", "created", created),
	S("latmix", "model", model),
	S("device", "name", device),
	S("device", "vendor", vendor),
	S("device", "driver", driver),
	I("device", "simd_width", simd_width),
	I("device", "compute_units", compute_units),
	N("device", "clock_mhz", clock_mhz),
	S("device", "clock_source", clock_source),
	{ "kinds", "default", F_STR, offsetof(lm_params, default_kind),
	  sizeof(((lm_params *)0)->default_kind), true,
	  "memory kind (mix) of [mem_lat], [mem_thru], [chain_lat], [issue_cost]; "
	  "any other kind K has [mem_lat.K] and so on", V_ANY },
	{ "fit", "points", F_INT, offsetof(lm_params, fit_points), 0, true,
	  "measured points fitted; errors relative, (model - measured) / measured", V_ANY },
	FN("rms_rel_error", fit_rms, NULL),
	FN("max_rel_error", fit_max, NULL),
	FS("quality", fit_quality, "good, or poor: the model misses the points by more than the threshold named"),
	FS("loss", fit_loss, NULL),
	FS("direct_check", fit_flags,
	   "fitted values against the same file's direct measurements (stream peak, independent adds, one-warp latencies)"),
	FA("aic", fit_aic, "Akaike information criterion, N ln(RSS / N) + 2k: lower is better"),
	FS("preferred_model", fit_preferred, NULL),
	FS("preference", fit_preference, NULL),
	FN("rms_rel_error_no_issue_cost", fit_rms_no_cost,
	   "the same model without and with an issue cost per memory kind"),
	FA("aic_no_issue_cost", fit_aic_no_cost, NULL),
	FN("rms_rel_error_issue_cost", fit_rms_cost, NULL),
	FA("aic_issue_cost", fit_aic_cost, NULL),
	FS("issue_cost_preference", fit_cost_preference, NULL),
	D(LM_DERIVED_MEM_WARPS_90_MODEL, "mem_warps_90_model",
	  "warps per CU for 90% / 95% of the alpha = 0 memory peak (mem_thru); _data: measured curve, missing: not reached"),
	D(LM_DERIVED_MEM_WARPS_95_MODEL, "mem_warps_95_model", NULL),
	D(LM_DERIVED_MEM_WARPS_90_DATA, "mem_warps_90_data", NULL),
	D(LM_DERIVED_MEM_WARPS_95_DATA, "mem_warps_95_data", NULL),
	D(LM_DERIVED_ALU_WARPS_90_MODEL, "alu_warps_90_model",
	  "warps per CU for 90% / 95% of the alpha = inf arithmetic peak"),
	D(LM_DERIVED_ALU_WARPS_95_MODEL, "alu_warps_95_model", NULL),
	D(LM_DERIVED_ALU_WARPS_90_DATA, "alu_warps_90_data", NULL),
	D(LM_DERIVED_ALU_WARPS_95_DATA, "alu_warps_95_data", NULL),
	D(LM_DERIVED_CUSP_ALPHA_MODEL, "cusp_alpha_model",
	  "cusp (thesis 4.5): alpha in adds per load, warps per CU for the full peak"),
	D(LM_DERIVED_CUSP_WARPS_MODEL, "cusp_warps_model", NULL),
	D(LM_DERIVED_CUSP_ALPHA_DATA, "cusp_alpha_data",
	  "measured alpha needing the most warps for 90% of its own maximum, and those warps"),
	D(LM_DERIVED_CUSP_WARPS_DATA, "cusp_warps_data", NULL),
	D(LM_DERIVED_RATIO_90_MODEL, "warps_ratio_90_model",
	  "warps for 90% of the memory peak / warps for 90% of the arithmetic peak, dimensionless"),
	D(LM_DERIVED_RATIO_90_DATA, "warps_ratio_90_data", NULL),
};
#undef S
#undef I
#undef N
#undef FS
#undef FN
#undef FA
#undef D
#define NFIELDS (sizeof fields / sizeof fields[0])

/* The table, for the writer (params_parts.h). */
const field *const lm_params_fields = fields;
const size_t lm_params_nfields = NFIELDS;

bool lm_param_optional(lm_param_id id)
{
	return param_info[id].optional;
}

const char *lm_derived_key(lm_derived_id id)
{
	size_t off = offsetof(lm_params, derived) + (size_t)id * sizeof(double);
	for (size_t i = 0; i < NFIELDS; i++)
		if (fields[i].type == F_NUM && fields[i].offset == off)
			return fields[i].key;
	return "?";
}

/* Keys of each parameter's section. */
enum { PK_VALUE, PK_UNIT, PK_STDERR, PK_KIND, PK_NOTE, PK_COUNT };
static const char *const pkeys[PK_COUNT] = { "value", "unit", "stderr", "kind", "note" };

/* ---- reading ---- */

/* Where each key of one parameter section was read; 0: not given. */
typedef struct {
	int line[PK_COUNT];
	int section;
} param_lines;

/* What the read has seen. The one INI reader (base/inifile) refuses a key
 * given twice in a section, and joins a value broken over lines. */
typedef struct {
	const char *path;
	int last;           /* the last line that held a section or a key */
	lm_params ps;
	int field_line[NFIELDS];
	param_lines lines[LM_PARAM_COUNT];
	param_lines kind_lines[LM_PARAMS_MAX_KINDS][LM_PARAM_COUNT];
} reader;

static lm_status reject(const reader *r, int line, const char *section, const char *key, const char *what,
			const char *value)
{
	return lm_fail(LM_EPARSE, "%s:%d: [%s] %s: %s%s%s%s", r->path, line, section, key, what,
		       value ? " '" : "", value ? value : "", value ? "'" : "");
}

static bool is_missing(const char *v)
{
	return strcmp(v, "missing") == 0;
}

/* A number as latmix writes it (lm_number_parse), or missing (NAN). */
static bool parse_num(const char *v, double *out)
{
	if (is_missing(v)) {
		*out = NAN;
		return true;
	}
	return lm_number_parse(v, out);
}

static bool parse_int(const char *v, int *out)
{
	unsigned long long x;
	if (is_missing(v)) {
		*out = 0;
		return true;
	}
	if (!lm_number_parse_uint(v, 1000000, &x))
		return false;
	*out = (int)x;
	return true;
}

static lm_status handle_field(reader *r, int line, const char *section, const char *key, const char *value)
{
	for (size_t i = 0; i < NFIELDS; i++) {
		const field *fd = &fields[i];
		if (strcmp(fd->section, section) || strcmp(fd->key, key))
			continue;
		char *dst = (char *)&r->ps + fd->offset;
		r->field_line[i] = line;
		switch (fd->type) {
		case F_STR:
			if (strlen(value) >= fd->size)
				return reject(r, line, section, key, "too long", NULL);
			strcpy(dst, value);
			return LM_OK;
		case F_INT:
			if (!parse_int(value, (int *)(void *)dst))
				return reject(r, line, section, key, "not a non-negative integer", value);
			return LM_OK;
		case F_NUM: {
			double *x = (double *)(void *)dst;
			if (!parse_num(value, x))
				return reject(r, line, section, key, "not a number", value);
			if (fd->range == V_POSITIVE && !isnan(*x) && *x <= 0)
				return reject(r, line, section, key, "must be positive (or missing)", value);
			if (fd->range == V_NONNEG && !isnan(*x) && *x < 0)
				return reject(r, line, section, key, "must not be negative (or missing)", value);
			return LM_OK;
		}
		}
	}
	if (strncmp(section, "contention", 10) == 0)
		return reject(r, line, section, key, "Kingman's contention, the refined model of latmix 0.1, "
			      "which latmix no longer has (its refined model has [chain_lat]): fit the data "
			      "again", NULL);
	return reject(r, line, section, key, "unknown key", NULL);
}

static lm_status handle_param(reader *r, int line, int id, lm_param *p, param_lines *pl, const char *section,
			      const char *key, const char *value)
{
	int k;
	for (k = 0; k < PK_COUNT; k++)
		if (strcmp(pkeys[k], key) == 0)
			break;
	if (k == PK_COUNT)
		return reject(r, line, section, key, "unknown key", NULL);
	pl->line[k] = line;
	if (!pl->section)
		pl->section = line;

	switch (k) {
	case PK_VALUE:
		if (!parse_num(value, &p->value))
			return reject(r, line, section, key, "not a number", value);
		if (isnan(p->value))
			return LM_OK;
		bool zero_ok = id == LM_PARAM_CHAIN_LAT || lm_param_group_wait(id);
		if (zero_ok ? p->value < 0 : p->value <= 0)
			return reject(r, line, section, key, zero_ok ? "must not be negative" : "must be positive", value);
		return LM_OK;
	case PK_UNIT:
		if (strcmp(value, param_info[id].unit))
			return lm_fail(LM_EPARSE, "%s:%d: [%s] unit: unknown unit '%s' (expected '%s')", r->path,
				       line, section, value, param_info[id].unit);
		return LM_OK;
	case PK_STDERR:
		if (!parse_num(value, &p->std_error))
			return reject(r, line, section, key, "not a number", value);
		if (p->std_error < 0)
			return reject(r, line, section, key, "must not be negative", value);
		return LM_OK;
	case PK_KIND:
		for (int i = 0; i <= LM_PARAM_TIED; i++)
			if (strcmp(value, kind_names[i]) == 0) {
				p->kind = (lm_param_kind)i;
				return LM_OK;
			}
		return reject(r, line, section, key, "unknown kind", value);
	case PK_NOTE:
		if (strlen(value) >= sizeof p->note)
			return reject(r, line, section, key, "too long", NULL);
		strcpy(p->note, value);
		return LM_OK;
	}
	return LM_OK;
}

/* The parameter whose section [KEY] or [KEY.KIND] is, -1 if none; *kind:
 * KIND, or NULL for [KEY]. */
static int param_of(const char *section, const char **kind)
{
	size_t len = strcspn(section, ".");
	*kind = section[len] ? section + len + 1 : NULL;
	for (int id = 0; id < LM_PARAM_COUNT; id++)
		if (strlen(param_info[id].key) == len && strncmp(section, param_info[id].key, len) == 0)
			return id;
	return -1;
}

/* [PARAM.KIND]: per-kind parameter id of memory kind name. */
static lm_status handle_kind_param(reader *r, int line, int id, const char *name, const char *section,
				   const char *key, const char *value)
{
	if (!lm_param_per_kind((lm_param_id)id))
		return reject(r, line, section, key, "not a per-kind parameter", param_info[id].key);
	if (!lm_params_kind_known(name))
		return lm_fail(LM_EPARSE, "%s:%d: [%s] %s: unknown memory kind '%s' (known: %s)", r->path, line,
			       section, key, name, kinds_known());
	int k;
	for (k = 0; k < r->ps.nkinds; k++)
		if (strcmp(r->ps.kinds[k].name, name) == 0)
			break;
	if (k == r->ps.nkinds) {
		if (k == LM_PARAMS_MAX_KINDS)
			return reject(r, line, section, key, "too many memory kinds", NULL);
		snprintf(r->ps.kinds[k].name, sizeof r->ps.kinds[k].name, "%s", name);
		r->ps.nkinds++;
	}
	return handle_param(r, line, id, &r->ps.kinds[k].p[id], &r->kind_lines[k][id], section, key, value);
}

static lm_status on_key(void *ctx, const char *section, const char *key, const char *value, int line)
{
	reader *r = ctx;
	r->last = line;
	const char *kind;
	int id = param_of(section, &kind);
	if (id < 0)
		return handle_field(r, line, section, key, value);
	if (!kind)
		return handle_param(r, line, id, &r->ps.p[id], &r->lines[id], section, key, value);
	return handle_kind_param(r, line, id, kind, section, key, value);
}

static lm_status on_section(void *ctx, const char *section, int line)
{
	(void)section;
	((reader *)ctx)->last = line;
	return LM_OK;
}

/* One parameter section complete, its kind consistent with its value. */
static lm_status check_param(const reader *r, int id, const char *sec, const lm_param *p,
			     const param_lines *pl, bool optional)
{
	if (!pl->section && optional)
		return LM_OK;
	for (int k = 0; k < PK_COUNT; k++)
		if (!pl->line[k])
			return lm_fail(LM_EPARSE, "%s:%d: [%s] %s: missing key", r->path,
				       pl->section ? pl->section : r->last, sec, pkeys[k]);
	if ((p->kind == LM_PARAM_MISSING) != isnan(p->value))
		return lm_fail(LM_EPARSE, "%s:%d: [%s] kind: '%s' does not fit value %s",
			       r->path, pl->line[PK_KIND], sec, kind_names[p->kind],
			       isnan(p->value) ? "missing" : "given");
	(void)id;
	return LM_OK;
}

static size_t field_index(const char *section, const char *key)
{
	for (size_t i = 0; i < NFIELDS; i++)
		if (!strcmp(fields[i].section, section) && !strcmp(fields[i].key, key))
			return i;
	return 0;
}

/* Every required key present, and kinds consistent with values. */
static lm_status validate(reader *r)
{
	lm_status s;
	for (size_t i = 0; i < NFIELDS; i++)
		if (!r->field_line[i] && !fields[i].optional)
			return lm_fail(LM_EPARSE, "%s:%d: [%s] %s: missing key",
				       r->path, r->last, fields[i].section,
				       fields[i].key);
	if (r->ps.format != LM_PARAMS_FORMAT)
		return lm_fail(LM_EPARSE, "%s:%d: [latmix] format: unsupported format %d (this latmix reads %d)",
			       r->path, r->field_line[0], r->ps.format, LM_PARAMS_FORMAT);
	for (int id = 0; id < LM_PARAM_COUNT; id++)
		if ((s = check_param(r, id, param_info[id].key, &r->ps.p[id], &r->lines[id],
				     param_info[id].optional)) != LM_OK)
			return s;
	size_t dk = field_index("kinds", "default");
	if (r->ps.default_kind[0] && !lm_params_kind_known(r->ps.default_kind))
		return lm_fail(LM_EPARSE, "%s:%d: [kinds] default: unknown memory kind '%s' (known: %s)",
			       r->path, r->field_line[dk], r->ps.default_kind, kinds_known());
	for (int k = 0; k < r->ps.nkinds; k++) {
		const lm_params_kind *kd = &r->ps.kinds[k];
		int first = 0;
		for (int id = 0; id < LM_PARAM_COUNT; id++)
			if (r->kind_lines[k][id].section &&
			    (!first || r->kind_lines[k][id].section < first))
				first = r->kind_lines[k][id].section;
		if (!r->ps.default_kind[0])
			return lm_fail(LM_EPARSE, "%s:%d: [kinds] default: missing key (needed by the per-kind sections of '%s')",
				       r->path, first, kd->name);
		if (strcmp(kd->name, r->ps.default_kind) == 0)
			return lm_fail(LM_EPARSE, "%s:%d: [%s.%s]: '%s' is the default kind, whose parameters are in [mem_lat] and so on",
				       r->path, first, param_info[LM_PARAM_MEM_LAT].key, kd->name, kd->name);
		for (int id = 0; id < LM_PARAM_COUNT; id++) {
			if (!lm_param_per_kind((lm_param_id)id))
				continue;
			char sec[64];
			snprintf(sec, sizeof sec, "%s.%s", param_info[id].key, kd->name);
			const param_lines *pl = &r->kind_lines[k][id];
			if (!pl->section && !param_info[id].optional)
				return lm_fail(LM_EPARSE, "%s:%d: [%s]: missing section (kind '%s' has others)",
					       r->path, first, sec, kd->name);
			if ((s = check_param(r, id, sec, &kd->p[id], pl, true)) != LM_OK)
				return s;
		}
	}
	return LM_OK;
}

lm_status lm_params_read(const char *path, lm_params *out)
{
	reader *r = calloc(1, sizeof *r);
	if (!r)
		return lm_fail(LM_ENOMEM, "%s: out of memory", path);
	r->path = path;
	r->ps = lm_params_empty();
	r->ps.format = 0;
	/* as lm_params_write breaks a long value; a test or a person may add
	 * to a section further down */
	lm_ini_allow allow = { .joined = true, .reopened = true };
	lm_status s = lm_ini_read_allowing(path, LM_FILE_MAX_INI, allow, on_section, on_key, r);
	if (s == LM_OK)
		s = validate(r);
	if (s == LM_OK)
		*out = r->ps;
	free(r);
	return s;
}
