#!/bin/sh
# Lease 12: lease 11's residencies and group sizes for a copy (nd1stp), 8 loads and their
# sum stored (nd8stp), 8 loads and the group's tree (nd8treep), and plain reads again
# (nd8p), twice; the program's PTX saved, for latmix predict to price the same code.
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x "$f" /; done; ldconfig
R=$OUT/read-peak12; mkdir -p $R
nvidia-smi --query-gpu=name,serial,driver_version,clocks.max.sm --format=csv > $R/gpu.txt 2>&1
cp .gpu/commit.txt $R/
cd studies/read-peak
P=../../.gpu/readpeak
K=nd1stp,nd8stp,nd8treep,nd8p
timeout 60 $P $R/ptx-probe.csv --platform NVIDIA --mib 64 --only nd1p --ptx $R/readpeak.ptx 2> $R/ptx-probe.log
run() { # groups pad local
	timeout 120 $P $R/g$1-l$3.csv --platform NVIDIA --repeats 7 --pad-bytes $2 --local $3 --only $K 2> $R/g$1-l$3.log
}
for rep in a b; do
for l in 32 64 128 256; do run 4$rep 45568 $l; run 6$rep 32256 $l; done
for l in 64 128 256; do run full$rep 1024 $l; done
done
echo done
cd $OUT && tar czf lease.tgz read-peak12 && rm -rf read-peak12
