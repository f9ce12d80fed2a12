#include "report/compare.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/csv.h"
#include "base/file.h"
#include "report/gnuplot.h"
#include "fit/model.h"
#include "base/number.h"
#include "fit/params.h"

#define BYTES_PER_LANE 4.0 /* a chase load moves one 32-bit word per lane */
#define CELL (LM_PARAMS_TEXT + 32) /* a device name and a little */

/* A cell's value and how to show it. */
typedef enum { C_VALUE, C_MISSING, C_NO_CLOCK, C_AT_LEAST, C_AT_MOST, C_TIED } cell_kind;

typedef struct {
	double v;
	cell_kind kind;
} cell;

static cell from_param(const lm_param *p)
{
	switch (p->kind) {
	case LM_PARAM_MISSING: return (cell){ NAN, C_MISSING };
	case LM_PARAM_AT_LEAST: return (cell){ p->value, C_AT_LEAST };
	case LM_PARAM_AT_MOST: return (cell){ p->value, C_AT_MOST };
	case LM_PARAM_TIED: return (cell){ p->value, C_TIED };
	default: return (cell){ p->value, isnan(p->value) ? C_MISSING : C_VALUE };
	}
}

static cell scaled(cell c, double factor, bool have_factor)
{
	if (c.kind == C_MISSING)
		return c;
	if (!have_factor)
		return (cell){ NAN, C_NO_CLOCK };
	c.v *= factor;
	return c;
}

static bool has_clock(const lm_params *ps)
{
	return ps->clock_mhz > 0 && isfinite(ps->clock_mhz);
}

/* Lanes x CUs x cycles per second: warp instructions/cycle/CU to lane
 * operations/s for the whole device. */
static bool device_scale(const lm_params *ps, double *scale)
{
	*scale = (double)ps->simd_width * ps->compute_units * ps->clock_mhz * 1e6;
	return has_clock(ps) && ps->simd_width > 0 && ps->compute_units > 0;
}

/* A derived figure: the file's own [derived] value if it has one, else
 * the model's, or missing. */
static cell derived(const lm_params *ps, lm_derived_id id, double model_value)
{
	if (!isnan(ps->derived[id]))
		return (cell){ ps->derived[id], C_VALUE };
	if (isfinite(model_value))
		return (cell){ model_value, C_VALUE };
	return (cell){ NAN, C_MISSING };
}

static cell data_only(const lm_params *ps, lm_derived_id id)
{
	return isnan(ps->derived[id]) ? (cell){ NAN, C_MISSING } : (cell){ ps->derived[id], C_VALUE };
}

typedef enum {
	Q_ALU_LAT, Q_ALU_LAT_NS, Q_MEM_LAT, Q_MEM_LAT_NS, Q_ALU_THRU, Q_ALU_OPS, Q_MEM_THRU,
	Q_MEM_BYTES, Q_ISSUE_THRU, Q_CHAIN_LAT, Q_IN_FLIGHT, Q_MEM_W90, Q_MEM_W90_DATA,
	Q_ALU_W90, Q_ALU_W90_DATA, Q_RATIO, Q_RATIO_DATA, Q_CUSP_ALPHA, Q_CUSP_WARPS, Q_MISALIGNED,
	Q_MISALIGNED_STORE, Q_STORE_BYTES, Q_STORE_STEP, Q_WRITTEN_READ, Q_WRITTEN_COPY, Q_DISPATCH_THRU, Q_GROUP_COST,
	Q_GROUP_WAIT_4, Q_GROUP_WAIT_8, Q_GROUP_WAIT_16, Q_GROUP_WAIT_32, Q_COUNT
} quantity;

