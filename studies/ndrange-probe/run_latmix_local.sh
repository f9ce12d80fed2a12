#!/bin/sh
# latmix's own nd-spmv and nd-copy on an H200 with the local_bytes_per_group column
# (86446c5): each level's reserve as the point records it, against the L1 story of
# reserves-h200/ (2026-11-29).
set -u
. studies/speed/node-setup.sh
$L measure -d $first --kernel nd-spmv,nd-copy -o $OUT/kernels.csv 2> $OUT/kernels.log; echo "measure exit $?"
grep -v '^#' $OUT/kernels.csv | cut -d, -f1,4,5,7,33,34 | head -80
