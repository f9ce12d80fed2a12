"""Run to run and before against after for this lease: every parameter of two
params-kernels.ini side by side (value and B / A - 1), the median and largest of
those differences, and the points both sweeps measured (same mix, chains, alpha
and occupancy: mem_ipc or alu_ipc) with their median and 95th percentile
difference. Usage: /usr/bin/python3 compare.py A B (folders holding
params-kernels.ini and measurements.csv or .csv.gz)."""
import configparser, csv, gzip, io, os, statistics, sys


def params(d):
    c = configparser.ConfigParser(strict=False, interpolation=None)
    c.read(os.path.join(d, "params-kernels.ini"))
    out = {}
    for s in c.sections():
        v = c[s].get("value")
        try:
            out[s] = float(v)
        except (TypeError, ValueError):
            pass
    return out


def points(d):
    p = os.path.join(d, "measurements.csv")
    f = gzip.open(p + ".gz", "rt") if os.path.exists(p + ".gz") else open(p)
    rows = csv.DictReader(l for l in f if not l.startswith("#"))
    out = {}
    for r in rows:
        key = (r["mix"], r["chains"], r["alpha"], r["warps_per_cu"], r["work_group_size"])
        v = float(r["mem_ipc"]) if r["alpha"] != "inf" else float(r["alu_ipc"])
        if v > 0:
            out[key] = v
    return out


a, b = sys.argv[1], sys.argv[2]
pa, pb = params(a), params(b)
print("parameter, %s, %s, %s / %s - 1" % (a, b, b, a))
diffs = []
for k in pa:
    if k in pb and pa[k]:
        d = pb[k] / pa[k] - 1
        diffs.append((abs(d), k))
        print("%s, %.6g, %.6g, %+.3f%%" % (k, pa[k], pb[k], 100 * d))
for k in pb:
    if k not in pa:
        print("%s, -, %.6g, only in %s" % (k, pb[k], b))
diffs.sort()
print("parameters in both: %d; median |difference| %.3f%%, largest %.3f%% (%s)" % (
    len(diffs), 100 * statistics.median(d for d, _ in diffs), 100 * diffs[-1][0], diffs[-1][1]))
qa, qb = points(a), points(b)
pd = sorted(abs(qb[k] / qa[k] - 1) for k in qa if k in qb)
print("points in both: %d; median |difference| %.3f%%, 95th percentile %.3f%%" % (
    len(pd), 100 * statistics.median(pd), 100 * pd[int(0.95 * (len(pd) - 1))]))
