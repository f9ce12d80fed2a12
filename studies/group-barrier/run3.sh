#!/bin/sh
# Leases 3 and 4 (one H200 each; lease 4 with the controls grid_each and grid_bar), from the repository root with .gpu/ carried: latmix run
# (this machine's own sweep and fit, the sweep brought back), then grid_dot
# of reduce.cl (a loop over the arrays a grid apart, then the tree) as
# written, at every level of groups a CU and work-groups of 32 to 256, its
# count from the driver's PTX beside its CSV.
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
{ time "$L" measure -d "$first" --kernel reduce.cl:grid_each,reduce.cl:grid_bar,reduce.cl:grid_dot --local-size 32,64,128,256 -o reduce.csv; } \
	> reduce.log 2>&1
cp "$dir"/params*.ini "$dir"/fit-*.txt . 2>/dev/null
gzip -c "$dir"/measurements.csv > measurements.csv.gz
tar czf $OUT/lease.tgz *.log *.csv *.csv.gz *.ini *.txt mix-of 2>/dev/null
for f in run.log reduce.log; do tail -n 3 $f; done
