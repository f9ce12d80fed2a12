#!/bin/bash
# Every suite kernel's loop counted from the driver's PTX (latmix kernel
# --mix-of, the PTX kept): run on an H200 and an H100 after their sweeps
# (run-kernels.sh), with the latmix of this commit.
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
R=$OUT/mix-of; mkdir -p $R
nvidia-smi --query-gpu=name,serial --format=csv > $R/gpu.txt
for k in add copy dot fill gemv scale spmv stencil1d stencil2d sum transpose triad; do
  .gpu/latmix kernel -d NVIDIA --mix-of $k --binary > $R/$k.txt 2>&1
done
cd $OUT && tar czf mixof.tgz mix-of && rm -rf mix-of
