#!/bin/bash
# Fourth and fifth leases (an H200, then an H100): the stencils with and
# without their divisions, side by side in one lease each (the suite's
# stencil2d, stencil3d, transpose and gather, and the copies of kernels/
# with their rows fixed at build time), at every occupancy.
# Run from the repository root with latmix in .gpu/.
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
L=.gpu/latmix
K=studies/drops/kernels
R=$OUT/r; mkdir -p $R
nvidia-smi --query-gpu=name,serial,uuid,clocks.max.sm,clocks.mem,memory.total,driver_version,ecc.mode.current --format=csv > $R/gpu.txt
list=stencil2d,stencil3d,transpose,gather
for k in s_const s2_7pt s_9pt s2_const s2_7pt_const s9_const t_const g_const; do list=$list,$K/$k.cl; done
/usr/bin/time -v $L measure -d NVIDIA --kernel "$list" -o $R/shapes.csv 2> $R/shapes.log
cd $OUT && tar czf run.tgz r && rm -rf r
