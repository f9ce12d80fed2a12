#include "bench/userbuild.h"
#include "bench/launch.h"
#include "bench/measure.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* "global const float*" from the kernel's own argument info. */
void lm_user_declared_type(cl_kernel kernel, cl_uint i, char *buf, size_t size, char *param, size_t psize,
			  const char *name)
{
	cl_kernel_arg_address_qualifier addr = CL_KERNEL_ARG_ADDRESS_PRIVATE;
	cl_kernel_arg_type_qualifier q = 0;
	char type[64] = "";
	clGetKernelArgInfo(kernel, i, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof addr, &addr, NULL);
	clGetKernelArgInfo(kernel, i, CL_KERNEL_ARG_TYPE_QUALIFIER, sizeof q, &q, NULL);
	clGetKernelArgInfo(kernel, i, CL_KERNEL_ARG_TYPE_NAME, sizeof type - 1, type, NULL);
	/* an image, a sampler, a pipe is no pointer (some drivers say global of an image) */
	bool opaque = !strchr(type, '*') && (!strncmp(type, "image", 5) || !strncmp(type, "sampler", 7) ||
					     !strncmp(type, "pipe", 4) || !strncmp(type, "queue", 5));
	const char *space = opaque ? ""
			  : addr == CL_KERNEL_ARG_ADDRESS_GLOBAL ? "global "
			  : addr == CL_KERNEL_ARG_ADDRESS_LOCAL ? "local "
			  : addr == CL_KERNEL_ARG_ADDRESS_CONSTANT ? "constant " : "";
	bool pointer = *space != '\0';
	snprintf(buf, size, "%s%s%s", space, pointer && (q & CL_KERNEL_ARG_TYPE_CONST) ? "const " : "", type);
	/* the wrapper's parameter: the same, restrict and volatile kept */
	size_t tl = strlen(type);
	if (tl && type[tl - 1] == '*')
		type[--tl] = '\0';
	snprintf(param, psize, "%s%s%s%s%s%s %s", pointer ? "__" : "", space,
		 pointer && (q & CL_KERNEL_ARG_TYPE_CONST) ? "const " : "",
		 pointer && (q & CL_KERNEL_ARG_TYPE_VOLATILE) ? "volatile " : "", type,
		 pointer ? (q & CL_KERNEL_ARG_TYPE_RESTRICT ? " *restrict" : " *") : "", name);
}

/* src after a #line directive that names file, so that a compiler's
 * messages point at the user's file and line (not the driver's copy of
 * it), then tail; in a new buffer. */
char *lm_user_with_line(const char *file, const char *src, const char *tail)
{
	size_t n = strlen(file), k = 0;
	char *text = malloc(2 * n + strlen(src) + strlen(tail) + 32);
	if (!text)
		return NULL;
	k += (size_t)sprintf(text, "#line 1 \"");
	for (const char *c = file; *c; c++) {
		if (*c == '"' || *c == '\\')
			text[k++] = '\\';
		text[k++] = *c;
	}
	sprintf(text + k, "\"\n%s\n%s", src, tail);
	return text;
}

/* The device's build options (lm_meas_device_options), and -I the
 * directory of file, where its #include "..." files are (where the
 * directory's name has no space, which build options cannot quote). */
void lm_user_build_options(const lm_device *d, bool clocked, const char *file, char *opts, size_t size)
{
	lm_meas_device_options(d, clocked, opts, size);
	const char *slash = strrchr(file, '/');
	int dir = slash ? (int)(slash - file) : 0;
	if (dir && !memchr(file, ' ', (size_t)dir) && strlen(opts) + (size_t)dir + 8 < size)
		snprintf(opts + strlen(opts), size - strlen(opts), " -I %.*s", dir, file);
}

/* Builds kernel name of src (file: its path) alone on d, with its
 * arguments' names and types (-cl-kernel-arg-info). */
