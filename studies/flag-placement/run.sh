#!/bin/bash
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
L=.gpu/latmix
for v in A B C; do
	kd=""; [ $v != A ] && kd="--kernel-dir .gpu/k$v"
	$L kernel -d NVIDIA --mix gmem --alpha inf --binary $kd > $OUT/ptx-$v.txt 2>&1
	$L measure -d NVIDIA $kd --mix gmem --chains 1,4 --alpha 0,4,inf --warps 1,2,8,32,64 -o $OUT/flag-$v.csv 2> $OUT/flag-$v.err
	$L measure -d NVIDIA $kd --mix lmem,sfu --alpha 0,inf --warps 1,2,32 -o $OUT/flag2-$v.csv 2>> $OUT/flag-$v.err
done
