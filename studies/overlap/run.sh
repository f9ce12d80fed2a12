#!/bin/bash
# issue 10 on the H200: the first mix set up while the kernels build.
# Quick sweep twice and the default sweep, each from an empty kernel cache.
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
L=.gpu/latmix
nvidia-smi --query-gpu=name,serial,uuid,clocks.max.sm,clocks.mem,driver_version --format=csv > $OUT/gpu.txt
t() { local name=$1; shift; rm -rf ~/.nv/ComputeCache; /usr/bin/time -v $L "$@" > $OUT/$name.out 2> $OUT/$name.err; }
t quick1 measure -d NVIDIA --quick -o $OUT/quick1.csv
t quick2 measure -d NVIDIA --quick -o $OUT/quick2.csv
t full measure -d NVIDIA -o $OUT/full.csv
rm -f $OUT/*.out
