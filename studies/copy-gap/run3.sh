#!/bin/bash
# Third round: the read pattern. A copy whose loads visit lines in a
# scattered order (as the chase's do), beside the suite's copy.
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
L=.gpu/latmix
D=studies/copy-gap
R=$OUT/copy-gap3; mkdir -p $R
nvidia-smi --query-gpu=name,serial,uuid,clocks.max.sm,clocks.mem,memory.total,driver_version --format=csv > $R/gpu.txt
$L measure -d NVIDIA --kernel copy,$D/copy_randline.cl:copy_randline -o $R/kernels.csv 2> $R/measure.log
$L measure -d NVIDIA --mix gmem-store --chains 1 --alpha 0 -o $R/chase.csv 2>> $R/measure.log
