#!/bin/bash
# One H200: the default sweep (this machine's parameters), reads as written with 1 to 32
# loads a work-item a grid apart at 32-256 work-items and every level, the suite's kernels as
# written beside them; then the quick sweep cold at three numbers of build processes (issue
# 51). From the repository root with .gpu/ carried.
set -u
. studies/speed/node-setup.sh
R=$OUT/r; mkdir -p $R
mv $OUT/gpu.txt $OUT/devices.txt $OUT/commit.txt $R/
rm -rf ~/.nv/ComputeCache ~/.cache/latmix
/usr/bin/time -v $L measure -d "$first" -o $R/measurements.csv 2> $R/measure.log
K=""
for k in 1 2 4 8 16 32; do K="$K${K:+,}studies/written-step/reads.cl:reads$k"; done
$L measure -d "$first" --kernel "$K" --local-size 32,64,128,256 -o $R/reads.csv 2> $R/reads.log
$L measure -d "$first" --kernel nd-copy,nd-add,nd-nstream,nd-dot,nd-conv2d -o $R/kernels.csv 2> $R/kernels.log
for j in 6 16 0; do
	rm -rf ~/.nv/ComputeCache ~/.cache/latmix
	/usr/bin/time -v $L measure -d "$first" --quick --build-jobs $j -o $R/quick-j$j.csv 2> $R/quick-j$j.log
done
cd $OUT && tar czf lease.tgz r && rm -rf r
