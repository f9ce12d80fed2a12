#!/bin/bash
# Second lease: the variants make-kernels.sh added after the first (stencil3d
# built for one plane shape, with 9 points, stencil2d with 7, transpose at
# two more strides) and the two suite shapes again, at every occupancy.
# Run from the repository root with latmix in .gpu/.
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
L=.gpu/latmix
K=studies/drops/kernels
R=$OUT/r; mkdir -p $R
nvidia-smi --query-gpu=name,serial,uuid,clocks.max.sm,clocks.mem,memory.total,driver_version,ecc.mode.current --format=csv > $R/gpu.txt
list=$(for k in s_256x256 s_const s_9pt s2_7pt t_c4096_r16384 t_c16384_r4096 t_c1024_r65536; do echo -n $K/$k.cl,; done)
list=${list%,}
/usr/bin/time -v $L measure -d NVIDIA --kernel "$list" -o $R/shapes.csv 2> $R/shapes.log
cd $OUT && tar czf run.tgz r && rm -rf r
