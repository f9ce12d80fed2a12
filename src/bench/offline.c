#include "bench/offline.h"
#include "bench/kernels.h"
#include "bench/measure.h"
#include "bench/vendor.h"
#include "base/text.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* ---- running the compilers ---- */

/* The executable name on PATH, in buf; false if none. */
static bool find_on_path(const char *name, char *buf, size_t size)
{
	const char *path = getenv("PATH");
	if (!path)
		return false;
	while (*path) {
		size_t n = strcspn(path, ":");
		struct stat st;
		snprintf(buf, size, "%.*s/%s", (int)n, n ? path : ".", name);
		if (stat(buf, &st) == 0 && S_ISREG(st.st_mode) && access(buf, X_OK) == 0)
			return true;
		path += n;
		if (*path == ':')
			path++;
	}
	return false;
}

/* The newest clang-N on PATH, else clang; false if neither. */
static bool find_clang(char *buf, size_t size)
{
	const char *path = getenv("PATH");
	unsigned long best = 0;
	char name[64];
	while (path && *path) {
		size_t n = strcspn(path, ":");
		char dir[1024];
		snprintf(dir, sizeof dir, "%.*s", (int)n, n ? path : ".");
		DIR *d = opendir(dir);
		struct dirent *e;
		while (d && (e = readdir(d)) != NULL) {
			const char *v = e->d_name + 6;
			if (!lm_text_starts(e->d_name, "clang-") || !*v || strspn(v, "0123456789") != strlen(v))
				continue;
			unsigned long ver = strtoul(v, NULL, 10);
			char full[2048];
			snprintf(full, sizeof full, "%s/%s", dir, e->d_name);
			if (ver > best && access(full, X_OK) == 0) {
				best = ver;
				snprintf(name, sizeof name, "%.63s", e->d_name);
			}
		}
		if (d)
			closedir(d);
		path += n;
		if (*path == ':')
			path++;
	}
	return find_on_path(best ? name : "clang", buf, size);
}

/* Appends argv to isa's command text, quoting arguments with blanks. */
static void note_command(lm_listing_origin *isa, const char *const *argv)
{
	size_t k = strlen(isa->command);
	if (k)
		k += (size_t)snprintf(isa->command + k, sizeof isa->command - k, "\n//   ");
	for (int i = 0; argv[i] && k < sizeof isa->command; i++) {
		bool q = strchr(argv[i], ' ') != NULL;
		k += (size_t)snprintf(isa->command + k, sizeof isa->command - k, "%s%s%s%s",
				      i ? " " : "", q ? "'" : "", argv[i], q ? "'" : "");
	}
}

/* Runs argv (argv[0] a path) in dir with stdout and stderr into dir/log;
 * its exit status, 127 if it could not run, 128 + 9 where it ran past
 * TOOL_LIMIT_MS and was killed. */
#define TOOL_LIMIT_MS 300000
static int run_tool(const char *const *argv, const char *dir, const char *log)
{
	char path[1100];
	snprintf(path, sizeof path, "%s/%s", dir, log);
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (fd < 0)
		return 127;
	fflush(NULL);
	pid_t pid = fork();
	if (pid == 0) {
		int nul = open("/dev/null", O_RDONLY);
		if (nul >= 0)
			dup2(nul, 0);
		dup2(fd, 1);
		dup2(fd, 2);
		if (chdir(dir) == 0)
			execv(argv[0], (char *const *)argv);
		_exit(127);
	}
	close(fd);
	if (pid < 0)
		return 127;
	int ws;
	/* a compiler that hangs on a hostile kernel is killed after a limit */
	for (unsigned ms = 0;; ms += 10) {
		pid_t got = waitpid(pid, &ws, WNOHANG);
		if (got == pid)
			break;
		if (got < 0 && errno != EINTR)
			return 127;
		if (ms == TOOL_LIMIT_MS)
			kill(pid, SIGKILL);
		nanosleep(&(struct timespec){ .tv_nsec = 10000000 }, NULL);
	}
	return WIFEXITED(ws) ? WEXITSTATUS(ws) : 128 + WTERMSIG(ws);
}

