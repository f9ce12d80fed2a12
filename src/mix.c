#include "mix.h"

#include <string.h>

static const lm_mix mixes[] = {
	{ "gmem", "chase.cl", "lm_gmem", 4, 1,
	  "coalesced global-memory pointer chase (one line per warp load), "
	  "alpha dependent float adds per load (thesis 4.1)" },
};

const lm_mix *lm_mix_find(const char *name)
{
	for (size_t i = 0; i < sizeof mixes / sizeof mixes[0]; i++)
		if (strcmp(mixes[i].name, name) == 0)
			return &mixes[i];
	return NULL;
}

const char *lm_mix_names(void)
{
	return "gmem";
}
