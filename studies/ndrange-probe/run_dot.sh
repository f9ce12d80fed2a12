#!/bin/sh
# nd-dot as latmix measured it on the H200 (2026-11-29 data/measured: 571 G elements a second
# at 64 warps with 128 work-items, 10% over 60 warps, above the stream mix's bandwidth) against
# the independent probe with the counting out of the timed launches (--separate-count yes), at
# the usual levels and at the top with reserves; nd-copy beside it as the control.
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x "$f" /; done; ldconfig
nvidia-smi --query-gpu=name,serial,driver_version,clocks.max.sm --format=csv > "$OUT/gpu.txt" 2>&1
P=.gpu/probe
for k in nd-dot nd-copy; do
	timeout 150 $P cl/kernels "$OUT/$k-levels.csv" --platform NVIDIA --repeats 7 --only $k --locals 64,128,256 \
		--separate-count yes 2> "$OUT/$k-levels.log"; echo "$k levels exit $?"
done
timeout 100 $P cl/kernels "$OUT/nd-dot-128-top.csv" --platform NVIDIA --repeats 7 --only nd-dot --locals 128 \
	--separate-count yes --reserves 16,6144,13056 2> "$OUT/nd-dot-128-top.log"; echo "top exit $?"
grep -h 'reserve' "$OUT"/*.log