/* A tool's failure: the last lines of dir/log in the message. */
static lm_status tool_failed(const char *tool, int status, const char *dir, const char *log)
{
	char path[1100];
	snprintf(path, sizeof path, "%s/%s", dir, log);
	char *text = NULL;
	lm_read_text(path, &text); /* no log: no tail */
	const char *tail = text ? text : "";
	size_t len = strlen(tail);
	if (len > 700)
		tail += len - 700;
	lm_status s = lm_fail(LM_ETOOL, "%s failed (exit status %d):\n%s", tool, status, tail);
	free(text);
	return s;
}

/* Runs argv in dir (its output into dir/log) where *s is still LM_OK; its
 * failure, as tool_failed says it, into *s. */
static void run_step(lm_status *s, const char *const *argv, const char *dir, const char *log)
{
	if (*s != LM_OK)
		return;
	int st = run_tool(argv, dir, log);
	if (st != 0)
		*s = tool_failed(argv[0], st, dir, log);
}

static bool write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	if (!f)
		return false;
	bool ok = fputs(text, f) >= 0;
	return fclose(f) == 0 && ok;
}

/* Removes dir and what lies in it (two levels: the compilers' outputs). */
static void remove_tree(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	while (d && (e = readdir(d)) != NULL) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		char path[4096];
		struct stat st;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode))
			remove_tree(path);
		else
			unlink(path);
	}
	if (d)
		closedir(d);
	rmdir(dir);
}

/* ---- AMD: clang ---- */

/* OpenCL build options clang takes (its -cl-* flags); latmix's -D options
 * pass as they are. */
static bool clang_takes(const char *opt)
{
	static const char *const ok[] = {
		"-cl-single-precision-constant", "-cl-denorms-are-zero", "-cl-fp32-correctly-rounded-divide-sqrt",
		"-cl-opt-disable", "-cl-mad-enable", "-cl-no-signed-zeros", "-cl-unsafe-math-optimizations",
		"-cl-finite-math-only", "-cl-fast-relaxed-math", "-cl-strict-aliasing", "-cl-kernel-arg-info",
		"-cl-uniform-work-group-size", "-cl-no-stdinc",
	};
	if (lm_text_starts(opt, "-D") || lm_text_starts(opt, "-I") || lm_text_starts(opt, "-U") || lm_text_starts(opt, "-cl-std="))
		return true;
	for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++)
		if (strcmp(opt, ok[i]) == 0)
			return true;
	return false;
}

/* native_rsqrt as ROCm's device library defines it (ocml native_rsqrtF.cl:
 * __builtin_amdgcn_rsqf, one v_rsq_f32): without the library (-nogpulib)
 * it would be a call. */
static const char rocm_prelude[] =
	"float __attribute__((overloadable, const)) native_rsqrt(float x)\n"
	"{\n\treturn __builtin_amdgcn_rsqf(x);\n}\n";

