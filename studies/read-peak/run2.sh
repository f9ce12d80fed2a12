#!/bin/sh
# Lease 2: the stream mix's loop written again (mix16) and with its wrap, its flag or both
# taken out; chunks taken in order, 32 loads a work-item a chunk (dyn32); gs8 and nd8 beside
# them; latmix's stream mix after. One NVIDIA GPU, from the repository root.
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x "$f" /; done; ldconfig
R=$OUT/read-peak2; mkdir -p $R
nvidia-smi --query-gpu=name,serial,driver_version,clocks.max.sm --format=csv > $R/gpu.txt 2>&1
cp .gpu/commit.txt $R/
cd studies/read-peak
for run in a b; do
	timeout 120 ../../.gpu/readpeak $R/readpeak-$run.csv --platform NVIDIA --repeats 7 --groups 4,6,8 \
		--only nd8,gs8,own8,dyn32,mix16,mix16nowrap,mix16noflag,mix16plain 2> $R/readpeak-$run.log
	echo "readpeak $run exit $?"
done
cd ../..
dev=$(.gpu/latmix devices 2>/dev/null | grep -m1 -o '^[0-9]*:[0-9]*  NVIDIA' | cut -d' ' -f1)
timeout 120 .gpu/latmix measure -d "$dev" -m stream -a 0 --warps 32,48,64 -o $R/stream.csv > $R/stream.log 2>&1
echo "stream exit $?"
cd $OUT && tar czf lease.tgz read-peak2 && rm -rf read-peak2
