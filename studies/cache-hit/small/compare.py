"""compare.py DIR PREFIX: the lease's measured streams at N = 1M (DIR/grid.csv, DIR/nd.csv, co-resident points) against predict --csv (DIR/PREFIX-NAME.csv): RMS, tops, 90% warps, the bound at the top."""
import csv, math, sys
d = sys.argv[1]; pre = sys.argv[2]
meas={}
for f in ['grid.csv','nd.csv']:
    for r in csv.DictReader(l for l in open(f'{d}/{f}') if not l.startswith('#')):
        if r['coresident']!='yes': continue
        k=r['mix']; s=int(r['work_group_size']) if 'nd' in k else 0
        meas.setdefault(k,{}).setdefault(s,{})[float(r['warps_per_cu'])]=float(r['elements_per_s'])
def w90(pts):
    ws=sorted(pts); top=max(pts.values())
    for i,w in enumerate(ws):
        if pts[w]>=0.9*top:
            if i==0: return w
            w0=ws[i-1]; return w0+(w-w0)*(0.9*top-pts[w0])/(pts[w]-pts[w0])
print("| kernel | work-items | RMS | top measured / predicted (G elements/s) | 90% warps measured / predicted | bound at the top |")
print("|---|---|---|---|---|---|")
for k,n in [('copy','copy'),('triad','triad'),('sum','sum'),('nd-copy','nd_copy'),('nd-add','nd_add'),('nd-triad','nd_triad')]:
    mk=[m for m in meas if m.endswith(':'+n) or m==k or m==n][0]
    p={}
    for r in csv.DictReader(l for l in open(f'{d}/{pre}-{n}.csv') if not l.startswith('#')):
        s=int(r['work_group_size']) if 'nd' in k else 0
        p.setdefault(s,{})[float(r['warps_per_cu'])]=(float(r['elements_per_s']),r['bound'])
    for s in sorted(meas[mk]):
        m=meas[mk][s]; ws=[w for w in sorted(m) if w in p.get(s,{})]
        rms=math.sqrt(sum((p[s][w][0]/m[w]-1)**2 for w in ws)/len(ws))
        a=w90({w:m[w] for w in ws}); b=w90({w:p[s][w][0] for w in ws})
        print(f"| {k} | {s or 'grid-stride'} | {100*rms:.1f}% | {max(m[w] for w in ws)/1e9:.0f} / {max(p[s][w][0] for w in ws)/1e9:.0f} | {a:.1f} / {b:.1f} | {p[s][ws[-1]][1]} |")
