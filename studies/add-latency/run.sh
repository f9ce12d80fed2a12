#!/bin/bash
# Issue 20, parts 1 and 2, on one H200: where the add latency's extra cycles
# go, and the one-warp memory latency against a flag-free reference.
# Every run prints the sweep's one-warp rows beside latmix's reference (the
# same chain built without the stop flag, timed by %clock64 around the loop).
#   base     cl/chase.cl as committed (flag read as an iteration starts,
#            tested at its end)
#   relaxed  the flag read by ld.relaxed.gpu instead of a volatile load
#   unroll2  the loop unrolled twice, each half testing the flag the other
#            half read (a whole iteration earlier)
#   noflag   no flag at all, fixed-work launches (the reference's kernel)
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
L=.gpu/latmix
E=studies/add-latency/kernels
R=$OUT/r; mkdir -p $R
nvidia-smi --query-gpu=name,serial,uuid,clocks.max.sm,clocks.mem,memory.total,driver_version --format=csv > $R/gpu.txt
for k in base relaxed unroll2 noflag; do
  kd=""; [ $k != base ] && kd="--kernel-dir $E/$k"
  t=""; [ $k = noflag ] && t="--timing fixed-work"
  $L measure -d NVIDIA --mix gmem,lmem,sfu --chains 1 --alpha 0,4,64,inf --warps 1,2,4,8,16,32,64 $kd $t -o $R/$k.csv 2> $R/$k.err
  $L measure -d NVIDIA --mix gmem --chains 4,8 --alpha 0,16,inf --warps 1,8,64 $kd $t -o $R/$k-chains.csv 2> $R/$k-chains.err
  for a in 0 inf; do
    $L kernel -d NVIDIA --mix gmem --alpha $a --binary $kd > $R/$k-gmem-a$a.ptx 2>&1
  done
done
# the one-warp load latency against the footprint (base kernel)
for fp in 256M 1G 4G; do
  $L measure -d NVIDIA --mix gmem --chains 1 --alpha 0 --warps 1,2,8 --footprint $fp -o $R/fp-$fp.csv 2> $R/fp-$fp.err
done
cd $OUT && tar czf add-latency.tgz r && rm -rf r
