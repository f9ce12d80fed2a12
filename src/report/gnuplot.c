#include "report/gnuplot.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

const char *lm_gnuplot_program(void)
{
	const char *p = getenv("LATMIX_GNUPLOT");
	return p && *p ? p : "gnuplot";
}

lm_status lm_gnuplot_run(const char *dir, const char *script, bool *missing)
{
	const char *prog = lm_gnuplot_program();
	bool dummy;
	if (!missing)
		missing = &dummy;
	*missing = false;
	/* The child reports a failed chdir or exec through a close-on-exec
	 * pipe: nothing arrives when the exec succeeded. */
	int fd[2];
	if (pipe(fd) != 0)
		return lm_fail(LM_EIO, "pipe: %s", strerror(errno));
	fcntl(fd[1], F_SETFD, FD_CLOEXEC);
	fflush(NULL);
	pid_t pid = fork();
	if (pid < 0) {
		int e = errno;
		close(fd[0]);
		close(fd[1]);
		return lm_fail(LM_EIO, "fork: %s", strerror(e));
	}
	if (pid == 0) {
		close(fd[0]);
		int e = 0;
		if (chdir(dir) != 0) {
			e = -errno;
		} else {
			execlp(prog, prog, script, (char *)NULL);
			e = errno;
		}
		ssize_t w = write(fd[1], &e, sizeof e);
		(void)w;
		_exit(127);
	}
	close(fd[1]);
	int err = 0;
	ssize_t got;
	do
		got = read(fd[0], &err, sizeof err);
	while (got < 0 && errno == EINTR);
	close(fd[0]);
	int ws;
	while (waitpid(pid, &ws, 0) < 0 && errno == EINTR)
		;
	if (got == (ssize_t)sizeof err && err < 0)
		return lm_fail(LM_EIO, "%s: %s", dir, strerror(-err));
	if (got == (ssize_t)sizeof err) {
		*missing = true;
		return lm_fail(LM_EIO, "cannot run '%s' (%s); install gnuplot or point LATMIX_GNUPLOT at it",
			       prog, strerror(err));
	}
	if (!WIFEXITED(ws) || WEXITSTATUS(ws) != 0)
		return lm_fail(LM_EIO, "'%s %s' in %s failed (%s %d)", prog, script, dir,
			       WIFEXITED(ws) ? "exit status" : "signal",
			       WIFEXITED(ws) ? WEXITSTATUS(ws) : WTERMSIG(ws));
	return LM_OK;
}

/* c as written into a script: a control character (from a file read:
 * a device's name) as '?', which ends no line and no string. */
static int printable(unsigned char c)
{
	return c < 0x20 || c == 0x7f ? '?' : c;
}

/* Where a title's next line ends: all of it when it fits, else at its
 * last ": " or else its last space within LM_GNUPLOT_TITLE_COLUMNS (the
 * space dropped), else there, mid-word (at a character's first byte). */
static size_t line_end(const char *s, size_t n, size_t *skip)
{
	*skip = 0;
	if (n <= LM_GNUPLOT_TITLE_COLUMNS)
		return n;
	/* after a colon (a device's name, then what is drawn), else at a space */
	for (int colon = 1; colon >= 0; colon--)
		for (size_t i = LM_GNUPLOT_TITLE_COLUMNS; i > LM_GNUPLOT_TITLE_COLUMNS / 3; i--)
			if (s[i] == ' ' && (!colon || s[i - 1] == ':')) {
				*skip = 1;
				return i;
			}
	size_t i = LM_GNUPLOT_TITLE_COLUMNS;
	while (i > 1 && ((unsigned char)s[i] & 0xc0) == 0x80)
		i--; /* not within a character of UTF-8 */
	return i;
}

/* `set title` for title (lm_gnuplot_begin). */
static void write_title(FILE *f, const char *title)
{
	/* single quotes: gnuplot runs a command in backquotes inside a
	 * double-quoted string, not inside a single-quoted one, where only a
	 * doubled quote is special; lines joined by a double-quoted newline */
	fputs("set title ", f);
	size_t n = strlen(title);
	do {
		size_t skip, end = line_end(title, n, &skip);
		fputc('\'', f);
		for (size_t i = 0; i < end; i++) {
			if (title[i] == '\'')
				fputc('\'', f);
			fputc(printable((unsigned char)title[i]), f);
		}
		fputc('\'', f);
		title += end + skip;
		n -= end + skip;
		if (n)
			fputs(".\"\\n\".", f);
	} while (n);
	fputs(" noenhanced\n", f);
}

void lm_gnuplot_begin(FILE *f, const char *name, const char *title)
{
	fputs("# ", f);
	for (const char *c = title; *c; c++)
		fputc(printable((unsigned char)*c), f);
	fprintf(f, "\n"
		   "# Written by latmix report; edit and rerun here with: gnuplot %s.gp\n"
		   "set terminal pngcairo size 960,640 enhanced font 'Sans,11'\n"
		   "set output '%s.png'\n"
		   "set datafile missing '?'\n"
		   "set grid lc rgb '#dddddd'\n",
		name, name);
	write_title(f, title);
}

void lm_gnuplot_end(FILE *f, const char *name)
{
	fprintf(f, "\nset terminal svg size 960,640 enhanced font 'Sans,11' background rgb 'white'\n"
		   "set output '%s.svg'\n"
		   "replot\n"
		   "unset output\n",
		name);
}
