#!/bin/bash
# Lease 2: gmem-random with latmix c672c11 patched by probe.patch (LM_HACK=1: starts
# scrambled across SMs, the lines-per-chain floor off) at 4 MiB, 16 MiB and 1 GiB.
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
R=$OUT/r; mkdir -p $R
nvidia-smi --query-gpu=name,serial --format=csv > $R/gpu.txt
W=1,2,3,4,6,8,12,16,20,24,32,40,48,56,64
for f in 4M 16M 1G; do
  LM_HACK=1 .gpu/latmix-hack measure -d NVIDIA --mix gmem-random --alpha 0,18 --warps $W --footprint $f -o $R/hack-$f.csv 2> $R/hack-$f.log
done
cd $OUT && tar czf run.tgz r && rm -rf r
