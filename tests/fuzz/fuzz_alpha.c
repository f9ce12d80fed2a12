/* Fuzzes alpha lists (lm_alpha_parse_list, lm_alpha_parse under it: the
 * --alpha option and the results file's alpha column). Beyond "no
 * crash": a list taken has at least one item, as many as it has commas
 * and one more, each a fraction in lowest terms within the kernel's
 * limits (LM_ALPHA_MAX_NUM, LM_ALPHA_MAX_DEN; inf as 1/0) that formats to
 * a text that parses back to it, no two equal; a refused list leaves no array and a
 * message. */
#include "fuzz.h"
#include "base/alpha.h"

static long gcd(long a, long b)
{
	while (b) {
		long t = a % b;
		a = b;
		b = t;
	}
	return a;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_string(data, size);
	lm_alpha *v = NULL;
	size_t n = 0;
	lm_error_clear();
	lm_status s = lm_alpha_parse_list(text, &v, &n);
	if (s != LM_OK) {
		fuzz_failed(s, NULL);
		FUZZ_CHECK(v == NULL, "a refused list gave an array");
		free(text);
		return 0;
	}
	size_t commas = 0;
	for (const char *c = text; *c; c++)
		commas += *c == ',';
	FUZZ_CHECK(n >= 1 && n == commas + 1, "'%s': %zu items", text, n);
	for (size_t i = 0; i < n; i++) {
		lm_alpha a = v[i], b;
		char buf[32];
		FUZZ_CHECK(a.num >= 0 && a.num <= LM_ALPHA_MAX_NUM && a.den >= 0 && a.den <= LM_ALPHA_MAX_DEN,
			   "'%s': item %zu is %ld/%ld", text, i, a.num, a.den);
		FUZZ_CHECK(a.den ? gcd(a.num, a.den) == 1 : a.num == 1, "'%s': item %zu is %ld/%ld", text, i,
			   a.num, a.den);
		for (size_t j = 0; j < i; j++)
			FUZZ_CHECK(v[j].num != a.num || v[j].den != a.den, "'%s': items %zu and %zu equal", text, j, i);
		lm_alpha_format(a, buf, sizeof buf);
		FUZZ_CHECK(lm_alpha_parse(buf, &b) == LM_OK && b.num == a.num && b.den == a.den,
			   "'%s': item %zu formats as '%s', which does not parse back", text, i, buf);
	}
	free(v);
	free(text);
	return 0;
}
