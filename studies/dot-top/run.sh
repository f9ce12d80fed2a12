#!/bin/sh
# nd-dot's last level (issue 50: latmix measures 571 G elements/s at 16 groups of 128 on an
# H200, 520 at 15): the probe with its counting out of the timed launches, at the levels
# and at 16 groups of 128 and 8 of 256 across reservations, and latmix's own measurement of
# nd-dot and nd-copy beside it, on one NVIDIA GPU from the repository root (.gpu/probe,
# .gpu/latmix).
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x "$f" /; done; ldconfig
R=$OUT/dot-top; mkdir -p $R
nvidia-smi --query-gpu=name,serial,driver_version,clocks.max.sm --format=csv > $R/gpu.txt 2>&1
cp .gpu/commit.txt $R/
P=".gpu/probe cl/kernels"
O="--platform NVIDIA --repeats 7 --separate-count yes"
for k in nd-dot nd-copy; do
	timeout 100 $P $R/$k-levels.csv $O --only $k --locals 64,128,256 2> $R/$k-levels.log
	echo "$k levels exit $?"
	timeout 60 $P $R/$k-128.csv $O --only $k --locals 128 --reserves 16,1024,3072,6144,9216,12032,13056 \
		2> $R/$k-128.log
	echo "$k 128 exit $?"
	timeout 60 $P $R/$k-256.csv $O --only $k --locals 256 --reserves 16,2048,6144,12288,18432,24576,26880 \
		2> $R/$k-256.log
	echo "$k 256 exit $?"
done
dev=$(.gpu/latmix devices 2>/dev/null | grep -m1 -o '^[0-9]*:[0-9]*  NVIDIA' | cut -d' ' -f1)
timeout 200 .gpu/latmix measure -d "$dev" --kernel nd-dot,nd-copy --local-size 128,256 -o $R/latmix.csv \
	> $R/latmix.log 2>&1
echo "latmix exit $?"
cd $OUT && tar czf lease.tgz dot-top && rm -rf dot-top
