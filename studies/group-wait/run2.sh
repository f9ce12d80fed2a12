#!/bin/bash
# The second lease: ends.c (built here: cc -O2 -o .gpu/ends studies/group-wait/ends.c -lOpenCL -lm)
# on a lent H200, .gpu/ carried. Results under $OUT/lease.tgz.
set -u
. studies/speed/node-setup.sh
timeout 300 .gpu/ends > $OUT/ends.csv 2> $OUT/ends.log
echo "ends $?"
cat $OUT/ends.csv
cd $OUT && tar czf lease.tgz *.csv *.log *.txt && find . -mindepth 1 ! -name lease.tgz -delete
