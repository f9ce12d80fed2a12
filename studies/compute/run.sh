#!/bin/bash
# One lease, one GPU (run on an H200 and on an H100): kernels whose iteration is
# mostly arithmetic, which latmix never ran, predicted blind. The default sweep
# (the parameter file fitted here after, from this machine's own points), then at
# every occupancy copy (the anchor) and poly8, poly64, poly256 (Horner: 8, 64, 256
# dependent fmas an element), ilp64 and ilp256 (the same fmas in 4 and 8
# independent chains) and sigmoid (an exponential and a division); NVIDIA's
# kernel cache emptied first; every kernel's count kept with the driver's PTX.
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
L=.gpu/latmix
D=studies/compute
K="poly8 poly64 poly256 ilp64 ilp256 sigmoid"
R=$OUT/r; mkdir -p $R/mix-of
nvidia-smi --query-gpu=name,serial,uuid,clocks.max.sm,clocks.mem,memory.total,driver_version,ecc.mode.current --format=csv > $R/gpu.txt
$L --version > $R/version.txt 2>&1
$L devices > $R/devices.txt 2>&1
rm -rf ~/.nv/ComputeCache
/usr/bin/time -v $L measure -d NVIDIA -o $R/measurements.csv 2> $R/measure.log
/usr/bin/time -v $L measure -d NVIDIA --kernel copy$(for k in $K; do printf ,$D/$k.cl; done) \
  -o $R/kernels.csv 2> $R/kernels.log
$L kernel -d NVIDIA --mix-of copy --binary > $R/mix-of/copy.txt 2>&1
for k in $K; do $L kernel -d NVIDIA --mix-of $D/$k.cl:$k --binary > $R/mix-of/$k.txt 2>&1; done
cd $OUT && tar czf run.tgz r && rm -rf r
