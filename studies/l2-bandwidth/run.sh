#!/bin/bash
# What a coalesced load that hits in L2 costs at every occupancy (issue 50): latmix's
# stream mix (independent coalesced loads, a grid apart, wrapping round the buffer) over
# footprints L2 holds against DRAM, its chase's latency at one warp, and the suite's
# nd-matmul in the same lease, on one H200.
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
nvidia-smi --query-gpu=name,serial,driver_version --format=csv > $OUT/gpu.txt
cp .gpu/commit.txt $OUT/
L=.gpu/latmix
for fp in 4M 12M 24M 1G; do
  $L measure -d NVIDIA -m stream,stream-store -a 0 -k 1 --warps max --footprint $fp -o $OUT/stream-$fp.csv > /dev/null 2> $OUT/stream-$fp.err
done
for fp in 4M 12M; do
  $L measure -d NVIDIA -m gmem -a 0 -k 1 --warps 1 --footprint $fp -o $OUT/gmem-$fp.csv > /dev/null 2> $OUT/gmem-$fp.err
done
$L measure -d NVIDIA --kernel nd-matmul -o $OUT/nd-matmul.csv > /dev/null 2> $OUT/nd-matmul.err
cd $OUT && tail -n 3 *.err | head -60
tar czf ../l2.tgz . && rm -rf $OUT/* && mv ../l2.tgz $OUT/
