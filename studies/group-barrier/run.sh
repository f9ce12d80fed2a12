#!/bin/sh
# One H200 lease, from the repository root with .gpu/ carried: latmix run
# (the default sweep, fitted: this machine's own parameters), then the
# reductions of reduce.cl (lease 2: minmax_tree and dot2_tree too) and the suite's nd-dot as written, at every
# level of groups a CU and work-groups of 32 to 1024 (nd-dot: 32 to 256),
# each kernel's count from the driver's PTX beside its CSV; lease 2 brings
# the sweep back too (measurements.csv.gz), refitted here.
set -u
. studies/speed/node-setup.sh
D=$PWD/studies/group-barrier
L=$PWD/$L
W=/tmp/gb; rm -rf $W; mkdir -p $W; mv $OUT/* $W/; cd $W
rm -rf ~/.nv/ComputeCache ~/.cache/latmix
{ time "$L" run -d "$first"; } > run.log 2>&1
dir=$("$L" devices -d "$first" --print-dir)
dir=${dir%/}
cp "$D"/reduce.cl "$D"/*.ini .
K=reduce.cl
{ time "$L" measure -d "$first" --kernel $K:dot_each,$K:dot_bar,$K:dot_tree,$K:sum_tree,$K:dot8_tree,$K:minmax_tree,$K:dot2_tree \
	--local-size 32,64,128,256,512,1024 -o reduce.csv; } > reduce.log 2>&1
{ time "$L" measure -d "$first" --kernel nd-dot -o nd-dot.csv; } > nd-dot.log 2>&1
cp "$dir"/params*.ini "$dir"/fit-*.txt . 2>/dev/null
gzip -c "$dir"/measurements.csv > measurements.csv.gz
tar czf $OUT/lease.tgz *.log *.csv *.csv.gz *.ini *.txt mix-of 2>/dev/null
for f in run.log reduce.log nd-dot.log; do tail -n 3 $f; done
