#include "bench/kernels.h"
#include "base/file.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdbool.h>
#include <string.h>

lm_status lm_read_text(const char *path, char **text)
{
	return lm_file_read_text(path, LM_FILE_MAX_TEXT, text);
}

static lm_status read_file(const char *dir, const char *name, char **text)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	lm_status s = lm_read_text(path, text);
	if (s != LM_OK) {
		char msg[4200];
		snprintf(msg, sizeof msg, "%s", lm_error_message());
		return lm_fail(s, "kernel %s", msg);
	}
	return LM_OK;
}

lm_status lm_kernel_source(const char *dir, const char *name, char **text,
			   const char **from)
{
	if (!dir || !*dir)
		dir = getenv("LATMIX_KERNEL_DIR");
	if (!dir || !*dir)
		dir = LATMIX_KERNEL_DIR;
	if (dir && *dir) {
		if (from)
			*from = dir;
		return read_file(dir, name, text);
	}
	for (const struct lm_kernel_file *k = lm_kernel_files; k->name; k++) {
		if (strcmp(k->name, name) == 0) {
			*text = strdup(k->text);
			if (from)
				*from = "embedded";
			return *text ? LM_OK : lm_fail(LM_ENOMEM, "out of memory");
		}
	}
	return lm_fail(LM_EIO, "kernel %s: not built into latmix", name);
}

lm_status lm_kernel_program_text(const char *dir, const char *name, char **text, const char **from)
{
	char *occ, *src;
	lm_status s = lm_kernel_source(NULL, "occupancy.h", &occ, NULL);
	if (s != LM_OK)
		return s;
	if ((s = lm_kernel_source(dir, name, &src, from)) != LM_OK) {
		free(occ);
		return s;
	}
	size_t a = strlen(occ), b = strlen(src);
	char *t = malloc(a + b + 2);
	if (t) {
		memcpy(t, occ, a);
		t[a] = '\n';
		memcpy(t + a + 1, src, b + 1);
	}
	free(occ);
	free(src);
	if (!t)
		return lm_fail(LM_ENOMEM, "out of memory");
	*text = t;
	return LM_OK;
}
