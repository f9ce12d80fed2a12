#!/bin/sh
# heldout-h200c again, with the suite's nd-copy, nd-add and nd-triad measured by latmix and by
# the probe on the same machine: do the two harnesses agree where a group of 128 or 256
# work-items is held down (the suite's curves there ran slower than priced, the probe's
# BabelStream not)? From the repository root, .gpu/ carried.
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x "$f" /; done; ldconfig
R=$OUT/heldout; mkdir -p $R
nvidia-smi --query-gpu=name,serial,driver_version,clocks.max.sm --format=csv > $R/gpu.txt 2>&1
cp .gpu/commit.txt $R/
.gpu/latmix measure -d NVIDIA -o $R/measurements.csv 2> $R/measure.log
.gpu/latmix measure -d NVIDIA --kernel nd-copy,nd-add,nd-triad -o $R/kernels.csv 2> $R/kernels.log
timeout 250 .gpu/probe studies/ndrange-probe $R/babelstream.csv --platform NVIDIA --repeats 5 \
	--locals 32,64,128,256 --set babelstream --separate-count yes 2> $R/babelstream.log
for k in nd-copy nd-add nd-triad; do
	timeout 120 .gpu/probe cl/kernels $R/$k.csv --platform NVIDIA --repeats 5 --locals 32,64,128,256 \
		--only $k --separate-count yes 2> $R/$k.log
done
for k in copy mul add triad nstream; do
	.gpu/latmix kernel --mix-of studies/ndrange-probe/babelstream.cl:$k -d NVIDIA --binary > $R/$k.txt 2>&1
done
cd $OUT && tar czf heldout.tgz heldout && rm -rf heldout
