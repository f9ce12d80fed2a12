# NVIDIA H100 80GB HBM3: throughput against occupancy, mix gmem-stride2
# Written by latmix report; edit and rerun here with: gnuplot throughput-gmem-stride2.gp
set terminal pngcairo size 960,640 enhanced font 'Sans,11'
set output 'throughput-gmem-stride2.png'
set datafile missing '?'
set grid lc rgb '#dddddd'
set title 'NVIDIA H100 80GB HBM3: throughput against occupancy, mix gmem-stride2' noenhanced
set logscale xy
set format y '%g'
set xlabel 'occupancy n = warps per CU'
set ylabel 'warp instructions / cycle / CU (memory; arithmetic for alpha = inf)'
set key below horizontal
set xrange [0.8:80]
set palette defined (0 '#0d0887', 1 '#7e03a8', 2 '#cc4778', 3 '#f0803c', 4 '#c9a800')
set palette maxcolors 6
set cbrange [-0.5:5.5]
set cblabel 'alpha, adds per load'
set cbtics ('0' 0, '1' 1, '4' 2, '16' 3, '64' 4, '256' 5)
set colorbox
plot 'throughput-gmem-stride2.dat' index 0 using 1:2 with points pt 7 ps 0.8 lc palette cb 0 notitle, \
  'throughput-gmem-stride2-model.dat' index 0 using 1:2 with lines lw 2 lc palette cb 0 notitle, \
  'throughput-gmem-stride2.dat' index 1 using 1:2 with points pt 7 ps 0.8 lc palette cb 1 notitle, \
  'throughput-gmem-stride2-model.dat' index 1 using 1:2 with lines lw 2 lc palette cb 1 notitle, \
  'throughput-gmem-stride2.dat' index 2 using 1:2 with points pt 7 ps 0.8 lc palette cb 2 notitle, \
  'throughput-gmem-stride2-model.dat' index 2 using 1:2 with lines lw 2 lc palette cb 2 notitle, \
  'throughput-gmem-stride2.dat' index 3 using 1:2 with points pt 7 ps 0.8 lc palette cb 3 notitle, \
  'throughput-gmem-stride2-model.dat' index 3 using 1:2 with lines lw 2 lc palette cb 3 notitle, \
  'throughput-gmem-stride2.dat' index 4 using 1:2 with points pt 7 ps 0.8 lc palette cb 4 notitle, \
  'throughput-gmem-stride2-model.dat' index 4 using 1:2 with lines lw 2 lc palette cb 4 notitle, \
  'throughput-gmem-stride2.dat' index 5 using 1:2 with points pt 7 ps 0.8 lc palette cb 5 notitle, \
  'throughput-gmem-stride2-model.dat' index 5 using 1:2 with lines lw 2 lc palette cb 5 notitle, \
  keyentry with points pt 7 lc rgb 'black' title 'measured', \
  keyentry with lines lw 2 lc rgb 'black' title 'basic model'

set terminal svg size 960,640 enhanced font 'Sans,11' background rgb 'white'
set output 'throughput-gmem-stride2.svg'
replot
unset output
