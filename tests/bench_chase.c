/* How long the chase costs the host and the device (meson test --benchmark):
 * the host's check of one value (P^-1, then P), and with one walk a warp, over the H200's largest
 * point (2.16 million chains: 64 warps x 132 SMs x 32 lanes x 8 chains) on
 * one core; and the buffer written on the first OpenCL device, 256 MiB and
 * 1 GiB, through lm_meas_alloc. Prints times; asserts nothing. */
#include "bench/chase.h"
#include "bench/device.h"
#include "bench/measure.h"
#include "base/mix.h"

#include <stdio.h>
#include <time.h>

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int main(void)
{
	lm_chase *c;
	if (lm_chase_alloc(66584576, 32, 1, 7, &c) != LM_OK)
		return 1;
	const size_t chains = 64ull * 132 * 32 * 8;
	uint32_t sum = 0;
	double t0 = now();
	for (size_t i = 0; i < chains; i++)
		sum += lm_chase_walk(c, lm_chase_start(c, 0, i / 32, chains / 32, (unsigned)(i % 32)), 1000);
	double t = now() - t0;
	printf("host: %zu chains started and checked in %.3f s on one core (%.1f ns each; %08x)\n",
	       chains, t, 1e9 * t / (double)chains, sum);
	/* as lm_meas_point does it: one start and one walk a warp, its lanes
	 * moved within the line the walk ends in */
	sum = 0;
	t0 = now();
	for (size_t w = 0; w < chains / 32; w++) {
		uint32_t v = lm_chase_start(c, 0, w, chains / 32, 0);
		uint32_t end = lm_chase_walk(c, v, 1000);
		for (unsigned lane = 0; lane < 32; lane++)
			sum += lm_chase_relane(c, end, lm_chase_lane(c, lm_chase_relane(c, v, lane)));
	}
	t = now() - t0;
	printf("host: the same, one walk a warp: %.3f s on one core (%.1f ns a chain; %08x)\n", t,
	       1e9 * t / (double)chains, sum);
	lm_chase_free(c);

	lm_device d;
	if (lm_device_select(NULL, 0, 0, &d) != LM_OK) {
		printf("device: none (%s)\n", lm_error_message());
		return 0;
	}
	for (unsigned long long mib = 256; mib <= 1024; mib *= 4) {
		lm_meas_config cfg = { .mix = lm_mix_find("gmem"), .footprint = mib << 20, .chains = 1,
				       .launch_ms = 1, .repeats = 3, .seed = 7 };
		lm_meas *m;
		if (lm_meas_alloc(&d, &cfg, &m) != LM_OK) {
			printf("device %s: %llu MiB: %s\n", d.name, mib, lm_error_message());
			continue;
		}
		printf("device %s: %llu MiB chase buffer written in %.3f s\n", d.name, mib,
		       lm_meas_build_time(m));
		lm_meas_free(m);
	}
	return 0;
}
