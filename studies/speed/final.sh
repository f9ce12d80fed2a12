#!/bin/bash
# issue 10 on the H200: the sweeps committed. NVIDIA's kernel cache
# (~/.nv/ComputeCache) is emptied before quick1 and full, as on a fresh
# machine; quick2 runs with what quick1 left.
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
L=.gpu/latmix
nvidia-smi --query-gpu=name,serial,uuid,clocks.max.sm,clocks.mem,memory.total,driver_version,ecc.mode.current --format=csv > $OUT/gpu.txt
t() { local name=$1; shift; /usr/bin/time -v $L "$@" > $OUT/$name.out 2> $OUT/$name.err; }
rm -rf ~/.nv/ComputeCache; t quick1 measure -d NVIDIA --quick -o $OUT/quick1.csv
t quick2 measure -d NVIDIA --quick -o $OUT/quick2.csv
rm -rf ~/.nv/ComputeCache; t full measure -d NVIDIA -o $OUT/full.csv
cd $OUT && tar czf logs.tgz *.err quick*.csv && rm *.out
