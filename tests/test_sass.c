/* sass: ptxas's machine code read for the times it unrolled a loop again,
 * and that count carried through `latmix kernel --mix-of` (ptxas and
 * nvdisasm stood in for by scripts: CI has neither). */
#include "asm/sass.h"
#include "base/file.h"
#include "testrun.h"
#include "testutil.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static lm_status read_fixture(const char *rel, lm_sass_loops *l)
{
	char path[4096], *text = NULL;
	lm_test_source_path(path, sizeof path, rel);
	ck_assert_int_eq(lm_file_read_text(path, LM_FILE_MAX_TEXT, &text), LM_OK);
	lm_status s = lm_sass_read(text, l);
	free(text);
	return s;
}

/* The held-out rowsum (A[i * cols + k], a row a work-item): the PTX's loop
 * reads 4 words a turn, ptxas's 16, all issued before the adds use one: 4
 * of the PTX's iterations in flight at once. gemv's machine code reads 32
 * a turn against the PTX's 8, but each fma waits for the loads just
 * issued (3 waits a turn): its copies run as the PTX's iterations do. */
START_TEST(ptxas_unrolling_again_is_read_from_the_machine_code)
{
	lm_sass_loops l;
	ck_assert_int_eq(read_fixture("tests/fixtures/sass/h200-rowsum.sass", &l), LM_OK);
	ck_assert_uint_eq(l.most_loads, 16);
	ck_assert_uint_eq(l.waits, 1);
	ck_assert_uint_eq(lm_sass_unroll(&l, 4), 4);
	ck_assert_uint_eq(lm_sass_unroll(&l, 16), 1); /* no more loads than the PTX's */
	ck_assert_uint_eq(lm_sass_unroll(&l, 3), 1);  /* not a whole number of its iterations */
	ck_assert_uint_eq(lm_sass_unroll(&l, 0), 1);
	ck_assert_int_eq(read_fixture("tests/fixtures/sass/h200-gemv.sass", &l), LM_OK);
	ck_assert_uint_eq(l.most_loads, 32);
	ck_assert_uint_eq(l.loops, 2); /* the unrolled loop and its remainder; the grid-stride loop holds them */
	ck_assert_uint_eq(l.waits, 3);
	ck_assert_uint_eq(lm_sass_unroll(&l, 8), 1);
}
END_TEST

/* Loads waited for: a use of a load's register (a pair's second half, a
 * store's value) waits for every load issued, which then count as one
 * wait; a loop closed by a branch to an address, not a label. */
START_TEST(a_turn_waits_each_time_it_uses_a_load_it_issued)
{
	static const char text[] =
		"        /*0000*/                   MOV R1, c[0x0][0x28] ;\n"
		"        /*0010*/                   LDG.E R4, desc[UR4][R2.64] ;\n"
		"        /*0020*/                   LDG.E.64 R6, desc[UR4][R2.64+0x4] ;\n"
		"        /*0030*/                   FADD R0, R0, R7 ;\n"
		"        /*0040*/                   LDG.E R8, desc[UR4][R2.64+0x8] ;\n"
		"        /*0050*/                   LDG.E R9, desc[UR4][R2.64+0xc] ;\n"
		"        /*0060*/                   STG.E desc[UR4][R10.64], R9 ;\n"
		"        /*0070*/                   LDG.E R12, desc[UR4][R2.64+0x10] ;\n"
		"        /*0080*/               @P0 BRA 0x10 ;\n"
		"        /*0090*/                   EXIT ;\n";
	lm_sass_loops l;
	ck_assert_int_eq(lm_sass_read(text, &l), LM_OK);
	ck_assert_uint_eq(l.loops, 1);
	ck_assert_uint_eq(l.most_loads, 5);
	ck_assert_uint_eq(l.first, 2);
	ck_assert_uint_eq(l.last, 9);
	ck_assert_uint_eq(l.waits, 3); /* R7, R9, and R12 at the next turn */
	ck_assert_uint_eq(l.insts, 10);
}
END_TEST

