#!/bin/sh
# Lease 8: leases 6 and 7's losses with the groups each CU held counted inside the measured
# kernel (gs8pc, nd8treepc: gs8p and nd8treep with the count, launched once apart from the
# timed launches). Does a buffer that costs the persistent loop 9% cost it a group of residency?
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x "$f" /; done; ldconfig
R=$OUT/read-peak8; mkdir -p $R
nvidia-smi --query-gpu=name,serial,driver_version,clocks.max.sm --format=csv > $R/gpu.txt 2>&1
cp .gpu/commit.txt $R/
cd studies/read-peak
P=../../.gpu/readpeak
for pad in 1 18 24 30 37 40; do
	timeout 60 $P $R/gs-$pad.csv --platform NVIDIA --repeats 7 --groups 5 --pad $pad --only gs8p 2> $R/gs-$pad.log
done
for pad in 1 23 26; do
	timeout 60 $P $R/nd-$pad.csv --platform NVIDIA --repeats 7 --groups 5 --pad $pad --only nd8treep 2> $R/nd-$pad.log
done
echo done
cd $OUT && tar czf lease.tgz read-peak8 && rm -rf read-peak8
