#!/bin/bash
# One lease, one GPU (run on an H100 and on an H200): the default sweep
# (every mix, the dispatch mix among them) and both kernel suites (the
# grid-stride one and the one as written, every default local size and
# every level of groups a CU), with the GPU's identity. From the
# repository root of the lease machine, the binary in .gpu/.
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
L=.gpu/latmix
R=$OUT/r; mkdir -p $R
nvidia-smi --query-gpu=name,serial,uuid,clocks.max.sm,clocks.mem,memory.total,driver_version,ecc.mode.current --format=csv > $R/gpu.txt
cp .gpu/commit.txt $R/ 2>/dev/null
$L devices > $R/devices.txt 2>&1
rm -rf ~/.nv/ComputeCache
/usr/bin/time -v $L measure -d NVIDIA -o $R/measurements.csv > $R/measure.out 2> $R/measure.log
/usr/bin/time -v $L measure -d NVIDIA --kernel all -o $R/kernels.csv > $R/kernels.out 2> $R/kernels.log
cd $OUT && tar czf run.tgz r && rm -rf r
