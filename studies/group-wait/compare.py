"""Kernels as written at 256, 512 and 1024 work-items against latmix predict --csv from
PARAMS (the same lease's sweep fitted: latmix run --refit -o DIR/measurements.csv): the
suite's kernels as latmix measured them (LEASE/k.csv, their PTX in LEASE/mix-of/) and, where
the lease has them, BabelStream's kernels as the independent probe measured them
(LEASE/babelstream.csv, their PTX in LEASE/bs-KERNEL.txt; points where every SM held the
same groups), and the probe's nd-copy and nd-triad beside latmix's. From the repository
root with a built latmix: /usr/bin/python3 studies/group-wait/compare.py LEASE PARAMS"""
import csv, io, math, os, subprocess, sys, tempfile

LATMIX = os.environ.get("LATMIX", "build/latmix")
PER_ITEM = {"nd-dot": 4}
SIZES = "256,512,1024"
lease, params = sys.argv[1], sys.argv[2]


def predict(ptx_text, name):
    """(work-items, warps) -> elements a second, as latmix predict --csv prices them"""
    with tempfile.NamedTemporaryFile("w", suffix=".ptx", delete=False) as f:
        f.write(ptx_text)
    p = subprocess.run([LATMIX, "predict", params, "--kernel", f"{f.name}:{name}", "--local-size", SIZES, "--csv"],
                       capture_output=True, text=True)
    os.unlink(f.name)
    if p.returncode:
        sys.exit(p.stderr)
    return {(int(r["work_group_size"]), float(r["warps_per_cu"])): float(r["elements_per_s"])
            for r in csv.DictReader(io.StringIO(p.stdout))}


def table(title, points):
    """points: (kernel, work-items, warps, measured, predicted)"""
    print(f"| {title} | work-items | warps | measured (G/s) | predicted | error |")
    print("|---|---|---|---|---|---|")
    for k, wg, w, e, q in points:
        print(f"| {k} | {wg} | {w:.0f} | {e / 1e9:.1f} | {q / 1e9:.1f} | {100 * (q / e - 1):+.1f}% |")
    print()


rows = [r for r in csv.DictReader(l for l in open(f"{lease}/k.csv") if not l.startswith("#"))]
pts = []
for k in dict.fromkeys(r["mix"] for r in rows):
    pred = predict(open(f"{lease}/mix-of/{k}.txt").read(), k.replace("-", "_"))
    for r in rows:
        if r["mix"] == k:
            wg, w = int(r["work_group_size"]), float(r["warps_per_cu"])
            pts.append((k, wg, w, float(r["elements_per_s"]), pred[(wg, w)] * PER_ITEM.get(k, 1)))
table("kernel (latmix measure)", pts)


def probe(path):
    out = {}
    for r in csv.DictReader(open(path)):
        if int(r["groups_per_sm_min"]) != int(r["groups_per_sm_peak"]) or int(r["cus_seen"]) < 2:
            continue
        w = int(r["groups_per_sm_peak"]) * int(r["local_size"]) / 32
        out.setdefault((r["kernel"], int(r["local_size"]), w), []).append(float(r["elements_per_s"]))
    return {k: sum(v) / len(v) for k, v in out.items()}  # reserves that reach the same level: their mean


if not os.path.exists(f"{lease}/babelstream.csv"):
    sys.exit(0)
m = probe(f"{lease}/babelstream.csv")
pts = []
for k in ["copy", "mul", "add", "triad", "nstream"]:
    text = open(f"{lease}/bs-{k}.txt").read()
    pred = predict(text[text.index("//\n"):].split(f"\n{k}: the main loop")[0] + "\n", k)
    for (name, wg, w), e in sorted(m.items()):
        if name == "bs-" + k:
            pts.append((k, wg, w, e, pred[(wg, w)]))
table("BabelStream (the probe)", pts)
errs = [(q - e) / e for _, _, _, e, q in pts]
print(f"RMS over all {len(errs)} points: {100 * math.sqrt(sum(x * x for x in errs) / len(errs)):.1f}%\n")
lm = {(r["mix"], int(r["work_group_size"]), float(r["warps_per_cu"])): float(r["elements_per_s"]) for r in rows}
print("| kernel | work-items | warps | probe / latmix |")
print("|---|---|---|---|")
for k in ["nd-copy", "nd-triad"]:
    if not os.path.exists(f"{lease}/probe-{k}.csv"):
        continue  # lease 1 ran the probe on BabelStream alone
    for (name, wg, w), e in sorted(probe(f"{lease}/probe-{k}.csv").items()):
        if (name, wg, w) in lm:
            print(f"| {name} | {wg} | {w:.0f} | {e / lm[(name, wg, w)]:.3f} |")
