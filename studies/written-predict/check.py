"""Kernels as written predicted by latmix predict --csv (the contract of
issue 50) against what each GPU measured (data/measured/<gpu>/kernels.csv):
per kernel and work-group size, the RMS error over the levels measured, the
warps for 90% of the plateau measured and predicted, and the work-group size
each names best. The count is of the PTX NVIDIA's driver built when the
suite was measured (data/measured/<gpu>/mix-of/KERNEL.txt), read again by
ptxas and nvdisasm where they are at hand (LATMIX_PTXAS, LATMIX_NVDISASM, else
on PATH: nd-matmul's schedule, doc/predict.md). Run from the repository root
with a built latmix: /usr/bin/python3 studies/written-predict/check.py"""
import csv, io, math, os, subprocess, sys, tempfile

LATMIX = os.environ.get("LATMIX", "build/latmix")
KERNELS = ["nd-copy", "nd-mul", "nd-add", "nd-triad", "nd-nstream", "nd-transpose", "nd-conv2d",
           "nd-dot", "nd-matmul", "nd-spmv"]
# a listing carries no description: the trip count of a loop inside (cl/kernels/NAME.ini's
# trip =) and the elements a work-item (elements over the launch's work-items) given here
TRIP = {"nd-matmul": 1024, "nd-spmv": 16}
PER_ITEM = {"nd-dot": 4}
# and the arrays its description makes the cache hold (latmix predict --kernel nd-matmul takes
# them so from cl/kernels/nd-matmul.ini: B, 4 MiB under the file's cache_bytes, read by each of
# its 4096 rows); a file without the cache's figures prices them as DRAM's
ARGS = {"nd-matmul": ["--arg", "2=cached"]}
SIZES = [32, 64, 128, 256, 512, 1024]  # those the GPU measured (512 and 1024 since 2026-11-30)


def measured(gpu):
    rows = csv.DictReader(l for l in open(f"data/measured/{gpu}/kernels.csv") if not l.startswith("#"))
    out = {}
    for r in rows:
        if r["mix"] in KERNELS:
            out.setdefault((r["mix"], int(r["work_group_size"])), []).append(
                (float(r["warps_per_cu"]), float(r["elements_per_s"])))
    return {k: sorted(v) for k, v in out.items()}


def predicted(gpu, kernel):
    name = kernel.replace("-", "_")
    with tempfile.NamedTemporaryFile("w", suffix=".ptx", delete=False) as f:
        f.write(open(f"data/measured/{gpu}/mix-of/{kernel}.txt").read())
    p = subprocess.run([LATMIX, "predict", f"data/measured/{gpu}/params-kernels.ini", "--kernel",
                        f"{f.name}:{name}", "--csv", "--local-size", ",".join(map(str, SIZES))] +
                       (["--trip", str(TRIP[kernel])] if kernel in TRIP else []) + ARGS.get(kernel, []),
                       capture_output=True, text=True)
    os.unlink(f.name)
    if p.returncode:
        return None, p.stderr.strip().splitlines()[-1]
    out = {}
    for r in csv.DictReader(io.StringIO(p.stdout)):
        out[(int(r["work_group_size"]), float(r["warps_per_cu"]))] = (
            float(r["elements_per_s"]) * PER_ITEM.get(kernel, 1), r["bound"])
    return out, ""


def w90(points):
    top = max(e for _, e in points)
    prev = None
    for w, e in points:
        if e >= 0.9 * top:
            if prev is None:
                return w
            return prev[0] + (w - prev[0]) * (0.9 * top - prev[1]) / (e - prev[1])
        prev = (w, e)
    return math.inf


def best_size(series):
    """the size reaching 95% of the best rate of all with the fewest warps"""
    top = max(e for pts in series.values() for _, e in pts)
    pick, fewest = None, math.inf
    for wg in sorted(series):
        for w, e in series[wg]:
            if e >= 0.95 * top:
                if w < fewest:
                    pick, fewest = wg, w
                break
    return pick


print("| GPU | kernel | work-items | RMS | 90% warps measured / predicted | miss | bound at the top | best size measured / predicted |")
print("|---|---|---|---|---|---|---|---|")
for gpu in sys.argv[1:] or ["nvidia-h200", "nvidia-h100"]:
    m = measured(gpu)
    for kernel in KERNELS:
        pred, why = predicted(gpu, kernel)
        if pred is None:
            print(f"| {gpu} | {kernel} | | not predicted: {why} | | | | |")
            continue
        ms, ps = {}, {}
        for wg in SIZES:
            pts = m.get((kernel, wg))
            if not pts:
                continue
            ms[wg] = pts
            ps[wg] = [(w, pred[(wg, w)][0]) for w, _ in pts]
        bm, bp = best_size(ms), best_size(ps)
        for wg in sorted(ms):
            errs = [(p - e) / e for (_, e), (_, p) in zip(ms[wg], ps[wg])]
            rms = math.sqrt(sum(x * x for x in errs) / len(errs))
            a, b = w90(ms[wg]), w90(ps[wg])
            top_w = ms[wg][-1][0]
            bound = pred[(wg, top_w)][1]
            print(f"| {gpu} | {kernel} | {wg} | {100 * rms:.1f}% | {a:.1f} / {b:.1f} | {100 * (b / a - 1):+.0f}% | "
                  f"{bound} | {bm} / {bp} |")
