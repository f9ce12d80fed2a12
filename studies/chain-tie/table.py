#!/usr/bin/python3
# table.py: cycles per group (one step of every chain, with its adds) at each
# occupancy, per kernel version, and the memory IPC at 64 warps
import csv, sys
rows = {}
for v in "AJR":
    for f in (f"tie-{v}.csv", f"tie2-{v}.csv"):
        try:
            for r in csv.DictReader(l for l in open(f) if not l.startswith('#')):
                rows[(v, r['mix'], r['chains'], r['alpha'], r['warps_per_cu'])] = r
        except FileNotFoundError:
            pass
keys = sorted({k[1:] for k in rows}, key=lambda k: (k[0], int(k[1]), float(k[2].replace('inf', '1e9')), int(k[3])))
print("| mix | chains | alpha | warps | A | R | J | A mem_ipc | R mem_ipc | J mem_ipc |")
print("|---|---|---|---|---|---|---|---|---|---|")
for k in keys:
    def g(v, f):
        r = rows.get((v,) + k)
        return f"{float(r[f]):.4g}" if r else ""
    print("| " + " | ".join(k) + " | " + " | ".join(g(v, 'cycles_per_group') for v in "ARJ") + " | "
          + " | ".join(g(v, 'mem_ipc' if k[2] != 'inf' else 'alu_ipc') for v in "ARJ") + " |")
