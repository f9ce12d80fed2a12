/* sweep_plan: what a sweep will measure, checked whole before anything is
 * written: mixes, chains, alphas and occupancies, or users' kernels, and the device. */
#include "bench/sweep_parts.h"
#include "base/text.h"
#include "base/number.h"
#include "bench/guard.h"
#include "bench/kernels.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

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
		for (int i = 0; lm_mix_at(i); i++)
			if (p->nmixes == MAX_MIXES) /* never one left out unsaid */
				return lm_fail(LM_EUSAGE, "latmix knows more mixes than a sweep holds (%d): "
					       "raise MAX_MIXES", MAX_MIXES);
			else
				p->mixes[p->nmixes++].mix = lm_mix_at(i);
		return LM_OK;
	}
	char buf[512], *item[MAX_MIXES];
	size_t n;
	lm_status s = lm_text_list("--mix", o->mix, buf, sizeof buf, item, MAX_MIXES, &n);
	for (size_t i = 0; i < n && s == LM_OK; i++) {
		const lm_mix *m = lm_mix_find(item[i]);
		if (!m)
			return lm_fail(LM_EUSAGE, "--mix '%s': unknown (known: %s)", item[i], lm_mix_names());
		for (size_t j = 0; j < p->nmixes; j++)
			if (p->mixes[j].mix == m)
				return lm_fail(LM_EUSAGE, "--mix '%s': %s twice (a point is measured once)", o->mix,
					       item[i]);
		p->mixes[p->nmixes++].mix = m;
	}
	return s;
}

/* The chains of each mix: given, or 1, 2, 4 and 8 for gmem and the store
 * mixes beside it (few: quick, or a CPU's default sweep, 1 and 4), else
 * 1. */
static lm_status chains_lists(const lm_sweep_config *o, bool few, plan *p)
{
	for (size_t i = 0; i < p->nmixes; i++) {
		plan_mix *pm = &p->mixes[i];
		if (pm->mix->cache && pm->mix->step == LM_STEP_GLOBAL) {
			/* the cache's chase: one warp a CU with 1 to 8 chains, what
			 * a hit's latency gains with the loads in flight beside it */
			static const unsigned cache[] = { 1, 2, 4, 8 };
			pm->nchains = 4;
			memcpy(pm->chains, cache, sizeof cache);
		} else if (pm->mix->step == LM_STEP_STREAM || pm->mix->step == LM_STEP_DISPATCH || pm->mix->cache) {
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
			pm->nchains = few ? 2 : 4;
			memcpy(pm->chains, few ? quick : full, pm->nchains * sizeof *pm->chains);
		} else {
			pm->chains[0] = 1;
			pm->nchains = 1;
		}
	}
	return LM_OK;
}

/* A mix's alphas at chains: given, or its default (quick: fewer; cpu: a
 * CPU's default sweep, the curves its report draws). */
static const char *alphas_for(const lm_sweep_config *o, bool cpu, const plan_mix *pm, unsigned chains)
{
	if (pm->mix->step == LM_STEP_STREAM || pm->mix->step == LM_STEP_DISPATCH)
		return "0";
	if (o->alpha)
		return o->alpha;
	if (pm->mix->cache) /* a hit's latency: the loads alone */
		return "0";
	bool main_mix = strcmp(pm->mix->name, "gmem") == 0 && chains == 1;
	if (pm->mix->store_bytes) /* as gmem's, less alpha = inf: no memory, no store */
		return o->quick ? QUICK_OTHER : cpu ? CPU_OTHER : chains > 1 ? ALPHAS_STORE_CHAINS : ALPHAS_STORE;
	if (o->quick)
		return main_mix ? QUICK_FULL : QUICK_OTHER;
	if (cpu)
		return main_mix ? CPU_FULL : chains > 1 ? ALPHAS_CHAINS : CPU_OTHER;
	return main_mix ? ALPHAS_FULL : chains > 1 ? ALPHAS_CHAINS : ALPHAS_OTHER;
}

unsigned sweep_max_chains(const plan_mix *pm)
{
	unsigned k = 1;
	for (size_t i = 0; i < pm->nchains; i++)
		k = pm->chains[i] > k ? pm->chains[i] : k;
	return k;
}

/* Kernel label was not measured, or not whole (status s, the message
 * the last error's): said now, listed at the end; the others go on. */
void sweep_kernel_failed(sweep *sw, const char *label, lm_status s)
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
	char suite[MAX_KERNELS][LM_USER_NAME], list[LM_SWEEP_LIST];
	char *spec[MAX_KERNELS];
	size_t n = 0;
	lm_status s = LM_OK;
	if (strcmp(o->kernel, "all") == 0) {
		if ((s = lm_user_suite(o->kernel_dir, suite, MAX_KERNELS, &n)) != LM_OK)
			return s;
		for (size_t i = 0; i < n; i++)
			spec[i] = suite[i];
	} else {
		if ((s = lm_text_list("--kernel", o->kernel, list, sizeof list, spec, MAX_KERNELS, &n)) != LM_OK)
			return s;
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
			sweep_kernel_failed(sw, label, ds);
			continue;
		}
		unsigned shapes[LM_USER_MAX_LOCALS][LM_USER_MAX_DIMS];
		int nshapes;
		if (o->local_size && d->dims && (s = lm_user_parse_locals(o->local_size, d->dims, shapes, &nshapes)) != LM_OK)
			return s;
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

/* Work-items the short launch (N = n / 2) of kernel d as written runs:
 * the product of its global sizes; 0 where one is not whole or not a
 * multiple of 64 (the work-group sizes latmix tries must divide it). */
