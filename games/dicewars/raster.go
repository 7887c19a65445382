package dicewars

import "math"

// The map is drawn at one of several scales, the largest a window has room for. Scale 0 is
// the smallest, for the wall's tiles and windows smaller than 80×24: a line shows two hex
// rows (the smaller area decides) and a column one hex column, 28×16, the odd rows' shift
// left out. Larger scales give a hex w columns and h lines and keep the shift: scale 1,
// 42×21, fills the room beside the side panel in 80×24 (a hex 1 or 2 columns wide; about
// one hex row in three has no line of its own). A terminal's cell is about twice as tall as
// wide, so h ≈ 0.45·w keeps hexes about regular (0.433 exactly).
type scale struct{ w, h float64 }

var scales = []scale{{1, 0.5}, {1.47, 0.65}, {2, 1}, {2.5, 1.125}, {3, 1.375}, {4, 1.75}, {5, 2.25}}

// raster is a scale's picture of the grid: the grid cell each character shows, -1 for none.
// At scale 0 a character stands for two cells, cell and alt below it: it shows the smaller
// area's, so that an area thin across the rows still shows (the upper cell alone left some
// areas a character or two, too few for their number).
type raster struct {
	w, h      int
	cell, alt []int
}

// rasters[k] is scale k's, made once: the grid is the same for every map.
var rasters = func() []raster {
	out := make([]raster, len(scales))
	r0 := raster{w: GridCols, h: GridRows / 2}
	for y := range r0.h {
		for x := range r0.w {
			r0.cell = append(r0.cell, 2*y*GridCols+x)
			r0.alt = append(r0.alt, (2*y+1)*GridCols+x)
		}
	}
	out[0] = r0
	for k := 1; k < len(scales); k++ {
		out[k] = hexRaster(scales[k])
	}
	return out
}()

// hexRaster draws the grid with hexes sc.w columns wide and sc.h lines apart. Each line
// shows the hex row its middle falls in and each character the hex of that row its middle
// falls in: hexes as bricks, which touch as hexes do (a nearest-centre picture would fray
// into one-character slivers on the lines where rows meet).
func hexRaster(sc scale) raster {
	r := raster{w: int(math.Ceil((GridCols + 0.5) * sc.w)), h: int(math.Ceil(GridRows * sc.h))}
	r.cell = make([]int, r.w*r.h)
	for y := range r.h {
		i := min(int((float64(y)+0.5)/sc.h), GridRows-1)
		for x := range r.w {
			j := int(math.Floor((float64(x)+0.5)/sc.w - 0.5*float64(i&1)))
			r.cell[y*r.w+x] = -1
			if j >= 0 && j < GridCols {
				r.cell[y*r.w+x] = i*GridCols + j
			}
		}
	}
	return r
}

// areas is s's map at scale k: the area each character shows (0: none).
func (r raster) areas(s *State) []int {
	out := make([]int, len(r.cell))
	for i, c := range r.cell {
		if c >= 0 {
			out[i] = s.m.Cells[c]
		}
	}
	if r.alt == nil {
		return out
	}
	size := make([]int, len(s.owner)+1)
	for _, id := range s.m.Cells {
		size[id]++
	}
	for i, c := range r.alt {
		if id := s.m.Cells[c]; id > 0 && (out[i] == 0 || size[id] < size[out[i]]) {
			out[i] = id
		}
	}
	return out
}
