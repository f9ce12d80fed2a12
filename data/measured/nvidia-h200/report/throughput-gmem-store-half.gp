# NVIDIA H200: throughput against occupancy, mix gmem-store-half
# Written by latmix report; edit and rerun here with: gnuplot throughput-gmem-store-half.gp
set terminal pngcairo size 960,640 enhanced font 'Sans,11'
set output 'throughput-gmem-store-half.png'
set datafile missing '?'
set grid lc rgb '#dddddd'
set title 'NVIDIA H200: throughput against occupancy, mix gmem-store-half' noenhanced
set logscale xy
set format y '%g'
set xlabel 'occupancy n = warps per CU'
set ylabel 'warp instructions / cycle / CU (memory; arithmetic for alpha = inf)'
set key below horizontal
set xrange [0.8:80]
set palette defined (0 '#0d0887', 1 '#7e03a8', 2 '#cc4778', 3 '#f0803c', 4 '#c9a800')
set palette maxcolors 12
set cbrange [-0.5:11.5]
set cblabel 'alpha, adds per load'
set cbtics ('0' 0, '1/4' 1, '1' 2, '2' 3, '4' 4, '8' 5, '16' 6, '32' 7, '64' 8, '128' 9, '256' 10, '512' 11)
set colorbox
plot 'throughput-gmem-store-half.dat' index 0 using 1:2 with points pt 7 ps 0.8 lc palette cb 0 notitle, \
  'throughput-gmem-store-half-model.dat' index 0 using 1:2 with lines lw 2 lc palette cb 0 notitle, \
  'throughput-gmem-store-half-model.dat' index 0 using 1:3 with lines lw 2 dt 2 lc palette cb 0 notitle, \
  'throughput-gmem-store-half.dat' index 1 using 1:2 with points pt 7 ps 0.8 lc palette cb 1 notitle, \
  'throughput-gmem-store-half-model.dat' index 1 using 1:2 with lines lw 2 lc palette cb 1 notitle, \
  'throughput-gmem-store-half-model.dat' index 1 using 1:3 with lines lw 2 dt 2 lc palette cb 1 notitle, \
  'throughput-gmem-store-half.dat' index 2 using 1:2 with points pt 7 ps 0.8 lc palette cb 2 notitle, \
  'throughput-gmem-store-half-model.dat' index 2 using 1:2 with lines lw 2 lc palette cb 2 notitle, \
  'throughput-gmem-store-half-model.dat' index 2 using 1:3 with lines lw 2 dt 2 lc palette cb 2 notitle, \
  'throughput-gmem-store-half.dat' index 3 using 1:2 with points pt 7 ps 0.8 lc palette cb 3 notitle, \
  'throughput-gmem-store-half-model.dat' index 3 using 1:2 with lines lw 2 lc palette cb 3 notitle, \
  'throughput-gmem-store-half-model.dat' index 3 using 1:3 with lines lw 2 dt 2 lc palette cb 3 notitle, \
  'throughput-gmem-store-half.dat' index 4 using 1:2 with points pt 7 ps 0.8 lc palette cb 4 notitle, \
  'throughput-gmem-store-half-model.dat' index 4 using 1:2 with lines lw 2 lc palette cb 4 notitle, \
  'throughput-gmem-store-half-model.dat' index 4 using 1:3 with lines lw 2 dt 2 lc palette cb 4 notitle, \
  'throughput-gmem-store-half.dat' index 5 using 1:2 with points pt 7 ps 0.8 lc palette cb 5 notitle, \
  'throughput-gmem-store-half-model.dat' index 5 using 1:2 with lines lw 2 lc palette cb 5 notitle, \
  'throughput-gmem-store-half-model.dat' index 5 using 1:3 with lines lw 2 dt 2 lc palette cb 5 notitle, \
  'throughput-gmem-store-half.dat' index 6 using 1:2 with points pt 7 ps 0.8 lc palette cb 6 notitle, \
  'throughput-gmem-store-half-model.dat' index 6 using 1:2 with lines lw 2 lc palette cb 6 notitle, \
  'throughput-gmem-store-half-model.dat' index 6 using 1:3 with lines lw 2 dt 2 lc palette cb 6 notitle, \
  'throughput-gmem-store-half.dat' index 7 using 1:2 with points pt 7 ps 0.8 lc palette cb 7 notitle, \
  'throughput-gmem-store-half-model.dat' index 7 using 1:2 with lines lw 2 lc palette cb 7 notitle, \
  'throughput-gmem-store-half-model.dat' index 7 using 1:3 with lines lw 2 dt 2 lc palette cb 7 notitle, \
  'throughput-gmem-store-half.dat' index 8 using 1:2 with points pt 7 ps 0.8 lc palette cb 8 notitle, \
  'throughput-gmem-store-half-model.dat' index 8 using 1:2 with lines lw 2 lc palette cb 8 notitle, \
  'throughput-gmem-store-half-model.dat' index 8 using 1:3 with lines lw 2 dt 2 lc palette cb 8 notitle, \
  'throughput-gmem-store-half.dat' index 9 using 1:2 with points pt 7 ps 0.8 lc palette cb 9 notitle, \
  'throughput-gmem-store-half-model.dat' index 9 using 1:2 with lines lw 2 lc palette cb 9 notitle, \
  'throughput-gmem-store-half-model.dat' index 9 using 1:3 with lines lw 2 dt 2 lc palette cb 9 notitle, \
  'throughput-gmem-store-half.dat' index 10 using 1:2 with points pt 7 ps 0.8 lc palette cb 10 notitle, \
  'throughput-gmem-store-half-model.dat' index 10 using 1:2 with lines lw 2 lc palette cb 10 notitle, \
  'throughput-gmem-store-half-model.dat' index 10 using 1:3 with lines lw 2 dt 2 lc palette cb 10 notitle, \
  'throughput-gmem-store-half.dat' index 11 using 1:2 with points pt 7 ps 0.8 lc palette cb 11 notitle, \
  'throughput-gmem-store-half-model.dat' index 11 using 1:2 with lines lw 2 lc palette cb 11 notitle, \
  'throughput-gmem-store-half-model.dat' index 11 using 1:3 with lines lw 2 dt 2 lc palette cb 11 notitle, \
  keyentry with points pt 7 lc rgb 'black' title 'measured', \
  keyentry with lines lw 2 lc rgb 'black' title 'basic model', \
  keyentry with lines lw 2 dt 2 lc rgb 'black' title 'refined model'

set terminal svg size 960,640 enhanced font 'Sans,11' background rgb 'white'
set output 'throughput-gmem-store-half.svg'
replot
unset output
