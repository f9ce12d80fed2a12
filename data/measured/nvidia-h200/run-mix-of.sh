#!/bin/bash
# One lease: every suite kernel's loop counted again from the driver's PTX
# (latmix kernel --mix-of, the PTX kept) by the counter that follows a
# branching loop's busiest path and counts loads reading another's lines
# (commit dbf4532); the sweep and the suite's rates are the committed ones
# (run-kernels.sh).
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
L=.gpu/latmix
R=$OUT/r; mkdir -p $R/mix-of
nvidia-smi --query-gpu=name,serial,uuid,clocks.max.sm,clocks.mem,memory.total,driver_version,ecc.mode.current --format=csv > $R/gpu-mix-of.txt
for k in add copy dot fill gemv scale spmv stencil1d stencil2d sum transpose triad; do
  $L kernel -d NVIDIA --mix-of $k --binary > $R/mix-of/$k.txt 2>&1
done
cd $OUT && tar czf run.tgz r && rm -rf r
# Ran 2026-11-24 on serial 1653924099414 (gpu-mix-of.txt): the PTX is byte for byte
# the one run-kernels.sh kept but for gemv's and spmv's, whose kept listings
# had the refusal written into their middle (stderr before stdout was
# flushed; latmix now flushes the listing first).
