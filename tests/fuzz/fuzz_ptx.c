/* Fuzzes the PTX loop counter (lm_count_count_ptx: `latmix kernel --mix-of`
 * on NVIDIA's and clang's PTX, FILE.ptx:NAME). The input's first line is
 * the kernel's name (the counter finds ".entry NAME" in the rest), with
 * "I=V" after it where a scalar argument's value is known (any long; V
 * grid: the launch's size), the
 * rest the listing. Beyond "no crash": a loop it counts (or a body without
 * a loop, counted whole, marked loopless) has its lines in
 * order, no more independent loads than loads, no more instructions on
 * the counted path than in the loop, its float path within its flops,
 * its scattered, misaligned and partial accesses within the accesses they
 * are of, divisions among the other instructions and a finite alpha; a
 * body counted whole is not unrolled, and the body around a loop reads as
 * the model's figures, as the loop's; the
 * model's view of it (lm_count_model) is finite and not negative, and its
 * "predict:" arguments parse back (lm_count_parse_predict); a refused
 * listing leaves a message. */
#include "fuzz.h"
#include "asm/count.h"

#include <math.h>

static void check_model(const lm_kernel_mix *k)
{
	const double v[] = { k->loads, k->stores, k->flops, k->insts, k->alpha, k->scattered_loads,
			     k->scattered_stores, k->hits, k->load_bytes, k->store_bytes, k->misaligned_loads,
			     k->atomics };
	for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
		FUZZ_CHECK(isfinite(v[i]) && v[i] >= 0, "the model's field %zu is %g", i, v[i]);
	char *text = NULL;
	size_t len;
	FILE *f = open_memstream(&text, &len);
	FUZZ_CHECK(f != NULL, "out of memory");
	lm_count_put_predict(f, k);
	fclose(f);
	lm_kernel_mix back;
	FUZZ_CHECK(lm_count_parse_predict(text, &back), "'%s' does not parse back", text);
	free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_string(data, size);
	char *ptx = strchr(text, '\n');
	if (!ptx) {
		free(text);
		return 0;
	}
	*ptx++ = '\0';
	lm_count_args args = { 0 };
	char *value = strchr(text, ' ');
	int at;
	long v;
	if (value) { /* "NAME I=V": argument I known to hold V, any long; "I=grid": the launch's size */
		*value++ = '\0';
		if (sscanf(value, "%d=%ld", &at, &v) == 2 && at >= 0 && at < LM_COUNT_MAX_ARGS) {
			args.known = 1ull << at;
			args.value[at] = v;
		} else if (sscanf(value, "%d=grid", &at) == 1 && at >= 0 && at < LM_COUNT_MAX_ARGS) {
			args.grid = 1ull << at;
		}
	}
	lm_count m;
	lm_error_clear();
	lm_status s = lm_count_count_ptx_at(ptx, text, &args, &m);
	if (s != LM_OK) {
		fuzz_failed(s, NULL);
		free(text);
		return 0;
	}
	/* a loop, or a body without any counted whole */
	FUZZ_CHECK(m.ptx_first <= m.ptx_last && (m.loops >= 1) != m.loopless, "lines %u-%u, %u loops, loopless %d",
		   m.ptx_first, m.ptx_last, m.loops, m.loopless);
	FUZZ_CHECK(m.independent <= m.loads && m.insts <= m.body_insts, "%u independent of %u loads, %u of %u "
		   "instructions", m.independent, m.loads, m.insts, m.body_insts);
	/* pending: a float register carried round the loop and fed by a load
	 * (a sum's accumulator) is counted over two iterations */
	FUZZ_CHECK(m.float_path <= m.flops, "float path %u of %u flops", m.float_path, m.flops);
	FUZZ_CHECK(m.scattered_loads <= m.loads && m.scattered_stores <= m.stores &&
			   m.misaligned_loads <= m.loads - m.scattered_loads &&
			   m.misaligned_stores <= m.stores - m.scattered_stores &&
			   m.partial_stores <= m.misaligned_stores,
		   "scattered %u/%u, misaligned %u/%u, partial %u of %u loads and %u stores", m.scattered_loads,
		   m.scattered_stores, m.misaligned_loads, m.misaligned_stores, m.partial_stores, m.loads, m.stores);
	FUZZ_CHECK(m.divisions + m.wide_divisions <= m.other, "%u + %u divisions, %u other", m.divisions,
		   m.wide_divisions, m.other);
	FUZZ_CHECK(isfinite(m.alpha) && m.alpha >= 0, "alpha %g", m.alpha);
	/* a body counted whole is not unrolled; a loop's body around it reads
	 * as the model's figures */
	FUZZ_CHECK(m.loopless ? m.unroll == 1 && !m.rest_counted : m.unroll >= 1, "loopless %d, unrolled %u, rest %d",
		   m.loopless, m.unroll, m.rest_counted);
	FUZZ_CHECK(m.uniform_loads <= m.loads && m.same_bytes <= m.again_bytes, "%u uniform of %u loads, %u of %u "
		   "bytes", m.uniform_loads, m.loads, m.same_bytes, m.again_bytes);
	if (m.rest_counted)
		check_model(&m.rest);
	lm_kernel_mix k;
	lm_count_model(&m, &k);
	check_model(&k);
	lm_count_print(fuzz_null(), &m);
	free(text);
	return 0;
}
