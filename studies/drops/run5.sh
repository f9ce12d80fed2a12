#!/bin/bash
# Sixth and seventh leases (an H200, then an H100): what a division costs
# the loads after it: copy, stencil2d and c_div, c_div3, c_nodiv3, s2_const
# and s2_hoist of kernels/, side by side in one lease each, at every
# occupancy.
# Run from the repository root with latmix in .gpu/.
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
L=.gpu/latmix
K=studies/drops/kernels
R=$OUT/r; mkdir -p $R
nvidia-smi --query-gpu=name,serial,uuid,clocks.max.sm,clocks.mem,memory.total,driver_version,ecc.mode.current --format=csv > $R/gpu.txt
list=copy,stencil2d
for k in c_div c_div3 c_nodiv3 s2_const s2_hoist; do list=$list,$K/$k.cl; done
/usr/bin/time -v $L measure -d NVIDIA --kernel "$list" -o $R/shapes.csv 2> $R/shapes.log
cd $OUT && tar czf run.tgz r && rm -rf r