/* A turn timed in order: loads issued before their uses wait once
 * together; a use between two loads makes two waits. The H200's
 * nd-matmul (ptxas's machine code of the committed PTX): 32 loads a turn
 * of 4 PTX iterations, 6 waits, 1.5 an iteration, 3.3 dependent adds'
 * worth of other instructions an iteration (the PTX says 19). rowsum,
 * unrolled again, holds more in flight than the PTX: 1. */
START_TEST(a_turn_is_timed_in_waits_and_other_cycles)
{
	static const char together[] =
		".L_x_0:\n"
		"        /*0000*/                   LDG.E R4, desc[UR4][R2.64] ;\n"
		"        /*0010*/                   LDG.E R5, desc[UR4][R2.64+0x4] ;\n"
		"        /*0020*/                   FADD R0, R0, R4 ;\n"
		"        /*0030*/                   FADD R0, R0, R5 ;\n"
		"        /*0040*/               @P0 BRA `(.L_x_0) ;\n";
	static const char apart[] =
		".L_x_0:\n"
		"        /*0000*/                   LDG.E R4, desc[UR4][R2.64] ;\n"
		"        /*0010*/                   FADD R0, R0, R4 ;\n"
		"        /*0020*/                   LDG.E R5, desc[UR4][R2.64+0x4] ;\n"
		"        /*0030*/                   FADD R0, R0, R5 ;\n"
		"        /*0040*/               @P0 BRA `(.L_x_0) ;\n";
	lm_sass_loops l;
	double alpha;
	ck_assert_int_eq(lm_sass_read(together, &l), LM_OK);
	ck_assert_msg(fabs(l.turn_waits - 1) < 1e-9, "%g", l.turn_waits);
	ck_assert_double_eq_tol(lm_sass_waits(&l, 2, &alpha), 1, 1e-9);
	ck_assert(alpha > 0 && alpha < 5);
	ck_assert_int_eq(lm_sass_read(apart, &l), LM_OK);
	ck_assert_msg(fabs(l.turn_waits - 2) < 1e-9, "%g", l.turn_waits);
	ck_assert_double_eq_tol(lm_sass_waits(&l, 2, &alpha), 2, 1e-9);
	ck_assert_double_eq_tol(lm_sass_waits(&l, 1, &alpha), 1, 1e-9); /* two iterations a turn, a wait each */
	ck_assert_double_eq_tol(lm_sass_waits(&l, 3, &alpha), 0, 1e-9); /* not a whole number of them */
	ck_assert_double_eq_tol(alpha, 0, 1e-9);
	ck_assert_int_eq(read_fixture("tests/fixtures/sass/h200-nd-matmul.sass", &l), LM_OK);
	ck_assert_uint_eq(l.most_loads, 32);
	ck_assert_double_eq_tol(lm_sass_waits(&l, 8, &alpha), 1.5, 1e-9);
	ck_assert_msg(alpha > 3 && alpha < 4, "%g", alpha);
	ck_assert_int_eq(read_fixture("tests/fixtures/sass/h200-rowsum.sass", &l), LM_OK);
	ck_assert_double_eq_tol(lm_sass_waits(&l, 4, &alpha), 1, 1e-9);
}
END_TEST

/* What is not nvdisasm's listing is refused, said why; a branch through a
 * register closes no loop. */
START_TEST(a_listing_that_is_not_sass_is_refused)
{
	lm_sass_loops l;
	static const char *const bad[] = {
		"", "hello\n", ".L_x_0:\n",
		"  /*0010*/ NOP ;\n  /*0010*/ NOP ;\n",
		"  /*0000*/ NOP ;\n  /*0010*/ BRA `(.L_x_9) ;\n",
	};
	static const char *const why[] = { "no instruction", "no instruction", "no instruction", "not in order",
					   "does not define" };
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		ck_assert_int_eq(lm_sass_read(bad[i], &l), LM_EPARSE);
		ck_assert_msg(strstr(lm_error_message(), why[i]), "%zu: %s", i, lm_error_message());
	}
	ck_assert_int_eq(lm_sass_read(".L_x_1:\n  /*0000*/ LDG.E R2, desc[UR4][R4.64] ;\n"
				      "  /*0010*/ BRX R6 -0x20 ;\n  /*0020*/ BRA R6 ;\n", &l), LM_OK);
	ck_assert_uint_eq(l.loops, 0);
}
END_TEST

