#!/bin/bash
# Old kernel (A), chains tied to a neighbour (R, cl/chase.cl now) and tied
# to all (J): PTX of each, then the same points measured with each.
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
L=.gpu/latmix
nvidia-smi --query-gpu=name,serial,driver_version,clocks.max.sm --format=csv > $OUT/gpu.txt
for v in A R J; do
	kd=""; [ $v != R ] && kd="--kernel-dir .gpu/k$v"
	for s in "1 inf" "4 0" "4 4" "8 0" "2 0"; do set -- $s
		$L kernel -d NVIDIA $kd --mix gmem -k $1 --alpha $2 --binary > $OUT/ptx-$v-k$1-a$2.txt 2>&1
	done
	$L measure -d NVIDIA $kd --mix gmem --chains 1,2,4,8 --alpha 0,4,16,inf --warps 1,2,4,8,16,32,64 -o $OUT/tie-$v.csv 2> $OUT/tie-$v.err
	$L measure -d NVIDIA $kd --mix lmem,sfu --alpha 0,inf --warps 1,2,32 -o $OUT/tie2-$v.csv 2>> $OUT/tie-$v.err
done
cd $OUT && tar czf ptx.tgz ptx-*.txt && rm ptx-*.txt
