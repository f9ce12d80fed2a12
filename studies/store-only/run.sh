#!/bin/bash
# One lease, one GPU: what sets a store-only loop's rate at few warps. The
# suite's fill (one store an iteration, 39 cycles an iteration at 1 warp on
# both GPUs) beside copies of it that differ in one thing each: four stores
# an iteration (f_u4), a 32-bit index (f_32), 8 and 32 dependent float adds
# an iteration before the store (f_add8, f_add32). Every occupancy; the
# loops as the driver's PTX has them.
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
L=.gpu/latmix
D=studies/store-only
R=$OUT/r; mkdir -p $R/mix-of
nvidia-smi --query-gpu=name,serial,uuid,clocks.max.sm,clocks.mem,memory.total,driver_version,ecc.mode.current --format=csv > $R/gpu.txt
K=fill
for k in f_u4 f_32 f_add8 f_add32; do K=$K,$D/$k.cl; done
/usr/bin/time -v $L measure -d NVIDIA --kernel $K -o $R/kernels.csv 2> $R/kernels.log
$L kernel -d NVIDIA --mix-of fill --binary > $R/mix-of/fill.txt 2>&1
for k in f_u4 f_32 f_add8 f_add32; do
  $L kernel -d NVIDIA --mix-of $D/$k.cl:$k --binary > $R/mix-of/$k.txt 2>&1
done
cd $OUT && tar czf run.tgz r && rm -rf r
