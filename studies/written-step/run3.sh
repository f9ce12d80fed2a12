#!/bin/bash
# One H200: nd-copy as written at 256 work-items and every level, at footprints from 16 to
# 128 MiB together (N = 2M to 16M floats an array): where a copy about L2's size runs
# slower than a large one (README, finding 5). From the repository root with .gpu/ carried.
set -u
. studies/speed/node-setup.sh
R=$OUT/r3; mkdir -p $R
mv $OUT/gpu.txt $OUT/devices.txt $OUT/commit.txt $R/
for m in 2 3 4 5 6 7 8 9 10 12 14 16 32; do
	$L measure -d "$first" --kernel nd-copy --size $((m * 1048576)) --local-size 256 \
		-o $R/copy-${m}M.csv 2> $R/copy-${m}M.log
done
cd $OUT && tar czf lease3.tgz r3 && rm -rf r3
