#!/bin/bash
# Second strided lease, one GPU (run on an H200 and on an H100): lanes a sector or
# more apart, which latmix prices as scattered (gmem-random: each lane a random
# line). The default sweep (the parameter file fitted here after, from this
# machine's own points), then at every occupancy stride4 (strided, as the first
# lease), stride8, 16, 32 and 64 (a float of every 8 to 64: lanes 32 to 256 bytes
# apart at a known stride), the suite's gather (lanes a run-time row apart, the
# rest of each sector read by the warps a row on) and gather8 (the same lanes, no
# sector read twice), with copy beside them as the anchor; NVIDIA's kernel cache
# emptied first; every kernel's count kept with the driver's PTX.
# (run2.sh, the same without the gathers, was never run.)
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
L=.gpu/latmix
D=studies/strided
K="stride4 stride8 stride16 stride32 stride64 gather8"
R=$OUT/r; mkdir -p $R/mix-of
nvidia-smi --query-gpu=name,serial,uuid,clocks.max.sm,clocks.mem,memory.total,driver_version,ecc.mode.current --format=csv > $R/gpu.txt
git log -1 --format=%H > $R/commit.txt 2>/dev/null
$L devices > $R/devices.txt 2>&1
rm -rf ~/.nv/ComputeCache
/usr/bin/time -v $L measure -d NVIDIA -o $R/measurements.csv 2> $R/measure.log
/usr/bin/time -v $L measure -d NVIDIA --kernel copy,gather$(for k in $K; do printf ,$D/$k.cl; done) \
  -o $R/kernels.csv 2> $R/kernels.log
for k in copy gather; do $L kernel -d NVIDIA --mix-of $k --binary > $R/mix-of/$k.txt 2>&1; done
for k in $K; do $L kernel -d NVIDIA --mix-of $D/$k.cl:$k --binary > $R/mix-of/$k.txt 2>&1; done
cd $OUT && tar czf run.tgz r && rm -rf r
