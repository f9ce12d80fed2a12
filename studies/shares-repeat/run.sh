#!/bin/bash
# One lease per GPU (an H100, then an H200): the four stream mixes alone
# (stream, stream-shift, stream-store, stream-store-shift) at every
# occupancy, and copy beside s1_shift (b[i] = a[i + 1], hits-lease/): do the
# misaligned shares the committed sweeps measured repeat on another machine?
# shares.py in this directory prints them.
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
L=.gpu/latmix
H=studies/hits-lease
R=$OUT/r; mkdir -p $R
nvidia-smi --query-gpu=name,serial,uuid,clocks.max.sm,clocks.mem,memory.total,driver_version,ecc.mode.current --format=csv > $R/gpu.txt
git log -1 --format=%H > $R/commit.txt 2>/dev/null
/usr/bin/time -v $L measure -d NVIDIA --mix stream,stream-shift,stream-store,stream-store-shift \
  -o $R/measurements.csv 2> $R/measure.log
/usr/bin/time -v $L measure -d NVIDIA --kernel copy,$H/s1_shift.cl -o $R/kernels.csv 2> $R/kernels.log
cd $OUT && tar czf run.tgz r && rm -rf r
