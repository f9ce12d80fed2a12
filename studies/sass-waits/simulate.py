import re, sys
def load(path, lbl):
    lines = open(path).read().splitlines()
    # find innermost loop with most LDG: take the block between a label and a back-branch to it
    best=None
    for i,l in enumerate(lines):
        m = re.search(r"BRA `\((\.L_x_\d+)\)", l)
        if m:
            lab=m.group(1)
            try: st=next(j for j,x in enumerate(lines) if x.startswith(lab+":"))
            except StopIteration: continue
            if st<i:
                n=sum(1 for x in lines[st:i+1] if "LDG" in x)
                if best is None or n>best[0]: best=(n,st,i)
    _,st,en=best
    body=[]
    for l in lines[st+1:en+1]:
        m = re.search(r"\*/\s+(@!?P\d\s+)?([A-Z0-9_.]+)\s*(.*?);", l)
        if not m: continue
        op,args=m.group(2),m.group(3)
        regs=re.findall(r"\bR(\d+)\b", args)
        isload=op.startswith("LDG")
        dst = regs[0] if regs and not op.startswith(("ISETP","BRA","STG")) else None
        srcs = regs[1:] if dst else regs
        base = re.search(r"\[R(\d+)\.64(\+0x[0-9a-f]+)?\]", args)
        body.append((op,dst,set(srcs),isload, base.group(1) if base else None, bool(base and base.group(2))))
    return body
def run(body,L,H,alu=4,iters=40,hitoff=True):
    ready={}; t=0
    for it in range(iters):
        if it==iters//2: t0=t
        for op,dst,srcs,isl,base,off in body:
            t=max([t+1]+[ready.get(r,0) for r in srcs]+([ready.get(dst,0)] if dst else []))
            if dst: ready[dst]=t+((H if (off and hitoff) else L) if isl else alu)
    return (t-t0)/(iters-iters//2)
b=load(sys.argv[1],None)
k=int(sys.argv[2])
for L in (344,700):
    print(L, "all-L per-iter", run(b,L,L)/k, " offsets-as-hits(40)", run(b,L,40)/k)
