#!/bin/sh
# Lease 7: lease 6 again (run6.sh: the persistent gs8p and gs1p at 5 groups of 256 with
# buffers of 1 to 40 KiB a group; nd8p and nd8treep at their natural 8 groups with 1 to 26 KiB),
# each point now with the groups each CU held at once, counted in a launch of its own
# (readpeak.cl's resident: the same grid, group size and buffer).
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x "$f" /; done; ldconfig
R=$OUT/read-peak7; mkdir -p $R
nvidia-smi --query-gpu=name,serial,driver_version,clocks.max.sm --format=csv > $R/gpu.txt 2>&1
cp .gpu/commit.txt $R/
cd studies/read-peak
P=../../.gpu/readpeak
for pad in 1 18 24 30 37 40; do
	timeout 60 $P $R/gs-$pad.csv --platform NVIDIA --repeats 7 --groups 5 --pad $pad --only gs8p,gs1p \
		2> $R/gs-$pad.log
done
for pad in 1 11 15 19 23 26; do
	timeout 60 $P $R/nd-$pad.csv --platform NVIDIA --repeats 7 --groups 5 --pad $pad --only nd8p,nd8treep \
		2> $R/nd-$pad.log
done
echo done
cd $OUT && tar czf lease.tgz read-peak7 && rm -rf read-peak7
