/* fitdata.c: the points a fit takes from a results file, and which devices
 * the model is fitted to. */
#include "fit/fit.h"

#include "base/mix.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Index of mix among d's kinds; -1 if not one. */
static int kind_of(const lm_fit_data *d, const char *mix)
{
	for (size_t k = 0; k < d->nkinds; k++)
		if (strcmp(d->kind[k], mix) == 0)
			return (int)k;
	return -1;
}

static bool in_results(const lm_results *r, const char *mix)
{
	for (size_t i = 0; i < r->n; i++)
		if (strcmp(r->v[i].mix, mix) == 0)
			return true;
	return false;
}

/* The kinds mix names: "all", or a comma list. */
static lm_status parse_kinds(const lm_results *r, const char *path, const char *mix,
			     lm_fit_data *d)
{
	if (strcmp(mix, "all") == 0) {
		for (int i = 0; lm_mix_at(i); i++) {
			const char *name = lm_mix_at(i)->name;
			if (lm_params_kind_known(name) && in_results(r, name) &&
			    d->nkinds < LM_FIT_MAX_KINDS)
				snprintf(d->kind[d->nkinds++], LM_PARAMS_KIND_NAME, "%s", name);
		}
		if (!d->nkinds)
			return lm_fail(LM_EFIT, "%s: no mix to fit (stream alone is not fitted)", path);
		return LM_OK;
	}
	for (const char *p = mix; ; ) {
		size_t len = strcspn(p, ",");
		char name[LM_PARAMS_KIND_NAME];
		snprintf(name, sizeof name, "%.*s", (int)(len < sizeof name ? len : sizeof name - 1), p);
		if (len == 6 && strncmp(p, "stream", 6) == 0)
			return lm_fail(LM_EUSAGE, "%s: mix stream measures bandwidth directly; it has no chain to fit", path);
		if (len >= sizeof name || !lm_params_kind_known(name))
			return lm_fail(LM_EUSAGE, "--mix '%.*s': not a mix to fit (known: %s, all)", (int)len, p,
				       "gmem, gmem-stride2, gmem-random, lmem, sfu");
		if (kind_of(d, name) >= 0)
			return lm_fail(LM_EUSAGE, "--mix '%s': given twice", name);
		if (d->nkinds == LM_FIT_MAX_KINDS)
			return lm_fail(LM_EUSAGE, "--mix '%s': at most %d kinds", mix, LM_FIT_MAX_KINDS);
		snprintf(d->kind[d->nkinds++], LM_PARAMS_KIND_NAME, "%s", name);
		if (!p[len])
			break;
		p += len + 1;
	}
	return LM_OK;
}

/* Arithmetic-only points do not depend on the mix: those of the main mix
 * serve every mix's fit. Arithmetic with several chains per thread is not
 * fitted: one warp issues at most one instruction per cycle however many
 * independent chains it holds, so k chains are not k warps there; those
 * points measure the arithmetic peak directly instead. */
static bool shared_alu(const lm_result *x)
{
	return !x->row.alpha.den && x->row.chains == 1 && strcmp(x->mix, "gmem") == 0;
}

/* The sweep's '# occupancies' list into d (ascending, whole numbers);
 * nothing where it is not such a list. */
static void read_levels(const char *text, lm_fit_data *d)
{
	size_t n = 1;
	for (const char *c = text; *c; c++)
		n += *c == ',';
	unsigned *l = malloc(n * sizeof *l);
	size_t k = 0;
	const char *c = text;
	while (l && k < n) {
		char *end;
		unsigned long x = strtoul(c, &end, 10);
		if (end == c || x == 0 || x > 1u << 20 || (k && x <= l[k - 1]) || (*end && *end != ','))
			break;
		l[k++] = (unsigned)x;
		if (!*end)
			break;
		c = end + 1;
	}
	if (l && k == n) {
		d->levels = l;
		d->nlevels = n;
	} else {
		free(l);
	}
}

