#!/bin/bash
# One H200: what a 2D body costs a kernel as written besides its loads: a copy on a 2D grid
# (copy2d.cl) at groups 32 wide (a warp a row, coalesced) and narrower (its accesses split
# over rows), the suite's nd-copy beside it, and nd-transpose at the same shapes. From the
# repository root with .gpu/ carried.
set -u
. studies/speed/node-setup.sh
R=$OUT/r4; mkdir -p $R
mv $OUT/gpu.txt $OUT/devices.txt $OUT/commit.txt $R/
$L measure -d "$first" --kernel nd-copy --local-size 32,64,256 -o $R/nd-copy.csv 2> $R/nd-copy.log
for s in 32x1 16x2 8x4 4x8 64x1 8x8 256x1 32x8 16x16; do
	$L measure -d "$first" --kernel studies/written-step/copy2d.cl:copy2d --local-size $s \
		-o $R/copy2d-$s.csv 2> $R/copy2d-$s.log
	$L measure -d "$first" --kernel nd-transpose --local-size $s -o $R/transpose-$s.csv 2> $R/transpose-$s.log
done
cd $OUT && tar czf lease4.tgz r4 && rm -rf r4
