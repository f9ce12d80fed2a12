# NVIDIA H200: throughput against occupancy, mix stream-scatter
# Written by latmix report; edit and rerun here with: gnuplot throughput-stream-scatter.gp
set terminal pngcairo size 960,640 enhanced font 'Sans,11'
set output 'throughput-stream-scatter.png'
set datafile missing '?'
set grid lc rgb '#dddddd'
set title 'NVIDIA H200: throughput against occupancy, mix stream-scatter' noenhanced
set logscale xy
set format y '%g'
set xlabel 'occupancy n = warps per CU'
set ylabel 'warp instructions / cycle / CU (memory; arithmetic for alpha = inf)'
set key below horizontal
set xrange [0.8:80]
set palette defined (0 '#0d0887', 1 '#7e03a8', 2 '#cc4778', 3 '#f0803c', 4 '#c9a800')
set palette maxcolors 2
set cbrange [-0.5:0.5]
set cblabel 'alpha, adds per load'
set cbtics ('0' 0)
unset colorbox
plot 'throughput-stream-scatter.dat' index 0 using 1:2 with points pt 7 ps 0.8 lc palette cb 0 notitle, \
  keyentry with points pt 7 lc rgb 'black' title 'measured, alpha = 0'

set terminal svg size 960,640 enhanced font 'Sans,11' background rgb 'white'
set output 'throughput-stream-scatter.svg'
replot
unset output
