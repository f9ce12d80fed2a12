#!/bin/bash
# The tied kernel (chain-tie/), the build queue and one context a sweep:
# quick sweeps from an empty kernel cache and a warm one, the default sweep.
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
L=.gpu/latmix
nvidia-smi --query-gpu=name,serial,driver_version,clocks.max.sm --format=csv > $OUT/gpu.txt
cold() { rm -rf ~/.nv/ComputeCache /tmp/latmix-kernels-*; }
cold; /usr/bin/time -v $L measure -d NVIDIA --quick -o $OUT/quick.csv 2> $OUT/quick.err
cold; /usr/bin/time -v $L measure -d NVIDIA --quick -o $OUT/quick2.csv 2> $OUT/quick2.err
/usr/bin/time -v $L measure -d NVIDIA --quick -o $OUT/quick-warm.csv 2> $OUT/quick-warm.err
cold; /usr/bin/time -v $L measure -d NVIDIA -o $OUT/full.csv 2> $OUT/full.err
cd $OUT && tar czf runs.tgz quick*.csv quick*.err full.err && rm quick*.csv quick*.err
# the chain-tie points with this kernel (X: first ^ last chain) and R again
cd - > /dev/null
for v in X R; do
	kd=""; [ $v != X ] && kd="--kernel-dir .gpu/k$v"
	$L measure -d NVIDIA $kd --mix gmem --chains 1,2,4,8 --alpha 0,4,16,inf --warps 1,2,4,8,16,32,64 -o $OUT/tie-$v.csv 2> /dev/null
done
cd $OUT && tar czf tie.tgz tie-*.csv && rm tie-*.csv