lm_status lm_fit_data_from_results(const lm_results *r, const char *path, const char *mix,
				   lm_fit_data *out)
{
	lm_fit_data d;
	memset(&d, 0, sizeof d);
	d.path = path;
	lm_status s = parse_kinds(r, path, mix, &d);
	if (s != LM_OK)
		return s;
	if (r->n && !(d.v = malloc(r->n * sizeof *d.v)))
		return lm_fail(LM_ENOMEM, "%s: out of memory", path);
	bool any[LM_FIT_MAX_KINDS] = { false };
	bool cpu = strcmp(r->device_type, "CPU") == 0;
	for (size_t i = 0; i < r->n; i++) {
		const lm_result *x = &r->v[i];
		int k = kind_of(&d, x->mix);
		if (!x->row.alpha.den && x->row.chains > 1)
			continue; /* the arithmetic peak, measured directly */
		if (strcmp(x->row.coresident, "no") == 0) {
			/* fewer warps ran at once than the row's occupancy says: left
			 * out on a GPU; on a CPU, whose runtime always runs
			 * work-groups in turns, what its curves are (the report
			 * says so), kept */
			if (!cpu) {
				d.not_coresident++;
				continue;
			}
			d.kept_not_coresident++;
		}
		if (k < 0 && !shared_alu(x))
			continue;
		if (k >= 0)
			any[k] = true;
		/* k independent chains per thread are k times the occupancy */
		d.v[d.n++] = (lm_fit_point){ lm_alpha_value(x->row.alpha),
					     (double)x->row.warps * (x->row.chains ? x->row.chains : 1),
					     x->row.alpha.den ? x->row.mem_ipc : x->row.alu_ipc, x->line,
					     k < 0 ? 0 : k, x->row.chains ? x->row.chains : 1 };
	}
	for (size_t k = 0; k < d.nkinds && r->n; k++)
		if (!any[k]) {
			free(d.v);
			return lm_fail(LM_EFIT, "%s: no points of mix '%s'%s", path, d.kind[k],
				       d.not_coresident ? " that were co-resident (those not are left out on a GPU)" : "");
		}
	const char *occ = lm_results_meta_value(r, "occupancies");
	if (occ && r->n) /* a list latmix wrote; one it cannot read leaves the weights by spacing */
		read_levels(occ, &d);
	*out = d;
	return LM_OK;
}

void lm_fit_data_free(lm_fit_data *d)
{
	if (d) {
		free(d->v);
		free(d->levels);
		d->v = NULL;
		d->levels = NULL;
		d->n = d->nlevels = 0;
	}
}

const char *lm_fit_device_fits(const char *device_type)
{
	/* a CPU's cores hide latency by out-of-order execution and caches, not
	 * by switching warps: every fit of a PoCL sweep missed by 20-54% */
	return strcmp(device_type, "CPU") == 0 ? "a CPU's cores hide latency by out-of-order execution and "
						 "caches, not by switching warps; the report's summary says so"
					       : NULL;
}

void lm_fit_device_to_params(const lm_results *res, lm_params *ps)
{
	snprintf(ps->device, sizeof ps->device, "%s", res->device);
	snprintf(ps->vendor, sizeof ps->vendor, "%s", res->vendor);
	snprintf(ps->driver, sizeof ps->driver, "%s", res->driver);
	if (!res->n)
		return;
	const lm_row *r0 = &res->v[0].row;
	ps->simd_width = (int)r0->simd_width;
	ps->compute_units = (int)r0->compute_units;
	double clock = 0;
	for (size_t i = 0; i < res->n; i++)
		clock += res->v[i].row.clock_mhz / (double)res->n;
	ps->clock_mhz = clock;
	snprintf(ps->clock_source, sizeof ps->clock_source, "%s, mean over the points",
		 res->v[0].clock_source);
}
