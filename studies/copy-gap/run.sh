#!/bin/bash
# Why a copy's loads run 20% below the store chase's (issue 22): the suite's
# copy beside a copy whose stores are shifted 4 MiB from its loads and one
# whose stores wrap in 256 MiB as the chase's sink does, in one lease.
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
L=.gpu/latmix
D=studies/copy-gap
R=$OUT/copy-gap; mkdir -p $R
nvidia-smi --query-gpu=name,serial,uuid,clocks.max.sm,clocks.mem,memory.total,driver_version --format=csv > $R/gpu.txt
$L measure -d NVIDIA --kernel copy,$D/copy_shift.cl:copy_shift,$D/copy_sink.cl:copy_sink -o $R/kernels.csv 2> $R/measure.log
