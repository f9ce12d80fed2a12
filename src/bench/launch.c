#include "bench/launch.h"
#include "base/number.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* a kernel's warm-up launches repeat, up to WARMUP_MAX more, until two in a
 * row agree on the rate within WARMUP_SETTLED */
#define WARMUP_MAX 4
#define WARMUP_SETTLED 0.02

double lm_launch_now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

lm_status lm_launch_sysclock(const lm_device *d, lm_sysclock **clock)
{
	if (*clock || !(d->type & CL_DEVICE_TYPE_GPU) || d->pci_bus < 0)
		return LM_OK;
	char why[160];
	lm_status s = lm_sysclock_open(NULL, d->pci_domain, d->pci_bus, d->pci_device, d->pci_function,
				       clock, why, sizeof why);
	if (s == LM_OK && !*clock)
		fprintf(stderr, "latmix: %s: no sysfs clock: %s; cycles at the reported maximum clock\n",
			d->name, why);
	return s;
}

lm_status lm_launch_build(cl_context ctx, const lm_device *d, const char *source, const char *what,
			  const char *options, cl_program *out)
{
	cl_int err;
	cl_program p = clCreateProgramWithSource(ctx, 1, &source, NULL, &err);
	if (err != CL_SUCCESS)
		return lm_fail_cl(err, "clCreateProgramWithSource", what);
	err = clBuildProgram(p, 1, &d->id, options, NULL, NULL);
	if (err != CL_SUCCESS) {
		char log[4096] = "";
		clGetProgramBuildInfo(p, d->id, CL_PROGRAM_BUILD_LOG, sizeof log - 1, log, NULL);
		log[sizeof log - 1] = '\0';
		clReleaseProgram(p);
		return lm_fail(LM_ECL, "clBuildProgram: %s (%d): %s %s:\n%s", lm_cl_error_name(err), (int)err,
			       what, options, log);
	}
	*out = p;
	return LM_OK;
}

char *lm_launch_binary(cl_program prog, size_t *size, size_t *text_len, size_t *first_bad)
{
	*size = *text_len = *first_bad = 0;
	cl_int err = clGetProgramInfo(prog, CL_PROGRAM_BINARY_SIZES, sizeof *size, size, NULL);
	char *bin = err == CL_SUCCESS && *size ? malloc(*size + 1) : NULL;
	unsigned char *ptrs[1] = { (unsigned char *)bin };
	if (!bin || clGetProgramInfo(prog, CL_PROGRAM_BINARIES, sizeof ptrs, ptrs, NULL) != CL_SUCCESS) {
		free(bin);
		*size = 0;
		return NULL;
	}
	bin[*size] = '\0';
	/* text (PTX, say) if no control character before the trailing NULs */
	size_t len = *size;
	while (len && bin[len - 1] == '\0')
		len--;
	size_t bad = 0;
	while (bad < len) {
		unsigned char ch = (unsigned char)bin[bad];
		if (ch < 32 && ch != '\n' && ch != '\t' && ch != '\r')
			break;
		bad++;
	}
	*first_bad = bad;
	if (len && bad == len) {
		*text_len = len;
		bin[len] = '\0';
	}
	return bin;
}

lm_status lm_launch_kernel(cl_command_queue queue, cl_kernel kernel, size_t threads, size_t wg,
			   const char *device, bool *events_broken, int flags, lm_launch_cost *cost,
			   double *seconds, double *host_s)
{
	return lm_launch_kernel_nd(queue, kernel, 1, &threads, &wg, device, events_broken, flags, cost, seconds,
				   host_s);
}

