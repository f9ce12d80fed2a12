"""The L1 each point of a probe lease had, beside its rate: python3 l1left.py LEASE_DIR.
An H200's SM shares 256 KiB between L1 and local memory; the driver carves out the
smallest of Hopper's shared-memory sizes (CUDA C Programming Guide, compute capability
9.0) that holds the groups' reservations with its own 1 KiB a group."""
import csv, glob, sys
steps = [0, 8, 16, 32, 64, 100, 132, 164, 196, 228]


def l1(groups, res):
    kib = groups * (res + 1024) / 1024
    for s in steps:
        if kib <= s:
            return 256 - s
    return None


rows = {}
for f in sorted(glob.glob(sys.argv[1] + "/*.csv")):
    for r in csv.DictReader(open(f)):
        g, res = int(r["groups_per_sm_peak"]), int(r["reserved_local_bytes"])
        rows[(r["kernel"], int(r["local_size"]), g, res, f)] = (
            l1(g, res), int(r["warps_per_sm"]), float(r["elements_per_s"]) / 1e9)
for k in sorted({key[0] for key in rows}):
    print(k)
    for key in sorted(x for x in rows if x[0] == k):
        L, w, e = rows[key]
        print(f"  {key[1]:4d} work-items, {key[2]:3d} groups, {key[3]:6d} bytes a group: L1 {L} KiB, "
              f"{w:3d} warps, {e:7.3f} G rows/s  ({key[4].split('/')[-1]})")
