# NVIDIA H100 80GB HBM3: throughput against occupancy, mix gmem-stride2
# Written by latmix report; edit and rerun here with: gnuplot throughput-gmem-stride2.gp
set terminal pngcairo size 960,640 enhanced font 'Sans,11'
set output 'throughput-gmem-stride2.png'
set datafile missing '?'
set grid lc rgb '#dddddd'
set title "NVIDIA H100 80GB HBM3: throughput against occupancy, mix gmem-stride2" noenhanced
set logscale xy
set xlabel 'occupancy n = warps per CU'
set ylabel 'warp instructions / cycle / CU (memory; arithmetic for alpha = inf)'
set key outside right top box
set xrange [0.8:80]
plot 'throughput-gmem-stride2.dat' index 0 using 1:2 with points pt 7 ps 0.8 lc rgb '#1f77b4' title 'alpha = 0', \
  'throughput-gmem-stride2-model.dat' index 0 using 1:2 with lines lw 2 lc rgb '#1f77b4' notitle, \
  'throughput-gmem-stride2.dat' index 1 using 1:2 with points pt 7 ps 0.8 lc rgb '#ff7f0e' title 'alpha = 1', \
  'throughput-gmem-stride2-model.dat' index 1 using 1:2 with lines lw 2 lc rgb '#ff7f0e' notitle, \
  'throughput-gmem-stride2.dat' index 2 using 1:2 with points pt 7 ps 0.8 lc rgb '#2ca02c' title 'alpha = 4', \
  'throughput-gmem-stride2-model.dat' index 2 using 1:2 with lines lw 2 lc rgb '#2ca02c' notitle, \
  'throughput-gmem-stride2.dat' index 3 using 1:2 with points pt 7 ps 0.8 lc rgb '#d62728' title 'alpha = 16', \
  'throughput-gmem-stride2-model.dat' index 3 using 1:2 with lines lw 2 lc rgb '#d62728' notitle, \
  'throughput-gmem-stride2.dat' index 4 using 1:2 with points pt 7 ps 0.8 lc rgb '#9467bd' title 'alpha = 64', \
  'throughput-gmem-stride2-model.dat' index 4 using 1:2 with lines lw 2 lc rgb '#9467bd' notitle, \
  'throughput-gmem-stride2.dat' index 5 using 1:2 with points pt 7 ps 0.8 lc rgb '#8c564b' title 'alpha = 256', \
  'throughput-gmem-stride2-model.dat' index 5 using 1:2 with lines lw 2 lc rgb '#8c564b' notitle, \
  keyentry with points pt 7 lc rgb 'black' title 'measured', \
  keyentry with lines lw 2 lc rgb 'black' title 'basic model'

set terminal svg size 960,640 enhanced font 'Sans,11' background rgb 'white'
set output 'throughput-gmem-stride2.svg'
replot
unset output