static lm_status amd_compile(lm_listing_origin *isa, const char *dir, const char *src, lm_listing **out)
{
	char clang[1024], path[1100];
	if (!find_clang(clang, sizeof clang))
		return lm_fail(LM_ETOOL, "--isa %s: no clang on PATH (the Debian package clang: "
			       "apt-get install clang)", isa->target);
	snprintf(path, sizeof path, "%s/rocm-device-lib.cl", dir);
	if (!write_file(path, rocm_prelude))
		return lm_fail(LM_EIO, "%s: %s", path, strerror(errno));
	char mcpu[64], opts[sizeof isa->options];
	snprintf(mcpu, sizeof mcpu, "-mcpu=%s", isa->target);
	snprintf(opts, sizeof opts, "%s", isa->options);
	const char *argv[96] = { clang, "-cl-std=CL1.2", "-target", "amdgcn-amd-amdhsa", mcpu,
				 "-nogpulib", "-Xclang", "-finclude-default-header", "-O3", "-S",
				 "-o", "kernel.s", "-include", "rocm-device-lib.cl" };
	int argc = 14;
	size_t k = 0;
	for (char *t = strtok(opts, " "); t && argc < 94; t = strtok(NULL, " ")) {
		if (clang_takes(t))
			argv[argc++] = t;
		else
			k += (size_t)snprintf(isa->dropped + k, sizeof isa->dropped - k, "%s%s", k ? " " : "", t);
	}
	argv[argc++] = src;
	argv[argc] = NULL;
	note_command(isa, argv);
	isa->note = "rocm-device-lib.cl: native_rsqrt as ROCm's device library defines it "
		    "(__builtin_amdgcn_rsqf); other builtins are calls (-nogpulib), counted as such in the loop";
	int st = run_tool(argv, dir, "clang.log");
	if (st != 0) {
		snprintf(path, sizeof path, "%s/clang.log", dir);
		char *text = NULL;
		lm_read_text(path, &text);
		bool unknown = text && (strstr(text, "invalid target ID") || strstr(text, "unknown target CPU"));
		free(text);
		if (unknown)
			return lm_fail(LM_ETOOL, "--isa %s: %s does not know %s (a newer clang does)",
				       isa->target, clang, isa->target);
		return tool_failed(clang, st, dir, "clang.log");
	}
	snprintf(path, sizeof path, "%s/kernel.s", dir);
	char *text;
	lm_status s = lm_read_text(path, &text);
	return s == LM_OK ? lm_listing_parse_built(isa, true, 0, text, out) : s;
}

/* ---- Intel: ocloc and iga64 ---- */

/* iga64's platform and the register size for the core family ocloc names
 * its binary after ("k_XE_HPG_COREdg2.bin"). */
static const struct {
	const char *family;
	const char *platform;
	unsigned grf;
} iga_platforms[] = {
	{ "XE_HPC", "12p72", 64 }, { "XE_HPG", "12p71", 32 }, { "XE_HP_", "12p5", 32 },
	{ "Gen12LP", "12p1", 32 }, { "Gen11", "11", 32 }, { "Gen9", "9", 32 }, { "Gen8", "8", 32 },
};

static lm_status intel_compile(lm_listing_origin *isa, const char *dir, const char *src, lm_listing **out)
{
	char ocloc[1024], iga[1024];
	if (!find_on_path("ocloc", ocloc, sizeof ocloc))
		return lm_fail(LM_ETOOL, "--isa %s: no ocloc on PATH (Intel's offline compiler: the "
			       "Debian package intel-opencl-icd)", isa->target);
	if (!find_on_path("iga64", iga, sizeof iga))
		return lm_fail(LM_ETOOL, "--isa %s: no iga64 on PATH (Intel's disassembler: the "
			       "Debian package libigc-tools)", isa->target);
	const char *cc[] = { ocloc, "compile", "-file", src, "-device", isa->target, "-options",
			     isa->options, "-out_dir", "bin", "-output", "k", NULL };
	note_command(isa, cc);
	int st = run_tool(cc, dir, "ocloc.log");
	if (st != 0)
		return tool_failed("ocloc compile", st, dir, "ocloc.log");
	/* the binary's name says the core family */
	char path[1400], bin[600] = "";
	const char *platform = NULL;
	unsigned grf = 32;
	snprintf(path, sizeof path, "%s/bin", dir);
	DIR *d = opendir(path);
	struct dirent *e;
	while (d && (e = readdir(d)) != NULL) {
		size_t len = strlen(e->d_name);
		if (len < 4 || strcmp(e->d_name + len - 4, ".bin") != 0)
			continue;
		snprintf(bin, sizeof bin, "bin/%.500s", e->d_name);
		for (size_t i = 0; i < sizeof iga_platforms / sizeof iga_platforms[0]; i++)
			if (strstr(e->d_name, iga_platforms[i].family)) {
				platform = iga_platforms[i].platform;
				grf = iga_platforms[i].grf;
				break;
			}
	}
	if (d)
		closedir(d);
	if (!bin[0])
		return lm_fail(LM_ETOOL, "ocloc compile wrote no binary for %s", isa->target);
	if (!platform)
		return lm_fail(LM_ETOOL, "%s: a core family latmix does not know for iga64", bin);
	const char *dis[] = { ocloc, "disasm", "-file", bin, "-device", isa->target, "-dump", "dump", NULL };
	note_command(isa, dis);
	if ((st = run_tool(dis, dir, "ocloc.log")) != 0)
		return tool_failed("ocloc disasm", st, dir, "ocloc.log");
	/* ocloc disassembles itself where it finds IGA's library (.asm), else
	 * leaves the kernel's raw instructions (.dat) for iga64 */
	snprintf(path, sizeof path, "%s/dump/%s_KernelHeap.asm", dir, isa->kernel);
	if (access(path, R_OK) != 0) {
		char dat[128], plat[32];
		snprintf(dat, sizeof dat, "dump/%s_KernelHeap.dat", isa->kernel);
		snprintf(plat, sizeof plat, "-p=%s", platform);
		const char *ia[] = { iga, "-d", plat, dat, "-o", "kernel.asm", NULL };
		note_command(isa, ia);
		if ((st = run_tool(ia, dir, "iga64.log")) != 0)
			return tool_failed("iga64", st, dir, "iga64.log");
		snprintf(path, sizeof path, "%s/kernel.asm", dir);
	}
	char *text;
	lm_status s = lm_read_text(path, &text);
	return s == LM_OK ? lm_listing_parse_built(isa, false, grf, text, out) : s;
}

