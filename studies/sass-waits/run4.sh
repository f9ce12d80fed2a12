#!/bin/sh
# One H200 lease, written after the schedule's price was built (ab3f743): gemvt over 16
# rows (r16/gemvt.ini) with A in L2 (N = 229376: its arrays 15.6 MB together, under
# cache_bytes) and in DRAM (N = 4M, A 256 MiB), 32 and 64 work-items: the rule says the
# first is priced from ptxas's schedule (1.5 waits), the second from the PTX.
set -u
. studies/speed/node-setup.sh
K=studies/sass-waits/r16/loops2.cl:gemvt
mkdir -p $OUT/l2 $OUT/dram
$L measure -d $first --kernel $K --size 229376 --local-size 32,64 -o $OUT/l2/kernels.csv 2> $OUT/l2/kernels.log
echo "l2 exit $?"; tail -1 $OUT/l2/kernels.log
$L measure -d $first --kernel $K --size 4194304 --local-size 32,64 -o $OUT/dram/kernels.csv 2> $OUT/dram/kernels.log
echo "dram exit $?"; tail -1 $OUT/dram/kernels.log
