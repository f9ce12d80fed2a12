# NVIDIA H200: warps needed for 90% of peak, mix gmem
# Written by latmix report; edit and rerun here with: gnuplot warps-needed.gp
set terminal pngcairo size 960,640 enhanced font 'Sans,11'
set output 'warps-needed.png'
set datafile missing '?'
set grid lc rgb '#dddddd'
set title 'NVIDIA H200: warps needed for 90% of peak, mix gmem' noenhanced
set logscale x
set xrange [0.0416667:3072]
set yrange [0:*]
set xlabel 'alpha, adds per load (log scale; 0 and inf at the ends)'
set ylabel 'warps per CU (occupancy n x chains k)'
set key below maxrows 2
set xtics ("0" 0.0625, "1/4" 0.25, "1" 1, "2" 2, "4" 4, "8" 8, "16" 16, "32" 32, "64" 64, "128" 128, "256" 256, "512" 512, "inf" 2048)
set arrow from 25.1778, graph 0 to 25.1778, graph 1 nohead dt 3 lc rgb '#888888'
set label 'refined model cusp, alpha = 25.2' at 25.1778, graph 0.97 left offset 0.5,0 tc rgb '#555555'
plot 'warps-needed.dat' index 2 using 1:3 with lines lw 2 lc rgb '#d62728' title 'refined model', \
  'warps-needed.dat' index 3 using 1:3 with points pt 6 ps 1.5 lc rgb '#d62728' notitle, \
  'warps-needed.dat' index 4 using 1:3 with points pt 7 ps 1.2 lc rgb 'black' title 'measured', \
  'warps-needed.dat' index 1 using 1:4 with points pt 8 ps 1.5 lc rgb 'black' title 'not reached by the warps measured'

set terminal svg size 960,640 enhanced font 'Sans,11' background rgb 'white'
set output 'warps-needed.svg'
replot
unset output
