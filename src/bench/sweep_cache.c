/* sweep_cache: the directory a sweep's kernels are built ahead into and
 * kept in: the one --shared-binaries names (the GPUs of one kind measured
 * at once, measure -d gpus), else latmix's kernel cache, one directory for
 * each device, driver and kernel source, kept from run to run; a lock on
 * it lets one sweep at a time build there, the others then loading what it
 * built. */
#include "bench/sweep_parts.h"
#include "bench/kernels.h"
#include "base/number.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static unsigned long long fnv_text(unsigned long long h, const char *s)
{
	return lm_number_fnv(h, s, strlen(s) + 1); /* the '\0' parts one text from the next */
}

/* Creates dir's folders (mode 0700 where made); false where one cannot be. */
static bool make_dirs(const char *dir)
{
	char path[512];
	if (snprintf(path, sizeof path, "%s", dir) >= (int)sizeof path)
		return false;
	for (char *c = path + 1; *c; c++)
		if (*c == '/') {
			*c = '\0';
			if (mkdir(path, 0700) != 0 && errno != EEXIST)
				return false;
			*c = '/';
		}
	return mkdir(path, 0700) == 0 || errno == EEXIST;
}

/* The folder latmix's kernel cache lives in (cache_dir); false where none. */
static bool cache_base(char *base, size_t size)
{
	const char *env = getenv("LATMIX_CACHE"), *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
	if (env && (!*env || strcmp(env, "off") == 0))
		return false;
	if (env)
		return snprintf(base, size, "%s", env) < (int)size;
	if (xdg && *xdg == '/')
		return snprintf(base, size, "%s/latmix", xdg) < (int)size;
	if (home && *home == '/')
		return snprintf(base, size, "%s/.cache/latmix", home) < (int)size;
	return false;
}

bool lm_sweep_cache_on(void)
{
	char base[400];
	return cache_base(base, sizeof base);
}

/* latmix's kernel cache for the sweep's device and kernels into dir:
 * LATMIX_CACHE (off: none), else $XDG_CACHE_HOME/latmix, else
 * ~/.cache/latmix; in it kernels-KEY, KEY a hash of the device's name,
 * vendor, driver and OpenCL version and the kernels' source (latmix's own
 * or --kernel-dir's), so that a binary is only ever loaded where it was
 * built from the same source for the same driver (and its build options
 * are checked as it is loaded). False where there is none. */
static bool cache_dir(const sweep *sw, char *dir, size_t size)
{
	char base[400];
	if (!cache_base(base, sizeof base))
		return false;
	char *src = NULL;
	if (lm_kernel_program_text(sw->o->kernel_dir, LM_MIX_KERNEL_FILE, &src, NULL) != LM_OK) {
		lm_error_clear();
		return false;
	}
	unsigned long long h = LM_NUMBER_FNV_START;
	h = fnv_text(h, sw->d.name);
	h = fnv_text(h, sw->d.vendor);
	h = fnv_text(h, sw->d.driver);
	h = fnv_text(h, sw->d.version);
	h = fnv_text(h, src);
	free(src);
	return snprintf(dir, size, "%s/kernels-%016llx", base, (unsigned long long)h) < (int)size;
}

/* Directories of kernels the cache keeps: those of the devices, drivers
 * and sources used last, a few MiB each. */
#define CACHE_KEEP 8

/* Removes kernels-* directories of the cache folder base beyond the
 * CACHE_KEEP used last (their times, which a sweep sets as it takes one),
 * oldest first, each only while its lock is had: one a sweep holds stays. */
static void prune_cache(const char *base)
{
	struct entry {
		char name[64];
		time_t used;
	} e[64];
	size_t n = 0;
	DIR *dir = opendir(base);
	for (struct dirent *d; dir && n < 64 && (d = readdir(dir)) != NULL;) {
		char path[512];
		struct stat st;
		if (strncmp(d->d_name, "kernels-", 8) != 0 || strlen(d->d_name) >= sizeof e[n].name ||
		    snprintf(path, sizeof path, "%s/%s", base, d->d_name) >= (int)sizeof path ||
		    lstat(path, &st) != 0 || !S_ISDIR(st.st_mode))
			continue;
		snprintf(e[n].name, sizeof e[n].name, "%s", d->d_name);
		e[n++].used = st.st_mtime;
	}
	if (dir)
		closedir(dir);
	while (n > CACHE_KEEP) {
		size_t old = 0;
		for (size_t i = 1; i < n; i++)
			old = e[i].used < e[old].used ? i : old;
		char path[512], lock[520];
		int fd = -1;
		if (snprintf(path, sizeof path, "%s/%s", base, e[old].name) < (int)sizeof path &&
		    snprintf(lock, sizeof lock, "%s/.lock", path) < (int)sizeof lock)
			fd = open(lock, O_RDWR | O_CLOEXEC | O_NOFOLLOW);
		if (fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) == 0)
			lm_sweep_remove_dir(path);
		if (fd >= 0)
			close(fd);
		e[old] = e[--n];
	}
}

int sweep_binaries_take(sweep *sw, double *waited)
{
	char dir[sizeof sw->binary_dir];
	*waited = 0;
	if (sw->o->shared_binaries) {
		if (snprintf(dir, sizeof dir, "%s", sw->o->shared_binaries) >= (int)sizeof dir)
			return -1;
	} else if (!cache_dir(sw, dir, sizeof dir) || !make_dirs(dir)) {
		return -1;
	}
	struct timespec t0;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	char path[sizeof dir + 8];
	snprintf(path, sizeof path, "%s/.lock", dir);
	int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	/* a sweep whose driver hangs while it builds holds the lock: wait no
	 * longer than --time-limit, then build into a directory of one's own */
	double limit = sw->o->time_limit > 0 ? sw->o->time_limit : 300;
	int got = -1;
	while (fd >= 0 && (got = flock(fd, LOCK_EX | LOCK_NB)) != 0 && (errno == EWOULDBLOCK || errno == EINTR) &&
	       sweep_stopped() == LM_OK && sweep_since(&t0) < limit)
		nanosleep(&(struct timespec){ .tv_nsec = 20000000 }, NULL);
	if (fd >= 0 && got != 0) {
		fprintf(stderr, "latmix: %s: another sweep has held it %.0f s: this one builds its kernels apart\n",
			path, sweep_since(&t0));
		close(fd);
		fd = -1;
	}
	if (fd < 0)
		return -1;
	*waited = sweep_since(&t0);
	if (!sw->o->shared_binaries) { /* this one used now; the cache kept to the last few */
		char base[400];
		utimensat(AT_FDCWD, dir, NULL, 0);
		if (cache_base(base, sizeof base))
			prune_cache(base);
	}
	memcpy(sw->binary_dir, dir, sizeof dir);
	sw->binary_shared = true;
	return fd;
}

bool sweep_binary_built(const sweep *sw, const char *dir, const lm_mix *mix, unsigned chains, lm_alpha a,
			bool flag_free)
{
	/* the options a builder would build it with (measure_build.c's build_in) */
	char opts[512];
	lm_meas_build_options(&sw->d, mix, chains, a, sw->d.kclock != LM_KCLOCK_NONE, opts, sizeof opts);
	if (flag_free)
		strncat(opts, " -DLM_NO_FLAG", sizeof opts - strlen(opts) - 1);
	return lm_meas_binary_saved(dir, mix, chains, a, flag_free, opts);
}
