#!/bin/sh
# Does one wave looping over the buffer read as fast as many short groups? (lease 4: plain
# reads as written 4.6-4.7 TB/s, latmix's persistent stream mix 4.29.) The probe's gridloop
# (../ndrange-probe/fronts.cl: N / 1024 work-items, each reading a grid apart to the end,
# one wave on an H200) and fronts8 at the levels of 128 and 256 work-items, and latmix's
# stream mix beside them. One NVIDIA GPU, from the repository root (.gpu/probe, .gpu/latmix).
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x "$f" /; done; ldconfig
R=$OUT/dot-top7; mkdir -p $R
nvidia-smi --query-gpu=name,serial,driver_version,clocks.max.sm --format=csv > $R/gpu.txt 2>&1
cp .gpu/commit.txt $R/
for k in gridloop fronts8; do
	timeout 120 .gpu/probe studies/ndrange-probe $R/$k.csv --platform NVIDIA --repeats 7 --separate-count yes \
		--set fronts --only $k --locals 128,256 2> $R/$k.log
	echo "$k exit $?"
done
dev=$(.gpu/latmix devices 2>/dev/null | grep -m1 -o '^[0-9]*:[0-9]*  NVIDIA' | cut -d' ' -f1)
timeout 120 .gpu/latmix measure -d "$dev" -m stream -a 0 --warps 32,48,56,64 -o $R/stream.csv > $R/stream.log 2>&1
echo "stream exit $?"
cd $OUT && tar czf lease.tgz dot-top7 && rm -rf dot-top7
