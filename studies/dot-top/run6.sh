#!/bin/sh
# Which of nd-dot's parts, after its reads, meets the largest carve-out? The probe's tree
# set's readtree, readbar and readone (eight reads a work-item, then the tree, its barriers
# alone, or one local store and barrier; ../ndrange-probe/tree.cl), fronts8 (the reads
# alone) and nd-dot, at 16 groups of 128 and 8 of 256 with reservations leaving 92 KiB and
# 28 KiB of L1; the counting out of the timed launches. One NVIDIA GPU, from the
# repository root (.gpu/probe).
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x "$f" /; done; ldconfig
R=$OUT/dot-top6; mkdir -p $R
nvidia-smi --query-gpu=name,serial,driver_version,clocks.max.sm --format=csv > $R/gpu.txt 2>&1
cp .gpu/commit.txt $R/
O="--platform NVIDIA --repeats 7 --separate-count yes"
run() { # dir set only name
	timeout 100 .gpu/probe $1 $R/$4-128.csv $O --set $2 --only $3 --locals 128 --reserves 16,9216,12032 \
		2> $R/$4-128.log
	echo "$4 128 exit $?"
	timeout 100 .gpu/probe $1 $R/$4-256.csv $O --set $2 --only $3 --locals 256 --reserves 16,18432,24576 \
		2> $R/$4-256.log
	echo "$4 256 exit $?"
}
for k in readtree readbar readone; do run studies/ndrange-probe tree $k $k; done
run studies/ndrange-probe fronts fronts8 fronts8
run cl/kernels nd nd-dot nd-dot
cd $OUT && tar czf lease.tgz dot-top6 && rm -rf dot-top6
