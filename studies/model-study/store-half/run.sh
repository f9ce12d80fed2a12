#!/bin/bash
# One store every two loads (s = 0.5), as add and triad do: the store mix
# with each step storing chain 0's value only (chase.cl, LM_STORES), run with
# two chains: two loads in flight and one store a step. A study, not a mix
# of latmix's: the rows keep the name gmem-store, and its CSV header says
# --kernel-dir. One lease per GPU; alphas as the store mix's multi-chain
# curves.
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
K=/tmp/half; rm -rf $K; cp -r cl $K
sed -i 's/^#define LM_STORES LM_ALL(STORE)$/#define LM_STORES STORE(0)/' $K/chase.cl
grep -q '^#define LM_STORES STORE(0)$' $K/chase.cl || { echo "chase.cl not patched"; exit 1; }
R=$OUT/store-half; mkdir -p $R
nvidia-smi --query-gpu=name,serial,uuid,clocks.max.sm,clocks.mem,memory.total,driver_version --format=csv > $R/gpu.txt
.gpu/latmix measure -d NVIDIA --mix gmem-store --chains 2 --alpha 0,4,16,64 --kernel-dir $K -o $R/half.csv 2> $R/half.log
.gpu/latmix measure -d NVIDIA --mix gmem-store --chains 1,2 --alpha 0 -o $R/store.csv 2> $R/store.log
.gpu/latmix measure -d NVIDIA --kernel add,copy -o $R/kernels.csv 2> $R/kernels.log
cd $OUT && tar czf store-half.tgz store-half && rm -rf store-half
