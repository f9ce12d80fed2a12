#!/bin/bash
# run-to-run spread of a point against launch length and repeats (H200)
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
L=.gpu/latmix
for ms in 1 2 5; do for r in 1 3; do for run in 1 2 3 4 5; do
	$L measure -d NVIDIA --mix gmem --chains 1,4 --alpha 0,4,inf --warps 1,8,32,64 --launch-ms $ms --repeats $r -o $OUT/noise-gmem-ms$ms-r$r-$run.csv 2>/dev/null
	$L measure -d NVIDIA --mix lmem,sfu --chains 1 --alpha 0,4 --warps 1,8,32,64 --launch-ms $ms --repeats $r -o $OUT/noise-other-ms$ms-r$r-$run.csv 2>/dev/null
done; done; done
/usr/bin/time -v $L measure -d NVIDIA --quick -o $OUT/quick3.csv 2> $OUT/quick3.err
tar czf $OUT/noise.tgz -C $OUT $(cd $OUT; ls noise-*.csv) && rm $OUT/noise-*.csv
