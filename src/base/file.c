#define _XOPEN_SOURCE 700 /* realpath */
#include "base/file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct lm_file_id {
	dev_t dev;
	ino_t ino;
	char *path;
};

/* "1.5 MiB" */
static void size_text(size_t bytes, char *buf, size_t size)
{
	if (bytes >= (size_t)1 << 30)
		snprintf(buf, size, "%g GiB", (double)bytes / (1 << 30));
	else
		snprintf(buf, size, "%g MiB", (double)bytes / (1 << 20));
}

lm_status lm_file_open_read(const char *path, size_t max, FILE **f)
{
	/* without blocking: a FIFO with no writer would wait forever */
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return lm_fail(LM_EIO, "%s: %s", path, strerror(errno));
	struct stat st = { 0 };
	const char *why = NULL;
	char most[32];
	size_text(max, most, sizeof most);
	if (fstat(fd, &st) != 0)
		why = strerror(errno);
	else if (S_ISDIR(st.st_mode))
		why = "a directory, not a file";
	else if (!S_ISREG(st.st_mode))
		why = "not a regular file (a FIFO, socket or device): latmix reads files only";
	else if ((size_t)st.st_size > max)
		why = "larger than latmix reads of a file of its kind";
	if (!why && (fcntl(fd, F_SETFL, 0) != 0 || !(*f = fdopen(fd, "r"))))
		why = strerror(errno);
	if (!why)
		return LM_OK;
	close(fd);
	return lm_fail(LM_EIO, "%s: %s%s%s", path, why, (size_t)st.st_size > max ? ", " : "",
		       (size_t)st.st_size > max ? most : "");
}

lm_status lm_file_read_text(const char *path, size_t max, char **text)
{
	FILE *f;
	lm_status s = lm_file_open_read(path, max, &f);
	if (s != LM_OK)
		return s;
	/* at most max + 1 bytes: a file that grew past max since fstat is refused too */
	size_t cap = 8192, len = 0;
	char *buf = malloc(cap);
	while (buf) {
		if (len + 1 == cap) {
			size_t more = 2 * cap < max + 2 ? 2 * cap : max + 2;
			char *nb = realloc(buf, more);
			if (!nb) {
				free(buf);
				buf = NULL;
				break;
			}
			buf = nb, cap = more;
		}
		size_t got = fread(buf + len, 1, cap - 1 - len, f);
		len += got;
		if (!got || len > max)
			break;
	}
	bool bad = !buf || ferror(f) || len > max;
	fclose(f);
	if (bad) {
		char most[32];
		size_text(max, most, sizeof most);
		free(buf);
		return !buf ? lm_fail(LM_ENOMEM, "%s: out of memory", path)
		       : len > max ? lm_fail(LM_EIO, "%s: larger than latmix reads of a file of its kind, %s", path, most)
				   : lm_fail(LM_EIO, "%s: read error", path);
	}
	buf[len] = '\0';
	const char *nul = memchr(buf, '\0', len);
	if (nul) {
		size_t at = (size_t)(nul - buf);
		free(buf);
		return lm_fail(LM_EPARSE, "%s: holds a NUL byte at byte %zu: not a text file", path, at);
	}
	*text = buf;
	return LM_OK;
}

lm_status lm_file_input(lm_file_inputs *in, const char *path)
{
	struct stat st;
	if (stat(path, &st) != 0)
		return lm_fail(LM_EIO, "%s: %s", path, strerror(errno));
	for (size_t i = 0; i < in->n; i++)
		if (in->v[i].dev == st.st_dev && in->v[i].ino == st.st_ino)
			return LM_OK;
	if (in->n == in->cap) {
		size_t cap = in->cap ? 2 * in->cap : 8;
		struct lm_file_id *v = realloc(in->v, cap * sizeof *v);
		if (!v)
			return lm_fail(LM_ENOMEM, "out of memory");
		in->v = v;
		in->cap = cap;
	}
	char *copy = strdup(path);
	if (!copy)
		return lm_fail(LM_ENOMEM, "out of memory");
	in->v[in->n++] = (struct lm_file_id){ st.st_dev, st.st_ino, copy };
	return LM_OK;
}

void lm_file_inputs_free(lm_file_inputs *in)
{
	for (size_t i = 0; i < in->n; i++)
		free(in->v[i].path);
	free(in->v);
	*in = (lm_file_inputs){ 0 };
}

lm_status lm_file_not_input(const lm_file_inputs *in, const char *path)
{
	struct stat st;
	if (!in || stat(path, &st) != 0)
		return LM_OK;
	for (size_t i = 0; i < in->n; i++) {
		const struct lm_file_id *x = &in->v[i];
		if (x->dev != st.st_dev || x->ino != st.st_ino)
			continue;
		if (strcmp(x->path, path) == 0)
			return lm_fail(LM_EUSAGE, "%s: refusing to write over a file this command reads: "
				       "name another output", path);
		return lm_fail(LM_EUSAGE, "%s: refusing to write over %s, a file this command reads (the "
			       "same file by another name): name another output", path, x->path);
	}
	return LM_OK;
}

