#!/bin/sh
# One H200 lease (2026-11-29, later still), from the repository root with .gpu/ carried:
# both kernel suites measured with NVIDIA's compiler cache and latmix's emptied and again
# warm, now that the counts of loops inside run ptxas and nvdisasm where the node has
# them (its /usr/local/cuda), and --quick twice: issue 51's suite and quick times.
set -u
. studies/speed/node-setup.sh
L=$PWD/$L
cd "$OUT"
rm -rf ~/.nv/ComputeCache ~/.cache/latmix
{ time "$L" measure -d "$first" --kernel all -o k-cold.csv; } > k-cold.log 2>&1
{ time "$L" measure -d "$first" --kernel all -o k-warm.csv; } > k-warm.log 2>&1
for i in 1 2; do { time "$L" measure -d "$first" --quick -o "q$i.csv"; } > "q$i.log" 2>&1; done
ls -la > ls.txt
tar czf /tmp/lease.tgz *.log *.txt mix-of 2>/dev/null
rm -rf ./* && mv /tmp/lease.tgz .