/* Stand-ins for ptxas (takes only PTX from its .version on, as latmix
 * gives it: a count's listing holds the count before the PTX, which
 * ptxas refuses; writes nothing) and nvdisasm (prints the fixture
 * tests/fixtures/sass/NAME.sass) in dir. */
static void stand_ins_of(const char *name, char *dir, char *ptxas, char *nvdisasm, size_t size)
{
	char sass[4096], rel[256];
	ck_assert(mkdtemp(dir));
	snprintf(rel, sizeof rel, "tests/fixtures/sass/%s.sass", name);
	lm_test_source_path(sass, sizeof sass, rel);
	snprintf(ptxas, size, "%s/ptxas", dir);
	snprintf(nvdisasm, size, "%s/nvdisasm", dir);
	FILE *f = fopen(ptxas, "w");
	ck_assert(f && fputs("#!/bin/sh\nfor a; do last=$a; done\nhead -n 1 \"$last\" | grep -q '^\\.version'\n", f) >= 0 &&
		  fclose(f) == 0);
	f = fopen(nvdisasm, "w");
	ck_assert(f && fprintf(f, "#!/bin/sh\ncat '%s'\n", sass) > 0 && fclose(f) == 0);
	ck_assert_int_eq(chmod(ptxas, 0755) | chmod(nvdisasm, 0755), 0);
}

static void stand_ins(char *dir, char *ptxas, char *nvdisasm, size_t size)
{
	stand_ins_of("h200-rowsum", dir, ptxas, nvdisasm, size);
}

/* `latmix kernel --mix-of` of the held-out rowsum's PTX, its width given:
 * where ptxas's listing reads 4 of the PTX's iterations in flight, the
 * count says so, its predict line holds 4 times the loads and the count
 * file unroll 16, ptxas_unroll 4; with ptxas off, the PTX's figures and
 * a word that the machine code was not read. */
START_TEST(a_count_takes_ptxas_unrolling_again)
{
	char dir[] = "/tmp/latmix-sass-XXXXXX", ptxas[256], nvdisasm[256], ptx[4096], spec[4200], ini[300];
	stand_ins(dir, ptxas, nvdisasm, sizeof ptxas);
	lm_test_source_path(ptx, sizeof ptx, "tests/fixtures/ptx/h200-rowsum.ptx");
	snprintf(spec, sizeof spec, "%s:rowsum", ptx);
	snprintf(ini, sizeof ini, "%s/rowsum.ini", dir);
	static lm_test_result r;
	setenv("LATMIX_PTXAS", ptxas, 1);
	setenv("LATMIX_NVDISASM", nvdisasm, 1);
	lm_test_latmix((const char *const[]){ "kernel", "--mix-of", spec, "--arg", "2=16", "--save-count", ini,
					      NULL }, NULL, &r);
	ck_assert_msg(r.status == 0, "%s", r.err);
	ck_assert_msg(strstr(r.out, "ptxas unrolls it 4 times again: its machine code's loop reads 16 global "
				    "loads a turn, the PTX's 4"), "%s", r.out);
	ck_assert_msg(strstr(r.out, "predict: --loads 16 "), "%s", r.out);
	ck_assert(lm_test_file_has(ini, "unroll = 16\n") && lm_test_file_has(ini, "ptxas_unroll = 4\n"));
	setenv("LATMIX_PTXAS", "off", 1);
	lm_test_latmix((const char *const[]){ "kernel", "--mix-of", spec, "--arg", "2=16", NULL }, NULL, &r);
	ck_assert_msg(r.status == 0, "%s", r.err);
	ck_assert_msg(strstr(r.out, "ptxas's unrolling: not read") && strstr(r.out, "predict: --loads 4 "),
		      "%s", r.out);
	unsetenv("LATMIX_NVDISASM");
	ck_assert_int_eq(lm_test_remove_dir(dir), 0);
}
END_TEST

/* predict --csv's rate at 4 warps of 32 work-items for the committed
 * nd-matmul listing (a count before its PTX) from GPU's parameter file;
 * its notes hold said (NULL: no word of the machine code's waits). */
