#!/bin/bash
# The H100: latmix devices and the default sweep (the kernel as of issue 11's
# flag and chain fixes), NVIDIA's kernel cache emptied first, as on a fresh
# machine; then two quick sweeps, cold.
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
L=.gpu/latmix
nvidia-smi --query-gpu=name,serial,uuid,clocks.max.sm,clocks.mem,memory.total,driver_version,ecc.mode.current --format=csv > $OUT/gpu.txt
$L devices > $OUT/devices.txt 2>&1
rm -rf ~/.nv/ComputeCache
/usr/bin/time -v $L measure -d NVIDIA -o $OUT/measurements.csv 2> $OUT/measure.log
$L kernel -d NVIDIA --mix gmem --alpha 4 --binary > $OUT/kernel-gmem-a4.txt 2>&1
for q in 1 2; do rm -rf ~/.nv/ComputeCache; /usr/bin/time -v $L measure -d NVIDIA --quick -o $OUT/quick$q.csv 2> $OUT/quick$q.err; done
cd $OUT && tar czf quick.tgz quick* && rm quick1* quick2*
