#!/bin/sh
# The held-out BabelStream kernels again, with the parameters of the same machine: latmix's
# default sweep (the written mixes and a group's wait for its last), then the probe's
# BabelStream at 32-256 work-items and every reservation (../../ndrange-probe/run_heldout.sh's
# commands), and the driver's PTX of the five. Fitted here afterwards (latmix fit), compared
# by ../heldout.py with PARAMS set to that fit. From the repository root, .gpu/ carried.
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x "$f" /; done; ldconfig
R=$OUT/heldout; mkdir -p $R
nvidia-smi --query-gpu=name,serial,driver_version,clocks.max.sm --format=csv > $R/gpu.txt 2>&1
cp .gpu/commit.txt $R/
.gpu/latmix measure -d NVIDIA -o $R/measurements.csv 2> $R/measure.log
timeout 250 .gpu/probe studies/ndrange-probe $R/babelstream.csv --platform NVIDIA --repeats 5 \
	--locals 32,64,128,256 --set babelstream --separate-count yes 2> $R/babelstream.log
echo "babelstream exit $?"
for k in copy mul add triad nstream; do
	.gpu/latmix kernel --mix-of studies/ndrange-probe/babelstream.cl:$k -d NVIDIA --binary > $R/$k.txt 2>&1
done
cd $OUT && tar czf heldout.tgz heldout && rm -rf heldout
