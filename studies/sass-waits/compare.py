"""latmix predict with and without waits.patch (LATMIX: the committed build, LATMIX_WAITS: one with
the patch) against a lease's kernels.csv and mix-of PTX: /usr/bin/python3 studies/sass-waits/compare.py LEASE GPU,
from the repository root, LATMIX_NVDISASM set where nvdisasm is not on PATH."""
import csv, io, math, os, subprocess, sys, tempfile
sys.path.insert(0, "/work/main/studies/written-predict")
lease, gpu = sys.argv[1], sys.argv[2]
runs = [("matmul", "nd-matmul", "nd_matmul", ["--trip", "1024", "--arg", "2=cached"]),
        ("dram", "gemvt", "gemvt", ["--trip", "64", "--arg", "3=grid,4=64"]),
        ("dram", "colsum", "colsum", ["--trip", "64", "--arg", "2=grid,3=64"])] + \
       [tuple(x) for x in eval(os.environ.get("EXTRA", "[]"))]
# RUNS (a Python list of (dir, kernel, function, predict's arguments)) in place of those
if "RUNS" in os.environ:
    runs = [tuple(x) for x in eval(os.environ["RUNS"])]
def measured(path, name):
    out = {}
    for r in csv.DictReader(l for l in open(path) if not l.startswith("#")):
        if r["mix"] == name:
            out.setdefault(int(r["work_group_size"]), []).append((float(r["warps_per_cu"]), float(r["elements_per_s"])))
    return {k: sorted(v) for k, v in out.items()}
def predicted(latmix, txt, fn, args, sizes):
    t = open(txt).read(); ptx = t[t.index("//\n"):]
    with tempfile.NamedTemporaryFile("w", suffix=".ptx", delete=False) as f:
        f.write(ptx)
    p = subprocess.run([latmix, "predict", f"data/measured/{gpu}/params-kernels.ini", "--kernel", f"{f.name}:{fn}",
                        "--csv", "--local-size", ",".join(map(str, sizes))] + args, capture_output=True, text=True)
    os.unlink(f.name)
    if p.returncode: return None
    out = {}
    for r in csv.DictReader(io.StringIO(p.stdout)):
        out[(int(r["work_group_size"]), float(r["warps_per_cu"]))] = float(r["elements_per_s"])
    return out
def w90(pts):
    top = max(e for _, e in pts); prev = None
    for w, e in pts:
        if e >= 0.9 * top:
            return w if prev is None else prev[0] + (w - prev[0]) * (0.9 * top - prev[1]) / (e - prev[1])
        prev = (w, e)
print("| kernel | dir | size | first warps: measured / base / waits | RMS base / waits | 90% warps measured / base / waits |")
print("|---|---|---|---|---|---|")
for d, name, fn, args in runs:
    m = measured(f"{lease}/{d}/kernels.csv", name)
    if not m: continue
    sizes = sorted(m)
    pb = predicted(os.environ.get("LATMIX", "build/latmix"), f"{lease}/{d}/mix-of/{name}.txt", fn, args, sizes)
    pw = predicted(os.environ.get("LATMIX_WAITS", "build-waits/latmix"), f"{lease}/{d}/mix-of/{name}.txt", fn, args, sizes)
    for wg in sizes:
        pts = m[wg]; row = []
        for p in (pb, pw):
            e = [(p[(wg, w)] - x) / x for w, x in pts]
            row.append((math.sqrt(sum(v * v for v in e) / len(e)), w90([(w, p[(wg, w)]) for w, _ in pts]), p[(wg, pts[0][0])]))
        print(f"| {name} | {d} | {wg} | {pts[0][0]:g}: {pts[0][1]/1e9:.3g} / {row[0][2]/1e9:.3g} / {row[1][2]/1e9:.3g} | "
              f"{100*row[0][0]:.1f} / {100*row[1][0]:.1f}% | {w90(pts):.1f} / {row[0][1]:.1f} / {row[1][1]:.1f} |")
