#!/bin/sh
# predict.sh: the five held-out kernels predicted from the driver's PTX the lease kept
# (mix-of/NAME.txt, the listing after the count), their scalars and trip counts as the
# descriptions give them, from the committed H200 file and the lease's own, with
# ptxas's machine code read (ptxas and nvdisasm on PATH here) and with it off
# (LATMIX_PTXAS=off). From the repository root: sh studies/written-predict/lease-2026-11-29b/predict.sh
set -eu
D=studies/written-predict/lease-2026-11-29b
L=${LATMIX:-build/latmix}
mkdir -p $D/predicted
for spec in rownorm:2=32:32 rowdot:3=16:16 colmax:2=grid,3=64:64 colsum2:3=grid,4=32:32 fir:3=16:16; do
	k=${spec%%:*}; rest=${spec#*:}; args=${rest%:*}; trip=${rest##*:}
	ptx=$(mktemp --suffix=.ptx)
	awk 'p || /^\/\/$/ { p = 1; print }' $D/mix-of/$k.txt > $ptx
	for p in committed lease; do
		f=data/measured/nvidia-h200/params-kernels.ini
		[ $p = lease ] && f=$D/lease-params-kernels.ini
		$L predict $f --kernel $ptx:$k --arg $args --trip $trip --local-size 32,64,128,256 --csv \
			> $D/predicted/$k-$p.csv 2> /dev/null
		LATMIX_PTXAS=off $L predict $f --kernel $ptx:$k --arg $args --trip $trip --local-size 32,64,128,256 \
			--csv > $D/predicted/$k-$p-off.csv 2> /dev/null
	done
	rm -f $ptx
done
/usr/bin/python3 $D/compare.py $D > $D/results.md
