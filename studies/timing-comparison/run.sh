#!/bin/sh
# issue 9 on the GPU machine: fixed-time vs stop-flag (vs fixed-work), kernels
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
L=.gpu/latmix
O=$OUT/x; mkdir -p $O/k
pack() { (cd $OUT && tar czf all.tgz x); }
$L devices > $O/devices.txt 2>&1
for m in gmem gmem-stride2 gmem-random lmem sfu stream; do for a in 0 4 64 inf; do for k in 1 8; do
  [ $m = stream ] && [ "$a$k" != 01 ] && continue
  $L kernel -d NVIDIA --mix $m --alpha $a --chains $k --binary > $O/k/$m-a$a-k$k.txt 2>&1; done; done; done
W="1,2,3,4,6,8,12,16,17,20,24,32,40,48,56,64"
T0=$(date +%s)
for t in fixed-time stop-flag fixed-work; do
  $L measure -d NVIDIA --mix gmem --chains 1 --alpha inf --footprint 256M --timing $t -o $O/C-$t.csv > $O/C-$t.log 2>&1
  echo "C $t $(( $(date +%s) - T0 )) s"
done
pack
for t in fixed-time stop-flag; do
  $L measure -d NVIDIA --mix gmem --chains 1,4,8 --alpha 0,4,64,inf --warps $W --footprint 7G --timing $t -o $O/A-$t.csv > $O/A-$t.log 2>&1
  echo "A $t $(( $(date +%s) - T0 )) s"; pack
done
for t in fixed-time stop-flag; do
  $L measure -d NVIDIA --mix gmem-stride2,gmem-random,lmem,sfu,stream --alpha 0,4,64 --warps $W --footprint 4G --timing $t -o $O/B-$t.csv > $O/B-$t.log 2>&1
  echo "B $t $(( $(date +%s) - T0 )) s"; pack
done
ls -la $OUT
