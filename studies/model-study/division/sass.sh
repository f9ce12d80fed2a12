#!/bin/sh
# sass.sh KERNEL [GPU]: the driver's PTX of a suite kernel (committed in
# data/measured/nvidia-GPU/mix-of/KERNEL.txt, GPU h200 by default) built for
# sm_90 by ptxas and disassembled by nvdisasm (nvidia-cuda-nvdisasm from
# PyPI; NVDISASM names it): what the GPU runs, one instruction a line with
# its offset. Not part of the build or the tests.
set -eu
k=$1
gpu=${2:-h200}
here=$(dirname "$0")
src=$here/../../../data/measured/nvidia-$gpu/mix-of/$k.txt
tmp=$(mktemp -d)
sed -n '/^\/\/$/,$p' "$src" | sed "/^$k: the main loop/,\$d" > "$tmp/k.ptx"
ptxas -arch=sm_90 "$tmp/k.ptx" -o "$tmp/k.cubin"
"${NVDISASM:-nvdisasm}" -c "$tmp/k.cubin" | grep -E '/\*[0-9a-f]{4}\*/' |
	sed -E 's@^\s*/\*([0-9a-f]+)\*/\s*@\1 @; s/ ;.*//; s/;//'
rm -rf "$tmp"