static const struct {
	lm_compiler compiler;
	/* builds src (a file in dir, the working directory of every tool it
	 * runs) as isa says, and counts its listing into *out */
	lm_status (*compile)(lm_listing_origin *isa, const char *dir, const char *src, lm_listing **out);
} backends[] = {
	{ LM_COMPILER_CLANG_AMDGPU, amd_compile },
	{ LM_COMPILER_OCLOC, intel_compile },
};

static bool make_tmp(char *dir, size_t size);

/* The target's device facts and the index of its compiler in backends[];
 * LM_EUSAGE for a target latmix does not know or builds no listing for. */
static lm_status target_backend(const char *target, lm_device *d, size_t *b)
{
	lm_status s = lm_vendor_target(target, d);
	if (s != LM_OK)
		return s;
	for (*b = 0; *b < sizeof backends / sizeof backends[0]; (*b)++)
		if (backends[*b].compiler == d->compiler)
			return LM_OK;
	return lm_fail(LM_EUSAGE, "--isa %s: no offline compiler latmix runs for %s targets (NVIDIA: "
		       "latmix kernel --binary on the device gives the PTX; --mix-of takes --isa nvptx)",
		       target, d->vendor);
}

/* Writes src into a fresh directory, builds it there with backend b and
 * removes the directory. */
static lm_status compile_in_tmp(lm_listing_origin *isa, size_t b, const char *src, lm_listing **out)
{
	char dir[1024], path[1100];
	if (!make_tmp(dir, sizeof dir))
		return lm_fail(LM_EIO, "%s: %s", dir, strerror(errno));
	snprintf(path, sizeof path, "%s/%s", dir, LM_MIX_KERNEL_FILE);
	lm_status s = write_file(path, src) ? backends[b].compile(isa, dir, LM_MIX_KERNEL_FILE, out)
					    : lm_fail(LM_EIO, "%s: %s", path, strerror(errno));
	remove_tree(dir);
	return s;
}

