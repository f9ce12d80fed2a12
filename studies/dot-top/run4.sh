#!/bin/sh
# The stream mix and the gmem chase beside plain reads on one H200 (lease 3's comparison
# was across machines, which differ by 3-10% in memory figures): latmix's stream and gmem
# (8 chains) at 32 to 64 warps, then the probe's fronts set at the levels of 128 and 256.
# One NVIDIA GPU, from the repository root (.gpu/latmix, .gpu/probe).
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x "$f" /; done; ldconfig
R=$OUT/dot-top4; mkdir -p $R
nvidia-smi --query-gpu=name,serial,driver_version,clocks.max.sm --format=csv > $R/gpu.txt 2>&1
cp .gpu/commit.txt $R/
dev=$(.gpu/latmix devices 2>/dev/null | grep -m1 -o '^[0-9]*:[0-9]*  NVIDIA' | cut -d' ' -f1)
timeout 200 .gpu/latmix measure -d "$dev" -m stream,gmem -a 0 --chains 1,8 --warps 32,40,48,56,64 \
	-o $R/mixes.csv > $R/mixes.log 2>&1
echo "latmix exit $?"
timeout 150 .gpu/probe studies/ndrange-probe $R/fronts-levels.csv --platform NVIDIA --repeats 7 \
	--separate-count yes --set fronts --locals 128,256 2> $R/fronts-levels.log
echo "fronts exit $?"
cd $OUT && tar czf lease.tgz dot-top4 && rm -rf dot-top4
