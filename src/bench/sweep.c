#include "base/number.h"
#include "bench/sweep.h"
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
#include "bench/kernels.h"
#include "asm/count.h"
#include "bench/kcount.h"
#include "bench/measure.h"
#include "fit/results.h"
#include "bench/userkernel.h"

#define MAX_MIXES 16
#define MAX_CHAINS 16

/* Default alphas: the full span for the main mix, fewer elsewhere. */
#define ALPHAS_FULL "0,1/4,1,2,4,8,16,32,64,128,256,512,inf"
#define ALPHAS_OTHER "0,1,4,16,64,256"
#define ALPHAS_CHAINS "0,4,16,64,inf"
#define ALPHAS_STORE "0,1/4,1,2,4,8,16,32,64,128,256,512"
#define ALPHAS_STORE_CHAINS "0,4,16,64"
#define QUICK_FULL "0,4,inf"
#define QUICK_OTHER "0,4"

typedef struct {
	const lm_mix *mix;
	unsigned chains[MAX_CHAINS];
	size_t nchains;
} plan_mix;

typedef struct {
	plan_mix mixes[MAX_MIXES];
	size_t nmixes;
	unsigned *warps;
	size_t nwarps;
} plan;

/* The occupancies: given, or every one the device can hold (quick: powers
 * of two and the maximum). */
static lm_status warps_list(const lm_sweep_config *o, const lm_device *d, plan *p)
{
	p->warps = malloc((d->max_warps + 1) * sizeof *p->warps);
	if (!p->warps)
		return lm_fail(LM_ENOMEM, "out of memory");
	unsigned g, w, gw = (unsigned)o->group_warps;
	if (o->warps && strcmp(o->warps, "max") != 0) {
		lm_status s = lm_number_uint_list("--warps", o->warps, 1u << 20, p->warps, d->max_warps + 1,
					      &p->nwarps);
		for (size_t i = 0; s == LM_OK && i < p->nwarps; i++) {
			if (p->warps[i] > d->max_warps)
				return lm_fail(LM_EUSAGE, "--warps %u: %s holds 1 to %u warps per CU (%s); "
					       "--max-warps overrides", p->warps[i], d->name, d->max_warps,
					       d->max_warps_source);
			s = lm_meas_geometry(d, p->warps[i], gw, &g, &w);
		}
		return s;
	}
	for (unsigned x = 1; x <= d->max_warps; x++) {
		bool want = !o->quick || (x & (x - 1)) == 0 || x == d->max_warps;
		if (want && lm_meas_geometry(d, x, gw, &g, &w) == LM_OK)
			p->warps[p->nwarps++] = x;
	}
	lm_error_clear();
	if (!p->nwarps)
		return lm_fail(LM_EUSAGE, "no occupancy from 1 to %u warps fits %s with --group-warps %u",
			       d->max_warps, d->name, gw);
	return LM_OK;
}

static lm_status mix_list(const lm_sweep_config *o, plan *p)
{
	if (!o->mix || strcmp(o->mix, "all") == 0) {
		for (int i = 0; lm_mix_at(i) && p->nmixes < MAX_MIXES; i++)
			p->mixes[p->nmixes++].mix = lm_mix_at(i);
		return LM_OK;
	}
	char buf[256];
	snprintf(buf, sizeof buf, "%s", o->mix);
	char *save = NULL;
	for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		const lm_mix *m = lm_mix_find(t);
		if (!m)
			return lm_fail(LM_EUSAGE, "--mix '%s': unknown (known: %s)", t, lm_mix_names());
		if (p->nmixes == MAX_MIXES)
			return lm_fail(LM_EUSAGE, "--mix '%s': too many", o->mix);
		p->mixes[p->nmixes++].mix = m;
	}
	if (!p->nmixes)
		return lm_fail(LM_EUSAGE, "--mix '%s': no mix", o->mix);
	return LM_OK;
}

static lm_status chains_lists(const lm_sweep_config *o, plan *p)
{
	for (size_t i = 0; i < p->nmixes; i++) {
		plan_mix *pm = &p->mixes[i];
		if (pm->mix->step == LM_STEP_STREAM) {
			pm->chains[0] = 1;
			pm->nchains = 1;
		} else if (o->chains) {
			lm_status s = lm_number_uint_list("--chains", o->chains, MAX_CHAINS, pm->chains,
						      MAX_CHAINS, &pm->nchains);
			if (s != LM_OK)
				return s;
		} else if (pm->mix->step == LM_STEP_GLOBAL && pm->mix->stride == 1 &&
			   !pm->mix->divergent) {
			/* gmem, and the store mixes beside it */
			static const unsigned full[] = { 1, 2, 4, 8 }, quick[] = { 1, 4 };
			pm->nchains = o->quick ? 2 : 4;
			memcpy(pm->chains, o->quick ? quick : full, pm->nchains * sizeof *pm->chains);
		} else {
			pm->chains[0] = 1;
			pm->nchains = 1;
		}
	}
	return LM_OK;
}

static const char *alphas_for(const lm_sweep_config *o, const plan_mix *pm, unsigned chains)
{
	if (pm->mix->step == LM_STEP_STREAM)
		return "0";
	if (o->alpha)
		return o->alpha;
	bool main_mix = strcmp(pm->mix->name, "gmem") == 0 && chains == 1;
	if (pm->mix->store_bytes) /* as gmem's, less alpha = inf: no memory, no store */
		return o->quick ? QUICK_OTHER : chains > 1 ? ALPHAS_STORE_CHAINS : ALPHAS_STORE;
	if (o->quick)
		return main_mix ? QUICK_FULL : QUICK_OTHER;
	return main_mix ? ALPHAS_FULL : chains > 1 ? ALPHAS_CHAINS : ALPHAS_OTHER;
}

static unsigned max_chains(const plan_mix *pm)
{
	unsigned k = 1;
	for (size_t i = 0; i < pm->nchains; i++)
		k = pm->chains[i] > k ? pm->chains[i] : k;
	return k;
}

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

static void iso_now(char *buf, size_t size)
{
	time_t t = time(NULL);
	strftime(buf, size, "%Y-%m-%dT%H:%M:%SZ", gmtime(&t));
}

static double since(const struct timespec *t0)
{
	struct timespec t1;
	clock_gettime(CLOCK_MONOTONIC, &t1);
	return (double)(t1.tv_sec - t0->tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0->tv_nsec);
}

static void add_cost(lm_meas_cost *sum, const lm_meas_cost *c)
{
	sum->setup += c->setup;
	sum->programs += c->programs;
	sum->timed += c->timed;
	sum->trials += c->trials;
	sum->readback += c->readback;
	sum->checks += c->checks;
	sum->ntimed += c->ntimed;
	sum->ntrials += c->ntrials;
}

