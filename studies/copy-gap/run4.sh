#!/bin/bash
# Fourth round: the load instruction. The suite's copy loads through
# ld.global.nc (restrict const); the store chase through ld.global. A copy
# without restrict beside the suite's copy and the store chase.
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
L=.gpu/latmix
D=studies/copy-gap
R=$OUT/copy-gap4; mkdir -p $R
nvidia-smi --query-gpu=name,serial,uuid,clocks.max.sm,clocks.mem,memory.total,driver_version --format=csv > $R/gpu.txt
$L measure -d NVIDIA --kernel copy,$D/copy_coherent.cl:copy_coherent -o $R/kernels.csv 2> $R/measure.log
$L measure -d NVIDIA --mix gmem-store --chains 1 --alpha 0 -o $R/chase.csv 2>> $R/measure.log