lm_status lm_launch_kernel_nd(cl_command_queue queue, cl_kernel kernel, cl_uint dims, const size_t *global,
			      const size_t *local, const char *device, bool *events_broken, int flags,
			      lm_launch_cost *cost, double *seconds, double *host_s)
{
	cl_int err;
	/* the host times the launch itself only where it must: then nothing
	 * queued before it may count */
	if (*events_broken && (err = clFinish(queue)) != CL_SUCCESS)
		return lm_fail_cl(err, "clFinish", "before a launch");
	cl_event ev;
	double h0 = lm_launch_now();
	err = clEnqueueNDRangeKernel(queue, kernel, dims, NULL, global, local, 0, NULL, &ev);
	if (err != CL_SUCCESS)
		return lm_fail_cl(err, "clEnqueueNDRangeKernel", device);
	err = clWaitForEvents(1, &ev);
	*host_s = lm_launch_now() - h0;
	if (flags & LM_LAUNCH_TRIAL) {
		cost->trials += *host_s;
		cost->ntrials++;
	} else {
		cost->timed += *host_s;
		cost->ntimed++;
	}
	cl_ulong t0 = 0, t1 = 0;
	if (err == CL_SUCCESS)
		err = clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof t0, &t0, NULL);
	if (err == CL_SUCCESS)
		err = clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof t1, &t1, NULL);
	clReleaseEvent(ev);
	if (err != CL_SUCCESS)
		return lm_fail_cl(err, "kernel timing", device);
	*seconds = (double)(t1 - t0) * 1e-9;
	/* Mesa 22's rusticl, for one, stamps events 0, 1, 2, 3 ns: a launch
	 * the host saw last long cannot have taken under 2 us and under a
	 * hundredth of that (a loaded host alone, descheduled while it waits,
	 * can make the second true: seen with PoCL on two busy cores) */
	if (!*events_broken && *host_s > 2e-4 && *seconds < 2e-6 && *seconds < *host_s / 100) {
		static bool told; /* once a run, not once a mix */
		*events_broken = true;
		if (!told)
			fprintf(stderr, "latmix: %s's profiling events say a launch took %.3g s; the host timed it at "
				"%.3g s: timing every launch with the host's clock instead\n", device, *seconds,
				*host_s);
		told = true;
	}
	if (*events_broken)
		*seconds = *host_s;
	return LM_OK;
}

lm_status lm_launch_sync(const uint32_t *sync, unsigned groups, const char *what, lm_launch_out *out)
{
	if (sync[0] != groups)
		return lm_fail(LM_ECHECK, "%s: %u of %u work-groups counted themselves in: the launch did "
			       "not run as built", what, sync[0], groups);
	out->groups = groups;
	out->started_at_end = sync[0];
	for (unsigned g = 0; g < groups; g++)
		if (sync[1 + g] < out->started_at_end)
			out->started_at_end = sync[1 + g];
	return LM_OK;
}

lm_launch_record lm_launch_read_record(const cl_ulong *rec, size_t nwarps, double hz, unsigned cus,
				       unsigned *per_cu, size_t per_cu_len)
{
	lm_launch_record r = { .have = true, .lo = ~0u, .lo_cpi = INFINITY };
	memset(per_cu, 0, per_cu_len * sizeof *per_cu);
	for (size_t w = 0; w < nwarps; w++) {
		const cl_ulong *x = rec + LM_LAUNCH_REC * w;
		double cyc = x[3] ? (double)x[3] : (double)(x[2] - x[1]) * 1e-9 * hz;
		r.cycles += (double)x[3];
		r.ns += (double)(x[2] - x[1]);
		r.iters += (double)x[4];
		if (cyc > 0)
			r.iter_rate += (double)x[4] / cyc;
		if (x[3] && x[4]) {
			r.lo_cpi = fmin(r.lo_cpi, (double)x[3] / (double)x[4]);
			r.hi_cpi = fmax(r.hi_cpi, (double)x[3] / (double)x[4]);
		}
		if (x[0] < per_cu_len)
			per_cu[x[0]]++;
	}
	if (r.hi_cpi == 0)
		r.lo_cpi = 0;
	for (size_t c = 0; c < per_cu_len; c++) {
		if (!per_cu[c])
			continue;
		r.ncu++;
		r.lo = per_cu[c] < r.lo ? per_cu[c] : r.lo;
		r.hi = per_cu[c] > r.hi ? per_cu[c] : r.hi;
	}
	r.iter_rate /= cus;
	return r;
}

double lm_launch_median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof *v, lm_number_cmp);
	return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

static unsigned long clamp_length(double x, unsigned long max)
{
	return (unsigned long)fmax(1.0, fmin(x, (double)max));
}

/* A length that makes a launch last about the target, from trial launches
 * of growing length; the last trial's result in *trial. */
