/* latmix devices: every OpenCL platform and device, or the results
 * directory of one. */
#include "cli/command.h"
#include "bench/device.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

lm_status cmd_devices(const lm_options *o)
{
	if (o->print_dir) {
		/* the directory measure writes to by default, for scripts */
		lm_device d;
		lm_status s = lm_device_select(o->device, (unsigned)o->simd, (unsigned)o->max_warps, &d);
		if (s != LM_OK)
			return s;
		char slug[128];
		lm_device_slug(&d, slug, sizeof slug);
		printf("results/%s\n", slug);
		return LM_OK;
	}
	lm_device *devs;
	size_t n;
	lm_status s = lm_device_list(&devs, &n, (unsigned)o->simd, (unsigned)o->max_warps);
	if (s != LM_OK)
		return s;
	if (o->csv)
		lm_device_csv_header(stdout);
	for (size_t i = 0; i < n; i++) {
		if (o->csv) {
			lm_device_csv_row(stdout, &devs[i]);
		} else {
			if (i)
				putchar('\n');
			lm_device_print(stdout, &devs[i]);
		}
	}
	free(devs);
	return LM_OK;
}

static const lm_opt options[] = {
	{ "device", 'd', LM_OPT_STR, NULL, 0, 0, LM_OPT_OFF(device), "DEV",
	  "the device --print-dir names the results directory of: platform:device index (0:1) or part of its name; default: the first GPU, else the first device",
	  .role = LM_OPTION_OTHER },
	{ "csv", 0, LM_OPT_FLAG, NULL, 0, 0, LM_OPT_OFF(csv), NULL,
	  "the devices as CSV",
	  .role = LM_OPTION_OTHER },
	{ "simd", 0, LM_OPT_INT, "0", 0, 1024, LM_OPT_OFF(simd), "W",
	  "SIMD width (lanes per warp) instead of the detected one; 0: detect",
	  .role = LM_OPTION_DEFINES },
	{ "max-warps", 0, LM_OPT_INT, "0", 0, 4096, LM_OPT_OFF(max_warps), "N",
	  "resident warps per CU the device allows, instead of the detected limit; 0: detect",
	  .role = LM_OPTION_DEFINES },
	{ "print-dir", 0, LM_OPT_FLAG, NULL, 0, 0, LM_OPT_OFF(print_dir), NULL,
	  "print only the directory latmix measure writes to for the selected device (results/<name>)",
	  .role = LM_OPTION_OTHER },
	{ "kernel-dir", 0, LM_OPT_STR, NULL, 0, 0, LM_OPT_OFF(kernel_dir), "DIR",
	  "read kernels from DIR instead of the copies built into latmix",
	  .role = LM_OPTION_DEFINES },
};

static const lm_opt_table table = LM_OPT_TABLE(options);

const lm_command lm_cmd_devices = { "devices", &table, cmd_devices, "", 0, 0,
	  "list every OpenCL platform and device (--print-dir: the results directory of the selected one)", NULL };
