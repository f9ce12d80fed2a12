"""nd-transpose measured by the independent probe (CSV: its groups WIDTH wide, WIDTH x L/WIDTH)
against latmix predict --csv from the H200's committed parameter file and the PTX NVIDIA's
driver built of it (data/measured/nvidia-h200/mix-of/nd-transpose.txt): per shape, the RMS
error over the occupancies the probe reached (every SM at the same level), the best rate
measured and predicted there, and what binds. From the repository root with a built latmix:
/usr/bin/python3 studies/scatter-store/heldout/compare.py [CSV WIDTH [PARAMS]] (default:
transpose.csv, its groups 32 wide)"""
import csv, io, math, os, subprocess, sys, tempfile

LATMIX = os.environ.get("LATMIX", "build/latmix")
HERE = os.path.dirname(os.path.abspath(__file__))
CSV = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "transpose.csv")
WIDTH = int(sys.argv[2]) if len(sys.argv) > 2 else 32
PARAMS = sys.argv[3] if len(sys.argv) > 3 else "data/measured/nvidia-h200/params-kernels.ini"

measured = {}
for r in csv.DictReader(open(CSV)):
    if int(r["groups_per_sm_min"]) != int(r["groups_per_sm_peak"]) or int(r["cus_seen"]) < 2:
        continue
    local = int(r["local_size"])
    w = int(r["groups_per_sm_peak"]) * local // 32  # warps a CU
    measured.setdefault(local, {})[w] = float(r["elements_per_s"])

text = open("data/measured/nvidia-h200/mix-of/nd-transpose.txt").read()
with tempfile.NamedTemporaryFile("w", suffix=".ptx", delete=False) as f:
    f.write(text[text.index("//\n"):])
print("| shape | RMS | best measured / predicted there (G elements/s) | bound at the top |")
print("|---|---|---|---|")
for local in sorted(measured):
    shape = "%dx%d" % (WIDTH, local // WIDTH)
    warps = sorted(measured[local])
    p = subprocess.run([LATMIX, "predict", PARAMS, "--kernel", f.name + ":nd_transpose", "--csv",
                        "--local-size", shape, "--warps", ",".join(map(str, warps))],
                       capture_output=True, text=True)
    pred = {int(r["warps_per_cu"]): (float(r["elements_per_s"]), r["bound"])
            for r in csv.DictReader(io.StringIO(p.stdout))}
    errs = [pred[w][0] / measured[local][w] - 1 for w in warps if w in pred]
    top = max(warps, key=lambda w: measured[local][w])
    rms = math.sqrt(sum(e * e for e in errs) / len(errs)) if errs else float("nan")
    print("| %s | %.1f%% | %.1f / %.1f | %s |" % (shape, 100 * rms, measured[local][top] / 1e9,
                                              pred[top][0] / 1e9 if top in pred else float("nan"),
                                              pred[top][1] if top in pred else "-"))
os.unlink(f.name)
