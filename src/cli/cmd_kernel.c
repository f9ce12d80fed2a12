/* latmix kernel: a mix's kernel as built, offline for a target (--isa), or
 * a user's kernel described (--describe) or counted (--mix-of). */
#include "cli/command.h"
#include "asm/count.h"
#include "asm/listing.h"
#include "base/alpha.h"
#include "base/file.h"
#include "base/mix.h"
#include "bench/device.h"
#include "bench/kcount.h"
#include "bench/kernels.h"
#include "bench/measure.h"
#include "bench/offline.h"
#include "bench/userbuild.h"
#include "bench/userkernel.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The loop of a user's kernel (spec) counted: from --isa TARGET's build,
 * else the device's (-d, or kernel --mix-of's default device), else
 * clang's NVPTX build; listing_too: print what was counted. */
lm_status lm_cli_count_kernel(const lm_options *o, const char *spec, bool listing_too, lm_count *m)
{
	memset(m, 0, sizeof *m);
	lm_count_args args = { 0 };
	if (lm_kcount_is_listing(spec)) {
		if (o->isa || o->device)
			return lm_fail(LM_EUSAGE, "%s: a PTX listing is counted as it is: leave out --isa and --device", spec);
		lm_status s = o->arg_values ? lm_kcount_parse_args(o->arg_values, NULL, "", &args) : LM_OK;
		return s != LM_OK ? s : lm_kcount_listing(spec, listing_too ? stdout : NULL, &args, m);
	}
	bool offline = o->isa && strcmp(o->isa, "nvptx") != 0;
	if (offline && o->device)
		return lm_fail(LM_EUSAGE, "--isa builds for a target, not on a device: leave out --device");
	lm_device d;
	bool on_device = !o->isa && (o->device || o->mix_of || o->describe);
	lm_status s = LM_OK;
	if (on_device && (s = lm_device_select(o->device, (unsigned)o->simd, (unsigned)o->max_warps, &d)) != LM_OK)
		return s;
	char name[LM_USER_NAME], label[64], *src = NULL;
	/* the description's scalars, and --arg's over them */
	if ((s = lm_kcount_source(spec, o->kernel_dir, o->size, &src, name, sizeof name, label, sizeof label, &args)) ==
		    LM_OK &&
	    (!o->arg_values || (s = lm_kcount_parse_args(o->arg_values, src, name, &args)) == LM_OK))
		s = lm_kcount_count(src, name, &args, offline ? o->isa : NULL, on_device ? &d : NULL, NULL,
				  listing_too ? stdout : NULL, m);
	snprintf(m->label, sizeof m->label, "%s", label);
	free(src);
	return s;
}

/* kernel --describe FILE.cl[:NAME]: a description to start from, its bytes
 * from the loop as counted on the device (none where it cannot be). */
static lm_status describe_kernel(const lm_options *o)
{
	char file[4096], name[LM_USER_NAME], counted[4200];
	if (!lm_user_user_spec(o->describe, file, sizeof file, name))
		return lm_fail(LM_EUSAGE, "--describe '%s': expected FILE.cl or FILE.cl:NAME, a name under %d "
			       "characters", o->describe, LM_USER_NAME);
	snprintf(counted, sizeof counted, "%s:%s", file, name);
	lm_device d;
	char *src = NULL;
	lm_status s = lm_device_select(o->device, (unsigned)o->simd, (unsigned)o->max_warps, &d);
	if (s == LM_OK)
		s = lm_read_text(file, &src);
	if (s != LM_OK)
		return s;
	lm_count m;
	double bytes = 0;
	lm_count_uses uses = { 0 };
	if (lm_cli_count_kernel(o, counted, false, &m) == LM_OK) {
		uses = m.args;
		lm_kernel_mix k;
		lm_count_model(&m, &k);
		/* known where every access's bytes are (a store-only loop's loads none) */
		if ((k.load_bytes > 0 || !(k.loads > 0)) && (k.store_bytes > 0 || !(k.stores > 0)))
			bytes = k.loads * k.load_bytes + k.stores * k.store_bytes;
	} else {
		fprintf(stderr, "latmix: its loop not counted, so no bytes: %s\n", lm_error_message());
		lm_error_clear();
	}
	s = lm_user_skeleton(&d, src, file, name, bytes, &uses, stdout);
	free(src);
	return s;
}

/* The count m written whole to path as latmix report reads it (what
 * measure writes to mix-of/NAME.ini), so a kernel counted again, from a
 * listing kept, can be reported; the path's file replaced only once the
 * new one is written. */
static lm_status save_count(const char *path, const lm_count *m)
{
	lm_file_out *w;
	lm_status s = lm_file_create(path, NULL, &w);
	if (s != LM_OK)
		return s;
	lm_count_write_ini(lm_file_stream(w), m->label, m, NULL);
	return lm_file_commit(w);
}

