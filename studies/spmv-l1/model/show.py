from model import report
import sys
E=float(sys.argv[1]) if len(sys.argv)>1 else 28
data,out,a=report(E,True,True)
for r in data: print(f"{r['src']:14s} wg{r['wg']:4d} W{r['W']:3.0f} L1 {r['L1']:3d} meas {r['rate']/1e9:5.2f} model {r['pred']/1e9:5.2f} err {100*r['err']:+6.1f}% m {r['m']:.2f} S {r['S']:.1f}")