lm_status lm_user_build_alone(cl_context ctx, const lm_device *d, const char *src, const char *file,
			     const char *name, cl_program *prog, cl_kernel *kernel)
{
	char opts[4800];
	cl_int err;
	lm_user_build_options(d, false, file, opts, sizeof opts);
	strncat(opts, " -cl-kernel-arg-info", sizeof opts - strlen(opts) - 1);
	char *text = lm_user_with_line(file, src, "");
	if (!text)
		return lm_fail(LM_ENOMEM, "out of memory");
	lm_status s = lm_launch_build(ctx, d, text, file, opts, prog);
	free(text);
	if (s != LM_OK)
		return s;
	*kernel = clCreateKernel(*prog, name, &err);
	if (err == CL_SUCCESS)
		return LM_OK;
	char names[1024] = "";
	clGetProgramInfo(*prog, CL_PROGRAM_KERNEL_NAMES, sizeof names - 1, names, NULL);
	for (char *c = names; (c = strchr(c, ';')) != NULL;)
		*c = ',';
	return lm_fail(LM_EUSAGE, "%s: no kernel %s (%s)%s%s%s", file, name, lm_cl_error_name(err),
		       names[0] ? "; its kernels: " : "", names, names[0] ? " (FILE.cl:NAME names one)" : "");
}

/* Is a scalar argument's name one for the problem size (n, size, count)? */
static bool names_the_size(const char *name)
{
	static const char *const sizes[] = { "n", "N", "size", "count", "len", "length", "num", "nelems",
					     "elements", "total" };
	for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
		if (!strcmp(name, sizes[i]))
			return true;
	return false;
}

/* What a kernel does with a buffer (lm_count_uses): */
enum { USE_UNKNOWN = -1, USE_NONE, USE_LOADS, USE_STORES, USE_BOTH };

/* What uses says the kernel does with argument i. */
static int arg_use(const lm_count_uses *uses, cl_uint i)
{
	if (!uses || !uses->traced || i >= 64)
		return USE_UNKNOWN;
	return (int)((uses->loaded >> i) & 1) | (int)((uses->stored >> i) & 1) << 1;
}

/* A scalar argument's value: size (N, or over a 2D or 3D launch the
 * global size of the dimension it bounds) where it is an integer that
 * sizes the kernel's work (it bounds a loop or an index; size NULL where
 * it does not) or is named like a size, else 1. */
static void skeleton_scalar(FILE *out, const char *name, const lm_user_arg *a, const char *size)
{
	if (a->is_float || a->lanes > 1)
		fprintf(out, "value = 1               ; check: the value to run it with, an expression in N%s\n",
			a->lanes > 1 ? " (every lane takes it)" : "");
	else if (size && strcmp(size, "N") != 0)
		fprintf(out, "value = %-15s ; check: the global size of the dimension it bounds (the kernel "
			"compares that dimension's index with it)\n", size);
	else if (size)
		fputs("value = N               ; check: the problem size (the kernel's loop or an index depends "
		      "on it)\n", out);
	else if (names_the_size(name))
		fputs("value = N               ; check: the problem size (by its name)\n", out);
	else
		fputs("value = 1               ; check: the value to run it with, an expression in N\n", out);
}

/* The global sizes describe writes for a kernel as written of 1 to 3
 * dimensions, each dimension's alone. */
static const char *const global_size[3][3] = {
	{ "N" }, { "1024", "N / 1024" }, { "64", "64", "N / 4096" } };
static const char *const global_line[3] = { "N", "1024, N / 1024", "64, 64, N / 4096" };

/* What a scalar arg of kernel name that sizes its work takes: N, or over
 * a 2D or 3D launch the global size of the one dimension it bounds (a
 * width: 1024), or N where it bounds none alone. */
static const char *scalar_size(const char *source, const char *name, const char *arg)
{
	bool grid_stride;
	int dims = lm_user_source_dims(source, &grid_stride);
	int dim = dims > 1 ? lm_user_bounded_dimension(source, name, arg) : -1;
	return dim >= 0 && dim < dims ? global_size[dims - 1][dim] : "N";
}

/* One argument's section: what the kernel declares, and contents that run
 * (use: what the kernel does with it, USE_*; sizes: a scalar that bounds
 * its loop or an index). */
