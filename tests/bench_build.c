/* How long building the default sweep's gmem kernels (one chain, 13 alphas)
 * takes on a device (meson test --benchmark; argument or $LATMIX_DEVICE:
 * the device, default the first GPU): one after the other, from 8 threads
 * of one process, from 8 processes (each its share, binaries passed back
 * through files), and from the binaries a first build returned. Prints
 * times; asserts nothing. */
#include "base/alpha.h"
#include "bench/device.h"
#include "bench/kernels.h"
#include "bench/measure.h"
#include "base/mix.h"

#include <pthread.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>

#define N 13
#define K 8
static const char *const alphas[N] = { "0", "1/4", "1", "2", "4", "8", "16", "32", "64",
				       "128", "256", "512", "inf" };
static lm_device dev;
static cl_context ctx;
static char *src;
static unsigned char *bins[N];
static size_t bin_sizes[N];
static double took[N];

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* Builds program i from source (keeping its binary) or from bins[i]. */
static int build_one(int i, int from_binary)
{
	lm_alpha a;
	char opts[512];
	lm_alpha_parse(alphas[i], &a);
	lm_meas_build_options(&dev, lm_mix_find("gmem"), 1, a, dev.kclock != LM_KCLOCK_NONE, opts,
			      sizeof opts);
	cl_int err;
	double t0 = now();
	cl_program p = from_binary
		? clCreateProgramWithBinary(ctx, 1, &dev.id, &bin_sizes[i],
					    (const unsigned char **)&bins[i], NULL, &err)
		: clCreateProgramWithSource(ctx, 1, (const char **)&src, NULL, &err);
	if (err == CL_SUCCESS)
		err = clBuildProgram(p, 1, &dev.id, opts, NULL, NULL);
	took[i] = now() - t0;
	if (err == CL_SUCCESS && !from_binary) {
		clGetProgramInfo(p, CL_PROGRAM_BINARY_SIZES, sizeof bin_sizes[i], &bin_sizes[i], NULL);
		free(bins[i]);
		bins[i] = malloc(bin_sizes[i]);
		clGetProgramInfo(p, CL_PROGRAM_BINARIES, sizeof bins[i], &bins[i], NULL);
	}
	if (p)
		clReleaseProgram(p);
	return err == CL_SUCCESS ? 0 : -1;
}

static int next;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg)
{
	for (;;) {
		pthread_mutex_lock(&lock);
		int i = next++;
		pthread_mutex_unlock(&lock);
		if (i >= N)
			return arg;
		build_one(i, 0);
	}
}

static void report(const char *how, double t)
{
	double sum = 0;
	for (int i = 0; i < N; i++)
		sum += took[i];
	printf("%-44s %6.2f s (per kernel %.3f s, summed %.2f s)\n", how, t, sum / N, sum);
}

int main(int argc, char **argv)
{
	const char *spec = argc > 1 && strcmp(argv[1], "--child") != 0 ? argv[1] : getenv("LATMIX_DEVICE");
	bool child = argc > 3 && strcmp(argv[1], "--child") == 0;
	if (child)
		spec = argc > 4 ? argv[4] : NULL;
	if (lm_device_select(spec, 0, 0, &dev) != LM_OK) {
		printf("device: none (%s)\n", lm_error_message());
		return 0;
	}
	cl_int err;
	ctx = clCreateContext(NULL, 1, &dev.id, NULL, NULL, &err);
	if (err != CL_SUCCESS || lm_kernel_source(NULL, LM_MIX_KERNEL_FILE, &src, NULL) != LM_OK)
		return 1;
	if (child) {
		/* --child PART DIR [DEVICE]: programs PART, PART + K, ... */
		int part = atoi(argv[2]);
		for (int i = part; i < N; i += K) {
			if (build_one(i, 0) != 0)
				return 1;
			char path[4096];
			snprintf(path, sizeof path, "%s/%d.bin", argv[3], i);
			FILE *f = fopen(path, "wb");
			if (!f || fwrite(bins[i], 1, bin_sizes[i], f) != bin_sizes[i] || fclose(f) != 0)
				return 1;
		}
		return 0;
	}
	printf("device %s, driver %s: %d gmem kernels\n", dev.name, dev.driver, N);
	double t0 = now();
	for (int i = 0; i < N; i++)
		build_one(i, 0);
	report("one after the other, from source", now() - t0);
	t0 = now();
	for (int i = 0; i < N; i++)
		build_one(i, 1);
	report("one after the other, from their binaries", now() - t0);

	pthread_t tid[K];
	next = 0;
	t0 = now();
	for (int i = 0; i < K; i++)
		pthread_create(&tid[i], NULL, worker, NULL);
	for (int i = 0; i < K; i++)
		pthread_join(tid[i], NULL);
	report("8 threads of one process, from source", now() - t0);

	char dir[] = "/tmp/latmix-bench-XXXXXX";
	if (!mkdtemp(dir))
		return 1;
	t0 = now();
	pid_t pid[K];
	extern char **environ;
	for (int i = 0; i < K; i++) {
		char part[16];
		snprintf(part, sizeof part, "%d", i);
		char *cargv[] = { argv[0], "--child", part, dir, (char *)(spec ? spec : ""), NULL };
		if (!spec)
			cargv[4] = NULL;
		posix_spawn(&pid[i], "/proc/self/exe", NULL, NULL, cargv, environ);
	}
	int failed = 0;
	for (int i = 0; i < K; i++) {
		int st;
		waitpid(pid[i], &st, 0);
		failed |= !WIFEXITED(st) || WEXITSTATUS(st) != 0;
	}
	double spawned = now() - t0;
	for (int i = 0; i < N && !failed; i++) {
		char path[4096];
		snprintf(path, sizeof path, "%s/%d.bin", dir, i);
		FILE *f = fopen(path, "rb");
		long size = f && fseek(f, 0, SEEK_END) == 0 ? ftell(f) : 0;
		free(bins[i]);
		bins[i] = malloc((size_t)size + 1);
		bin_sizes[i] = f && size > 0 && fseek(f, 0, SEEK_SET) == 0
			? fread(bins[i], 1, (size_t)size, f) : 0;
		if (f)
			fclose(f);
		remove(path);
		build_one(i, 1);
	}
	remove(dir);
	if (failed)
		printf("8 processes: a child failed\n");
	else
		report("8 processes from source, then their binaries", now() - t0);
	printf("   (of which the 8 processes: %.2f s)\n", spawned);
	for (int i = 0; i < N; i++)
		free(bins[i]);
	free(src);
	clReleaseContext(ctx);
	return 0;
}
