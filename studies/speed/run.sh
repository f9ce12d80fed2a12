#!/bin/bash
# issue 10 on the H200, second round: the host's work per point cut (positions
# checked once a point, quotas carried over, warm-up per program), short
# launches at 1/8 of the long; wall time, peak RSS, time breakdown, noise
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
L=.gpu/latmix
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,memory.total,driver_version --format=csv > $OUT/gpu.txt
nproc >> $OUT/gpu.txt
t() { local name=$1; shift; /usr/bin/time -v $L "$@" > $OUT/$name.out 2> $OUT/$name.err; }
t quick1 measure -d NVIDIA --quick -o $OUT/quick1.csv
t quick2 measure -d NVIDIA --quick -o $OUT/quick2.csv
# run-to-run spread: 5 independent runs of 40 points per setting
for set in ms5 ms3 ms2 ms5-warmpoint; do
	case $set in ms5) a="--launch-ms 5";; ms3) a="--launch-ms 3";; ms2) a="--launch-ms 2";;
		ms5-warmpoint) a="--launch-ms 5 --warmup point";; esac
	for run in 1 2 3 4 5; do
		$L measure -d NVIDIA --mix gmem --chains 1,4 --alpha 0,4,inf --warps 1,8,32,64 $a -o $OUT/noise-gmem-$set-$run.csv 2>/dev/null
		$L measure -d NVIDIA --mix lmem,sfu --chains 1 --alpha 0,4 --warps 1,8,32,64 $a -o $OUT/noise-other-$set-$run.csv 2>/dev/null
	done
done
t full measure -d NVIDIA -o $OUT/full.csv
t full-ms3 measure -d NVIDIA --launch-ms 3 -o $OUT/full-ms3.csv
tar czf $OUT/noise.tgz -C $OUT $(cd $OUT; ls noise-*.csv) && rm $OUT/noise-*.csv