lm_status cmd_kernel(const lm_options *o)
{
	if (o->describe)
		return describe_kernel(o);
	if (o->mix_of) {
		lm_count m;
		lm_status s = lm_cli_count_kernel(o, o->mix_of, o->binary, &m);
		if (s == LM_OK)
			lm_count_print(stdout, &m);
		if (s == LM_OK && o->save_count)
			s = save_count(o->save_count, &m);
		return s;
	}
	if (o->save_count)
		return lm_fail(LM_EUSAGE, "--save-count writes --mix-of's count");
	const char *name = o->mix ? o->mix : "gmem";
	const lm_mix *mix = lm_mix_find(name);
	if (!mix)
		return lm_fail(LM_EUSAGE, "--mix '%s': unknown (known: %s)", name, lm_mix_names());
	if (mix->step == LM_STEP_DISPATCH)
		return lm_fail(LM_EUSAGE, "--mix %s: no chase to build: its kernel is cl/dispatch.cl's %s as it is "
			       "(latmix measure --mix %s runs it)", mix->name, mix->kernel, mix->name);
	lm_alpha a = { 1, 1 };
	lm_status s;
	if (o->alpha && !o->save_binary && (s = lm_alpha_parse(o->alpha, &a)) != LM_OK)
		return s;
	unsigned long chains = 1;
	if ((s = lm_cli_parse_chains(o->chains, 16, &chains)) != LM_OK)
		return s;
	if (o->isa) {
		/* an offline target: its compiler, no device */
		if (o->device)
			return lm_fail(LM_EUSAGE, "--isa builds for a target, not on a device: leave out --device");
		lm_listing *isa;
		if ((s = lm_offline_build(o->isa, mix, (unsigned)chains, a, o->kernel_dir, &isa)) != LM_OK)
			return s;
		lm_listing_print(stdout, isa, o->binary);
		lm_listing_free(isa);
		return LM_OK;
	}
	lm_device d;
	if ((s = lm_device_select(o->device, (unsigned)o->simd, (unsigned)o->max_warps, &d)) != LM_OK)
		return s;
	if (o->count_ahead)
		return lm_kcount_queue(&d, 0, o->count_ahead);
	if (o->save_binary && o->alpha && strcmp(o->alpha, "-") == 0)
		return lm_meas_save_queue(&d, NULL, o->kernel_dir, 0, o->save_binary, NULL);
	if (o->save_binary) {
		lm_alpha *list;
		size_t n;
		if ((s = lm_alpha_parse_list(o->alpha ? o->alpha : "1", &list, &n)) != LM_OK)
			return s;
		s = lm_meas_save_binaries(&d, mix, (unsigned)chains, o->kernel_dir, list, n, o->save_binary);
		free(list);
		return s;
	}
	char *text;
	if ((s = lm_meas_kernel_text(&d, mix, (unsigned)chains, o->kernel_dir, a, o->binary, &text)) != LM_OK)
		return s;
	printf("// device %d:%d %s\n%s", d.platform_index, d.device_index, d.name, text);
	free(text);
	return LM_OK;
}

