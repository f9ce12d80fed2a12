# NVIDIA H100 80GB HBM3: throughput against occupancy, mix gmem-store
# Written by latmix report; edit and rerun here with: gnuplot throughput-gmem-store.gp
set terminal pngcairo size 960,640 enhanced font 'Sans,11'
set output 'throughput-gmem-store.png'
set datafile missing '?'
set grid lc rgb '#dddddd'
set title "NVIDIA H100 80GB HBM3: throughput against occupancy, mix gmem-store" noenhanced
set logscale xy
set xlabel 'occupancy n = warps per CU'
set ylabel 'warp instructions / cycle / CU (memory; arithmetic for alpha = inf)'
set key outside right top box
set xrange [0.8:80]
plot 'throughput-gmem-store.dat' index 0 using 1:2 with points pt 7 ps 0.8 lc rgb '#1f77b4' title 'alpha = 0', \
  'throughput-gmem-store-model.dat' index 0 using 1:2 with lines lw 2 lc rgb '#1f77b4' notitle, \
  'throughput-gmem-store-model.dat' index 0 using 1:3 with lines lw 2 dt 2 lc rgb '#1f77b4' notitle, \
  'throughput-gmem-store.dat' index 1 using 1:2 with points pt 7 ps 0.8 lc rgb '#ff7f0e' title 'alpha = 1/4', \
  'throughput-gmem-store-model.dat' index 1 using 1:2 with lines lw 2 lc rgb '#ff7f0e' notitle, \
  'throughput-gmem-store-model.dat' index 1 using 1:3 with lines lw 2 dt 2 lc rgb '#ff7f0e' notitle, \
  'throughput-gmem-store.dat' index 2 using 1:2 with points pt 7 ps 0.8 lc rgb '#2ca02c' title 'alpha = 1', \
  'throughput-gmem-store-model.dat' index 2 using 1:2 with lines lw 2 lc rgb '#2ca02c' notitle, \
  'throughput-gmem-store-model.dat' index 2 using 1:3 with lines lw 2 dt 2 lc rgb '#2ca02c' notitle, \
  'throughput-gmem-store.dat' index 3 using 1:2 with points pt 7 ps 0.8 lc rgb '#d62728' title 'alpha = 2', \
  'throughput-gmem-store-model.dat' index 3 using 1:2 with lines lw 2 lc rgb '#d62728' notitle, \
  'throughput-gmem-store-model.dat' index 3 using 1:3 with lines lw 2 dt 2 lc rgb '#d62728' notitle, \
  'throughput-gmem-store.dat' index 4 using 1:2 with points pt 7 ps 0.8 lc rgb '#9467bd' title 'alpha = 4', \
  'throughput-gmem-store-model.dat' index 4 using 1:2 with lines lw 2 lc rgb '#9467bd' notitle, \
  'throughput-gmem-store-model.dat' index 4 using 1:3 with lines lw 2 dt 2 lc rgb '#9467bd' notitle, \
  'throughput-gmem-store.dat' index 5 using 1:2 with points pt 7 ps 0.8 lc rgb '#8c564b' title 'alpha = 8', \
  'throughput-gmem-store-model.dat' index 5 using 1:2 with lines lw 2 lc rgb '#8c564b' notitle, \
  'throughput-gmem-store-model.dat' index 5 using 1:3 with lines lw 2 dt 2 lc rgb '#8c564b' notitle, \
  'throughput-gmem-store.dat' index 6 using 1:2 with points pt 7 ps 0.8 lc rgb '#e377c2' title 'alpha = 16', \
  'throughput-gmem-store-model.dat' index 6 using 1:2 with lines lw 2 lc rgb '#e377c2' notitle, \
  'throughput-gmem-store-model.dat' index 6 using 1:3 with lines lw 2 dt 2 lc rgb '#e377c2' notitle, \
  'throughput-gmem-store.dat' index 7 using 1:2 with points pt 7 ps 0.8 lc rgb '#7f7f7f' title 'alpha = 32', \
  'throughput-gmem-store-model.dat' index 7 using 1:2 with lines lw 2 lc rgb '#7f7f7f' notitle, \
  'throughput-gmem-store-model.dat' index 7 using 1:3 with lines lw 2 dt 2 lc rgb '#7f7f7f' notitle, \
  'throughput-gmem-store.dat' index 8 using 1:2 with points pt 7 ps 0.8 lc rgb '#bcbd22' title 'alpha = 64', \
  'throughput-gmem-store-model.dat' index 8 using 1:2 with lines lw 2 lc rgb '#bcbd22' notitle, \
  'throughput-gmem-store-model.dat' index 8 using 1:3 with lines lw 2 dt 2 lc rgb '#bcbd22' notitle, \
  'throughput-gmem-store.dat' index 9 using 1:2 with points pt 7 ps 0.8 lc rgb '#17becf' title 'alpha = 128', \
  'throughput-gmem-store-model.dat' index 9 using 1:2 with lines lw 2 lc rgb '#17becf' notitle, \
  'throughput-gmem-store-model.dat' index 9 using 1:3 with lines lw 2 dt 2 lc rgb '#17becf' notitle, \
  'throughput-gmem-store.dat' index 10 using 1:2 with points pt 7 ps 0.8 lc rgb '#393b79' title 'alpha = 256', \
  'throughput-gmem-store-model.dat' index 10 using 1:2 with lines lw 2 lc rgb '#393b79' notitle, \
  'throughput-gmem-store-model.dat' index 10 using 1:3 with lines lw 2 dt 2 lc rgb '#393b79' notitle, \
  'throughput-gmem-store.dat' index 11 using 1:2 with points pt 7 ps 0.8 lc rgb '#637939' title 'alpha = 512', \
  'throughput-gmem-store-model.dat' index 11 using 1:2 with lines lw 2 lc rgb '#637939' notitle, \
  'throughput-gmem-store-model.dat' index 11 using 1:3 with lines lw 2 dt 2 lc rgb '#637939' notitle, \
  keyentry with points pt 7 lc rgb 'black' title 'measured', \
  keyentry with lines lw 2 lc rgb 'black' title 'basic model', \
  keyentry with lines lw 2 dt 2 lc rgb 'black' title 'refined model'

set terminal svg size 960,640 enhanced font 'Sans,11' background rgb 'white'
set output 'throughput-gmem-store.svg'
replot
unset output
