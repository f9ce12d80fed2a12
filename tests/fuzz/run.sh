#!/bin/sh
# make fuzz: runs every fuzzer built in BUILD (default build-fuzz) for
# FUZZ_SECONDS each (default 300), one after the other, each from a working
# corpus BUILD/corpus/NAME that starts from the seeds in
# tests/fuzz/corpus/NAME and grows from run to run. Prints a line per
# fuzzer: its executions, its corpus and the result. A crash (or a leak, a
# hang, an input that broke a property) keeps its input in
# BUILD/crashes/NAME/, named in the line; the exit status is 1 if any did.
set -u
cd "$(dirname "$0")/../.."
B=${1:-build-fuzz}
S=${FUZZ_SECONDS:-300}
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1

# The fuzzers and the longest input each takes: a little over its seeds,
# or what its reader reads in a line.
fuzzers="results:16384 params:8192 ukernel:8192 expr:256 number:64 alpha:256 ptx:16384 isa:16384
         predict:2048 ratios:4096 count:4096 source:8192 binary:4096 sass:24576"

failed=0
for f in $fuzzers; do
	name=${f%%:*}
	exe=$B/tests/fuzz/fuzz_$name
	corpus=$B/corpus/$name
	crashes=$B/crashes/$name
	log=$B/fuzz-$name.log
	mkdir -p "$corpus" "$crashes"
	"$exe" -max_total_time="$S" -max_len="${f#*:}" -timeout=20 -print_final_stats=1 \
		-artifact_prefix="$crashes/" "$corpus" "tests/fuzz/corpus/$name" > "$log" 2>&1
	rc=$?
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
	corp=$(grep -o 'corp: [0-9]*/[0-9]*[a-zA-Z]*' "$log" | tail -1 | sed 's|corp: \(.*\)/\(.*\)|\1 inputs (\2)|')
	if [ $rc -eq 0 ]; then
		result=ok
	else
		failed=1
		unit=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -1)
		kind=$(grep -m1 -o 'ERROR: [A-Za-z]*: [a-zA-Z-]*\|ERROR: libFuzzer: [a-z-]*\|fuzz: .*' "$log" | head -1)
		result="FAILED (${kind:-exit $rc}): ${unit:-no input kept}; log $log"
	fi
	printf 'fuzz_%-8s %10s runs, corpus %s: %s\n' "$name" "${runs:-?}" "${corp:-?}" "$result"
done
exit $failed
