#!/bin/bash
# Issue 20 on one H200, in one lease (run3.sh, then again as run4.sh with
# the inner loop not unrolled and global mixes polled every 32 steps at
# most): the default sweep with the kernel that
# reads the stop flag once a block of iterations (cl/chase.cl, poll), twice,
# and once with the kernel before it (.gpu/latmix-old: the flag read every
# iteration), each with its flag-free references; the PTX of the new kernels.
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
R=$OUT/r; mkdir -p $R
nvidia-smi --query-gpu=name,serial,uuid,clocks.max.sm,clocks.mem,memory.total,driver_version,ecc.mode.current --format=csv > $R/gpu.txt
.gpu/latmix devices > $R/devices.txt 2>&1
rm -rf ~/.nv/ComputeCache
/usr/bin/time -v .gpu/latmix measure -d NVIDIA -o $R/measurements.csv 2> $R/measure.log
.gpu/latmix-old measure -d NVIDIA -o $R/old.csv 2> $R/old.log
.gpu/latmix measure -d NVIDIA -o $R/repeat.csv 2> $R/repeat.log
for m in gmem:1 gmem:8 lmem:1 sfu:1; do
  for a in 0 inf; do
    echo "=== mix ${m%:*} chains ${m#*:} alpha $a"
    .gpu/latmix kernel -d NVIDIA --mix ${m%:*} --chains ${m#*:} --alpha $a --binary 2>&1
  done
done > $R/kernels-ptx.txt
cd $OUT && tar czf h200.tgz r && rm -rf r
