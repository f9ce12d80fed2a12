#!/bin/bash
# The committed sweep (measurements.csv, measure.log: the default mixes with
# both store mixes, gmem-random and the stream pairs) and the suite of real
# kernels (kernels.csv, kernels.log, fourteen kernels), with gpu.txt,
# devices.txt, mix-of/ (each suite kernel's loop counted from the driver's
# PTX) and kernels-shift.csv (copy, sum, s1_shift, sum_shift), are one lease's
# run of run-kernels.sh, 2026-11-24 22:04 UTC (issue 22; serial 1752524022260).
# Fitted and reported by scripts/fit-results.sh
# (params-kernels.ini: what latmix predict --kernel reads; fit-results.log
# its console); the suite predicted by data/model-study/suite.py.
exec bash "$(dirname "$0")/run-kernels.sh"
