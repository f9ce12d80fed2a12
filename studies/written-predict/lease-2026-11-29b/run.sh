#!/bin/sh
# One H200 lease (2026-11-29, later), from the repository root with .gpu/ carried
# (latmix, its runtime packages, and ptxas 13.0 and nvdisasm 13.5 to read the machine
# code): latmix run (the lease's own parameters), five held-out kernels with a loop
# inside (loops2.cl, written after the rule and not tuned to) measured as written by
# latmix at 32-256 work-items, their counts from the driver's PTX with ptxas's machine
# code read, and each predicted from the committed H200 file and the lease's own,
# with ptxas read and with it off.
set -u
. studies/speed/node-setup.sh
D=studies/written-predict/lease-2026-11-29b
L=$PWD/$L
R=$PWD
export LATMIX_PTXAS=$PWD/.gpu/ptxas LATMIX_NVDISASM=$PWD/.gpu/nvdisasm
cd "$OUT"
cp "$R/$D/loops2.cl" "$R/$D"/*.ini .
cp "$R/data/measured/nvidia-h200/params-kernels.ini" committed-params-kernels.ini
{ time "$L" run -d "$first"; } > run.log 2>&1
dir=$("$L" devices -d "$first" --print-dir)
dir=${dir%/}
K=loops2.cl:rownorm,loops2.cl:rowdot,loops2.cl:colmax,loops2.cl:colsum2,loops2.cl:fir
{ time "$L" measure -d "$first" --kernel $K --local-size 32,64,128,256 -o loops2.csv; } > loops2.log 2>&1
for k in rownorm rowdot colmax colsum2 fir; do
	"$L" kernel -d "$first" --mix-of loops2.cl:$k > $k.txt 2>&1
	for p in committed lease; do
		f=committed-params-kernels.ini
		[ $p = lease ] && f=$dir/params-kernels.ini
		"$L" predict "$f" -d "$first" --kernel loops2.cl:$k --local-size 32,64,128,256 --csv \
			> $k-$p.csv 2> $k-$p.err
		LATMIX_PTXAS=off "$L" predict "$f" -d "$first" --kernel loops2.cl:$k --local-size 32,64,128,256 \
			--csv > $k-$p-off.csv 2> $k-$p-off.err
	done
done
tar czf lease.tgz --exclude=lease.tgz *.log *.csv *.err *.txt *.ini results 2>/dev/null
ls -la