lm_status lm_offline_build(const char *target, const lm_mix *mix, unsigned chains, lm_alpha alpha,
			   const char *kernel_dir, lm_listing **out)
{
	lm_device d;
	size_t b;
	lm_status s = target_backend(target, &d, &b);
	if (s != LM_OK)
		return s;
	if (chains == 0 || chains > 16 || (mix->step == LM_STEP_STREAM && chains != 1))
		return lm_fail(LM_EUSAGE, "mix %s: %u chains per thread (stream: 1; others: 1 to 16)",
			       mix->name, chains);
	lm_listing_origin o = { .mix = mix->name, .kernel = mix->kernel, .alpha = alpha, .chains = chains };
	snprintf(o.target, sizeof o.target, "%s", target);
	snprintf(o.what, sizeof o.what, "%s %s, %u-wide, %u resident warps per CU (%s)", d.vendor, d.arch,
		 d.simd_width, d.max_warps, d.max_warps_source);
	lm_meas_body_shape(mix, alpha, &o.mem_n, &o.alu_n, &o.bodies);
	o.inner = lm_mix_inner_loop(mix) ? o.bodies : 0;
	unsigned per = mix->step == LM_STEP_STREAM ? 1 : chains;
	o.steps = o.bodies * o.mem_n * per;
	o.adds_built = mix->step == LM_STEP_STREAM ? 0 : o.bodies * o.alu_n * chains;
	/* as latmix builds it there: AMD with the in-kernel clock */
	lm_meas_build_options(&d, mix, chains, alpha, d.kclock != LM_KCLOCK_NONE, o.options, sizeof o.options);
	char *src = NULL;
	if ((s = lm_kernel_program_text(kernel_dir, LM_MIX_KERNEL_FILE, &src, NULL)) == LM_OK)
		s = compile_in_tmp(&o, b, src, out);
	free(src);
	return s;
}

lm_status lm_offline_build_source(const char *target, const char *source, const char *kernel, lm_listing **out)
{
	lm_device d;
	size_t b;
	lm_status s = target_backend(target, &d, &b);
	if (s != LM_OK)
		return s;
	lm_listing_origin o = { .mix = "kernel", .kernel = kernel };
	snprintf(o.target, sizeof o.target, "%s", target);
	snprintf(o.what, sizeof o.what, "%s %s, %u-wide", d.vendor, d.arch, d.simd_width);
	lm_meas_device_options(&d, false, o.options, sizeof o.options);
	return compile_in_tmp(&o, b, source, out);
}

