#!/bin/bash
# Writes kernels/: copies of the suite's transpose, gather and stencil3d that
# differ only in their arrays' shape (each under a name of its own, so the
# CSV tells them apart), to find what sets where their curves drop.
# Run from this directory; the copies are committed beside it.
set -eu
K=../../cl/kernels
rm -rf kernels; mkdir kernels
# name, source kernel, rows (transpose/gather: N rows; stencil3d: rows of a plane), cols/width, N
variant() {
	local name=$1 src=$2 a=$3 b=$4 n=$5
	sed "s/__kernel void $src(/__kernel void $name(/" $K/$src.cl > kernels/$name.cl
	case $src in
	transpose|gather)
		cat > kernels/$name.ini <<INI
; $src on $n rows of $b ($name)
[kernel]
size = $n
elements = N * $b
bytes = 8 * N * $b

[out]
type = global float*
length = N * $b
fill = zero
output = yes

[in]
type = global const float*
length = N * $b
fill = random

[rows]
type = uint
value = N

[cols]
type = uint
value = $b
INI
		;;
	stencil3d)
		cat > kernels/$name.ini <<INI
; stencil3d on N planes of $a x $b ($name)
[kernel]
size = $n
elements = N * $((a * b))
bytes = 8 * N * $((a * b))

[out]
type = global float*
length = N * $((a * b))
fill = zero
output = yes

[in]
type = global const float*
length = N * $((a * b))
fill = random

[planes]
type = uint
value = N

[rows]
type = uint
value = $a
INI
		printf '\n[width]\ntype = uint\nvalue = %s\n' $b >> kernels/$name.ini
		;;
	esac
}
# transpose: out's lanes are rows x 4 bytes apart; rows per grid pass = grid / cols
variant t_c4096_r16384 transpose 0 4096 16384   # the suite's
variant t_c2048_r16384 transpose 0 2048 16384
variant t_c8192_r16384 transpose 0 8192 16384
variant t_c4096_r8192  transpose 0 4096 8192
variant t_c4096_r32768 transpose 0 4096 32768
variant t_c4096_r16416 transpose 0 4096 16416   # a stride not a power of two
variant t_c4104_r16384 transpose 0 4104 16384
# gather: in's lanes are rows x 4 bytes apart
variant g_c4096_r16384 gather 0 4096 16384      # the suite's
variant g_c2048_r16384 gather 0 2048 16384
variant g_c8192_r16384 gather 0 8192 16384
variant g_c4096_r16416 gather 0 4096 16416
# stencil3d: planes of rows x width
variant s_256x256 stencil3d 256 256 2048        # the suite's
variant s_128x256 stencil3d 128 256 4096
variant s_256x512 stencil3d 256 512 1024
variant s_512x512 stencil3d 512 512 512
variant s_256x264 stencil3d 256 264 2048
variant s_264x256 stencil3d 264 256 2048
# the same 256 MiB out at other strides (second lease)
variant t_c16384_r4096 transpose 0 16384 4096
variant t_c1024_r65536 transpose 0 1024 65536
# stencil3d with its plane's shape fixed at build time: the divisions become
# shifts and masks (second lease)
variant s_const stencil3d 256 256 2048
sed -i 's/^\tconst size_t plane = (size_t)rows \* width, cells = plane \* planes;/\tconst size_t width = 256, rows = 256, plane = 65536, cells = plane * planes;/; s/const uint rows, const uint width)/const uint rows_arg, const uint width_arg)/' kernels/s_const.cl
sed -i 's/^\[rows\]/[rows_arg]/; s/^\[width\]/[width_arg]/' kernels/s_const.ini
# stencil3d reading two planes either side (9 loads, two more lines a warp)
variant s_9pt stencil3d 256 256 2048
sed -i 's/z == 0 ||/z < 2 ||/; s/z == planes - 1/z >= planes - 2/; s/in\[k + plane\]);/in[k + plane] +\n\t\t\t\t\t\t  in[k - 2 * plane] + in[k + 2 * plane]);/; s@(1.0f / 7.0f)@(1.0f / 9.0f)@' kernels/s_9pt.cl
# stencil2d reading two rows either side: stencil3d's seven lines a warp
# with stencil2d's one division (second lease)
sed 's/__kernel void stencil2d(/__kernel void s2_7pt(/; s/r == 0 ||/r < 2 ||/; s/r == rows - 1/r >= rows - 2/; s/in\[k + width\]);/in[k + width] +\n\t\t\t      in[k - 2 * width] + in[k + 2 * width]);/; s/0\.2f \*/(1.0f \/ 7.0f) */' $K/stencil2d.cl > kernels/s2_7pt.cl
sed '1s/.*/; stencil2d reading two rows either side, on N rows of 4096 (s2_7pt)/' $K/stencil2d.ini > kernels/s2_7pt.ini
# fourth lease: the hits without divisions. Copies with the row length (and
# plane) fixed at build time, so that no division is left in the loop.
# const2d NAME SRC: SRC's kernel with width (or cols) 4096 built in
const2d() {
	local name=$1 src=$2 dim=$3
	sed "s/__kernel void $src(/__kernel void $name(/; s/const uint $dim)/const uint ${dim}_arg)/; s/^\tconst size_t cells = (size_t)rows \* $dim;/\tconst size_t $dim = 4096, cells = (size_t)rows * $dim;/" \
		$K/$src.cl > kernels/$name.cl
	sed "1s/.*/; $src with its $dim (4096) built in ($name)/; s/^\[$dim\]/[${dim}_arg]/" $K/$src.ini > kernels/$name.ini
}
const2d s2_const stencil2d width
const2d t_const transpose cols
const2d g_const gather cols
sed 's/__kernel void s2_7pt(/__kernel void s2_7pt_const(/; s/const uint width)/const uint width_arg)/; s/^\tconst size_t cells = (size_t)rows \* width;/\tconst size_t width = 4096, cells = (size_t)rows * width;/' \
	kernels/s2_7pt.cl > kernels/s2_7pt_const.cl
