set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
L=.gpu/exp/latmix
nvidia-smi --query-gpu=index,name,serial,uuid --format=csv > $OUT/gpu.txt
W=8,16,24,32,40,48,56,64
$L measure -d NVIDIA --mix stream-scatter,stream-store-scatter,stream-scatter-17,stream-scatter-10,stream-store-scatter-17 --group-warps 8 --warps $W -o $OUT/g8.csv 2> $OUT/g8.log
$L measure -d NVIDIA --mix stream-scatter,stream-store-scatter --group-warps 4 --warps 4,8,16,32,64 -o $OUT/g4.csv 2> $OUT/g4.log
$L measure -d NVIDIA --mix stream-scatter,stream-store-scatter --group-warps 16 --warps 16,32,48,64 -o $OUT/g16.csv 2> $OUT/g16.log
$L measure -d NVIDIA --mix gmem-random,stream-store -o $OUT/ref.csv 2> $OUT/ref.log
$L measure -d NVIDIA --kernel nd-transpose --local-size 32x8,16x8 -o $OUT/t1.csv 2> $OUT/t1.log
$L measure -d NVIDIA --kernel nd-transpose --local-size 16x16,32x4,16x4 -o $OUT/t2.csv 2> $OUT/t2.log
rm -rf $OUT/mix-of