static lm_status size_length(const lm_point_plan *p, unsigned long *length, lm_launch_out *trial)
{
	unsigned long q = 1;
	lm_status s;
	for (;;) {
		if ((s = p->launch(p->ctx, q, LM_LAUNCH_TRIAL | LM_LAUNCH_NO_RECORD, trial)) != LM_OK)
			return s;
		if (trial->seconds >= p->target / 8 || trial->seconds >= p->floor_s * 10 ||
		    q >= p->max_length / 8)
			break;
		q *= 8;
	}
	*length = clamp_length((double)q * p->target / fmax(trial->seconds, 1e-9), p->max_length);
	return LM_OK;
}

/* Sizes the length (or takes the carried one) and warms the kernel up
 * until two launches in a row agree on the rate: a kernel's first launches
 * can pay for first touch, buffer migration or a clock ramping up (PoCL's
 * first curve of a mix ran at half the speed of the next). */
static lm_status prepare(const lm_point_plan *p, unsigned long *length)
{
	lm_launch_out lo = { 0 };
	lm_status s;
	*length = p->sized ? 1 : p->max_length;
	if (p->sized && p->carried)
		*length = clamp_length((double)p->carried, p->max_length);
	else if (p->sized && (s = size_length(p, length, &lo)) != LM_OK)
		return s;
	if (!p->warm)
		return LM_OK;
	const int trial = LM_LAUNCH_TRIAL | LM_LAUNCH_NO_RECORD;
	if ((s = p->launch(p->ctx, *length, trial, &lo)) != LM_OK)
		return s;
	if (p->sized && lo.seconds < 0.5 * p->target && *length < p->max_length) {
		/* the trial was mostly launch overhead */
		*length = clamp_length((double)*length * p->target / fmax(lo.seconds, 1e-9), p->max_length);
		if ((s = p->launch(p->ctx, *length, trial, &lo)) != LM_OK)
			return s;
	}
	for (int k = 0; k < WARMUP_MAX; k++) {
		double before = lo.work / fmax(lo.seconds, 1e-12);
		if ((s = p->launch(p->ctx, *length, trial, &lo)) != LM_OK)
			return s;
		double after = lo.work / fmax(lo.seconds, 1e-12);
		if (fabs(after / before - 1) <= WARMUP_SETTLED)
			break;
	}
	return LM_OK;
}

/* The lesser of two fastest times; 0 (not known) if either is not known
 * (-1: none yet). */
static double fastest(double a, double b)
{
	return a < 0 ? b : a > 0 && b > 0 ? fmin(a, b) : 0;
}

/* The figures of a point's timed launches, one a repeat, in one block:
 * repeats_alloc allocates them, repeats_free releases them. */
typedef struct {
	double *times, *rate, *rec_rate, *overhead, *grown;
	double fast_long, fast_short; /* their fastest kernels (0: not known, -1: none yet) */
} repeat_log;

/* A log for reps repeats, no fastest kernel yet. */
static lm_status repeats_alloc(int reps, repeat_log *kept)
{
	double *times = malloc(5 * (size_t)reps * sizeof *times);
	if (!times)
		return lm_fail(LM_ENOMEM, "out of memory");
	*kept = (repeat_log){ times, times + reps, times + 2 * reps, times + 3 * reps, times + 4 * reps,
			      -1, -1 };
	return LM_OK;
}

/* Releases what repeats_alloc allocated. */
static void repeats_free(repeat_log *kept)
{
	free(kept->times);
}

/* The length for the repeats when the first ones at the carried length
 * missed the target: their launches move from the timed cost to the
 * trials', and the length is sized from the long one. */
static unsigned long retry_length(const lm_point_plan *p, bool pair, const lm_launch_out *lo,
				  const lm_launch_out *shortl, unsigned long length)
{
	p->cost->timed -= lo->host_s + shortl->host_s;
	p->cost->trials += lo->host_s + shortl->host_s;
	p->cost->ntimed -= pair ? 2 : 1;
	p->cost->ntrials += pair ? 2 : 1;
	return clamp_length((double)length * p->target / fmax(lo->seconds, 1e-9), p->max_length);
}

/* Adds what a launch's warps recorded (if any) to out; the records' rate
 * into *rec_rate. */
