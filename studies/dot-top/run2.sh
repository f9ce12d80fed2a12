#!/bin/sh
# The suite's kernels as written that reuse lines in L1 or keep many in flight (nd-matmul,
# nd-conv2d, nd-transpose, nd-triad, nd-nstream), at their most groups a CU across
# reservations, the probe's counting out of the timed launches (issue 50: which of them
# the 28 KiB carve-out moves; lease 1's nd-dot lost 9-12%). One NVIDIA GPU, from the
# repository root (.gpu/probe).
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x "$f" /; done; ldconfig
R=$OUT/dot-top2; mkdir -p $R
nvidia-smi --query-gpu=name,serial,driver_version,clocks.max.sm --format=csv > $R/gpu.txt 2>&1
cp .gpu/commit.txt $R/
P=".gpu/probe cl/kernels"
O="--platform NVIDIA --repeats 7 --separate-count yes"
for k in nd-matmul nd-conv2d nd-transpose nd-triad nd-nstream; do
	timeout 90 $P $R/$k-64.csv $O --only $k --locals 64 --reserves 16,1024,2048,3072,4096,5120,5888 \
		2> $R/$k-64.log
	echo "$k 64 exit $?"
	timeout 90 $P $R/$k-128.csv $O --only $k --locals 128 --reserves 16,1024,3072,6144,9216,12032,13056 \
		2> $R/$k-128.log
	echo "$k 128 exit $?"
	timeout 90 $P $R/$k-256.csv $O --only $k --locals 256 --reserves 16,2048,6144,12288,18432,24576,26880 \
		2> $R/$k-256.log
	echo "$k 256 exit $?"
done
cd $OUT && tar czf lease.tgz dot-top2 && rm -rf dot-top2
