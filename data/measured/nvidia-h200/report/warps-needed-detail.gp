# NVIDIA H200: warps needed for 90% of peak, mix gmem, both models
# Written by latmix report; edit and rerun here with: gnuplot warps-needed-detail.gp
set terminal pngcairo size 960,640 enhanced font 'Sans,11'
set output 'warps-needed-detail.png'
set datafile missing '?'
set grid lc rgb '#dddddd'
set title 'NVIDIA H200: warps needed for 90% of peak, mix gmem, both models' noenhanced
set logscale x
set xrange [0.0416667:3072]
set yrange [0:*]
set xlabel 'alpha, adds per load (log scale; 0 and inf at the ends)'
set ylabel 'warps per CU (occupancy n x chains k)'
set key below maxrows 2
set xtics ("0" 0.0625, "1/4" 0.25, "1" 1, "2" 2, "4" 4, "8" 8, "16" 16, "32" 32, "64" 64, "128" 128, "256" 256, "512" 512, "inf" 2048)
set arrow from 29.1139, graph 0 to 29.1139, graph 1 nohead dt 3 lc rgb '#888888'
set label 'basic model cusp, alpha = 29.1' at 29.1139, graph 0.97 left offset 0.5,0 tc rgb '#555555'
plot 'warps-needed-detail.dat' index 2 using 1:2 with lines lw 2 lc rgb '#1f77b4' title 'basic model', \
  'warps-needed-detail.dat' index 3 using 1:2 with points pt 6 ps 1.5 lc rgb '#1f77b4' notitle, \
  'warps-needed-detail.dat' index 0 using 1:3 with points pt 7 ps 1.2 lc rgb '#1f77b4' title 'measured, basic peak', \
  'warps-needed-detail.dat' index 1 using 1:3 with points pt 8 ps 1.5 lc rgb '#1f77b4' notitle, \
  'warps-needed-detail.dat' index 2 using 1:3 with lines lw 2 dt 2 lc rgb '#d62728' title 'refined model', \
  'warps-needed-detail.dat' index 3 using 1:3 with points pt 4 ps 1.5 lc rgb '#d62728' notitle, \
  'warps-needed-detail.dat' index 4 using 1:3 with points pt 9 ps 1.3 lc rgb '#d62728' title 'measured, refined peak', \
  'warps-needed-detail.dat' index 1 using 1:4 with points pt 8 ps 1.5 lc rgb '#d62728' notitle, \
  'warps-needed-detail.dat' index 5 using 1:3 with points pt 12 ps 2 lw 2 lc rgb '#d62728' title 'refined model at the chains measured'

set terminal svg size 960,640 enhanced font 'Sans,11' background rgb 'white'
set output 'warps-needed-detail.svg'
replot
unset output
