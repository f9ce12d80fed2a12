#!/bin/bash
# The second call of a GPU's lease (after run.sh, on the same warm
# machine): the dispatch study's independent figure (studies/dispatch/
# stamps.c, built into .gpu/stamps), then the suite as written alone,
# timed (the goal: every local size and occupancy within 60 s a GPU).
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
L=.gpu/latmix
R=$OUT/x; mkdir -p $R
nvidia-smi --query-gpu=name,serial,uuid,clocks.max.sm,clocks.mem,driver_version --format=csv > $R/gpu.txt
cp .gpu/commit.txt $R/ 2>/dev/null
.gpu/stamps NVIDIA > $R/stamps.csv 2> $R/stamps.err
ND=nd-copy,nd-mul,nd-add,nd-triad,nd-nstream,nd-dot,nd-conv2d,nd-matmul,nd-spmv,nd-transpose
/usr/bin/time -v $L measure -d NVIDIA --kernel $ND -o $R/nd.csv > $R/nd.out 2> $R/nd.log
cd $OUT && tar czf extra.tgz x && rm -rf x
