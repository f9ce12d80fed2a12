#!/bin/bash
# The H100 (issue 12): latmix devices and the default sweep, NVIDIA's kernel
# cache emptied first, as on a fresh machine.
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
L=.gpu/latmix
nvidia-smi --query-gpu=name,serial,uuid,clocks.max.sm,clocks.mem,memory.total,driver_version,ecc.mode.current --format=csv > $OUT/gpu.txt
$L devices > $OUT/devices.txt 2>&1
rm -rf ~/.nv/ComputeCache
/usr/bin/time -v $L measure -d NVIDIA -o $OUT/measurements.csv 2> $OUT/measure.log
$L kernel -d NVIDIA --mix gmem --alpha 4 --binary > $OUT/kernel-gmem-a4.txt 2>&1