lm_status lm_file_target(const char *path, const lm_file_inputs *inputs, bool *direct, char *target,
			 size_t size)
{
	lm_status s = lm_file_not_input(inputs, path);
	if (s != LM_OK)
		return s;
	struct stat st, lst;
	bool exists = stat(path, &st) == 0;
	if (exists && S_ISDIR(st.st_mode))
		return lm_fail(LM_EIO, "%s: is a directory", path);
	if (direct)
		*direct = exists && !S_ISREG(st.st_mode);
	if (!target)
		return LM_OK;
	/* a symbolic link stays one: the file it points to is replaced */
	char *real = exists && lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode) ? realpath(path, NULL) : NULL;
	if ((size_t)snprintf(target, size, "%s", real ? real : path) >= size)
		s = lm_fail(LM_EIO, "%s: name too long", path);
	free(real);
	return s;
}

struct lm_file_out {
	FILE *f;
	char *path;   /* as given, for messages */
	char *target; /* the file renamed over: path, or its link's target */
	char *tmp;    /* NULL: written directly */
};

static void out_free(lm_file_out *o)
{
	free(o->path);
	free(o->target);
	free(o->tmp);
	free(o);
}

lm_status lm_file_create(const char *path, const lm_file_inputs *inputs, lm_file_out **out)
{
	char target[4096];
	bool direct;
	lm_status s = lm_file_target(path, inputs, &direct, target, sizeof target);
	if (s != LM_OK)
		return s;
	lm_file_out *o = calloc(1, sizeof *o);
	if (!o || !(o->path = strdup(path)))
		goto nomem;
	if (direct) {
		/* a device or a fifo: nothing to replace, written as it is */
		if (!(o->f = fopen(path, "w"))) {
			s = lm_fail(LM_EIO, "%s: %s", path, strerror(errno));
			out_free(o);
			return s;
		}
		*out = o;
		return LM_OK;
	}
	size_t n = strlen(target) + sizeof ".tmpXXXXXX";
	if (!(o->target = strdup(target)) || !(o->tmp = malloc(n)))
		goto nomem;
	snprintf(o->tmp, n, "%s.tmpXXXXXX", target);
	struct stat st;
	mode_t mode;
	if (stat(target, &st) == 0) {
		mode = st.st_mode & 07777;
	} else {
		mode_t mask = umask(022);
		umask(mask);
		mode = 0666 & ~mask;
	}
	int fd = mkstemp(o->tmp);
	if (fd < 0 || fchmod(fd, mode) != 0 || !(o->f = fdopen(fd, "w"))) {
		s = lm_fail(LM_EIO, "%s: %s", path, strerror(errno));
		if (fd >= 0) {
			close(fd);
			unlink(o->tmp);
		}
		out_free(o);
		return s;
	}
	*out = o;
	return LM_OK;
nomem:
	if (o)
		out_free(o);
	return lm_fail(LM_ENOMEM, "out of memory");
}

FILE *lm_file_stream(const lm_file_out *o)
{
	return o->f;
}

/* Everything written reached the file (and, synced, the disk)? The first
 * error's errno, or 0. */
static int flush(FILE *f, bool sync)
{
	if (fflush(f) != 0)
		return errno ? errno : EIO;
	if (ferror(f))
		return EIO;
	if (sync && fsync(fileno(f)) != 0 && errno != EINVAL)
		return errno;
	return 0;
}

lm_status lm_file_close(FILE *f, const char *path)
{
	int e = flush(f, false);
	if (fclose(f) != 0 && !e)
		e = errno ? errno : EIO;
	return e ? lm_fail(LM_EIO, "%s: %s", path, strerror(e)) : LM_OK;
}

/* Brings o's file into place: written out, synced and renamed over its
 * target (a file written directly: written out). errno of the first
 * error, or 0. */
static int settle(lm_file_out *o)
{
	int e = flush(o->f, o->tmp != NULL);
	if (!e && o->tmp && rename(o->tmp, o->target) != 0)
		e = errno;
	return e;
}

lm_status lm_file_publish(lm_file_out *o, FILE **f)
{
	int e = settle(o);
	if (e) {
		lm_status s = lm_fail(LM_EIO, "%s: %s", o->path, strerror(e));
		lm_file_discard(o);
		return s;
	}
	*f = o->f;
	out_free(o);
	return LM_OK;
}

lm_status lm_file_commit(lm_file_out *o)
{
	int e = settle(o);
	if (e) {
		lm_status s = lm_fail(LM_EIO, "%s: %s", o->path, strerror(e));
		lm_file_discard(o);
		return s;
	}
	lm_status s = lm_file_close(o->f, o->path);
	out_free(o);
	return s;
}

void lm_file_discard(lm_file_out *o)
{
	if (!o)
		return;
	if (o->f)
		fclose(o->f);
	if (o->tmp)
		unlink(o->tmp);
	out_free(o);
}

lm_status lm_file_rename(const char *from, const char *to)
{
	struct stat st;
	if (stat(to, &st) == 0 && !S_ISREG(st.st_mode))
		return lm_fail(LM_EIO, "%s: not a regular file, so not replaced (what was written is in %s)",
			       to, from);
	if (rename(from, to) != 0)
		return lm_fail(LM_EIO, "%s: %s (what was written is in %s)", to, strerror(errno), from);
	return LM_OK;
}
