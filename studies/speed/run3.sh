#!/bin/bash
# issue 10 on the H200, fourth round: kernels built ahead by 16 processes.
# Every sweep starts with NVIDIA's kernel cache emptied (~/.nv/ComputeCache),
# as on a fresh machine.
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
L=.gpu/latmix
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,memory.total,driver_version --format=csv > $OUT/gpu.txt
t() { local name=$1; shift; rm -rf ~/.nv/ComputeCache; /usr/bin/time -v $L "$@" > $OUT/$name.out 2> $OUT/$name.err; }
t quick1 measure -d NVIDIA --quick -o $OUT/quick1.csv
t quick2 measure -d NVIDIA --quick -o $OUT/quick2.csv
t full measure -d NVIDIA -o $OUT/full.csv
cd $OUT && tar czf logs.tgz *.err *.out quick*.csv && rm *.out quick*.csv
