#!/bin/bash
# One lease per GPU (an H200, then an H100): copies and triads whose lanes
# move 4, 8 and 16 bytes (float, double, float4), side by side at every
# occupancy, and each loop as the driver built it.
# Run from the repository root with latmix in .gpu/.
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
L=.gpu/latmix
K=studies/wide/kernels
R=$OUT/r; mkdir -p $R/mix-of
nvidia-smi --query-gpu=name,serial,uuid,clocks.max.sm,clocks.mem,memory.total,driver_version,ecc.mode.current --format=csv > $R/gpu.txt
for k in copy triad; do $L kernel --mix-of $k -d NVIDIA --binary > $R/mix-of/$k.txt 2>&1; done
for k in dcopy copy4 dtriad; do $L kernel --mix-of $K/$k.cl:$k -d NVIDIA --binary > $R/mix-of/$k.txt 2>&1; done
/usr/bin/time -v $L measure -d NVIDIA --kernel copy,triad,$K/dcopy.cl,$K/copy4.cl,$K/dtriad.cl -o $R/wide.csv 2> $R/wide.log
cd $OUT && tar czf run.tgz r && rm -rf r