sed '1s/.*/; s2_7pt with its width (4096) built in (s2_7pt_const)/; s/^\[width\]/[width_arg]/' kernels/s2_7pt.ini > kernels/s2_7pt_const.ini
sed 's/__kernel void s_9pt(/__kernel void s9_const(/; s/const uint rows, const uint width)/const uint rows_arg, const uint width_arg)/; s/^\tconst size_t plane = (size_t)rows \* width, cells = plane \* planes;/\tconst size_t width = 256, rows = 256, plane = 65536, cells = plane * planes;/' \
	kernels/s_9pt.cl > kernels/s9_const.cl
sed '1s/.*/; s_9pt with its plane (256 x 256) built in (s9_const)/; s/^\[rows\]/[rows_arg]/; s/^\[width\]/[width_arg]/' kernels/s_9pt.ini > kernels/s9_const.ini
# sixth and seventh leases: what a division costs the loads after it. A
# copy behind stencil2d's border test (c_div), with the rows either side
# (c_div3), the same without the division (c_nodiv3), and stencil2d with
# its loads free of the division (s2_hoist: the input padded by a row either
# side, every load made before the border test picks what to store).
cat > kernels/c_div.cl <<'CL'
/* A copy behind stencil2d's border test: one load after a division. */
__kernel void c_div(__global float *restrict out, __global const float *restrict in,
		    const uint rows, const uint width)
{
	const size_t cells = (size_t)rows * width;
	for (size_t k = get_global_id(0); k < cells; k += get_global_size(0)) {
		const size_t r = k / width, c = k % width;
		if (r == 0 || c == 0 || r == rows - 1 || c == width - 1)
			out[k] = 0.0f;
		else
			out[k] = in[k];
	}
}
CL
sed 's/c_div(/c_div3(/; s/one load after a division./a load and the rows either side after a division./; s/out\[k\] = in\[k\];/out[k] = (1.0f \/ 3.0f) * (in[k] + in[k - width] + in[k + width]);/' kernels/c_div.cl > kernels/c_div3.cl
sed 's/c_div(/c_nodiv3(/; s/one load after a division./the same with the row built in: no division./; s/out\[k\] = in\[k\];/out[k] = (1.0f \/ 3.0f) * (in[k] + in[k - width] + in[k + width]);/; s/const uint width)/const uint width_arg)/; s/^\tconst size_t cells = (size_t)rows \* width;/\tconst size_t width = 4096, cells = (size_t)rows * width;/' kernels/c_div.cl > kernels/c_nodiv3.cl
for k in c_div c_div3 c_nodiv3; do
	sed "1s/.*/; $k on N rows of 4096 (make-kernels.sh)/" $K/stencil2d.ini > kernels/$k.ini
done
sed -i 's/^\[width\]/[width_arg]/' kernels/c_nodiv3.ini
cat > kernels/s2_hoist.cl <<'CL'
/* stencil2d with its loads free of its division: the input has a row of
 * padding either side (and a cell), so every load is in bounds, and all
 * five are made before the border test picks what to store. */
__kernel void s2_hoist(__global float *restrict out, __global const float *restrict padded,
		       const uint rows, const uint width)
{
	const size_t cells = (size_t)rows * width;
	__global const float *in = padded + width + 1;
	for (size_t k = get_global_id(0); k < cells; k += get_global_size(0)) {
		const float c0 = in[k], mean = 0.2f * (c0 + in[k - 1] + in[k + 1] + in[k - width] + in[k + width]);
		const size_t r = k / width, c = k % width;
		out[k] = r == 0 || c == 0 || r == rows - 1 || c == width - 1 ? c0 : mean;
	}
}
CL
sed '1s/.*/; stencil2d with its loads free of its division, its input padded (s2_hoist)/; s/^\[in\]/[padded]/; /^\[padded\]/,/^$/s/^length = N \* 4096$/length = N * 4096 + 2 * 4096 + 2/' $K/stencil2d.ini > kernels/s2_hoist.ini
