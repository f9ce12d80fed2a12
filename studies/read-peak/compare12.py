import csv, glob, collections, subprocess, io, os, sys
D = sys.argv[1]
meas = collections.defaultdict(list)
for f in sorted(glob.glob(f"{D}/g*.csv")):
    tag = os.path.basename(f).split("-")[0][1:].rstrip("ab")
    for r in csv.DictReader(open(f)):
        L = int(r["work_group_size"])
        per = {"nd1stp": 1, "nd1p": 1}.get(r["kernel"], 8)
        g = 64 * 32 // L if tag == "full" else int(tag)
        w = g * L // 32
        meas[(r["kernel"], L, w)].append(float(r["bytes_per_s"]) / (4 * per))
env = dict(os.environ, LATMIX_NVDISASM="/tmp/nvw/x/nvidia/cu13/bin/nvdisasm", LATMIX_PTXAS="/tmp/nvw/x/nvidia/cuda_nvcc/bin/ptxas")
pred = {}
for k in sorted({k for k, _, _ in meas}):
    ws = sorted({w for kk, _, w in meas if kk == k})
    p = subprocess.run(["build/latmix", "predict", "data/measured/nvidia-h200/params-kernels.ini", "--kernel",
                        f"/tmp/rp.ptx:{k}", "--csv", "--local-size", "32,64,128,256", "--warps", ",".join(map(str, ws))],
                       capture_output=True, text=True, env=env)
    if p.returncode:
        print(k, p.stderr.strip().splitlines()[-1]); continue
    print(k, [l for l in p.stderr.splitlines() if "counted" in l][:1])
    for r in csv.DictReader(io.StringIO(p.stdout)):
        pred[(k, int(r["work_group_size"]), int(float(r["warps_per_cu"])))] = (float(r["elements_per_s"]), r["bound"])
for k in sorted({k for k, _, _ in meas}):
    print(k)
    for (kk, L, w), v in sorted(meas.items(), key=lambda x: (x[0][2], x[0][1])):
        if kk != k or (k, L, w) not in pred: continue
        m = sum(v) / len(v); p, b = pred[(k, L, w)]
        print(f"   L{L:3d} {w:2d}w meas {m/1e9:7.1f} G/s ({min(v)/1e9:.1f}-{max(v)/1e9:.1f})  pred {p/1e9:7.1f} {100*(p/m-1):+6.1f}% {b}")
