#!/bin/bash
# Sixth round: the stores' order. At any one time a copy's warps store into
# one narrow window moving through c; the store chase's warps, steps apart,
# store all over its sink. Copies with scattered stores, scattered loads and
# both, beside the copy and the store chase (stop-flag and fixed-work).
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
L=.gpu/latmix-diag
D=studies/copy-gap
R=$OUT/copy-gap6; mkdir -p $R
W=1,8,16,32,48,64
export LM_DIAG_TAIL=1
nvidia-smi --query-gpu=name,serial,uuid,clocks.max.sm,clocks.mem,memory.total,driver_version --format=csv > $R/gpu.txt
K=copy,$D/copy_randline.cl:copy_randline,$D/copy_randstore.cl:copy_randstore,$D/copy_randboth.cl:copy_randboth
$L measure -d NVIDIA --kernel $K --warps $W -o $R/kernels.csv 2> $R/kernels.log
for t in stop-flag fixed-work; do
	$L measure -d NVIDIA --mix gmem-store --chains 1 --alpha 0 --warps $W --timing $t -o $R/store-$t.csv 2> $R/store-$t.log
done
nvidia-smi --query-gpu=serial,clocks.sm,temperature.gpu,power.draw --format=csv >> $R/gpu.txt
cd $OUT && tar czf copy-gap6.tgz copy-gap6 && rm -rf copy-gap6
