#!/bin/bash
# Issue 51 on one H200 (2026-11-28, seventh lease): random floats made faster; --kernel all,
# --quick and the default sweep before (.gpu/latmix-before, commit-before.txt) and after (.gpu/latmix, commit.txt); NVIDIA's kernel
# cache emptied before each run (a user's first), but for the runs named *-warm (a second run).
# The runs themselves: ../lease.sh.
RUNS=${RUNS:-kernels-before kernels-after1 quick-after1 default-after1 default-after2} exec bash studies/speed/lease.sh
