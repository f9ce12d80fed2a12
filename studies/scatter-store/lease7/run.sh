set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
nvidia-smi --query-gpu=index,name,serial,uuid --format=csv > $OUT/gpu.txt
L=.gpu/exp/latmix
$L measure -d NVIDIA --mix stream-scatter,stream-scatter-64 -o $OUT/mixes.csv 2> $OUT/mixes.log
$L measure -d NVIDIA --kernel nd-transpose --local-size 16x8,16x16 -o $OUT/t1.csv 2> $OUT/t1.log
$L measure -d NVIDIA --kernel nd-transpose --local-size 8x16,8x32 -o $OUT/t2.csv 2> $OUT/t2.log
rm -rf $OUT/mix-of
