#!/bin/bash
# Issue 12 on two H200s of one host: both measured at once (latmix measure
# -d gpus), then the first alone, each with NVIDIA's kernel cache emptied
# first; the GPUs' identities recorded.
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
L=.gpu/latmix
nvidia-smi --query-gpu=index,name,serial,uuid,pci.bus_id,clocks.max.sm,clocks.mem,ecc.mode.current --format=csv > $OUT/gpu.txt
$L devices > $OUT/devices.txt 2>&1
rm -rf ~/.nv/ComputeCache
/usr/bin/time -v $L measure -d gpus -o $OUT/both 2> $OUT/both.log
rm -rf ~/.nv/ComputeCache
first=$(grep -m1 -o '^[0-9]*:[0-9]*  NVIDIA' $OUT/devices.txt | cut -d' ' -f1)
/usr/bin/time -v $L measure -d $first -o $OUT/alone/measurements.csv 2> $OUT/alone.log