static void write_metadata(FILE *f, const lm_sweep_config *o, const lm_device *d,
			   unsigned long long footprint)
{
	char date[32];
	iso_now(date, sizeof date);
	fprintf(f, "# latmix measurements\n# format = %d\n# tool_version = %s\n# commit = %s\n# date = %s\n",
		LM_RESULTS_FORMAT, LATMIX_VERSION, LATMIX_COMMIT, date);
	fprintf(f, "# device = %s\n# vendor = %s\n# platform = %s\n# device_type = %s\n"
		   "# driver = %s\n# opencl = %s\n", d->name, d->vendor, d->platform_name,
		lm_device_type_name(d->type), d->driver, d->version);
	if (d->nv_cc_major)
		fprintf(f, "# compute_capability = %d.%d\n", d->nv_cc_major, d->nv_cc_minor);
	fprintf(f, "# compute_units = %u\n# reported_clock_mhz = %u\n# simd_width = %u (%s)\n"
		   "# max_warps_per_cu = %u, max_groups_per_cu = %u (%s)\n# cache_bytes = %llu\n"
		   "# local_mem_bytes = %llu\n# footprint_bytes = %llu\n",
		d->compute_units, d->max_clock_mhz, d->simd_width, d->simd_source, d->max_warps,
		d->max_groups, d->max_warps_source, d->cache_size, d->local_mem, footprint);
	if (footprint) /* the mixes' sweep (a kernels' has no chase) */
		fprintf(f, "# sink_bytes = %llu\n", lm_meas_sink_bytes(d, footprint));
	fprintf(f, "# note = a global load's address is base + 4 * value: its integer address "
		   "arithmetic (one multiply-add on NVIDIA) is part of the measured memory latency\n");
	fprintf(f, "# note = cycles use each row's clock_mhz: measured where clock_source says so, "
		   "else the device's reported maximum\n");
	fprintf(f, "# note = with k chains a thread runs k independent chains: the model's "
		   "occupancy is warps_per_cu x chains\n");
	for (size_t i = 0; i < o->noptions; i++)
		fprintf(f, "# option.%s = %s\n", o->options[i].name, o->options[i].value);
}

static bool done_before(const lm_results *prev, const char *mix, unsigned chains, lm_alpha a,
			unsigned warps)
{
	for (size_t i = 0; i < prev->n; i++) {
		const lm_result *r = &prev->v[i];
		if (r->row.warps == warps && r->row.chains == chains && r->row.alpha.num == a.num &&
		    r->row.alpha.den == a.den && strcmp(r->mix, mix) == 0)
			return true;
	}
	return false;
}

#define MAX_FAILED 64

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

/* Everything the sweep needs, checked before a file is touched. */
typedef struct {
	const lm_sweep_config *o;
	lm_device d;
	plan p;
	lm_alpha *alphas[MAX_MIXES][MAX_CHAINS];
	size_t nalphas[MAX_MIXES][MAX_CHAINS];
	lm_meas_config base;
	size_t total;
	lm_meas_cost cost; /* summed over the mixes measured */
	char binary_dir[256]; /* kernels built ahead by other processes; "" if none */
	lm_file_inputs inputs; /* the kernel files read (none if embedded) */
	lm_user_desc *kern;     /* --kernel: the users' kernels, measured instead of the mixes */
	size_t nkern;
	char mix_dir[4200];   /* --kernel: where each kernel's counted loop goes (beside the
			       * results: DIR/mix-of); empty for results written to a device */
	/* --kernel: the kernels not measured, or not whole, and why the first was not */
	char failed[MAX_FAILED][LM_USER_NAME];
	size_t nfailed, nasked;
	lm_status first_failure;
	char first_why[1024];
	/* warnings said once, then counted: said again at the end */
	unsigned apart_curves, apart_points; /* curves with points not co-resident */
	unsigned falls;                      /* one-warp latencies falling with alpha */
} sweep;

#define MAX_KERNELS 32

/* Kernel label was not measured, or not whole (status s, the message
 * the last error's): said now, listed at the end; the others go on. */
static void kernel_failed(sweep *sw, const char *label, lm_status s)
{
	char why[1024];
	snprintf(why, sizeof why, "%s", lm_error_message());
	if (sw->nasked > 1) /* one kernel alone: its error is the command's */
		fprintf(stderr, "latmix: kernel %s: not measured: %s\n", label, why);
	if (!sw->nfailed) {
		sw->first_failure = s;
		snprintf(sw->first_why, sizeof sw->first_why, "%s", why);
	}
	if (sw->nfailed < MAX_FAILED)
		snprintf(sw->failed[sw->nfailed++], LM_USER_NAME, "%s", label);
	lm_guard_say("refused %s", label); /* a worker started again leaves it out */
	lm_error_clear();
}

/* --kernel: each kernel's description (the suite's every one for "all"),
 * read and checked, and a user's files inputs (not written over). */
