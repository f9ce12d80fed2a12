#!/bin/bash
# A fourth H200: the local unit without index arithmetic (parts.cl: lds_const, 32 local loads
# and 16 multiply-adds a turn at constant offsets) and the product whose global loads hit L1
# (mm_hit16: the same tiles every turn, nothing filled), beside mm_tiled16 and the lmem mix.
# From the repository root, .gpu/ carried.
set -u
. studies/speed/node-setup.sh
R=$OUT/r4; mkdir -p $R; mv $OUT/gpu.txt $OUT/devices.txt $OUT/commit.txt $R/
P=studies/tiled/parts.cl
$L measure -d "$first" --kernel $P:lds_const,$P:mm_hit16,studies/tiled/tiled.cl:mm_tiled16 -o $R/parts.csv 2> $R/parts.log
echo "parts rc=$?"
$L measure -d "$first" --mix lmem -o $R/lmem.csv 2> $R/lmem.log
echo "lmem rc=$?"
grep -h "points in" $R/*.log
cd $OUT && tar czf lease4.tgz r4 && rm -rf r4
