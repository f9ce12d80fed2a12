#!/bin/bash
# The stall of poly256 between 21 and 33 warps (one lease, an H200): is it the
# fma or how latmix groups warps? poly256 and padd256 (the same with 256 dependent
# adds, as the chase mixes add) at every occupancy, as latmix launches them (as
# few warps a work-group as hold the occupancy: one up to 32) and with 4 warps a
# work-group (--group-warps 4: 4 to 64 warps in steps of 4), beside copy. No sweep:
# the kernels are compared with each other.
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
L=.gpu/latmix
D=studies/compute
R=$OUT/r; mkdir -p $R/mix-of
nvidia-smi --query-gpu=name,serial,uuid,clocks.max.sm,clocks.mem,memory.total,driver_version,ecc.mode.current --format=csv > $R/gpu.txt
rm -rf ~/.nv/ComputeCache
$L measure -d NVIDIA --kernel copy,$D/poly256.cl,$D/padd256.cl -o $R/stall.csv 2> $R/stall.log
$L measure -d NVIDIA --kernel $D/poly256.cl,$D/padd256.cl --group-warps 4 \
  --warps $(seq -s, 4 4 64) -o $R/stall-g4.csv 2> $R/stall-g4.log
for k in poly256 padd256; do $L kernel -d NVIDIA --mix-of $D/$k.cl:$k --binary > $R/mix-of/$k.txt 2>&1; done
cd $OUT && tar czf run.tgz r && rm -rf r
