#!/bin/bash
# Does the host waiting for the queue before each launch (clFinish) change
# what global-memory points measure? The same points, alternately with and
# without the wait, 3 times each, with the SM and memory clocks sampled.
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,power.draw,pstate --format=csv -lms 100 > $OUT/smi.csv &
smi=$!
for run in 1 2 3; do
	for v in finish nofinish; do
		L=.gpu/latmix; [ $v = finish ] && L=.gpu/latmix-finish
		$L measure -d NVIDIA --mix gmem,gmem-random,stream --chains 1,8 --alpha 0 --warps 1,8,32,64 -o $OUT/$v-$run.csv 2>/dev/null
		echo "$v $run $(date +%T.%N)" >> $OUT/marks.txt
	done
done
kill $smi
