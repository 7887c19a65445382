package dicewars

import (
	"github.com/arena-classroom/arena/lang"
	"math/rand/v2"
	"slices"
)

// The hex grid the map is cut from: 28 columns × 32 rows, odd rows shifted right by half a
// cell, as the gamedesign.jp game draws it.
const (
	GridCols = 28
	GridRows = 32
)

// growTo is the size an area grows to before the ring of free cells around it is annexed;
// areas of minArea cells or fewer are dropped.
const (
	growTo  = 8
	minArea = 5
)

// cellNeighbours are the six neighbours of cell (col, row) on the odd-rows-right grid.
func cellNeighbours(col, row int) [][2]int {
	var out [][2]int
	shift := row & 1 // odd rows sit half a cell to the right
	for _, d := range [][2]int{{-1, 0}, {1, 0}, {-1 + shift, -1}, {shift, -1}, {-1 + shift, 1}, {shift, 1}} {
		c, r := col+d[0], row+d[1]
		if c >= 0 && r >= 0 && c < GridCols && r < GridRows {
			out = append(out, [2]int{c, r})
		}
	}
	return out
}

// gridNeighbours[i] are the cell indices next to cell i (row-major), computed once.
var gridNeighbours = func() [][]int {
	out := make([][]int, GridCols*GridRows)
	for i := range out {
		for _, nb := range cellNeighbours(i%GridCols, i/GridCols) {
			out[i] = append(out[i], nb[1]*GridCols+nb[0])
		}
	}
	return out
}()

// Map is a generated map: which area each grid cell belongs to (0: none; areas are 1..N)
// and each area's neighbours, in increasing id order.
type Map struct {
	Cells []int   // GridCols × GridRows, row-major: Cells[row*GridCols+col]
	Adj   [][]int // Adj[id-1]: the neighbours of area id
}

// Areas is the number of areas.
func (m Map) Areas() int { return len(m.Adj) }

var errGeneration = lang.Errorf("dicewars: no map with that many areas")

// Generate cuts a map of n areas from the grid, from rng: areas grow from the free cell with
// the lowest serial number next to the map so far, to growTo cells, then take the ring of free
// cells around them; single free cells closed in by one area join it; small areas are dropped.
// A map whose areas are not all connected, or not n, is drawn again from the next numbers.
func Generate(n int, rng *rand.Rand) (Map, error) {
	for attempt := 0; attempt < 64; attempt++ {
		if m, ok := generateOnce(n, rng); ok {
			return m, nil
		}
	}
	return Map{}, errGeneration
}

func generateOnce(n int, rng *rand.Rand) (Map, bool) {
	total := GridCols * GridRows
	serial := rng.Perm(total) // serial[i]: cell i's rank
	owner := make([]int, total)
	const void = -1 // a cell that was tried and left out
	areas := 0
	near := make([]bool, total) // next to an area
	take := func(i, id int) {
		owner[i] = id
		for _, j := range gridNeighbours[i] {
			near[j] = true
		}
	}
	frontier := func() int { // the free cell with the lowest serial next to an area
		best := -1
		for i := range total {
			if owner[i] == 0 && near[i] && (best < 0 || serial[i] < serial[best]) {
				best = i
			}
		}
		return best
	}
	for areas < n {
		start := rng.IntN(total) // the first area starts anywhere free
		if areas > 0 {
			start = frontier()
		}
		if start < 0 || owner[start] != 0 {
			return Map{}, false
		}
		areas++
		id := areas
		cells := []int{start}
		owner[start] = id
		for len(cells) < growTo {
			next := -1
			for _, c := range cells {
				for _, j := range gridNeighbours[c] {
					if owner[j] == 0 && (next < 0 || serial[j] < serial[next]) {
						next = j
					}
				}
			}
			if next < 0 {
				break
			}
			owner[next] = id
			cells = append(cells, next)
		}
		if len(cells) <= minArea {
			for _, c := range cells {
				owner[c] = void
			}
			areas--
			continue
		}
		for _, c := range cells {
			take(c, id)
		}
		for _, c := range cells { // the ring around it
			for _, j := range gridNeighbours[c] {
				if owner[j] == 0 {
					take(j, id)
				}
			}
		}
	}
	for i := range total {
		if owner[i] == void {
			owner[i] = 0
		}
		if owner[i] != 0 {
			continue
		}
		// A free cell closed in by one area joins it.
		only := 0
		closed := true
		for _, j := range gridNeighbours[i] {
			o := owner[j]
			if o <= 0 || only != 0 && o != only {
				closed = false
				break
			}
			only = o
		}
		if closed && only > 0 {
			owner[i] = only
		}
	}
	adj := make([][]int, areas)
	for i := range total {
		a := owner[i]
		if a <= 0 {
			continue
		}
		for _, j := range gridNeighbours[i] {
			if b := owner[j]; b > 0 && b != a && !slices.Contains(adj[a-1], b) {
				adj[a-1] = append(adj[a-1], b)
			}
		}
	}
	for i := range adj {
		slices.Sort(adj[i])
	}
	m := Map{Cells: owner, Adj: adj}
	return m, connected(adj)
}

// connected reports whether the area graph is one piece.
func connected(adj [][]int) bool {
	if len(adj) == 0 {
		return false
	}
	seen := make([]bool, len(adj))
	stack := []int{1}
	seen[0] = true
	count := 1
	for len(stack) > 0 {
		a := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, b := range adj[a-1] {
			if !seen[b-1] {
				seen[b-1] = true
				count++
				stack = append(stack, b)
			}
		}
	}
	return count == len(adj)
}