static double short_launch_items(const lm_user_desc *d, double n)
{
	double items = 1;
	for (int i = 0; i < d->dims; i++) {
		size_t g;
		if (lm_user_global_at(d, i, floor(n / 2), &g) != LM_OK || g % 64)
			return 0;
		items *= (double)g;
	}
	return items;
}

/* A quick sweep's problems: 256 times smaller than described, but not
 * below twice the work-items of the device's most warps (an element a
 * work-item for the short launch), nor above what was described. A kernel
 * as written, whose N may count rows or anything else its global sizes
 * say: N halved (up to 8 times, as N / 256) while its short launch still
 * runs that many work-items. */
static void quick_sizes(sweep *sw)
{
	double most = 2.0 * sw->d.max_warps * sw->d.compute_units * sw->d.simd_width;
	for (size_t i = 0; i < sw->nkern; i++) {
		lm_user_desc *d = &sw->kern[i];
		double n = d->size;
		if (!d->dims) {
			d->size = fmax(2, fmax(floor(n / 256), fmin(n, most)));
			continue;
		}
		for (int k = 0; k < 8 && short_launch_items(d, floor(n / 2)) >= most; k++)
			n = floor(n / 2);
		d->size = n;
	}
}

/* The mixes the device cannot run (the cache mixes' buffer, a group size
 * of their own: lm_meas_mix_refusal): left out of a sweep of every mix
 * (said), refused where named. */
static lm_status refused_mixes(sweep *sw)
{
	bool named = sw->o->mix && strcmp(sw->o->mix, "all") != 0;
	size_t n = 0;
	for (size_t i = 0; i < sw->p.nmixes; i++) {
		const lm_mix *m = sw->p.mixes[i].mix;
		const char *why = lm_meas_mix_refusal(&sw->d, m);
		if (!why) {
			sw->p.mixes[n++] = sw->p.mixes[i];
			continue;
		}
		if (named)
			return lm_fail(LM_EUSAGE, "--mix %s: not on %s: %s", m->name, sw->d.name, why);
		fprintf(stderr, "latmix: note: mix %s left out: %s\n", m->name, why);
	}
	sw->p.nmixes = n;
	return LM_OK;
}

lm_meas_config sweep_mix_config(const sweep *sw, const plan_mix *pm)
{
	lm_meas_config cfg = sw->base;
	cfg.mix = pm->mix;
	cfg.chains = sweep_max_chains(pm);
	if (pm->mix->cache)
		cfg.footprint = lm_meas_cache_footprint(&sw->d);
	if (pm->mix->group_warps)
		cfg.group_warps = pm->mix->group_warps;
	return cfg;
}

lm_status sweep_prepare(sweep *sw)
{
	const lm_sweep_config *o = sw->o;
	lm_status s;
	if (o->kernel) {
		if ((s = kernel_list(sw)) != LM_OK)
			return s;
	} else if (o->local_size) {
		return lm_fail(LM_EUSAGE, "--local-size is for --kernel (a kernel measured as written)");
	} else if ((s = mix_list(o, &sw->p)) != LM_OK) {
		return s;
	}
	if ((s = lm_device_select(o->device, (unsigned)o->simd, (unsigned)o->max_warps, &sw->d)) != LM_OK)
		return s;
	/* a CPU's default sweep: fewer chains and alphas, as latmix fits it no
	 * model (the 113 kernels of the GPU's took PoCL 66 s to compile on two
	 * cores, most of a 97 s sweep) */
	bool cpu = (sw->d.type & CL_DEVICE_TYPE_CPU) && !o->quick;
	if (!o->kernel && (s = refused_mixes(sw)) != LM_OK)
		return s;
	if (!o->kernel && (s = chains_lists(o, o->quick || cpu, &sw->p)) != LM_OK)
		return s;
	for (size_t i = 0; i < sw->p.nmixes; i++)
		for (size_t c = 0; c < sw->p.mixes[i].nchains; c++)
			if ((s = lm_alpha_parse_list(alphas_for(o, cpu, &sw->p.mixes[i], sw->p.mixes[i].chains[c]),
						     &sw->alphas[i][c], &sw->nalphas[i][c])) != LM_OK)
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
			unsigned c = lm_meas_spread_chains(sw->p.mixes[i].mix, sweep_max_chains(&sw->p.mixes[i]));
			k = c > k ? c : k;
		}
		sw->base.footprint = lm_meas_default_footprint(&sw->d, o->quick, k);
	}
	char note[384];
	if (lm_meas_footprint_note(&sw->d, sw->base.footprint, note, sizeof note))
		fprintf(stderr, "latmix: note: %s\n", note);
	for (size_t i = 0; i < sw->p.nmixes; i++) {
		if (sw->p.mixes[i].mix->step == LM_STEP_DISPATCH) {
			unsigned sizes[LM_DISPATCH_MAX_SIZES]; /* a point a work-group size */
			sw->total += lm_dispatch_mix_sizes(&sw->d, sw->p.mixes[i].mix, o->quick, sizes);
			continue;
		}
		lm_meas_config cfg = sweep_mix_config(sw, &sw->p.mixes[i]);
		if ((s = lm_meas_check_config(&sw->d, &cfg)) != LM_OK)
			return s;
		for (size_t c = 0; c < sw->p.mixes[i].nchains; c++)
			sw->total += sw->nalphas[i][c] * sw->p.nwarps;
	}
	sw->total += sw->nkern * sw->p.nwarps;
	return sw->nkern ? LM_OK : kernel_files(sw);
}
