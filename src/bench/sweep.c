#include "base/number.h"
#include "bench/sweep.h"
#include "bench/sweep_parts.h"
#include "bench/userfill.h"
#include "config.h"
#include "commit.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/file.h"
#include "bench/guard.h"
#include "bench/refine.h"
#include "bench/kernels.h"
#include "asm/count.h"
#include "bench/kcount.h"
#include "bench/measure.h"
#include "fit/results.h"
#include "bench/userkernel.h"

lm_status lm_sweep_parent_dirs(const char *path)
{
	char buf[4096];
	snprintf(buf, sizeof buf, "%s", path);
	for (char *q = buf + 1; *q; q++) {
		if (*q != '/')
			continue;
		*q = '\0';
		if (mkdir(buf, 0777) != 0 && errno != EEXIST)
			return lm_fail(LM_EIO, "%s: %s", buf, strerror(errno));
		*q = '/';
	}
	return LM_OK;
}

double sweep_since(const struct timespec *t0)
{
	struct timespec t1;
	clock_gettime(CLOCK_MONOTONIC, &t1);
	return (double)(t1.tv_sec - t0->tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0->tv_nsec);
}

void sweep_add_cost(lm_meas_cost *sum, const lm_meas_cost *c)
{
	sum->setup += c->setup;
	sum->fills += c->fills;
	sum->programs += c->programs;
	sum->timed += c->timed;
	sum->trials += c->trials;
	sum->readback += c->readback;
	sum->checks += c->checks;
	sum->ntimed += c->ntimed;
	sum->ntrials += c->ntrials;
}

const lm_row *sweep_prev_row(const lm_results *prev, const char *mix, unsigned chains, lm_alpha a,
			     unsigned warps)
{
	for (size_t i = 0; prev && i < prev->n; i++) {
		const lm_result *r = &prev->v[i];
		if (r->row.warps == warps && r->row.chains == chains && r->row.alpha.num == a.num &&
		    r->row.alpha.den == a.den && strcmp(r->mix, mix) == 0)
			return &r->row;
	}
	return NULL;
}

bool sweep_done_before(const lm_results *prev, const char *mix, unsigned chains, lm_alpha a,
			unsigned warps)
{
	return sweep_prev_row(prev, mix, chains, a, warps) != NULL;
}

double sweep_refine_tol(const sweep *sw)
{
	return sw->o->warps || sw->o->quick ? 0 : LM_REFINE_TOL;
}

/* Ctrl-C (or SIGTERM) during a sweep: it stops after the point being
 * measured, keeping every point; a second one stops at once. */
static volatile sig_atomic_t stop_asked;

static void ask_stop(int sig)
{
	(void)sig;
	stop_asked = 1;
	static const char say[] = "\nlatmix: stopping after this point, keeping every point measured (again: "
				  "at once)\n";
	ssize_t w = write(2, say, sizeof say - 1);
	(void)w;
}

static void catch_stop(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = ask_stop;
	sa.sa_flags = (int)SA_RESETHAND;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
}

/* LM_ESTOP if the user asked the sweep to stop. */
static lm_status stopped(void)
{
	return stop_asked ? lm_fail(LM_ESTOP, "stopped (Ctrl-C)") : LM_OK;
}

lm_status sweep_stopped(void)
{
	return stopped();
}

/* Says where one warp's latency (cycles per load and its alpha adds) falls
 * as alpha grows, beyond 2% and noise: more dependent adds cannot make a
 * group shorter, so one of the curves was measured in another state of
 * the device (first touch, a cold cache, a clock ramping). */
static void warn_not_monotonic(sweep *sw, const char *mix, unsigned chains, const lm_alpha *a,
			       const double *lat, size_t n)
{
	for (size_t i = 1; i < n; i++) {
		if (!(lat[i] < 0.98 * lat[i - 1]) || sw->falls++)
			continue; /* said once, counted after */
		char x[32], y[32];
		lm_alpha_format(a[i - 1], x, sizeof x);
		lm_alpha_format(a[i], y, sizeof y);
		fprintf(stderr, "latmix: warning: %s x%u: the one-warp latency falls as alpha grows: %.1f "
			"cycles per group at alpha %s, %.1f at alpha %s; more adds cannot shorten a group, so "
			"one of these curves was measured in another state of the device\n", mix, chains,
			lat[i - 1], x, lat[i], y);
	}
}

