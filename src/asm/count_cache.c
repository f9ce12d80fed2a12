/* count_cache: which of a loop's loads read arrays the device's
 * global-memory cache holds (a naive matmul's B, read by every row), from
 * its loads by pointer argument and their arrays' bytes, and those figures
 * in a count file. */
#include "asm/count.h"
#include "base/number.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

lm_count_arrays lm_count_arrays_of(const lm_count *m)
{
	lm_count_arrays a = { .own_loads = m->own_loads, .cached = m->scalars.cached,
			      .used = m->args.traced ? m->args.loaded | m->args.stored : 0 };
	memcpy(a.loads, m->arg_loads, sizeof a.loads);
	memcpy(a.bytes, m->scalars.bytes, sizeof a.bytes);
	return a;
}

double lm_count_working_set(const lm_count_arrays *a)
{
	double total = 0;
	for (int i = 0; i < LM_COUNT_MAX_ARGS; i++)
		if (a->used >> i & 1) {
			if (!(a->bytes[i] > 0))
				return 0;
			total += a->bytes[i];
		}
	return total;
}

/* Whether every array a's kernel uses is sized and all of them together
 * are no more than cache_bytes. */
static bool working_set_held(const lm_count_arrays *a, double cache_bytes)
{
	double total = lm_count_working_set(a);
	return total > 0 && cache_bytes > 0 && total <= cache_bytes;
}

double lm_count_cache_share(const lm_count_arrays *a, double cache_bytes, double items, double turns,
			    double lane, unsigned long long *args, bool *whole)
{
	unsigned long long held = a->cached;
	bool all = working_set_held(a, cache_bytes);
	if (all)
		held |= a->used;
	if (whole)
		*whole = all;
	for (int i = 0; i < LM_COUNT_MAX_ARGS && cache_bytes > 0 && items > 0; i++) {
		double bytes = a->bytes[i], reads = items * turns * a->loads[i] * lane;
		if (a->loads[i] && bytes > 0 && bytes <= cache_bytes && reads >= 2 * bytes)
			held |= 1ull << i;
	}
	unsigned n = 0;
	for (int i = 0; i < LM_COUNT_MAX_ARGS; i++)
		n += (held >> i & 1) ? a->loads[i] : 0;
	if (args)
		*args = held;
	return a->own_loads ? fmin((double)n / a->own_loads, 1) : 0;
}

/* key = the positions of bits's set bits, where any is. */
static void put_positions(FILE *f, const char *key, unsigned long long bits)
{
	const char *sep = " = ";
	for (int i = 0; i < LM_COUNT_MAX_ARGS; i++)
		if (bits >> i & 1) {
			fprintf(f, "%s%s%d", sep[0] == ' ' ? key : "", sep, i);
			sep = ", ";
		}
	if (bits)
		fputc('\n', f);
}

unsigned lm_count_ptx_unroll(unsigned unroll, unsigned ptxas_unroll)
{
	return (unroll ? unroll : 1) / (ptxas_unroll > 1 ? ptxas_unroll : 1);
}

double lm_count_cache_loads(const lm_count_arrays *a, const lm_kernel_mix *k, double cache_bytes,
			    const lm_count_launch *l, unsigned long long *args, bool *whole)
{
	unsigned ptx = lm_count_ptx_unroll(l->unroll, l->ptxas_unroll);
	double turns = l->loopless ? 1 : l->trip / (ptx ? ptx : 1);
	double share = lm_count_cache_share(a, cache_bytes, l->items, turns, k->load_bytes > 0 ? k->load_bytes : 4,
					    args, whole);
	return share * (k->loads - k->scattered_loads); /* of its coalesced loads */
}

void lm_count_put_arrays(FILE *f, const lm_count_arrays *a)
{
	if (!a->own_loads)
		return;
	fprintf(f, "own_loads = %u\narg_loads = ", a->own_loads);
	const char *sep = "";
	for (int i = 0; i < LM_COUNT_MAX_ARGS; i++)
		if (a->loads[i]) {
			fprintf(f, "%s%d:%u", sep, i, a->loads[i]);
			sep = ", ";
		}
	fputc('\n', f);
	put_positions(f, "arg_used", a->used);
	sep = "arg_bytes = ";
	for (int i = 0; i < LM_COUNT_MAX_ARGS; i++)
		if (a->bytes[i] > 0) {
			fprintf(f, "%s%d:%.17g", sep, i, a->bytes[i]);
			sep = ", ";
		}
	if (sep[0] == ',')
		fputc('\n', f);
	put_positions(f, "cached", a->cached);
}

/* The bytes of the largest array a count file may name: 1 PiB. */
#define MOST_BYTES 0x1p50

/* One "POS:VALUE" (or "POS" for cached) of a list at *p, its end at
 * *p past it; false where it is not one, a position out of 0..63 or a
 * value out of 0..most. */
static bool list_entry(const char **p, bool with_value, double most, int *pos, double *v)
{
	char entry[64];
	size_t len = strcspn(*p, ",");
	if (len == 0 || len >= sizeof entry)
		return false;
	snprintf(entry, sizeof entry, "%.*s", (int)len, *p);
	*p += len + ((*p)[len] == ',');
	*p += strspn(*p, " ");
	char *colon = strchr(entry, ':'), *end = entry + strlen(entry);
	while (end > entry && end[-1] == ' ')
		*--end = '\0';
	if (with_value != (colon != NULL))
		return false;
	if (colon)
		*colon = '\0';
	unsigned long long at;
	if (!lm_number_parse_uint(entry, LM_COUNT_MAX_ARGS - 1, &at))
		return false;
	*pos = (int)at;
	*v = 1;
	return !colon || (lm_number_parse(colon + 1, v) && *v >= 0 && *v <= most);
}

lm_status lm_count_read_arrays(const char *path, int line, const char *key, const char *value, lm_count_arrays *a,
			       bool *taken)
{
	*taken = false;
	if (!strcmp(key, "own_loads")) {
		unsigned long long u;
		*taken = true;
		if (!lm_number_parse_uint(value, LM_COUNT_MOST_ACCESSES, &u))
			return lm_fail(LM_EPARSE, "%s:%d: own_loads '%s': a count from 0 to %d", path, line, value,
				       (int)LM_COUNT_MOST_ACCESSES);
		a->own_loads = (unsigned)u;
		return LM_OK;
	}
	int which = !strcmp(key, "arg_loads") ? 0 : !strcmp(key, "arg_bytes") ? 1 : !strcmp(key, "cached") ? 2
		  : !strcmp(key, "arg_used") ? 3 : -1;
	if (which < 0)
		return LM_OK;
	*taken = true;
	for (const char *p = value + strspn(value, " "); *p;) {
		int pos;
		double v;
		if (!list_entry(&p, which < 2, which == 0 ? 255 : MOST_BYTES, &pos, &v) || (which == 0 && v != floor(v)))
			return lm_fail(LM_EPARSE, "%s:%d: %s '%s': %s", path, line, key, value,
				       which == 0 ? "POSITION:LOADS, ... (a position 0 to 63, loads 0 to 255)"
				       : which == 1 ? "POSITION:BYTES, ... (a position 0 to 63, bytes up to 2^50)"
				       : "POSITION, ... (a position 0 to 63)");
		if (which == 0)
			a->loads[pos] = (unsigned char)v;
		else if (which == 1)
			a->bytes[pos] = v;
		else
			*(which == 2 ? &a->cached : &a->used) |= 1ull << pos;
	}
	return LM_OK;
}
