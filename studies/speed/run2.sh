#!/bin/bash
# issue 10 on the H200, third round: kernels built at once, one walk a warp,
# one wait a launch. Every sweep starts with NVIDIA's kernel cache emptied
# (~/.nv/ComputeCache), as on a fresh machine, but quick2 (the cache quick1 left).
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
L=.gpu/latmix
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,memory.total,driver_version --format=csv > $OUT/gpu.txt
t() { local name=$1; shift; rm -rf ~/.nv/ComputeCache; /usr/bin/time -v $L "$@" > $OUT/$name.out 2> $OUT/$name.err; }
t quick1 measure -d NVIDIA --quick -o $OUT/quick1.csv
t2() { local name=$1; shift; /usr/bin/time -v $L "$@" > $OUT/$name.out 2> $OUT/$name.err; }
t2 quick2 measure -d NVIDIA --quick -o $OUT/quick2.csv
for set in ms4 ms5; do
	a="--launch-ms ${set#ms}"
	for run in 1 2 3 4 5; do
		$L measure -d NVIDIA --mix gmem --chains 1,4 --alpha 0,4,inf --warps 1,8,32,64 $a -o $OUT/noise-gmem-$set-$run.csv 2>/dev/null
		$L measure -d NVIDIA --mix lmem,sfu --chains 1 --alpha 0,4 --warps 1,8,32,64 $a -o $OUT/noise-other-$set-$run.csv 2>/dev/null
	done
done
t full measure -d NVIDIA -o $OUT/full.csv
t full-ms4 measure -d NVIDIA --launch-ms 4 -o $OUT/full-ms4.csv
cd $OUT && tar czf noise.tgz noise-*.csv && rm noise-*.csv && tar czf logs.tgz *.err *.out && rm *.out