static lm_status kernel_list(sweep *sw)
{
	const lm_sweep_config *o = sw->o;
	if (o->mix || o->alpha || o->chains || o->footprint || strcmp(o->timing, "auto") != 0)
		return lm_fail(LM_EUSAGE, "--kernel measures a user's kernel, not a mix: --mix, --alpha, "
			       "--chains, --footprint and --timing do not apply (a kernel's launches do fixed "
			       "work, timed beside a problem half the size)");
	if (o->size != 0 && (o->size < 2 || o->size != floor(o->size)))
		return lm_fail(LM_EUSAGE, "--size %.17g: expected a whole number of at least 2 (the short launch of "
			       "a point solves N / 2)", o->size);
	char suite[MAX_KERNELS][LM_USER_NAME], list[4096];
	char *spec[MAX_KERNELS];
	size_t n = 0;
	lm_status s = LM_OK;
	if (strcmp(o->kernel, "all") == 0) {
		if ((s = lm_user_suite(o->kernel_dir, suite, MAX_KERNELS, &n)) != LM_OK)
			return s;
		for (size_t i = 0; i < n; i++)
			spec[i] = suite[i];
	} else {
		snprintf(list, sizeof list, "%s", o->kernel);
		char *save = NULL;
		for (char *t = strtok_r(list, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
			if (n == MAX_KERNELS)
				return lm_fail(LM_EUSAGE, "--kernel: more than %d kernels", MAX_KERNELS);
			spec[n++] = t;
		}
	}
	if (!n)
		return lm_fail(LM_EUSAGE, "--kernel '%s': no kernel", o->kernel);
	sw->nasked = n;
	sw->kern = calloc(n, sizeof *sw->kern);
	if (!sw->kern)
		return lm_fail(LM_ENOMEM, "out of memory");
	for (size_t i = 0; i < n && s == LM_OK; i++) {
		lm_user_desc *d = &sw->kern[sw->nkern];
		lm_status ds = lm_user_describe(spec[i], o->kernel_dir, o->size, d);
		if (ds != LM_OK) {
			/* a kernel's own refusal costs that kernel */
			char file[4096], label[LM_USER_NAME];
			if (!lm_user_user_spec(spec[i], file, sizeof file, label))
				snprintf(label, sizeof label, "%.*s", LM_USER_NAME - 1, spec[i]);
			kernel_failed(sw, label, ds);
			continue;
		}
		for (size_t j = 0; j < sw->nkern && s == LM_OK; j++)
			if (strcmp(sw->kern[j].label, d->label) == 0)
				s = lm_fail(LM_EUSAGE, "--kernel: %s twice", d->label);
		if (s == LM_OK && !d->in_cl && (s = lm_file_input(&sw->inputs, d->source)) == LM_OK)
			s = lm_file_input(&sw->inputs, d->path);
		sw->nkern++;
	}
	if (s == LM_OK && !sw->nkern) /* every one refused: as the first said */
		return lm_fail(sw->first_failure, "%s", sw->first_why);
	return s;
}

/* The kernel files a sweep builds from are there to read (a missing
 * --kernel-dir is said before anything is written), and are inputs: the
 * results are not written over them. */
static lm_status kernel_files(sweep *sw)
{
	/* --kernel-dir is for the mixes' kernel; the chase buffer's are always
	 * latmix's own (measure.c, fill_on_device) */
	static const char *const names[] = { LM_MIX_KERNEL_FILE, "occupancy.h", "perm.h", "fill.cl" };
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		char *text, path[4200];
		const char *from;
		lm_status s = lm_kernel_source(i == 0 ? sw->o->kernel_dir : NULL, names[i], &text, &from);
		if (s != LM_OK)
			return s;
		free(text);
		snprintf(path, sizeof path, "%s/%s", from, names[i]);
		if (strcmp(from, "embedded") != 0 && (s = lm_file_input(&sw->inputs, path)) != LM_OK)
			return s;
	}
	return LM_OK;
}

/* A quick sweep's problems: 256 times smaller than described, but not
 * below twice the work-items of the device's most warps (an element a
 * work-item for the short launch), nor above what was described. */
static void quick_sizes(sweep *sw)
{
	double most = 2.0 * sw->d.max_warps * sw->d.compute_units * sw->d.simd_width;
	for (size_t i = 0; i < sw->nkern; i++) {
		double n = sw->kern[i].size;
		sw->kern[i].size = fmax(2, fmax(floor(n / 256), fmin(n, most)));
	}
}

static lm_status prepare(sweep *sw)
{
	const lm_sweep_config *o = sw->o;
	lm_status s;
	if (o->kernel) {
		if ((s = kernel_list(sw)) != LM_OK)
			return s;
	} else if ((s = mix_list(o, &sw->p)) != LM_OK || (s = chains_lists(o, &sw->p)) != LM_OK) {
		return s;
	}
	for (size_t i = 0; i < sw->p.nmixes; i++)
		for (size_t c = 0; c < sw->p.mixes[i].nchains; c++)
			if ((s = lm_alpha_parse_list(alphas_for(o, &sw->p.mixes[i], sw->p.mixes[i].chains[c]),
						     &sw->alphas[i][c], &sw->nalphas[i][c])) != LM_OK)
				return s;
	if ((s = lm_device_select(o->device, (unsigned)o->simd, (unsigned)o->max_warps, &sw->d)) != LM_OK)
		return s;
	if ((s = warps_list(o, &sw->d, &sw->p)) != LM_OK)
		return s;
	if (o->quick && o->size == 0)
		quick_sizes(sw);
	lm_timing timing;
	if ((s = lm_timing_parse(o->timing, &timing)) != LM_OK ||
	    (s = lm_timing_resolve(&sw->d, timing, &timing)) != LM_OK)
		return s;
	if (strcmp(o->warmup, "program") != 0 && strcmp(o->warmup, "point") != 0)
		return lm_fail(LM_EUSAGE, "--warmup '%s': expected program or point", o->warmup);
	sw->base = (lm_meas_config){ .launch_ms = o->launch_ms, .repeats = o->repeats, .timing = timing,
				     .settle = o->settle,
				     .warmup_every = strcmp(o->warmup, "point") == 0,
				     .kernel_dir = o->kernel_dir, .seed = 0x6c61746d6978ull,
				     .group_warps = (unsigned)o->group_warps };
	if (o->footprint) {
		if ((s = lm_number_size(o->footprint, &sw->base.footprint)) != LM_OK)
			return s;
	} else if (!sw->nkern) {
		unsigned k = 1;
		for (size_t i = 0; i < sw->p.nmixes; i++)
		{
			unsigned c = lm_meas_spread_chains(sw->p.mixes[i].mix, max_chains(&sw->p.mixes[i]));
			k = c > k ? c : k;
		}
		sw->base.footprint = lm_meas_default_footprint(&sw->d, o->quick, k);
	}
	for (size_t i = 0; i < sw->p.nmixes; i++) {
		lm_meas_config cfg = sw->base;
		cfg.mix = sw->p.mixes[i].mix;
		cfg.chains = max_chains(&sw->p.mixes[i]);
		if ((s = lm_meas_check_config(&sw->d, &cfg)) != LM_OK)
			return s;
		for (size_t c = 0; c < sw->p.mixes[i].nchains; c++)
			sw->total += sw->nalphas[i][c] * sw->p.nwarps;
	}
	sw->total += sw->nkern * sw->p.nwarps;
	return sw->nkern ? LM_OK : kernel_files(sw);
}

/* How many processes build the sweep's n kernels at once. Each process
 * first waits its turn to create a context (NVIDIA: about 0.3 s each, one
 * at a time), then builds n / jobs kernels (about 0.5 s each): the sum is
 * least near jobs = sqrt(2 n), within the host's cores. */
static unsigned build_jobs(const sweep *sw, size_t n)
{
	if (sw->o->build_jobs)
		return (unsigned)sw->o->build_jobs;
	lm_vendor v = sw->d.vendor_kind;
	bool gpu_driver = (sw->d.type & CL_DEVICE_TYPE_GPU) &&
			  (v == LM_VENDOR_NVIDIA || v == LM_VENDOR_AMD || v == LM_VENDOR_INTEL);
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	unsigned best = (unsigned)ceil(sqrt(2.0 * (double)n));
	unsigned cores = cpus < 16 ? (unsigned)cpus : 16;
	return gpu_driver && cpus > 1 ? (best < cores ? best : cores) : 1;
}

extern char **environ;

/* Starts `latmix kernel --save-binary DIR --alpha -`, its standard input
 * the build queue, its output discarded (a kernel that fails here is
 * built, and its error reported, when its point comes). */