/* The references of a mix (lm_meas_reference): one warp's chain without
 * the stop flag, at alpha 0 (the step alone) and inf (adds alone) where the
 * plan measures one chain there. Each goes into the CSV as a '# reference'
 * line, which fit and report compare the one-warp rows with. */
static lm_status run_references(sweep *sw, size_t i, lm_meas *m, FILE *f)
{
	const plan_mix *pm = &sw->p.mixes[i];
	if (pm->mix->step == LM_STEP_STREAM)
		return LM_OK;
	for (size_t c = 0; c < pm->nchains; c++) {
		if (pm->chains[c] != 1)
			continue;
		for (size_t a = 0; a < sw->nalphas[i][c]; a++) {
			lm_alpha alpha = sw->alphas[i][c][a];
			if (alpha.num != 0 && alpha.den != 0)
				continue;
			lm_row row;
			lm_status s = lm_meas_reference(m, alpha, &row);
			if (s == LM_EDEVICE) {
				fprintf(stderr, "latmix: %s reference: skipped: %s\n", pm->mix->name,
					lm_error_message());
				continue;
			}
			if (s != LM_OK)
				return s;
			char at[32];
			lm_alpha_format(alpha, at, sizeof at);
			if ((s = lm_results_reference(f, pm->mix->name, &row)) != LM_OK)
				return s;
			fprintf(stderr, "%-12s x1 alpha %-5s reference: %.2f cycles per %s at 1 warp/CU "
				"(flag-free chain, %s", pm->mix->name, at, row.cycles_per_group,
				alpha.den ? "group" : "add",
				row.overhead_s == row.overhead_s ? "a long launch less a short one"
								 : "each warp's in-kernel clock");
			if (row.warp_slowest == row.warp_slowest)
				fprintf(stderr, "; warps %.2f to %.2f", row.warp_fastest, row.warp_slowest);
			fputs(")\n", stderr);
		}
	}
	return LM_OK;
}

/* What the curves of a mix share as they are measured: the mix and its
 * measurement, the file the rows go to, the points measured before (a
 * resume), and the sweep's counts for the progress line. */
typedef struct {
	sweep *sw;
	size_t i;                 /* the plan's mix */
	lm_meas *m;
	FILE *f;
	const lm_results *prev;
	size_t *done_n, *measured;
	const struct timespec *t0;
	bool tty;                 /* stderr is a terminal: a progress line */
} mix_run;

/* What one curve's points gave: the range of their IPC, the cycles per
 * group at the first occupancy measured, those not co-resident. */
typedef struct {
	double lo, hi, lat1;
	unsigned n_here, apart, apart_from, first_n;
} curve_tally;

/* Measures the point of alpha with k chains at n warps into rows (slot
 * j), counted in *t and said on the progress line; *ipc its rate (NAN
 * where the point was skipped). */
static lm_status curve_point(const mix_run *r, unsigned k, lm_alpha alpha, const char *at, unsigned n,
			     size_t j, sweep_rows *rows, curve_tally *t, double *ipc)
{
	sweep *sw = r->sw;
	const plan_mix *pm = &sw->p.mixes[r->i];
	lm_row row;
	lm_status s;
	*ipc = NAN;
	if ((s = stopped()) != LM_OK)
		return s;
	if ((s = lm_meas_point(r->m, alpha, k, n, &row)) == LM_EDEVICE) {
		/* this point cannot be measured as it must be: said, skipped */
		fprintf(stderr, "%slatmix: %s x%u alpha %s: skipped: %s\n", r->tty ? "\n" : "",
			pm->mix->name, k, at, lm_error_message());
		return LM_OK;
	}
	if (s != LM_OK)
		return s;
	sweep_rows_put(rows, j, &row);
	(*r->measured)++;
	(*r->done_n)++;
	t->n_here++;
	if (strcmp(row.coresident, "no") == 0 && (!t->apart++ || n < t->apart_from))
		t->apart_from = n;
	*ipc = alpha.den ? row.mem_ipc : row.alu_ipc;
	t->lo = fmin(t->lo, *ipc);
	t->hi = fmax(t->hi, *ipc);
	if (t->first_n == 0 || n < t->first_n) /* the least occupancy measured here */
		t->lat1 = row.cycles_per_group, t->first_n = n;
	if (r->tty)
		fprintf(stderr, "\r[%zu/%zu %3.0f%%, %.0f s, ~%.0f s left] %s x%u alpha %s, "
			"%u warps/CU: %.4g IPC   ", *r->done_n, sw->total,
			100.0 * (double)*r->done_n / (double)sw->total, sweep_since(r->t0),
			sweep_since(r->t0) / (double)*r->done_n * (double)(sw->total - *r->done_n),
			pm->mix->name, k, at, n, *ipc);
	return LM_OK;
}