/* A fresh directory under $TMPDIR (else /tmp) in dir; false if none. */
static bool make_tmp(char *dir, size_t size)
{
	const char *tmp = getenv("TMPDIR");
	snprintf(dir, size, "%s/latmix-isa-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	return mkdtemp(dir) != NULL;
}

lm_status lm_offline_nvptx(const char *source, char **ptx)
{
	char clang[1024], dir[1024], path[1100];
	static const char libclc[] = "/usr/lib/clc/nvptx64--nvidiacl.bc";
	*ptx = NULL;
	if (!find_clang(clang, sizeof clang))
		return lm_fail(LM_ETOOL, "--isa nvptx: no clang on PATH (the Debian package clang: "
			       "apt-get install clang)");
	if (access(libclc, R_OK) != 0)
		return lm_fail(LM_ETOOL, "--isa nvptx: no %s (OpenCL's builtins for NVPTX: the Debian "
			       "package libclc-15, or the libclc of your clang)", libclc);
	if (!make_tmp(dir, sizeof dir))
		return lm_fail(LM_EIO, "a temporary directory: %s", strerror(errno));
	snprintf(path, sizeof path, "%s/kernel.cl", dir);
	lm_status s = LM_OK;
	if (!write_file(path, source))
		s = lm_fail(LM_EIO, "%s: %s", path, strerror(errno));
	const char *argv[] = { clang, "-cl-std=CL1.2", "-target", "nvptx64-nvidia-nvcl", "-Xclang",
			       "-finclude-default-header", "-O3", "-S", "-Xclang", "-mlink-builtin-bitcode",
			       "-Xclang", libclc, "-o", "kernel.ptx", "kernel.cl", NULL };
	run_step(&s, argv, dir, "clang.log");
	snprintf(path, sizeof path, "%s/kernel.ptx", dir);
	if (s == LM_OK)
		s = lm_read_text(path, ptx);
	remove_tree(dir);
	return s;
}


/* ---- NVIDIA: ptxas and nvdisasm ---- */

/* A tool named by environment variable env ("off": none), else found on
 * PATH, else beside the tool in near (may be ""); false if none. */
static bool find_nvidia_tool(const char *env, const char *name, const char *near, char *buf, size_t size)
{
	const char *v = getenv(env);
	if (v && *v) {
		snprintf(buf, size, "%s", v);
		return strcmp(v, "off") != 0 && access(v, X_OK) == 0;
	}
	if (find_on_path(name, buf, size))
		return true;
	const char *slash = strrchr(near, '/');
	if (!slash)
		return false;
	snprintf(buf, size, "%.*s/%s", (int)(slash - near), near, name);
	return access(buf, X_OK) == 0;
}

/* The oldest architecture CUDA 12's ptxas builds for, and the one latmix
 * builds older PTX for: Hopper's, the GPUs latmix's suite was measured on
 * (an H100's and an H200's machine code). */
#define PTX_OLDEST_ARCH 50
#define PTX_OLD_ARCH "sm_90"

/* The sm_NN of ptx's .target line in arch; false if it has none. */
static bool ptx_arch(const char *ptx, char *arch, size_t size)
{
	const char *t = strstr(ptx, ".target");
	if (!t)
		return false;
	t += 7;
	t += strspn(t, " \t");
	size_t n = strspn(t, "sm_0123456789abf");
	if (n < 4 || n >= size || strncmp(t, "sm_", 3) != 0)
		return false;
	memcpy(arch, t, n);
	arch[n] = '\0';
	return true;
}

lm_status lm_offline_sass(const char *ptx, const char *name, char **sass, char *tools, size_t size)
{
	char ptxas[1024], nvdisasm[1024], arch[16], dir[1024], path[1100], entry[300];
	*sass = NULL;
	snprintf(tools, size, "none");
	if (!find_nvidia_tool("LATMIX_PTXAS", "ptxas", "", ptxas, sizeof ptxas))
		return lm_fail(LM_ETOOL, "no ptxas (LATMIX_PTXAS, or on PATH: NVIDIA's CUDA toolkit, or the "
			       "PyPI package nvidia-cuda-nvcc-cu12)");
	if (!find_nvidia_tool("LATMIX_NVDISASM", "nvdisasm", ptxas, nvdisasm, sizeof nvdisasm))
		return lm_fail(LM_ETOOL, "no nvdisasm (LATMIX_NVDISASM, on PATH or beside %s: the CUDA "
			       "toolkit, or the PyPI package nvidia-cuda-nvdisasm)", ptxas);
	if (!ptx_arch(ptx, arch, sizeof arch))
		return lm_fail(LM_EPARSE, "the PTX names no .target sm_NN for ptxas");
	/* clang's NVPTX build targets sm_20, which no ptxas of CUDA 12 or later
	 * builds for (13 starts at sm_75): its code is built for PTX_OLD_ARCH,
	 * which every one builds PTX of an older target for */
	char said[64] = "";
	if (atoi(arch + 3) < PTX_OLDEST_ARCH) {
		snprintf(said, sizeof said, " (the PTX's %s, older than ptxas builds)", arch);
		snprintf(arch, sizeof arch, "%s", PTX_OLD_ARCH);
	}
	if (!make_tmp(dir, sizeof dir))
		return lm_fail(LM_EIO, "a temporary directory: %s", strerror(errno));
	snprintf(tools, size, "%s -arch=%s%s, %s", ptxas, arch, said, nvdisasm);
	snprintf(path, sizeof path, "%s/kernel.ptx", dir);
	snprintf(entry, sizeof entry, "--entry=%s", name);
	char archopt[32];
	snprintf(archopt, sizeof archopt, "-arch=%s", arch);
	lm_status s = write_file(path, ptx) ? LM_OK : lm_fail(LM_EIO, "%s: %s", path, strerror(errno));
	const char *as[] = { ptxas, archopt, entry, "-o", "kernel.cubin", "kernel.ptx", NULL };
	run_step(&s, as, dir, "ptxas.log");
	const char *dis[] = { nvdisasm, "-c", "kernel.cubin", NULL };
	run_step(&s, dis, dir, "kernel.sass");
	snprintf(path, sizeof path, "%s/kernel.sass", dir);
	if (s == LM_OK)
		s = lm_read_text(path, sass);
	remove_tree(dir);
	return s;
}
