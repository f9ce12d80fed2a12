#!/bin/bash
# The sixth lease: tree.c with the tree's parts apart (trees 2 and 3) (built here: cc -O2 -o .gpu/tree studies/group-wait/tree.c -lOpenCL -lm)
# on a lent H200, .gpu/ carried. Results under $OUT/lease.tgz.
set -u
. studies/speed/node-setup.sh
timeout 300 .gpu/tree > $OUT/tree.csv 2> $OUT/tree.log
echo "tree $?"
cat $OUT/tree.csv
cd $OUT && tar czf lease.tgz *.csv *.log *.txt && find . -mindepth 1 ! -name lease.tgz -delete
