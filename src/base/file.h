/* file: the files latmix writes. Two rules live here and nowhere else: a
 * file is written whole or not at all (under a temporary name beside it,
 * renamed over it when complete), and never over a file the command read
 * (the same file by device and inode, whatever name it was given by). */
#ifndef LM_FILE_H
#define LM_FILE_H

#include <stdbool.h>
#include <stdio.h>
#include "base/error.h"

/* The files a command has read. */
typedef struct {
	struct lm_file_id *v;
	size_t n, cap;
} lm_file_inputs;

/* Adds path, a file the command has read, to in. LM_EIO if it cannot be
 * looked at, LM_ENOMEM. */
lm_status lm_file_input(lm_file_inputs *in, const char *path);
void lm_file_inputs_free(lm_file_inputs *in);

/* LM_EUSAGE, naming both, if path is one of in's files (links followed);
 * LM_OK if not or if path does not exist. in may be NULL. */
lm_status lm_file_not_input(const lm_file_inputs *in, const char *path);

/* Whether path may be written by a command that read inputs (may be
 * NULL): LM_EUSAGE if path is one of them, LM_EIO if it is a directory.
 * *direct (may be NULL): path is a device, a fifo or a socket (/dev/stdout,
 * /dev/full), written directly, never replaced. target (may be NULL, else
 * size bytes): the file a whole one is renamed over, path or, for a
 * symbolic link, the file it points to. */
lm_status lm_file_target(const char *path, const lm_file_inputs *inputs, bool *direct, char *target,
			 size_t size);

/* The most latmix reads of each kind of file: what such a file can
 * sensibly hold, so that a link to /dev/zero or a runaway file is refused
 * rather than read until memory runs out. */
#define LM_FILE_MAX_INI ((size_t)1 << 20)   /* descriptions, parameter files */
#define LM_FILE_MAX_TEXT ((size_t)64 << 20) /* kernel sources, listings, counts */
#define LM_FILE_MAX_CSV ((size_t)1 << 30)   /* results */

/* Opens path to be read: a regular file of at most max bytes (a
 * directory, FIFO, socket or device is refused, and never waited on),
 * LM_EIO naming path and why otherwise. */
lm_status lm_file_open_read(const char *path, size_t max, FILE **f);

/* The whole of path (as lm_file_open_read), NUL-terminated, in a new
 * buffer (free() it); LM_EPARSE if it holds a NUL byte (not text). */
lm_status lm_file_read_text(const char *path, size_t max, char **text);

typedef struct lm_file_out lm_file_out;

/* Opens path to be written whole: a regular file (or a new one) is written
 * under the temporary name TARGET.tmpXXXXXX beside its target
 * (lm_file_target), which lm_file_commit renames over the target, keeping
 * its permissions; a device or fifo is written directly. Refused as
 * lm_file_target refuses. */
lm_status lm_file_create(const char *path, const lm_file_inputs *inputs, lm_file_out **out);

/* The stream to write to. */
FILE *lm_file_stream(const lm_file_out *o);

/* Writes out what is buffered, syncs it and renames it over the path
 * given to lm_file_create; frees o. LM_EIO naming the path on any error
 * (ENOSPC, say), and then path is as it was and the temporary file gone. */
lm_status lm_file_commit(lm_file_out *o);

/* As lm_file_commit, but the stream stays open, positioned at the end,
 * for a file that grows row by row after its head is in place: *f is the
 * caller's to close (fclose's status is the last write's). */
lm_status lm_file_publish(lm_file_out *o, FILE **f);

/* Abandons the file: path is as it was, the temporary file gone. Frees o;
 * NULL is safe. */
void lm_file_discard(lm_file_out *o);

/* Closes f, LM_EIO naming path if anything written to it was lost. */
lm_status lm_file_close(FILE *f, const char *path);

/* Renames from over to (a target of lm_file_target), a file made whole
 * elsewhere (a sweep's partial file); LM_EIO, naming both, if to is not a
 * regular file. */
lm_status lm_file_rename(const char *from, const char *to);

#endif
