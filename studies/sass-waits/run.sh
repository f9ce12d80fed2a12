#!/bin/sh
# One H200 lease: nd-matmul (the suite's), and gemvt and colsum of loops2.cl with A in
# DRAM (the default size, 1 GiB) and in L2 (--size 65536, 16 MiB), each at every level;
# the driver's PTX of each in its mix-of/.
set -u
. studies/speed/node-setup.sh
K=studies/sass-waits/loops2.cl
mkdir -p $OUT/matmul $OUT/dram $OUT/l2
$L measure -d $first --kernel nd-matmul -o $OUT/matmul/kernels.csv 2> $OUT/matmul/kernels.log; echo "matmul exit $?"
$L measure -d $first --kernel $K:gemvt,$K:colsum -o $OUT/dram/kernels.csv 2> $OUT/dram/kernels.log; echo "dram exit $?"
$L measure -d $first --kernel $K:gemvt,$K:colsum --size 65536 --local-size 32,64 -o $OUT/l2/kernels.csv \
	2> $OUT/l2/kernels.log; echo "l2 exit $?"
for d in matmul dram l2; do tail -2 $OUT/$d/kernels.log; done
