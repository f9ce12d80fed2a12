#!/bin/sh
# The grid-stride model's curves the study reads (gs-model/*.csv), from latmix predict on the
# H100's committed parameter file; clang's NVPTX build is counted (no GPU needed).
# Run from the repository root: studies/nd-model/predict.sh [path/to/latmix]
set -e
latmix=${1:-build-m/latmix}
p=data/measured/nvidia-h100/params-kernels.ini
o=studies/nd-model/gs-model
mkdir -p $o
for k in copy scale add triad; do
	$latmix predict $p --kernel $k --csv > $o/$k.csv
done
$latmix predict $p --kernel studies/nd-model/gs.cl:gs_nstream --csv > $o/nstream.csv
$latmix predict $p --kernel studies/nd-model/gs.cl:gs_transpose --csv > $o/transpose.csv
# conv2d: clang's count prices its 9 loads as 9 streams; priced here as the suite's stencil2d
# is counted (one stream, misaligned, two rows hit in flight), with gs_conv2d's instructions
$latmix predict $p --loads 1 --misaligned-loads 1 --hits 2 --stores 1 --alpha 55 --insts 65 --csv > $o/conv2d.csv
