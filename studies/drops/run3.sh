#!/bin/bash
# Third lease (the H100): every variant of kernels/ at every occupancy.
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
L=.gpu/latmix
K=studies/drops/kernels
R=$OUT/r; mkdir -p $R
nvidia-smi --query-gpu=name,serial,uuid,clocks.max.sm,clocks.mem,memory.total,driver_version,ecc.mode.current --format=csv > $R/gpu.txt
list=$(ls $K/*.cl | paste -sd,)
/usr/bin/time -v $L measure -d NVIDIA --kernel "$list" -o $R/shapes.csv 2> $R/shapes.log
cd $OUT && tar czf run.tgz r && rm -rf r
