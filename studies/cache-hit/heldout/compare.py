"""compare.py DIR [SUFFIX]: the lease's measured held-out kernels (DIR/cache3.csv, DIR/mm3.csv,
co-resident points) against predict --csv (DIR/pred-NAME[SUFFIX].csv): per kernel and
work-group size, the RMS relative error over the levels measured, the warps for 90% of each
curve's best, and the size each names (95% of the best of all with the fewest warps)."""
import csv, math, sys

d = sys.argv[1]
suffix = sys.argv[2] if len(sys.argv) > 2 else ""
meas = {}
for f in ["cache3.csv", "mm3.csv"]:
    for r in csv.DictReader(l for l in open(f"{d}/{f}") if not l.startswith("#")):
        if r["coresident"] != "yes":
            continue
        meas.setdefault(r["mix"], {}).setdefault(int(r["work_group_size"]), {})[float(r["warps_per_cu"])] = \
            float(r["elements_per_s"])


def pred(name):
    out = {}
    for r in csv.DictReader(open(name)):
        out.setdefault(int(r["work_group_size"]), {})[float(r["warps_per_cu"])] = (float(r["elements_per_s"]),
                                                                                   r["bound"])
    return out


def w90(pts, frac=0.9):
    ws = sorted(pts)
    top = max(pts.values())
    for i, w in enumerate(ws):
        if pts[w] >= frac * top:
            if i == 0:
                return w
            w0 = ws[i - 1]
            return w0 + (w - w0) * (frac * top - pts[w0]) / (pts[w] - pts[w0])


def best(curves):
    top = max(max(c.values()) for c in curves.values())
    return min((min(w for w in c if c[w] >= 0.95 * top), s) for s, c in curves.items()
               if max(c.values()) >= 0.95 * top)[1]


print("| kernel | work-items | levels | RMS | 90% warps measured / predicted | miss | bound at the top | best size measured / predicted |")
print("|---|---|---|---|---|---|---|---|")
for k in ["scalecols", "scalecols_big", "tabsum", "mm"]:
    m = meas[k]
    pr = pred(f"{d}/pred-{k}{suffix}.csv")
    pm = {s: {w: pr[s][w][0] for w in m[s] if w in pr.get(s, {})} for s in m if s in pr}
    for s in sorted(m):
        ws = sorted(w for w in m[s] if w in pr.get(s, {}))
        if not ws:
            continue
        rms = math.sqrt(sum((pr[s][w][0] / m[s][w] - 1) ** 2 for w in ws) / len(ws))
        a, b = w90({w: m[s][w] for w in ws}), w90({w: pr[s][w][0] for w in ws})
        print(f"| {k} | {s} | {ws[0]:g}-{ws[-1]:g} ({len(ws)}) | {100 * rms:.1f}% | {a:.1f} / {b:.1f} | "
              f"{100 * (b / a - 1):+.0f}% | {pr[s][ws[-1]][1]} | {best(m)} / {best(pm)} |")
