#!/bin/sh
# Why does latmix's stream mix stop 8-10% under plain reads as written (../dot-top, leases 4
# and 7)? readpeak's shapes of the same reads (readpeak.cl), then latmix's stream mix, on one
# NVIDIA GPU, from the repository root (.gpu/readpeak, .gpu/latmix, .gpu/commit.txt).
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x "$f" /; done; ldconfig
R=$OUT/read-peak; mkdir -p $R
nvidia-smi --query-gpu=name,serial,driver_version,clocks.max.sm --format=csv > $R/gpu.txt 2>&1
cp .gpu/commit.txt $R/
cd studies/read-peak
for run in a b; do
	timeout 120 ../../.gpu/readpeak $R/readpeak-$run.csv --platform NVIDIA --repeats 7 --groups 2,4,6,8 \
		2> $R/readpeak-$run.log
	echo "readpeak $run exit $?"
done
cd ../..
dev=$(.gpu/latmix devices 2>/dev/null | grep -m1 -o '^[0-9]*:[0-9]*  NVIDIA' | cut -d' ' -f1)
timeout 120 .gpu/latmix measure -d "$dev" -m stream -a 0 --warps 16,32,48,64 -o $R/stream.csv > $R/stream.log 2>&1
echo "stream exit $?"
timeout 120 .gpu/latmix measure -d "$dev" -m gmem -a 0 --chains 8 --warps 16,32,48,64 -o $R/gmem8.csv > $R/gmem8.log 2>&1
echo "gmem8 exit $?"
cd $OUT && tar czf lease.tgz read-peak && rm -rf read-peak
