#!/bin/bash
# Fifth round: the timing method and the loop's instructions. The store
# chase timed three ways (stop-flag, the sweep's; fixed-work, as a kernel's
# launch ends; fixed-time), the plain chase by stop-flag and fixed-work, and
# the copy beside a copy with a 32-bit index (fewer loop instructions) and
# the read-only sum. latmix-diag is latmix with one stderr line a launch
# (LM_DIAG_TAIL): its warps' mean resident time over the launch's span, and
# when the first warp ended.
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
L=.gpu/latmix-diag
D=studies/copy-gap
R=$OUT/copy-gap5; mkdir -p $R
W=1,8,16,32,48,64
export LM_DIAG_TAIL=1
nvidia-smi --query-gpu=name,serial,uuid,clocks.max.sm,clocks.mem,memory.total,driver_version --format=csv > $R/gpu.txt
$L measure -d NVIDIA --kernel copy,sum,$D/copy_u32.cl:copy_u32 --warps $W -o $R/kernels.csv 2> $R/kernels.log
for t in stop-flag fixed-work fixed-time; do
	$L measure -d NVIDIA --mix gmem-store --chains 1 --alpha 0 --warps $W --timing $t -o $R/store-$t.csv 2> $R/store-$t.log
done
for t in stop-flag fixed-work; do
	$L measure -d NVIDIA --mix gmem --chains 1 --alpha 0 --warps $W --timing $t -o $R/gmem-$t.csv 2> $R/gmem-$t.log
done
nvidia-smi --query-gpu=serial,clocks.sm,temperature.gpu,power.draw --format=csv >> $R/gpu.txt
