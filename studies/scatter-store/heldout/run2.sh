#!/bin/sh
# The same probe (with its --width) at groups 16 and 8 wide: 16x4, 16x8, 16x16, 8x8, 8x16,
# 8x32, every reservation, residency counted in a launch of its own.
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x "$f" /; done; ldconfig
nvidia-smi --query-gpu=name,serial,driver_version,clocks.max.sm --format=csv > $OUT/gpu2.txt 2>&1
for w in 16 8; do
	timeout 250 .gpu/probe cl/kernels $OUT/transpose-w$w.csv --platform NVIDIA --repeats 5 --locals 64,128,256 \
		--only nd-transpose --separate-count yes --width $w 2> $OUT/transpose-w$w.log
	echo "width $w exit $?"
done
