/* fleet: which devices of a fleet build the same kernels (lm_fleet_kinds):
 * GPUs of one name, vendor and driver share a kind, and so one directory of
 * built kernels; another driver, another name or a CPU builds its own. */
#include "testutil.h"
#include "cli/fleet.h"

#include <string.h>

static lm_device device(const char *name, const char *vendor, const char *driver, cl_device_type type)
{
	lm_device d;
	memset(&d, 0, sizeof d);
	snprintf(d.name, sizeof d.name, "%s", name);
	snprintf(d.vendor, sizeof d.vendor, "%s", vendor);
	snprintf(d.driver, sizeof d.driver, "%s", driver);
	d.type = type;
	return d;
}

START_TEST(gpus_of_one_name_vendor_and_driver_are_one_kind)
{
	const cl_device_type gpu = CL_DEVICE_TYPE_GPU, cpu = CL_DEVICE_TYPE_CPU;
	lm_device d[] = {
		device("NVIDIA H200", "NVIDIA Corporation", "580.159.04", gpu),
		device("NVIDIA H100 80GB HBM3", "NVIDIA Corporation", "580.159.04", gpu),
		device("NVIDIA H200", "NVIDIA Corporation", "580.159.04", gpu),
		device("cpu-haswell", "GenuineIntel", "6.0", cpu),
		device("cpu-haswell", "GenuineIntel", "6.0", cpu), /* a CPU builds its own */
		device("NVIDIA H200", "NVIDIA Corporation", "575.51.03", gpu), /* another driver */
		device("NVIDIA H200", "NVIDIA Corporation", "580.159.04", gpu),
		device("NVIDIA H200", "Another Vendor", "580.159.04", gpu),
	};
	size_t n = sizeof d / sizeof *d, kind[8];
	const size_t want[] = { 0, 1, 0, 3, 4, 5, 0, 7 };
	ck_assert_uint_eq(lm_fleet_kinds(d, n, kind), 3); /* the three H200s of one driver */
	for (size_t i = 0; i < n; i++)
		ck_assert_msg(kind[i] == want[i], "device %zu: kind %zu, not %zu", i, kind[i], want[i]);
	/* one device, or none, shares with nobody */
	ck_assert_uint_eq(lm_fleet_kinds(d, 1, kind), 0);
	ck_assert_uint_eq(kind[0], 0);
	ck_assert_uint_eq(lm_fleet_kinds(d, 0, kind), 0);
	/* two of a kind at the end */
	lm_device two[] = { d[1], d[5], d[5] };
	ck_assert_uint_eq(lm_fleet_kinds(two, 3, kind), 2);
	ck_assert(kind[0] == 0 && kind[1] == 1 && kind[2] == 1);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("fleet");
	TCase *tc = tcase_create("kinds");
	tcase_add_test(tc, gpus_of_one_name_vendor_and_driver_are_one_kind);
	suite_add_tcase(s, tc);
	return lm_test_run(s);
}