/* Measures the curve of alpha with k chains at the plan's occupancies
 * (those refine chooses, where the sweep chose them), each point counted
 * in *t; the rows go into the file by occupancy once the curve ends or
 * stops. The progress count moves past the levels left out. */
static lm_status run_curve(const mix_run *r, unsigned k, lm_alpha alpha, const char *at, curve_tally *t)
{
	sweep *sw = r->sw;
	const plan_mix *pm = &sw->p.mixes[r->i];
	*t = (curve_tally){ INFINITY, 0, NAN, 0, 0, 0, 0 };
	size_t done_at_start = *r->done_n;
	lm_refine rf;
	sweep_rows rows;
	lm_status s = sweep_rows_init(&rows, sw->p.nwarps);
	if (s != LM_OK)
		return s;
	/* a stream mix's plateau and a store kind's (its alpha = 0 curves)
	 * are the mean of their highest points (fit): measured at every
	 * occupancy, at every one of the top quarter */
	bool stream = pm->mix->step == LM_STEP_STREAM, store_top = pm->mix->store_bytes && alpha.num == 0;
	if (!lm_refine_init(&rf, sw->p.warps, sw->p.nwarps, stream ? 0 : sweep_refine_tol(sw))) {
		sweep_rows_flush(&rows, r->f, pm->mix->name);
		return lm_fail(LM_ENOMEM, "out of memory");
	}
	if (store_top)
		lm_refine_dense_from(&rf, sw->p.nwarps - sw->p.nwarps / 4);
	size_t j;
	while (s == LM_OK && lm_refine_next(&rf, &j)) {
		double ipc;
		const lm_row *before = sweep_prev_row(r->prev, pm->mix->name, k, alpha, sw->p.warps[j]);
		if (before) /* a resumed file's point: its rate steers the rest */
			ipc = alpha.den ? before->mem_ipc : before->alu_ipc;
		else if (pm->mix->cache && pm->mix->step == LM_STEP_GLOBAL &&
			 !lm_meas_cache_chase_holds(sw->p.warps[j], k))
			ipc = NAN; /* the cache's chase: one warp a CU (measure.h), the rest not tried */
		else if (pm->mix->group_warps && sw->p.warps[j] % pm->mix->group_warps)
			ipc = NAN; /* a mix of groups of its own size: whole groups of them */
		else
			s = curve_point(r, k, alpha, at, sw->p.warps[j], j, &rows, t, &ipc);
		lm_refine_set(&rf, j, ipc);
	}
	lm_refine_free(&rf);
	lm_status w = sweep_rows_flush(&rows, r->f, pm->mix->name);
	if (s == LM_OK)
		*r->done_n = done_at_start + sw->p.nwarps;
	return s != LM_OK ? s : w;
}

/* Says what a finished curve gave: its IPC range and one-warp latency,
 * and (once a sweep) that some of its points were not co-resident. */
static void say_curve(const mix_run *r, unsigned k, lm_alpha alpha, const char *at, const curve_tally *t)
{
	sweep *sw = r->sw;
	const plan_mix *pm = &sw->p.mixes[r->i];
	if (r->tty)
		fputc('\n', stderr);
	if (t->n_here)
		fprintf(stderr, "%-12s x%u alpha %-5s %3u points: %s IPC %.4g .. %.4g per CU; "
			"%.1f cycles per %s at %u warp(s)\n", pm->mix->name, k, at, t->n_here,
			alpha.den ? "step" : "add", t->lo, t->hi, t->lat1, alpha.den ? "group" : "add",
			t->first_n);
	if (t->apart && !sw->apart_curves++)
		fprintf(stderr, "latmix: warning: %s x%u alpha %s: %u point(s) from %u warps/CU on "
			"were not co-resident: their work-groups ran in turns, not all at once (%s); "
			"see started_at_first_end (said once; the sweep's end counts the rest)\n",
			pm->mix->name, k, at, t->apart, t->apart_from,
			sw->d.type & CL_DEVICE_TYPE_CPU ? "a CPU runtime runs work-groups in turns on its cores"
			: "registers, local memory or a limit of the device's table");
	sw->apart_points += t->apart;
}