static bool spawn_builder(const sweep *sw, int queue, pid_t *pid)
{
	const lm_sweep_config *o = sw->o;
	char dev[32], simd[16], maxw[16];
	snprintf(dev, sizeof dev, "%d:%d", sw->d.platform_index, sw->d.device_index);
	snprintf(simd, sizeof simd, "%d", o->simd);
	snprintf(maxw, sizeof maxw, "%d", o->max_warps);
	char *argv[16] = { "latmix", "kernel", "-d", dev, "--alpha", "-", "--save-binary",
			   (char *)sw->binary_dir, "--simd", simd, "--max-warps", maxw };
	int n = 12;
	if (o->kernel_dir) {
		argv[n++] = "--kernel-dir";
		argv[n++] = (char *)o->kernel_dir;
	}
	argv[n] = NULL;
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, queue, 0);
	posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
	int err = posix_spawn(pid, "/proc/self/exe", &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	return err == 0;
}

/* Builds every kernel the sweep will use (but those a resumed file has
 * all the points of) before it starts, into a temporary directory the
 * measurements load them from: the kernels go into a queue (a pipe) that
 * build_jobs() - 1 `latmix kernel` processes and this one (in the sweep's
 * context, made before the others start) take from, one kernel at a time.
 * NVIDIA's driver builds one kernel at a time in a process (0.2 to 0.5 s
 * each) and creates one context at a time on a GPU (about 0.3 s each), so
 * the processes that got their context first build more. Nothing here is
 * fatal: a kernel not built ahead is built when needed. */
static void build_ahead(sweep *sw, const lm_results *prev)
{
	struct timespec t0;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	/* the queue: at most what a pipe holds before anyone reads */
	enum { MAX_QUEUED = 65536 / LM_MEAS_QUEUE_RECORD };
	char(*queue)[LM_MEAS_QUEUE_RECORD] = malloc(MAX_QUEUED * sizeof *queue);
	size_t total = 0;
	for (size_t i = 0; queue && i < sw->p.nmixes; i++) {
		const plan_mix *pm = &sw->p.mixes[i];
		for (size_t c = 0; c < pm->nchains; c++)
			for (size_t a = 0; a < sw->nalphas[i][c] && total < MAX_QUEUED; a++) {
				bool t = !prev;
				for (size_t j = 0; j < sw->p.nwarps && !t; j++)
					t = !done_before(prev, pm->mix->name, pm->chains[c], sw->alphas[i][c][a],
							 sw->p.warps[j]);
				if (t)
					lm_meas_queue_record(pm->mix, pm->chains[c], sw->alphas[i][c][a],
							     queue[total++]);
			}
	}
	unsigned jobs = build_jobs(sw, total);
	const char *tmp = getenv("TMPDIR");
	int fds[2] = { -1, -1 };
	if (jobs <= 1 || total == 0 || !sw->base.context)
		goto done;
	snprintf(sw->binary_dir, sizeof sw->binary_dir, "%s/latmix-kernels-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(sw->binary_dir) || pipe(fds) != 0) {
		sw->binary_dir[0] = '\0';
		goto done;
	}
	bool queued = write(fds[1], queue, total * sizeof *queue) == (ssize_t)(total * sizeof *queue);
	close(fds[1]);
	unsigned started = 0, ok = 0, mine = 0;
	for (unsigned j = 1; queued && j < jobs; j++) {
		pid_t pid;
		if (!spawn_builder(sw, fds[0], &pid))
			break; /* no /proc/self/exe, say: this process builds them */
		started++;
	}
	lm_status s = queued ? lm_meas_save_queue(&sw->d, sw->base.context, sw->o->kernel_dir, fds[0],
						 sw->binary_dir, &mine)
			     : LM_EIO;
	lm_error_clear();
	close(fds[0]);
	for (unsigned j = 0; j < started; j++) {
		int st;
		if (wait(&st) < 0)
			break;
		ok += WIFEXITED(st) && WEXITSTATUS(st) == 0;
	}
	double t = since(&t0);
	sw->cost.programs += t;
	fprintf(stderr, "latmix: %zu kernels built ahead in %.1f s by this process (%u) and %u others%s\n",
		total, t, mine, started, ok < started || s != LM_OK ? "; some failed: those are built as needed" : "");
	sw->base.binary_dir = sw->binary_dir;
done:
	free(queue);
}

/* Removes the kernels build_ahead left. */
static void remove_binaries(sweep *sw)
{
	if (!sw->binary_dir[0])
		return;
	DIR *dir = opendir(sw->binary_dir);
	struct dirent *e;
	char path[512];
	while (dir && (e = readdir(dir)) != NULL) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		snprintf(path, sizeof path, "%s/%s", sw->binary_dir, e->d_name);
		remove(path);
	}
	if (dir)
		closedir(dir);
	rmdir(sw->binary_dir);
	sw->binary_dir[0] = '\0';
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

