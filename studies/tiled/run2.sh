#!/bin/bash
# Another H200: the tiled products again (mm_tiled8, mm_tiled16) beside the one with two
# outputs a work-item (mm_tiled16x2) and the padded-tile transpose, and the lmem mix
# (l1_thru on this machine). From the repository root, .gpu/ carried.
set -u
. studies/speed/node-setup.sh
R=$OUT/r2; mkdir -p $R; mv $OUT/gpu.txt $OUT/devices.txt $OUT/commit.txt $R/
K=studies/tiled/tiled.cl
$L measure -d "$first" --kernel $K:mm_tiled8,$K:mm_tiled16,$K:mm_tiled16x2,$K:tr_tiled -o $R/tiled.csv 2> $R/tiled.log
echo "tiled rc=$?"
$L measure -d "$first" --mix lmem -o $R/lmem.csv 2> $R/lmem.log
echo "lmem rc=$?"
grep -h "points in" $R/*.log
cd $OUT && tar czf lease2.tgz r2 && rm -rf r2
