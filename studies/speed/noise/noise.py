import glob, re, collections, statistics as st, sys
rows=collections.defaultdict(list)
hdr=None
for f in glob.glob('noise-*.csv'):
    m=re.match(r'noise-(\w+)-([\w-]+)-(\d)\.csv',f)
    kind,setting,run=m.groups()
    for line in open(f):
        if line.startswith('#'): continue
        p=line.strip().split(',')
        if p[0]=='mix': hdr=p; continue
        d=dict(zip(hdr,p))
        val=float(d['alu_ipc']) if d['alpha']=='inf' else float(d['mem_ipc'])
        rows[(setting,d['mix'],d['chains'],d['alpha'],int(d['warps_per_cu']))].append(val)
agg=collections.defaultdict(list); meds={}
for k,v in rows.items():
    if len(v)<3: continue
    med=st.median(v); spread=(max(v)-min(v))/med*100
    agg[k[0]].append((spread,k[1:])); meds[k]=med
for key in sorted(agg):
    sp=sorted(agg[key])
    print(f"{key}: {len(sp)} points; spread (max-min)/median over 5 runs: median {st.median([s[0] for s in sp]):.2f}%, 90th {sp[int(.9*len(sp))][0]:.2f}%, max {sp[-1][0]:.2f}% at {sp[-1][1]}")
# warm-up per point against per program: medians
if len(sys.argv)>1:
    a,b=sys.argv[1],sys.argv[2]
    d=[(meds[(b,)+k[1:]]/meds[k]-1)*100 for k in meds if k[0]==a and (b,)+k[1:] in meds]
    print(f"{b} against {a}: median of 5 runs differs by median {st.median(d):+.3f}%, range {min(d):+.3f}% .. {max(d):+.3f}% over {len(d)} points")
