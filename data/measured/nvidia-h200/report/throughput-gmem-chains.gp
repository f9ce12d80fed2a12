# NVIDIA H200: throughput against occupancy, mix gmem, k independent chains per thread
# Written by latmix report; edit and rerun here with: gnuplot throughput-gmem-chains.gp
set terminal pngcairo size 960,640 enhanced font 'Sans,11'
set output 'throughput-gmem-chains.png'
set datafile missing '?'
set grid lc rgb '#dddddd'
set title 'NVIDIA H200: throughput against occupancy, mix gmem, k independent chains per thread' noenhanced
set logscale xy
set format y '%g'
set xlabel 'occupancy n = warps per CU x chains k'
set ylabel 'warp instructions / cycle / CU (memory; arithmetic for alpha = inf)'
set key below horizontal
set xrange [0.8:640]
set palette defined (0 '#0d0887', 1 '#7e03a8', 2 '#cc4778', 3 '#f0803c', 4 '#c9a800')
set palette maxcolors 5
set cbrange [-0.5:4.5]
set cblabel 'alpha, adds per load'
set cbtics ('0' 0, '4' 1, '16' 2, '64' 3, 'inf' 4)
set colorbox
plot 'throughput-gmem-chains.dat' index 0 using 1:2 with points pt 7 ps 0.7 lc palette cb 0 notitle, \
  'throughput-gmem-chains.dat' index 1 using 1:2 with points pt 5 ps 0.7 lc palette cb 0 notitle, \
  'throughput-gmem-chains.dat' index 2 using 1:2 with points pt 9 ps 0.7 lc palette cb 0 notitle, \
  'throughput-gmem-chains.dat' index 3 using 1:2 with points pt 13 ps 0.7 lc palette cb 0 notitle, \
  'throughput-gmem-chains-model.dat' index 0 using 1:3 with lines lw 2 dt 2 lc palette cb 0 notitle, \
  'throughput-gmem-chains-model.dat' index 0 using 1:4 with lines lw 2 dt 2 lc palette cb 0 notitle, \
  'throughput-gmem-chains-model.dat' index 0 using 1:5 with lines lw 2 dt 2 lc palette cb 0 notitle, \
  'throughput-gmem-chains-model.dat' index 0 using 1:6 with lines lw 2 dt 2 lc palette cb 0 notitle, \
  'throughput-gmem-chains.dat' index 4 using 1:2 with points pt 7 ps 0.7 lc palette cb 1 notitle, \
  'throughput-gmem-chains.dat' index 5 using 1:2 with points pt 5 ps 0.7 lc palette cb 1 notitle, \
  'throughput-gmem-chains.dat' index 6 using 1:2 with points pt 9 ps 0.7 lc palette cb 1 notitle, \
  'throughput-gmem-chains.dat' index 7 using 1:2 with points pt 13 ps 0.7 lc palette cb 1 notitle, \
  'throughput-gmem-chains-model.dat' index 1 using 1:3 with lines lw 2 dt 2 lc palette cb 1 notitle, \
  'throughput-gmem-chains-model.dat' index 1 using 1:4 with lines lw 2 dt 2 lc palette cb 1 notitle, \
  'throughput-gmem-chains-model.dat' index 1 using 1:5 with lines lw 2 dt 2 lc palette cb 1 notitle, \
  'throughput-gmem-chains-model.dat' index 1 using 1:6 with lines lw 2 dt 2 lc palette cb 1 notitle, \
  'throughput-gmem-chains.dat' index 8 using 1:2 with points pt 7 ps 0.7 lc palette cb 2 notitle, \
  'throughput-gmem-chains.dat' index 9 using 1:2 with points pt 5 ps 0.7 lc palette cb 2 notitle, \
  'throughput-gmem-chains.dat' index 10 using 1:2 with points pt 9 ps 0.7 lc palette cb 2 notitle, \
  'throughput-gmem-chains.dat' index 11 using 1:2 with points pt 13 ps 0.7 lc palette cb 2 notitle, \
  'throughput-gmem-chains-model.dat' index 2 using 1:3 with lines lw 2 dt 2 lc palette cb 2 notitle, \
  'throughput-gmem-chains-model.dat' index 2 using 1:4 with lines lw 2 dt 2 lc palette cb 2 notitle, \
  'throughput-gmem-chains-model.dat' index 2 using 1:5 with lines lw 2 dt 2 lc palette cb 2 notitle, \
  'throughput-gmem-chains-model.dat' index 2 using 1:6 with lines lw 2 dt 2 lc palette cb 2 notitle, \
  'throughput-gmem-chains.dat' index 12 using 1:2 with points pt 7 ps 0.7 lc palette cb 3 notitle, \
  'throughput-gmem-chains.dat' index 13 using 1:2 with points pt 5 ps 0.7 lc palette cb 3 notitle, \
  'throughput-gmem-chains.dat' index 14 using 1:2 with points pt 9 ps 0.7 lc palette cb 3 notitle, \
  'throughput-gmem-chains.dat' index 15 using 1:2 with points pt 13 ps 0.7 lc palette cb 3 notitle, \
  'throughput-gmem-chains-model.dat' index 3 using 1:3 with lines lw 2 dt 2 lc palette cb 3 notitle, \
  'throughput-gmem-chains-model.dat' index 3 using 1:4 with lines lw 2 dt 2 lc palette cb 3 notitle, \
  'throughput-gmem-chains-model.dat' index 3 using 1:5 with lines lw 2 dt 2 lc palette cb 3 notitle, \
  'throughput-gmem-chains-model.dat' index 3 using 1:6 with lines lw 2 dt 2 lc palette cb 3 notitle, \
  'throughput-gmem-chains.dat' index 16 using 1:2 with points pt 7 ps 0.7 lc palette cb 4 notitle, \
  'throughput-gmem-chains.dat' index 17 using 1:2 with points pt 5 ps 0.7 lc palette cb 4 notitle, \
  'throughput-gmem-chains.dat' index 18 using 1:2 with points pt 9 ps 0.7 lc palette cb 4 notitle, \
  'throughput-gmem-chains.dat' index 19 using 1:2 with points pt 13 ps 0.7 lc palette cb 4 notitle, \
  'throughput-gmem-chains-model.dat' index 4 using 1:3 with lines lw 2 dt 2 lc palette cb 4 notitle, \
  keyentry with points pt 7 lc rgb 'black' title 'k = 1', \
  keyentry with points pt 5 lc rgb 'black' title 'k = 2', \
  keyentry with points pt 9 lc rgb 'black' title 'k = 4', \
  keyentry with points pt 13 lc rgb 'black' title 'k = 8', \
  keyentry with lines lw 2 dt 2 lc rgb 'black' title 'refined model'

set terminal svg size 960,640 enhanced font 'Sans,11' background rgb 'white'
set output 'throughput-gmem-chains.svg'
replot
unset output