/* Measures the curves of the plan's c-th chains count, one an alpha, and
 * warns where the one-warp latency falls as alpha grows. */
static lm_status run_chains(const mix_run *r, size_t c)
{
	sweep *sw = r->sw;
	const plan_mix *pm = &sw->p.mixes[r->i];
	unsigned k = pm->chains[c];
	/* one warp's cycles per group by alpha: more adds never shorten it */
	enum { MAX_ALPHAS = 64 };
	double alpha_lat[MAX_ALPHAS];
	lm_alpha alpha_at[MAX_ALPHAS];
	size_t alpha_lat_n = 0;
	for (size_t a = 0; a < sw->nalphas[r->i][c]; a++) {
		lm_alpha alpha = sw->alphas[r->i][c][a];
		char at[32];
		lm_alpha_format(alpha, at, sizeof at);
		curve_tally t;
		lm_status s = run_curve(r, k, alpha, at, &t);
		if (s != LM_OK)
			return s;
		say_curve(r, k, alpha, at, &t);
		if (t.n_here && t.first_n == 1 && alpha.den && alpha_lat_n < MAX_ALPHAS) {
			alpha_lat[alpha_lat_n] = t.lat1;
			alpha_at[alpha_lat_n++] = alpha;
		}
	}
	warn_not_monotonic(sw, pm->mix->name, k, alpha_at, alpha_lat, alpha_lat_n);
	return LM_OK;
}

/* Measures one mix, every chains count, alpha and occupancy of the plan. */
static lm_status run_mix(sweep *sw, size_t i, FILE *f, const lm_results *prev, size_t *done_n,
			 size_t *measured, const struct timespec *t0)
{
	const plan_mix *pm = &sw->p.mixes[i];
	lm_meas_config cfg = sweep_mix_config(sw, pm);
	cfg.keep = &sw->keep;
	lm_meas *m;
	fprintf(stderr, "latmix: mix %s on %s: setting up...\n", pm->mix->name, sw->d.name);
	lm_status s = lm_meas_alloc(&sw->d, &cfg, &m);
	if (s != LM_OK)
		return s;
	if (lm_meas_buffer_kept(m))
		fprintf(f, "# buffer = mix %s: %zu lines, the mix before's, as it wrote them\n", pm->mix->name,
			lm_meas_lines(m));
	else
		fprintf(f, "# buffer = mix %s: %zu lines, written on the device in %.3f s\n",
			pm->mix->name, lm_meas_lines(m), lm_meas_build_time(m));

	mix_run r = { sw, i, m, f, prev, done_n, measured, t0, isatty(2) };
	for (size_t c = 0; c < pm->nchains && s == LM_OK; c++)
		s = run_chains(&r, c);
	if (s == LM_OK)
		s = run_references(sw, i, m, f);
	lm_meas_cost c = lm_meas_costs(m);
	sweep_add_cost(&sw->cost, &c);
	lm_meas_free(m);
	return s;
}

/* Was mix m's point of groups of wg measured before (a resume)? */
static bool dispatch_done_before(const lm_results *prev, const lm_mix *m, unsigned wg)
{
	for (size_t i = 0; prev && i < prev->n; i++)
		if (prev->v[i].row.work_group_size == wg && strcmp(prev->v[i].mix, m->name) == 0)
			return true;
	return false;
}

/* What a point of mix m (of step dispatch) says on the console. */
static void say_dispatch_point(const lm_mix *m, unsigned wg, const lm_row *row)
{
	if (!lm_mix_written(m))
		fprintf(stderr, "dispatch     groups of %4u: %.4g work-groups/us per CU (%.0f cycles a group; "
			"%u resident a CU at most)\n", wg, row->elements_per_s * 1e-6 / row->compute_units,
			row->cycles_per_group, row->groups_per_cu);
	else {
		fprintf(stderr, "%-12s groups of %4u: %.4g warp loads a cycle per CU, %.4g GB/s (%u warps a CU)",
			m->name, wg, row->mem_ipc, row->bytes_per_s * 1e-9, row->warps);
		if (isfinite(row->group_wait))
			fprintf(stderr, "; a warp waits %.1f%% of its time for its group's last", 100 * row->group_wait);
		fputc('\n', stderr);
	}
}

