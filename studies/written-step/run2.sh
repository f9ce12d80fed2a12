#!/bin/bash
# One H200: the chase's step at few warps for 1 to 16 chains (does it stop growing past
# four?), reads as written at 3, 5, 6 and 12 loads beside 4 and 8, and reads1 (a copy of
# one array into another) and nd-copy at footprints from 64 MiB to 1 GiB (README, finding
# 5). From the repository root with .gpu/ carried.
set -u
. studies/speed/node-setup.sh
R=$OUT/r2; mkdir -p $R
mv $OUT/gpu.txt $OUT/devices.txt $OUT/commit.txt $R/
$L measure -d "$first" -m gmem -k 1,2,3,4,6,8,12,16 -a 0,4 -n 1,2,4,8,16,32,64 -o $R/chase.csv 2> $R/chase.log
K=""
for k in 2 3 4 5 6 8 12; do K="$K${K:+,}studies/written-step/reads.cl:reads$k"; done
$L measure -d "$first" --kernel "$K" --local-size 32,256 -o $R/reads.csv 2> $R/reads.log
for n in 8388608 16777216 33554432 67108864 134217728; do
	$L measure -d "$first" --kernel studies/written-step/reads.cl:reads1,nd-copy --size $n --local-size 256 \
		-o $R/copy-$n.csv 2> $R/copy-$n.log
done
cd $OUT && tar czf lease2.tgz r2 && rm -rf r2
