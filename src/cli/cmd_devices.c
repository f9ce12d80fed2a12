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

const lm_command lm_cmd_devices = { "devices", LM_CMD_DEVICES, cmd_devices, "", 0, 0,
	  "list every OpenCL platform and device (--print-dir: the results directory of the selected one)", NULL };
