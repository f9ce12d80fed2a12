#!/bin/sh
# One H200 lease (2026-11-29, later), from the repository root with .gpu/ carried: latmix
# run (the lease's own parameters), five held-out kernels with a loop inside (loops2.cl,
# written after the rule and not tuned to) measured as written by latmix at 32-256
# work-items, and the driver's PTX of each (kernel --mix-of). ptxas and nvdisasm do not
# fit the carry beside the tree: the predictions, with ptxas's machine code read and
# with it off, are made here afterwards from that PTX (predict.sh).
set -u
. studies/speed/node-setup.sh
D=studies/written-predict/lease-2026-11-29b
L=$PWD/$L
R=$PWD
cd "$OUT"
cp "$R/$D/loops2.cl" "$R/$D"/*.ini .
{ time "$L" run -d "$first"; } > run.log 2>&1
dir=$("$L" devices -d "$first" --print-dir)
dir=${dir%/}
K=loops2.cl:rownorm,loops2.cl:rowdot,loops2.cl:colmax,loops2.cl:colsum2,loops2.cl:fir
{ time "$L" measure -d "$first" --kernel $K --local-size 32,64,128,256 -o loops2.csv; } > loops2.log 2>&1
for k in rownorm rowdot colmax colsum2 fir; do
	"$L" kernel -d "$first" --mix-of loops2.cl:$k > $k.txt 2>&1
done
cp "$dir/params-kernels.ini" lease-params-kernels.ini
ls -la > ls.txt
# one file back (the device's copy returns a few files only)
tar czf /tmp/lease.tgz *.log *.csv *.txt *.ini mix-of results 2>/dev/null
rm -rf ./* && mv /tmp/lease.tgz .
