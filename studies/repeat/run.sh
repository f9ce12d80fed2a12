#!/bin/bash
# One lease, one GPU (run on an H200 and on an H100, each a machine other
# than the committed sweeps'): is the suite's table a property of the GPU or
# of one machine? The default sweep (the parameter file fitted here after,
# from this machine's own points), then the suite of real kernels at every
# occupancy (latmix measure --kernel all) and the seven kernels of
# studies/store-shares/ beside them, NVIDIA's kernel cache emptied first;
# every loop counted from the driver's PTX (latmix kernel --mix-of).
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
L=.gpu/latmix
D=studies/store-shares
NEW="add3 add4 copy2 scale2 fill2 sum3 axpby"
R=$OUT/r; mkdir -p $R/mix-of
nvidia-smi --query-gpu=name,serial,uuid,clocks.max.sm,clocks.mem,memory.total,driver_version,ecc.mode.current --format=csv > $R/gpu.txt
$L devices > $R/devices.txt 2>&1
rm -rf ~/.nv/ComputeCache
/usr/bin/time -v $L measure -d NVIDIA -o $R/measurements.csv 2> $R/measure.log
/usr/bin/time -v $L measure -d NVIDIA --kernel all -o $R/kernels.csv 2> $R/kernels.log
K=; for k in $NEW; do K=$K${K:+,}$D/$k.cl; done
/usr/bin/time -v $L measure -d NVIDIA --kernel $K -o $R/kernels-new.csv 2> $R/kernels-new.log
for k in add copy dot fill gather gemv scale spmv stencil1d stencil2d stencil3d sum transpose triad; do
  $L kernel -d NVIDIA --mix-of $k > $R/mix-of/$k.txt 2>&1
done
for k in $NEW; do $L kernel -d NVIDIA --mix-of $D/$k.cl:$k > $R/mix-of/$k.txt 2>&1; done
cd $OUT && tar czf run.tgz r && rm -rf r