static void skeleton_arg(FILE *out, const char *name, const char *type, int use, const char *size)
{
	lm_user_arg a = { 0 };
	bool known = lm_user_parse_type(type, &a);
	fprintf(out, "\n[%s]\ntype = %s\n", name, type);
	if (!known) {
		fprintf(out, "; check: latmix takes scalars of, pointers to, and vectors (2, 3, 4, 8, 16) of %s "
			"only\n", lm_user_elem_names());
	} else if (a.space == LM_USER_SCALAR) {
		skeleton_scalar(out, name, &a, size);
	} else if (a.space == LM_USER_LOCAL) {
		fputs("length = group          ; check: elements of local memory, one a work-item\n", out);
	} else if (a.is_const || a.space == LM_USER_CONSTANT || use == USE_LOADS) {
		const char *why = a.is_const || a.space == LM_USER_CONSTANT
					  ? "read only"
					  : "the kernel loads it, stores nothing to it (its PTX), not compared";
		fprintf(out, "length = N              ; check: elements%s\n", a.lanes > 1 ? " (vectors)" : "");
		if (a.is_float)
			fprintf(out, "fill = random           ; %s: random contents%s\n", why,
				a.lanes > 1 ? ", each lane its own" : "");
		else
			fprintf(out, "fill = index            ; %s: 0, 1, 2, ...%s (indices stay in bounds; random, "
				"random-below M, permutation, step K, const V)\n", why,
				a.lanes > 1 ? " in every lane of elements 0, 1, 2, ..." : "");
	} else {
		fprintf(out, "length = N              ; check: elements%s\nfill = zero\n", a.lanes > 1 ? " (vectors)" : "");
		if (use == USE_STORES)
			fputs("output = yes            ; the kernel stores to it and loads nothing from it (its "
			      "PTX): compared between occupancies\n", out);
		else if (use == USE_BOTH)
			fputs("output = yes            ; compared between occupancies\n"
			      "reset = yes             ; the kernel loads it and stores to it (its PTX), as y = a * "
			      "x + y or a sum's atomic: refilled before every launch, as each changes it\n", out);
		else
			fputs("output = yes            ; written: compared between occupancies (an output it also "
			      "reads, y = a * x + y, needs reset = yes)\n", out);
	}
}

/* Says first, on stderr and atop the description in out, what latmix
 * measure will not take of kernel name (n arguments) in source (file: its
 * path): arguments of types it does not fill, a source it refuses. */
static void say_not_taken(cl_kernel kernel, cl_uint n, const char *source, const char *file, const char *name,
			  FILE *out)
{
	char unknown[512] = "", why[512];
	for (cl_uint i = 0; i < n; i++) {
		char arg[LM_USER_NAME] = "", type[160], param[256];
		lm_user_arg a = { 0 };
		clGetKernelArgInfo(kernel, i, CL_KERNEL_ARG_NAME, sizeof arg - 1, arg, NULL);
		lm_user_declared_type(kernel, i, type, sizeof type, param, sizeof param, arg);
		if (!lm_user_parse_type(type, &a))
			snprintf(unknown + strlen(unknown), sizeof unknown - strlen(unknown), "%s%s (%s)",
				 unknown[0] ? ", " : "", arg, type);
	}
	if (unknown[0]) {
		fprintf(stderr, "latmix: kernel %s: latmix measure will not take it as it is: it fills scalars and "
			"buffers of char to double and their vectors only, not %s\n", name, unknown);
		fprintf(out, "; latmix measure will not take this kernel as it is: it fills scalars and buffers "
			"of char to double and their vectors only, not %s\n", unknown);
	}
	bool grid_stride;
	int dims = lm_user_source_dims(source, &grid_stride);
	/* the launch describe writes (skeleton_launch): none for a 1D grid-stride kernel */
	lm_user_source_refusal(source, true, grid_stride && dims == 1 ? 0 : dims, why, sizeof why);
	if (why[0]) {
		fprintf(stderr, "latmix: kernel %s: latmix measure will not take it as it is: %s %s\n", name, file, why);
		fprintf(out, "; latmix measure will not take this kernel as it is: %s %s\n", file, why);
	}
}

