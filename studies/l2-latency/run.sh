#!/bin/bash
# What a load that hits in L2 costs: latmix's coalesced chase (gmem, alpha 0, one chain)
# at footprints L2 holds (16, 24 and 32 MiB) against 1 GiB, at the occupancies whose
# chains are long enough for latmix to take (512 lines a chain), and the divergent chase
# (gmem-random) the same, on one H200. The chains of warps on other SMs follow one another
# through the cycle, so a warp's L1 never holds the line it loads next.
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
nvidia-smi --query-gpu=name,serial,driver_version --format=csv > $OUT/gpu.txt
cp .gpu/commit.txt $OUT/
L=.gpu/latmix
for fp in 16M 24M 32M 1G; do
  for mix in gmem gmem-random; do
    $L measure -d NVIDIA -m $mix -a 0 -k 1 --warps 1,2,4,8 --footprint $fp -o $OUT/$mix-$fp.csv > /dev/null 2> $OUT/$mix-$fp.err
  done
done
cd $OUT && grep -h "points:\|skipped" *.err | head -40
tar czf ../l2.tgz . && rm -rf $OUT/* && mv ../l2.tgz $OUT/
