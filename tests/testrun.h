/* Runs the built latmix ($LATMIX) as a user would, for the suites that test
 * the command line. */
#ifndef LM_TESTRUN_H
#define LM_TESTRUN_H

#include <stddef.h>
#include "asm/count.h"

typedef struct {
	int status;        /* exit status; 128 + signal if killed */
	char out[1 << 18];   /* stdout, cut to fit */
	char err[16384];   /* stderr, cut to fit */
} lm_test_result;

/* Runs latmix with args (NULL-terminated). gnuplot: the value of
 * LATMIX_GNUPLOT, or NULL to leave it unset. A sanitizer's report exits
 * with its own status (99, 98), so it cannot pass for an ordinary failure. */
void lm_test_latmix(const char *const *args, const char *gnuplot, lm_test_result *r);

/* The same for any program (argv[0] looked up in PATH), latmix under a
 * tool, say. */
void lm_test_command(const char *const *argv, const char *gnuplot, lm_test_result *r);

/* Whether the whole of the slow suites is asked for (LATMIX_TESTS=full:
 * make test TESTS=full, as CI runs it); else they run a smaller set that
 * keeps make test within minutes on two cores. */
int lm_test_full(void);

/* The path of rel inside the source tree ($LATMIX_SOURCE_ROOT) in buf. */
void lm_test_source_path(char *buf, size_t size, const char *rel);

/* The file's first size - 1 bytes into buf, NUL-terminated; "" if none. */
void lm_test_slurp(const char *path, char *buf, size_t size);

/* Whether the file at path (its first MiB) holds text. */
int lm_test_file_has(const char *path, const char *text);

/* "PATH:name" into spec, PATH the fixture file's inside the source tree:
 * a listing's --kernel. */
void lm_test_fixture_spec(char *spec, size_t size, const char *file, const char *name);

/* The count of kernel name's loop in the PTX fixture file (a path inside
 * the source tree) into m; the test fails where it does not count. */
void lm_test_count_fixture(const char *file, const char *name, lm_count *m);

#endif
