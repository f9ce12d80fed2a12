#!/bin/sh
# Issue 51: measure --kernel all (both suites) with the random float arrays
# made on the device (latmix c7bdae9, .gpu/latmix) against the host's fill
# (1f2d9c7, .gpu/latmix-before), alternated on one H200, from the
# repository root on the lent machine; every output checked at every
# occupancy as always. Round 1 ran first on a fresh machine, so before-1
# built with NVIDIA's JIT cache (~/.nv/ComputeCache) empty and the rest with
# it warm; round "cold" empties it before each run. Results under $OUT,
# in one tar.
set -u
. studies/speed/node-setup.sh
cp .gpu/commit.txt $OUT/commit.txt
.gpu/latmix-before --version > $OUT/before-version.txt
for round in ${ROUNDS:-1 2 cold}; do
	for who in before after; do
		B=.gpu/latmix; [ $who = before ] && B=.gpu/latmix-before
		[ $round = cold ] && rm -rf ~/.nv/ComputeCache
		export LATMIX_CACHE=$OUT/cache-$who-$round
		/usr/bin/time -v $B measure -d "$first" --kernel all -o $OUT/kernels-$who-$round.csv \
			> $OUT/kernels-$who-$round.log 2>&1
		rm -rf $LATMIX_CACHE
	done
done
gzip $OUT/*.csv $OUT/*.log
cd $OUT && tar cf fill.tar --remove-files *.gz *.txt mix-of
