#!/bin/bash
# One H200 (2026-11-30): the written-read mix alone, four times with latmix 9f7efeea
# (.gpu/latmix-before: a group's wait from one launch's read) and four with latmix at
# commit.txt (the median of five reads), alternating: how much group_wait_share moves
# run to run with each. From the repository root with .gpu/ carried.
set -u
. studies/speed/node-setup.sh
for i in 1 2 3 4; do
  $L-before measure -d "$first" --mix written-read -o $OUT/before-$i.csv 2> $OUT/before-$i.log
  $L measure -d "$first" --mix written-read -o $OUT/after-$i.csv 2> $OUT/after-$i.log
done
for f in $OUT/*.csv; do echo "$(basename $f): $(awk -F, '$1=="written-read" && $35!="" {printf "%s wi %s  ", $7, $35}' $f)"; done
grep -h "points in" $OUT/*.log
