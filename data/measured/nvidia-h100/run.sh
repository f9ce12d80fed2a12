#!/bin/bash
# The committed sweep (measurements.csv, measure.log, with the store mix
# gmem-store) and the suite of real kernels (kernels.csv, kernels.log), with
# gpu.txt, devices.txt and mix-of/ (each suite kernel's loop counted from the
# driver's PTX), are one lease's run of run-kernels.sh, 2026-11-24 (issue
# 22; serial 1752624015362), the second that day: the store mix's sink now 1 GiB
# (# sink_bytes), not 32 MiB, which L2 held.
# kernels.csv's '# sink_bytes' line means nothing: that build (between
# bf02b26 and 39174ed, not committed) wrote one in a kernel sweep's header
# too; 39174ed writes it for a chase only. Fitted and reported by
# scripts/fit-results.sh (params-kernels.ini: what latmix predict --kernel
# reads; fit-results.log its console); the suite predicted by
# data/model-study/suite.py.
exec bash "$(dirname "$0")/run-kernels.sh"