static const struct {
	const char *label, *unit;
} quantities[Q_COUNT] = {
	[Q_ALU_LAT] = { "alu_lat", "cycles" },
	[Q_ALU_LAT_NS] = { "alu_lat", "ns" },
	[Q_MEM_LAT] = { "mem_lat", "cycles" },
	[Q_MEM_LAT_NS] = { "mem_lat", "ns" },
	[Q_ALU_THRU] = { "alu_thru", "warp-inst/cycle/CU" },
	[Q_ALU_OPS] = { "alu_thru", "G lane-op/s, device" },
	[Q_MEM_THRU] = { "mem_thru", "warp-inst/cycle/CU" },
	[Q_MEM_BYTES] = { "mem_thru", "GB/s, device" },
	[Q_ISSUE_THRU] = { "issue_thru", "warp-inst/cycle/CU" },
	[Q_CHAIN_LAT] = { "chain_lat", "cycles" },
	[Q_IN_FLIGHT] = { "bytes in flight needed (mem_lat x GB/s)", "KiB, device" },
	[Q_MEM_W90] = { "warps for 90% memory peak, model", "warps/CU" },
	[Q_MEM_W90_DATA] = { "warps for 90% memory peak, data", "warps/CU" },
	[Q_ALU_W90] = { "warps for 90% arithmetic peak, model", "warps/CU" },
	[Q_ALU_W90_DATA] = { "warps for 90% arithmetic peak, data", "warps/CU" },
	[Q_RATIO] = { "memory / arithmetic warps, model", "1" },
	[Q_RATIO_DATA] = { "memory / arithmetic warps, data", "1" },
	[Q_CUSP_ALPHA] = { "cusp alpha, model", "adds/load" },
	[Q_CUSP_WARPS] = { "warps at the cusp, model", "warps/CU" },
	[Q_MISALIGNED] = { "misaligned load's share of memory throughput, read-only", "share" },
	[Q_MISALIGNED_STORE] = { "misaligned load's share of memory throughput, beside a store", "share" },
	[Q_STORE_BYTES] = { "store_thru: stores alone", "GB/s, device" },
	[Q_STORE_STEP] = { "store_step: a store-only loop's least pass", "cycles" },
	[Q_WRITTEN_READ] = { "written_read_thru: reads as written", "GB/s, device" },
	[Q_WRITTEN_COPY] = { "written_copy_thru: a copy as written", "GB/s, device" },
	[Q_DISPATCH_THRU] = { "dispatch_thru: work-groups a CU takes in", "work-groups/us/CU" },
	[Q_GROUP_COST] = { "group_cost: a work-group's start and end", "ns" },
	[Q_GROUP_WAIT_4] = { "group_wait_4: a warp's wait for its group of 4's last", "share of its time" },
	[Q_GROUP_WAIT_8] = { "group_wait_8: a warp's wait for its group of 8's last", "share of its time" },
	[Q_GROUP_WAIT_16] = { "group_wait_16: a warp's wait for its group of 16's last", "share of its time" },
	[Q_GROUP_WAIT_32] = { "group_wait_32: a warp's wait for its group of 32's last", "share of its time" },
};

