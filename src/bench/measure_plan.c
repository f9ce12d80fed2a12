/* measure_plan: what a mix's point can be on a device: its timing mode,
 * the chase's footprint and the store mixes' sink, and an occupancy as
 * work-groups of warps every CU holds at once. */
#include "bench/measure.h"
#include "bench/measure_parts.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* A CPU's default buffers: the chase and the store mixes' sink within 768
 * MiB together (a quick sweep's chase within 256), so that a run with
 * PoCL's compiler and the host copies keeps within 1 GiB. */
#define CPU_CHASE_MAX (512ull << 20)
#define CPU_QUICK_CHASE_MAX (256ull << 20)
#define CPU_SINK_MAX (256ull << 20)

static const char *const timing_names[] = { "auto", "fixed-time", "stop-flag", "fixed-work" };

const char *lm_timing_name(lm_timing t)
{
	return (unsigned)t < sizeof timing_names / sizeof timing_names[0] ? timing_names[t] : "?";
}

lm_status lm_timing_parse(const char *s, lm_timing *out)
{
	for (unsigned i = 0; i < sizeof timing_names / sizeof timing_names[0]; i++)
		if (strcmp(s, timing_names[i]) == 0) {
			*out = (lm_timing)i;
			return LM_OK;
		}
	return lm_fail(LM_EUSAGE, "--timing '%s': expected auto, fixed-time, stop-flag or fixed-work", s);
}

lm_status lm_timing_resolve(const lm_device *d, lm_timing t, lm_timing *out)
{
	if (t == LM_TIMING_FIXED_TIME && d->kclock == LM_KCLOCK_NONE)
		return lm_fail(LM_EUSAGE, "--timing fixed-time: %s has no clock latmix's kernels can read "
			       "(stop-flag needs none)", d->name);
	if (t == LM_TIMING_AUTO) {
		/* stop-flag on every GPU, clock or none: one method everywhere. On
		 * the H200 fixed-time's per-warp rates summed to 4.0016 adds per
		 * cycle per SM at 64 warps with 4 chains, above the SM's 4.0 peak
		 * (warps that start early run their first iterations with the SM
		 * half empty); stop-flag measured 3.928 there and agreed with it
		 * within 1% elsewhere (studies/timing-comparison/).
		 * A CPU runtime runs a work-group's work-items one after another and
		 * work-groups to completion, so the first to reach a quota would stop
		 * the rest before they ran: there, every warp does the same work. */
		if (d->type & CL_DEVICE_TYPE_CPU)
			t = LM_TIMING_FIXED_WORK;
		else
			t = LM_TIMING_STOP_FLAG;
	}
	*out = t;
	return LM_OK;
}

static unsigned long long max_footprint(const lm_device *d)
{
	unsigned long long cap = d->max_alloc > PAD_BYTES ? d->max_alloc - PAD_BYTES : 0;
	unsigned long long words = (unsigned long long)LM_CHASE_MAX_WORDS * 4;
	return cap < words ? cap : words;
}

unsigned lm_meas_spread_chains(const lm_mix *mix, unsigned chains)
{
	/* on an H200 the stream alone, on one chain's 1.1 GB, read up to 5.1
	 * TB/s, above its HBM's 4.8; on 2.2 GB up to 4.7; on 4.4 and 8.5 GB a
	 * smooth 4.3 (studies/stream-first/): likely its
	 * warps drift a pass apart on a short buffer and read each other's
	 * lines from L2 */
	return mix->step == LM_STEP_STREAM && chains < LM_MEAS_STREAM_SPREAD ? LM_MEAS_STREAM_SPREAD : chains;
}

unsigned long long lm_meas_default_footprint(const lm_device *d, bool quick, unsigned chains)
{
	/* eight times the cache, and (a GPU, not quick) 1 GiB at least: a
	 * CPU's cache is its last level's, which eight times outrun (and a
	 * CPU's buffers are the host's memory, which a two-core machine has
	 * little of) */
	unsigned long long want = 8 * d->cache_size, pow2 = 1;
	/* a power of two of bytes is one of lines, which the chase's bijection
	 * maps in one step a line, not two (cl/perm.h): taken where it keeps
	 * 6.4 times the cache (PoCL's 2080 MiB on two cores took 3.4 s to
	 * write, 2048 MiB 1.5 s) */
	while (pow2 <= want / 2)
		pow2 *= 2;
	if (want && 5 * pow2 >= 4 * want)
		want = pow2;
	if (!quick && want < GIB && (d->type & CL_DEVICE_TYPE_GPU))
		want = GIB;
	/* room for every chain to run far from the next, quick or not: chains
	 * that drift together serve each other's loads from cache (a quick
	 * sweep held to 256 MiB gave the H200 7.7 TB/s, above its HBM) */
	unsigned long long spread = 1024ull * d->max_warps * d->compute_units * chains *
				    4ull * d->simd_width;
	if (want < spread)
		want = spread;
	unsigned long long cap = max_footprint(d);
	/* a CPU's buffers are the host's memory, and the cache PoCL reports
	 * may be a whole socket's shared L3 (260 and 480 MiB on cloud
	 * machines of two cores): eight of it would be 2-4 GiB, so a run keeps
	 * to a budget (issue 52) and says where that leaves the chase short
	 * of eight caches (lm_meas_footprint_note); the chains' spread too */
	if ((d->type & CL_DEVICE_TYPE_CPU) && cap > (quick ? CPU_QUICK_CHASE_MAX : CPU_CHASE_MAX))
		cap = quick ? CPU_QUICK_CHASE_MAX : CPU_CHASE_MAX;
	return want < cap ? want : cap;
}

bool lm_meas_footprint_note(const lm_device *d, unsigned long long footprint, char *buf, size_t size)
{
	if (!footprint || !d->cache_size || footprint >= 8 * d->cache_size)
		return false;
	snprintf(buf, size, "the chase's %.0f MiB is %.1f times the %.0f MiB cache %s reports, under the 8 "
		 "that keep its loads out of that cache: if the cache is this core's, part of them hit it "
		 "and the memory latency reads low (--footprint %lluM measures past it, that much memory)",
		 (double)footprint / (1 << 20), (double)footprint / (double)d->cache_size,
		 (double)d->cache_size / (1 << 20), d->name, 8 * d->cache_size >> 20);
	return true;
}

static bool is_prime(unsigned long long n)
{
	if (n < 2)
		return false;
	for (unsigned long long f = 2; f * f <= n; f++)
		if (n % f == 0)
			return false;
	return true;
}

/* The cache mixes' lines: half the cache d reports, and at least 16 lines
 * for every warp d holds at once, a prime number of lines at or above.
 * The least keeps a stream pass (a line a warp) many lines long: with a
 * prime count a warp comes back to a line only after every other line
 * (each wrap shifts it by whole lines), so a CU's L1 does not serve it.
 * NVIDIA's OpenCL reports 4.1 MiB for the H100's and H200's 50 MB L2
 * (whitepaper): the least, 16.5 MiB there, is what is measured, still in
 * L2 (studies/l2-latency/: 302 cycles a load at 16 MiB, 700 from DRAM);
 * where a cache is smaller than the buffer, the fit finds no hit (its
 * latency near memory's) and says so. */
static unsigned long long cache_lines(const lm_device *d)
{
	unsigned long long line = 4ull * d->simd_width, lines = d->cache_size / 2 / line;
	unsigned long long least = 16ull * d->max_warps * d->compute_units;
	if (lines < least)
		lines = least;
	while (!is_prime(lines))
		lines++;
	return lines;
}

bool lm_meas_cache_chase_holds(unsigned warps, unsigned chains)
{
	return warps == 1 && chains >= 1 && chains <= LM_MEAS_CACHE_CHAINS;
}

unsigned long long lm_meas_cache_footprint(const lm_device *d)
{
	unsigned long long bytes = cache_lines(d) * 4ull * d->simd_width;
	return bytes > max_footprint(d) ? 0 : bytes;
}

const char *lm_meas_cache_refusal(const lm_device *d)
{
	return lm_meas_cache_footprint(d) ? NULL : "its buffer would be larger than the device's largest allocation";
}

const char *lm_meas_mix_refusal(const lm_device *d, const lm_mix *m)
{
	if (m->cache)
		return lm_meas_cache_refusal(d);
	if (!m->group_warps)
		return NULL;
	static char why[128];
	if (m->group_warps > d->max_warps || (size_t)m->group_warps * d->simd_width > d->max_wg_size) {
		snprintf(why, sizeof why, "its work-groups of %u warps are more than the device holds on a CU or in a "
			 "group", m->group_warps);
		return why;
	}
	if (d->simd_width & (d->simd_width - 1))
		return "its rows are a warp's lanes, a power of two of them (this device's warp is not)";
	if ((unsigned long long)d->simd_width * LM_MEAS_SCATTER_ROW_WORDS * 4 > LM_MEAS_SINK_MIN)
		return "a warp's rows of it are more than its sink holds (the warp is too wide)";
	return NULL;
}

unsigned long long lm_meas_sink_bytes(const lm_device *d, unsigned long long footprint)
{
	/* the chase's footprint already outruns the cache, including one the
	 * device under-reports: NVIDIA's says 4 MiB for the H100's and H200's
	 * 50 MB L2, and the 32 MiB sink that 4 x that gave held most of the
	 * store mix's stores in L2, so they cost no DRAM traffic
	 * (studies/copy-gap/) */
	unsigned long long cap = GIB, bytes = LM_MEAS_SINK_MIN;
	if (d->max_alloc / 4 < cap)
		cap = d->max_alloc / 4;
	if ((d->type & CL_DEVICE_TYPE_CPU) && cap > CPU_SINK_MAX) /* the host's memory, as above */
		cap = CPU_SINK_MAX;
	while (2 * bytes <= footprint && 2 * bytes <= cap)
		bytes *= 2;
	return bytes;
}

lm_status lm_meas_check_footprint(const lm_device *d, unsigned long long bytes)
{
	unsigned long long line = 4ull * d->simd_width;
	if (bytes < 2 * line)
		return lm_fail(LM_EUSAGE, "footprint %llu bytes: less than two lines of %llu bytes",
			       bytes, line);
	if (bytes > max_footprint(d))
		return lm_fail(LM_EUSAGE, "footprint %.2f GiB: larger than %s allows (%.2f GiB: "
			       "largest allocation %.2f GiB, chase index range %.2f GiB)",
			       (double)bytes / GIB, d->name, (double)max_footprint(d) / GIB,
			       (double)d->max_alloc / GIB,
			       (double)LM_CHASE_MAX_WORDS * 4 / GIB);
	return LM_OK;
}

lm_status lm_meas_geometry(const lm_device *d, unsigned warps, unsigned group_warps,
			   unsigned *groups, unsigned *per_group)
{
	if (warps == 0 || warps > d->max_warps)
		return lm_fail(LM_EUSAGE, "%u warps per CU: %s holds 1 to %u (%s)", warps,
			       d->name, d->max_warps, d->max_warps_source);
	/* the fewest warps per group, so groups spread as finely as possible */
	for (unsigned w = group_warps ? group_warps : 1; w <= warps; w++) {
		if (group_warps && w != group_warps)
			break;
		if (warps % w || (size_t)w * d->simd_width > d->max_wg_size)
			continue;
		if (warps / w <= d->max_groups) {
			*groups = warps / w;
			*per_group = w;
			return LM_OK;
		}
	}
	if (group_warps)
		return lm_fail(LM_EUSAGE, "%u warps per CU: not a whole number of work-groups of %u warps, "
			       "at most %u of them, of at most %zu warps on %s", warps, group_warps,
			       d->max_groups, d->max_wg_size / d->simd_width, d->name);
	return lm_fail(LM_EUSAGE, "%u warps per CU: not a product of at most %u work-groups "
		       "of at most %zu warps on %s", warps, d->max_groups,
		       d->max_wg_size / d->simd_width, d->name);
}
