#!/bin/bash
# One lease, one GPU (run on an H200 and on an H100): the suite's table again
# with the latmix that closes issue 22, on machines other than the committed
# sweeps'. The default sweep (fitted here after, from this machine's own
# points), then the suite at every occupancy (latmix measure --kernel all),
# NVIDIA's kernel cache emptied first; every loop counted from the driver's PTX.
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
L=.gpu/latmix
R=$OUT/r; mkdir -p $R/mix-of
nvidia-smi --query-gpu=name,serial,uuid,clocks.max.sm,clocks.mem,memory.total,driver_version,ecc.mode.current --format=csv > $R/gpu.txt
$L --version > $R/version.txt
$L devices > $R/devices.txt 2>&1
rm -rf ~/.nv/ComputeCache
/usr/bin/time -v $L measure -d NVIDIA -o $R/measurements.csv 2> $R/measure.log
/usr/bin/time -v $L measure -d NVIDIA --kernel all -o $R/kernels.csv 2> $R/kernels.log
for k in add copy dot fill gather gemv scale spmv stencil1d stencil2d stencil3d sum transpose triad; do
  $L kernel -d NVIDIA --mix-of $k --binary > $R/mix-of/$k.txt 2>&1
done
cd $OUT && tar czf run.tgz r && rm -rf r
