# NVIDIA H200: kernel nd-add against occupancy
# Written by latmix report; edit and rerun here with: gnuplot kernel-nd-add.gp
set terminal pngcairo size 960,640 enhanced font 'Sans,11'
set output 'kernel-nd-add.png'
set datafile missing '?'
set grid lc rgb '#dddddd'
set title 'NVIDIA H200: kernel nd-add against occupancy' noenhanced
set xlabel 'warps per CU'
set ylabel 'GB/s'
set logscale x 2
set xrange [0.8:73]
set yrange [0:5166]
set key below
set y2label 'G elements/s'
set y2tics
set ytics nomirror
set format y2 '%.3g'
set link y2 via y * 0.0833333334 inverse y / 0.0833333334
plot 'kernel-nd-add.dat' index 0 using 1:2 with linespoints pt 7 ps 1 lw 1.5 lc rgb '#1f77b4' title '32 work-items: 90% at 7.6 warps', \
  'kernel-nd-add.dat' index 0 using 1:4 with lines lw 2 dt 2 lc rgb '#1f77b4' notitle, \
  'kernel-nd-add.dat' index 1 using 1:2 with linespoints pt 7 ps 1 lw 1.5 lc rgb '#ff7f0e' title '64 work-items: 90% at 15.8 warps', \
  'kernel-nd-add.dat' index 1 using 1:4 with lines lw 2 dt 2 lc rgb '#ff7f0e' notitle, \
  'kernel-nd-add.dat' index 2 using 1:2 with linespoints pt 7 ps 1 lw 1.5 lc rgb '#2ca02c' title '128 work-items: 90% at 36.2 warps', \
  'kernel-nd-add.dat' index 2 using 1:4 with lines lw 2 dt 2 lc rgb '#2ca02c' notitle, \
  'kernel-nd-add.dat' index 3 using 1:2 with linespoints pt 7 ps 1 lw 1.5 lc rgb '#d62728' title '256 work-items: 90% at 55.7 warps', \
  'kernel-nd-add.dat' index 3 using 1:4 with lines lw 2 dt 2 lc rgb '#d62728' notitle, \
  NaN with lines lw 2 dt 2 lc rgb '#000000' title 'predicted (dashed, in its colour)', \
  4492.11 with lines lw 2 dt 2 lc rgb '#7f7f7f' title 'stream peak (4492 GB/s)', \
  'kernel-nd-add.dat' index 0 using 1:5 with points pt 6 ps 2 lc rgb '#000000' notitle, \
  'kernel-nd-add.dat' index 1 using 1:5 with points pt 6 ps 2 lc rgb '#000000' notitle, \
  'kernel-nd-add.dat' index 2 using 1:5 with points pt 6 ps 2 lc rgb '#000000' notitle, \
  'kernel-nd-add.dat' index 3 using 1:5 with points pt 6 ps 2 lc rgb '#000000' notitle, \
  NaN with points pt 6 ps 2 lc rgb '#000000' title 'ringed: 28 KiB of L1 left an SM by the reserve holding the warps down', \
  '+' using (7.60465):(575.672) every ::0::0 with points pt 9 ps 2 lc rgb '#1f77b4' notitle, \
  '+' using (15.8391):(1152.02) every ::0::0 with points pt 9 ps 2 lc rgb '#ff7f0e' notitle, \
  '+' using (36.1542):(2284.24) every ::0::0 with points pt 9 ps 2 lc rgb '#2ca02c' notitle, \
  '+' using (55.6576):(3048.29) every ::0::0 with points pt 9 ps 2 lc rgb '#d62728' notitle

set terminal svg size 960,640 enhanced font 'Sans,11' background rgb 'white'
set output 'kernel-nd-add.svg'
replot
unset output
