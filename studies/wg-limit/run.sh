#!/bin/bash
# One H200: what NVIDIA's OpenCL says a kernel's groups may hold (wgq: CL_KERNEL_WORK_GROUP_SIZE
# of a copy and a tiled transpose, built with and without register caps) and what it runs
# (wgl: a copy launched in groups of 256, 512 and 1024, its outputs checked); then latmix
# measuring nd-copy at 512 and 1024 work-items and mm_tiled32 (groups of 32 x 32), which it
# refused before. From the repository root, .gpu/ carried (wgq and wgl built here:
# gcc -O1 -o wgq wgq.c -lOpenCL).
set -u
. studies/speed/node-setup.sh
R=$OUT/r; mkdir -p $R; mv $OUT/gpu.txt $OUT/devices.txt $OUT/commit.txt $R/
.gpu/wgq > $R/wgq.txt 2>&1
.gpu/wgl > $R/wgl.txt 2>&1
$L measure -d "$first" --kernel nd-copy --local-size 256,512,1024 -o $R/copy.csv 2> $R/copy.log
echo "copy rc=$?"
$L measure -d "$first" --kernel studies/tiled/tiled.cl:mm_tiled32,studies/tiled/tiled.cl:mm_tiled16 -o $R/tiled32.csv 2> $R/tiled32.log
echo "tiled32 rc=$?"
cat $R/wgq.txt $R/wgl.txt; grep -h "points in\|skipped\|refused" $R/*.log
cd $OUT && tar czf lease.tgz r && rm -rf r
