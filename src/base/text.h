/* text: the small string tests and stamps every layer uses, written once. */
#ifndef LM_TEXT_H
#define LM_TEXT_H

#include <stdbool.h>
#include <stddef.h>

/* s begins with prefix. */
bool lm_text_starts(const char *s, const char *prefix);

/* s ends with end. */
bool lm_text_ends(const char *s, const char *end);

/* needle occurs in hay, letters' case aside. */
bool lm_text_has_nocase(const char *hay, const char *needle);

/* The time now, UTC, as ISO 8601 ("2026-11-27T23:10:00Z"). */
void lm_text_iso_now(char *buf, size_t size);

#endif