/* The launch of a kernel as written (one that does not read the grid's
 * size): global with a size for each dimension its work-item calls name,
 * N elements in all; nothing for a grid-stride kernel. */
static void skeleton_launch(FILE *out, const char *source)
{
	bool grid_stride;
	int dims = lm_user_source_dims(source, &grid_stride);
	if (grid_stride && dims == 1)
		return;
	if (grid_stride)
		fprintf(out, "; check: it reads the grid's size (get_global_size) and names dimension %d: "
			"measured as written, over the launch below\n", dims - 1);
	fprintf(out, "global = %-15s ; check: the NDRange as written, a global size a dimension (expressions "
		"in N; N and N / 2 both whole multiples of the local size)\n"
		"; local = %-13s ; one work-group shape; else --local-size, else latmix's defaults\n",
		global_line[dims - 1], dims == 1 ? "256" : dims == 2 ? "16, 16" : "8, 8, 4");
}

lm_status lm_user_skeleton(const lm_device *d, const char *source, const char *file, const char *name,
			 double bytes_an_iteration, const lm_count_uses *uses, FILE *out)
{
	cl_int err;
	cl_program prog = NULL;
	cl_kernel kernel = NULL;
	cl_context ctx = clCreateContext(NULL, 1, &d->id, NULL, NULL, &err);
	if (err != CL_SUCCESS)
		return lm_fail_cl(err, "clCreateContext", d->name);
	lm_status s = lm_user_build_alone(ctx, d, source, file, name, &prog, &kernel);
	cl_uint n = 0;
	if (s == LM_OK)
		clGetKernelInfo(kernel, CL_KERNEL_NUM_ARGS, sizeof n, &n, NULL);
	if (s == LM_OK && n > LM_USER_MAX_ARGS)
		s = lm_fail(LM_EUSAGE, "kernel %s has %u arguments: latmix measures kernels of at most %d", name, n,
			    LM_USER_MAX_ARGS);
	if (s == LM_OK)
		say_not_taken(kernel, n, source, file, name, out);
	if (s == LM_OK) {
		fprintf(out, "; %s.ini: latmix's description of kernel %s (%s), written by latmix kernel "
			"--describe\n; from its arguments as %s reports them. Lines marked 'check' are guesses: "
			"see doc/measure.md.\n[kernel]\nsize = 16777216         ; N, the problem size\n"
			"elements = N            ; check: elements a launch of size N processes (elements_per_s)\n",
			name, name, file, d->name);
		skeleton_launch(out, source);
		char times_n[32];
		snprintf(times_n, sizeof times_n, "%g * N", bytes_an_iteration);
		if (bytes_an_iteration > 0)
			fprintf(out, "bytes = %-16s; check: its loop's loads and stores move %g bytes an "
				"iteration (latmix kernel --mix-of), one iteration an element\n", times_n,
				bytes_an_iteration);
		else
			fputs("bytes =                 ; fill in: bytes a launch of size N loads and stores, an "
			      "expression in N (latmix could not count its loop)\n", out);
	}
	for (cl_uint i = 0; i < n && s == LM_OK; i++) {
		char arg[LM_USER_NAME] = "", type[160], param[256];
		if (clGetKernelArgInfo(kernel, i, CL_KERNEL_ARG_NAME, sizeof arg - 1, arg, NULL) != CL_SUCCESS) {
			s = lm_fail(LM_ECL, "kernel %s: the driver gives no argument names (-cl-kernel-arg-info)", name);
			break;
		}
		lm_user_declared_type(kernel, i, type, sizeof type, param, sizeof param, arg);
		skeleton_arg(out, arg, type, arg_use(uses, i),
			     lm_user_sizes_the_work(source, name, arg) ? scalar_size(source, name, arg) : NULL);
	}
	if (kernel)
		clReleaseKernel(kernel);
	if (prog)
		clReleaseProgram(prog);
	clReleaseContext(ctx);
	return s;
}