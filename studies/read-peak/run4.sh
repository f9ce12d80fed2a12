#!/bin/sh
# Lease 4: plain reads as written with 1 to 64 loads a work-item, from that many fronts a
# grid apart (ndK) or from one stretch of the group's (ndKs), at the device's full occupancy,
# twice; latmix's written-read and stream beside them. Does a work-item of many loads read as
# a persistent loop does (the rule lm_model_as_written keeps at 8), or only one of many fronts?
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x "$f" /; done; ldconfig
R=$OUT/read-peak4; mkdir -p $R
nvidia-smi --query-gpu=name,serial,driver_version,clocks.max.sm --format=csv > $R/gpu.txt 2>&1
cp .gpu/commit.txt $R/
cd studies/read-peak
for run in a b; do
	timeout 120 ../../.gpu/readpeak $R/readpeak-$run.csv --platform NVIDIA --repeats 7 --groups 8 \
		--only nd1,nd2,nd4,nd8,nd16,nd32,nd64,nd8s,nd32s,nd64s 2> $R/readpeak-$run.log
	echo "readpeak $run exit $?"
done
cd ../..
dev=$(.gpu/latmix devices 2>/dev/null | grep -m1 -o '^[0-9]*:[0-9]*  NVIDIA' | cut -d' ' -f1)
timeout 120 .gpu/latmix measure -d "$dev" -m written-read,written-copy,stream -a 0 --warps 64 -o $R/written.csv > $R/written.log 2>&1
echo "written exit $?"
cd $OUT && tar czf lease.tgz read-peak4 && rm -rf read-peak4
