#!/bin/bash
# Second round, same question: the stores shifted by whole lines (32
# elements, one 128-byte line; 1048608, 32769 lines), beside the suite's copy.
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
L=.gpu/latmix
D=studies/copy-gap
R=$OUT/copy-gap2; mkdir -p $R
nvidia-smi --query-gpu=name,serial,uuid,clocks.max.sm,clocks.mem,memory.total,driver_version --format=csv > $R/gpu.txt
$L measure -d NVIDIA --kernel copy,$D/copy_shift32.cl:copy_shift32,$D/copy_shift1048608.cl:copy_shift1048608 -o $R/kernels.csv 2> $R/measure.log
