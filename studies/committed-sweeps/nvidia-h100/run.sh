#!/bin/bash
# The committed sweep (measurements.csv, measure.log: the default mixes with
# both store mixes, gmem-random, the stream pairs and stream-fill) and the suite of real
# kernels (kernels.csv, kernels.log, fourteen kernels), with gpu.txt,
# devices.txt, mix-of/ (each suite kernel's loop counted from the driver's
# PTX) and kernels-shift.csv (copy, sum, s1_shift, sum_shift), are one lease's
# run of run-kernels.sh, 2026-11-25 00:26 UTC (issue 22; serial 1652824012415).
# Fitted and reported by scripts/fit-results.sh
# (params-kernels.ini: what latmix predict --kernel reads; fit-results.log
# its console); the suite predicted by studies/model-study/suite.py.
# The sweep before, without stream-fill (serial 1752524022260), is this directory at
# commit b56c1f3.
exec bash "$(dirname "$0")/run-kernels.sh"
