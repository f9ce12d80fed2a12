"""compare.py DIR: the lease's measured kernels (DIR/loops2.csv, co-resident points)
against predict --csv (DIR/predicted/NAME-{committed,lease}[-off].csv): per kernel and
work-group size, the RMS relative error over the levels measured, the warps for 90% of
each curve's best, and the size each names (95% of the best of all with fewest warps)."""
import csv, math, sys

d = sys.argv[1]
meas = {}
for r in csv.DictReader(l for l in open(f"{d}/loops2.csv") if not l.startswith("#")):
    if r["coresident"] != "yes":
        continue
    meas.setdefault(r["mix"], {}).setdefault(int(r["work_group_size"]), {})[float(r["warps_per_cu"])] = \
        float(r["elements_per_s"])


def pred(name):
    out = {}
    for r in csv.DictReader(open(name)):
        out.setdefault(int(r["work_group_size"]), {})[float(r["warps_per_cu"])] = float(r["elements_per_s"])
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
    return min((w90(c, 1.0) if False else min(w for w in c if c[w] >= 0.95 * top), s)
               for s, c in curves.items() if max(c.values()) >= 0.95 * top)[1]


print("| kernel | params | ptxas read | work-items | levels | RMS | 90% warps measured / predicted | miss | best size measured / predicted |")
print("|---|---|---|---|---|---|---|---|---|")
for k in ["rownorm", "rowdot", "colmax", "colsum2", "fir"]:
    m = meas[k]
    for p in ["committed", "lease"]:
        for off in ["", "-off"]:
            pr = pred(f"{d}/predicted/{k}-{p}{off}.csv")
            pm = {s: {w: v for w, v in pr[s].items() if w in m[s]} for s in m if s in pr}
            for s in sorted(m):
                ws = sorted(w for w in m[s] if w in pr.get(s, {}))
                if not ws:
                    continue
                rms = math.sqrt(sum((pr[s][w] / m[s][w] - 1) ** 2 for w in ws) / len(ws))
                a, b = w90({w: m[s][w] for w in ws}), w90({w: pr[s][w] for w in ws})
                print(f"| {k} | {p} | {'no' if off else 'yes'} | {s} | {ws[0]:g}-{ws[-1]:g} ({len(ws)}) | "
                      f"{100 * rms:.1f}% | {a:.1f} / {b:.1f} | {100 * (b / a - 1):+.0f}% | "
                      f"{best(m)} / {best(pm)} |")
