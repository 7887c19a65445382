package garden

import "fmt"

// The garden is the seed's CellTab(7,5): axial hex coordinates (r, q), r in 0..4 and q in
// 0..6, with six corners cut, 29 cells (rule 1). Cells are numbered 0..28 in row-major order;
// a Hex is that number.
const (
	Rows     = 5
	Cols     = 7
	NumCells = 29
)

// Hex is a cell of the garden, 0..28 in row-major order; NoHex where a command names none.
type Hex int8

// NoHex stands for "no cell" in actions that name fewer than two.
const NoHex Hex = -1

// cut are the six corners outside the garden (rule 1).
var cut = [][2]int{{0, 0}, {0, 1}, {1, 0}, {4, 6}, {4, 5}, {3, 6}}

func isCut(r, q int) bool {
	for _, c := range cut {
		if c == [2]int{r, q} {
			return true
		}
	}
	return false
}

// hexRC and hexAt map cell numbers to (r, q) and back (-1: off the garden or cut).
var hexRC, hexAt = func() ([NumCells][2]int8, [Rows][Cols]Hex) {
	var rc [NumCells][2]int8
	var at [Rows][Cols]Hex
	n := 0
	for r := range Rows {
		for q := range Cols {
			at[r][q] = NoHex
			if !isCut(r, q) {
				rc[n] = [2]int8{int8(r), int8(q)}
				at[r][q] = Hex(n)
				n++
			}
		}
	}
	return rc, at
}()

// HexAt is the cell at (r, q), or NoHex off the garden or on a cut corner.
func HexAt(r, q int) Hex {
	if r < 0 || r >= Rows || q < 0 || q >= Cols {
		return NoHex
	}
	return hexAt[r][q]
}

// R and Q are the cell's coordinates.
func (h Hex) R() int { return int(hexRC[h][0]) }
func (h Hex) Q() int { return int(hexRC[h][1]) }

// Valid reports whether h is a cell of the garden.
func (h Hex) Valid() bool { return h >= 0 && h < NumCells }

// String is "(r,q)", as messages write a cell.
func (h Hex) String() string {
	if !h.Valid() {
		return "(none)"
	}
	return fmt.Sprintf("(%d,%d)", h.R(), h.Q())
}

// neighbourSteps are the six directions of rule 1, in its order.
var neighbourSteps = [6][2]int{{-1, 0}, {-1, 1}, {0, 1}, {1, 0}, {1, -1}, {0, -1}}

// neighbours[h] lists h's neighbours in the order of rule 1.
var neighbours = func() [NumCells][]Hex {
	var out [NumCells][]Hex
	for h := range Hex(NumCells) {
		for _, d := range neighbourSteps {
			if n := HexAt(h.R()+d[0], h.Q()+d[1]); n != NoHex {
				out[h] = append(out[h], n)
			}
		}
	}
	return out
}()

// Neighbours lists h's neighbours in the order of rule 1 (shared: do not modify).
func Neighbours(h Hex) []Hex { return neighbours[h] }

// adjacent[a] has bit b set when cells a and b touch.
var adjacent = func() [NumCells]uint32 {
	var out [NumCells]uint32
	for h, nbs := range neighbours {
		for _, n := range nbs {
			out[h] |= 1 << uint(n)
		}
	}
	return out
}()

// Adjacent reports whether two cells touch.
func Adjacent(a, b Hex) bool { return a.Valid() && b.Valid() && adjacent[a]&(1<<uint(b)) != 0 }

// The start cells (rule 4): seat 0 on (2,0), seat 1 on (2,6), 6 steps apart.
var startHex = [2]Hex{HexAt(2, 0), HexAt(2, 6)}

// StartHex is seat's start cell.
func StartHex(seat int) Hex { return startHex[seat] }