/* Measures mix m of step dispatch: a point a work-group size (bench/dispatch.h),
 * each into the file. */
static lm_status run_dispatch(sweep *sw, const lm_mix *m, FILE *f, const lm_results *prev, size_t *done_n,
			      size_t *measured)
{
	lm_dispatch_config cfg = { .launch_ms = sw->base.launch_ms, .repeats = sw->base.repeats,
				   .settle = sw->base.settle, .kernel_dir = sw->base.kernel_dir,
				   .context = sw->base.context, .mix = m, .footprint = sw->base.footprint };
	unsigned sizes[LM_DISPATCH_MAX_SIZES];
	size_t n = lm_dispatch_mix_sizes(&sw->d, m, sw->o->quick, sizes);
	fprintf(stderr, "latmix: mix %s on %s: setting up...\n", m->name, sw->d.name);
	lm_dispatch *x;
	lm_status s = lm_dispatch_alloc(&sw->d, &cfg, &x);
	for (size_t j = 0; s == LM_OK && j < n; j++, (*done_n)++) {
		unsigned wg = sizes[j];
		if (dispatch_done_before(prev, m, wg))
			continue;
		lm_row row;
		if ((s = stopped()) != LM_OK)
			break;
		if ((s = lm_dispatch_point(x, wg, &row)) == LM_EDEVICE) {
			fprintf(stderr, "latmix: %s, groups of %u: skipped: %s\n", m->name, wg, lm_error_message());
			s = LM_OK;
			continue;
		}
		if (s != LM_OK || (s = lm_results_row(f, m->name, &row)) != LM_OK)
			break;
		(*measured)++;
		say_dispatch_point(m, wg, &row);
	}
	if (x) {
		lm_launch_cost c = lm_dispatch_costs(x);
		sweep_add_cost(&sw->cost, &c);
	}
	lm_dispatch_free(x);
	return s;
}

/* The files a counter left for kernel base (sweep_count_ahead), written
 * into mix_dir (the count file with desc's work) and what it said said;
 * false where it left none whole. */
static bool copy_counted(sweep *sw, const lm_user_desc *desc, const char *base, lm_status *ws)
{
	static const char *const ext[] = { "txt", "ini", "say" };
	char path[4400], *text[3] = { NULL, NULL, NULL };
	bool whole = sw->count_dir[0] != '\0';
	for (int e = 0; e < 3 && whole; e++) {
		snprintf(path, sizeof path, "%s/%s.%s", sw->count_dir, base, ext[e]);
		whole = lm_read_text(path, &text[e]) == LM_OK;
	}
	lm_error_clear();
	*ws = LM_OK;
	for (int e = 0; e < 2 && whole && *ws == LM_OK; e++) {
		lm_file_out *w;
		snprintf(path, sizeof path, "%s/%s.%s", sw->mix_dir, base, ext[e]);
		if ((*ws = lm_file_create(path, &sw->inputs, &w)) == LM_OK) {
			fputs(text[e], lm_file_stream(w));
			if (e == 1 && strstr(text[e], "\ncounted = yes\n")) { /* its last keys, as in process */
				lm_count_work work = lm_kcount_work_of(desc);
				lm_count_put_work(lm_file_stream(w), &work);
			}
			*ws = lm_file_commit(w);
		}
	}
	if (whole)
		fputs(text[2], stderr);
	for (int e = 0; e < 3; e++)
		free(text[e]);
	return whole;
}

/* The kernel's loop as the device builds it, counted in the model's
 * terms (asm/count.h), into mix_dir/LABEL.txt as `latmix kernel --mix-of`
 * prints it (the listing after), or the reason it cannot be counted:
 * what latmix report predicts the kernel from. Counted ahead (copied),
 * else here in ctx, the context the kernel was measured in (else in one
 * of its own). A missing compiler is said and the sweep goes on. */
