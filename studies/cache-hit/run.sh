#!/bin/sh
# One H200 lease (2026-11-29), from the repository root with .gpu/ carried: the default
# sweep with the two cache mixes (gmem-cache, stream-cache), fitted (latmix run), the
# kernel suites measured in the same lease, and the cache mixes' figures checked against
# the gmem chase and the stream at footprints L2 holds (--footprint 4M, 16M, 24M) and
# one it does not (64M... the chase's own default, 1 GiB, is the sweep's).
set -u
. studies/speed/node-setup.sh
L=$PWD/$L
cd "$OUT"
{ time "$L" run -d "$first"; } > run.log 2>&1
dir=$("$L" devices -d "$first" --print-dir)
dir=${dir%/}
{ time "$L" measure -d "$first" --kernel all -o kernels.csv; } > kernels.log 2>&1
for fp in 4M 16M 24M 64M; do
	"$L" measure -d "$first" --mix gmem,stream -a 0 -k 1 -n 1,2,4,8,16,24,32,48,64 --footprint $fp \
		-o "fp-$fp.csv" > "fp-$fp.log" 2>&1
done
{ time "$L" measure -d "$first" --mix gmem-cache,stream-cache -n max -o cache-max.csv; } > cache-max.log 2>&1
mkdir -p results && cp -r "$dir"/. results/
cp -r mix-of results/ 2>/dev/null
ls -la > ls.txt
tar czf /tmp/lease.tgz *.log *.csv *.txt results 2>/dev/null
rm -rf ./* && mv /tmp/lease.tgz .
