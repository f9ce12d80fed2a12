#!/usr/bin/env python3
"""summarize.py: the probe's CSV as a table per kernel and work-group size:
the plateau (the best elements/s over the occupancies measured), the fewest
warps a SM that reach 90% of it, the rate at the fewest warps, and the
plateau a work-item of the group (what stays constant if the ceiling scales
with the work-group size). Usage: summarize.py FILE.csv[.gz]"""
import csv
import gzip
import sys
from collections import defaultdict


def main(path):
    rows = defaultdict(list)
    with (gzip.open(path, "rt") if path.endswith(".gz") else open(path)) as f:
        for r in csv.DictReader(f):
            rows[(r["kernel"], int(r["local_size"]))].append(r)
    print("| kernel | local | plateau (elements/s) | GB/s at plateau | warps/SM at plateau "
          "| warps/SM at 90% | lowest warps/SM: % of plateau | plateau / local |")
    print("|---|---|---|---|---|---|---|---|")
    for (k, local), pts in rows.items():
        best = max(pts, key=lambda r: float(r["elements_per_s"]))
        top = float(best["elements_per_s"])
        ok = [r for r in pts if float(r["elements_per_s"]) >= 0.9 * top]
        w90 = min(int(r["warps_per_sm"]) for r in ok)
        low = min(pts, key=lambda r: int(r["warps_per_sm"]))
        print(f"| {k} | {local} | {top:.3g} | {float(best['bytes_per_s']) / 1e9:.0f} "
              f"| {best['warps_per_sm']} | {w90} | {low['warps_per_sm']}: "
              f"{100 * float(low['elements_per_s']) / top:.0f}% | {top / local:.3g} |")


if __name__ == "__main__":
    main(sys.argv[1])
