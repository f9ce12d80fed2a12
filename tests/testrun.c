#include "testrun.h"
#include "bench/kernels.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

void lm_test_slurp(const char *path, char *buf, size_t size)
{
	FILE *f = fopen(path, "r");
	size_t n = f ? fread(buf, 1, size - 1, f) : 0;
	buf[n] = '\0';
	if (f)
		fclose(f);
}

int lm_test_file_has(const char *path, const char *text)
{
	char *buf = malloc(1 << 20);
	if (!buf)
		return 0;
	lm_test_slurp(path, buf, 1 << 20);
	int has = strstr(buf, text) != NULL;
	free(buf);
	return has;
}

void lm_test_source_path(char *buf, size_t size, const char *rel)
{
	snprintf(buf, size, "%s/%s", getenv("LATMIX_SOURCE_ROOT"), rel);
}

void lm_test_latmix(const char *const *args, const char *gnuplot, lm_test_result *r)
{
	static const char *argv[256];
	argv[0] = getenv("LATMIX");
	ck_assert_msg(argv[0] != NULL, "LATMIX is not set: run the tests through meson test, or set it to "
		      "the latmix binary");
	int n = 1;
	for (; args[n - 1] && n < 255; n++)
		argv[n] = args[n - 1];
	argv[n] = NULL;
	lm_test_command(argv, gnuplot, r);
}

void lm_test_command(const char *const *argv, const char *gnuplot, lm_test_result *r)
{
	char outp[] = "/tmp/latmix-test-out-XXXXXX", errp[] = "/tmp/latmix-test-err-XXXXXX";
	int fo = mkstemp(outp), fe = mkstemp(errp);
	ck_assert(fo >= 0 && fe >= 0);
	pid_t pid = fork();
	ck_assert(pid >= 0);
	if (pid == 0) {
		dup2(fo, 1);
		dup2(fe, 2);
		if (gnuplot)
			setenv("LATMIX_GNUPLOT", gnuplot, 1);
		else
			unsetenv("LATMIX_GNUPLOT");
		setenv("ASAN_OPTIONS", "exitcode=99", 1);
		setenv("UBSAN_OPTIONS", "halt_on_error=1:exitcode=98", 1);
		execvp(argv[0], (char *const *)argv);
		_exit(127);
	}
	int ws;
	waitpid(pid, &ws, 0);
	r->status = WIFEXITED(ws) ? WEXITSTATUS(ws) : 128 + WTERMSIG(ws);
	lm_test_slurp(outp, r->out, sizeof r->out);
	lm_test_slurp(errp, r->err, sizeof r->err);
	close(fo);
	close(fe);
	unlink(outp);
	unlink(errp);
}

int lm_test_full(void)
{
	const char *t = getenv("LATMIX_TESTS");
	return t && strcmp(t, "full") == 0;
}

void lm_test_count_fixture(const char *file, const char *name, lm_count *m)
{
	char path[600], *text = NULL;
	lm_test_source_path(path, sizeof path, file);
	ck_assert_msg(lm_read_text(path, &text) == LM_OK, "%s", lm_error_message());
	ck_assert_msg(lm_count_count_ptx(text, name, m) == LM_OK, "%s: %s", file, lm_error_message());
	free(text);
}

void lm_test_fixture_spec(char *spec, size_t size, const char *file, const char *name)
{
	char path[600];
	lm_test_source_path(path, sizeof path, file);
	snprintf(spec, size, "%s:%s", path, name);
}
