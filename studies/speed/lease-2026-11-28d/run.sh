#!/bin/bash
# Issue 52's kept chase buffer on one H200 (2026-11-28, fourth lease): the default sweep before
# (.gpu/latmix-before, commit-before.txt) and after (.gpu/latmix, commit.txt), NVIDIA's kernel
# cache emptied before each (a user's first run).
# The runs themselves: ../lease.sh.
RUNS=${RUNS:-default-before default-after1 default-after2} exec bash studies/speed/lease.sh
