#!/bin/sh
# One H200 lease (2026-11-29), from the repository root with .gpu/ carried:
# latmix run (the default sweep, fitted, reported), both kernel suites with
# NVIDIA's compiler cache emptied and again warm (their counts from the
# driver's PTX: gemv and spmv as a loop inside a grid-stride loop, the
# suites' scalar arguments given), the report of both against the lease's
# own parameters, the held-out rowsum measured as written by latmix from
# its description (rowsum.ini: cols = 16) and predicted, and --quick twice.
set -u
. studies/speed/node-setup.sh
D=studies/written-predict/lease-2026-11-29
L=$PWD/$L
cd "$OUT"
rm -rf ~/.nv/ComputeCache ~/.cache/latmix
{ time "$L" run -d "$first"; } > run.log 2>&1
dir=$("$L" devices -d "$first" --print-dir)
dir=${dir%/}
rm -rf ~/.nv/ComputeCache
{ time "$L" measure -d "$first" --kernel all -o k-cold.csv; } > k-cold.log 2>&1
{ time "$L" measure -d "$first" --kernel all -o "$dir/kernels.csv"; } > k-warm.log 2>&1
"$L" report "$dir" > report.log 2>&1
cp "$OLDPWD/studies/ndrange-probe/loops.cl" "$OLDPWD/$D/rowsum.ini" .
{ time "$L" measure -d "$first" --kernel loops.cl:rowsum --local-size 32,64,128,256 -o rowsum.csv; } > rowsum.log 2>&1
"$L" predict "$dir/params-kernels.ini" -d "$first" --kernel loops.cl:rowsum --local-size 32,64,128,256 --csv \
	> rowsum-predict.csv 2> rowsum-predict.err
for i in 1 2; do { time "$L" measure -d "$first" --quick -o "q$i.csv"; } > "q$i.log" 2>&1; done
tar czf lease.tgz --exclude=lease.tgz *.log *.csv *.err *.txt results 2>/dev/null
ls -la