static cell compute(const lm_params *ps, quantity q)
{
	lm_model_params mp = lm_params_model(ps);
	double ns = has_clock(ps) ? 1e3 / ps->clock_mhz : NAN; /* ns per cycle */
	double dev;
	bool have_dev = device_scale(ps, &dev);
	double ca, cw;
	lm_model_cusp(&mp, &ca, &cw);
	switch (q) {
	case Q_ALU_LAT: return from_param(&ps->p[LM_PARAM_ALU_LAT]);
	case Q_ALU_LAT_NS: return scaled(from_param(&ps->p[LM_PARAM_ALU_LAT]), ns, has_clock(ps));
	case Q_MEM_LAT: return from_param(&ps->p[LM_PARAM_MEM_LAT]);
	case Q_MEM_LAT_NS: return scaled(from_param(&ps->p[LM_PARAM_MEM_LAT]), ns, has_clock(ps));
	case Q_ALU_THRU: return from_param(&ps->p[LM_PARAM_ALU_THRU]);
	case Q_ALU_OPS: return scaled(from_param(&ps->p[LM_PARAM_ALU_THRU]), dev * 1e-9, have_dev);
	case Q_MEM_THRU: return from_param(&ps->p[LM_PARAM_MEM_THRU]);
	case Q_MEM_BYTES:
		return scaled(from_param(&ps->p[LM_PARAM_MEM_THRU]), dev * BYTES_PER_LANE * 1e-9, have_dev);
	case Q_ISSUE_THRU: return from_param(&ps->p[LM_PARAM_ISSUE_THRU]);
	case Q_CHAIN_LAT: return from_param(&ps->p[LM_PARAM_CHAIN_LAT]);
	case Q_MISALIGNED: return from_param(&ps->p[LM_PARAM_MISALIGNED]);
	case Q_MISALIGNED_STORE: return from_param(&ps->p[LM_PARAM_MISALIGNED_STORE]);
	case Q_STORE_BYTES:
		return scaled(from_param(&ps->p[LM_PARAM_STORE_THRU]), dev * BYTES_PER_LANE * 1e-9, have_dev);
	case Q_STORE_STEP: return from_param(&ps->p[LM_PARAM_STORE_STEP]);
	case Q_WRITTEN_READ: /* a warp load a lane's 4 bytes */
		return scaled(from_param(&ps->p[LM_PARAM_WRITTEN_READ_THRU]), dev * BYTES_PER_LANE * 1e-9, have_dev);
	case Q_WRITTEN_COPY: /* its loads' bytes and its stores' */
		return scaled(from_param(&ps->p[LM_PARAM_WRITTEN_COPY_THRU]), dev * 2 * BYTES_PER_LANE * 1e-9, have_dev);
	case Q_DISPATCH_THRU: return from_param(&ps->p[LM_PARAM_DISPATCH_THRU]);
	case Q_GROUP_COST: return from_param(&ps->p[LM_PARAM_GROUP_COST]);
	case Q_GROUP_WAIT_4: return from_param(&ps->p[LM_PARAM_GROUP_WAIT_4]);
	case Q_GROUP_WAIT_8: return from_param(&ps->p[LM_PARAM_GROUP_WAIT_8]);
	case Q_GROUP_WAIT_16: return from_param(&ps->p[LM_PARAM_GROUP_WAIT_16]);
	case Q_GROUP_WAIT_32: return from_param(&ps->p[LM_PARAM_GROUP_WAIT_32]);
	case Q_IN_FLIGHT: {
		/* Little's law: latency (s) x bandwidth (B/s); equal to
		 * mem_lat x mem_thru warp loads in flight per CU, in bytes */
		cell lat = from_param(&ps->p[LM_PARAM_MEM_LAT]);
		cell bw = scaled(from_param(&ps->p[LM_PARAM_MEM_THRU]), dev * BYTES_PER_LANE, have_dev);
		if (lat.kind == C_MISSING || bw.kind == C_MISSING)
			return (cell){ NAN, C_MISSING };
		if (bw.kind == C_NO_CLOCK)
			return bw;
		cell c = { lat.v * ns * 1e-9 * bw.v / 1024.0, C_VALUE };
		if (lat.kind == C_AT_LEAST || bw.kind == C_AT_LEAST)
			c.kind = C_AT_LEAST;
		return c;
	}
	case Q_MEM_W90: return derived(ps, LM_DERIVED_MEM_WARPS_90_MODEL, lm_model_warps_needed(&mp, 0, 0.9));
	case Q_MEM_W90_DATA: return data_only(ps, LM_DERIVED_MEM_WARPS_90_DATA);
	case Q_ALU_W90:
		return derived(ps, LM_DERIVED_ALU_WARPS_90_MODEL, lm_model_warps_needed(&mp, INFINITY, 0.9));
	case Q_ALU_W90_DATA: return data_only(ps, LM_DERIVED_ALU_WARPS_90_DATA);
	case Q_RATIO:
		return derived(ps, LM_DERIVED_RATIO_90_MODEL,
			       lm_model_warps_needed(&mp, 0, 0.9) / lm_model_warps_needed(&mp, INFINITY, 0.9));
	case Q_RATIO_DATA: return data_only(ps, LM_DERIVED_RATIO_90_DATA);
	case Q_CUSP_ALPHA: return derived(ps, LM_DERIVED_CUSP_ALPHA_MODEL, ca);
	case Q_CUSP_WARPS: return derived(ps, LM_DERIVED_CUSP_WARPS_MODEL, cw);
	case Q_COUNT: break;
	}
	return (cell){ NAN, C_MISSING };
}

static void cell_text(cell c, char *buf, size_t size)
{
	switch (c.kind) {
	case C_MISSING: snprintf(buf, size, "-"); break;
	case C_NO_CLOCK: snprintf(buf, size, "n/a"); break;
	case C_AT_LEAST: snprintf(buf, size, ">= %.4g", c.v); break;
	case C_AT_MOST: snprintf(buf, size, "<= %.4g", c.v); break;
	case C_TIED: snprintf(buf, size, "%.4g (tied)", c.v); break;
	case C_VALUE: snprintf(buf, size, isfinite(c.v) ? "%.4g" : "-", c.v); break;
	}
}

