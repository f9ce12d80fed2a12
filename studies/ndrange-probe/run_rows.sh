#!/bin/sh
# rowsum with rows of 16, 32 and 64 floats (loops.cl's rowsum, cols an
# argument): whether latmix's own-run price, a line a lane asked of L1,
# holds where a lane's row fills a line or more (issue 50). The probe at
# 32-256 work-items and every reservation, residency counted apart; from
# the repository root of the lease machine, the probe in .gpu/. Results in
# $OUT/rows.tgz.
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x "$f" /; done; ldconfig
R=$OUT/rows; mkdir -p $R
nvidia-smi --query-gpu=name,serial,driver_version,clocks.max.sm --format=csv > $R/gpu.txt 2>&1
for k in rowsum rowsum32 rowsum64; do
	start=$(date +%s)
	timeout 200 .gpu/probe studies/ndrange-probe $R/$k.csv --platform NVIDIA --repeats 5 \
		--locals 32,64,128,256 --set loops --separate-count yes --only $k 2> $R/$k.log
	echo "$k exit $? in $(( $(date +%s) - start )) s"
done
cd $OUT && tar czf rows.tgz rows && rm -rf rows
