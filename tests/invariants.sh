#!/bin/sh
# invariants.sh LATMIX OUT: what a restructuring must leave as it is, written
# under OUT for a diff against another build's (diff -r OUT1 OUT2): the
# parameter files fitted to each committed GPU sweep (their values as
# printed), the report's Markdown, and predict's numbers for every suite
# kernel. Not a test: it takes minutes and reads the committed data.
#   tests/invariants.sh build/latmix /tmp/before; ...; tests/invariants.sh build/latmix /tmp/after
#   diff -r /tmp/before /tmp/after
set -u
latmix=$(realpath "$1")
out=$2
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out"
for dev in nvidia-h200 nvidia-h100; do
	src=$root/data/measured/$dev
	[ -f "$src/measurements.csv" ] || continue
	d=$out/$dev
	rm -rf "$d"
	mkdir -p "$d"
	cp "$src/measurements.csv" "$src/kernels.csv" "$d/"
	cp -r "$src/mix-of" "$d/"
	csv=$d/measurements.csv
	for m in gmem gmem-stride2 gmem-random lmem sfu; do
		cost=
		case $m in lmem | sfu) cost=--issue-cost ;; esac
		"$latmix" fit -m "$m" $cost "$csv" > "$d/fit-$m.txt" 2> /dev/null
	done
	"$latmix" fit --model refined -o "$d/params-refined.ini" "$csv" > /dev/null 2>&1
	"$latmix" fit --model refined -m gmem,gmem-store,gmem-store-half,gmem-random -o "$d/params-kernels.ini" \
		"$csv" > "$d/fit-kernels.txt" 2> /dev/null
	"$latmix" report "$d" > "$d/report-stdout.txt" 2>&1
	# what differs between any two runs: dates, and the report's pictures
	for f in "$d"/params*.ini; do
		grep -v '^created\|^source\|^tool_version\|^commit' "$f" > "$f.values"
		rm "$f"
	done
	mv "$d/report/report.md" "$d/report.md"
	rm -rf "$d/report" "$d/measurements.csv" "$d/kernels.csv" "$d/mix-of"
	for k in $("$latmix" measure --help >/dev/null 2>&1; ls "$root/cl/kernels" | sed -n 's/\.cl$//p'); do
		"$latmix" predict "$src/params-kernels.ini" --kernel "$k" > "$d/predict-$k.txt" 2>&1
	done
done
echo "invariants of $latmix written under $out"
