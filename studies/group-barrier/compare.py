"""The reductions of reduce.cl and the suite's nd-dot as one H200 measured
them (a lease directory: reduce.csv, nd-dot.csv, the driver's PTX in
mix-of/) against latmix predict --csv from that lease's own
params-kernels.ini: per kernel and work-group size, the RMS error over the
levels measured and the warps for 90% of the best, measured and predicted.
Run from the repository root with a built latmix (LATMIX, else
build/latmix): /usr/bin/python3 studies/group-barrier/compare.py DIR"""
import csv, math, os, subprocess, sys, tempfile

LATMIX = os.environ.get("LATMIX", "build/latmix")
PER_ITEM = {"dot_each": 4, "dot_bar": 4, "dot_tree": 4, "nd-dot": 4, "sum_tree": 1, "dot8_tree": 8, "minmax_tree": 1,
            "dot2_tree": 2, "grid_dot": 16, "grid_each": 16, "grid_bar": 16}
TRIP = {"grid_dot": 16, "grid_each": 16, "grid_bar": 16}  # a listing carries no description: its loop's trips (grid_dot.ini's trip =)
FN = {"nd-dot": "nd_dot"}


def measured(path):
    out = {}
    for r in csv.DictReader(l for l in open(path) if not l.startswith("#")):
        out.setdefault((r["mix"], int(r["work_group_size"])), []).append(
            (float(r["warps_per_cu"]), float(r["elements_per_s"])))
    return {k: sorted(v) for k, v in out.items()}


def predicted(d, kernel, sizes):
    with tempfile.NamedTemporaryFile("w", suffix=".ptx", delete=False) as f:
        f.write(open(f"{d}/mix-of/{kernel}.txt").read())
    p = subprocess.run([LATMIX, "predict", f"{d}/params-kernels.ini", "--kernel", f"{f.name}:{FN.get(kernel, kernel)}",
                        "--csv", "--local-size", ",".join(map(str, sizes))] + (["--trip", str(TRIP[kernel])] if kernel in TRIP else []),
                       capture_output=True, text=True)
    os.unlink(f.name)
    if p.returncode:
        sys.exit(p.stderr)
    return {(int(r["work_group_size"]), float(r["warps_per_cu"])): (float(r["elements_per_s"]) * PER_ITEM[kernel],
                                                                    r["bound"])
            for r in csv.DictReader(p.stdout.splitlines())}


def w90(points):
    top, prev = max(e for _, e in points), None
    for w, e in points:
        if e >= 0.9 * top:
            return w if prev is None else prev[0] + (w - prev[0]) * (0.9 * top - prev[1]) / (e - prev[1])
        prev = (w, e)
    return math.inf


d = sys.argv[1]
m = measured(f"{d}/reduce.csv")
if os.path.exists(f"{d}/nd-dot.csv"):
    m.update(measured(f"{d}/nd-dot.csv"))
print("| kernel | work-items | RMS | 90% warps measured / predicted | miss | error at the first level | bound at the top |")
print("|---|---|---|---|---|---|---|")
for kernel in ["dot_each", "dot_bar", "dot_tree", "nd-dot", "sum_tree", "dot8_tree", "minmax_tree", "dot2_tree", "grid_each", "grid_bar", "grid_dot"]:
    if not any(k == kernel for k, _ in m):
        continue
    sizes = sorted(wg for k, wg in m if k == kernel)
    pred = predicted(d, kernel, sizes)
    for wg in sizes:
        pts = m[(kernel, wg)]
        ps = [(w, pred[(wg, w)][0]) for w, _ in pts]
        errs = [(p - e) / e for (_, e), (_, p) in zip(pts, ps)]
        rms = math.sqrt(sum(x * x for x in errs) / len(errs))
        a, b = w90(pts), w90(ps)
        print(f"| {kernel} | {wg} | {100 * rms:.1f}% | {a:.1f} / {b:.1f} | {100 * (b / a - 1):+.0f}% | "
              f"{100 * errs[0]:+.0f}% | {pred[(wg, pts[-1][0])][1]} |")
