import sys, os, csv
sys.argv=[sys.argv[0], "studies/written-predict/heldout-h200d", "nvidia-h200"]
src=open("studies/written-predict/heldout.py").read()
exec(src.split("def w90")[0])
D="studies/written-predict/heldout-h200d"
lm={}
for r in csv.DictReader(l for l in open(f"{D}/kernels.csv") if not l.startswith("#")):
    lm.setdefault((r["mix"], int(r["work_group_size"])),{})[float(r["warps_per_cu"])]=float(r["elements_per_s"])
import subprocess, io, tempfile
def pred_suite(kernel, params):
    name=kernel.replace("-","_")
    with tempfile.NamedTemporaryFile("w", suffix=".ptx", delete=False) as f:
        f.write(open(f"{D}/mix-of/{kernel}.txt").read())
    p=subprocess.run(["build/latmix","predict",params,"--kernel",f"{f.name}:{name}","--csv","--local-size","32,64,128,256"],capture_output=True,text=True)
    out={}
    for r in csv.DictReader(io.StringIO(p.stdout)):
        out.setdefault(int(r["work_group_size"]),{})[float(r["warps_per_cu"])]=float(r["elements_per_s"])
    return out
for k in ["nd-copy","nd-add","nd-triad"]:
    pm=probe(f"{D}/{k}.csv")
    a=pred_suite(k,"/tmp/hd/params-nowait.ini"); b=pred_suite(k,"/tmp/hd/params-kernels.ini")
    for wg in (32,64,128,256):
        pp=pm.get((k,wg),{}); ll=lm.get((k,wg),{})
        ws=sorted(set(pp)&set(ll))
        print(k,wg,"probe/latmix:"," ".join(f"{w:.0f}:{pp[w]/ll[w]:.3f}" for w in ws))
        print("     latmix err nowait/wait:"," ".join(f"{w:.0f}:{100*(a[wg][w]/e-1):+.1f}/{100*(b[wg][w]/e-1):+.1f}" for w,e in sorted(ll.items()) if w in a[wg]))
        print("     probe  err nowait/wait:"," ".join(f"{w:.0f}:{100*(a[wg][w]/e-1):+.1f}/{100*(b[wg][w]/e-1):+.1f}" for w,e in sorted(pp.items()) if w in a[wg]))
