#!/bin/sh
# One H200 lease (2026-11-29), from the repository root with .gpu/ carried (latmix at
# .gpu/commit.txt): the held-out kernels of cache3.cl and mm3.cl, written after latmix learned
# to price loads of an array the cache holds, measured as written at 32-256 work-items (mm at
# its 2D shapes), then predicted on the same node through the contract (predict --csv) from the
# committed H200 file, each count from the driver's PTX with the kernel's description (and
# ptxas's code read where the node's CUDA has it), and counted (kernel --mix-of) for the record.
set -u
. studies/speed/node-setup.sh
D=studies/cache-hit/heldout
L=$PWD/$L
P=$PWD/data/measured/nvidia-h200/params-kernels.ini
R=$PWD
cd "$OUT"
cp "$R/$D"/*.cl "$R/$D"/*.ini .
K=cache3.cl:scalecols,cache3.cl:scalecols_big,cache3.cl:tabsum
{ time "$L" measure -d "$first" --kernel $K --local-size 32,64,128,256 -o cache3.csv; } > cache3.log 2>&1
{ time "$L" measure -d "$first" --kernel mm3.cl:mm --local-size 8x4,8x8,16x8,16x16 -o mm3.csv; } > mm3.log 2>&1
for k in cache3.cl:scalecols cache3.cl:scalecols_big cache3.cl:tabsum mm3.cl:mm; do
	n=${k#*:}
	"$L" predict "$P" --kernel $k -d "$first" --local-size 32,64,128,256 --csv > "pred-$n.csv" 2> "pred-$n.err"
	"$L" kernel -d "$first" --mix-of $k > "count-$n.txt" 2>&1
done
ls -la > ls.txt
tar czf /tmp/lease.tgz *.log *.csv *.txt *.err mix-of 2>/dev/null
rm -rf ./* && mv /tmp/lease.tgz .
