#!/bin/sh
# Lease 13: when each warp of a group ends (nd8tp: nd8p with %globaltimer read by each warp
# at its start and after its loads), at lease 11's residencies and group sizes, twice:
# does a warp of a larger group wait longer for its group's last warp?
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x "$f" /; done; ldconfig
R=$OUT/read-peak13; mkdir -p $R
nvidia-smi --query-gpu=name,serial,driver_version,clocks.max.sm --format=csv > $R/gpu.txt 2>&1
cp .gpu/commit.txt $R/
cd studies/read-peak
P=../../.gpu/readpeak
run() { # groups pad local
	timeout 120 $P $R/t$1-l$3.csv --platform NVIDIA --mib 512 --pad-bytes $2 --local $3 --times 1 2> $R/t$1-l$3.log
}
for rep in a b; do
for l in 32 64 128 256; do run 4$rep 45568 $l; run 6$rep 32256 $l; done
for l in 32 64 128; do run 8$rep 24832 $l; done
for l in 32 64; do run 16$rep 12672 $l; done
for l in 64 128 256; do run full$rep 1024 $l; done
done
echo done
cd $OUT && tar czf lease.tgz read-peak13 && rm -rf read-peak13
