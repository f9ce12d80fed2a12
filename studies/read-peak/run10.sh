#!/bin/sh
# Lease 10: the L1 small buffers leave (lease 9 found about 192 KiB with 2 KiB a group, where
# the vendor table's carve-outs say 240), and a kernel with no local memory at all (gs8l1);
# the walk at 8 groups a CU, each kernel's most with these buffers.
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x "$f" /; done; ldconfig
R=$OUT/read-peak10; mkdir -p $R
nvidia-smi --query-gpu=name,serial,driver_version,clocks.max.sm --format=csv > $R/gpu.txt 2>&1
cp .gpu/commit.txt $R/
cd studies/read-peak
P=../../.gpu/readpeak
FP=128,136,144,152,160,168,176,184,188,192,196,200,204,208,212,216,220,224,228,232,236,240,244,248,252,256
timeout 60 $P $R/walk-none.csv --platform NVIDIA --groups 8 --only gs8l1 --l1 $FP 2> $R/walk-none.log
for pad in 1 2 3 4 5 6 7 8 9 11; do
	timeout 60 $P $R/walk-$pad.csv --platform NVIDIA --groups 8 --only gs8l1p --pad $pad --l1 16,24,32,40,48,56,64,72,80,88,96,104,112,120,$FP 2> $R/walk-$pad.log
done
for pad in 1 4 8; do
	timeout 60 $P $R/gs-$pad.csv --platform NVIDIA --repeats 7 --groups 5,8 --pad $pad --only gs8l1p,gs8l1 2> $R/gs-$pad.log
done
echo done
cd $OUT && tar czf lease.tgz read-peak10 && rm -rf read-peak10