static double matmul_at_4(const char *listing, const char *gpu, const char *said)
{
	char params[4096], rel[128], spec[4200];
	snprintf(rel, sizeof rel, "data/measured/%s/params-kernels.ini", gpu);
	lm_test_source_path(params, sizeof params, rel);
	snprintf(spec, sizeof spec, "%s:nd_matmul", listing);
	static lm_test_result r;
	lm_test_latmix((const char *const[]){ "predict", params, "--kernel", spec, "--trip", "1024", "--arg",
					      "2=cached", "--local-size", "32", "--warps", "4", "--csv", NULL }, NULL, &r);
	ck_assert_msg(r.status == 0, "%s", r.err);
	ck_assert_msg(said ? strstr(r.err, said) != NULL : strstr(r.err, "machine code waits") == NULL, "%s", r.err);
	double rate = 0;
	const char *row = strchr(r.out, '\n');
	ck_assert(row && sscanf(row + 1, "4,32,%*[^,],%lf", &rate) == 1);
	return rate;
}

/* The H200's nd-matmul as measure wrote it (its count before the PTX, so
 * ptxas is given the PTX from .version on): ptxas's schedule (the
 * stand-in prints nd-matmul's machine code) waits 1.5 times an iteration;
 * the count, its predict line and its file say so. Its loads all hit L2:
 * predicted at 4 warps 15-20% slower than the PTX's one wait (the H200
 * measured 0.24 G elements/s, the one wait 0.30, the schedule 0.25); the
 * H100's file has no cache figures, its step from DRAM: the same rate. */
START_TEST(a_count_takes_ptxas_schedule_and_a_step_of_hits_is_priced_so)
{
	char dir[] = "/tmp/latmix-sass-XXXXXX", ptxas[256], nvdisasm[256], src[4096], ptx[300], spec[400], ini[300];
	stand_ins_of("h200-nd-matmul", dir, ptxas, nvdisasm, sizeof ptxas);
	lm_test_source_path(src, sizeof src, "data/measured/nvidia-h200/mix-of/nd-matmul.txt");
	snprintf(ptx, sizeof ptx, "%s/nd-matmul.ptx", dir);
	char *text = NULL;
	ck_assert_int_eq(lm_file_read_text(src, LM_FILE_MAX_TEXT, &text), LM_OK);
	FILE *f = fopen(ptx, "w");
	ck_assert(f && fputs(text, f) >= 0 && fclose(f) == 0);
	free(text);
	snprintf(spec, sizeof spec, "%s:nd_matmul", ptx);
	snprintf(ini, sizeof ini, "%s/nd-matmul.ini", dir);
	static lm_test_result r;
	setenv("LATMIX_PTXAS", ptxas, 1);
	setenv("LATMIX_NVDISASM", nvdisasm, 1);
	lm_test_latmix((const char *const[]){ "kernel", "--mix-of", spec, "--save-count", ini, NULL }, NULL, &r);
	ck_assert_msg(r.status == 0, "%s", r.err);
	ck_assert_msg(strstr(r.out, "an iteration waits for its loads 1.5 times") &&
		      strstr(r.out, "--waits 1.5 --waits-alpha 3."), "%s", r.out);
	ck_assert(lm_test_file_has(ini, "waits = 1.5\n"));
	double h200 = matmul_at_4(ptx, "nvidia-h200", "waits for an iteration's loads 1.5 times, its other "
				  "instructions 3.3125 dependent adds' worth besides: so priced"),
	       h100 = matmul_at_4(ptx, "nvidia-h100", "is priced as the PTX says, one wait and its alpha");
	setenv("LATMIX_PTXAS", "off", 1);
	double h200_ptx = matmul_at_4(ptx, "nvidia-h200", NULL), h100_ptx = matmul_at_4(ptx, "nvidia-h100", NULL);
	ck_assert_msg(h200 < 0.85 * h200_ptx && h200 > 0.75 * h200_ptx, "%g against %g", h200, h200_ptx);
	ck_assert_double_eq_tol(h100, h100_ptx, 1e-6 * h100_ptx);
	unsetenv("LATMIX_NVDISASM");
	ck_assert_int_eq(lm_test_remove_dir(dir), 0);
}
END_TEST

