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

void lm_gnuplot_begin(FILE *f, const char *name, const char *what)
{
	fprintf(f, "# %s\n"
		   "# Written by latmix report; edit and rerun here with: gnuplot %s.gp\n"
		   "set terminal pngcairo size 960,640 enhanced font 'Sans,11'\n"
		   "set output '%s.png'\n"
		   "set datafile missing '?'\n"
		   "set grid lc rgb '#dddddd'\n",
		what, name, name);
}

void lm_gnuplot_end(FILE *f, const char *name)
{
	fprintf(f, "\nset terminal svg size 960,640 enhanced font 'Sans,11' background rgb 'white'\n"
		   "set output '%s.svg'\n"
		   "replot\n"
		   "unset output\n",
		name);
}
