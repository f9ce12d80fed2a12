set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
L=.gpu/exp/latmix
nvidia-smi --query-gpu=index,name,serial,uuid --format=csv > $OUT/gpu.txt
$L measure -d NVIDIA --mix stream-scatter,stream-scatter-10,stream-scatter-14,stream-scatter-17,stream-fill -o $OUT/mixes.csv 2> $OUT/mixes.log
$L measure -d NVIDIA --kernel nd-transpose --local-size 32x8,16x8 -o $OUT/t1.csv 2> $OUT/t1.log
$L measure -d NVIDIA --kernel nd-transpose --local-size 16x16,32x4 -o $OUT/t2.csv 2> $OUT/t2.log
$L measure -d NVIDIA --kernel transpose -o $OUT/t3.csv 2> $OUT/t3.log
tail -1 $OUT/*.log
