#!/bin/bash
# One lease, one GPU (run on an H200 and on an H100): loops with a loop
# inside, which latmix kernel --mix-of refuses. The default sweep (the
# parameter file fitted here after, from this machine's own points), then
# at every occupancy the suite's gemv (A row by row: lanes a row apart),
# gemv4 (the same with a four-word load a lane: the same lines, a quarter of
# the loads) and gemv_t (A column by column: coalesced), with sum and dot
# beside them as anchors; NVIDIA's kernel cache emptied first; every
# kernel's listing kept (latmix kernel --mix-of --binary: the driver's PTX).
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
L=.gpu/latmix
D=studies/nested
R=$OUT/r; mkdir -p $R/mix-of
nvidia-smi --query-gpu=name,serial,uuid,clocks.max.sm,clocks.mem,memory.total,driver_version,ecc.mode.current --format=csv > $R/gpu.txt
git log -1 --format=%H > $R/commit.txt 2>/dev/null
$L devices > $R/devices.txt 2>&1
rm -rf ~/.nv/ComputeCache
/usr/bin/time -v $L measure -d NVIDIA -o $R/measurements.csv 2> $R/measure.log
/usr/bin/time -v $L measure -d NVIDIA --kernel sum,dot,gemv,$D/gemv4.cl,$D/gemv_t.cl \
  -o $R/kernels.csv 2> $R/kernels.log
for k in sum dot gemv; do $L kernel -d NVIDIA --mix-of $k --binary > $R/mix-of/$k.txt 2>&1; done
for k in gemv4 gemv_t; do $L kernel -d NVIDIA --mix-of $D/$k.cl:$k --binary > $R/mix-of/$k.txt 2>&1; done
cd $OUT && tar czf run.tgz r && rm -rf r
