#!/bin/sh
# Lease 11: reads as written (nd8p: 8 loads a work-item, nd1p: one) at one residency held by
# the buffer, over group sizes 32 to 256: at g groups a CU, does a group of more warps run
# each warp slower where latency binds? Buffers: the least that keeps g + 1 groups out of
# 227 KiB with the driver's 1 KiB a group, as latmix's reserve (4 and 6 groups leave 60 KiB
# of L1, 8 and 16 take the largest carve-out, 28); residency counted inside (nd8pc, nd1pc).
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x "$f" /; done; ldconfig
R=$OUT/read-peak11; mkdir -p $R
nvidia-smi --query-gpu=name,serial,driver_version,clocks.max.sm --format=csv > $R/gpu.txt 2>&1
cp .gpu/commit.txt $R/
cd studies/read-peak
P=../../.gpu/readpeak
run() { # groups pad local
	timeout 120 $P $R/g$1-l$3.csv --platform NVIDIA --repeats 7 --pad-bytes $2 --local $3 --only nd8p,nd1p 2> $R/g$1-l$3.log
}
for rep in a b; do
for l in 32 64 128 256; do run 4$rep 45568 $l; run 6$rep 32256 $l; done
for l in 32 64 128; do run 8$rep 24832 $l; done
for l in 32 64; do run 16$rep 12672 $l; done
for l in 32 64 128 256; do run full$rep 1024 $l; done
done
echo done
cd $OUT && tar czf lease.tgz read-peak11 && rm -rf read-peak11
