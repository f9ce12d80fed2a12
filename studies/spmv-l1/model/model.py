import math, sys
from load import alldata
DEV={ # all from params-kernels.ini / studies/scatter-l2 (no spmv data)
 'h200':dict(f=1978.27e6,sm=132,sL2=0.0192*32,Lx=351,Lmem=678.0,l1=1.0025),
 'h100':dict(f=1978.99e6,sm=132,sL2=0.0164*32,Lx=349,Lmem=698.1,l1=1.0053)}
S0=16+4+0.25          # sectors a row: 16 x gathers, 2 val + 2 col sectors, row_ptr/y ~1/4
LINES_PER_WARP=32     # 16 val + 16 col 128-B lines live for a warp's whole row pass
def predict(r,E=28,xinflight=True,lat=True):
    d=DEV[r['gpu']]; W=r['W']; C=r['L1']*1024/128
    Tstep=(d['Lmem']+d['Lx'])/2+(0+d['Lx'])/2+4*64/d['l1']  # a warp's 4-nonzero step: col (DRAM or L1) then x (L2), + its own L1 wavefronts (x in the L1 term below)
    Rlat=W*8/Tstep if lat else 1e9
    R=0.03
    for _ in range(200):
        nx=R*16*d['Lx'] if xinflight else 0
        m=max(0.0,1-(C-nx)/(LINES_PER_WARP*W)); m=min(m,1)
        S=S0+E*m
        Rn=min(Rlat,d['sL2']/S)
        R=0.5*R+0.5*Rn
    return R*d['f']*d['sm'],m,S
def report(E,xin,lat,verbose=False):
    data=alldata(); groups={}
    for r in data:
        p,m,S=predict(r,E,xin,lat); r['pred']=p; r['m']=m; r['S']=S; r['err']=p/r['rate']-1
        groups.setdefault((r['src'].replace('-levels','') if r['src'].endswith('levels') and not r['src'].startswith('probe') else 'probe',r['wg']),[]).append(r['err'])
    out=[]
    for k,v in sorted(groups.items()):
        out.append((k,len(v),math.sqrt(sum(e*e for e in v)/len(v))))
    allrms=math.sqrt(sum(r['err']**2 for r in data)/len(data))
    return data,out,allrms
if __name__=='__main__':
    for E in (4,12,28):
      for xin in (True,False):
        data,out,a=report(E,xin,True)
        print(f'E={E} xinflight={xin}: all RMS {a:.3f} | '+' '.join(f'{k[0]}/{k[1]}:{v:.3f}' for k,n,v in out))