/* Measures one mix, every chains count, alpha and occupancy of the plan. */
static lm_status run_mix(sweep *sw, size_t i, FILE *f, const lm_results *prev, size_t *done_n,
			 size_t *measured, const struct timespec *t0)
{
	const plan_mix *pm = &sw->p.mixes[i];
	lm_meas_config cfg = sw->base;
	cfg.mix = pm->mix;
	cfg.chains = max_chains(pm);
	lm_meas *m;
	fprintf(stderr, "latmix: mix %s on %s: setting up...\n", pm->mix->name, sw->d.name);
	lm_status s = lm_meas_alloc(&sw->d, &cfg, &m);
	if (s != LM_OK)
		return s;
	fprintf(f, "# buffer = mix %s: %zu lines, written on the device in %.3f s\n",
		pm->mix->name, lm_meas_lines(m), lm_meas_build_time(m));

	bool tty = isatty(2);
	for (size_t c = 0; c < pm->nchains; c++) {
		unsigned k = pm->chains[c];
		/* one warp's cycles per group by alpha: more adds never shorten it */
		enum { MAX_ALPHAS = 64 };
		double alpha_lat[MAX_ALPHAS];
		lm_alpha alpha_at[MAX_ALPHAS];
		size_t alpha_lat_n = 0;
		for (size_t a = 0; a < sw->nalphas[i][c]; a++) {
			lm_alpha alpha = sw->alphas[i][c][a];
			char at[32];
			lm_alpha_format(alpha, at, sizeof at);
			double lo = INFINITY, hi = 0, lat1 = NAN;
			unsigned n_here = 0, apart = 0, apart_from = 0, first_n = 0;
			for (size_t j = 0; j < sw->p.nwarps; j++, (*done_n)++) {
				unsigned n = sw->p.warps[j];
				if (prev && done_before(prev, pm->mix->name, k, alpha, n))
					continue;
				lm_row row;
				if ((s = stopped()) != LM_OK)
					goto done;
				if ((s = lm_meas_point(m, alpha, k, n, &row)) == LM_EDEVICE) {
					/* this point cannot be measured as it must be: said, skipped */
					fprintf(stderr, "%slatmix: %s x%u alpha %s: skipped: %s\n", tty ? "\n" : "",
						pm->mix->name, k, at, lm_error_message());
					s = LM_OK;
					continue;
				}
				if (s != LM_OK)
					goto done;
				if ((s = lm_results_row(f, pm->mix->name, &row)) != LM_OK)
					goto done;
				(*measured)++;
				n_here++;
				if (strcmp(row.coresident, "no") == 0 && !apart++)
					apart_from = n;
				double ipc = alpha.den ? row.mem_ipc : row.alu_ipc;
				lo = fmin(lo, ipc);
				hi = fmax(hi, ipc);
				if (n_here == 1) /* the first occupancy measured here (a resume may skip some) */
					lat1 = row.cycles_per_group, first_n = n;
				if (tty)
					fprintf(stderr, "\r[%zu/%zu %3.0f%%, %.0f s, ~%.0f s left] %s x%u alpha %s, "
						"%u warps/CU: %.4g IPC   ", *done_n + 1, sw->total,
						100.0 * (double)(*done_n + 1) / (double)sw->total, since(t0),
						since(t0) / (double)*measured * (double)(sw->total - *done_n - 1),
						pm->mix->name, k, at, n, ipc);
			}
			if (tty)
				fputc('\n', stderr);
			if (n_here)
				fprintf(stderr, "%-12s x%u alpha %-5s %3u points: %s IPC %.4g .. %.4g per CU; "
					"%.1f cycles per %s at %u warp(s)\n", pm->mix->name, k, at, n_here,
					alpha.den ? "step" : "add", lo, hi, lat1, alpha.den ? "group" : "add",
					first_n);
			if (n_here && first_n == 1 && alpha.den && alpha_lat_n < MAX_ALPHAS) {
				alpha_lat[alpha_lat_n] = lat1;
				alpha_at[alpha_lat_n++] = alpha;
			}
			if (apart && !sw->apart_curves++)
				fprintf(stderr, "latmix: warning: %s x%u alpha %s: %u point(s) from %u warps/CU on "
					"were not co-resident: their work-groups ran in turns, not all at once (%s); "
					"see started_at_first_end (said once; the sweep's end counts the rest)\n",
					pm->mix->name, k, at, apart, apart_from,
					sw->d.type & CL_DEVICE_TYPE_CPU ? "a CPU runtime runs work-groups in turns on its cores"
					: "registers, local memory or a limit of the device's table");
			sw->apart_points += apart;
		}
		warn_not_monotonic(sw, pm->mix->name, k, alpha_at, alpha_lat, alpha_lat_n);
	}
	if (s == LM_OK)
		s = run_references(sw, i, m, f);
done:;
	lm_meas_cost c = lm_meas_costs(m);
	add_cost(&sw->cost, &c);
	lm_meas_free(m);
	return s;
}

/* The kernel's loop as the device builds it, counted in the model's
 * terms (asm/count.h), into mix_dir/LABEL.txt as `latmix kernel --mix-of`
 * prints it (the listing after), or the reason it cannot be counted:
 * what latmix report predicts the kernel from. A missing compiler is said
 * and the sweep goes on. */
static lm_status write_kernel_mix(sweep *sw, const lm_user_desc *desc)
{
	if (!sw->mix_dir[0])
		return LM_OK;
	if (mkdir(sw->mix_dir, 0777) != 0 && errno != EEXIST)
		return lm_fail(LM_EIO, "%s: %s", sw->mix_dir, strerror(errno));
	char path[4400], *src = NULL, *listing = NULL;
	size_t len = 0;
	snprintf(path, sizeof path, "%s/%s.txt", sw->mix_dir, desc->label);
	for (char *c = path + strlen(sw->mix_dir) + 1; *c; c++)
		if (*c == '/')
			*c = '_';
	lm_count m;
	memset(&m, 0, sizeof m);
	FILE *l = open_memstream(&listing, &len);
	lm_status s = l ? lm_kcount_desc_source(desc, sw->o->kernel_dir, &src) : lm_fail(LM_ENOMEM, "out of memory");
	if (s == LM_OK)
		s = lm_kcount_count(src, desc->name, NULL, &sw->d, l, &m);
	if (l)
		fclose(l);
	free(src);
	char why[1024];
	snprintf(why, sizeof why, "%s", s == LM_OK ? "" : lm_error_message());
	lm_error_clear();
	if (s != LM_OK && s != LM_EPARSE) /* written all the same, so report says why */
		fprintf(stderr, "latmix: kernel %s: its loop not counted (latmix report will not predict it): "
			"%s\n", desc->label, why);
	snprintf(m.label, sizeof m.label, "%s", desc->label);
	if (s == LM_OK && m.regs.spill)
		fprintf(stderr, "latmix: kernel %s: under the register cap latmix builds with, so that every "
			"occupancy fits (doc/measure.md), ptxas spills %u bytes a thread to local memory: "
			"measured so, it may run slower than built without the cap (%u registers a thread, "
			"room for %u warps a CU)\n", desc->label, m.regs.spill, m.regs.own, m.regs.own_warps);
	lm_file_out *w;
	lm_status ws = lm_file_create(path, &sw->inputs, &w);
	if (ws == LM_OK) {
		FILE *f = lm_file_stream(w);
		if (s == LM_OK)
			lm_count_print(f, &m);
		else
			fprintf(f, "latmix kernel: %s\n", why);
		fprintf(f, "\n%s", listing ? listing : "");
		ws = lm_file_commit(w);
	}
	free(listing);
	/* and what report and predict read back: NAME.ini beside it */
	snprintf(path + strlen(path) - 4, 5, ".ini");
	if (ws == LM_OK && (ws = lm_file_create(path, &sw->inputs, &w)) == LM_OK) {
		lm_count_write_ini(lm_file_stream(w), m.label, s == LM_OK ? &m : NULL, why);
		ws = lm_file_commit(w);
	}
	return ws;
}

