#!/bin/bash
# Issue 51, before and after on one H200: the default sweep (before once,
# after twice), --kernel all and --quick, each with NVIDIA's kernel cache
# emptied first (as a user's first run). before: .gpu/latmix-before
# (commit-before.txt), after: .gpu/latmix (commit.txt).
# The runs themselves: ../lease.sh.
RUNS=${RUNS:-default-before default-after1 default-after2} exec bash studies/speed/lease.sh