/* ptxas found but failing on the listing (a ptxas older than its PTX, as
 * the PyPI one of CUDA 12.9 is for NVIDIA's PTX 9.0): predict prices the
 * loop by its PTX and says why on standard error; with ptxas off, where
 * the tools are simply not at hand, it says nothing of them. */
START_TEST(a_ptxas_that_fails_is_said)
{
	char dir[] = "/tmp/latmix-sass-XXXXXX", ptxas[256], nvdisasm[256], ptx[4096];
	stand_ins(dir, ptxas, nvdisasm, sizeof ptxas);
	FILE *f = fopen(ptxas, "w");
	ck_assert(f && fputs("#!/bin/sh\necho \"fatal : Unsupported .version 9.0; current version is '8.8'\" >&2\n"
			     "exit 255\n", f) >= 0 && fclose(f) == 0);
	lm_test_source_path(ptx, sizeof ptx, "data/measured/nvidia-h200/mix-of/nd-matmul.txt");
	char spec[4200];
	snprintf(spec, sizeof spec, "%s/nd-matmul.ptx:nd_matmul", dir);
	char cmd[9000];
	snprintf(cmd, sizeof cmd, "cp '%s' '%s/nd-matmul.ptx'", ptx, dir);
	ck_assert_int_eq(system(cmd), 0);
	char params[4096];
	lm_test_source_path(params, sizeof params, "data/measured/nvidia-h200/params-kernels.ini");
	static lm_test_result r;
	const char *const args[] = { "predict", params, "--kernel", spec, "--trip", "1024", "--local-size", "32",
				     "--warps", "4", "--csv", NULL };
	setenv("LATMIX_PTXAS", ptxas, 1);
	setenv("LATMIX_NVDISASM", nvdisasm, 1);
	lm_test_latmix(args, NULL, &r);
	ck_assert_msg(r.status == 0 && strstr(r.err, "nd_matmul: ptxas's machine code of its loop not read, the tools "
						  "failing (") && strstr(r.err, "Unsupported .version 9.0"), "%s", r.err);
	setenv("LATMIX_PTXAS", "off", 1);
	lm_test_latmix(args, NULL, &r);
	ck_assert_msg(r.status == 0 && !strstr(r.err, "machine code of its loop"), "%s", r.err);
	unsetenv("LATMIX_NVDISASM");
	ck_assert_int_eq(lm_test_remove_dir(dir), 0);
}
END_TEST

/* clang's NVPTX build targets sm_20, for which no ptxas of CUDA 12 or
 * later builds (the stand-in refuses an -arch below sm_50 as ptxas 13
 * does): the count builds it for sm_90 and reads the machine code, saying
 * so. Before, ptxas failed and the loop was priced from its PTX alone. */
START_TEST(a_ptx_older_than_ptxas_builds_is_built_for_hopper)
{
	char dir[] = "/tmp/latmix-sass-XXXXXX", ptxas[256], nvdisasm[256], src[4096], ptx[300], spec[400];
	stand_ins(dir, ptxas, nvdisasm, sizeof ptxas);
	FILE *f = fopen(ptxas, "w");
	ck_assert(f && fputs("#!/bin/sh\nfor a; do case $a in -arch=sm_[1-4]?) echo \"ptxas fatal : Value "
			     "'${a#-arch=}' is not defined for option 'gpu-name'\" >&2; exit 255;; esac; done\n"
			     "echo \"$@\" > \"$(dirname \"$0\")/args\"\n", f) >= 0 && fclose(f) == 0);
	lm_test_source_path(src, sizeof src, "tests/fixtures/ptx/h200-rowsum.ptx");
	char *text = NULL;
	ck_assert_int_eq(lm_file_read_text(src, LM_FILE_MAX_TEXT, &text), LM_OK);
	char *t = strstr(text, ".target sm_90");
	ck_assert(t);
	memcpy(t, ".target sm_20", 13);
	snprintf(ptx, sizeof ptx, "%s/rowsum.ptx", dir);
	f = fopen(ptx, "w");
	ck_assert(f && fputs(text, f) >= 0 && fclose(f) == 0);
	free(text);
	snprintf(spec, sizeof spec, "%s:rowsum", ptx);
	static lm_test_result r;
	setenv("LATMIX_PTXAS", ptxas, 1);
	setenv("LATMIX_NVDISASM", nvdisasm, 1);
	lm_test_latmix((const char *const[]){ "kernel", "--mix-of", spec, "--arg", "2=16", NULL }, NULL, &r);
	ck_assert_msg(r.status == 0, "%s", r.err);
	ck_assert_msg(strstr(r.out, "ptxas unrolls it 4 times again") && strstr(r.out, "predict: --loads 16 ") &&
		      strstr(r.out, "-arch=sm_90 (the PTX's sm_20, older than ptxas builds)"), "%s", r.out);
	char args[300];
	snprintf(args, sizeof args, "%s/args", dir);
	ck_assert(lm_test_file_has(args, "-arch=sm_90 "));
	setenv("LATMIX_PTXAS", "off", 1);
	unsetenv("LATMIX_NVDISASM");
	ck_assert_int_eq(lm_test_remove_dir(dir), 0);
}
END_TEST

