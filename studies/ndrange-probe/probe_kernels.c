/* probe_kernels.c: the nd suite as the probe launches it, written from the
 * kernels' signatures and .ini files (N, launch, buffers, elements and bytes
 * an N). Values do not matter to the timing but for spmv's columns, which
 * are random below N as in its .ini. */
#include "probe.h"

#define F1(per) { per, 0, FILL_ONE }
#define F0(per) { per, 0, FILL_ZERO }
#define B(i) { ARG_BUF, i, 0, 0 }
#define ARGN { ARG_N, 0, 0, 0 }
#define U(v) { ARG_UINT, 0, v, 0 }
#define S3 { ARG_FLOAT, 0, 0, 3.0f }

const probe_kernel probe_kernels[] = {
	{ "nd-copy", "nd-copy.cl", "nd_copy", "__global float *c, __global const float *a, const uint n",
	  "c, a, n", 134217728, 1, 1, 1, 8, { F0(1), F1(1) }, 2, { B(0), B(1), ARGN }, 3 },
	{ "nd-mul", "nd-mul.cl", "nd_mul", "__global float *b, __global const float *c, const float s, const uint n",
	  "b, c, s, n", 134217728, 1, 1, 1, 8, { F0(1), F1(1) }, 2, { B(0), B(1), S3, ARGN }, 4 },
	{ "nd-add", "nd-add.cl", "nd_add",
	  "__global float *c, __global const float *a, __global const float *b, const uint n", "c, a, b, n",
	  134217728, 1, 1, 1, 12, { F0(1), F1(1), F1(1) }, 3, { B(0), B(1), B(2), ARGN }, 4 },
	{ "nd-triad", "nd-triad.cl", "nd_triad",
	  "__global float *a, __global const float *b, __global const float *c, const float s, const uint n",
	  "a, b, c, s, n", 134217728, 1, 1, 1, 12, { F0(1), F1(1), F1(1) }, 3, { B(0), B(1), B(2), S3, ARGN }, 5 },
	{ "nd-nstream", "nd-nstream.cl", "nd_nstream",
	  "__global float *a, __global const float *b, __global const float *c, const float s, const uint n",
	  "a, b, c, s, n", 134217728, 1, 1, 1, 16, { F1(1), F1(1), F1(1) }, 3, { B(0), B(1), B(2), S3, ARGN }, 5 },
	{ "nd-dot", "nd-dot.cl", "nd_dot",
	  "__global float *partial, __global const float *x, __global const float *y, const uint n, "
	  "__local float *part",
	  "partial, x, y, n, part", 134217728, 1, 4, 1, 8, { F0(1.0 / 128), F1(1), F1(1) }, 3,
	  { B(0), B(1), B(2), ARGN, { ARG_LOCAL, 0, 0, 0 } }, 5 },
	{ "nd-conv2d", "nd-conv2d.cl", "nd_conv2d",
	  "__global float *out, __global const float *in, __global const float *w, const uint width, "
	  "const uint height",
	  "out, in, w, width, height", 8192, 2, 4096, 4096, 8 * 4096, { F0(4096), F1(4096), { 0, 9, FILL_ONE } }, 3,
	  { B(0), B(1), B(2), U(4096), ARGN }, 5 },
	{ "nd-matmul", "nd-matmul.cl", "nd_matmul",
	  "__global float *C, __global const float *A, __global const float *B, const uint rows, "
	  "const uint inner, const uint cols",
	  "C, A, B, rows, inner, cols", 4096, 2, 1024, 1024, (8 * 1024 + 4) * 1024.0,
	  { F0(1024), F1(1024), { 0, 1024 * 1024, FILL_ONE } }, 3, { B(0), B(1), B(2), ARGN, U(1024), U(1024) }, 6 },
	{ "nd-spmv", "nd-spmv.cl", "nd_spmv",
	  "__global float *y, __global const uint *row_ptr, __global const uint *col, __global const float *val, "
	  "__global const float *x, const uint rows",
	  "y, row_ptr, col, val, x, rows", 4194304, 1, 1, 1, 4 + 12 * 16 + 4,
	  { F0(1), { 1, 1, FILL_STEP16 }, { 16, 0, FILL_BELOW_N }, F1(16), F1(1) }, 5,
	  { B(0), B(1), B(2), B(3), B(4), ARGN }, 6 },
	{ "nd-transpose", "nd-transpose.cl", "nd_transpose",
	  "__global float *out, __global const float *in, const uint rows, const uint cols", "out, in, rows, cols",
	  16384, 2, 4096, 4096, 8 * 4096, { F0(4096), F1(4096) }, 2, { B(0), B(1), ARGN, U(4096) }, 4 },
	{ 0 },
};

/* BabelStream's OpenCL kernels as BabelStream writes them (babelstream.cl):
 * one element a work-item over exactly N work-items, no bound checked, the
 * scalar a constant. */
