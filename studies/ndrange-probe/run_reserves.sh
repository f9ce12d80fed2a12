#!/bin/sh
# Does the local memory that holds occupancy down cost a kernel beside the occupancy? (issue
# 50; studies/nd-model item 2.) On one NVIDIA GPU, from the repository root with the probe in
# .gpu/probe: each kernel at its most groups a CU (64 warps: 32 groups of 64, 16 of 128, 8 of
# 256) with reservations from none to the most that still admits them (--reserves), then
# spmv and dot at the usual levels. Each point's residency is counted, never assumed.
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x "$f" /; done; ldconfig
nvidia-smi --query-gpu=name,serial,driver_version,clocks.max.sm --format=csv > "$OUT/gpu.txt" 2>&1
P=.gpu/probe
run() { # kernel local reserves
	timeout 120 $P cl/kernels "$OUT/$1-$2.csv" --platform NVIDIA --repeats 7 --only $1 --locals $2 \
		${3:+--reserves $3} 2> "$OUT/$1-$2.log"; echo "$1 $2 exit $?"
}
for k in nd-copy nd-triad nd-dot nd-spmv nd-matmul; do
	run $k 64 16,1024,2048,3072,4096,5120,5888
	run $k 128 16,1024,3072,6144,9216,12032,13056
	run $k 256 16,2048,6144,12288,18432,24576,26880
done
for k in nd-spmv nd-dot; do
	timeout 120 $P cl/kernels "$OUT/$k-levels.csv" --platform NVIDIA --repeats 7 --only $k --locals 64,128,256 \
		2> "$OUT/$k-levels.log"; echo "$k levels exit $?"
done
cat "$OUT"/*.log | grep -v '^ *$' | grep 'reserve' | head -200
