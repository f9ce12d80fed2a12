#!/bin/bash
# A fifth H200: the local unit's rate by access (parts.cl: lds_stream, lds_bcast, lds_vec4:
# 16 loads a turn from a volatile tile at constant offsets, a multiply-add each) beside
# mm_tiled16 and the lmem mix. From the repository root, .gpu/ carried.
set -u
. studies/speed/node-setup.sh
R=$OUT/r5; mkdir -p $R; mv $OUT/gpu.txt $OUT/devices.txt $OUT/commit.txt $R/
P=studies/tiled/parts.cl
$L measure -d "$first" --kernel $P:lds_stream,$P:lds_bcast,$P:lds_vec4,studies/tiled/tiled.cl:mm_tiled16 -o $R/parts.csv 2> $R/parts.log
echo "parts rc=$?"
$L measure -d "$first" --mix lmem -o $R/lmem.csv 2> $R/lmem.log
echo "lmem rc=$?"
grep -h "points in" $R/*.log
cd $OUT && tar czf lease5.tgz r5 && rm -rf r5
