#!/bin/bash
# The same global-memory points measured on one machine by latmix before
# issue 10's second round (09fe4ff, "old") and now ("new"), alternately, 3
# times each; the GPU's identity and modes recorded (nvidia-smi -q).
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
nvidia-smi -q > $OUT/smi-q.txt
for run in 1 2 3; do
	for v in old new; do
		L=.gpu/latmix; [ $v = old ] && L=.gpu/latmix-old
		$L measure -d NVIDIA --mix gmem,gmem-random,stream --chains 1,8 --alpha 0 --warps 1,8,32,64 -o $OUT/$v-$run.csv 2>$OUT/$v-$run.err
	done
done
grep -h 'buffer = mix' $OUT/*.csv | sort | uniq -c
