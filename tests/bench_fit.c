/* How long a fit takes: both models on about 3000 synthetic points (12
 * alphas x 250 occupancies, 1% noise). Prints the time; asserts nothing. */
#include "fit/fit.h"

#include <gsl/gsl_errno.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int main(void)
{
	gsl_set_error_handler_off();
	static const double alphas[] = { 0, 0.25, 1, 2, 4, 8, 16, 32, 64, 128, 256, INFINITY };
	enum { NA = sizeof alphas / sizeof alphas[0], NN = 250 };
	lm_model_params q = { .alu_lat = 6, .mem_lat = 368, .alu_thru = 4, .mem_thru = 0.081,
			      .issue_thru = 4.04, .chain_lat = 20 };
	lm_fit_data d = { .v = malloc(NA * NN * sizeof(lm_fit_point)), .path = "bench" };
	gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
	if (!d.v || !rng)
		return 1;
	for (int a = 0; a < NA; a++)
		for (int n = 1; n <= NN; n++) {
			lm_model_point r = lm_model_eval(&q, n * 0.5, alphas[a]);
			double y = isinf(alphas[a]) ? r.alu_ipc : r.mem_ipc;
			d.v[d.n++] = (lm_fit_point){ alphas[a], n * 0.5, y * (1 + 0.01 * gsl_ran_gaussian(rng, 1)), 0, 0, 1 };
		}
	int rc = 0;
	for (int m = 0; m < LM_FIT_NMODELS; m++) {
		struct timespec t0, t1;
		lm_fit_result r;
		clock_gettime(CLOCK_MONOTONIC, &t0);
		lm_status s = lm_fit_run(&d, (lm_fit_model)m, &r);
		clock_gettime(CLOCK_MONOTONIC, &t1);
		double ms = 1e3 * (double)(t1.tv_sec - t0.tv_sec) + 1e-6 * (double)(t1.tv_nsec - t0.tv_nsec);
		if (s != LM_OK) {
			fprintf(stderr, "bench_fit: %s\n", lm_error_message());
			rc = 1;
			continue;
		}
		printf("fit %-7s %zu points: %.1f ms, %zu iterations, rms %.3f%%\n", lm_fit_model_name(r.model),
		       r.points, ms, r.iterations, 100 * r.rms);
	}
	gsl_rng_free(rng);
	free(d.v);
	return rc;
}
