import glob, re, collections, statistics as st
rows=collections.defaultdict(list)
hdr=None
for f in glob.glob('noise-*.csv'):
    m=re.match(r'noise-(\w+)-ms(\d+)-r(\d+)-(\d)\.csv',f)
    kind,ms,r,run=m.groups()
    for line in open(f):
        if line.startswith('#'): continue
        p=line.strip().split(',')
        if p[0]=='mix': hdr=p; continue
        d=dict(zip(hdr,p))
        val=float(d['alu_ipc']) if d['alpha']=='inf' else float(d['mem_ipc'])
        rows[(int(ms),int(r),d['mix'],d['chains'],d['alpha'],int(d['warps_per_cu']))].append(val)
agg=collections.defaultdict(list)
for k,v in rows.items():
    if len(v)<3: continue
    med=st.median(v); spread=(max(v)-min(v))/med*100
    sd=st.stdev(v)/med*100
    agg[(k[0],k[1])].append((spread,sd,k[2:]))
for key in sorted(agg):
    sp=sorted(agg[key])
    print(f"launch {key[0]} ms, repeats {key[1]}: {len(sp)} points; spread (max-min)/median over 5 runs: median {st.median([s[0] for s in sp]):.2f}%, 90th {sp[int(.9*len(sp))][0]:.2f}%, max {sp[-1][0]:.2f}% at {sp[-1][2]}; rel sd median {st.median([s[1] for s in sp]):.2f}%")