static void keep_record(const lm_launch_record *rec, lm_point_timing *out, double *rec_rate)
{
	if (!rec->have)
		return;
	out->recorded = true;
	out->cycles += rec->cycles;
	out->ns += rec->ns;
	out->lo_cu = rec->lo < out->lo_cu ? rec->lo : out->lo_cu;
	out->hi_cu = rec->hi > out->hi_cu ? rec->hi : out->hi_cu;
	out->ncu = rec->ncu > out->ncu ? rec->ncu : out->ncu;
	if (rec->hi_cpi > 0) {
		out->lo_cpi = fmin(out->lo_cpi, rec->lo_cpi);
		out->hi_cpi = fmax(out->hi_cpi, rec->hi_cpi);
	}
	*rec_rate = rec->iter_rate;
}

/* Keeps repeat r, the long launch lo and (pair) the short one shortl: its
 * time and rate in kept, its work, groups and records in out. */
static void keep_repeat(repeat_log *kept, int r, bool pair, const lm_launch_out *lo,
			const lm_launch_out *shortl, lm_point_timing *out)
{
	kept->times[r] = lo->seconds;
	out->work += lo->work;
	out->groups = lo->groups;
	out->started = lo->started_at_end < out->started ? lo->started_at_end : out->started;
	if (pair) {
		/* the steady rate: what the long launch did beyond the short one */
		double dt = lo->seconds - shortl->seconds, dw = lo->work - shortl->work;
		kept->rate[r] = dt > 0 && dw > 0 ? dw / dt : lo->work / lo->seconds;
		kept->overhead[r] = lo->seconds - lo->work / kept->rate[r];
		kept->grown[r] = (lo->seconds - shortl->seconds) / lo->seconds;
		kept->fast_long = fastest(kept->fast_long, lo->fastest);
		kept->fast_short = fastest(kept->fast_short, shortl->fastest);
	} else {
		kept->rate[r] = lo->work / lo->seconds;
	}
	keep_record(&lo->rec, out, &kept->rec_rate[r]);
}

/* Do the first two repeats agree within the plan's settle percent (on the
 * records' rates where it times per warp)? */
static bool settled(const lm_point_plan *p, const repeat_log *kept)
{
	double x = p->per_warp ? kept->rec_rate[0] : kept->rate[0];
	double y = p->per_warp ? kept->rec_rate[1] : kept->rate[1];
	return fabs(x - y) <= 0.01 * p->settle * 0.5 * (x + y);
}

/* The point's figures from reps repeats at length: the times' median and
 * extremes, the median rates and overhead, the share the short launch
 * lacks. */
static void summarise(repeat_log *kept, unsigned long length, int reps, bool pair,
		      lm_point_timing *out)
{
	out->length = length;
	out->repeats = reps;
	out->paired = pair;
	out->time_min = INFINITY;
	for (int r = 0; r < reps; r++) {
		out->time_max = fmax(out->time_max, kept->times[r]);
		out->time_min = fmin(out->time_min, kept->times[r]);
	}
	out->time_med = lm_launch_median(kept->times, reps);
	out->rate = lm_launch_median(kept->rate, reps);
	out->rec_rate = out->recorded ? lm_launch_median(kept->rec_rate, reps) : NAN;
	out->overhead_s = pair ? lm_launch_median(kept->overhead, reps) : NAN;
	double fast_long = kept->fast_long, fast_short = kept->fast_short;
	out->fastest = pair && fast_long > 0 ? fast_long : 0;
	out->grown = !pair ? NAN
		     : fast_long > 0 && fast_short > 0 ? (fast_long - fast_short) / fast_long
							 : lm_launch_median(kept->grown, reps);
	if (out->hi_cpi == 0)
		out->lo_cpi = 0;
}

