#!/bin/bash
# The committed sweep (measurements.csv, measure.log: the default mixes with
# both store mixes, gmem-random, the stream pairs and stream-fill) and the suite of real
# kernels (kernels.csv, kernels.log, fourteen kernels), with gpu.txt,
# devices.txt, mix-of/ (each suite kernel's loop counted from the driver's
# PTX) and kernels-shift.csv (copy, sum, s1_shift, sum_shift), are one lease's
# run of run-kernels.sh, 2026-11-25 00:21 UTC (issue 22; serial 1653724032679).
# Fitted and reported by scripts/fit-results.sh
# (params-kernels.ini: what latmix predict --kernel reads; fit-results.log
# its console), fit-all.txt and params-all.ini by latmix fit -m all
# --issue-cost; the suite predicted by studies/model-study/suite.py.
# The sweep before, without stream-fill (serial 1653824017399), is this directory at
# commit b56c1f3.
exec bash "$(dirname "$0")/run-kernels.sh"
