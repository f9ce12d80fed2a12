#!/bin/sh
# Lease 5: what a small L1 costs (the local memory latmix reserves to hold a kernel as written
# down takes the largest carve-out on an H200, 28 KiB of L1 left). The same kernels with a
# local buffer of 1 KiB a group and of one that takes that carve-out at the same residency:
# nd8p and nd8treep (8 loads a work-item as written; the same then nd-dot's tree) at the
# natural 8 groups of 256 with 26 KiB; gs1p and gs8p (persistent grid-stride, one load or
# eight in flight a warp) at 5 groups of 256 with 40 KiB. Twice.
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x "$f" /; done; ldconfig
R=$OUT/read-peak5; mkdir -p $R
nvidia-smi --query-gpu=name,serial,driver_version,clocks.max.sm --format=csv > $R/gpu.txt 2>&1
cp .gpu/commit.txt $R/
cd studies/read-peak
P=../../.gpu/readpeak
for run in a b; do
	timeout 100 $P $R/pad1-$run.csv --platform NVIDIA --repeats 7 --groups 5 --pad 1 \
		--only nd8,nd8p,nd8treep,gs1p,gs8p 2> $R/pad1-$run.log
	timeout 100 $P $R/pad26-$run.csv --platform NVIDIA --repeats 7 --groups 5 --pad 26 \
		--only nd8p,nd8treep 2> $R/pad26-$run.log
	timeout 100 $P $R/pad40-$run.csv --platform NVIDIA --repeats 7 --groups 5 --pad 40 \
		--only gs1p,gs8p 2> $R/pad40-$run.log
	echo "run $run done"
done
cd $OUT && tar czf lease.tgz read-peak5 && rm -rf read-peak5
