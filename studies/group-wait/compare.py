"""The suite's streams and dot at 256, 512 and 1024 work-items, as the lease measured them
(LEASE/k.csv, their PTX in LEASE/mix-of/), against latmix predict --csv from PARAMS (the
same lease's sweep fitted: latmix run --refit). From the repository root with a built
latmix: /usr/bin/python3 studies/group-wait/compare.py LEASE PARAMS"""
import csv, io, os, subprocess, sys, tempfile

LATMIX = os.environ.get("LATMIX", "build/latmix")
PER_ITEM = {"nd-dot": 4}
lease, params = sys.argv[1], sys.argv[2]
rows = [r for r in csv.DictReader(l for l in open(f"{lease}/k.csv") if not l.startswith("#"))]
print("| kernel | work-items | warps | measured (G/s) | predicted | error |")
print("|---|---|---|---|---|---|")
for k in dict.fromkeys(r["mix"] for r in rows):
    with tempfile.NamedTemporaryFile("w", suffix=".ptx", delete=False) as f:
        f.write(open(f"{lease}/mix-of/{k}.txt").read())
    p = subprocess.run([LATMIX, "predict", params, "--kernel", f"{f.name}:{k.replace('-', '_')}",
                        "--local-size", "256,512,1024", "--csv"], capture_output=True, text=True)
    os.unlink(f.name)
    pred = {(int(r["work_group_size"]), float(r["warps_per_cu"])): float(r["elements_per_s"]) * PER_ITEM.get(k, 1)
            for r in csv.DictReader(io.StringIO(p.stdout))}
    for r in rows:
        if r["mix"] != k:
            continue
        wg, w, e = int(r["work_group_size"]), float(r["warps_per_cu"]), float(r["elements_per_s"])
        q = pred.get((wg, w), float("nan"))
        print(f"| {k} | {wg} | {w:.0f} | {e / 1e9:.1f} | {q / 1e9:.1f} | {100 * (q / e - 1):+.1f}% |")
