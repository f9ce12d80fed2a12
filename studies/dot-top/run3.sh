#!/bin/sh
# Does DRAM move more from eight fronts than from one? (studies/dot-top: nd-dot, eight
# fronts, moved 4.6 TB/s at full L1 where the stream mix's one front moved 4.31.) The
# probe's fronts set (../ndrange-probe/fronts.cl: eight loads a work-item from eight
# fronts, two or one) at the levels of 128 and 256 work-items and at 8 groups of 256
# across reservations, the counting out of the timed launches. One NVIDIA GPU, from the
# repository root (.gpu/probe).
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x "$f" /; done; ldconfig
R=$OUT/dot-top3; mkdir -p $R
nvidia-smi --query-gpu=name,serial,driver_version,clocks.max.sm --format=csv > $R/gpu.txt 2>&1
cp .gpu/commit.txt $R/
P=".gpu/probe studies/ndrange-probe"
O="--platform NVIDIA --repeats 7 --separate-count yes --set fronts"
timeout 150 $P $R/fronts-levels.csv $O --locals 128,256 2> $R/fronts-levels.log
echo "levels exit $?"
timeout 150 $P $R/fronts-256.csv $O --locals 256 --reserves 16,2048,6144,12288,18432,24576,26880 \
	2> $R/fronts-256.log
echo "256 exit $?"
timeout 100 .gpu/probe cl/kernels $R/nd-dot-levels.csv --platform NVIDIA --repeats 7 --separate-count yes \
	--only nd-dot --locals 128,256 2> $R/nd-dot-levels.log
echo "nd-dot exit $?"
cd $OUT && tar czf lease.tgz dot-top3 && rm -rf dot-top3
