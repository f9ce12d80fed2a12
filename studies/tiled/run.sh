#!/bin/bash
# One H200: the kernels with a tile in local memory (tiled.cl: mm_tiled8/16/32, tr_tiled)
# measured as written by latmix measure --kernel at every level its occupancy allows, each
# at its description's work-group, with the suite's nd-matmul and nd-transpose beside them
# (the same product and transpose without a tile). From the repository root, .gpu/ carried.
set -u
. studies/speed/node-setup.sh
R=$OUT/r; mkdir -p $R; mv $OUT/gpu.txt $OUT/devices.txt $OUT/commit.txt $R/
K=studies/tiled/tiled.cl
$L measure -d "$first" --kernel $K:mm_tiled8,$K:mm_tiled16,$K:mm_tiled32,$K:tr_tiled -o $R/tiled.csv 2> $R/tiled.log
echo "tiled rc=$?"
$L measure -d "$first" --kernel nd-matmul,nd-transpose -o $R/suite.csv 2> $R/suite.log
echo "suite rc=$?"
grep -h "points in\|latmix: time" $R/*.log
cd $OUT && tar czf lease.tgz r && rm -rf r
