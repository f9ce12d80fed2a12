#!/bin/bash
# Issue 51 on one H200 (2026-11-28, sixth lease): kernels built beside the sweep; --quick, the
# default sweep and --kernel all before (.gpu/latmix-before, commit-before.txt) and after (.gpu/latmix, commit.txt); NVIDIA's kernel
# cache emptied before each run (a user's first), but for the runs named *-warm (a second run).
# The runs themselves: ../lease.sh.
RUNS=${RUNS:-quick-before quick-after1 quick-after2 default-before default-after1 default-after2 kernels-after1} exec bash studies/speed/lease.sh
