#!/bin/sh
# Held out, by a harness that is not latmix (issue 50): nd-transpose as written at groups
# 32 wide (the probe's 2D shapes 32 x L/32: 32x1, 32x2, 32x4, 32x8), every reservation of
# local memory the probe makes, residency counted in a launch of its own; for latmix
# predict from the H200's committed params-kernels.ini (compare.py). From the repository
# root of the lease machine, the probe (studies/ndrange-probe, make) in .gpu/.
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x "$f" /; done; ldconfig
nvidia-smi --query-gpu=name,serial,driver_version,clocks.max.sm --format=csv > $OUT/gpu.txt 2>&1
timeout 250 .gpu/probe cl/kernels $OUT/transpose.csv --platform NVIDIA --repeats 5 --locals 32,64,128,256 \
	--only nd-transpose --separate-count yes 2> $OUT/transpose.log
echo "probe exit $?"