const probe_kernel probe_babelstream[] = {
	{ "bs-copy", "babelstream.cl", "copy", "global const float *restrict a, global float *restrict c", "a, c",
	  134217728, 1, 1, 1, 8, { F1(1), F0(1) }, 2, { B(0), B(1) }, 2 },
	{ "bs-mul", "babelstream.cl", "mul", "global float *restrict b, global const float *restrict c", "b, c",
	  134217728, 1, 1, 1, 8, { F0(1), F1(1) }, 2, { B(0), B(1) }, 2 },
	{ "bs-add", "babelstream.cl", "add",
	  "global const float *restrict a, global const float *restrict b, global float *restrict c", "a, b, c",
	  134217728, 1, 1, 1, 12, { F1(1), F1(1), F0(1) }, 3, { B(0), B(1), B(2) }, 3 },
	{ "bs-triad", "babelstream.cl", "triad",
	  "global float *restrict a, global const float *restrict b, global const float *restrict c", "a, b, c",
	  134217728, 1, 1, 1, 12, { F0(1), F1(1), F1(1) }, 3, { B(0), B(1), B(2) }, 3 },
	{ "bs-nstream", "babelstream.cl", "nstream",
	  "global float *restrict a, global const float *restrict b, global const float *restrict c", "a, b, c",
	  134217728, 1, 1, 1, 16, { F1(1), F1(1), F1(1) }, 3, { B(0), B(1), B(2) }, 3 },
	{ 0 },
};

/* Kernels with a loop or a window inside as people write them (loops.cl):
 * a held-out set of loops for latmix predict (trip counts 64, 64 and 16; colsum
 * rolled and unrolled whole beside it) */
const probe_kernel probe_loops[] = {
	{ "colsum", "loops.cl", "colsum", "global float *restrict y, global const float *restrict A, const uint n, "
	  "const uint rows", "y, A, n, rows", 8388608, 1, 1, 1, 4 * 64 + 4, { F0(1), F1(64) }, 2,
	  { B(0), B(1), ARGN, U(64) }, 4 },
	{ "gemvt", "loops.cl", "gemvt", "global float *restrict y, global const float *restrict A, "
	  "global const float *restrict x, const uint n, const uint rows", "y, A, x, n, rows", 8388608, 1, 1, 1,
	  4 * 64 + 4, { F0(1), F1(64), { 0, 64, FILL_ONE } }, 3, { B(0), B(1), B(2), ARGN, U(64) }, 5 },
	{ "stencil5", "loops.cl", "stencil5", "global float *restrict y, global const float *restrict a, const uint n",
	  "y, a, n", 134217728, 1, 1, 1, 8, { F0(1), F1(1) }, 2, { B(0), B(1), ARGN }, 3 },
	{ "rowsum", "loops.cl", "rowsum", "global float *restrict y, global const float *restrict A, const uint cols",
	  "y, A, cols", 33554432, 1, 1, 1, 4 * 16 + 4, { F0(1), F1(16) }, 2, { B(0), B(1), U(16) }, 3 },
	{ "colsum_rolled", "loops.cl", "colsum_rolled", "global float *restrict y, global const float *restrict A, "
	  "const uint n, const uint rows", "y, A, n, rows", 8388608, 1, 1, 1, 4 * 64 + 4, { F0(1), F1(64) }, 2,
	  { B(0), B(1), ARGN, U(64) }, 4 },
	{ "colsum64", "loops.cl", "colsum64", "global float *restrict y, global const float *restrict A, const uint n",
	  "y, A, n", 8388608, 1, 1, 1, 4 * 64 + 4, { F0(1), F1(64) }, 2, { B(0), B(1), ARGN }, 3 },
	/* rowsum with rows of 32 and 64 floats (128 and 256 bytes): a lane's row a line or more,
	 * so a warp's load asks L1 for 32 lines, as latmix counts a row known only at run time */
	{ "rowsum32", "loops.cl", "rowsum", "global float *restrict y, global const float *restrict A, const uint cols",
	  "y, A, cols", 16777216, 1, 1, 1, 4 * 32 + 4, { F0(1), F1(32) }, 2, { B(0), B(1), U(32) }, 3 },
	{ "rowsum64", "loops.cl", "rowsum", "global float *restrict y, global const float *restrict A, const uint cols",
	  "y, A, cols", 8388608, 1, 1, 1, 4 * 64 + 4, { F0(1), F1(64) }, 2, { B(0), B(1), U(64) }, 3 },
	{ 0 },
};

/* nd-spmv taken apart (spmv.cl): the suite's as it is, x 64 times larger
 * (1 GiB: its gathers from DRAM), no gather at all, and the gathers alone
 * at hashed columns (no col or val) */
