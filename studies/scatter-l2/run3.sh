#!/bin/bash
# Lease 3: the patched latmix (probe.patch) with its gmem-random-spread mix (every lane on
# a random 8 KiB line, lanes 256 B apart: 1/8 of the footprint in sectors read) at 64 MiB
# to 1 GiB, gmem-random at 16 MiB, and gather and transpose (latmix c672c11) in the same lease.
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
R=$OUT/r; mkdir -p $R
nvidia-smi --query-gpu=name,serial --format=csv > $R/gpu.txt
W=1,2,3,4,6,8,12,16,20,24,32,40,48,56,64
for f in 64M 128M 256M 1G; do
  LM_HACK=1 .gpu/latmix-hack measure -d NVIDIA --mix gmem-random-spread --alpha 0 --warps $W --footprint $f -o $R/spread-$f.csv 2> $R/spread-$f.log
done
LM_HACK=1 .gpu/latmix-hack measure -d NVIDIA --mix gmem-random --alpha 0 --warps $W --footprint 16M -o $R/random-16M.csv 2> $R/random-16M.log
.gpu/latmix measure -d NVIDIA --kernel gather,transpose --warps $W -o $R/gather.csv 2> $R/gather.log
cd $OUT && tar czf run.tgz r && rm -rf r
