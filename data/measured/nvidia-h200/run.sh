#!/bin/bash
# The H200's committed sweep (measurements.csv, measure.log, gpu.txt,
# devices.txt, kernels-ptx.txt) is the first default sweep of
# add-latency/run5.sh, 2026-11-24 (issue 20: the stop flag read once a
# block of iterations, flag-free references), in the same lease as a sweep
# with the kernel before it and a repeat (add-latency/run5-*.csv.gz).
# Fitted and reported by scripts/fit-results.sh.
exec bash "$(dirname "$0")/add-latency/run5.sh"
