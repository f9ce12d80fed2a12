#!/bin/bash
# First lease (an H200): the shape variants of kernels/ at every occupancy
# (the 17 that make-kernels.sh wrote then: the ls below now finds the later
# ones too), and the suite's transpose and stencil3d again with 2 warps a
# work-group. Run from the repository root with latmix in .gpu/.
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
L=.gpu/latmix
K=studies/drops/kernels
R=$OUT/r; mkdir -p $R
nvidia-smi --query-gpu=name,serial,uuid,clocks.max.sm,clocks.mem,memory.total,driver_version,ecc.mode.current --format=csv > $R/gpu.txt
list=$(ls $K/*.cl | paste -sd,)
/usr/bin/time -v $L measure -d NVIDIA --kernel "$list" -o $R/shapes.csv 2> $R/shapes.log
/usr/bin/time -v $L measure -d NVIDIA --kernel $K/t_c4096_r16384.cl,$K/s_256x256.cl --group-warps 2 \
	-o $R/groups2.csv 2> $R/groups2.log
cd $OUT && tar czf run.tgz r && rm -rf r
