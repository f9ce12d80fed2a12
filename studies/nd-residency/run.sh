#!/bin/bash
# issue 49 (nd): per-SM residency of a one-element copy measured as written
cd "$(dirname "$0")"
nvidia-smi --query-gpu=name,serial --format=csv > $OUT/gpu.txt 2>&1
./latmix devices -d NVIDIA > $OUT/devices.txt 2>&1
timeout 100 ./latmix measure -d NVIDIA --kernel copy1.cl --local-size 32,256 --launch-ms 2 -o $OUT/copy1.csv > $OUT/copy1.out 2> $OUT/copy1.err; echo "copy1 rc=$?" >> $OUT/rc.txt
timeout 30 ./latmix measure -d NVIDIA --kernel nd-conv3x3.cl:nd_conv3x3 --size 16777216 --local-size 32x8 --launch-ms 2 -o $OUT/conv.csv > $OUT/conv.out 2> $OUT/conv.err; echo "conv rc=$?" >> $OUT/rc.txt
timeout 30 ./latmix measure -d NVIDIA --kernel nd-matmul.cl:nd_matmul --size 1048576 --local-size 16x16 --launch-ms 2 -o $OUT/matmul.csv > $OUT/matmul.out 2> $OUT/matmul.err; echo "matmul rc=$?" >> $OUT/rc.txt
