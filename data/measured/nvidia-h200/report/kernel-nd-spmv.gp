# NVIDIA H200: kernel nd-spmv against occupancy
# Written by latmix report; edit and rerun here with: gnuplot kernel-nd-spmv.gp
set terminal pngcairo size 960,640 enhanced font 'Sans,11'
set output 'kernel-nd-spmv.png'
set datafile missing '?'
set grid lc rgb '#dddddd'
set title 'NVIDIA H200: kernel nd-spmv against occupancy' noenhanced
set xlabel 'warps per CU'
set ylabel 'GB/s'
set logscale x 2
set xrange [0.8:73]
set yrange [0:1672]
set key below
set y2label 'G elements/s'
set y2tics
set ytics nomirror
set format y2 '%.3g'
set link y2 via y * 0.005 inverse y / 0.005
plot 'kernel-nd-spmv.dat' index 0 using 1:2 with linespoints pt 7 ps 1 lw 1.5 lc rgb '#1f77b4' title '32 work-items: 90% at 5.52 warps', \
  'kernel-nd-spmv.dat' index 0 using 1:4 with lines lw 2 dt 2 lc rgb '#1f77b4' notitle, \
  'kernel-nd-spmv.dat' index 1 using 1:2 with linespoints pt 7 ps 1 lw 1.5 lc rgb '#ff7f0e' title '64 work-items: 90% at 8 warps or fewer', \
  'kernel-nd-spmv.dat' index 1 using 1:4 with lines lw 2 dt 2 lc rgb '#ff7f0e' notitle, \
  'kernel-nd-spmv.dat' index 2 using 1:2 with linespoints pt 7 ps 1 lw 1.5 lc rgb '#2ca02c' title '128 work-items: 90% at 63.3 warps', \
  'kernel-nd-spmv.dat' index 2 using 1:4 with lines lw 2 dt 2 lc rgb '#2ca02c' notitle, \
  'kernel-nd-spmv.dat' index 3 using 1:2 with linespoints pt 7 ps 1 lw 1.5 lc rgb '#d62728' title '256 work-items: 90% at 62.5 warps', \
  'kernel-nd-spmv.dat' index 3 using 1:4 with lines lw 2 dt 2 lc rgb '#d62728' notitle, \
  NaN with lines lw 2 dt 2 lc rgb '#000000' title 'predicted (dashed, in its colour)', \
  4492.11 with lines lw 2 dt 2 lc rgb '#7f7f7f' title 'stream peak (4492 GB/s, above the scale)', \
  'kernel-nd-spmv.dat' index 0 using 1:5 with points pt 6 ps 2 lc rgb '#000000' notitle, \
  'kernel-nd-spmv.dat' index 1 using 1:5 with points pt 6 ps 2 lc rgb '#000000' notitle, \
  'kernel-nd-spmv.dat' index 2 using 1:5 with points pt 6 ps 2 lc rgb '#000000' notitle, \
  'kernel-nd-spmv.dat' index 3 using 1:5 with points pt 6 ps 2 lc rgb '#000000' notitle, \
  NaN with points pt 6 ps 2 lc rgb '#000000' title 'ringed: 28 KiB of L1 left an SM by the reserve holding the warps down', \
  '+' using (5.51935):(1308.74) every ::0::0 with points pt 9 ps 2 lc rgb '#1f77b4' notitle, \
  '+' using (8):(1197.89) every ::0::0 with points pt 9 ps 2 lc rgb '#ff7f0e' notitle, \
  '+' using (63.2662):(1238.96) every ::0::0 with points pt 9 ps 2 lc rgb '#2ca02c' notitle, \
  '+' using (62.5475):(1248.07) every ::0::0 with points pt 9 ps 2 lc rgb '#d62728' notitle

set terminal svg size 960,640 enhanced font 'Sans,11' background rgb 'white'
set output 'kernel-nd-spmv.svg'
replot
unset output