const probe_kernel probe_spmv[] = {
	{ "spmv-x16m", "spmv.cl", "spmv_x",
	  "__global float *y, __global const uint *row_ptr, __global const uint *col, __global const float *val, "
	  "__global const float *x, const uint rows",
	  "y, row_ptr, col, val, x, rows", 4194304, 1, 1, 1, 4 + 12 * 16 + 4,
	  { F0(1), { 1, 1, FILL_STEP16 }, { 16, 0, FILL_BELOW_N }, F1(16), F1(1) }, 5,
	  { B(0), B(1), B(2), B(3), B(4), ARGN }, 6 },
	{ "spmv-x1g", "spmv.cl", "spmv_x",
	  "__global float *y, __global const uint *row_ptr, __global const uint *col, __global const float *val, "
	  "__global const float *x, const uint rows",
	  "y, row_ptr, col, val, x, rows", 4194304, 1, 1, 1, 4 + 12 * 16 + 4,
	  { F0(1), { 1, 1, FILL_STEP16 }, { 16, 0, FILL_BELOW_64N }, F1(16), F1(64) }, 5,
	  { B(0), B(1), B(2), B(3), B(4), ARGN }, 6 },
	{ "spmv-own", "spmv.cl", "spmv_own",
	  "__global float *y, __global const uint *row_ptr, __global const uint *col, __global const float *val, "
	  "const uint rows",
	  "y, row_ptr, col, val, rows", 4194304, 1, 1, 1, 4 + 8 * 16 + 4,
	  { F0(1), { 1, 1, FILL_STEP16 }, { 16, 0, FILL_BELOW_N }, F1(16) }, 4,
	  { B(0), B(1), B(2), B(3), ARGN }, 5 },
	{ "spmv-hash", "spmv.cl", "spmv_hash",
	  "__global float *y, __global const uint *row_ptr, __global const float *x, const uint rows",
	  "y, row_ptr, x, rows", 4194304, 1, 1, 1, 4 + 4 * 16 + 4,
	  { F0(1), { 1, 1, FILL_STEP16 }, F1(1) }, 3, { B(0), B(1), B(2), ARGN }, 4 },
	{ 0 },
};

/* eight loads a work-item from eight fronts, one or two (fronts.cl;
 * studies/dot-top): 1 GiB of x, N / 8 work-items */
const probe_kernel probe_fronts[] = {
	{ "fronts8", "fronts.cl", "fronts8", "__global float *out, __global const float *x, const uint n", "out, x, n",
	  268435456, 1, 8, 1, 4, { F0(1.0 / 8), F1(1) }, 2, { B(0), B(1), ARGN }, 3 },
	{ "fronts1", "fronts.cl", "fronts1", "__global float *out, __global const float *x, const uint n", "out, x, n",
	  268435456, 1, 8, 1, 4, { F0(1.0 / 8), F1(1) }, 2, { B(0), B(1), ARGN }, 3 },
	{ "fronts2", "fronts.cl", "fronts2", "__global float *out, __global const float *x, const uint n", "out, x, n",
	  268435456, 1, 8, 1, 4, { F0(1.0 / 8), F1(1) }, 2, { B(0), B(1), ARGN }, 3 },
	{ "gridloop", "fronts.cl", "gridloop", "__global float *out, __global const float *x, const uint n", "out, x, n",
	  268435456, 1, 1024, 1, 4, { F0(1.0 / 1024), F1(1) }, 2, { B(0), B(1), ARGN }, 3 },
	{ 0 },
};

/* a reduction's tree alone, sixteen times a group, and its barriers alone
 * (tree.cl; studies/dot-top): 64 MiB of x, a work-item an element; then
 * eight reads a work-item of 1 GiB followed by the tree, its barriers
 * alone, or one store and barrier */
const probe_kernel probe_tree[] = {
	{ "tree16", "tree.cl", "tree16", "__global float *out, __global const float *x, const uint n, __local float *part",
	  "out, x, n, part", 16777216, 1, 1, 1, 4, { F0(1.0 / 32), F1(1) }, 2,
	  { B(0), B(1), ARGN, { ARG_LOCAL, 0, 0, 0 } }, 4 },
	{ "bar16", "tree.cl", "bar16", "__global float *out, __global const float *x, const uint n, __local float *part",
	  "out, x, n, part", 16777216, 1, 1, 1, 4, { F0(1.0 / 32), F1(1) }, 2,
	  { B(0), B(1), ARGN, { ARG_LOCAL, 0, 0, 0 } }, 4 },
	{ "readtree", "tree.cl", "readtree", "__global float *out, __global const float *x, const uint n, __local float *part",
	  "out, x, n, part", 268435456, 1, 8, 1, 4, { F0(1.0 / 1024), F1(1) }, 2,
	  { B(0), B(1), ARGN, { ARG_LOCAL, 0, 0, 0 } }, 4 },
	{ "readbar", "tree.cl", "readbar", "__global float *out, __global const float *x, const uint n, __local float *part",
	  "out, x, n, part", 268435456, 1, 8, 1, 4, { F0(1.0 / 1024), F1(1) }, 2,
	  { B(0), B(1), ARGN, { ARG_LOCAL, 0, 0, 0 } }, 4 },
	{ "readone", "tree.cl", "readone", "__global float *out, __global const float *x, const uint n, __local float *part",
	  "out, x, n, part", 268435456, 1, 8, 1, 4, { F0(1.0 / 1024), F1(1) }, 2,
	  { B(0), B(1), ARGN, { ARG_LOCAL, 0, 0, 0 } }, 4 },
	{ 0 },
};
