#!/bin/bash
# One lease, one GPU (run on an H200 and on an H100): loops whose lanes lie
# apart by more than they move but under a sector (strided), which latmix
# now prices at the bytes from lane to lane. The default sweep (the
# parameter file fitted here after, from this machine's own points), then
# at every occupancy stride2, stride4, aos2 (strided loads), sstore2 and
# aosstore (strided stores), with copy beside them as the anchor; NVIDIA's
# kernel cache emptied first; every kernel's count kept with the driver's
# PTX (latmix kernel --mix-of --binary).
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
L=.gpu/latmix
D=studies/strided
K="stride2 stride4 aos2 sstore2 aosstore"
R=$OUT/r; mkdir -p $R/mix-of
nvidia-smi --query-gpu=name,serial,uuid,clocks.max.sm,clocks.mem,memory.total,driver_version,ecc.mode.current --format=csv > $R/gpu.txt
git log -1 --format=%H > $R/commit.txt 2>/dev/null
$L devices > $R/devices.txt 2>&1
rm -rf ~/.nv/ComputeCache
/usr/bin/time -v $L measure -d NVIDIA -o $R/measurements.csv 2> $R/measure.log
/usr/bin/time -v $L measure -d NVIDIA --kernel copy$(for k in $K; do printf ,$D/$k.cl; done) \
  -o $R/kernels.csv 2> $R/kernels.log
$L kernel -d NVIDIA --mix-of copy --binary > $R/mix-of/copy.txt 2>&1
for k in $K; do $L kernel -d NVIDIA --mix-of $D/$k.cl:$k --binary > $R/mix-of/$k.txt 2>&1; done
cd $OUT && tar czf run.tgz r && rm -rf r
