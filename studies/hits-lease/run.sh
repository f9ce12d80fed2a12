#!/bin/bash
# One lease, one GPU (an H100, then an H200 with s1_inside added): the default
# sweep (a parameter file of the GPU's own, fitted here after), then
# stencil1d, copy, add, triad and the kernels of this directory at every
# occupancy: stencil1d's loads taken apart (s1_noborder: its inside alone,
# starting at element 1, so its store is misaligned too; s1_inside: the
# inside with its store aligned; s1_right: a[i] with the misaligned a[i + 1];
# s1_far: a[i] with a[i + 32], a whole line on; s1_shift: a copy from one
# element on) and an in-place saxpy, none of which latmix ran before. Each
# description was written by `latmix kernel --describe`, its size set to the
# suite's and saxpy's output reset; the one NVIDIA's driver gives is kept.
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
L=.gpu/latmix
D=studies/hits-lease
R=$OUT/r; mkdir -p $R/mix-of
nvidia-smi --query-gpu=name,serial,uuid,clocks.max.sm,clocks.mem,memory.total,driver_version,ecc.mode.current --format=csv > $R/gpu.txt
git log -1 --format=%H > $R/commit.txt 2>/dev/null
$L kernel -d NVIDIA --describe $D/saxpy.cl:saxpy > $R/saxpy-described-nvidia.ini 2> $R/describe.log
rm -rf ~/.nv/ComputeCache
/usr/bin/time -v $L measure -d NVIDIA -o $R/measurements.csv 2> $R/measure.log
K=stencil1d,copy,add,triad
for k in s1_noborder s1_inside s1_right s1_far s1_shift saxpy; do K=$K,$D/$k.cl; done
/usr/bin/time -v $L measure -d NVIDIA --kernel $K -o $R/kernels.csv 2> $R/kernels.log
for k in stencil1d copy add triad; do $L kernel -d NVIDIA --mix-of $k --binary > $R/mix-of/$k.txt 2>&1; done
for k in s1_noborder s1_inside s1_right s1_far s1_shift saxpy; do
  $L kernel -d NVIDIA --mix-of $D/$k.cl:$k --binary > $R/mix-of/$k.txt 2>&1
done
cd $OUT && tar czf run.tgz r && rm -rf r
