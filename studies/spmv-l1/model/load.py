import csv, io, math
import os
M=os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../../')
CARVE=[0,8,16,32,64,100,132,164,196,228]
def l1_left(res, G):
    need=G*(res+1024)/1024.
    return 256-min(x for x in CARVE if x>=need-1e-9)
def pad(level, top):
    if level>=top: return 0
    return (math.floor((233472/(level+1)-1024)/128)+1)*128
def kernels(gpu):
    txt=''.join(l for l in open(M+f'data/measured/nvidia-{gpu}/kernels.csv') if not l.startswith('#'))
    d=[r for r in csv.DictReader(io.StringIO(txt)) if r['mix']=='nd-spmv']
    out=[]
    for wg in sorted({int(r['work_group_size']) for r in d}):
        g=[r for r in d if int(r['work_group_size'])==wg]
        top=max(int(r['groups_per_cu']) for r in g)
        for r in g:
            G=float(r['resident_groups_per_cu']); p=pad(int(r['groups_per_cu']),top)
            out.append(dict(src=gpu+'-levels',gpu=gpu,wg=wg,G=G,W=float(r['resident_warps_per_cu']),res=p,L1=l1_left(p,G),rate=float(r['elements_per_s'])))
    return out
def reserves():
    out=[]
    for f in ['64','128','256','levels']:
        for r in csv.DictReader(open(M+f'studies/ndrange-probe/reserves-h200/nd-spmv-{f}.csv')):
            G=float(r['groups_per_sm_peak']); res=float(r['reserved_local_bytes'])
            out.append(dict(src='probe-'+f,gpu='h200',wg=int(r['local_size']),G=G,W=float(r['warps_per_sm']),res=res,L1=l1_left(res,G),rate=float(r['elements_per_s'])))
    return out
def alldata(): return kernels('h200')+kernels('h100')+reserves()
if __name__=='__main__':
    for r in reserves(): print(r['src'],r['wg'],r['G'],r['W'],r['res'],r['L1'],'%.3g'%r['rate'])
