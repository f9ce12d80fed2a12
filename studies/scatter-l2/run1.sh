#!/bin/bash
# One lease (the H200): the divergent chase (gmem-random, every lane on a
# random line of its own) at three footprints: 4 MiB (the cache NVIDIA's
# driver reports; the 50 MB L2 holds it), 16 MiB (still in L2) and the
# sweep's 1 GiB (DRAM). The question: what does a scattered load cost when
# its sectors are in L2, as gather's are (each sector it fetches holds the
# next 7 rows' words)?
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
L=.gpu/latmix
R=$OUT/r; mkdir -p $R
nvidia-smi --query-gpu=name,serial,uuid,clocks.max.sm,clocks.mem,memory.total,driver_version,ecc.mode.current --format=csv > $R/gpu.txt
W=1,2,3,4,6,8,12,16,20,24,32,40,48,56,64
for f in 4M 16M 1G; do
  /usr/bin/time -v $L measure -d NVIDIA --mix gmem-random --alpha 0,4,18 --warps $W --footprint $f -o $R/random-$f.csv 2> $R/random-$f.log
done
cd $OUT && tar czf run.tgz r && rm -rf r
