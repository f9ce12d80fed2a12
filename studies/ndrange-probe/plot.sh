#!/bin/sh
# plot.sh FILE.csv.gz OUT.png: the probe's rate against warps a SM, one panel
# a kernel, one line a work-group size (gnuplot).
set -eu
in=$1 out=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
zcat -f "$in" | awk -F, -v d="$tmp" 'NR > 1 { print $5, $7 / 1e9 > (d "/" $1 "-" $2 ".dat") }'
for f in "$tmp"/*.dat; do sort -n "$f" -o "$f"; done
{
	echo "set terminal pngcairo size 1600,1400 font ',10'"
	echo "set output '$out'"
	echo "set multiplot layout 4,3 title 'elements/s (10^9) against warps a SM, one line a work-group size: $(basename "$in")'"
	echo "set key top left; set grid; set xrange [0:66]; set yrange [0:*]"
	for k in nd-copy nd-mul nd-add nd-triad nd-nstream nd-dot nd-conv2d nd-matmul nd-spmv nd-transpose; do
		echo "set title '$k'"
		plot="plot"
		for l in 32 64 128 256 512; do
			[ -f "$tmp/$k-$l.dat" ] || continue
			plot="$plot '$tmp/$k-$l.dat' using 1:2 with linespoints title 'local $l',"
		done
		echo "${plot%,}"
	done
	echo "unset multiplot"
} > "$tmp/plot.gp"
gnuplot "$tmp/plot.gp"