static lm_status write_kernel_mix(sweep *sw, const lm_user_desc *desc, cl_context ctx)
{
	struct timespec t0;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	if (!sw->mix_dir[0])
		return LM_OK;
	if (mkdir(sw->mix_dir, 0777) != 0 && errno != EEXIST)
		return lm_fail(LM_EIO, "%s: %s", sw->mix_dir, strerror(errno));
	char base[LM_USER_NAME + 8], *src = NULL, *listing = NULL;
	sweep_count_base(desc->label, base, sizeof base);
	lm_status ws;
	if (copy_counted(sw, desc, base, &ws))
		return ws;
	lm_count m;
	char why[1024];
	lm_status read = lm_kcount_desc_source(desc, sw->o->kernel_dir, &src);
	lm_count_args args = { 0 };
	if (read == LM_OK)
		lm_kcount_args_of(desc, src, &args);
	lm_status s = lm_kcount_keep(read, src, desc->name, desc->label, &args, &sw->d, ctx, &m, &listing, why,
				     sizeof why);
	free(src);
	lm_kcount_say(stderr, s, &m, why);
	m.work = lm_kcount_work_of(desc);
	ws = lm_kcount_write_files(sw->mix_dir, base, &sw->inputs, s, &m, why, listing);
	free(listing);
	sw->cost.programs += sweep_since(&t0); /* its builds */
	return ws;
}

/* What a kernel's points gave: their range of rates, the cycles at the
 * least occupancy measured, whether the kernel failed (said, listed). */
typedef struct {
	double lo, hi, at_first;
	unsigned n_here, first_n;
	bool tty, failed;
} kernel_tally;

/* A grid-stride kernel's point at n warps into rows (slot j); *rate its
 * bytes a second (NAN where skipped). The kernel's own failure is said in
 * f and listed (t->failed), the sweep going on. */
static lm_status kernel_point(sweep *sw, lm_user *k, const lm_user_desc *desc, unsigned n, size_t j,
			      sweep_rows *rows, FILE *f, kernel_tally *t, double *rate, size_t *done_n,
			      size_t *measured, const struct timespec *t0)
{
	lm_row row;
	lm_status s;
	if ((s = stopped()) != LM_OK)
		return s;
	s = lm_user_point(k, n, &row);
	lm_guard_say("point");
	if (s == LM_EDEVICE) {
		fprintf(stderr, "%slatmix: kernel %s, %u warps/CU: skipped: %s\n", t->tty ? "\n" : "",
			desc->label, n, lm_error_message());
		return LM_OK;
	}
	if (s != LM_OK) {
		/* the kernel's own failure: said in the file, the points before kept */
		fprintf(f, "# failed = %s at %u warps/CU: %s\n", desc->label, n, lm_error_message());
		sweep_kernel_failed(sw, desc->label, s);
		t->failed = true;
		return LM_OK;
	}
	sweep_rows_put(rows, j, &row);
	(*measured)++;
	(*done_n)++;
	t->n_here++;
	if (row.overhead_s > 0.5 * row.time_med)
		fprintf(stderr, "%slatmix: warning: kernel %s, %u warps/CU: %.3g of a %.3g s launch is its "
			"start and end (atomics at its end?): its rate is the difference of two nearly "
			"equal times\n", t->tty ? "\n" : "", desc->label, n, row.overhead_s, row.time_med);
	*rate = row.bytes_per_s;
	t->lo = fmin(t->lo, row.bytes_per_s);
	t->hi = fmax(t->hi, row.bytes_per_s);
	if (t->first_n == 0 || n < t->first_n) /* the least occupancy measured */
		t->at_first = row.cycles_per_group, t->first_n = n;
	if (t->tty)
		fprintf(stderr, "\r[%zu/%zu %3.0f%%, %.0f s] kernel %s, %u warps/CU: %.4g GB/s   ", *done_n,
			sw->total, 100.0 * (double)*done_n / (double)sw->total, sweep_since(t0), desc->label,
			n, row.bytes_per_s * 1e-9);
	return LM_OK;
}

/* Measures a user's kernel at the plan's occupancies (those refine chooses,
 * where the sweep chose them). */
