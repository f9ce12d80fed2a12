#!/bin/sh
# fit-results.sh LATMIX DIR: fits DIR/measurements.csv as `make run` does and
# writes the report: each mix with a chain by the basic model (fit-MIX.txt,
# params-MIX.ini; params.ini for gmem), local-memory and SFU mixes with an
# issue cost (their instructions take more than one issue slot: thesis
# §4.7), gmem by the refined model (params-refined.ini), then report/.
# A fit that fails is said and the rest goes on; exit 1 if the report fails.
set -u
latmix=$1
dir=$2
if grep -q '^# device_type = CPU' "$dir/measurements.csv"; then
	# a CPU's cores hide latency by out-of-order execution and caches, not
	# by switching warps: every fit of a PoCL sweep missed by 20-54%
	echo "latmix: a CPU: no model fitted (the report's summary says why)"
	exec "$latmix" report "$dir"
fi
echo "fitting $dir/measurements.csv"
for m in gmem gmem-stride2 gmem-random lmem sfu; do
	grep -q "^$m," "$dir/measurements.csv" || continue
	cost=
	case $m in lmem | sfu) cost=--issue-cost ;; esac
	"$latmix" fit -m "$m" $cost "$dir/measurements.csv" > "$dir/fit-$m.txt" ||
		echo "latmix: the fit of mix $m failed (see above); the report goes on without it"
done
"$latmix" fit --model refined -o "$dir/params-refined.ini" "$dir/measurements.csv" > /dev/null ||
	echo "latmix: the refined fit failed (see above); the report goes on without it"
if grep -q "^gmem-store," "$dir/measurements.csv"; then
	# what latmix predict --kernel reads: gmem, the store mixes' kinds and
	# gmem-random's (scattered accesses)
	kinds=gmem,gmem-store
	grep -q "^gmem-store-half," "$dir/measurements.csv" && kinds=$kinds,gmem-store-half
	grep -q "^gmem-random," "$dir/measurements.csv" && kinds=$kinds,gmem-random
	"$latmix" fit --model refined -m $kinds -o "$dir/params-kernels.ini" \
		"$dir/measurements.csv" > "$dir/fit-kernels.txt" ||
		echo "latmix: the fit for kernels ($kinds) failed (see above)"
fi
"$latmix" report "$dir" || exit 1
echo "report: $dir/report/report.md (fits: $dir/fit-*.txt)"
poor=$(grep -l '^quality = poor' "$dir"/params*.ini 2>/dev/null | tr '\n' ' ')
if [ -n "$poor" ]; then
	echo "latmix: fits marked poor (RMS relative error above 10%; the report's headline names those of a mix's preferred model, its sections the rest): $poor"
else
	echo "latmix: every fit describes its data (RMS relative error at most 10%)"
fi