static const lm_opt options[] = {
	{ "device", 'd', LM_OPT_STR, NULL, 0, 0, LM_OPT_OFF(device), "DEV",
	  "the device whose compiler builds the kernel: platform:device index (0:1) or part of its name; default: the first GPU, else the first device",
	  .role = LM_OPTION_OTHER },
	{ "alpha", 'a', LM_OPT_STR, NULL, 0, 0, LM_OPT_OFF(alpha), "LIST",
	  "the arithmetic instructions per memory instruction the mix's kernel is built for: an integer, p/q or inf (default 1); with --save-binary a comma list, or - for a queue on standard input",
	  .role = LM_OPTION_SELECTS },
	{ "mix", 'm', LM_OPT_STR, NULL, 0, 0, LM_OPT_OFF(mix), "MIX",
	  "the mix whose kernel to show ({MIXES}); default gmem",
	  .role = LM_OPTION_SELECTS },
	{ "chains", 'k', LM_OPT_STR, NULL, 0, 0, LM_OPT_OFF(chains), "K",
	  "independent chains per thread of the mix's kernel; default 1",
	  .role = LM_OPTION_SELECTS },
	{ "simd", 0, LM_OPT_INT, "0", 0, 1024, LM_OPT_OFF(simd), "W",
	  "SIMD width (lanes per warp) instead of the detected one; 0: detect",
	  .role = LM_OPTION_DEFINES },
	{ "max-warps", 0, LM_OPT_INT, "0", 0, 4096, LM_OPT_OFF(max_warps), "N",
	  "resident warps per CU the device allows, instead of the detected limit; 0: detect",
	  .role = LM_OPTION_DEFINES },
	{ "binary", 0, LM_OPT_FLAG, NULL, 0, 0, LM_OPT_OFF(binary), NULL,
	  "also print the device binary where the driver returns text (NVIDIA: PTX)",
	  .role = LM_OPTION_OTHER },
	{ "isa", 0, LM_OPT_STR, NULL, 0, 0, LM_OPT_OFF(isa), "TARGET",
	  "build for an offline GPU target with its vendor's compiler instead of on a device (AMD: "
	  "gfx90a, gfx1100, ... with clang; Intel: dg2-g10, pvc, tgllp with ocloc and iga64) and print "
	  "the iteration loop's instructions with counts per chain step (--binary: the whole listing)",
	  .role = LM_OPTION_OTHER },
	{ "save-count", 0, LM_OPT_STR, NULL, 0, 0, LM_OPT_OFF(save_count), "FILE",
	  "with --mix-of: also write the count as latmix report reads it (a sweep's mix-of/NAME.ini), as measure --kernel writes it",
	  .role = LM_OPTION_OTHER },
	{ "mix-of", 0, LM_OPT_STR, NULL, 0, 0, LM_OPT_OFF(mix_of), "SPEC",
	  "count a kernel's main loop in the model's terms (loads in flight, stores, alpha, ...) as "
	  "the device's compiler builds it (-d; NVIDIA: its PTX; a device whose binary is not text: "
	  "clang's NVPTX build) or --isa TARGET (nvptx, gfx90a, dg2-g10, ...); SPEC as for measure "
	  "--kernel, or FILE.ptx:NAME, a PTX listing (nvcc's, a driver's) counted as it is; a loop "
	  "that branches is counted along its path with the most memory accesses; a loop from PTX "
	  "is also read from the machine code ptxas makes of it where ptxas and nvdisasm "
	  "are at hand (LATMIX_PTXAS, LATMIX_NVDISASM, else on PATH; off: not), for the times ptxas "
	  "unrolls it again",
	  .role = LM_OPTION_OTHER },
	{ "arg", 0, LM_OPT_STR, NULL, 0, 0, LM_OPT_OFF(arg_values), "NAME=V,...",
	  "--mix-of's scalar arguments' values, by name (or position: 0, 1, ...; a PTX listing's by position alone), over its description's value = (taken where the same at N and N / 2): integers its lanes' addresses are followed with (a row's width: A[i * cols + k] at cols = 16 reads 16 lines a warp, not 32), or grid, the launch's size along x (A[k * n + i] at n = grid: rows no other work-item reads)",
	  .role = LM_OPTION_SELECTS },
	{ "describe", 0, LM_OPT_STR, NULL, 0, 0, LM_OPT_OFF(describe), "FILE.cl[:NAME]",
	  "print a description of a kernel of yours to start from (save it as NAME.ini beside the file): "
	  "a section per argument from the kernel's own names and types (scalars, vectors such as "
	  "float4, pointers to either) as the device's compiler reports them (-d), an integer scalar "
	  "in a loop's or a guard's condition set to N, its bytes from its loop as --mix-of counts it, "
	  "every guess marked 'check'; what measure will not take is said first",
	  .role = LM_OPTION_OTHER },
	{ "save-binary", 0, LM_OPT_STR, NULL, 0, 0, LM_OPT_OFF(save_binary), "DIR",
	  "build the kernel for each alpha of --alpha (a comma list here) and write each device "
	  "binary to DIR/MIX-kK-aALPHA.bin, its build options beside it in .opt (measure loads such "
	  "files to build a sweep's kernels in several processes at once); --alpha -: the kernels "
	  "named by 64-byte records 'MIX CHAINS ALPHA' on standard input, --mix and --chains ignored "
	  "(a queue several processes share)",
	  .role = LM_OPTION_OTHER },
	{ "count-ahead", 0, LM_OPT_STR, NULL, 0, 0, LM_OPT_OFF(count_ahead), "DIR",
	  "count the kernels named by 512-byte records 'BASE<tab>NAME<tab>LABEL' on standard input "
	  "(a queue several processes share), kernel NAME's source in DIR/BASE.cl, each into "
	  "DIR/BASE.txt, .ini and .say as measure --kernel keeps them (measure --kernel counts a "
	  "sweep's kernels so, in several processes at once, before it starts)",
	  .role = LM_OPTION_OTHER },
	{ "time-limit", 0, LM_OPT_NUM, "300", 1, 86400, LM_OPT_OFF(time_limit), "S",
	  "seconds the build and count of --describe's or --mix-of's kernel may take; latmix builds a user's kernel in a worker process, so that a crash or a hang in it or in the driver costs that kernel only",
	  .role = LM_OPTION_OTHER },
	{ "kernel-dir", 0, LM_OPT_STR, NULL, 0, 0, LM_OPT_OFF(kernel_dir), "DIR",
	  "read kernels from DIR instead of the copies built into latmix",
	  .role = LM_OPTION_DEFINES },
};

static const lm_opt_table table = LM_OPT_TABLE(options);

const lm_command lm_cmd_kernel = { "kernel", &table, cmd_kernel, "", 0, 0,
	  "show a mix's kernel as built for one alpha (and with --binary the device code); --isa TARGET: "
	  "its iteration loop as a GPU target's compiler builds it, counted per chain step; your "
	  "kernel: --describe FILE.cl:NAME writes the description measure needs, --mix-of FILE.cl:NAME "
	  "counts its loop for predict", NULL };