static lm_status run_kernel(sweep *sw, size_t i, FILE *f, const lm_results *prev, size_t *done_n,
			    size_t *measured, const struct timespec *t0)
{
	const lm_user_desc *desc = &sw->kern[i];
	const lm_sweep_config *o = sw->o;
	lm_user_config cfg = { .launch_ms = o->launch_ms, .repeats = o->repeats, .settle = o->settle,
			     .group_warps = (unsigned)o->group_warps, .warmup_every = sw->base.warmup_every,
			     .seed = sw->base.seed, .kernel_dir = o->kernel_dir, .time_limit = o->time_limit,
			     .context = sw->base.context, .random = sw->random };
	fprintf(stderr, "latmix: kernel %s on %s: building, filling its buffers (N = %.0f)...\n", desc->label,
		sw->d.name, desc->size);
	lm_guard_say("kernel %s", desc->label);
	lm_user *k;
	lm_status s = lm_user_alloc(&sw->d, desc, &cfg, &k);
	if (s != LM_OK) {
		sweep_kernel_failed(sw, desc->label, s);
		return LM_OK;
	}
	char line[1024];
	lm_user_line(desc, line, sizeof line);
	fprintf(f, "# kernel = %s\n", line);
	if (desc->dims) {
		s = sweep_nd_points(sw, k, desc, f, prev, measured);
		lm_meas_cost nc = lm_user_costs(k);
		sweep_add_cost(&sw->cost, &nc);
		if (s == LM_OK)
			s = write_kernel_mix(sw, desc, lm_user_context(k));
		lm_user_free(k);
		return s;
	}
	kernel_tally t = { INFINITY, 0, NAN, 0, 0, isatty(2), false };
	size_t done_at_start = *done_n, j;
	lm_refine rf = { 0 };
	sweep_rows rows = { 0 };
	if ((s = sweep_rows_init(&rows, sw->p.nwarps)) == LM_OK &&
	    !lm_refine_init(&rf, sw->p.warps, sw->p.nwarps, sweep_refine_tol(sw)))
		s = lm_fail(LM_ENOMEM, "out of memory");
	const lm_alpha zero = { 0, 1 };
	while (s == LM_OK && !t.failed && lm_refine_next(&rf, &j)) {
		double rate = NAN;
		const lm_row *before = sweep_prev_row(prev, desc->label, 1, zero, sw->p.warps[j]);
		if (before)
			rate = before->bytes_per_s;
		else
			s = kernel_point(sw, k, desc, sw->p.warps[j], j, &rows, f, &t, &rate, done_n, measured, t0);
		lm_refine_set(&rf, j, rate);
	}
	lm_refine_free(&rf);
	lm_status w = sweep_rows_flush(&rows, f, desc->label);
	s = s != LM_OK ? s : w;
	if (s == LM_OK)
		*done_n = done_at_start + sw->p.nwarps;
	if (t.tty)
		fputc('\n', stderr);
	if (t.n_here)
		fprintf(stderr, "%-12s %3u points: %.4g .. %.4g GB/s; %.1f cycles per element a lane at %u "
			"warp%s\n", desc->label, t.n_here, t.lo * 1e-9, t.hi * 1e-9, t.at_first, t.first_n,
			t.first_n == 1 ? "" : "s");
	lm_meas_cost c = lm_user_costs(k);
	sweep_add_cost(&sw->cost, &c);
	if (s == LM_OK)
		s = write_kernel_mix(sw, desc, lm_user_context(k));
	lm_user_free(k);
	return s;
}

/* The sweep's status where some kernels were not measured (or not
 * whole): the others are in the results. */
static lm_status failures(const sweep *sw)
{
	if (sw->nasked == 1) /* its error is the command's */
		return lm_fail(sw->first_failure, "%s", sw->first_why);
	char list[1024] = "";
	for (size_t i = 0; i < sw->nfailed; i++)
		snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? ", " : "", sw->failed[i]);
	return lm_fail(LM_ECHECK, "%zu of %zu kernels not measured, or not whole: %s (each said why above; the "
		       "others were measured)", sw->nfailed, sw->nasked, list);
}

/* The context every mix and kernel of the sweep shares, made anew (the
 * one before released): NULL where it cannot be, each mix and kernel then
 * trying its own and saying why. A kernel that failed may have left the
 * one it shared unusable (a fault poisons an NVIDIA context). */
static void fresh_context(sweep *sw)
{
	if (sw->random)
		clReleaseKernel(sw->random);
	sw->random = NULL;
	if (sw->base.context)
		clReleaseContext(sw->base.context);
	cl_int err;
	sw->base.context = clCreateContext(NULL, 1, &sw->d.id, NULL, NULL, &err);
	if (err != CL_SUCCESS)
		sw->base.context = NULL;
	/* the users' kernels' random floats are made on the device */
	if (sw->base.context && sw->nkern)
		sw->random = lm_user_random_kernel(sw->base.context, &sw->d);
}