/* Measures a user's kernel at every occupancy of the plan. */
static lm_status run_kernel(sweep *sw, size_t i, FILE *f, const lm_results *prev, size_t *done_n,
			    size_t *measured, const struct timespec *t0)
{
	const lm_user_desc *desc = &sw->kern[i];
	const lm_sweep_config *o = sw->o;
	lm_user_config cfg = { .launch_ms = o->launch_ms, .repeats = o->repeats, .settle = o->settle,
			     .group_warps = (unsigned)o->group_warps, .warmup_every = sw->base.warmup_every,
			     .seed = sw->base.seed, .kernel_dir = o->kernel_dir, .time_limit = o->time_limit };
	fprintf(stderr, "latmix: kernel %s on %s: building, filling its buffers (N = %.0f)...\n", desc->label,
		sw->d.name, desc->size);
	lm_guard_say("kernel %s", desc->label);
	lm_user *k;
	lm_status s = lm_user_alloc(&sw->d, desc, &cfg, &k);
	if (s != LM_OK) {
		kernel_failed(sw, desc->label, s);
		return LM_OK;
	}
	char line[1024];
	lm_user_line(desc, line, sizeof line);
	fprintf(f, "# kernel = %s\n", line);
	bool tty = isatty(2);
	double lo = INFINITY, hi = 0, at_first = NAN;
	unsigned n_here = 0, first_n = 0;
	const lm_alpha zero = { 0, 1 };
	for (size_t j = 0; j < sw->p.nwarps; j++, (*done_n)++) {
		unsigned n = sw->p.warps[j];
		if (prev && done_before(prev, desc->label, 1, zero, n))
			continue;
		lm_row row;
		if ((s = stopped()) != LM_OK)
			break;
		s = lm_user_point(k, n, &row);
		lm_guard_say("point");
		if (s == LM_EDEVICE) {
			fprintf(stderr, "%slatmix: kernel %s, %u warps/CU: skipped: %s\n", tty ? "\n" : "",
				desc->label, n, lm_error_message());
			s = LM_OK;
			continue;
		}
		if (s != LM_OK) {
			/* the kernel's own failure: said in the file, the points before kept */
			fprintf(f, "# failed = %s at %u warps/CU: %s\n", desc->label, n, lm_error_message());
			kernel_failed(sw, desc->label, s);
			s = LM_OK;
			break;
		}
		if ((s = lm_results_row(f, desc->label, &row)) != LM_OK)
			break;
		(*measured)++;
		n_here++;
		if (row.overhead_s > 0.5 * row.time_med)
			fprintf(stderr, "%slatmix: warning: kernel %s, %u warps/CU: %.3g of a %.3g s launch is its "
				"start and end (atomics at its end?): its rate is the difference of two nearly "
				"equal times\n", tty ? "\n" : "", desc->label, n, row.overhead_s, row.time_med);
		lo = fmin(lo, row.bytes_per_s);
		hi = fmax(hi, row.bytes_per_s);
		if (n_here == 1) /* the first occupancy measured (the list's first, unless resumed) */
			at_first = row.cycles_per_group, first_n = n;
		if (tty)
			fprintf(stderr, "\r[%zu/%zu %3.0f%%, %.0f s] kernel %s, %u warps/CU: %.4g GB/s   ", *done_n + 1,
				sw->total, 100.0 * (double)(*done_n + 1) / (double)sw->total, since(t0), desc->label,
				n, row.bytes_per_s * 1e-9);
	}
	if (tty)
		fputc('\n', stderr);
	if (n_here)
		fprintf(stderr, "%-12s %3u points: %.4g .. %.4g GB/s; %.1f cycles per element a lane at %u "
			"warp%s\n", desc->label, n_here, lo * 1e-9, hi * 1e-9, at_first, first_n,
			first_n == 1 ? "" : "s");
	lm_meas_cost c = lm_user_costs(k);
	add_cost(&sw->cost, &c);
	lm_user_free(k);
	return s == LM_OK ? write_kernel_mix(sw, desc) : s;
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

/* Where the sweep's seconds went, as one line (no newline). */
static void print_cost(FILE *f, const lm_meas_cost *c, double total)
{
	double rest = total - c->setup - c->programs - c->timed - c->trials - c->readback - c->checks;
	fprintf(f, "setup %.2f s, kernel builds %.2f s, timed launches %.2f s (%lu), trials and "
		   "warm-ups %.2f s (%lu), read-back %.2f s, starts and checks %.2f s, the rest %.2f s",
		c->setup, c->programs, c->timed, c->ntimed, c->trials, c->ntrials, c->readback,
		c->checks, rest);
}

/* What --resume continues: the whole lines of a file (the sweep's partial
 * file, else its finished one) and the points they hold. */
typedef struct {
	char *text;       /* the file's whole lines: the new partial file starts with them */
	size_t len;
	char dropped[48]; /* the start of a last line cut short (no newline), left out */
	lm_results prev;
} resumed;

static lm_status read_resumed(const char *src, resumed *r)
{
	lm_status s = lm_read_text(src, &r->text);
	if (s != LM_OK)
		return s;
	size_t n = strlen(r->text);
	r->len = n;
	while (r->len && r->text[r->len - 1] != '\n')
		r->len--;
	if (r->len < n)
		snprintf(r->dropped, sizeof r->dropped, "%.40s%s", r->text + r->len, n - r->len > 40 ? "..." : "");
	if (!r->len)
		return lm_fail(LM_EPARSE, "%s: not one whole line: not a latmix results file", src);
	FILE *m = fmemopen(r->text, r->len, "r");
	if (!m)
		return lm_fail(LM_ENOMEM, "out of memory");
	s = lm_results_read_stream(m, src, &r->prev);
	fclose(m);
	return s;
}

static bool plans_stores(const plan *p)
{
	for (size_t i = 0; i < p->nmixes; i++)
		if (p->mixes[i].mix->store_bytes)
			return true;
	return false;
}

static bool holds_stores(const lm_results *r)
{
	for (size_t i = 0; i < r->n; i++) {
		const lm_mix *m = lm_mix_find(r->v[i].mix);
		if (m && m->store_bytes)
			return true;
	}
	return false;
}

/* May this sweep add its points to prev, read from src? Only with the
 * same columns, device and footprint, and every option that changes what
 * a point measures (LM_OPTION_DEFINES) as src's '# option.' lines say;
 * which points (LM_OPTION_SELECTS) may differ. LM_EUSAGE saying what
 * differs and what to do. */
/* Each kernel of the sweep the file holds was measured as it is described
 * now: its '# kernel' lines (function, source, N, elements, bytes, and the
 * hash of its description and source) are this sweep's. */
static lm_status check_kernels_resumable(const sweep *sw, const char *src, const lm_results *prev,
					 const char *instead)
{
	for (size_t i = 0; i < sw->nkern; i++) {
		const lm_user_desc *d = &sw->kern[i];
		size_t len = strlen(d->label);
		for (size_t m = 0; m < prev->nmeta; m++) {
			const char *v = prev->meta[m].value;
			if (strcmp(prev->meta[m].key, "kernel") != 0 || strncmp(v, d->label, len) != 0 || v[len] != ':')
				continue;
			if (lm_user_line_matches(d, v))
				continue;
			char now[1024];
			lm_user_line(d, now, sizeof now);
			return lm_fail(LM_EUSAGE, "--resume: %s measured kernel %s as '%s'; it is now '%s' (its "
				       "description, source or N changed): its points would not be those of the "
				       "file; %s", src, d->label, v, now, instead);
		}
	}
	return LM_OK;
}

static lm_status check_resumable(const sweep *sw, const char *src, const lm_results *prev)
{
	static const char *const instead = "measure into another file (-o), or without --resume: "
					   "the file is replaced when the new sweep is whole";
	if (!prev->columns_current)
		return lm_fail(LM_EUSAGE, "--resume: %s has the columns of another latmix (%s%s%s), not those "
			       "this one writes: its rows and this sweep's cannot share the file; %s", src,
			       prev->columns_note, prev->tool_version[0] ? ", latmix " : "", prev->tool_version,
			       instead);
	if (strcmp(prev->device, sw->d.name) != 0)
		return lm_fail(LM_EUSAGE, "--resume: %s holds measurements of '%s', not of '%s'", src,
			       prev->device, sw->d.name);
	char mine[64];
	snprintf(mine, sizeof mine, "%llu", sw->base.footprint);
	if (strcmp(prev->footprint, mine) != 0)
		return lm_fail(LM_EUSAGE, "--resume: %s was measured over a footprint of %s bytes, this sweep's "
			       "is %s (--footprint, --quick): its points would not be those of the file; %s",
			       src, prev->footprint[0] ? prev->footprint : "unknown", mine, instead);
	/* a file written before the sink was recorded: its store mix wrote
	 * into 4 x the reported cache (32 MiB on an H100), held in L2 */
	snprintf(mine, sizeof mine, "%llu", lm_meas_sink_bytes(&sw->d, sw->base.footprint));
	const char *sink = lm_results_meta_value(prev, "sink_bytes");
	if ((!sink || strcmp(sink, mine) != 0) && (plans_stores(&sw->p) || holds_stores(prev)))
		return lm_fail(LM_EUSAGE, "--resume: %s's store mix wrote into a buffer of %s bytes, this "
			       "sweep's would write into %s: its store points would not be those of the file; %s",
			       src, sink ? sink : "unrecorded", mine, instead);
	for (size_t k = 0; k < sw->o->ndefines; k++) {
		const char *name = sw->o->defines[k].name, *value = sw->o->defines[k].value;
		char key[64];
		snprintf(key, sizeof key, "option.%s", name);
		const char *theirs = lm_results_meta_value(prev, key);
		if (!theirs)
			return lm_fail(LM_EUSAGE, "--resume: %s has no '# %s' line, so whether its points were "
				       "measured with --%s '%s' is not known; %s", src, key, name, value, instead);
		if (strcmp(theirs, value) != 0)
			return lm_fail(LM_EUSAGE, "--resume: %s was measured with --%s '%s', this sweep asks for "
				       "'%s': give --%s '%s' to continue it, or %s", src, name, theirs, value, name,
				       theirs, instead);
	}
	return check_kernels_resumable(sw, src, prev, instead);
}

/* The '# resumed = ' line: when, what was there, and which points this
 * run asks for (the header's option lines are the first run's). */
static void write_resumed(FILE *f, const sweep *sw, const char *src, const resumed *r)
{
	char date[32];
	iso_now(date, sizeof date);
	fprintf(f, "# resumed = %s, %zu points already in %s%s%s%s; this run's points:", date, r->prev.n,
		src, r->dropped[0] ? " (its last line, cut short, left out: '" : "", r->dropped,
		r->dropped[0] ? "')" : "");
	bool any = false;
	for (size_t k = 0; k < sw->o->nselects; k++) {
		const char *name = sw->o->selects[k].name, *value = sw->o->selects[k].value;
		if (!value[0] || strcmp(value, "no") == 0)
			continue;
		fprintf(f, strcmp(value, "yes") == 0 ? " --%s" : " --%s %s", name, value);
		any = true;
	}
	fputs(any ? "\n" : " the default sweep\n", f);
}

/* Where a sweep's rows go. */
typedef struct {
	char path[4096];    /* the results file, as named */
	char target[4096];  /* the file replaced: path, or the file its link points to */
	char partial[4200]; /* the rows until the sweep is whole: target.partial (a device: path) */
	bool direct;        /* path is a device or fifo: written directly */
	bool had_partial;   /* a partial file was there before this run */
	const char *src;    /* what --resume continues (partial, or path); NULL: a new sweep */
	resumed res;
} output;

/* Whether the plan measures the point of r (the warps list holds its
 * occupancy; its mix, chains and alpha are the plan's, or its kernel). */
static bool plan_has(const sweep *sw, const lm_result *r)
{
	bool warps = false;
	for (size_t j = 0; j < sw->p.nwarps && !warps; j++)
		warps = sw->p.warps[j] == r->row.warps;
	if (!warps)
		return false;
	for (size_t i = 0; i < sw->nkern; i++)
		if (strcmp(sw->kern[i].label, r->mix) == 0)
			return true;
	for (size_t i = 0; i < sw->p.nmixes; i++) {
		const plan_mix *pm = &sw->p.mixes[i];
		if (strcmp(pm->mix->name, r->mix) != 0)
			continue;
		for (size_t c = 0; c < pm->nchains; c++)
			for (size_t a = 0; pm->chains[c] == r->row.chains && a < sw->nalphas[i][c]; a++)
				if (sw->alphas[i][c][a].num == r->row.alpha.num && sw->alphas[i][c][a].den == r->row.alpha.den)
					return true;
	}
	return false;
}

/* A results file a new sweep would replace holds no point it does not
 * measure again (make run's sweep is not replaced by a quick one), or
 * --replace says to replace it anyway. */
static lm_status check_replace(const sweep *sw, const output *out)
{
	struct stat st;
	if (sw->o->replace || out->direct || stat(out->target, &st) != 0)
		return LM_OK;
	static const char *const ways = "--resume adds this sweep's points to it, -o names another file, "
					"--replace replaces it";
	lm_results prev;
	if (lm_results_read(out->target, &prev) != LM_OK) {
		char why[1024];
		snprintf(why, sizeof why, "%s", lm_error_message());
		return lm_fail(LM_EUSAGE, "%s: not results this latmix reads (%s): not replaced; %s", out->path, why,
			       ways);
	}
	size_t other = 0;
	char eg[256] = "";
	for (size_t i = 0; i < prev.n; i++) {
		const lm_result *r = &prev.v[i];
		if (plan_has(sw, r))
			continue;
		if (!other++) {
			char a[32];
			snprintf(eg, sizeof eg, "%s, %u chains, alpha %s, %u warps/CU", r->mix, r->row.chains,
				 lm_alpha_format(r->row.alpha, a, sizeof a), r->row.warps);
		}
	}
	size_t n = prev.n;
	lm_results_free(&prev);
	if (!other)
		return LM_OK;
	return lm_fail(LM_EUSAGE, "%s holds %zu points, %zu of them of another sweep than this one (%s, say): "
		       "replacing it would lose them; %s", out->path, n, other, eg, ways);
}

/* Whether a partial results file holds no point (and can go). */
static bool holds_no_point(const char *path)
{
	lm_results r;
	if (lm_results_read(path, &r) != LM_OK) {
		lm_error_clear();
		return false;
	}
	bool none = r.n == 0 && r.nref == 0;
	lm_results_free(&r);
	return none;
}

/* Names the sweep's files, and reads and checks what --resume continues:
 * all before anything is written. */
static lm_status choose_output(sweep *sw, output *out)
{
	const lm_sweep_config *o = sw->o;
	if (o->output) {
		snprintf(out->path, sizeof out->path, "%s", o->output);
	} else {
		char slug[128];
		lm_device_slug(&sw->d, slug, sizeof slug);
		snprintf(out->path, sizeof out->path, "results/%s/%s", slug,
			 sw->nkern ? "kernels.csv" : "measurements.csv");
	}
	lm_status s = lm_file_target(out->path, &sw->inputs, &out->direct, out->target, sizeof out->target);
	if (s != LM_OK)
		return s;
	snprintf(out->partial, sizeof out->partial, "%s%s", out->direct ? out->path : out->target,
		 out->direct ? "" : ".partial");
	if (sw->nkern && !out->direct) {
		const char *slash = strrchr(out->path, '/');
		snprintf(sw->mix_dir, sizeof sw->mix_dir, "%.*smix-of",
			 slash ? (int)(slash - out->path + 1) : 0, out->path);
	}
	out->had_partial = !out->direct && access(out->partial, F_OK) == 0;
	if (out->had_partial && holds_no_point(out->partial)) {
		/* a sweep stopped before its first point: nothing to continue */
		if (remove(out->partial) == 0) {
			fprintf(stderr, "latmix: %s held no point (a sweep stopped before its first): removed\n",
				out->partial);
			out->had_partial = false;
		}
	}
	if (!o->resume && (s = check_replace(sw, out)) != LM_OK)
		return s;
	if (o->resume && out->direct)
		return lm_fail(LM_EUSAGE, "--resume: %s is not a regular file: there is nothing to continue",
			       out->path);
	if (!o->resume && out->had_partial)
		return lm_fail(LM_EUSAGE, "%s holds the points of a sweep that did not finish: --resume "
			       "continues it (and then replaces %s); remove it to start afresh", out->partial,
			       out->path);
	out->src = !o->resume ? NULL : out->had_partial ? out->partial
			      : access(out->path, F_OK) == 0 ? out->path : NULL;
	if (!out->src)
		return LM_OK;
	if ((s = read_resumed(out->src, &out->res)) != LM_OK ||
	    (s = check_resumable(sw, out->src, &out->res.prev)) != LM_OK)
		return s;
	if (out->res.dropped[0])
		fprintf(stderr, "latmix: %s: its last line was cut short (no newline): left out: '%s'\n",
			out->src, out->res.dropped);
	return LM_OK;
}

/* The partial file, in place whole with its head (what --resume continues
 * and a '# resumed' line, or the metadata and the header), then open for
 * rows. */
static lm_status start_output(const sweep *sw, const output *out, FILE **f)
{
	lm_file_out *w;
	lm_status s = lm_sweep_parent_dirs(out->path);
	if (s != LM_OK || (s = lm_file_create(out->partial, &sw->inputs, &w)) != LM_OK)
		return s;
	if (out->src) {
		fwrite(out->res.text, 1, out->res.len, lm_file_stream(w));
		write_resumed(lm_file_stream(w), sw, out->src, &out->res);
	} else {
		write_metadata(lm_file_stream(w), sw->o, &sw->d, sw->base.footprint);
		lm_results_header(lm_file_stream(w));
	}
	s = lm_file_publish(w, f);
	lm_guard_say("output %s\t%s", out->partial, out->direct ? "" : out->target);
	return s;
}

/* Closes the partial file f, renamed over the results file if the sweep
 * (status s) is whole, and says where the points are; the status. */
static lm_status finish_output(const output *out, FILE *f, lm_status s, size_t measured)
{
	lm_status closed = lm_file_close(f, out->partial);
	if (s == LM_OK)
		s = closed;
	if (s == LM_OK && !out->direct)
		s = lm_file_rename(out->partial, out->target);
	if (s == LM_OK)
		return s;
	size_t before = out->src ? out->res.prev.n : 0;
	bool was = access(out->path, F_OK) == 0;
	if (out->direct) {
		fprintf(stderr, "latmix: the %zu points measured were written to %s\n", measured, out->path);
	} else if (!measured && !out->had_partial) {
		/* nothing new: the partial file would only repeat what is known */
		remove(out->partial);
		fprintf(stderr, "latmix: nothing measured, nothing written%s%s%s\n", was ? "; " : "",
			was ? out->path : "", was ? " is as it was" : "");
	} else {
		fprintf(stderr, "latmix: %s %s; the %zu points measured %sare in %s: --resume "
			"continues them\n", out->path, was ? "is as it was" : "was not written", measured + before,
			before ? "before and now " : "", out->partial);
	}
	return s;
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
	if ((s = prepare(sw)) != LM_OK || (s = choose_output(sw, out)) != LM_OK ||
	    (s = start_output(sw, out, &f)) != LM_OK)
		goto done;
	const lm_results *prev = out->src ? &out->res.prev : NULL;
	catch_stop();
	struct timespec t0;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	size_t done_n = 0, measured = 0;
	/* one context for every mix, made before any builder starts (NVIDIA
	 * makes them one at a time: this one would wait for theirs) */
	cl_int err;
	sw->base.context = sw->nkern ? NULL : clCreateContext(NULL, 1, &sw->d.id, NULL, NULL, &err);
	if (!sw->nkern && err != CL_SUCCESS)
		sw->base.context = NULL; /* each mix tries its own, and says why */
	sw->cost.setup += since(&t0);
	if (!sw->nkern)
		build_ahead(sw, prev);
	for (size_t i = 0; i < sw->p.nmixes && s == LM_OK; i++)
		s = run_mix(sw, i, f, prev, &done_n, &measured, &t0);
	for (size_t i = 0; i < sw->nkern && s == LM_OK; i++)
		s = run_kernel(sw, i, f, prev, &done_n, &measured, &t0);
	if (s == LM_OK && sw->nfailed && !measured) /* every one refused: as the first said */
		s = lm_fail(sw->first_failure, "%s", sw->first_why);
	remove_binaries(sw);
	if (sw->base.context)
		clReleaseContext(sw->base.context);
	double total = since(&t0);
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
	if ((s = finish_output(out, f, s, measured)) == LM_OK) {
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
