#!/bin/bash
# One lease (an H200): the stream mix alone at footprints of 1.1, 2.2, 4.4
# and 8.5 GB (the least default, twice, four times, the default sweep's):
# where does the over-rate go? footprint-BYTES.csv each.
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
L=.gpu/latmix
R=$OUT/r; mkdir -p $R
nvidia-smi --query-gpu=name,serial,uuid,clocks.max.sm,clocks.mem,memory.total,driver_version,ecc.mode.current --format=csv > $R/gpu.txt
for b in 1107296256 2214592512 4429185024 8522825728; do
  $L measure -d NVIDIA --mix stream --footprint $b -o $R/footprint-$b.csv 2> $R/footprint-$b.log
done
cd $OUT && tar czf run.tgz r && rm -rf r