/* The first row of predict --csv of the rowsum listing with no trip count
 * (priced as a grid-stride loop): its iterations and elements a second. */
static void grid_stride_row(double *iterations, double *elements)
{
	char params[4096], ptx[4096], spec[4200];
	lm_test_source_path(params, sizeof params, "data/measured/nvidia-h200/params-kernels.ini");
	lm_test_source_path(ptx, sizeof ptx, "tests/fixtures/ptx/h200-rowsum.ptx");
	snprintf(spec, sizeof spec, "%s:rowsum", ptx);
	static lm_test_result r;
	lm_test_latmix((const char *const[]){ "predict", params, "--kernel", spec, "--arg", "2=16", "--csv",
					      "--warps", "4", NULL }, NULL, &r);
	ck_assert_msg(r.status == 0, "%s", r.err);
	const char *row = strchr(r.out, '\n');
	ck_assert(row && sscanf(row + 1, "4,%*[^,],%*[^,],%lf,%*[^,],nan,%lf", iterations, elements) == 2);
}

/* A loop priced as a grid-stride loop counts an element a source
 * iteration: an iteration counted, unrolled by NVVM 4 times and by ptxas 4
 * times again, is 16 elements (4 with ptxas's code not read). Before,
 * elements a second were the iterations'. */
START_TEST(a_grid_stride_loops_elements_are_its_unrolled_iterations)
{
	char dir[] = "/tmp/latmix-sass-XXXXXX", ptxas[256], nvdisasm[256];
	stand_ins(dir, ptxas, nvdisasm, sizeof ptxas);
	double its, elements;
	setenv("LATMIX_PTXAS", ptxas, 1);
	setenv("LATMIX_NVDISASM", nvdisasm, 1);
	grid_stride_row(&its, &elements);
	ck_assert_msg(its > 0 && fabs(elements / its - 16) < 1e-6, "%g iterations, %g elements a second", its,
		      elements);
	setenv("LATMIX_PTXAS", "off", 1);
	unsetenv("LATMIX_NVDISASM");
	grid_stride_row(&its, &elements);
	ck_assert_msg(its > 0 && fabs(elements / its - 4) < 1e-6, "%g iterations, %g elements a second", its,
		      elements);
	ck_assert_int_eq(lm_test_remove_dir(dir), 0);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("sass");
	TCase *tc = tcase_create("sass");
	tcase_add_test(tc, ptxas_unrolling_again_is_read_from_the_machine_code);
	tcase_add_test(tc, a_turn_waits_each_time_it_uses_a_load_it_issued);
	tcase_add_test(tc, a_turn_is_timed_in_waits_and_other_cycles);
	tcase_add_test(tc, a_listing_that_is_not_sass_is_refused);
	tcase_add_test(tc, a_count_takes_ptxas_unrolling_again);
	tcase_add_test(tc, a_count_takes_ptxas_schedule_and_a_step_of_hits_is_priced_so);
	tcase_add_test(tc, a_ptxas_that_fails_is_said);
	tcase_add_test(tc, a_ptx_older_than_ptxas_builds_is_built_for_hopper);
	tcase_add_test(tc, a_grid_stride_loops_elements_are_its_unrolled_iterations);
	suite_add_tcase(s, tc);
	return lm_test_run(s);
}