lm_status lm_point_time(const lm_point_plan *p, lm_point_timing *out)
{
	memset(out, 0, sizeof *out);
	out->lo_cpi = INFINITY;
	out->lo_cu = ~0u;
	out->started = ~0u;
	unsigned long length;
	lm_status s = prepare(p, &length);
	if (s != LM_OK)
		return s;
	bool pair = p->pair && length >= p->min_pair;
	int reps = p->repeats;
	repeat_log kept = { 0 };
	if ((s = repeats_alloc(reps, &kept)) != LM_OK)
		return s;
	bool resized = false;
	for (int r = 0; r < reps; r++) {
		lm_launch_out shortl = { 0 }, lo = { 0 };
		if (pair && (s = p->launch(p->ctx, length, LM_LAUNCH_SHORT | LM_LAUNCH_NO_RECORD, &shortl)) != LM_OK)
			break;
		if ((s = p->launch(p->ctx, length, LM_LAUNCH_TIMED, &lo)) != LM_OK)
			break;
		if (r == 0 && p->sized && !p->warm && !resized &&
		    (lo.seconds < 0.5 * p->target || lo.seconds > 2 * p->target)) {
			/* the carried length missed the target: these launches were
			 * trials, the repeats start again at a length from them */
			resized = true;
			length = retry_length(p, pair, &lo, &shortl, length);
			pair = p->pair && length >= p->min_pair;
			r = -1;
			continue;
		}
		keep_repeat(&kept, r, pair, &lo, &shortl, out);
		if (r == 1 && p->settle > 0 && reps > 2 && settled(p, &kept)) {
			/* two timed launches that agree end the point early */
			reps = 2;
			break;
		}
	}
	if (s == LM_OK)
		summarise(&kept, length, reps, pair, out);
	repeats_free(&kept);
	return s;
}

void lm_point_row(const lm_device *d, unsigned warps, unsigned groups, unsigned per_group, size_t wg,
		  const lm_point_timing *t, const char *timing, bool events_broken,
		  const lm_sysclock *sysclock, double sys_before, double sys_after, lm_row *row)
{
	memset(row, 0, sizeof *row);
	row->warps = warps;
	row->groups_per_cu = groups;
	row->warps_per_group = per_group;
	row->work_group_size = (unsigned)wg;
	row->compute_units = d->compute_units;
	row->simd_width = d->simd_width;
	row->repeats = t->repeats;
	row->time_med = t->time_med;
	row->time_min = t->time_min;
	row->time_max = t->time_max;
	row->overhead_s = t->overhead_s;
	row->warp_fastest = row->warp_slowest = row->elements_per_s = NAN;
	row->resident_groups = row->resident_warps = row->local_bytes = row->group_wait = NAN;
	snprintf(row->timing, sizeof row->timing, "%s", timing);
	snprintf(row->timer, sizeof row->timer, "%s", events_broken ? "host" : "events");
	row->started_at_first_end = t->started;
	snprintf(row->coresident, sizeof row->coresident, "%s",
		 t->started == groups * d->compute_units ? "yes" : "no");
	if (t->recorded && t->cycles > 0) {
		row->clock_mhz = t->cycles / t->ns * 1e3;
		row->clock_source = d->kclock == LM_KCLOCK_NV ? "%clock64/%globaltimer" : "s_memtime/s_memrealtime";
	} else {
		bool live;
		row->clock_mhz = lm_sysclock_mean(sys_before, sys_after, d->max_clock_mhz, &live);
		row->clock_source = live ? lm_sysclock_source(sysclock) : "reported maximum";
	}
	if (t->recorded) {
		if (t->lo_cu == warps && t->hi_cu == warps && t->ncu == d->compute_units)
			snprintf(row->spread, sizeof row->spread, "even");
		else
			snprintf(row->spread, sizeof row->spread, "uneven %u-%u on %u CUs", t->lo_cu, t->hi_cu,
				 t->ncu);
	} else {
		snprintf(row->spread, sizeof row->spread, "unverified");
	}
}

void lm_carry_add(lm_carry *c, unsigned warps, unsigned long length, double seconds)
{
	unsigned j = c->n++ % LM_CARRY_POINTS;
	c->p[j].warps = warps;
	c->p[j].length = length;
	c->p[j].seconds = seconds;
}

unsigned long lm_carry_length(const lm_carry *c, unsigned warps, double target, double (*scale)(double))
{
	int near = -1;
	unsigned n = c->n < LM_CARRY_POINTS ? c->n : LM_CARRY_POINTS, best = 0;
	for (unsigned i = 0; i < n; i++) {
		unsigned j = (c->n - 1 - i) % LM_CARRY_POINTS, w = c->p[j].warps;
		unsigned d = w > warps ? w - warps : warps - w;
		if (c->p[j].seconds > 0 && (near < 0 || d < best))
			near = (int)j, best = d;
	}
	if (near < 0)
		return 0;
	return (unsigned long)fmax(1.0, (double)c->p[near].length * target / c->p[near].seconds *
						scale((double)c->p[near].warps / (double)warps));
}
