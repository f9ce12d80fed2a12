/* inifile: the one INI reader. Every INI file latmix reads (parameter files,
 * kernel descriptions, the counts measure writes beside kernels.csv) goes
 * through it: inih parses, and this layer holds the rules latmix keeps
 * for all of them. A line of more than LM_INI_LINE characters, a NUL
 * byte, a header without its ']' or with an empty name, a section of a
 * name given before, a key given twice in a section, a key in no section:
 * each is LM_EPARSE naming the file and line, never a line cut in two or
 * a value silently replaced. */
#ifndef LM_INIFILE_H
#define LM_INIFILE_H

#include <stdbool.h>
#include <stddef.h>
#include "base/error.h"

/* The longest line read, its newline aside (inih's own limit). */
#define LM_INI_LINE 198

/* Called for each key = value: LM_OK to go on, else the reader stops
 * with that status (the callee's lm_fail message kept). */
typedef lm_status (*lm_ini_key_fn)(void *ctx, const char *section, const char *key, const char *value,
				   int line);

/* Called for each [section] header before its keys (may be NULL). */
typedef lm_status (*lm_ini_section_fn)(void *ctx, const char *section, int line);

/* Reads text (path: for messages). */
lm_status lm_ini_parse(const char *text, const char *path, lm_ini_section_fn on_section, lm_ini_key_fn on_key,
		       void *ctx);

/* Reads the file at path, a regular file of at most max bytes. */
lm_status lm_ini_read(const char *path, size_t max, lm_ini_section_fn on_section, lm_ini_key_fn on_key,
		      void *ctx);

#endif
