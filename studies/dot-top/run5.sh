#!/bin/sh
# Is a reduction's tree slower where the reservation takes the largest carve-out? The
# probe's tree set (../ndrange-probe/tree.cl: the tree alone sixteen times a group, and its
# barriers alone) and nd-dot at 16 groups of 128 and 8 of 256 across reservations, then at
# the levels; the counting out of the timed launches. One NVIDIA GPU, from the repository
# root (.gpu/probe).
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x "$f" /; done; ldconfig
R=$OUT/dot-top5; mkdir -p $R
nvidia-smi --query-gpu=name,serial,driver_version,clocks.max.sm --format=csv > $R/gpu.txt 2>&1
cp .gpu/commit.txt $R/
O="--platform NVIDIA --repeats 7 --separate-count yes"
for set in tree nd; do
	case $set in tree) dir=studies/ndrange-probe; only="" ;; nd) dir=cl/kernels; only="--only nd-dot" ;; esac
	timeout 120 .gpu/probe $dir $R/$set-128.csv $O --set $set $only --locals 128 \
		--reserves 16,3072,6144,9216,12032,13056 2> $R/$set-128.log
	echo "$set 128 exit $?"
	timeout 120 .gpu/probe $dir $R/$set-256.csv $O --set $set $only --locals 256 \
		--reserves 16,6144,12288,18432,24576,26880 2> $R/$set-256.log
	echo "$set 256 exit $?"
done
timeout 120 .gpu/probe studies/ndrange-probe $R/tree-levels.csv $O --set tree --locals 128,256 \
	2> $R/tree-levels.log
echo "levels exit $?"
cd $OUT && tar czf lease.tgz dot-top5 && rm -rf dot-top5
