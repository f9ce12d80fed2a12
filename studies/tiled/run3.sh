#!/bin/bash
# A third H200: the tiled product's inner loop alone (parts.cl: lds_only, and lds_bar with the
# product's two barriers a turn) beside mm_tiled16 itself: which part keeps the product under
# the bound of its local requests. From the repository root, .gpu/ carried.
set -u
. studies/speed/node-setup.sh
R=$OUT/r3; mkdir -p $R; mv $OUT/gpu.txt $OUT/devices.txt $OUT/commit.txt $R/
P=studies/tiled/parts.cl
$L measure -d "$first" --kernel $P:lds_only,$P:lds_bar,studies/tiled/tiled.cl:mm_tiled16 -o $R/parts.csv 2> $R/parts.log
echo "parts rc=$?"
grep -h "points in" $R/*.log
cd $OUT && tar czf lease3.tgz r3 && rm -rf r3
