#!/bin/bash
# Issue 51 on one H200 (2026-11-28, fifth lease): --quick, --kernel all and the default sweep before
# (.gpu/latmix-before, commit-before.txt) and after (.gpu/latmix, commit.txt); NVIDIA's kernel
# cache emptied before each run (a user's first), but for the runs named *-warm (a second run).
# The runs themselves: ../lease.sh.
RUNS=${RUNS:-quick-before quick-after1 quick-after1-warm kernels-before kernels-after1 default-before default-after1} exec bash studies/speed/lease.sh