static lm_status read_all(const char *const *paths, size_t n, lm_params **out)
{
	lm_params *ps = malloc((n ? n : 1) * sizeof *ps);
	if (!ps)
		return lm_fail(LM_ENOMEM, "out of memory");
	for (size_t i = 0; i < n; i++) {
		lm_status s = lm_params_read(paths[i], &ps[i]);
		if (s != LM_OK) {
			free(ps);
			return s;
		}
	}
	*out = ps;
	return LM_OK;
}

/* The last k components of path ("h200/params.ini" for 2); the whole path
 * where it has no more. */
static const char *tail_of(const char *path, int k)
{
	for (const char *p = path + strlen(path); p > path; p--)
		if (p[-1] == '/' && --k == 0)
			return p;
	return path;
}

/* A file's name with its directory's ("h200/params.ini"): results trees
 * name every device's file alike. */
static const char *base_name(const char *path)
{
	return tail_of(path, 2);
}

/* Path i's name in the table's head: base_name, or as many components
 * more as tell it from every other file's (two leases' nvidia-h200/
 * params-kernels.ini side by side). */
static const char *shown_name(const char *const *paths, size_t n, size_t i)
{
	for (int k = 2;; k++) {
		const char *a = tail_of(paths[i], k);
		bool clash = false;
		for (size_t j = 0; j < n && !clash; j++)
			clash = j != i && strcmp(paths[i], paths[j]) != 0 && strcmp(a, tail_of(paths[j], k)) == 0;
		if (!clash || a == paths[i])
			return a;
	}
}

/* The table as text: rows of label, unit and one cell per file. */
enum { HEAD_FILE, HEAD_DEVICE, HEAD_MODEL, HEAD_CLOCK, HEAD_SHAPE, NHEAD };
#define NROWS (NHEAD + Q_COUNT)

static void fill(char (*t)[CELL], size_t cols, const char *const *paths, const lm_params *ps, size_t n)
{
	static const char *const head[NHEAD][2] = {
		{ "file", "" }, { "device", "" }, { "model, origin", "" },
		{ "clock", "MHz" }, { "SIMD width x CUs", "lanes x CUs" },
	};
	for (size_t r = 0; r < NROWS; r++) {
		const char *label = r < NHEAD ? head[r][0] : quantities[r - NHEAD].label;
		const char *unit = r < NHEAD ? head[r][1] : quantities[r - NHEAD].unit;
		snprintf(t[r * cols], CELL, "%s", label);
		snprintf(t[r * cols + 1], CELL, "%s", unit);
		for (size_t i = 0; i < n; i++) {
			char *c = t[r * cols + 2 + i];
			const lm_params *p = &ps[i];
			switch (r) {
			case HEAD_FILE: snprintf(c, CELL, "%s", shown_name(paths, n, i)); break;
			case HEAD_DEVICE: snprintf(c, CELL, "%s", p->device[0] ? p->device : "-"); break;
			case HEAD_MODEL: snprintf(c, CELL, "%s, %s", p->model[0] ? p->model : "-", p->origin[0] ? p->origin : "-"); break;
			case HEAD_CLOCK:
				if (has_clock(p))
					snprintf(c, CELL, "%.0f", p->clock_mhz);
				else
					snprintf(c, CELL, "-");
				break;
			case HEAD_SHAPE:
				if (p->simd_width > 0 && p->compute_units > 0)
					snprintf(c, CELL, "%d x %d", p->simd_width, p->compute_units);
				else
					snprintf(c, CELL, "-");
				break;
			default: cell_text(compute(p, (quantity)(r - NHEAD)), c, CELL); break;
			}
		}
	}
}

/* The table t (rows x cols cells, the first row a header) as CSV or as
 * an aligned Markdown table. */
static lm_status print_table(FILE *f, char (*t)[CELL], size_t rows, size_t cols, bool csv)
{
	if (csv) {
		for (size_t r = 0; r < rows; r++) {
			for (size_t c = 0; c < cols; c++) {
				if (c)
					fputc(',', f);
				lm_csv_field(f, t[r * cols + c]);
			}
			fputc('\n', f);
		}
		return LM_OK;
	}
	size_t *width = calloc(cols, sizeof *width);
	if (!width)
		return lm_fail(LM_ENOMEM, "out of memory");
	for (size_t r = 0; r < rows; r++)
		for (size_t c = 0; c < cols; c++)
			width[c] = strlen(t[r * cols + c]) > width[c] ? strlen(t[r * cols + c]) : width[c];
	for (size_t r = 0; r < rows; r++) {
		for (size_t c = 0; c < cols; c++)
			fprintf(f, "| %-*s ", (int)width[c], t[r * cols + c]);
		fputs("|\n", f);
		if (r == 0) {
			for (size_t c = 0; c < cols; c++) {
				fputs("|", f);
				for (size_t k = 0; k < width[c] + 2; k++)
					fputc('-', f);
			}
			fputs("|\n", f);
		}
	}
	free(width);
	return LM_OK;
}

