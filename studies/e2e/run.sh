#!/bin/bash
# One lease, one GPU (run on an H100, serial 1752324013808, 2026-11-24; no H200
# could be had): what a user runs, end to end, with this release's
# binary: the default sweep, the suite of real kernels (each kernel's loop
# counted from the driver's PTX into mix-of/ by measure itself), the fits of
# scripts/fit-results.sh and the report (no gnuplot on the GPU machine: the
# pictures are drawn afterwards by `latmix report` here). console.txt is
# what the user sees.
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
L=.gpu/latmix   # this release's build; the script lies in studies/e2e
R=$OUT/e2e; mkdir -p $R
nvidia-smi --query-gpu=name,serial,uuid,clocks.max.sm,clocks.mem,memory.total,driver_version,ecc.mode.current --format=csv > $R/gpu.txt
rm -rf ~/.nv/ComputeCache
{
  /usr/bin/time -f "measure: %e s, %M KB" $L measure -d NVIDIA -o $R/measurements.csv
  /usr/bin/time -f "measure --kernel all: %e s, %M KB" $L measure -d NVIDIA --kernel all -o $R/kernels.csv
  sh scripts/fit-results.sh $L $R
} > $R/console.txt 2>&1
cd $OUT && tar czf e2e.tgz e2e && rm -rf e2e
