#!/bin/bash
# One H100 lease (serial 1652824035307), 2026-11-25, latmix of commit 95a05d4:
# the quick sweep in both timings and stream-fill at a long launch, to see
# that the launch checks added there (a fixed-work launch whose work-items
# did not all run their quota, or a stop-flag launch in which none did, is
# refused) refuse nothing on a GPU.
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
L=.gpu/latmix; R=$OUT/r; mkdir -p $R
nvidia-smi --query-gpu=name,serial,uuid,clocks.max.sm,clocks.mem,memory.total,driver_version,ecc.mode.current --format=csv > $R/gpu.txt
for t in stop-flag fixed-work; do
  /usr/bin/time -v $L measure -d NVIDIA --quick --timing $t -o $R/quick-$t.csv 2> $R/quick-$t.log
done
$L measure -d NVIDIA --mix stream-fill --warps 1,4,16,64 --launch-ms 200 -o $R/fill-long.csv 2> $R/fill-long.log
