#!/bin/bash
# Issue 20, part 1, second round on one H200: the flag tested with a value
# read an iteration earlier, its load's address tied to the test (T2, T5,
# T6: kernels/), against the committed kernel (base) and its flag-free
# reference, whose line now gives the fastest and slowest warp.
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
L=.gpu/latmix
E=studies/add-latency/kernels
R=$OUT/r; mkdir -p $R
nvidia-smi --query-gpu=name,serial,uuid,clocks.max.sm,clocks.mem,memory.total,driver_version --format=csv > $R/gpu.txt
for k in base T2 T5 T6; do
  kd=""; [ $k != base ] && kd="--kernel-dir $E/$k"
  $L measure -d NVIDIA --mix gmem,lmem,sfu --chains 1 --alpha 0,4,64,inf --warps 1,2,4,8,16,32,64 $kd -o $R/$k.csv 2> $R/$k.err
  $L measure -d NVIDIA --mix gmem --chains 4,8 --alpha 0,16,inf --warps 1,8,64 $kd -o $R/$k-chains.csv 2> $R/$k-chains.err
  for a in 0 inf; do
    $L kernel -d NVIDIA --mix gmem --alpha $a --binary $kd > $R/$k-gmem-a$a.ptx 2>&1
  done
  $L kernel -d NVIDIA --mix gmem --chains 8 --alpha 0 --binary $kd > $R/$k-gmem-k8-a0.ptx 2>&1
done
cd $OUT && tar czf add-latency2.tgz r && rm -rf r
