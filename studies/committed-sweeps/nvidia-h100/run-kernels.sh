#!/bin/bash
# One lease, one GPU (the H100): the default chase sweep (with the store mixes,
# gmem-store and gmem-store-half, the stream pairs that price a
# misaligned load and stream-fill, stores alone), the suite of real kernels
# at every occupancy (latmix measure
# --kernel all), NVIDIA's kernel cache emptied first, and every suite
# kernel's loop counted from the driver's PTX (latmix kernel --mix-of, the
# PTX kept); then, as a check of the stream pairs, copy and sum beside a
# copy and a sum whose load is one element on (kernels-shift.csv: s1_shift
# and sum_shift of the hits leases, studies/hits-lease/).
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
L=.gpu/latmix
R=$OUT/r; mkdir -p $R/mix-of
nvidia-smi --query-gpu=name,serial,uuid,clocks.max.sm,clocks.mem,memory.total,driver_version,ecc.mode.current --format=csv > $R/gpu.txt
$L devices > $R/devices.txt 2>&1
rm -rf ~/.nv/ComputeCache
/usr/bin/time -v $L measure -d NVIDIA -o $R/measurements.csv 2> $R/measure.log
/usr/bin/time -v $L measure -d NVIDIA --kernel all -o $R/kernels.csv 2> $R/kernels.log
for k in add copy dot fill gather gemv scale spmv stencil1d stencil2d stencil3d sum transpose triad; do
  $L kernel -d NVIDIA --mix-of $k --binary > $R/mix-of/$k.txt 2>&1
done
H=studies/hits-lease
/usr/bin/time -v $L measure -d NVIDIA --kernel copy,sum,$H/s1_shift.cl,$H/align/sum_shift.cl \
  -o $R/kernels-shift.csv 2> $R/kernels-shift.log
for k in s1_shift align/sum_shift; do
  $L kernel -d NVIDIA --mix-of $H/$k.cl:${k#align/} --binary > $R/mix-of/${k#align/}.txt 2>&1
done
cd $OUT && tar czf run.tgz r && rm -rf r
