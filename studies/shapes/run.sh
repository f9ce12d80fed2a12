#!/bin/bash
# Issue 50: the suite's 2D kernels as written at work-group shapes latmix's suite did not
# measure, on one H200 beside a default sweep of the same lease (its params-kernels.ini):
# nd-transpose at 16x4, 32x4, 32x8, 8x16 and 8x32 (the bytes a group writes a column and
# the runs a warp's store splits into, varied apart) beside 16x8 and 16x16; nd-matmul at
# 32x4 and 32x8 (a warp one row: its loads of B and A a line each, two lines a step where
# groups 8 and 16 wide ask five and three) beside 8x8 and 16x8.
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
nvidia-smi --query-gpu=name,serial,uuid,clocks.max.sm,clocks.mem,memory.total,driver_version --format=csv > $OUT/gpu.txt
cp .gpu/commit.txt $OUT/
L=.gpu/latmix
$L measure -d NVIDIA -o $OUT/sweep.csv > /dev/null 2> $OUT/sweep.err; echo "sweep rc=$?"
$L fit --model refined -m gmem,gmem-store,gmem-store-half,gmem-random -o $OUT/params-kernels.ini $OUT/sweep.csv > $OUT/fit-kernels.txt 2>&1
$L measure -d NVIDIA --kernel nd-transpose --local-size 16x4,32x4,32x8,8x16,8x32,16x8,16x16 -o $OUT/transpose.csv > /dev/null 2> $OUT/transpose.err; echo "transpose rc=$?"
$L measure -d NVIDIA --kernel nd-matmul --local-size 32x4,32x8,8x8,16x8 -o $OUT/matmul.csv > /dev/null 2> $OUT/matmul.err; echo "matmul rc=$?"
cp -r $(dirname $OUT/x)/mix-of $OUT/ 2>/dev/null
grep -h "latmix: time\|points in" $OUT/*.err
cd $OUT && tar czf ../lease.tgz . && rm -rf $OUT/* && mv ../lease.tgz $OUT/
