#!/bin/bash
# The H100's committed sweep (measurements.csv, measure.log) and the suite of
# real kernels (kernels.csv, kernels.log), with gpu.txt, devices.txt and
# kernels-ptx.txt, are one lease's run of run-kernels.sh, 2026-11-24 (issues
# 20 and 21). Fitted and reported by scripts/fit-results.sh.
exec bash "$(dirname "$0")/run-kernels.sh"
