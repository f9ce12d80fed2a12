"""Reads as written (reads.cl, K loads a work-item a grid apart) and the suite's kernels as
written, measured in one lease, against latmix predict --csv from that lease's own sweep:
per kernel and work-group size, measured / predicted at each level, and the RMS error.
/usr/bin/python3 studies/written-step/compare.py DIR [PARAMS] (DIR: the lease's r/ with
kernels.csv, reads.csv and mix-of/; PARAMS: its fitted params-kernels.ini)"""
import csv, io, math, os, subprocess, sys, tempfile

LATMIX = os.environ.get("LATMIX", "build/latmix")
d = sys.argv[1]
params = sys.argv[2] if len(sys.argv) > 2 else f"{d}/params-kernels.ini"
PER_ITEM = {"nd-dot": 4}


def measured(path):
    out = {}
    for r in csv.DictReader(l for l in open(path) if not l.startswith("#")):
        if r["coresident"] != "yes":
            continue
        out.setdefault((r["mix"], int(r["work_group_size"])), {})[float(r["warps_per_cu"])] = float(r["elements_per_s"])
    return out


def predict(kernel):
    text = open(f"{d}/mix-of/{kernel}.txt").read()
    ptx = text[text.index("\n//") + 1:]
    name = kernel.replace("-", "_")
    with tempfile.NamedTemporaryFile("w", suffix=".ptx", delete=False) as f:
        f.write(ptx)
    p = subprocess.run([LATMIX, "predict", params, "--kernel", f"{f.name}:{name}", "--csv", "--local-size",
                        "32,64,128,256"], capture_output=True, text=True)
    os.unlink(f.name)
    if p.returncode:
        sys.exit(p.stderr)
    out = {}
    for r in csv.DictReader(io.StringIO(p.stdout)):
        out[(int(r["work_group_size"]), float(r["warps_per_cu"]))] = (
            float(r["elements_per_s"]) * PER_ITEM.get(kernel, 1), r["bound"])
    return out


m = measured(f"{d}/reads.csv")
m.update(measured(f"{d}/kernels.csv"))
for kernel in sorted({k for k, _ in m}, key=lambda k: (not k.startswith("reads"), len(k), k)):
    pr = predict(kernel)
    for wg in (32, 64, 128, 256):
        pts = m.get((kernel, wg))
        if not pts:
            continue
        errs = [(pr[(wg, w)][0] - e) / e for w, e in sorted(pts.items())]
        rms = math.sqrt(sum(x * x for x in errs) / len(errs))
        cells = " ".join(f"{w:g}:{e / 1e9:.1f}/{pr[(wg, w)][0] / 1e9:.1f}{pr[(wg, w)][1][0]}"
                         for w, e in sorted(pts.items()))
        print(f"{kernel} {wg} rms {100 * rms:.1f}% | {cells}")
