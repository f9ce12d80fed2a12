#!/bin/bash
# Issue 21 on one H100, one lease: the default chase sweep and the suite of
# real kernels at every occupancy (latmix measure --kernel all), NVIDIA's
# kernel cache emptied first; the PTX of every suite kernel's program.
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
L=.gpu/latmix
R=$OUT/r; mkdir -p $R
nvidia-smi --query-gpu=name,serial,uuid,clocks.max.sm,clocks.mem,memory.total,driver_version,ecc.mode.current --format=csv > $R/gpu.txt
$L devices > $R/devices.txt 2>&1
rm -rf ~/.nv/ComputeCache
/usr/bin/time -v $L measure -d NVIDIA -o $R/measurements.csv 2> $R/measure.log
/usr/bin/time -v $L measure -d NVIDIA --kernel all -o $R/kernels.csv 2> $R/kernels.log
for m in gmem:1 gmem:8 lmem:1 sfu:1; do
  for a in 0 16 inf; do
    echo "=== mix ${m%:*} chains ${m#*:} alpha $a"
    $L kernel -d NVIDIA --mix ${m%:*} --chains ${m#*:} --alpha $a --binary 2>&1
  done
done > $R/kernels-ptx.txt
cd $OUT && tar czf run.tgz r && rm -rf r
