#!/bin/sh
# Lease 9: the L1 each buffer left. gs8l1p and nd8treel1p (gs8p and nd8treep with a walk
# of a chain inside, readpeak.cl) walk footprints of 16 to 240 KiB at each buffer, so the
# L1 the driver's carve-out left is read from the same binary whose reads are timed; then
# the reads themselves, as in leases 6 to 8, on this machine.
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x "$f" /; done; ldconfig
R=$OUT/read-peak9; mkdir -p $R
nvidia-smi --query-gpu=name,serial,driver_version,clocks.max.sm --format=csv > $R/gpu.txt 2>&1
cp .gpu/commit.txt $R/
cd studies/read-peak
P=../../.gpu/readpeak
FP=16,24,32,40,48,56,64,72,80,88,96,104,112,120,128,136,144,152,160,168,176,184,192,200,208,216,224,232,240
for pad in 1 12 18 20 24 26 30 33 37 40; do
	timeout 60 $P $R/walk-$pad.csv --platform NVIDIA --groups 5 --pad $pad --l1 $FP 2> $R/walk-$pad.log
done
for pad in 24 40; do
	timeout 60 $P $R/walk1-$pad.csv --platform NVIDIA --groups 1 --pad $pad --l1 $FP 2> $R/walk1-$pad.log
done
for pad in 1 12 18 20 24 26 30 33 37 40; do
	timeout 60 $P $R/gs-$pad.csv --platform NVIDIA --repeats 7 --groups 5 --pad $pad --only gs8l1p,gs8p 2> $R/gs-$pad.log
done
for pad in 1 12 18 20 23 26; do
	timeout 60 $P $R/nd-$pad.csv --platform NVIDIA --repeats 7 --groups 5 --pad $pad --only nd8treel1p,nd8treep 2> $R/nd-$pad.log
done
echo done
cd $OUT && tar czf lease.tgz read-peak9 && rm -rf read-peak9
