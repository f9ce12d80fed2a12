#!/bin/bash
# Seventh round: the sink. NVIDIA's driver reports a 4 MiB global cache for
# the H100's 50 MB L2, and the store mix's sink was 4 x the reported cache:
# 32 MiB, which L2 holds. The store chase with that sink (latmix-diag, built
# from the commit before the change) and with the new one (the chase's
# footprint's largest power of two, at most 1 GiB: latmix), beside the copy.
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
R=$OUT/copy-gap7; mkdir -p $R
W=1,8,16,32,48,64
nvidia-smi --query-gpu=name,serial,uuid,clocks.max.sm,clocks.mem,memory.total,driver_version --format=csv > $R/gpu.txt
.gpu/latmix measure -d NVIDIA --kernel copy --warps $W -o $R/kernels.csv 2> $R/kernels.log
.gpu/latmix-diag measure -d NVIDIA --mix gmem-store --chains 1 --alpha 0 --warps $W -o $R/store-sink32m.csv 2> $R/store-sink32m.log
.gpu/latmix measure -d NVIDIA --mix gmem-store --chains 1 --alpha 0 --warps $W -o $R/store-sink1g.csv 2> $R/store-sink1g.log
cd $OUT && tar czf copy-gap7.tgz copy-gap7 && rm -rf copy-gap7
