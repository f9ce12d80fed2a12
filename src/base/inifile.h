/* inifile: the one INI reader. Every INI file latmix reads (parameter files,
 * kernel descriptions, the counts measure writes beside kernels.csv) goes
 * through it: inih parses, and this layer holds the rules latmix keeps
 * for all of them. A line of more than LM_INI_LINE characters, a NUL
 * byte, a last line with no end (a file cut short), a header without its
 * ']' or with an empty name, a section of a name given before, a key
 * given twice in a section, a key in no section, a line that begins with
 * a space: each is LM_EPARSE naming the file and line, never a line cut in
 * two or a value silently replaced. Of two mistakes the first in the file
 * is named. */
#ifndef LM_INIFILE_H
#define LM_INIFILE_H

#include <stdbool.h>
#include <stddef.h>
#include "base/error.h"

/* The longest line read, its end ("\n" or "\r\n") aside: inih's own
 * limit, and what lm_params_write writes at most. */
#define LM_INI_LINE 198

/* Called for each key = value, once its value is whole: LM_OK to go on,
 * else the reader stops with that status (the callee's lm_fail message
 * kept). */
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

/* What a kind of file may do beyond the rules above. */
typedef struct {
	/* A long value may go on over the lines after its key that begin
	 * with a space or a tab (comments and blank lines between aside), as
	 * lm_params_write breaks one: on_key has it whole, its pieces joined
	 * by a space, with its key's line. */
	bool joined;
	/* A section may be given again, for more keys (each still once). */
	bool reopened;
} lm_ini_allow;

/* As lm_ini_read, allowing what allow says. */
lm_status lm_ini_read_allowing(const char *path, size_t max, lm_ini_allow allow, lm_ini_section_fn on_section,
			       lm_ini_key_fn on_key, void *ctx);

#endif
