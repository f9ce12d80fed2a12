"""The held-out set (issue 50): BabelStream's five kernels as BabelStream
writes them (studies/ndrange-probe/babelstream.cl), measured by the
independent probe (studies/ndrange-probe, residency counted in a launch of
its own: --separate-count yes) at 32-256 work-items and every reservation,
against latmix predict --csv from the same GPU model's committed parameter
file and the PTX NVIDIA's driver built of them in the same lease. Also the
probe's nd-copy and nd-triad against latmix's own measurement of them.
/usr/bin/python3 studies/written-predict/heldout.py DIR GPU (DIR: the
lease's files, GPU: nvidia-h200 or nvidia-h100; PARAMS: another parameter
file than the GPU's committed one, a sweep of the same lease; SIZES: the
work-group sizes to predict, 32,64,128,256 unless given)"""
import csv, io, math, os, subprocess, sys, tempfile

LATMIX = os.environ.get("LATMIX", "build/latmix")
d, gpu = sys.argv[1], sys.argv[2]


def probe(path):
    out = {}
    for r in csv.DictReader(open(path)):
        if int(r["groups_per_sm_min"]) != int(r["groups_per_sm_peak"]) or int(r["cus_seen"]) < 2:
            continue  # every CU held the same level: the points latmix would call co-resident
        w = int(r["groups_per_sm_peak"]) * int(r["local_size"]) / 32
        out.setdefault((r["kernel"], int(r["local_size"])), {})[w] = float(r["elements_per_s"])
    return out


# the probe's kernels that run another's function at other arguments
# (rowsum32: rowsum with rows of 32 floats)
FN = {"rowsum32": "rowsum", "rowsum64": "rowsum"}
# the probe's scalar arguments, by position, as latmix predict --arg takes
# them: those the same at both launches of a point, and n, the launch's size
# at each ("grid")
ARGS = {"colsum": "2=grid,3=64", "gemvt": "3=grid,4=64", "stencil5": "2=grid", "colsum_rolled": "2=grid,3=64",
        "colsum64": "2=grid", "rowsum": "2=16", "rowsum32": "2=32", "rowsum64": "2=64"}


def predict(kernel, trip=None):
    fn = FN.get(kernel, kernel)
    text = open(f"{d}/{fn}.txt").read()
    with tempfile.NamedTemporaryFile("w", suffix=".ptx", delete=False) as f:
        ptx = text[text.index("//\n"):]
        # the probe's file may hold latmix's count after the PTX: ptxas reads PTX alone
        ptx = ptx.split(f"\n{fn}: the main loop")[0] + "\n"
        f.write(ptx)
    p = subprocess.run([LATMIX, "predict", os.environ.get("PARAMS", f"data/measured/{gpu}/params-kernels.ini"), "--kernel",
                        f"{f.name}:{fn}", "--csv", "--local-size", os.environ.get("SIZES", "32,64,128,256")] +
                       (["--trip", str(trip)] if trip else []) +
                       (["--arg", ARGS[kernel]] if kernel in ARGS else []),
                       capture_output=True, text=True)
    os.unlink(f.name)
    if p.returncode:
        sys.exit(p.stderr)
    out = {}
    for r in csv.DictReader(io.StringIO(p.stdout)):
        out.setdefault(int(r["work_group_size"]), {})[float(r["warps_per_cu"])] = float(r["elements_per_s"])
    return out


def w90(pts):
    ws = sorted(pts)
    top = max(pts.values())
    for i, w in enumerate(ws):
        if pts[w] >= 0.9 * top:
            if i == 0:
                return w
            a = ws[i - 1]
            return a + (w - a) * (0.9 * top - pts[a]) / (pts[w] - pts[a])


def best(series):
    top = max(max(p.values()) for p in series.values())
    pick, fewest = None, math.inf
    for wg in sorted(series):
        for w in sorted(series[wg]):
            if series[wg][w] >= 0.95 * top:
                if w < fewest:
                    pick, fewest = wg, w
                break
    return pick


# the set the lease measured: BabelStream's five (babelstream.csv), or the
# loops (loops.csv: studies/ndrange-probe/loops.cl, with their trip counts)
loops = os.path.exists(f"{d}/loops.csv")
m = probe(f"{d}/loops.csv" if loops else f"{d}/babelstream.csv")
TRIPS = {"colsum": 64, "gemvt": 64, "stencil5": None, "rowsum": 16, "colsum_rolled": 64, "colsum64": None,
         "rowsum32": 32, "rowsum64": 64}
print(f"| kernel | work-items | levels (warps) | RMS | 90% warps probe / predicted | miss | best size probe / predicted |")
print("|---|---|---|---|---|---|---|")
for k in (TRIPS if loops else ["copy", "mul", "add", "triad", "nstream"]):
    if loops and (not os.path.exists(f"{d}/{FN.get(k, k)}.txt") or not any(n == k for n, _ in m)):
        continue  # a lease before the kernel was in the set
    pr = predict(k, TRIPS.get(k))
    ms = {wg: v for (name, wg), v in m.items() if name == (k if loops else "bs-" + k)}
    ps = {wg: {w: pr[wg][w] for w in ms[wg]} for wg in ms}
    bm, bp = best(ms), best(ps)
    for wg in sorted(ms):
        ws = sorted(ms[wg])
        errs = [(ps[wg][w] - ms[wg][w]) / ms[wg][w] for w in ws]
        rms = math.sqrt(sum(e * e for e in errs) / len(errs))
        a, b = w90(ms[wg]), w90(ps[wg])
        print(f"| {k} | {wg} | {ws[0]:.0f}-{ws[-1]:.0f} ({len(ws)}) | {100 * rms:.1f}% | {a:.1f} / {b:.1f} | "
              f"{100 * (b / a - 1):+.0f}% | {bm} / {bp} |")

if loops:
    sys.exit(0)
# the probe's nd-copy and nd-triad beside latmix's measurement of them
lm = {}
for r in csv.DictReader(l for l in open(f"data/measured/{gpu}/kernels.csv") if not l.startswith("#")):
    if r["mix"] in ("nd-copy", "nd-triad"):
        lm[(r["mix"], int(r["work_group_size"]), float(r["warps_per_cu"]))] = float(r["elements_per_s"])
print()
print("| kernel | work-items | points | probe / latmix, mean | least, most |")
print("|---|---|---|---|---|")
for k in ["nd-copy", "nd-triad"]:
    pm = probe(f"{d}/{k}.csv")
    for (name, wg), pts in sorted(pm.items()):
        r = [pts[w] / lm[(name, wg, w)] for w in pts if (name, wg, w) in lm]
        if r:
            print(f"| {name} | {wg} | {len(r)} | {sum(r) / len(r):.3f} | {min(r):.3f}, {max(r):.3f} |")
