#!/bin/bash
# Second round of the hits leases, one lease a GPU: where a misaligned
# access's cost comes from. copy and sum of the suite beside copies whose load
# starts 4, 32 or 128 bytes off a line (s1_shift, copy_load8, copy_load32:
# the last aligned, the control), whose store does by 4 or 32 bytes
# (copy_store1, copy_store8), and a sum reading from one element on
# (sum_shift: a misaligned load with no store). Descriptions by latmix kernel
# --describe, sizes set to the suite's (sum_shift's total: one element, reset).
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
L=.gpu/latmix
D=studies/hits-lease
R=$OUT/r; mkdir -p $R
nvidia-smi --query-gpu=name,serial,uuid,clocks.max.sm,clocks.mem,memory.total,driver_version,ecc.mode.current --format=csv > $R/gpu.txt
K=copy,sum,$D/s1_shift.cl
for k in copy_load8 copy_load32 copy_store1 copy_store8 sum_shift; do K=$K,$D/align/$k.cl; done
/usr/bin/time -v $L measure -d NVIDIA --kernel $K -o $R/kernels.csv 2> $R/kernels.log
cd $OUT && tar czf run.tgz r && rm -rf r
