#!/bin/bash
# One lease (an H200): is the stream mix's over-rate (shares-repeat/) the
# first mix of a process? The stream alone (first.csv), stream-shift then
# stream (second.csv), and the stream alone again (again.csv).
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
L=.gpu/latmix
R=$OUT/r; mkdir -p $R
nvidia-smi --query-gpu=name,serial,uuid,clocks.max.sm,clocks.mem,memory.total,driver_version,ecc.mode.current --format=csv > $R/gpu.txt
$L measure -d NVIDIA --mix stream -o $R/first.csv 2> $R/first.log
$L measure -d NVIDIA --mix stream-shift,stream -o $R/second.csv 2> $R/second.log
$L measure -d NVIDIA --mix stream -o $R/again.csv 2> $R/again.log
cd $OUT && tar czf run.tgz r && rm -rf r