/* ---- many files: devices as rows, and the fleet check ---- */

/* The quantities a devices-as-rows table shows. */
static const quantity row_quantities[] = {
	Q_ALU_LAT, Q_MEM_LAT, Q_MEM_LAT_NS, Q_ALU_THRU, Q_MEM_THRU, Q_MEM_BYTES, Q_ISSUE_THRU,
	Q_MEM_W90, Q_MEM_W90_DATA, Q_ALU_W90, Q_RATIO, Q_CUSP_ALPHA,
};
#define NROWQ (sizeof row_quantities / sizeof row_quantities[0])

/* The parameters the fleet check compares between siblings. */
static const lm_param_id fleet_params[] = {
	LM_PARAM_ALU_LAT, LM_PARAM_MEM_LAT, LM_PARAM_ALU_THRU, LM_PARAM_MEM_THRU,
};
#define NFLEET (sizeof fleet_params / sizeof fleet_params[0])

static int cmp_dbl(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static double median_of(double *v, size_t n)
{
	qsort(v, n, sizeof *v, cmp_dbl);
	return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/* Flags, into flags[i] (CELL each), files whose parameters differ from
 * those of their siblings (files of the same device name, at least
 * LM_COMPARE_MIN_SIBLINGS) by more than LM_COMPARE_OUTLIER times their
 * spread: the larger of the siblings' own scatter (1.4826 x the median
 * absolute deviation), the median standard error of the fits and 0.1% of
 * the median. The number of files flagged. */
static size_t fleet_flags(const lm_params *ps, size_t n, char (*flags)[CELL])
{
	size_t flagged = 0;
	double *v = malloc(2 * (n ? n : 1) * sizeof *v), *e = v + n;
	if (!v)
		return 0;
	for (size_t i = 0; i < n; i++)
		flags[i][0] = '\0';
	for (size_t i = 0; i < n; i++) {
		/* the first file of each device name does its group */
		bool first = true;
		for (size_t j = 0; j < i && first; j++)
			first = strcmp(ps[j].device, ps[i].device) != 0;
		if (!first)
			continue;
		for (size_t q = 0; q < NFLEET; q++) {
			lm_param_id id = fleet_params[q];
			size_t k = 0, ke = 0;
			for (size_t j = i; j < n; j++) {
				const lm_param *p = &ps[j].p[id];
				if (strcmp(ps[j].device, ps[i].device) != 0 || p->kind != LM_PARAM_VALUE ||
				    !isfinite(p->value))
					continue;
				v[k++] = p->value;
				if (isfinite(p->std_error))
					e[ke++] = p->std_error;
			}
			if (k < LM_COMPARE_MIN_SIBLINGS)
				continue;
			double med = median_of(v, k);
			for (size_t j = 0; j < k; j++)
				v[j] = fabs(v[j] - med);
			double spread = 1.4826 * median_of(v, k);
			if (ke)
				spread = fmax(spread, median_of(e, ke));
			spread = fmax(spread, 1e-3 * fabs(med));
			for (size_t j = i; j < n; j++) {
				const lm_param *p = &ps[j].p[id];
				if (strcmp(ps[j].device, ps[i].device) != 0 || p->kind != LM_PARAM_VALUE ||
				    !(fabs(p->value - med) > LM_COMPARE_OUTLIER * spread))
					continue;
				size_t len = strlen(flags[j]);
				if (!len)
					flagged++;
				snprintf(flags[j] + len, CELL - len, "%s%s %+.1f%%", len ? ", " : "",
					 lm_param_key(id), 100 * (p->value / med - 1));
			}
		}
	}
	free(v);
	return flagged;
}

/* One row per file: its device, clock and the row quantities; CSV or an
 * aligned Markdown table; then the fleet check. */
static lm_status print_rows(FILE *f, const char *const *paths, const lm_params *ps, size_t n, bool csv)
{
	size_t cols = 4 + NROWQ + 1;
	char (*t)[CELL] = calloc((n + 1) * cols, sizeof *t);
	char (*flags)[CELL] = calloc(n ? n : 1, sizeof *flags);
	if (!t || !flags) {
		free(t);
		free(flags);
		return lm_fail(LM_ENOMEM, "out of memory");
	}
	size_t flagged = fleet_flags(ps, n, flags);
	snprintf(t[0], CELL, "file");
	snprintf(t[1], CELL, "device");
	snprintf(t[2], CELL, "model");
	snprintf(t[3], CELL, "clock [MHz]");
	for (size_t q = 0; q < NROWQ; q++)
		snprintf(t[4 + q], CELL, "%s [%s]", quantities[row_quantities[q]].label,
			 quantities[row_quantities[q]].unit);
	snprintf(t[cols - 1], CELL, "differs from its siblings");
	for (size_t i = 0; i < n; i++) {
		char (*r)[CELL] = t + (i + 1) * cols;
		snprintf(r[0], CELL, "%s", paths[i]);
		snprintf(r[1], CELL, "%s", ps[i].device[0] ? ps[i].device : "-");
		snprintf(r[2], CELL, "%s", ps[i].model[0] ? ps[i].model : "-");
		if (has_clock(&ps[i]))
			snprintf(r[3], CELL, "%.0f", ps[i].clock_mhz);
		else
			snprintf(r[3], CELL, "-");
		for (size_t q = 0; q < NROWQ; q++)
			cell_text(compute(&ps[i], row_quantities[q]), r[4 + q], CELL);
		snprintf(r[cols - 1], CELL, "%s", flags[i][0] ? flags[i] : "");
	}
	lm_status s = print_table(f, t, n + 1, cols, csv);
	if (s == LM_OK && !csv) {
		fprintf(f, "\nfleet check: files of one device name (%d or more) compared on alu_lat, mem_lat, "
			   "alu_thru and mem_thru; a value more than %g times their spread (scatter between "
			   "them, the fits' standard errors, 0.1%%) from their median is named: %zu file%s.\n",
			LM_COMPARE_MIN_SIBLINGS, LM_COMPARE_OUTLIER, flagged, flagged == 1 ? "" : "s");
		for (size_t i = 0; i < n; i++)
			if (flags[i][0])
				fprintf(f, "  %s (%s): %s\n", paths[i], ps[i].device, flags[i]);
	}
	free(t);
	free(flags);
	return s;
}

lm_status lm_compare_print(FILE *f, const char *const *paths, size_t n, bool csv)
{
	lm_params *ps;
	lm_status s = read_all(paths, n, &ps);
	if (s != LM_OK)
		return s;
	if (csv || n > LM_COMPARE_SIDE_BY_SIDE) {
		s = print_rows(f, paths, ps, n, csv);
		free(ps);
		return s;
	}
	/* side by side: csv went to print_rows */
	size_t cols = n + 2;
	char (*t)[CELL] = calloc(NROWS * cols, sizeof *t);
	if (!t) {
		s = lm_fail(LM_ENOMEM, "out of memory");
		goto done;
	}
	fill(t, cols, paths, ps, n);
	if ((s = print_table(f, t, NROWS, cols, false)) != LM_OK)
		goto done;
	fputs("\nthesis units: cycles, warp instructions per cycle per CU. ns: cycles / clock; device\n"
	      "figures: x SIMD width x CUs x clock (x 4 bytes per lane for mem_thru). '-': not known;\n"
	      "'n/a': needs a clock (or SIMD width, CUs) the file lacks; 'data': the measured curves.\n", f);
done:
	free(t);
	free(ps);
	return s;
}

/* ---- the ratio chart ---- */

/* The thesis's rows of ratios_csv (columns generation, ratio, source) as
 * the chart's data lines, bars 0 to *k - 1, in *rows (free() it). */
static lm_status read_ratios(const char *ratios_csv, char **rows, size_t *k)
{
	FILE *in;
	if (lm_file_open_read(ratios_csv, LM_FILE_MAX_INI, &in) != LM_OK) {
		char why[512];
		snprintf(why, sizeof why, "%s", lm_error_message());
		return lm_fail(LM_EIO, "%s (the thesis ratios; --ratios FILE names another)", why);
	}
	size_t len;
	FILE *d = open_memstream(rows, &len);
	if (!d) {
		fclose(in);
		return lm_fail(LM_ENOMEM, "out of memory");
	}
	char line[1024];
	char *fields[8];
	int lineno = 0;
	int header = 0; /* its fields; 0: not read yet */
	lm_status s = LM_OK;
	*k = 0;
	while (fgets(line, sizeof line, in)) {
		lineno++;
		if (!strchr(line, '\n') && !feof(in)) {
			s = lm_fail(LM_EPARSE, "%s:%d: a line of more than %zu characters", ratios_csv, lineno,
				    sizeof line - 2);
			break;
		}
		if (line[0] == '#' || line[0] == '\n')
			continue;
		int nf = lm_csv_split(line, fields, 8);
		if (!header) {
			if (nf < 3 || strcmp(fields[0], "generation") || strcmp(fields[1], "ratio") ||
			    strcmp(fields[2], "source")) {
				s = lm_fail(LM_EPARSE, "%s:%d: expected the header generation,ratio,source",
					    ratios_csv, lineno);
				break;
			}
			header = nf;
			continue;
		}
		double r;
		if (nf != header || !lm_number_parse(fields[1], &r) || !(r > 0)) {
			s = lm_fail(LM_EPARSE, "%s:%d: expected generation,ratio,source with a positive ratio "
				    "(%d fields, as the header)", ratios_csv, lineno, header);
			break;
		}
		/* the generation is a label in gnuplot's data: plain text only */
		for (const char *c = fields[0]; *c; c++)
			if (*c == '"' || *c == '\\' || (unsigned char)*c < ' ') {
				s = lm_fail(LM_EPARSE, "%s:%d: the generation '%s' holds a quote, backslash or "
					    "control character", ratios_csv, lineno, fields[0]);
				break;
			}
		if (s != LM_OK)
			break;
		fprintf(d, "%zu %g 0 \"%s (thesis)\"\n", (*k)++, r, fields[0]);
	}
	if (s == LM_OK && ferror(in))
		s = lm_fail(LM_EIO, "%s: read error", ratios_csv);
	fclose(in);
	if (fclose(d) != 0 && s == LM_OK)
		s = lm_fail(LM_ENOMEM, "out of memory");
	if (s != LM_OK) {
		free(*rows);
		*rows = NULL;
	}
	return s;
}

/* The chart's data: the thesis's rows (read_ratios: k of them), then a
 * bar or two per device; *bars: how many in all. */
static lm_status write_chart_data(FILE *d, const char *const *paths, const lm_params *ps, size_t n,
				  const char *ratios_csv, const char *thesis, size_t k, size_t *bars)
{
	fprintf(d, "# latmix compare: warps for 90%% of the memory peak (alpha = 0) / warps for 90%% of the\n"
		   "# arithmetic peak (alpha = inf). Columns: bar, ratio, group (0 thesis, 1 measured, 2 model),\n"
		   "# label. Thesis rows from %s.\n%s", ratios_csv, thesis);
	/* one bar per device name and model: the median of its files, so a
	 * fleet of a hundred GPUs of one model stays one bar */
	double *dv = malloc(2 * (n ? n : 1) * sizeof *dv), *mv = dv ? dv + n : NULL;
	if (!dv)
		return lm_fail(LM_ENOMEM, "out of memory");
	for (size_t i = 0; i < n; i++) {
		const char *name = ps[i].device[0] ? ps[i].device : base_name(paths[i]);
		const char *model = ps[i].model[0] ? ps[i].model : "basic";
		bool first = true;
		for (size_t j = 0; j < i && first; j++)
			first = !(strcmp(ps[j].device[0] ? ps[j].device : base_name(paths[j]), name) == 0 &&
				  strcmp(ps[j].model[0] ? ps[j].model : "basic", model) == 0);
		if (!first)
			continue;
		size_t nd = 0, nm = 0, files = 0;
		for (size_t j = i; j < n; j++) {
			if (strcmp(ps[j].device[0] ? ps[j].device : base_name(paths[j]), name) != 0 ||
			    strcmp(ps[j].model[0] ? ps[j].model : "basic", model) != 0)
				continue;
			files++;
			cell data = compute(&ps[j], Q_RATIO_DATA), mod = compute(&ps[j], Q_RATIO);
			if (data.kind == C_VALUE)
				dv[nd++] = data.v;
			if (mod.kind == C_VALUE)
				mv[nm++] = mod.v;
		}
		char many[64] = "";
		if (files > 1)
			snprintf(many, sizeof many, ", median of %zu files", files);
		if (nd)
			fprintf(d, "%zu %g 1 \"%s (measured, %s peak%s)\"\n", k++, median_of(dv, nd), name, model, many);
		if (nm)
			fprintf(d, "%zu %g 2 \"%s (model, %s%s)\"\n", k++, median_of(mv, nm), name, model, many);
		if (!nd && !nm)
			fprintf(d, "# %s: no ratio known\n", name);
	}
	free(dv);
	*bars = k;
	return LM_OK;
}

/* The chart's gnuplot script: a box for each of the bars rows of name.dat,
 * the thesis's grey, the measured ratios dark blue, the model's light blue. */
static void write_chart_script(FILE *f, const char *name, size_t bars)
{
	lm_gnuplot_begin(f, name, "Warps needed for memory (alpha = 0) over warps needed for arithmetic (alpha = inf), 90% of peak");
	fprintf(f, "set ylabel 'ratio'\n"
		   "set style fill solid 0.8 border -1\n"
		   "set boxwidth 0.7\n"
		   "set xrange [-0.6:%g]\n"
		   "set yrange [0:*]\n"
		   "set xtics rotate by 30 right noenhanced nomirror\n"
		   "set bmargin 12\n"
		   "set lmargin 16\n"
		   "set rmargin 3\n"
		   "set key left top\n"
		   "set grid noxtics\n"
		   "plot '%s.dat' using 1:($3 == 0 ? $2 : 1/0):xtic(4) with boxes lc rgb '#999999' title 'thesis (NVIDIA generations)', \\\n"
		   "  '' using 1:($3 == 1 ? $2 : 1/0) with boxes lc rgb '#1f77b4' title 'measured (fit data)', \\\n"
		   "  '' using 1:($3 == 2 ? $2 : 1/0) with boxes lc rgb '#9ecae1' title 'model', \\\n"
		   "  '' using 1:2:(sprintf('%%.2g', $2)) with labels offset 0,0.7 notitle\n",
		(double)bars - 0.4, name);
	lm_gnuplot_end(f, name);
}

lm_status lm_compare_chart(const char *dir, const char *const *paths, size_t n,
			   const char *ratios_csv, bool *skipped, char *reason, size_t size)
{
	*skipped = false;
	lm_params *ps = NULL;
	char *thesis = NULL;
	size_t k = 0, bars = 0;
	lm_file_inputs inputs = { 0 };
	lm_file_out *d = NULL, *g = NULL;
	const char *name = "warps-ratio";
	char path[4200];
	/* every file read before one is written */
	lm_status s = read_all(paths, n, &ps);
	for (size_t i = 0; i < n && s == LM_OK; i++)
		s = lm_file_input(&inputs, paths[i]);
	if (s == LM_OK && (s = read_ratios(ratios_csv, &thesis, &k)) == LM_OK)
		s = lm_file_input(&inputs, ratios_csv);
	if (s != LM_OK)
		goto done;
	bool made = mkdir(dir, 0777) == 0;
	if (!made && errno != EEXIST) {
		s = lm_fail(LM_EIO, "%s: %s", dir, strerror(errno));
		goto done;
	}
	snprintf(path, sizeof path, "%s/%s.dat", dir, name);
	if ((s = lm_file_create(path, &inputs, &d)) != LM_OK ||
	    (s = write_chart_data(lm_file_stream(d), paths, ps, n, ratios_csv, thesis, k, &bars)) != LM_OK)
		goto written;
	snprintf(path, sizeof path, "%s/%s.gp", dir, name);
	if ((s = lm_file_create(path, &inputs, &g)) != LM_OK)
		goto written;
	write_chart_script(lm_file_stream(g), name, bars);
	/* both whole, or neither */
	s = lm_file_commit(d);
	d = NULL;
	if (s == LM_OK)
		s = lm_file_commit(g);
	g = NULL;
written:
	lm_file_discard(d);
	lm_file_discard(g);
	if (s != LM_OK) {
		if (made)
			rmdir(dir); /* only if empty: what was there stays */
		goto done;
	}
	bool missing;
	s = lm_gnuplot_run(dir, "warps-ratio.gp", &missing);
	if (s != LM_OK && missing) {
		*skipped = true;
		snprintf(reason, size, "%s", lm_error_message());
		lm_error_clear();
		s = LM_OK;
	}
done:
	lm_file_inputs_free(&inputs);
	free(thesis);
	free(ps);
	return s;
}