/* Where the sweep's seconds went, as one line (no newline). */
static void print_cost(FILE *f, const lm_meas_cost *c, double total)
{
	double rest = total - c->setup - c->programs - c->timed - c->trials - c->readback - c->checks;
	fprintf(f, "setup %.2f s", c->setup);
	if (c->fills > 0)
		fprintf(f, " (kernels' buffers filled %.2f s)", c->fills);
	fprintf(f, ", kernel builds %.2f s, timed launches %.2f s (%lu), trials and "
		   "warm-ups %.2f s (%lu), read-back %.2f s, starts and checks %.2f s, the rest %.2f s",
		c->programs, c->timed, c->ntimed, c->trials, c->ntrials, c->readback,
		c->checks, rest);
}

lm_status lm_sweep_run(const lm_sweep_config *o)
{
	sweep *sw = calloc(1, sizeof *sw);
	output *out = calloc(1, sizeof *out);
	if (!sw || !out) {
		free(sw);
		free(out);
		return lm_fail(LM_ENOMEM, "out of memory");
	}
	sw->o = o;
	FILE *f;
	lm_status s;
	if ((s = sweep_prepare(sw)) != LM_OK || (s = sweep_choose_output(sw, out)) != LM_OK ||
	    (s = sweep_start_output(sw, out, &f)) != LM_OK)
		goto done;
	const lm_results *prev = out->src ? &out->res.prev : NULL;
	catch_stop();
	struct timespec t0;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	size_t done_n = 0, measured = 0;
	/* made before any builder or counter starts (NVIDIA makes contexts one
	 * at a time, about 0.3 s each: this one would wait for theirs) */
	fresh_context(sw);
	sw->cost.setup += sweep_since(&t0);
	if (!sw->nkern)
		sweep_build_ahead(sw, prev);
	else
		sweep_count_ahead(sw);
	for (size_t i = 0; i < sw->p.nmixes && s == LM_OK; i++)
		s = sw->p.mixes[i].mix->step == LM_STEP_DISPATCH
			    ? run_dispatch(sw, sw->p.mixes[i].mix, f, prev, &done_n, &measured)
		    : run_mix(sw, i, f, prev, &done_n, &measured, &t0);
	for (size_t i = 0; i < sw->nkern && s == LM_OK; i++) {
		size_t failed = sw->nfailed;
		s = run_kernel(sw, i, f, prev, &done_n, &measured, &t0);
		if (sw->nfailed > failed)
			fresh_context(sw);
	}
	if (s == LM_OK && sw->nfailed && !measured) /* every one refused: as the first said */
		s = lm_fail(sw->first_failure, "%s", sw->first_why);
	sweep_remove_binaries(sw);
	sweep_remove_counts(sw);
	lm_meas_buffer_release(&sw->keep);
	if (sw->random)
		clReleaseKernel(sw->random);
	if (sw->base.context)
		clReleaseContext(sw->base.context);
	double total = sweep_since(&t0);
	if (sw->apart_curves > 1)
		fprintf(stderr, "latmix: warning: in all, %u points of %u curves were not co-resident (the "
			"coresident column says which)\n", sw->apart_points, sw->apart_curves);
	if (sw->falls > 1)
		fprintf(stderr, "latmix: warning: in all, %u times a one-warp latency fell as alpha grew\n",
			sw->falls);
	fprintf(f, "# sweep_seconds = %.1f (%zu points%s)\n# sweep_time = ", total, measured,
		s == LM_OK ? "" : ", interrupted by an error");
	print_cost(f, &sw->cost, total);
	fputc('\n', f);
	if ((s = sweep_finish_output(out, f, s, measured)) == LM_OK) {
		fprintf(stderr, "latmix: %zu points in %.1f s written to %s\nlatmix: time: ", measured,
			total, out->path);
		print_cost(stderr, &sw->cost, total);
		fputc('\n', stderr);
		if (sw->nfailed)
			s = failures(sw);
	}
done:
	free(out->res.text);
	lm_results_free(&out->res.prev);
	free(out);
	lm_file_inputs_free(&sw->inputs);
	for (size_t i = 0; i < MAX_MIXES; i++)
		for (size_t c = 0; c < MAX_CHAINS; c++)
			free(sw->alphas[i][c]);
	free(sw->p.warps);
	free(sw->kern);
	free(sw);
	return s;
}
