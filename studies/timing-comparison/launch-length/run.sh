#!/bin/sh
# launch length against timing mode on issue-bound and memory-bound points
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
L=.gpu/latmix
O=$OUT/x; mkdir -p $O
pack() { (cd $OUT && tar czf all.tgz x); }
T0=$(date +%s)
for ms in 1 5 25; do for t in fixed-time stop-flag; do
  $L measure -d NVIDIA --mix gmem --chains 4 --alpha inf --warps 16,32,48,64 --footprint 1G --timing $t --launch-ms $ms -o $O/I-$t-$ms.csv > $O/I-$t-$ms.log 2>&1
  $L measure -d NVIDIA --mix gmem-stride2 --alpha 0 --warps 16,32,48,64 --footprint 4G --timing $t --launch-ms $ms -o $O/M-$t-$ms.csv > $O/M-$t-$ms.log 2>&1
  echo "$ms $t $(( $(date +%s) - T0 )) s"; pack
done; done
$L measure -d NVIDIA --quick -o $O/quick.csv > $O/quick.log 2>&1
echo "quick $(( $(date +%s) - T0 )) s"; pack
