/* text: the small string tests and stamps every layer uses, written once. */
#ifndef LM_TEXT_H
#define LM_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include "base/error.h"

/* s begins with prefix. */
bool lm_text_starts(const char *s, const char *prefix);

/* s ends with end. */
bool lm_text_ends(const char *s, const char *end);

/* needle occurs in hay, letters' case aside. */
bool lm_text_has_nocase(const char *hay, const char *needle);

/* The time now, UTC, as ISO 8601 ("2026-11-27T23:10:00Z"). */
void lm_text_iso_now(char *buf, size_t size);

/* The items of the comma list s, copied into buf (size bytes) and cut
 * there: items[0..*n-1]. LM_EUSAGE naming the option (what) for a list
 * longer than buf holds, an empty item ("a,,b", a comma at either end)
 * or more than cap items: never a list cut short or an item skipped. */
lm_status lm_text_list(const char *what, const char *s, char *buf, size_t size, char **items, size_t cap,
		       size_t *n);

#endif
