#!/bin/bash
# Issue 51 and 52, before and after on one H200 (2026-11-28, third lease): the chase's
# bijection on the least bits (cl/perm.h) against the one on an even number (ef587cb):
# the default sweep, --quick and --kernel all, each with NVIDIA's kernel cache emptied first
# (a user's first run). before: .gpu/latmix-before (commit-before.txt), after: .gpu/latmix (commit.txt).
# The runs themselves: ../lease.sh.
RUNS=${RUNS:-default-before default-after1 default-after2} exec bash studies/speed/lease.sh
