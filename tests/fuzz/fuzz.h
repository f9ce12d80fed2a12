/* What the libFuzzer harnesses share: the input as a C string or as a
 * file, and a check that stops the fuzzer saying what broke. Include it
 * first (memfd_create needs _GNU_SOURCE before any system header). */
#ifndef LM_FUZZ_H
#define LM_FUZZ_H

#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "base/error.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A property the reader promises, broken: a crash libFuzzer keeps. */
#define FUZZ_CHECK(cond, ...)                                                   \
	do {                                                                    \
		if (!(cond)) {                                                  \
			fprintf(stderr, "fuzz: %s:%d: %s: ", __FILE__, __LINE__, #cond); \
			fprintf(stderr, __VA_ARGS__);                           \
			fputc('\n', stderr);                                    \
			abort();                                                \
		}                                                               \
	} while (0)

/* A property a finding already reported breaks, in a file this change
 * does not own: checked only with -DLM_FUZZ_PENDING (meson configure
 * build-fuzz -Dc_args=-DLM_FUZZ_PENDING), so that the known finding does
 * not stop every run before it finds another. Each says what it waits
 * for; once that is fixed it becomes a FUZZ_CHECK. */
#ifdef LM_FUZZ_PENDING
#define FUZZ_PENDING FUZZ_CHECK
#else
#define FUZZ_PENDING(cond, ...) ((void)sizeof(cond))
#endif

/* The input as a NUL-terminated string (free() it); it ends at its first
 * NUL byte, as the readers see text. */
static inline char *fuzz_string(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);
	FUZZ_CHECK(s != NULL, "out of memory");
	memcpy(s, data, size);
	s[size] = '\0';
	return s;
}

/* The input as a regular file, "/proc/self/fd/N" of one memfd rewritten
 * for every input: the readers that take a path open it as they would a
 * user's file. */
static inline const char *fuzz_file(const uint8_t *data, size_t size)
{
	static int fd = -1;
	static char path[32];
	if (fd < 0) {
		fd = memfd_create("latmix-fuzz", 0);
		FUZZ_CHECK(fd >= 0, "memfd_create failed");
		snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
	}
	FUZZ_CHECK(ftruncate(fd, 0) == 0, "ftruncate failed");
	for (size_t done = 0; done < size;) {
		ssize_t w = pwrite(fd, data + done, size - done, (off_t)done);
		FUZZ_CHECK(w > 0, "pwrite failed");
		done += (size_t)w;
	}
	return path;
}

/* A failed read: its status is one the reader may return for text, and
 * its message is there and starts with prefix (the file's name; NULL:
 * anything), out of memory aside. */
static inline void fuzz_failed(lm_status s, const char *prefix)
{
	const char *msg = lm_error_message();
	FUZZ_CHECK(s != LM_OK, "status LM_OK taken for a failure");
	FUZZ_CHECK(msg[0] != '\0', "%s with no message", lm_status_name(s));
	FUZZ_CHECK(s == LM_ENOMEM || !prefix || strncmp(msg, prefix, strlen(prefix)) == 0,
		   "message '%s' does not start with '%s'", msg, prefix);
}

/* Does the fixed-size field s end within its size? */
#define FUZZ_TERMINATED(s) (memchr((s), '\0', sizeof(s)) != NULL)

/* /dev/null, for what the printers of a reader's result write. */
static inline FILE *fuzz_null(void)
{
	static FILE *f;
	if (!f)
		f = fopen("/dev/null", "w");
	FUZZ_CHECK(f != NULL, "cannot open /dev/null");
	return f;
}

#endif
