#!/bin/bash
# issue 10 on the H200: a point ends after two timed launches that agree
# within 0.2% (--settle, the default) against always three (--settle 0):
# run-to-run spread over 5 runs of 40 points each, and the default and
# quick sweeps' wall time from an empty kernel cache.
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
L=.gpu/latmix
nvidia-smi --query-gpu=name,serial,uuid,clocks.max.sm,clocks.mem,driver_version --format=csv > $OUT/gpu.txt
for set in settle0.2 settle0; do
	a="--settle ${set#settle}"
	for run in 1 2 3 4 5; do
		$L measure -d NVIDIA --mix gmem --chains 1,4 --alpha 0,4,inf --warps 1,8,32,64 $a -o $OUT/noise-gmem-$set-$run.csv 2>/dev/null
		$L measure -d NVIDIA --mix lmem,sfu --chains 1 --alpha 0,4 --warps 1,8,32,64 $a -o $OUT/noise-other-$set-$run.csv 2>/dev/null
	done
done
t() { local name=$1; shift; rm -rf ~/.nv/ComputeCache; /usr/bin/time -v $L "$@" > $OUT/$name.out 2> $OUT/$name.err; }
t quick measure -d NVIDIA --quick -o $OUT/quick.csv
t full measure -d NVIDIA -o $OUT/full.csv
cd $OUT && tar czf noise.tgz noise-*.csv && rm noise-*.csv *.out
