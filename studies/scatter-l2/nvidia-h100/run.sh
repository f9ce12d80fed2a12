#!/bin/bash
# One lease (the H100): what a scattered load costs when its sectors are in L2
# (studies/scatter-l2/ asks the same of the H200). latmix
# c672c11 patched by ../probe.patch (.gpu/latmix-hack;
# LM_HACK=1: starts scrambled across SMs, the lines-per-chain floor off; the
# gmem-random-spread mix: every lane on a random 8 KiB line, lanes 256 B apart),
# and gather and transpose by latmix c672c11 itself, in the same lease.
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
R=$OUT/r; mkdir -p $R
nvidia-smi --query-gpu=name,serial,uuid,clocks.max.sm,clocks.mem,memory.total,driver_version,ecc.mode.current --format=csv > $R/gpu.txt
W=1,2,3,4,6,8,12,16,20,24,32,40,48,56,64
for f in 16M 1G; do
  LM_HACK=1 .gpu/latmix-hack measure -d NVIDIA --mix gmem-random --alpha 0 --warps $W --footprint $f -o $R/random-$f.csv 2> $R/random-$f.log
done
for f in 64M 128M 256M; do
  LM_HACK=1 .gpu/latmix-hack measure -d NVIDIA --mix gmem-random-spread --alpha 0 --warps $W --footprint $f -o $R/spread-$f.csv 2> $R/spread-$f.log
done
.gpu/latmix measure -d NVIDIA --kernel gather,transpose --warps $W -o $R/gather.csv 2> $R/gather.log
cd $OUT && tar czf run.tgz r && rm -rf r
