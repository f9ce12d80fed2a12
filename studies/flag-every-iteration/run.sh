#!/bin/bash
# The H200's committed sweep: latmix devices and the default sweep with the
# kernel as of issue 11's flag and chain fixes (NVIDIA's kernel cache emptied
# first, as on a fresh machine), and the PTX of the kernels it measures.
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
L=.gpu/latmix
nvidia-smi --query-gpu=name,serial,uuid,clocks.max.sm,clocks.mem,memory.total,driver_version,ecc.mode.current --format=csv > $OUT/gpu.txt
$L devices > $OUT/devices.txt 2>&1
rm -rf ~/.nv/ComputeCache
/usr/bin/time -v $L measure -d NVIDIA -o $OUT/measurements.csv 2> $OUT/measure.log
for m in gmem:1 gmem:4 gmem-stride2:1 gmem-random:1 lmem:1 sfu:1 stream:1; do
  for a in 4 inf; do
    echo "=== mix ${m%:*} chains ${m#*:} alpha $a"
    $L kernel -d NVIDIA --mix ${m%:*} --chains ${m#*:} --alpha $a --binary 2>&1
  done
done > $OUT/kernels-ptx.txt
