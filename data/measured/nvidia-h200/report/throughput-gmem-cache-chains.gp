# NVIDIA H200: throughput against occupancy, mix gmem-cache, k independent chains per thread
# Written by latmix report; edit and rerun here with: gnuplot throughput-gmem-cache-chains.gp
set terminal pngcairo size 960,640 enhanced font 'Sans,11'
set output 'throughput-gmem-cache-chains.png'
set datafile missing '?'
set grid lc rgb '#dddddd'
set title 'NVIDIA H200: throughput against occupancy, mix gmem-cache, k independent chains per thread' noenhanced
set logscale xy
set format y '%g'
set xlabel 'occupancy n = warps per CU x chains k'
set ylabel 'warp instructions / cycle / CU (memory; arithmetic for alpha = inf)'
set key below horizontal
set xrange [0.8:10]
set palette defined (0 '#0d0887', 1 '#7e03a8', 2 '#cc4778', 3 '#f0803c', 4 '#c9a800')
set palette maxcolors 2
set cbrange [-0.5:0.5]
set cblabel 'alpha, adds per load'
set cbtics ('0' 0)
unset colorbox
plot 'throughput-gmem-cache-chains.dat' index 0 using 1:2 with points pt 7 ps 0.7 lc palette cb 0 notitle, \
  'throughput-gmem-cache-chains.dat' index 1 using 1:2 with points pt 5 ps 0.7 lc palette cb 0 notitle, \
  'throughput-gmem-cache-chains.dat' index 2 using 1:2 with points pt 9 ps 0.7 lc palette cb 0 notitle, \
  'throughput-gmem-cache-chains.dat' index 3 using 1:2 with points pt 13 ps 0.7 lc palette cb 0 notitle, \
  keyentry with points pt 7 lc rgb 'black' title 'k = 1', \
  keyentry with points pt 5 lc rgb 'black' title 'k = 2', \
  keyentry with points pt 9 lc rgb 'black' title 'k = 4', \
  keyentry with points pt 13 lc rgb 'black' title 'k = 8'

set terminal svg size 960,640 enhanced font 'Sans,11' background rgb 'white'
set output 'throughput-gmem-cache-chains.svg'
replot
unset output
