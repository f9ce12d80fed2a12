#!/bin/sh
# One H200 lease (2026-11-29), from the repository root with .gpu/ carried (latmix at
# .gpu/commit.txt): the suite's copy, triad, sum (grid-stride) and nd-copy, nd-add, nd-triad
# (as written, 64 and 256 work-items) at N = 1,048,576 (arrays of 4 MiB: a launch's whole
# working set 4-12 MiB, under the 16.5 MiB the cache mixes measured), copies of cl/kernels/
# with size = 1048576 in their descriptions; and predicted on the node through the contract
# from the committed H200 file, counted from the driver's PTX with those descriptions.
set -u
. studies/speed/node-setup.sh
D=studies/cache-hit/small
L=$PWD/$L
P=$PWD/data/measured/nvidia-h200/params-kernels.ini
R=$PWD
cd "$OUT"
cp "$R/$D"/*.cl "$R/$D"/*.ini .
{ time "$L" measure -d "$first" --kernel copy.cl:copy,triad.cl:triad,sum.cl:sum -o grid.csv; } > grid.log 2>&1
{ time "$L" measure -d "$first" --kernel nd-copy.cl:nd_copy,nd-add.cl:nd_add,nd-triad.cl:nd_triad \
	--local-size 64,256 -o nd.csv; } > nd.log 2>&1
for k in copy.cl:copy triad.cl:triad sum.cl:sum; do
	"$L" predict "$P" --kernel $k -d "$first" --csv > "pred-${k#*:}.csv" 2> "pred-${k#*:}.err"
done
for k in nd-copy.cl:nd_copy nd-add.cl:nd_add nd-triad.cl:nd_triad; do
	"$L" predict "$P" --kernel $k -d "$first" --local-size 64,256 --csv > "pred-${k#*:}.csv" 2> "pred-${k#*:}.err"
done
ls -la > ls.txt
tar czf /tmp/lease.tgz *.log *.csv *.txt *.err mix-of 2>/dev/null
rm -rf ./* && mv /tmp/lease.tgz .
